/* felt-history.h: every finished game, one after the other (the file
 * history.tsv in Felt's data folder).  GLib only.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "felt-rules.h"

G_BEGIN_DECLS

/* The most games the file keeps: past it, the oldest go and are added to
 * their game's `older` totals, so that the totals stay exact. */
#define FELT_HISTORY_MAX_GAMES 10000

typedef enum {
  FELT_HISTORY_WON,
  FELT_HISTORY_LOST,       /* no move was left */
  FELT_HISTORY_GIVEN_UP,   /* left for another deal, or given up */
} FeltHistoryResult;

typedef struct {
  gint64 finished;         /* Unix time, seconds */
  FeltGameId game;
  guint32 deal;
  FeltHistoryResult result;
  gint64 time_ms;          /* on the clock */
  guint moves;
  int difficulty;          /* a FeltDifficulty; FELT_DIFFICULTY_UNKNOWN when not rated */
  gboolean demo;           /* the demo played in it: not the player's game */
  gboolean solution;       /* the solution was shown: not the player's game */
} FeltHistoryEntry;

/* The player's games (neither demo nor solution) of one game the bound
 * dropped from the file. */
typedef struct {
  guint played;
  guint won;
} FeltHistoryOlder;

typedef struct {
  GArray *entries;         /* of FeltHistoryEntry, the oldest first */
  FeltHistoryOlder older[FELT_N_GAMES];
} FeltHistory;

FeltHistory *felt_history_new (void);
void felt_history_free (FeltHistory *history);
FeltHistory *felt_history_copy (const FeltHistory *history);
/* Adds a game at the end, dropping the oldest past FELT_HISTORY_MAX_GAMES. */
void felt_history_add (FeltHistory *history, const FeltHistoryEntry *entry);
/* Takes back the latest given-up game of that deal (the player went back
 * to it); FALSE when there is none. */
gboolean felt_history_retract (FeltHistory *history, FeltGameId game, guint32 deal);
void felt_history_clear (FeltHistory *history);
/* The player's games and wins of `game`, the dropped ones included:
 * the totals the statistics count too. */
void felt_history_totals (const FeltHistory *history, FeltGameId game, guint *played, guint *won);
/* The player's games of `game` (neither demo nor solution), the latest
 * `max` of them (0: all), the oldest first; free with g_ptr_array_unref.
 * The entries are the history's own. */
GPtrArray *felt_history_player_games (const FeltHistory *history, FeltGameId game, guint max);

char *felt_history_to_data (const FeltHistory *history, gsize *length);
/* NULL with FELT_SAVE_ERROR_CORRUPT or FELT_SAVE_ERROR_VERSION. */
FeltHistory *felt_history_from_data (const char *data, gsize length, GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FeltHistory, felt_history_free)

/* history.tsv, kept safe as statistics.ini is (felt-stats.h): each save
 * takes the lock beside the file, reads it again, adds this run's games
 * not saved yet and writes it back atomically; a file Felt cannot read or
 * a newer Felt wrote is never written over (the games wait in memory); a
 * damaged one is kept aside as history.tsv.corrupt.  The sentences are
 * for the player. */
typedef struct _FeltHistoryFile FeltHistoryFile;

FeltHistoryFile *felt_history_file_new (void);
void felt_history_file_free (FeltHistoryFile *self);
/* A sentence to show once (a damaged file was kept aside) or NULL. */
char *felt_history_file_load (FeltHistoryFile *self);
/* The file's games as last read plus this run's not saved yet. */
const FeltHistory *felt_history_file_get (FeltHistoryFile *self);
/* Each changes the history and saves at once; TRUE when it is on disk. */
gboolean felt_history_file_record (FeltHistoryFile *self, const FeltHistoryEntry *entry);
gboolean felt_history_file_retract (FeltHistoryFile *self, FeltGameId game, guint32 deal);
gboolean felt_history_file_clear (FeltHistoryFile *self);
/* Saves what is not saved yet; TRUE when nothing is left to save. */
gboolean felt_history_file_save (FeltHistoryFile *self);
/* What stays wrong with the file, for the player, or NULL. */
const char *felt_history_file_get_problem (FeltHistoryFile *self);
/* A save found another Felt's lock and waits to try again. */
gboolean felt_history_file_is_waiting (FeltHistoryFile *self);
void felt_history_file_set_lock_wait (FeltHistoryFile *self, guint wait_ms);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FeltHistoryFile, felt_history_file_free)

G_END_DECLS
