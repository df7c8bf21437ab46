/* felt-left-games.h: the games left behind by New Game, Select Deal or
 * Restart, which Undo at a deal's first position brings back as they
 * were ("Undo New Game"), and those Undo left that way, which Redo goes
 * forward to again (no widgets).
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "felt-record.h"
#include "felt-session.h"

G_BEGIN_DECLS

#define FELT_TYPE_LEFT_GAMES (felt_left_games_get_type ())
G_DECLARE_FINAL_TYPE (FeltLeftGames, felt_left_games, FELT, LEFT_GAMES, GObject)

/* Which games: those Undo goes back to, or those Redo goes forward to. */
typedef enum {
  FELT_LEFT_BEHIND,
  FELT_LEFT_AHEAD,
} FeltLeftWay;

/* Undo brings back the last few deals left behind, not all: each holds
 * its whole history. */
#define FELT_MAX_LEFT_GAMES 10

/* The games left behind a deal played with `record` (kept), which
 * counted their losses. */
FeltLeftGames *felt_left_games_new (FeltRecord *record);

/* `session` (taken) goes, as it is, first of the games `way`, with its
 * time, counted or not, and the help it had.  `before` is its game's
 * statistics before leaving it counted a loss (or not). */
void felt_left_games_push (FeltLeftGames *self, FeltLeftWay way, FeltSession *session, gint64 elapsed_ms,
                           gboolean counted, FeltGameHelp help, const FeltGameStats *before);
/* The first game `way` comes back as it was left: its loss taken back
 * (the streak too if no other game ended since) and out of the history.
 * Returns the session (owned) with its time, whether its result stays
 * counted, and the help it had. */
FeltSession *felt_left_games_pop (FeltLeftGames *self, FeltLeftWay way, gint64 *elapsed_ms, gboolean *counted,
                                  FeltGameHelp *help);
/* Drops the games `way`. */
void felt_left_games_clear (FeltLeftGames *self, FeltLeftWay way);
guint felt_left_games_get_count (FeltLeftGames *self, FeltLeftWay way);
/* The number of moves of the deal the last pop brought back: from there,
 * Redo goes forward to the games ahead. */
guint felt_left_games_get_returned_at (FeltLeftGames *self);
/* Undo in `session` (or NULL) goes back to the game behind: it has no
 * move to take back and a game waits behind. */
gboolean felt_left_games_undo_returns (FeltLeftGames *self, FeltSession *session);
/* Redo in `session` goes forward to the game ahead: a game waits ahead
 * and `session` is where Undo came back to it. */
gboolean felt_left_games_redo_goes_ahead (FeltLeftGames *self, FeltSession *session);

G_END_DECLS
