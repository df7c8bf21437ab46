/* felt-last-game.h: the player's last finished game, kept for Replay
 * after Felt restarts (the file last-game.ini in Felt's data folder,
 * doc/files.md).  GLib only, so that the tests can use it without GTK.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "felt-history.h"
#include "felt-session.h"

G_BEGIN_DECLS

/* A finished game: its deal and the moves the player kept (undone moves
 * left out), how it ended, when, and the time on the clock. */
typedef struct {
  FeltSession *session;        /* no move to redo */
  FeltHistoryResult result;
  gint64 finished;             /* Unix time, seconds */
  gint64 time_ms;
} FeltLastGame;

/* The moves made in `session` (not those to redo), from its deal. */
FeltLastGame *felt_last_game_new (const FeltSession *session, FeltHistoryResult result, gint64 finished,
                                  gint64 time_ms);
void felt_last_game_free (FeltLastGame *game);
/* "won", "lost" or "given-up", as the file and the history write it. */
const char *felt_last_game_result_id (FeltHistoryResult result);

/* The saved game's format (felt-saved-game.c) with two keys more,
 * `result` and `finished`: NULL with FELT_SAVE_ERROR_CORRUPT (also for a
 * result the position belies) or FELT_SAVE_ERROR_VERSION. */
char *felt_last_game_to_data (const FeltLastGame *game, gsize *length);
FeltLastGame *felt_last_game_from_data (const char *data, gsize length, GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FeltLastGame, felt_last_game_free)

/* last-game.ini, kept safe as game.ini is: written atomically under its
 * lock; one Felt cannot read or a newer Felt wrote is never written over
 * (the game stays in memory, for a replay in this run); a damaged one is
 * kept aside as last-game.ini.corrupt; a save that fails is tried again
 * at the next save, and says so until it works.  Of two Felts on one
 * folder, the game finished last stays. */
typedef struct _FeltLastGameFile FeltLastGameFile;

FeltLastGameFile *felt_last_game_file_new (void);
void felt_last_game_file_free (FeltLastGameFile *self);
/* Reads the file: a sentence to show once (a damaged file was kept
 * aside) or NULL. */
char *felt_last_game_file_load (FeltLastGameFile *self);
/* The last game, or NULL. */
const FeltLastGame *felt_last_game_file_get (FeltLastGameFile *self);
/* `game` (taken) becomes the last game and is saved at once; TRUE when
 * it is on disk. */
gboolean felt_last_game_file_keep (FeltLastGameFile *self, FeltLastGame *game);
/* The player went back to a game given up (Undo New Game): when it is
 * the last game, the one before it this run comes back; TRUE when the
 * last game changed. */
gboolean felt_last_game_file_take_back (FeltLastGameFile *self, FeltGameId game, guint32 deal);
/* The player reset the statistics: the last game goes (the one before
 * it too), from the file at once, or at the next save when it cannot
 * (the lock busy, a save that fails); a file this run must not write is
 * left as it is.  TRUE when no last game is on disk. */
gboolean felt_last_game_file_forget (FeltLastGameFile *self);
/* Saves a game not saved yet (or the forgetting of one); TRUE when
 * nothing is left to save. */
gboolean felt_last_game_file_save (FeltLastGameFile *self);
const char *felt_last_game_file_get_problem (FeltLastGameFile *self);
gboolean felt_last_game_file_is_waiting (FeltLastGameFile *self);
void felt_last_game_file_set_lock_wait (FeltLastGameFile *self, guint wait_ms);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FeltLastGameFile, felt_last_game_file_free)

G_END_DECLS
