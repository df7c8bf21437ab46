/* felt-solver-view.h: the solver's view of the deal in play (no
 * widgets): the verdict and its status line ("Winnable", "Thinking…"),
 * the moves back to the latest winnable position, the deal's difficulty
 * and hints.  It searches in a worker thread (FeltAnalysis) and keeps
 * what it found per position.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "felt-session.h"
#include "felt-solver.h"

G_BEGIN_DECLS

#define FELT_TYPE_SOLVER_VIEW (felt_solver_view_get_type ())
G_DECLARE_FINAL_TYPE (FeltSolverView, felt_solver_view, FELT, SOLVER_VIEW, GObject)

FeltSolverView *felt_solver_view_new (void);

/* The session in play (borrowed, NULL: none): a new deal or another game
 * forgets that a position of the last one was winnable. */
void felt_solver_view_set_session (FeltSolverView *self, FeltSession *session);
/* The position in play changed, or whether the solver may search on its
 * own (`allowed`: the game is on the screen and someone looks): asks the
 * solver about it, and rates the deal once. */
void felt_solver_view_analyse (FeltSolverView *self, gboolean allowed);

/* The position in play is won, or there is none. */
gboolean felt_solver_view_get_won (FeltSolverView *self);
/* What is known of the position in play: FALSE when nothing yet; next
 * gets the winning line's next move when winnable. */
gboolean felt_solver_view_lookup (FeltSolverView *self, FeltSolveVerdict *verdict, FeltMove *next);
/* The winning line from the position in play (FeltMove, appended to
 * `line`) as far as the won position: FALSE (nothing appended) unless
 * the solver knows the position winnable. */
gboolean felt_solver_view_get_line (FeltSolverView *self, GArray *line);
/* The next move of a winning line when the solver knows one, else any
 * useful move; FALSE: no move is left.  `search`: the solver searches
 * this position for the next hint even when it would not on its own. */
gboolean felt_solver_view_hint (FeltSolverView *self, gboolean search, FeltMove *move);

/* A new deal of known difficulty: no need to rate it. */
void felt_solver_view_set_rated (FeltSolverView *self, const FeltGame *game, guint32 seed,
                                 FeltDifficulty difficulty);
/* The deal's difficulty, FELT_DIFFICULTY_UNKNOWN until it is rated. */
FeltDifficulty felt_solver_view_get_difficulty (FeltSolverView *self);

FeltSolveVerdict felt_solver_view_get_verdict (FeltSolverView *self);
/* "Winnable", "No longer winnable", "Thinking…", or empty. */
const char *felt_solver_view_get_status (FeltSolverView *self);
/* Moves to take back to the latest position proven winnable; 0: none. */
guint felt_solver_view_get_moves_back (FeltSolverView *self);
/* TRUE while the solver has searched this position for a while. */
gboolean felt_solver_view_get_thinking (FeltSolverView *self);
/* The status is wanted (the player's preference): off, it stays empty. */
gboolean felt_solver_view_get_show_winnable (FeltSolverView *self);
void felt_solver_view_set_show_winnable (FeltSolverView *self, gboolean show);

/* For the tests: the node budget per position (0: the game's default)
 * and the delay before "Thinking…" (300 ms). */
void felt_solver_view_set_budget (FeltSolverView *self, guint64 node_budget, guint thinking_delay_ms);

G_END_DECLS
