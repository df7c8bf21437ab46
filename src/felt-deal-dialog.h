/* felt-deal-dialog.h: Select Deal: the number of a deal to play.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define FELT_TYPE_DEAL_DIALOG (felt_deal_dialog_get_type ())
G_DECLARE_FINAL_TYPE (FeltDealDialog, felt_deal_dialog, FELT, DEAL_DIALOG, GtkWindow)

/* A modal dialog over `parent` showing deal `current`; it emits
 * "deal-chosen" (guint32 seed) and closes when a good number is played. */
GtkWidget *felt_deal_dialog_new (GtkWindow *parent, guint32 current);

G_END_DECLS
