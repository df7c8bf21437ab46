/* straight-up.c: the solver's strategy for Straight Up: dominant moves made at
 * once, a complete search over the rest.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "felt-solver-private.h"

#include <string.h>

/* Every card move but one kind is dominant: making it at once loses
 * nothing, so the search makes it without trying the alternatives.
 *
 *  - A card (or run) to its foundation: nothing else can use it (the card
 *    below it in its suit is home, so nothing builds on it), and what it
 *    uncovers, or the refill of its emptied pile from the reserve, only
 *    adds playable cards.
 *  - A run (always all of a pile's top run) onto its successor, a waste or
 *    reserve card onto its successor: a card has one successor in a
 *    single deck, the moved cards stay just as playable on top of it,
 *    they still move together with it, and what they uncover (a card, the
 *    next waste or reserve card, or an empty pile refilled from the
 *    reserve) only adds playable cards.
 *
 * What remains is a real choice: dealing (or redealing), and which waste
 * card fills a space once the reserve is gone.  The tableau piles are
 * alike, so only the first empty one is tried. */
static guint
straight_up_gen (gpointer data, const FeltState *st, FeltMove *out)
{
  FeltMove moves[FELT_MAX_MOVES];
  guint n = felt_state_legal_moves (st, moves);
  guint k = 0;

  for (guint i = 0; i < n; i++)
    {
      const FeltMove *m = &moves[i];
      gboolean to_space = role_of (st, m->from) == FELT_ROLE_WASTE &&
                          role_of (st, m->to) == FELT_ROLE_TABLEAU &&
                          felt_pile_size (st, m->to) == 0;
      if (!to_space)
        {
          out[0] = *m;
          return 1;
        }
    }
  /* All that is left fills a space from the waste: one is enough. */
  if (n > 0)
    out[k++] = moves[0];
  if (felt_state_can_stock (st))
    out[k++] = STOCK_ACTION;
  return k;
}

static guint64
full_key (const FeltState *st)
{
  return felt_state_key (st, TRUE, FALSE);
}

static FeltSolveVerdict
solve_straight_up (FeltState *st, Limits *lim, GArray *line, double *win_chance)
{
  (void) win_chance;
  return felt_solve_complete_dfs (st, straight_up_gen, NULL, full_key, lim, line);
}

/* A few milliseconds. */
const FeltSolverStrategy felt_solver_straight_up = {
  .game = "straight-up",
  .default_budget = 100000,
  .solve = solve_straight_up,
  .easy_max = 325,
  .medium_max = 590,
};
