/* cruel.c: the solver's strategy for Cruel: restarts of a depth-first
 * search, a dead-end rule that proves most lost deals at once, and the
 * proof from a prefix of the sequence (cruel-relax.c) for most others.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "felt-solver-private.h"
#include "cruel-beam.h"
#include "cruel-relax.h"

#include <string.h>

typedef struct {
  Shuffle shuffle;     /* first: the restarts set it */
  guint first_tableau, n_tableau;
  Limits *lim;
} Cruel;

/* The bottom group of the first non-empty pile is never separated or
 * reordered: a redeal reads the piles in order from the bottom, so those
 * cards (at most four) stay the bottom of pile 1, in the same order, and
 * cards only ever leave a pile from its top.  A card X there can leave
 * only to its foundation (after every lower card of its suit) or onto its
 * successor (same suit, one rank higher).  If X is a King, or its
 * successor lies beneath it in that group, it can never go onto it; then
 * a lower card of its suit beneath X can never get home before X, nor X
 * before it: the position is lost. */
static gboolean
cruel_hopeless (const Cruel *c, const FeltState *st)
{
  guint pile = c->first_tableau, end = c->first_tableau + c->n_tableau;
  guint n;

  while (pile < end && felt_pile_size (st, pile) == 0)
    pile++;
  if (pile == end)
    return FALSE;
  n = MIN (felt_pile_size (st, pile), 4u);
  for (guint j = 1; j < n; j++)
    {
      FeltCard x = felt_pile_card (st, pile, j);
      gboolean stuck = FELT_CARD_RANK (x) == FELT_KING;

      for (guint i = 0; i < j && !stuck; i++)
        stuck = felt_pile_card (st, pile, i) == x + 1;
      if (!stuck)
        continue;
      for (guint i = 0; i < j; i++)
        {
          FeltCard y = felt_pile_card (st, pile, i);
          if (FELT_CARD_SUIT (y) == FELT_CARD_SUIT (x) && FELT_CARD_RANK (y) < FELT_CARD_RANK (x))
            return TRUE;
        }
    }
  return FALSE;
}

/* A layout the search round by round deals is dropped when it is lost
 * by the dead-end rule, and in its wider search also by the proof from
 * its first 8 or 12 cards, 100 relaxed positions each: after a redeal or
 * two most layouts of a lost deal are lost that way (9408: none is left
 * after one round), and the search, left with few layouts, runs out of
 * them, which proves the deal lost, or wins. */
#define CRUEL_LAYOUT_PROOF 100

static gboolean
cruel_dead (gconstpointer data, const FeltState *st)
{
  return cruel_hopeless (data, st);
}

static gboolean
cruel_proven_dead (gconstpointer data, const FeltState *st)
{
  const Cruel *c = data;

  return cruel_hopeless (c, st) || felt_cruel_prefix_lost (st, 8, CRUEL_LAYOUT_PROOF, c->lim)
         || felt_cruel_prefix_lost (st, 12, CRUEL_LAYOUT_PROOF, c->lim);
}

/* Every legal move: cards home first, then onto other piles, the redeal
 * last (in shuffled runs sometimes first: redealing early, before every
 * card that can move has moved, is what the plain order tries last). */
static guint
cruel_gen (gpointer data, const FeltState *st, FeltMove *out)
{
  Cruel *c = data;
  FeltMove moves[FELT_MAX_MOVES];
  guint n, k = 0;
  gboolean stock, stock_first;

  if (cruel_hopeless (c, st))
    return 0;
  n = felt_state_legal_moves (st, moves);
  stock = felt_state_can_stock (st);
  stock_first = felt_shuffle_moves (&c->shuffle, moves, n);
  if (stock && stock_first)
    out[k++] = STOCK_ACTION;
  for (guint i = 0; i < n; i++)
    if (role_of (st, moves[i].to) == FELT_ROLE_FOUNDATION)
      out[k++] = moves[i];
  for (guint i = 0; i < n; i++)
    if (role_of (st, moves[i].to) != FELT_ROLE_FOUNDATION)
      out[k++] = moves[i];
  if (stock && !stock_first)
    out[k++] = STOCK_ACTION;
  return k;
}

/* Unlimited redeals: how many were made does not matter. */
static guint64
cruel_key (const FeltState *st)
{
  return felt_state_key (st, FALSE, FALSE);
}

/* Nearly every deal called lost is lost by the dead-end rule at once; the
 * first runs (short restarts) win nearly every winnable deal. */
#define CRUEL_RUN 2000
#define CRUEL_STOCK_FIRST 20
#define CRUEL_SHORT_RUN 200
#define CRUEL_SHORT_STOCK_FIRST 50

/* After the first 25 runs (50 thousand positions: 98% of the winnable
 * deals are won by then), the proof from a prefix of the sequence
 * (cruel-relax.c): the prefixes of 8, 12, ... cards, each searched up to
 * its budget, at most 96 thousand positions in all.  A deal it proves
 * lost goes through every position of the real game in no budget. */
