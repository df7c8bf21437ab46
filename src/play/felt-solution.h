/* felt-solution.h: the Solution mode (no widgets): the solver's winning
 * line from the player's position, shown one step at a time on a copy
 * of the player's session, which it never changes.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "felt-session.h"
#include "felt-solver-view.h"

G_BEGIN_DECLS

#define FELT_TYPE_SOLUTION (felt_solution_get_type ())
G_DECLARE_FINAL_TYPE (FeltSolution, felt_solution, FELT, SOLUTION, GObject)

FeltSolution *felt_solution_new (void);

/* Why the solution of the position in play can or cannot be shown; the
 * menu item's label says it (felt_solution_get_label). */
typedef enum {
  FELT_SOLUTION_AVAILABLE,    /* the solver knows a winning line */
  FELT_SOLUTION_ASK,          /* not known, and the winnable status is off: asking searches */
  FELT_SOLUTION_DECIDING,     /* the solver is still searching */
  FELT_SOLUTION_UNDECIDED,    /* the solver could not decide */
  FELT_SOLUTION_LOST,         /* no move wins from here any more */
  FELT_SOLUTION_NEVER,        /* the deal itself cannot be won */
  FELT_SOLUTION_OVER,         /* the game is won or no move is left */
  FELT_SOLUTION_NO_GAME,
} FeltSolutionReason;

/* The game in play says what is known of its position. */
void felt_solution_set_reason (FeltSolution *self, FeltSolutionReason reason);
FeltSolutionReason felt_solution_get_reason (FeltSolution *self);
/* The menu item's label: "Show Solution", or with why it cannot be
 * shown, "Show Solution (No Longer Winnable)". */
const char *felt_solution_get_label (FeltSolution *self);

/* Shows the winning `line` (FeltMove) from the position of `player`
 * (borrowed, never changed): a copy with the line to step through.
 * FALSE (and nothing changes) when a move of the line is not legal. */
gboolean felt_solution_enter (FeltSolution *self, const FeltSession *player, const GArray *line);
/* The reason for the player's position (`player`, NULL: none; `won`,
 * `over`: it has ended), from what `view` knows of it; kept while the
 * mode is on. */
void felt_solution_update_reason (FeltSolution *self, FeltSolverView *view, const FeltSession *player,
                                  gboolean won, gboolean over);
/* Enters with the winning line `view` knows from `player`: FALSE when it
 * knows none. */
gboolean felt_solution_enter_from (FeltSolution *self, FeltSolverView *view, const FeltSession *player);
/* Ends the mode: the player's session was kept as it was. */
void felt_solution_leave (FeltSolution *self);
/* Ends the mode and returns the shown position as a session (the
 * player's moves and the steps shown, none beyond), or NULL when no step
 * is shown (the player's session is then the same). */
FeltSession *felt_solution_take_over (FeltSolution *self);

/* One step of the line forward or back; FALSE at either end.  Each
 * emits "step". */
gboolean felt_solution_step_forward (FeltSolution *self);
gboolean felt_solution_step_back (FeltSolution *self);
/* Plays the line, a step every `step_ms` (from the start again when at
 * its end), or pauses it. */
void felt_solution_toggle_playing (FeltSolution *self, guint step_ms);

gboolean felt_solution_get_active (FeltSolution *self);
/* The session shown while active (borrowed), else NULL. */
FeltSession *felt_solution_get_session (FeltSolution *self);
/* Steps shown of the line, and its length. */
guint felt_solution_get_position (FeltSolution *self);
guint felt_solution_get_length (FeltSolution *self);
gboolean felt_solution_get_playing (FeltSolution *self);
/* A step was shown since the mode was entered: the deal is no longer
 * the player's alone. */
gboolean felt_solution_get_shown (FeltSolution *self);
/* "Step 3 of 41: the seven of hearts to tableau 2" */
const char *felt_solution_get_text (FeltSolution *self);

G_END_DECLS
