/* felt-forward.h: properties an object shows as its own that are those
 * of the parts it owns (FeltPlay's of its clock, its solver view…): a
 * table says which; these make the owner's param specs like the parts',
 * follow the parts' notifications and get and set the values.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

typedef struct {
  GType (*part_type) (void);
  glong part_offset;          /* where the owner's struct keeps the part (a GObject *) */
  const char *part_name;      /* the part's property */
  guint prop;                 /* the owner's property id */
  const char *name;           /* the owner's name for it; NULL: the part's */
} FeltForward;

/* The first two fields of an entry: the part's type and the field of
 * `Owner` that holds it. */
#define FELT_FORWARD_PART(part_type, Owner, field) part_type, G_STRUCT_OFFSET (Owner, field)

/* In class_init, before g_object_class_install_properties: fills
 * properties[prop] of every entry with a param spec like the part's
 * (same type, default, range, readable or writable). */
void felt_forward_install (const FeltForward *table, guint n, GParamSpec **properties);
/* Once the owner has its parts: each notification of a part's property
 * notifies the owner's, until the owner goes. */
void felt_forward_connect (gpointer owner, const FeltForward *table, guint n, GParamSpec **properties);
/* get_property and set_property for the entries: FALSE when `prop` is
 * none of them. */
gboolean felt_forward_get (gpointer owner, const FeltForward *table, guint n, guint prop, GValue *value);
gboolean felt_forward_set (gpointer owner, const FeltForward *table, guint n, guint prop, const GValue *value);

G_END_DECLS