#define CRUEL_FIRST_RUNS 25
static const struct {
  guint prefix;
  guint64 budget;
} prefix_proofs[] = {
  { 8, 40000 }, { 12, 20000 }, { 16, 4000 }, { 20, 4000 }, { 24, 4000 }, { 28, 4000 },
  { 32, 4000 }, { 36, 4000 }, { 40, 4000 }, { 44, 4000 }, { 48, 4000 },
};

static gboolean
cruel_prefix_lost (const FeltState *st, Limits *lim)
{
  guint cards = 0;
  const FeltGame *game = felt_state_game (st);
  guint first = (guint) felt_game_find_pile (game, FELT_ROLE_TABLEAU, 0);

  for (guint t = 0; t < felt_game_count_piles (game, FELT_ROLE_TABLEAU); t++)
    cards += felt_pile_size (st, first + t);
  for (guint k = 0; k < G_N_ELEMENTS (prefix_proofs) && !limits_stopped (lim); k++)
    {
      if (felt_cruel_prefix_lost (st, prefix_proofs[k].prefix, prefix_proofs[k].budget, lim))
        return TRUE;
      if (prefix_proofs[k].prefix >= cards)
        break;
    }
  return FALSE;
}

/* After the proof, runs of two kinds take turns, each kind getting as
 * many positions as the other: the runs of 2000 positions go on in the
 * same orders as before, and runs of 200 positions that redeal first at
 * half their positions win other deals, some far sooner (21524: 75
 * thousand positions in all against 1.2 million; 28430 is won, it was
 * undecided).  The loop is felt_solve_restarts' with two kinds of run
 * (felt_run_begin, felt_runs_end are shared).  The kind with fewer
 * positions so far goes next; all are whole numbers, so a deal's count is
 * the same on every run.  The turns stop after the run that reaches
 * `until` positions in all and go on from there when called again (the
 * search round by round comes between): the runs are the same, in the
 * same order, as without it. */
typedef struct {
  guint64 run_budget;
  guint stock_first;
  guint64 seed, runs, nodes;
} RunKind;

typedef struct {
  RunKind kinds[2];
} Portfolio;

static void
cruel_portfolio_init (Portfolio *p, guint64 seed)
{
  *p = (Portfolio) { {
    { CRUEL_RUN, CRUEL_STOCK_FIRST, seed, CRUEL_FIRST_RUNS, 0 },
    { CRUEL_SHORT_RUN, CRUEL_SHORT_STOCK_FIRST, felt_mix64 (seed ^ CRUEL_SHORT_RUN), 1, 0 },
  } };
}

static FeltSolveVerdict
cruel_portfolio (FeltState *st, Cruel *c, Portfolio *p, guint64 until, Limits *lim, GArray *line)
{
  guint64 budget = lim->budget, stop = MIN (budget, until);
  FeltSolveVerdict verdict = FELT_SOLVE_UNKNOWN;
  KeySet seen;

  keyset_init (&seen, 10);
  while (!lim->cancelled && lim->nodes < stop)
    {
      RunKind *k = &p->kinds[p->kinds[1].nodes < p->kinds[0].nodes];
      guint64 before = lim->nodes;
      DfsOutcome outcome;

      /* As felt_solve_restarts orders run r: the kind of 2000 positions
       * goes on with run 25. */
      c->shuffle.rng = felt_mix64 (k->seed + k->runs) | 1;
      c->shuffle.odds = k->stock_first;
      felt_run_begin (&seen, lim, line, budget, k->run_budget);
      outcome = felt_dfs (st, cruel_gen, c, cruel_key, NULL, &seen, lim, line);
      k->runs++;
      k->nodes += lim->nodes - before;
      verdict = felt_dfs_verdict (outcome);
      if (verdict != FELT_SOLVE_UNKNOWN)
        break;
    }
  return felt_runs_end (verdict, budget, &seen, lim, line);
}

/* Then the search round by round (cruel-beam.c), between the turns of
 * runs up to 400 thousand positions and the turns after: narrow first
 * (it wins deals that redeal early and often far sooner than the runs
 * do, and some they never win), then widening: widths 250, 500, ...
 * 4000, each layout dealt proven lost or kept, each width searched anew
 * until it wins, proves the deal lost (no layout was left out) or runs
 * out of layouts; up to 1000, each width is also searched with 40% of
 * it given to the best ordered layouts.  A narrow search that runs out
 * is cheap, and most deals it leaves are won at width 250 or 500: on the
 * undecided deals of 20001-50000, a single width of 5000 needed up to 19
 * million positions for wins that widening found in at most 4.3
 * million, and the ordered layouts win two more.  The 9.3 million
 * positions of both (the relaxed positions of the proofs included) come
 * on top of the 2.2 million the solver had before, so the runs keep
 * every position they had: each deal they won they still win; what the
 * search leaves unspent goes to the runs after it.  Set on the
 * undecided deals of 20001-50000 (README.md). */
