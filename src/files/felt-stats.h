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
  /* Wins of deals rated easy, medium and hard (FeltDifficulty order);
   * wins before Felt rated deals are in none. */
  guint won_by_difficulty[3];
} FeltGameStats;

typedef struct {
  FeltGameStats games[FELT_N_GAMES];
} FeltStats;

void felt_stats_record_win (FeltStats *stats, FeltGameId game, gint64 time_ms, guint moves);
void felt_stats_record_loss (FeltStats *stats, FeltGameId game);
/* Takes back a loss (the player returned to the game): `streak` is the
 * streak that loss ended, given back while no other game ended it. */
void felt_stats_unrecord_loss (FeltStats *stats, FeltGameId game, guint streak);
/* After felt_stats_record_win: the deal won was rated `difficulty` (a
 * FeltDifficulty; an unknown one is not counted). */
void felt_stats_record_difficulty (FeltStats *stats, FeltGameId game, int difficulty);
/* Win rate in percent, 0 when nothing was played. */
guint felt_stats_win_rate (const FeltGameStats *stats);

char *felt_stats_to_data (const FeltStats *stats, gsize *length);
/* Fills stats from a file's contents; on error stats are all zero. */
gboolean felt_stats_from_data (FeltStats *stats, const char *data, gsize length, GError **error);

/* statistics.ini, kept safe: the statistics as the game object sees them.
 *
 * The figures are the file's as last read plus this run's results.  Each
 * save takes a lock beside the file, reads it again, adds this run's
 * results not saved yet and writes it back atomically, so that two Felt
 * processes on one data folder lose no game.  A file Felt cannot read,
 * or one a newer Felt wrote, is never written over: the results wait in
 * memory (and go in as soon as the file can be read again).
 *
 * Everything the player should be told is a ready sentence: the one-off
 * notice load returns, and the lasting problem, which stays until a save
 * works again. */
typedef struct _FeltStatsFile FeltStatsFile;

FeltStatsFile *felt_stats_file_new (void);
void felt_stats_file_free (FeltStatsFile *self);
/* Reads the file.  Returns a sentence to show once (a damaged file was
 * kept aside) or NULL; a file that cannot be read or is from a newer Felt
 * shows in felt_stats_file_get_problem instead. */
char *felt_stats_file_load (FeltStatsFile *self);
const FeltStats *felt_stats_file_get_stats (FeltStatsFile *self);
/* Each records a result (or clears every figure) and saves at once;
 * TRUE when it is on disk.  A result that could not be saved is kept and
 * saved with the next one. */
gboolean felt_stats_file_record_win (FeltStatsFile *self, FeltGameId game, gint64 time_ms, guint moves);
/* A win of a deal rated `difficulty` (a FeltDifficulty, -1 if unknown). */
gboolean felt_stats_file_record_win_rated (FeltStatsFile *self, FeltGameId game, gint64 time_ms, guint moves,
                                           int difficulty);
gboolean felt_stats_file_record_loss (FeltStatsFile *self, FeltGameId game);
/* Takes back a loss (the player returned to the game): the streak it
 * broke comes back as `streak` if none has begun since. */
gboolean felt_stats_file_unrecord_loss (FeltStatsFile *self, FeltGameId game, guint streak);
gboolean felt_stats_file_reset (FeltStatsFile *self);
/* Saves what is not saved yet; TRUE when nothing is left to save. */
gboolean felt_stats_file_save (FeltStatsFile *self);
/* The sentence to show while the statistics cannot be saved (with the
 * reason and the folder), or NULL when all is well. */
const char *felt_stats_file_get_problem (FeltStatsFile *self);
/* TRUE while results wait because another process holds the lock (one
 * that hangs, or a slow disk): the caller tries again soon.  Saves never
 * wait for the lock unless set_lock_wait says so (the last save, as Felt
 * quits); the problem shows once it lasts FELT_STORE_BUSY_TELL_MS. */
gboolean felt_stats_file_is_waiting (FeltStatsFile *self);
void felt_stats_file_set_lock_wait (FeltStatsFile *self, guint wait_ms);
/* FALSE while the file is one this run must not write (unreadable, or
 * from a newer Felt). */
gboolean felt_stats_file_may_write (FeltStatsFile *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FeltStatsFile, felt_stats_file_free)

G_END_DECLS
