/* felt-play.h: the game in play and everything about it (no widgets):
 * the session, the clock, saving, statistics, automatic moves, the
 * solver's status, the demo, the search for a winnable deal and the end
 * of the game.  The window and the board bind to its properties.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "felt-history.h"
#include "felt-last-game.h"
#include "felt-play-enums.h"
#include "felt-session.h"
#include "felt-solution.h"
#include "felt-solver.h"
#include "felt-stats.h"

G_BEGIN_DECLS

#define FELT_TYPE_PLAY (felt_play_get_type ())
G_DECLARE_FINAL_TYPE (FeltPlay, felt_play, FELT, PLAY, GObject)

FeltPlay *felt_play_new (void);

/* What kind of change "move-played" reports (felt_play_get_change): the
 * board says each kind differently to a screen reader. */
typedef enum {
  FELT_PLAY_CHANGE_MOVE,    /* the player's move (felt_play_move) */
  FELT_PLAY_CHANGE_UNDO,
  FELT_PLAY_CHANGE_REDO,
  FELT_PLAY_CHANGE_AUTO,    /* a card Felt sent to a foundation by itself */
  FELT_PLAY_CHANGE_DEMO,    /* a move of the demo */
} FeltPlayChange;

/* The game in play: NULL before the first start or resume.  Borrowed;
 * replaced (notify::session) by a start or a resume. */
FeltSession *felt_play_get_session (FeltPlay *self);
const FeltGame *felt_play_get_game (FeltPlay *self);
guint32 felt_play_get_seed (FeltPlay *self);

/* Deals game number `seed` of `game` and plays it; leaving a deal in
 * progress counts as a loss.  The deal left behind waits: Undo at the
 * new deal's first position brings it back (and takes the loss back). */
void felt_play_start (FeltPlay *self, const FeltGame *game, guint32 seed);
/* Resumes the saved game; FALSE (and a notice when the file was bad)
 * when there is none to resume. */
gboolean felt_play_resume (FeltPlay *self);
/* A deal was played (not by the demo) and is not finished: leaving it
 * is a loss. */
gboolean felt_play_in_progress (FeltPlay *self);
/* Starts a deal, or, with a deal in progress, keeps it waiting and emits
 * "confirm-abandon": felt_play_give_up then starts it. */
void felt_play_request_start (FeltPlay *self, const FeltGame *game, guint32 seed);
void felt_play_give_up (FeltPlay *self);
/* New Game: a random deal of `game` (NULL: the one in play), or, as
 * new-deal asks, one the solver wins or of a given difficulty, found in
 * a thread. */
void felt_play_new_deal (FeltPlay *self, const FeltGame *game);
void felt_play_restart (FeltPlay *self);

/* Moves: the player's (animate as the board wishes) and the program's.
 * Each emits "move-played" and returns FALSE when nothing happened. */
gboolean felt_play_move (FeltPlay *self, const FeltMove *move, gboolean animate);
gboolean felt_play_undo_many (FeltPlay *self, guint count);
/* Undo with no move left to take back returns to the game left behind;
 * Redo then goes forward to the newer deal again. */
gboolean felt_play_undo (FeltPlay *self);
gboolean felt_play_redo (FeltPlay *self);
/* Undo would go back to the game left behind ("Undo New Game"). */
gboolean felt_play_get_undo_returns (FeltPlay *self);
/* Takes back moves-back moves at once. */
gboolean felt_play_undo_to_winnable (FeltPlay *self);

/* The next move of a winning line when the solver knows one, else any
 * useful move; the message says it.  FALSE: no move is left. */
gboolean felt_play_hint (FeltPlay *self, FeltMove *move);
/* Starts the demo, or stops it when it runs. */
void felt_play_toggle_demo (FeltPlay *self);
void felt_play_stop_demo (FeltPlay *self);

/* The Solution mode (felt-solution.h): while it is active, the board
 * shows its session and the game in play waits (moves, Undo, Redo, Hint
 * and the demo do nothing, the clock stops); a new deal leaves it. */
FeltSolution *felt_play_get_solution (FeltPlay *self);
/* Enters the mode when the solver knows a winning line; with the
 * winnable status off, first asks the solver.  FALSE: cannot (the
 * solution's label says why). */
gboolean felt_play_show_solution (FeltPlay *self);
/* The position shown becomes the game in play (steps beyond dropped). */
void felt_play_take_over (FeltPlay *self);
/* A step of the solution was shown in this deal: like the demo's, the
 * game is not the player's (not in the statistics). */
gboolean felt_play_get_solution_shown (FeltPlay *self);

const FeltStats *felt_play_get_stats (FeltPlay *self);
/* Every game finished in this data folder, this run's included;
 * borrowed, and replaced when a game is recorded: ask again after. */
const FeltHistory *felt_play_get_history (FeltPlay *self);
/* Statistics -> Reset: every game's statistics, its history and the
 * last game (Replay Last Game) are forgotten. */
void felt_play_reset_stats (FeltPlay *self);
/* The player's last finished game (won, lost or given up; not one the
 * demo played in), kept on disk for Replay after a restart; NULL before
 * any.  Borrowed: it changes when another game ends ("can-replay"). */
const FeltLastGame *felt_play_get_last_game (FeltPlay *self);

/* Texts and figures, as the properties hold them. */
gboolean felt_play_get_can_undo (FeltPlay *self);
gboolean felt_play_get_can_redo (FeltPlay *self);
guint felt_play_get_score (FeltPlay *self);
const char *felt_play_get_status_text (FeltPlay *self);
const char *felt_play_get_score_text (FeltPlay *self);
const char *felt_play_get_solver_status (FeltPlay *self);
FeltSolveVerdict felt_play_get_solver_verdict (FeltPlay *self);
guint felt_play_get_moves_back (FeltPlay *self);
guint felt_play_get_elapsed (FeltPlay *self);
const char *felt_play_get_elapsed_text (FeltPlay *self);
const char *felt_play_get_message (FeltPlay *self);
gboolean felt_play_get_won (FeltPlay *self);
gboolean felt_play_get_over (FeltPlay *self);
gboolean felt_play_get_demo_running (FeltPlay *self);
/* The demo made a move in this deal: it is not the player's game (not
 * in the statistics) and its win is the demo's. */
gboolean felt_play_get_demo_played (FeltPlay *self);
/* The kind of the last change, the one "move-played" reports. */
FeltPlayChange felt_play_get_change (FeltPlay *self);
/* An automatic move is about to follow the last change. */
gboolean felt_play_get_auto_pending (FeltPlay *self);
const char *felt_play_get_notice (FeltPlay *self);
void felt_play_set_notice (FeltPlay *self, const char *notice);
/* The properties "on-screen" (before the game is on the screen, saving
 * and the solver wait: the window sets it once its first frame is
 * drawn) and "active" (the window is shown and not minimised: the
 * solver searches only then; Hint and the demo still ask it) are those
 * of felt-solver-gate.h. */
/* TRUE while the solver has been searching this position for a while:
 * the status then says "Thinking…". */
gboolean felt_play_get_thinking (FeltPlay *self);
/* The deal's difficulty, FELT_DIFFICULTY_UNKNOWN until it is rated. */
FeltDifficulty felt_play_get_difficulty (FeltPlay *self);
/* For the tests: the solver's node budget per position (0: the game's
 * default) and the delay before "Thinking…" (300 ms). */
void felt_play_set_solver_budget (FeltPlay *self, guint64 node_budget, guint thinking_delay_ms);

G_END_DECLS