#define CRUEL_RUNS_BEFORE_BEAMS 400000
#define CRUEL_ORDERED_SHARE 40
static const struct {
  guint width, widest, ordered_upto, per_round;
  guint64 budget;
  CruelDeadFunc dead;
} beams[] = {
  { 1000, 1000, 0, 1000, 300000, cruel_dead },
  { 250, 4000, 1000, 20000, 9000000, cruel_proven_dead },
};

/* Last, for the deals nothing above decided: the proof from the first 12
 * cards once more, each relaxed position pruned by the same game of its
 * first 8 (cruel-relax.c), up to 2 million relaxed positions.  Of the
 * deals left undecided in 1-50000 it proves 4219, 25607, 40598 and 45844
 * lost (82 thousand, 188, 4.4 thousand and 1.3 million positions); for
 * the others (20877, 49151, and 10434, 16199, 19393 of the deals 10001-
 * 20000 looked at afterwards) the relaxed game is won, within 225
 * thousand positions: no proof.  It comes on top of the budget, after
 * the runs have had all they had before: every deal is decided as it
 * was, in as many positions, and what the proof leaves goes to the runs.
 * Before the runs it made a win among them (28557) 2 million positions
 * later. */
#define CRUEL_PRUNED_PROOF 2000000

static FeltSolveVerdict
solve_cruel (FeltState *st, Limits *lim, GArray *line, double *win_chance)
{
  (void) win_chance;

  const FeltGame *game = felt_state_game (st);
  Cruel c = {
    .shuffle = { .stock_first = CRUEL_STOCK_FIRST },
    .first_tableau = (guint) felt_game_find_pile (game, FELT_ROLE_TABLEAU, 0),
    .n_tableau = felt_game_count_piles (game, FELT_ROLE_TABLEAU),
    .lim = lim,
  };
  guint64 budget = lim->budget, seed = felt_state_key (st, FALSE, FALSE), start = lim->nodes;
  guint64 runs_end;
  FeltSolveVerdict verdict;
  Portfolio runs;

  lim->budget = MIN (budget, lim->nodes + CRUEL_FIRST_RUNS * CRUEL_RUN);
  verdict = felt_solve_restarts (st, cruel_gen, &c.shuffle, &c, cruel_key, NULL, CRUEL_RUN, seed,
                                 lim, line);
  lim->budget = budget;
  lim->spent = lim->nodes >= budget;
  if (verdict != FELT_SOLVE_UNKNOWN || limits_stopped (lim))
    return verdict;
  if (cruel_prefix_lost (st, lim))
    return FELT_SOLVE_LOST;
  cruel_portfolio_init (&runs, seed);
  verdict = cruel_portfolio (st, &c, &runs, start + CRUEL_RUNS_BEFORE_BEAMS, lim, line);
  if (verdict != FELT_SOLVE_UNKNOWN || limits_stopped (lim))
    return verdict;
  for (guint k = 0; k < G_N_ELEMENTS (beams); k++)
    {
      lim->budget = MIN (budget, lim->nodes + beams[k].budget);
      verdict = FELT_SOLVE_UNKNOWN;
      for (guint w = beams[k].width;
           verdict == FELT_SOLVE_UNKNOWN && w <= beams[k].widest && !limits_stopped (lim); w *= 2)
        for (guint o = 0; o < (w <= beams[k].ordered_upto ? 2u : 1u)
                          && verdict == FELT_SOLVE_UNKNOWN && !limits_stopped (lim); o++)
          verdict = felt_cruel_beam (st, w, o ? CRUEL_ORDERED_SHARE : 0, beams[k].per_round,
                                     beams[k].dead, &c, lim, line);
      lim->budget = budget;
      lim->spent = lim->nodes >= budget;
      if (verdict != FELT_SOLVE_UNKNOWN)
        return verdict;
      if (limits_stopped (lim))
        return FELT_SOLVE_UNKNOWN;
    }
  runs_end = budget > CRUEL_PRUNED_PROOF ? budget - CRUEL_PRUNED_PROOF : 0;
  verdict = cruel_portfolio (st, &c, &runs, runs_end, lim, line);
  if (verdict != FELT_SOLVE_UNKNOWN || limits_stopped (lim))
    return verdict;
  if (felt_cruel_prefix_lost_pruned (st, 12, CRUEL_PRUNED_PROOF, lim))
    return FELT_SOLVE_LOST;
  return cruel_portfolio (st, &c, &runs, G_MAXUINT64, lim, line);
}

/* About a second for all but the hardest deals: short restarts, about
 * 2.5 million positions a second on one core of a 2-core AMD EPYC; then
 * the search round by round (9.3 million positions, the proofs'
 * relaxed ones included) and the pruned proof (2 million), so that a
 * deal left undecided takes 2-4 s on a machine twice as fast as that
 * one.  The ratings' scale stays at the 2.2 million positions the budget
 * was before the search round by round.
 */
const FeltSolverStrategy felt_solver_cruel = {
  .game = "cruel",
  .default_budget = 11500000 + CRUEL_PRUNED_PROOF,
  .rate_budget = 2200000,
  .solve = solve_cruel,
  .easy_max = 656,
  .medium_max = 737,
};
