/* felt-history-view.h: the history of one game in the Statistics window
 * (data/ui/felt-history-view.ui): the win rate over the last games, the
 * winning times and the recent games, each of which plays its deal again.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "felt-history.h"

G_BEGIN_DECLS

/* The games the win rate chart shows, at most; the rate before them is
 * that of as many games before. */
#define FELT_HISTORY_VIEW_RATE_GAMES 50
/* The recent games listed, at most. */
#define FELT_HISTORY_VIEW_RECENT 20

#define FELT_TYPE_HISTORY_VIEW (felt_history_view_get_type ())
G_DECLARE_FINAL_TYPE (FeltHistoryView, felt_history_view, FELT, HISTORY_VIEW, GtkBox)

/* Shows a copy of `history` (NULL: an empty one). */
void felt_history_view_set_history (FeltHistoryView *self, const FeltHistory *history);
/* The game shown (the "game" property, its id). */
void felt_history_view_set_game (FeltHistoryView *self, FeltGameId game);

G_END_DECLS
