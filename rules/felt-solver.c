/* felt-solver.c: winnable, lost or unknown, over the engine's own states.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The entry points.  The search lives in rules/solver/felt-search.c, each
 * game's strategy in rules/solver/<game>.c.  What a strategy adds to the
 * engine's rules is knowledge of which moves are worth trying first,
 * which may be skipped because another one is at least as good
 * (dominance, proven in the comments), and which positions can never be
 * won (dead ends, proven likewise).  A "lost" verdict comes only from a
 * search that skipped nothing but dominated moves and dead ends.
 *
 * No global mutable state: everything a search needs lives in the call.
 */
#include "felt-solver.h"
#include "solver/felt-solver-private.h"

/* Every game's strategy, found by the game's id; the list is made by the
 * build from the files rules/solver/<id>.c (felt-solver-strategies.h). */
#define STRATEGY_ADDRESS(name) &name,
static const FeltSolverStrategy *const strategies[] = {
  FELT_SOLVER_STRATEGIES (STRATEGY_ADDRESS)
  NULL
};

const FeltSolverStrategy *
felt_solver_strategy_for (const FeltGame *game)
{
  for (guint i = 0; strategies[i]; i++)
    if (g_str_equal (strategies[i]->game, game->id))
      return strategies[i];
  return NULL;
}

/* A game without a strategy gets the plain complete search. */
guint64
felt_solve_default_budget (FeltGameId game)
{
  const FeltSolverStrategy *s = felt_solver_strategy_for (felt_game_get (game));

  return s ? s->default_budget : 1000000;
}

/* The whole position, as far as it matters for the future: how many
 * redeals were made matters only where they are limited, the generator
 * only where the game reshuffles. */
static guint64
exhaustive_key (const FeltState *st)
{
  const FeltGame *game = felt_state_game (st);

  return felt_state_key (st, game->redeal_limit >= 0, game->redeal == FELT_REDEAL_SHUFFLE_RESERVES);
}

const char *
felt_solve_verdict_id (FeltSolveVerdict verdict)
{
  switch (verdict)
    {
    case FELT_SOLVE_WINNABLE: return "winnable";
    case FELT_SOLVE_LOST: return "lost";
    case FELT_SOLVE_UNKNOWN:
    default: return "unknown";
    }
}

void
felt_solve_result_clear (FeltSolveResult *result)
{
  g_clear_pointer (&result->line, g_array_unref);
  result->verdict = FELT_SOLVE_UNKNOWN;
  result->nodes = 0;
  result->seconds = 0;
  result->win_chance = -1;
}

gboolean
felt_solve_exhaustive (const FeltState *state, guint64 node_budget, const gint *cancel,
                       FeltSolveResult *out)
{
  gint64 t0 = g_get_monotonic_time ();
  FeltState st = *state;
  Limits lim = {
    .budget = node_budget ? node_budget : felt_solve_default_budget (felt_state_get_game_id (state)),
    .cancel = cancel,
  };
  FeltSolveVerdict verdict;

  out->line = g_array_new (FALSE, FALSE, sizeof (FeltMove));
  out->win_chance = -1;
  verdict = felt_solve_complete_dfs (&st, felt_all_moves_gen, NULL, exhaustive_key, &lim, out->line);
  if (verdict != FELT_SOLVE_WINNABLE || lim.cancelled)
    g_array_set_size (out->line, 0);
  out->verdict = lim.cancelled ? FELT_SOLVE_UNKNOWN : verdict;
  out->nodes = lim.nodes;
  out->seconds = (g_get_monotonic_time () - t0) / 1e6;
  return !lim.cancelled;
}

gboolean
felt_solve (const FeltState *state, guint64 node_budget, const gint *cancel,
            FeltSolveResult *out)
{
  gint64 t0 = g_get_monotonic_time ();
  FeltState st = *state;
  const FeltGame *game = felt_state_game (state);
  const FeltSolverStrategy *strategy = felt_solver_strategy_for (game);
  Limits lim = {
    .budget = node_budget ? node_budget : felt_solve_default_budget (felt_state_get_game_id (state)),
    .cancel = cancel,
  };
  FeltSolveVerdict verdict;
  FeltMove moves[FELT_MAX_MOVES];

  out->line = g_array_new (FALSE, FALSE, sizeof (FeltMove));
  out->win_chance = -1;

  if (felt_state_is_won (&st))
    {
      verdict = FELT_SOLVE_WINNABLE;
      if (game->redeal == FELT_REDEAL_SHUFFLE_RESERVES)
        out->win_chance = 1;
    }
  else if (felt_state_legal_moves (&st, moves) == 0 && !felt_state_can_stock (&st))
    {
      verdict = FELT_SOLVE_LOST;
      if (game->redeal == FELT_REDEAL_SHUFFLE_RESERVES)
        out->win_chance = 0;
    }
  else if (strategy)
    verdict = strategy->solve (&st, &lim, out->line, &out->win_chance);
  else
    verdict = felt_solve_complete_dfs (&st, felt_all_moves_gen, NULL, exhaustive_key, &lim, out->line);

  if (verdict != FELT_SOLVE_WINNABLE)
    g_array_set_size (out->line, 0);
  if (lim.cancelled)
    {
      verdict = FELT_SOLVE_UNKNOWN;
      g_array_set_size (out->line, 0);
    }
  out->verdict = verdict;
  out->nodes = lim.nodes;
  out->seconds = (g_get_monotonic_time () - t0) / 1e6;
  return !lim.cancelled;
}
