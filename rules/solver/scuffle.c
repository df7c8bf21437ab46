/* scuffle.c: the solver's strategy for Scuffle: a search with the game's own
 * generator, and the win chance from quick games with random reshuffles.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "felt-solver-private.h"

#include <string.h>

/* The whole position and the generator (the next reshuffle). */
static guint64
scuffle_key (const FeltState *st)
{
  return felt_state_key (st, TRUE, TRUE);
}

/* With the game's own generator: cards home first, one move per source
 * and rank on the target (foundations of the same rank are alike: suits
 * never matter in Scuffle), then the stock action.  `forcing` (a first
 * pass, for wins only) deals only when no card can go home: with a known
 * generator, holding a card back over a reshuffle changes the shuffle, so
 * that is no dominance. */
static guint
scuffle_gen (gpointer data, const FeltState *st, FeltMove *out)
{
  gboolean forcing = GPOINTER_TO_INT (data);
  FeltMove moves[FELT_MAX_MOVES];
  guint n = felt_state_legal_moves (st, moves);
  guint k = 0;

  for (guint i = 0; i < n; i++)
    {
      gboolean dup = FALSE;
      for (guint j = 0; j < k && !dup; j++)
        dup = out[j].from == moves[i].from &&
              FELT_CARD_RANK (felt_pile_top (st, out[j].to)) ==
              FELT_CARD_RANK (felt_pile_top (st, moves[i].to));
      if (!dup)
        out[k++] = moves[i];
    }
  if ((k == 0 || !forcing) && felt_state_can_stock (st))
    out[k++] = STOCK_ACTION;
  return k;
}

/* One quick game from st with random reshuffles: every card that can go
 * home goes (the one whose pile then shows the lowest card first), else
 * the stock acts; before a redeal the generator is replaced by a random
 * one, so the engine shuffles at random.  Moves are proposed from the
 * ranks on the foundations and checked by the engine.  TRUE when won. */
static gboolean
scuffle_rollout (FeltState *st, guint64 *rng, Limits *lim)
{
  const FeltGame *game = felt_state_game (st);
  guint found[FELT_MAX_PILES], res[FELT_MAX_PILES], nf = 0, nr = 0;
  guint stock = (guint) felt_game_find_pile (game, FELT_ROLE_STOCK, 0);

  for (guint p = 0; p < game->n_piles; p++)
    {
      if (game->piles[p].role == FELT_ROLE_FOUNDATION)
        found[nf++] = p;
      else if (game->piles[p].role == FELT_ROLE_RESERVE)
        res[nr++] = p;
    }
  for (;;)
    {
      FeltMove best = { 0, 0, 0, 0 };
      guint best_under = 99;
      FeltUndo undo;

      if (felt_state_is_won (st))
        return TRUE;
      lim->nodes++;
      for (guint r = 0; r < nr; r++)
        {
          guint size = felt_pile_size (st, res[r]);
          FeltCard top = felt_pile_top (st, res[r]);
          guint under = size >= 2 ? FELT_CARD_RANK (felt_pile_card (st, res[r], size - 2)) : 0;
          if (top == 0 || under >= best_under)
            continue;
          for (guint f = 0; f < nf; f++)
            {
              FeltCard ftop = felt_pile_top (st, found[f]);
              if (ftop && felt_pile_size (st, found[f]) < 13 &&
                  FELT_CARD_RANK (ftop) + 1 == FELT_CARD_RANK (top))
                {
                  best = (FeltMove) { (guint8) res[r], (guint8) found[f], 1, 0 };
                  best_under = under;
                  break;
                }
            }
        }
      if (best.count && felt_state_check_move (st, &best) == FELT_LEGAL)
        {
          felt_state_apply (st, &best, &undo);
          continue;
        }
      if (!felt_state_can_stock (st))
        return FALSE;
      if (felt_pile_size (st, stock) == 0)
        st->rng = felt_rng_next (rng);
      felt_state_apply (st, &STOCK_ACTION, &undo);
    }
}

/* The win chance to within 3 points (95% of the time): n quick games give
 * a standard error of sqrt(p(1-p)/n), so 1.96 of them is 3 points once
 * n >= 1.96^2 p(1-p) / 0.03^2: at most 1068 (p = 1/2), about 800 at the
 * usual 25%.  The games are counted in batches of 64 until the estimate
 * is that close (at least 256, so a lucky start does not stop it); every
 * count is whole, so the same position always plays the same games. */
#define SCUFFLE_MIN_ROLLOUTS FELT_SCUFFLE_MIN_ROLLOUTS
#define SCUFFLE_MAX_ROLLOUTS FELT_SCUFFLE_MAX_ROLLOUTS

/* Not static: tests/test-solver.c checks the rule against the formula. */
gboolean
felt_scuffle_close_enough (guint64 won, guint64 played)
{
  /* 1.96^2 * won/n * (n-won)/n / n <= 0.03^2, in whole numbers. */
  return played >= SCUFFLE_MIN_ROLLOUTS &&
         38416 * won * (played - won) <= 9 * played * played * played;
}

static double
scuffle_win_chance (const FeltState *st, Limits *lim)
{
  guint64 rng = felt_state_key (st, TRUE, TRUE);
  guint won = 0, played = 0;

  for (guint i = 0; i < SCUFFLE_MAX_ROLLOUTS; i++)
    {
      FeltState copy = *st;
      won += scuffle_rollout (&copy, &rng, lim);
      played++;
      if ((i & 63) == 63)
        {
          if (felt_scuffle_close_enough (won, played))
            break;
          if (lim->cancel && g_atomic_int_get (lim->cancel))
            {
              lim->cancelled = TRUE;
              break;
            }
        }
    }
  return played ? (double) won / played : -1;
}

static FeltSolveVerdict
solve_scuffle (FeltState *st, Limits *lim, GArray *line, double *chance)
{
  KeySet seen;
  DfsOutcome outcome;
  guint64 budget = lim->budget;

  *chance = scuffle_win_chance (st, lim);
  if (lim->cancelled)
    return FELT_SOLVE_UNKNOWN;

  keyset_init (&seen, 10);
  /* First cards home whenever they can go (wins only), then everything. */
  lim->budget = MIN (budget, lim->nodes + budget / 2);
  outcome = felt_dfs (st, scuffle_gen, GINT_TO_POINTER (TRUE), scuffle_key, NULL, &seen, lim, line);
  lim->budget = budget;
  lim->spent = lim->nodes >= budget;
  if (outcome == DFS_WON)
    {
      keyset_free (&seen);
      return FELT_SOLVE_WINNABLE;
    }
  if (limits_stopped (lim))
    {
      keyset_free (&seen);
      return FELT_SOLVE_UNKNOWN;
    }
  keyset_reset (&seen);
  outcome = felt_dfs (st, scuffle_gen, GINT_TO_POINTER (FALSE), scuffle_key, NULL, &seen, lim, line);
  keyset_free (&seen);
  switch (outcome)
    {
    case DFS_WON: return FELT_SOLVE_WINNABLE;
    case DFS_EXHAUSTED: return FELT_SOLVE_LOST;
    case DFS_STOPPED:
    default: return FELT_SOLVE_UNKNOWN;
    }
}

/* Under 50 ms: at most 1088 quick games, then the search. */
const FeltSolverStrategy felt_solver_scuffle = {
  .game = "scuffle",
  .default_budget = 120000,
  .solve = solve_scuffle,
  .easy_max = 712,
  .medium_max = 809,
};
