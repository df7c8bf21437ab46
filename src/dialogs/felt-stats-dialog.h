/* felt-stats-dialog.h: the statistics of every game, with Reset.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "felt-history.h"
#include "felt-stats.h"

G_BEGIN_DECLS

#define FELT_TYPE_STATS_DIALOG (felt_stats_dialog_get_type ())
G_DECLARE_FINAL_TYPE (FeltStatsDialog, felt_stats_dialog, FELT, STATS_DIALOG, GtkWindow)

/* Shows a copy of stats, the current game first; emits "reset" when the
 * player confirms resetting them. */
GtkWidget *felt_stats_dialog_new (GtkWindow *parent, const FeltStats *stats, FeltGameId current);
/* The History page shows a copy of `history`, the current game's first;
 * a game chosen there emits "play-deal" (the game's id, the deal). */
void felt_stats_dialog_set_history (FeltStatsDialog *self, const FeltHistory *history);

G_END_DECLS
