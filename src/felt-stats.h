/* felt-stats.h: the player's statistics per game.  GLib only.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "felt-rules.h"

G_BEGIN_DECLS

typedef struct {
  guint played;
  guint won;
  guint streak;            /* wins in a row, now */
  guint best_streak;
  gint64 best_time_ms;     /* shortest win; 0: no win yet */
  guint fewest_moves;      /* 0: no win yet */
} FeltGameStats;

typedef struct {
  FeltGameStats games[FELT_N_GAMES];
} FeltStats;

void felt_stats_record_win (FeltStats *stats, FeltGameId game, gint64 time_ms, guint moves);
void felt_stats_record_loss (FeltStats *stats, FeltGameId game);
/* Win rate in percent, 0 when nothing was played. */
guint felt_stats_win_rate (const FeltGameStats *stats);

char *felt_stats_to_data (const FeltStats *stats, gsize *length);
/* Fills stats from a file's contents; on error stats are all zero. */
gboolean felt_stats_from_data (FeltStats *stats, const char *data, gsize length, GError **error);

G_END_DECLS
