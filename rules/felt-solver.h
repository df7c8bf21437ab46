/* felt-solver.h: is this position winnable?  A solver over the engine's
 * own states and moves, plain C + GLib.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The solver knows every card's place, as the program that dealt them
 * does (and, in Scuffle, the state of the generator that will reshuffle):
 * "winnable" means "winnable knowing all cards".  Every move it returns
 * was checked by the engine, so a winning line replays through
 * felt_session_play move by move and ends in a win.
 *
 * Each game has its own strategy (rules/solver/<game>.c, registered by
 * the game's id in rules/felt-solver.c; rules/solver/README.md):
 *  - Cruel: depth-first search with a table of positions seen (64-bit
 *    keys), in many short runs: the first in the plain order (cards home
 *    first, the redeal last), the others in shuffled orders that sometimes
 *    redeal early.  A sound dead-end rule on the bottom group of the first
 *    pile proves most lost deals at once; a run that goes through every
 *    position it can reach proves the rest.
 *  - Straight Up: every card move except filling a space from the waste
 *    is dominant and made at once; a complete search over dealing and
 *    filling spaces decides every deal.
 *  - Hopscotch: beam search over the dealt cards, each candidate ranked by
 *    a quick game played to the end from it; widened until the budget is
 *    spent.  "Lost" only when a beam dropped nothing.
 *  - Backbone: short depth-first runs in shuffled orders, safe moves to the
 *    foundations made at once, every other run dealing before playing at
 *    some positions; a run stops when the stock, the waste and the
 *    reserve are empty (the rest then always goes home).  Blocked
 *    reserve cards (a card that can only go home, with every copy of a
 *    lower card of its suit beneath it; or with one copy beneath it when
 *    its twin above it must go home first) and a reserve that cannot
 *    empty even in a relaxed game (cycles across the columns and the two
 *    decks) prove a loss at once; "lost" otherwise only when a run went
 *    through every position it can reach.
 *  - Scuffle: a search with the game's own generator (so a line replays
 *    exactly), plus win_chance, the share of wins over 2000 quick games
 *    with random reshuffles: what a player who cannot know the next
 *    shuffle may expect (within 3 points, 95% of the time).
 *
 * felt_solve keeps no global state and allocates per call, so it may run
 * in any thread, several at once.
 */
#pragma once

#include "felt-rules.h"

G_BEGIN_DECLS

typedef enum {
  FELT_SOLVE_WINNABLE,  /* a winning line was found (FeltSolveResult.line) */
  FELT_SOLVE_LOST,      /* proven: no sequence of moves wins */
  FELT_SOLVE_UNKNOWN,   /* the budget ran out, or the search was cancelled */
} FeltSolveVerdict;

typedef struct {
  FeltSolveVerdict verdict;
  guint64 nodes;        /* positions the search made */
  double seconds;       /* wall-clock time of the call */
  GArray *line;         /* FeltMove: the winning line from the given
                         * position, stock actions as { 0, 0, 0, 1 };
                         * empty unless winnable */
  double win_chance;    /* Scuffle: 0..1, the share of wins with random
                         * reshuffles; -1 for the other games */
} FeltSolveResult;

/* The node budget felt_solve uses for node_budget 0: about a second of
 * search (three in Backbone, 50 ms in Scuffle) on a current machine. */
guint64 felt_solve_default_budget (FeltGameId game);

/* Solves `state` with at most about node_budget positions (0: the game's
 * default).  cancel may be NULL; when another thread sets *cancel to a
 * non-zero value (g_atomic_int_set), the search stops within a few
 * thousand positions.  Fills all of *out (which need not be initialised;
 * free it with felt_solve_result_clear).  Returns FALSE when cancelled
 * (the verdict is then FELT_SOLVE_UNKNOWN), TRUE otherwise. */
gboolean felt_solve (const FeltState *state, guint64 node_budget, const gint *cancel,
                     FeltSolveResult *out);

/* A plain complete search over every legal move and the stock action,
 * without any of felt_solve's dominance rules, dead ends or heuristics:
 * slow, meant for cross-checking felt_solve's verdicts on small positions
 * in the tests.  Lost only when it went through every reachable position
 * within the budget.  Arguments and result as for felt_solve (no win
 * chance). */
gboolean felt_solve_exhaustive (const FeltState *state, guint64 node_budget, const gint *cancel,
                                FeltSolveResult *out);

/* Frees the line; the result may be reused or dropped. */
void felt_solve_result_clear (FeltSolveResult *result);

/* "winnable", "lost" or "unknown". */
const char *felt_solve_verdict_id (FeltSolveVerdict verdict);

/* ---- difficulty ----------------------------------------------------------- */

typedef enum {
  FELT_DIFFICULTY_EASY,
  FELT_DIFFICULTY_MEDIUM,
  FELT_DIFFICULTY_HARD,
  FELT_DIFFICULTY_IMPOSSIBLE,  /* the solver proved it lost */
  FELT_DIFFICULTY_UNKNOWN,     /* the solver could not decide it in its budget */
} FeltDifficulty;

typedef struct {
  FeltDifficulty difficulty;
  /* 0 (easiest) .. 1000 (hardest) for a winnable deal, 1000 for an
   * impossible one, -1 when unknown.  Made of whole numbers only (node
   * counts and playouts with a generator seeded from the position), so
   * the same position gets the same figure on every run and machine. */
  int figure;
  guint won_playouts;          /* of FELT_RATE_PLAYOUTS */
  guint64 nodes;               /* positions the solver searched */
  FeltSolveVerdict verdict;
  double seconds;              /* wall-clock time of the call */
} FeltRating;

#define FELT_RATE_PLAYOUTS 64

/* Rates a position: the solver at its default node budget (no clock in
 * it), then FELT_RATE_PLAYOUTS quick games, each move chosen at random
 * (a card that can go home goes home) with a generator seeded from the
 * position.  The figure mixes the share of quick games lost (how often a
 * careless player loses) and how many positions the solver needed to find
 * the win (how well hidden the winning line is); each game's thresholds
 * put about a third of its winnable deals in each of easy, medium and
 * hard (rules/solver/README.md says on which deals).
 *
 * solved may be NULL, or the result of felt_solve (state, 0, NULL or an
 * unset cancel, …) on the same position, so that a caller that has solved
 * already does not solve again.  cancel as for felt_solve; returns FALSE
 * when cancelled (the difficulty is then unknown).  May run in any thread. */
gboolean felt_solver_rate (const FeltState *state, const FeltSolveResult *solved,
                           const gint *cancel, FeltRating *out);

/* "easy", "medium", "hard", "impossible" or "unknown". */
const char *felt_difficulty_id (FeltDifficulty difficulty);

G_END_DECLS
