/* felt-abandon-dialog.h: "Give up this game?", before a new deal
 * replaces one in progress.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define FELT_TYPE_ABANDON_DIALOG (felt_abandon_dialog_get_type ())
G_DECLARE_FINAL_TYPE (FeltAbandonDialog, felt_abandon_dialog, FELT, ABANDON_DIALOG, GtkWindow)

/* A modal dialog over `parent`: Give Up emits "give-up" and closes it;
 * Keep Playing (or Escape) only closes it. */
GtkWidget *felt_abandon_dialog_new (GtkWindow *parent);

G_END_DECLS
