/* felt-rate.c: how hard a deal is, from what the solver knows.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Two things make a winnable deal hard for a player: most ways of playing
 * it lose, and the way that wins is hard to find.  The first is measured
 * by quick games with random moves (a card that can go home goes home),
 * the second by the positions the solver searched before its win.  Both
 * are whole numbers from seeded searches, so the figure never depends on
 * the clock, the machine or the run.  Scuffle has its own figure: the
 * chance of a win when the reshuffles cannot be known.
 */
#include "felt-solver-private.h"

#include <string.h>

#define PLAYOUT_STEPS 600

/* A generator seed from the position, byte by byte: the same on every
 * machine. */
static guint64
position_seed (const FeltState *st)
{
  const FeltGame *game = felt_state_game (st);
  guint64 h = 0x72617465;

  for (guint i = 0; i < st->n_cards; i++)
    h = felt_mix64 (h ^ st->cards[i]) + i;
  for (guint p = 0; p <= game->n_piles; p++)
    h = felt_mix64 (h ^ ((guint64) st->start[p] << 8)) + p;
  return felt_mix64 (h ^ st->redeals ^ ((guint64) st->flags << 16)) | 1;
}

/* One quick game: TRUE when it wins. */
static gboolean
playout (FeltState *st, guint64 *rng, Limits *lim)
{
  for (guint step = 0; step < PLAYOUT_STEPS; step++)
    {
      FeltMove moves[FELT_MAX_MOVES + 1], home[FELT_MAX_MOVES];
      guint n, nh = 0;
      FeltUndo undo;

      if (felt_state_is_won (st))
        return TRUE;
      lim->nodes++;
      n = felt_state_legal_moves (st, moves);
      for (guint i = 0; i < n; i++)
        if (role_of (st, moves[i].to) == FELT_ROLE_FOUNDATION)
          home[nh++] = moves[i];
      if (nh > 0)
        {
          felt_state_apply (st, &home[felt_rng_below (rng, nh)], &undo);
          continue;
        }
      if (felt_state_can_stock (st))
        moves[n++] = STOCK_ACTION;
      if (n == 0)
        return FALSE;
      felt_state_apply (st, &moves[felt_rng_below (rng, n)], &undo);
    }
  return felt_state_is_won (st);
}

/* 16 × log2 (n + 1), in whole numbers: the bit length and the next four
 * bits of the mantissa. */
static int
log2_16 (guint64 n)
{
  guint bits;

  n++;
  bits = g_bit_storage (n);
  if (bits <= 5)
    return (int) (16 * (bits - 1) + ((n << (5 - bits)) & 15));
  return (int) (16 * (bits - 1) + ((n >> (bits - 5)) & 15));
}

const char *
felt_difficulty_id (FeltDifficulty difficulty)
{
  switch (difficulty)
    {
    case FELT_DIFFICULTY_EASY: return "easy";
    case FELT_DIFFICULTY_MEDIUM: return "medium";
    case FELT_DIFFICULTY_HARD: return "hard";
    case FELT_DIFFICULTY_IMPOSSIBLE: return "impossible";
    case FELT_DIFFICULTY_UNKNOWN:
    default: return "unknown";
    }
}

gboolean
felt_solver_rate (const FeltState *state, const FeltSolveResult *solved, const gint *cancel,
                  FeltRating *out)
{
  gint64 t0 = g_get_monotonic_time ();
  const FeltGame *game = felt_state_game (state);
  const FeltSolverStrategy *strategy = felt_solver_strategy_for (game);
  FeltSolveResult own = { 0 };
  Limits lim = { .budget = G_MAXUINT64, .cancel = cancel };
  guint64 budget = felt_solve_default_budget (felt_state_get_game_id (state));
  guint64 rng = position_seed (state);
  int lost_part, search_part;

  if (strategy && strategy->rate_budget)
    budget = strategy->rate_budget;
  memset (out, 0, sizeof *out);
  out->difficulty = FELT_DIFFICULTY_UNKNOWN;
  out->figure = -1;
  if (solved == NULL)
    {
      if (!felt_solve (state, 0, cancel, &own))
        {
          felt_solve_result_clear (&own);
          out->seconds = (g_get_monotonic_time () - t0) / 1e6;
          return FALSE;
        }
      solved = &own;
    }
  out->verdict = solved->verdict;
  out->nodes = solved->nodes;

  if (solved->verdict == FELT_SOLVE_LOST)
    {
      out->difficulty = FELT_DIFFICULTY_IMPOSSIBLE;
      out->figure = 1000;
    }
  else if (solved->verdict == FELT_SOLVE_WINNABLE)
    {
      if (solved->win_chance >= 0)
        {
          /* Scuffle: the chance with unknown reshuffles, in whole tenths
           * of a percent (from a count of seeded quick games). */
          out->figure = 1000 - (int) (solved->win_chance * 1000 + 0.5);
        }
      else
        {
          for (guint i = 0; i < FELT_RATE_PLAYOUTS && !lim.cancelled; i++)
            {
              FeltState copy = *state;
              out->won_playouts += playout (&copy, &rng, &lim);
              if (cancel && g_atomic_int_get (cancel))
                lim.cancelled = TRUE;
            }
          lost_part = 500 * (int) (FELT_RATE_PLAYOUTS - out->won_playouts) / FELT_RATE_PLAYOUTS;
          search_part = MIN (500, 500 * log2_16 (solved->nodes) / log2_16 (budget));
          out->figure = lost_part + search_part;
        }
      if (strategy == NULL || out->figure > strategy->medium_max)
        out->difficulty = FELT_DIFFICULTY_HARD;
      else if (out->figure > strategy->easy_max)
        out->difficulty = FELT_DIFFICULTY_MEDIUM;
      else
        out->difficulty = FELT_DIFFICULTY_EASY;
    }
  felt_solve_result_clear (&own);
  out->seconds = (g_get_monotonic_time () - t0) / 1e6;
  if (lim.cancelled)
    {
      out->difficulty = FELT_DIFFICULTY_UNKNOWN;
      out->figure = -1;
      return FALSE;
    }
  return TRUE;
}
