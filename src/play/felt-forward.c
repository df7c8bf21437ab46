/* felt-forward.c: an owner's properties that are its parts'.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "felt-forward.h"

/* A param spec like the part's `from`, under `name`. */
static GParamSpec *
forwarded_property (const char *name, GParamSpec *from)
{
  GParamFlags flags = (from->flags & G_PARAM_READWRITE) | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY;

  if (G_IS_PARAM_SPEC_BOOLEAN (from))
    return g_param_spec_boolean (name, NULL, NULL, G_PARAM_SPEC_BOOLEAN (from)->default_value, flags);
  if (G_IS_PARAM_SPEC_UINT (from))
    return g_param_spec_uint (name, NULL, NULL, G_PARAM_SPEC_UINT (from)->minimum, G_PARAM_SPEC_UINT (from)->maximum,
                              G_PARAM_SPEC_UINT (from)->default_value, flags);
  if (G_IS_PARAM_SPEC_ENUM (from))
    return g_param_spec_enum (name, NULL, NULL, from->value_type, G_PARAM_SPEC_ENUM (from)->default_value, flags);
  g_return_val_if_fail (G_IS_PARAM_SPEC_STRING (from), NULL);
  return g_param_spec_string (name, NULL, NULL, G_PARAM_SPEC_STRING (from)->default_value, flags);
}

void
felt_forward_install (const FeltForward *table, guint n, GParamSpec **properties)
{
  for (guint i = 0; i < n; i++)
    {
      /* Kept: the parts live as long as their owners. */
      GObjectClass *part_class = g_type_class_ref (table[i].part_type ());
      GParamSpec *from = g_object_class_find_property (part_class, table[i].part_name);

      g_return_if_fail (from != NULL);
      properties[table[i].prop] = forwarded_property (table[i].name ? table[i].name : table[i].part_name, from);
    }
}

static GObject *
part_of (gpointer owner, const FeltForward *entry)
{
  return G_STRUCT_MEMBER (GObject *, owner, entry->part_offset);
}

typedef struct {
  GObject *owner;
  GParamSpec *pspec;
} Forwarding;

static void
part_notified (GObject *part, GParamSpec *pspec, Forwarding *forwarding)
{
  g_object_notify_by_pspec (forwarding->owner, forwarding->pspec);
}

static void
forwarding_free (gpointer data, GClosure *closure)
{
  g_free (data);
}

void
felt_forward_connect (gpointer owner, const FeltForward *table, guint n, GParamSpec **properties)
{
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *detailed = g_strconcat ("notify::", table[i].part_name, NULL);
      Forwarding *forwarding = g_new (Forwarding, 1);
      GClosure *closure;

      forwarding->owner = owner;
      forwarding->pspec = properties[table[i].prop];
      closure = g_cclosure_new (G_CALLBACK (part_notified), forwarding, forwarding_free);
      /* As g_signal_connect_object: the handler goes with the owner. */
      g_object_watch_closure (owner, closure);
      g_signal_connect_closure (part_of (owner, &table[i]), detailed, closure, FALSE);
    }
}

static const FeltForward *
entry_of (const FeltForward *table, guint n, guint prop)
{
  for (guint i = 0; i < n; i++)
    if (table[i].prop == prop)
      return &table[i];
  return NULL;
}

gboolean
felt_forward_get (gpointer owner, const FeltForward *table, guint n, guint prop, GValue *value)
{
  const FeltForward *entry = entry_of (table, n, prop);

  if (entry == NULL)
    return FALSE;
  g_object_get_property (part_of (owner, entry), entry->part_name, value);
  return TRUE;
}

gboolean
felt_forward_set (gpointer owner, const FeltForward *table, guint n, guint prop, const GValue *value)
{
  const FeltForward *entry = entry_of (table, n, prop);

  if (entry == NULL)
    return FALSE;
  g_object_set_property (part_of (owner, entry), entry->part_name, value);
  return TRUE;
}
