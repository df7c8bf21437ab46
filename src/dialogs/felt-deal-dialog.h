/* felt-deal-dialog.h: Select Deal: the number of a deal to play.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "felt-rules.h"

G_BEGIN_DECLS

#define FELT_TYPE_DEAL_DIALOG (felt_deal_dialog_get_type ())
G_DECLARE_FINAL_TYPE (FeltDealDialog, felt_deal_dialog, FELT, DEAL_DIALOG, GtkWindow)

/* A modal dialog over `parent` showing deal `current` of `game`; it emits
 * "deal-chosen" (guint32 seed) and closes when a good number is played.
 * As the player types, it rates the deal typed ("Rating…", then its
 * difficulty). */
GtkWidget *felt_deal_dialog_new (GtkWindow *parent, const FeltGame *game, guint32 current);
/* What it says of the number typed: "Rating…", "Difficulty: Easy", or "". */
const char *felt_deal_dialog_get_rating (FeltDealDialog *self);

G_END_DECLS
