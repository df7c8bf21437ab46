/* test-solver.c: the solver's verdicts on positions (rules/felt-solver.h);
 * test-solver-deals.c has whole deals, the difficulty, budgets, threads
 * and felt-cli.
 *
 *  - Verdicts are cross-checked against a plain exhaustive search (no
 *    dominance, no dead ends, no heuristics) on many small random
 *    positions of every game, where that search finishes: the verdicts
 *    must agree.  This checks the dominance rules of Straight Up, the
 *    dead-end rule of Cruel, Backbone's safe moves and blocked reserve
 *    cards, and the "lost" claims of every game.
 *  - Constructed positions: a win in two moves per game, found with the
 *    exact line; a Cruel position lost by the bottom-group rule; Backbone
 *    positions lost by a blocked card and by the twin rule (and their
 *    won variants), checked by the exhaustive search, and a real deal.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "felt-session.h"
#include "felt-solver.h"
#include "felt-test-util.h"
#include "solver/cruel-relax.h"
#include "solver/felt-solver-private.h"

/* ---- helpers ------------------------------------------------------------- */

static const char *
verdict_name (FeltSolveVerdict v)
{
  return felt_solve_verdict_id (v);
}

/* The same from any position: each move checked by the engine. */
static void
assert_line_wins_state (const FeltState *start, const GArray *line)
{
  FeltState st = *start;

  for (guint i = 0; i < line->len; i++)
    {
      const FeltMove *m = &g_array_index (line, FeltMove, i);
      FeltUndo undo;
      FeltIllegal why = felt_state_check_move (&st, m);
      if (why != FELT_LEGAL)
        fail_msg ("move %u of %u (%u->%u x%u%s) refused: %s", i, line->len, m->from, m->to,
                  m->count, m->stock ? " stock" : "", felt_illegal_message (why));
      felt_state_apply (&st, m, &undo);
    }
  if (!felt_state_is_won (&st))
    fail_msg ("the line of %u moves does not end in a win", line->len);
}

static void
assert_move_is (const FeltState *st, const FeltMove *got, const char *from, guint count,
                const char *to)
{
  FeltMove want = felt_test_move (st, from, count, to);

  assert_int_equal (got->stock, 0);
  assert_int_equal (got->from, want.from);
  assert_int_equal (got->count, want.count);
  assert_int_equal (got->to, want.to);
}

static void
assert_stock_move (const FeltMove *got)
{
  assert_int_equal (got->stock, 1);
}

static char *
card_name (FeltCard c)
{
  char buf[3];

  felt_card_to_string (c, buf);
  return g_strdup (buf);
}

/* ---- small random positions against the exhaustive search ------------------ */

/* Cards as pile strings for felt_state_set_piles. */
typedef struct {
  GString *piles[FELT_MAX_PILES];
} Layout;

static void
layout_init (Layout *l)
{
  for (guint p = 0; p < FELT_MAX_PILES; p++)
    l->piles[p] = g_string_new (NULL);
}

static void
layout_clear (Layout *l)
{
  for (guint p = 0; p < FELT_MAX_PILES; p++)
    g_string_free (l->piles[p], TRUE);
}

static void
layout_put (Layout *l, guint pile, FeltCard c)
{
  g_autofree char *name = card_name (c);

  if (l->piles[pile]->len)
    g_string_append_c (l->piles[pile], ' ');
  g_string_append (l->piles[pile], name);
}

static void
layout_build (Layout *l, const FeltGame *game, FeltState *st)
{
  const char *piles[FELT_MAX_PILES] = { NULL };
  g_autoptr (GError) error = NULL;

  for (guint p = 0; p < game->n_piles; p++)
    piles[p] = l->piles[p]->str;
  if (!felt_state_set_piles (st, game, piles, &error))
    fail_msg ("bad layout: %s", error->message);
}

static void
shuffle_cards (GRand *rand, FeltCard *cards, guint n)
{
  for (guint i = n; i > 1; i--)
    {
      guint j = (guint) g_rand_int_range (rand, 0, (gint32) i);
      FeltCard t = cards[i - 1];
      cards[i - 1] = cards[j];
      cards[j] = t;
    }
}

static int
pile_of (const FeltGame *game, FeltRole role, guint index)
{
  int p = felt_game_find_pile (game, role, index);

  assert_true (p >= 0);
  return p;
}

/* Cruel: suits built to random heights, the other cards dealt into the
 * tableau, either as after a redeal (groups of four) or in piles of
 * random sizes after some move. */
static void
random_cruel_between (GRand *rand, FeltState *st, gint32 min_left, gint32 max_left)
{
  const FeltGame *game = felt_game_get (FELT_GAME_CRUEL);
  guint height[4] = { 13, 13, 13, 13 };
  guint left = (guint) g_rand_int_range (rand, min_left, max_left);
  FeltCard rest[52];
  guint n = 0, next = 0;
  Layout l;

  layout_init (&l);
  while (n < left)
    {
      guint s = (guint) g_rand_int_range (rand, 0, 4);
      if (height[s] > 1)
        {
          height[s]--;
          rest[n++] = FELT_CARD (height[s] + 1, s);
        }
    }
  for (guint s = 0; s < 4; s++)
    for (guint r = 1; r <= height[s]; r++)
      layout_put (&l, (guint) pile_of (game, FELT_ROLE_FOUNDATION, s), FELT_CARD (r, s));
  shuffle_cards (rand, rest, n);
  if (g_rand_boolean (rand))
    {
      for (guint i = 0; i < n; i++)
        layout_put (&l, (guint) pile_of (game, FELT_ROLE_TABLEAU, i / 4), rest[i]);
      layout_build (&l, game, st);
    }
  else
    {
      for (guint p = 0; p < 12 && next < n; p++)
        {
          guint size = p == 11 ? n - next : (guint) g_rand_int_range (rand, 0, 6);
          for (guint k = 0; k < size && next < n; k++)
            layout_put (&l, (guint) pile_of (game, FELT_ROLE_TABLEAU, p), rest[next++]);
        }
      layout_build (&l, game, st);
      st->flags |= FELT_STATE_MOVED_SINCE_DEAL;
    }
  layout_clear (&l);
}

static void
random_cruel (GRand *rand, FeltState *st)
{
  random_cruel_between (rand, st, 5, 12);
}

/* Straight Up: suits built from the 2 (aces high) to random heights; the
 * other cards in the reserve, in tableau runs, the stock and the waste; the
 * tableau full while the reserve lasts (it refills at once). */
static void
random_straight_up (GRand *rand, FeltState *st)
{
  const FeltGame *game = felt_game_get (FELT_GAME_STRAIGHT_UP);
  guint height[4] = { 13, 13, 13, 13 };  /* cards on the foundation, 2 first */
  guint left = (guint) g_rand_int_range (rand, 14, 24);
  FeltCard rest[52];
  gboolean used[52] = { FALSE };
  guint n = 0;
  guint reserve;
  Layout l;

  layout_init (&l);
  while (n < left)
    {
      guint s = (guint) g_rand_int_range (rand, 0, 4);
      if (height[s] > 1)
        {
          guint value = height[s] + 1;     /* 2..14, 14 = ace */
          height[s]--;
          rest[n++] = FELT_CARD (value == 14 ? 1 : value, s);
        }
    }
  for (guint s = 0; s < 4; s++)
    for (guint v = 2; v < 2 + height[s]; v++)
      layout_put (&l, (guint) pile_of (game, FELT_ROLE_FOUNDATION, s), FELT_CARD (v == 14 ? 1 : v, s));
  shuffle_cards (rand, rest, n);

  reserve = (guint) g_rand_int_range (rand, 0, 3);
  if (n < 4 + reserve)
    reserve = 0;
  for (guint i = 0; i < reserve; i++)
    {
      layout_put (&l, (guint) pile_of (game, FELT_ROLE_RESERVE, 0), rest[i]);
      used[i] = TRUE;
    }
  /* Tableau runs: a card, then perhaps the card below it in its suit. */
  for (guint t = 0; t < 4; t++)
    {
      int p = pile_of (game, FELT_ROLE_TABLEAU, t);
      guint i;
      if (reserve == 0 && g_rand_int_range (rand, 0, 6) == 0)
        continue;
      for (i = 0; i < n && used[i]; i++)
        ;
      if (i == n)
        break;
      layout_put (&l, (guint) p, rest[i]);
      used[i] = TRUE;
      if (g_rand_boolean (rand))
        {
          guint rank = FELT_CARD_RANK (rest[i]);
          guint value = rank == 1 ? 14 : rank;
          for (guint j = 0; j < n; j++)
            if (!used[j] && FELT_CARD_SUIT (rest[j]) == FELT_CARD_SUIT (rest[i]) && value > 3 &&
                FELT_CARD_RANK (rest[j]) == value - 1)
              {
                layout_put (&l, (guint) p, rest[j]);
                used[j] = TRUE;
                break;
              }
        }
    }
  for (guint i = 0; i < n; i++)
    if (!used[i])
      layout_put (&l, g_rand_int_range (rand, 0, 3) == 0 ? 0 : 1, rest[i]);
  layout_build (&l, game, st);
  /* Mostly the last pass, where the order of the waste can sink a game. */
  st->redeals = (guint8) MIN (g_rand_int_range (rand, 0, 5), 2);
  layout_clear (&l);
}

/* Scuffle: foundations of random heights, each rank of them in random
 * suits; the other cards on the reserves and in the stock. */
static void
random_scuffle (GRand *rand, FeltState *st)
{
  const FeltGame *game = felt_game_get (FELT_GAME_SCUFFLE);
  guint height[4];
  FeltCard rest[52];
  guint n = 0, total = 0;
  Layout l;

  layout_init (&l);
  do
    {
      total = 0;
      for (guint f = 0; f < 4; f++)
        {
          height[f] = (guint) g_rand_int_range (rand, 6, 14);
          total += 13 - height[f];
        }
    }
  while (total < 8 || total > 18);
  for (guint r = 1; r <= 13; r++)
    {
      FeltCard suits[4] = { FELT_CARD (r, 0), FELT_CARD (r, 1), FELT_CARD (r, 2), FELT_CARD (r, 3) };
      guint k = 0;
      shuffle_cards (rand, suits, 4);
      for (guint f = 0; f < 4; f++)
        if (height[f] >= r)
          layout_put (&l, (guint) pile_of (game, FELT_ROLE_FOUNDATION, f), suits[k++]);
      while (k < 4)
        rest[n++] = suits[k++];
    }
  shuffle_cards (rand, rest, n);
  {
    /* Reserve piles, most of them with the lower cards on top (as
     * a player keeps them), then the stock. */
    FeltCard piles[4][52];
    guint sizes[4] = { 0 };
    for (guint i = 0; i < n; i++)
      {
        guint where = (guint) g_rand_int_range (rand, 0, 7);
        if (where >= 4)
          layout_put (&l, 0, rest[i]);
        else
          piles[where][sizes[where]++] = rest[i];
      }
    for (guint p = 0; p < 4; p++)
      {
        gboolean sorted = g_rand_boolean (rand);
        for (guint i = 1; sorted && i < sizes[p]; i++)
          for (guint j = i; j > 0 && FELT_CARD_RANK (piles[p][j - 1]) < FELT_CARD_RANK (piles[p][j]); j--)
            {
              FeltCard t = piles[p][j];
              piles[p][j] = piles[p][j - 1];
              piles[p][j - 1] = t;
            }
        for (guint i = 0; i < sizes[p]; i++)
          layout_put (&l, (guint) pile_of (game, FELT_ROLE_RESERVE, p), piles[p][i]);
      }
  }
  layout_build (&l, game, st);
  st->redeals = (guint8) MIN (g_rand_int_range (rand, 0, 5), 2);
  st->rng = ((guint64) g_rand_int (rand) << 32) | g_rand_int (rand);
  layout_clear (&l);
}

/* The foundations of Hopscotch to the given heights; the cards left over
 * (the first free suit for each rank) are returned. */
static guint
hopscotch_foundations (Layout *l, const guint height[4], FeltCard *rest)
{
  const FeltGame *game = felt_game_get (FELT_GAME_HOPSCOTCH);
  gboolean used[4][14] = { { FALSE } };
  guint n = 0;

  /* The clubs A to 4 start the foundations. */
  for (guint f = 0; f < 4; f++)
    used[FELT_CLUBS][f + 1] = TRUE;
  for (guint f = 0; f < 4; f++)
    {
      guint rank = f + 1;
      layout_put (l, (guint) pile_of (game, FELT_ROLE_FOUNDATION, f), FELT_CARD (rank, FELT_CLUBS));
      for (guint k = 1; k < height[f]; k++)
        {
          guint s = 0;
          rank = (rank - 1 + f + 1) % 13 + 1;
          while (used[s][rank])
            s++;
          used[s][rank] = TRUE;
          layout_put (l, (guint) pile_of (game, FELT_ROLE_FOUNDATION, f), FELT_CARD (rank, s));
        }
    }
  for (guint s = 0; s < 4; s++)
    for (guint r = 1; r <= 13; r++)
      if (!used[s][r])
        rest[n++] = FELT_CARD (r, s);
  return n;
}

/* Hopscotch: the foundations to random heights (their ranks fixed, suits
 * the first free ones); the other cards in the stock, the waste and the
 * reserves. */
static void
random_hopscotch (GRand *rand, FeltState *st)
{
  const FeltGame *game = felt_game_get (FELT_GAME_HOPSCOTCH);
  guint height[4];
  FeltCard rest[52];
  guint n = 0, total;
  Layout l;

  layout_init (&l);
  do
    {
      total = 0;
      for (guint f = 0; f < 4; f++)
        {
          height[f] = (guint) g_rand_int_range (rand, 8, 14);
          total += 13 - height[f];
        }
    }
  while (total < 6 || total > 13);
  n = hopscotch_foundations (&l, height, rest);
  shuffle_cards (rand, rest, n);
  for (guint i = 0; i < n; i++)
    {
      guint where = (guint) g_rand_int_range (rand, 0, 7);
      if (where == 6 && l.piles[1]->len == 0)
        layout_put (&l, 1, rest[i]);
      else if (where >= 4)
        layout_put (&l, 0, rest[i]);
      else
        layout_put (&l, (guint) pile_of (game, FELT_ROLE_RESERVE, where), rest[i]);
    }
  layout_build (&l, game, st);
  layout_clear (&l);
}

/* Backbone: the two foundations of each suit to random heights; the other
 * cards in tableau runs, the reserve, the stock and the waste. */
static void
random_backbone (GRand *rand, FeltState *st)
{
  const FeltGame *game = felt_game_get (FELT_GAME_BACKBONE);
  guint height[8];
  FeltCard rest[104];
  gboolean used[104] = { FALSE };
  guint n = 0, total;
  Layout l;

  layout_init (&l);
  do
    {
      total = 0;
      for (guint f = 0; f < 8; f++)
        {
          height[f] = (guint) g_rand_int_range (rand, 9, 14);
          total += 13 - height[f];
        }
    }
  while (total < 8 || total > 14);
  /* Foundation f builds suit f % 4. */
  for (guint f = 0; f < 8; f++)
    {
      for (guint r = 1; r <= height[f]; r++)
        layout_put (&l, (guint) pile_of (game, FELT_ROLE_FOUNDATION, f), FELT_CARD (r, f % 4));
      for (guint r = height[f] + 1; r <= 13; r++)
        rest[n++] = FELT_CARD (r, f % 4);
    }
  shuffle_cards (rand, rest, n);
  /* A few tableau runs of one or two cards. */
  for (guint t = 0; t < 8; t++)
    {
      guint i;
      if (g_rand_int_range (rand, 0, 4) != 0)
        continue;
      for (i = 0; i < n && used[i]; i++)
        ;
      if (i == n)
        break;
      layout_put (&l, (guint) pile_of (game, FELT_ROLE_TABLEAU, t), rest[i]);
      used[i] = TRUE;
      for (guint j = 0; j < n; j++)
        if (!used[j] && g_rand_boolean (rand) && rest[j] + 1 == rest[i])
          {
            layout_put (&l, (guint) pile_of (game, FELT_ROLE_TABLEAU, t), rest[j]);
            used[j] = TRUE;
            break;
          }
    }
  for (guint i = 0; i < n; i++)
    {
      guint where;
      if (used[i])
        continue;
      where = (guint) g_rand_int_range (rand, 0, 8);
      switch (where)
        {
        case 0:
        case 1:
          layout_put (&l, (guint) pile_of (game, FELT_ROLE_RESERVE, where), rest[i]);
          break;
        case 2:
          if (l.piles[pile_of (game, FELT_ROLE_RESERVE, 2)]->len == 0)
            {
              layout_put (&l, (guint) pile_of (game, FELT_ROLE_RESERVE, 2), rest[i]);
              break;
            }
          G_GNUC_FALLTHROUGH;
        case 3:
        case 6:
          layout_put (&l, 1, rest[i]);
          break;
        case 4:
        case 5:
          layout_put (&l, (guint) pile_of (game, FELT_ROLE_RESERVE, g_rand_int_range (rand, 0, 2)),
                      rest[i]);
          break;
        default:
          layout_put (&l, 0, rest[i]);
          break;
        }
    }
  layout_build (&l, game, st);
  st->redeals = (guint8) MIN (g_rand_int_range (rand, 0, 4), 1);
  layout_clear (&l);
}

typedef void (*RandomPosition) (GRand *rand, FeltState *st);

/* Positions where the exhaustive search finishes must get the same
 * verdict from felt_solve; every line must win. */
static void
cross_check (RandomPosition make, guint count, guint32 seed, guint min_won, guint min_lost)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
  guint won = 0, lost = 0;

  for (guint i = 0; i < count; i++)
    {
      FeltState st;
      FeltSolveResult fast, full;

      make (rand, &st);
      felt_solve_exhaustive (&st, 400000, NULL, &full);
      felt_solve (&st, 400000, NULL, &fast);
      if (full.verdict == FELT_SOLVE_WINNABLE)
        assert_line_wins_state (&st, full.line);
      if (fast.verdict == FELT_SOLVE_WINNABLE)
        assert_line_wins_state (&st, fast.line);
      if (full.verdict != FELT_SOLVE_UNKNOWN && fast.verdict != FELT_SOLVE_UNKNOWN &&
          full.verdict != fast.verdict)
        {
          g_autofree char *text = felt_state_to_text (&st, 0);
          fail_msg ("position %u: the solver says %s, the exhaustive search %s:\n%s", i,
                    verdict_name (fast.verdict), verdict_name (full.verdict), text);
        }
      /* A proof of loss needs the full search to agree. */
      if (fast.verdict == FELT_SOLVE_LOST && full.verdict == FELT_SOLVE_UNKNOWN)
        {
          FeltSolveResult bigger;
          felt_solve_exhaustive (&st, 1500000, NULL, &bigger);
          assert_int_not_equal (bigger.verdict, FELT_SOLVE_WINNABLE);
          felt_solve_result_clear (&bigger);
        }
      won += full.verdict == FELT_SOLVE_WINNABLE;
      lost += full.verdict == FELT_SOLVE_LOST;
      felt_solve_result_clear (&fast);
      felt_solve_result_clear (&full);
    }
  /* The sample must contain both kinds, or it checks little. */
  if (won < min_won || lost < min_lost)
    fail_msg ("only %u won and %u lost positions among %u", won, lost, count);
}

static void
test_small_cruel (void **unused)
{
  cross_check (random_cruel, 150, 11, 10, 10);
}

static void
test_small_straight_up (void **unused)
{
  cross_check (random_straight_up, 200, 12, 10, 10);
}

static void
test_small_scuffle (void **unused)
{
  cross_check (random_scuffle, 120, 13, 8, 8);
}

static void
test_small_hopscotch (void **unused)
{
  cross_check (random_hopscotch, 120, 14, 8, 8);
}

static void
test_small_backbone (void **unused)
{
  cross_check (random_backbone, 120, 15, 8, 8);
}

/* ---- constructed positions ---------------------------------------------------- */

static void
solve_position (const FeltState *st, FeltSolveResult *r)
{
  assert_true (felt_solve (st, 100000, NULL, r));
}

/* The solver's verdict on st is `want` (a winning line replays through
 * the engine), and so is the exhaustive search's; returns the positions
 * the solver searched. */
static guint64
assert_solver_agrees (const FeltState *st, FeltSolveVerdict want)
{
  FeltSolveResult r, full;
  guint64 nodes;

  solve_position (st, &r);
  assert_int_equal (r.verdict, want);
  if (want == FELT_SOLVE_WINNABLE)
    assert_line_wins_state (st, r.line);
  felt_solve_exhaustive (st, 2000000, NULL, &full);
  assert_int_equal (full.verdict, want);
  nodes = r.nodes;
  felt_solve_result_clear (&r);
  felt_solve_result_clear (&full);
  return nodes;
}

static void
test_won_in_two_cruel (void **unused)
{
  FeltState st;
  FeltSolveResult r;

  felt_test_position (&st, "cruel",
                      "foundation.0", "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC",
                      "foundation.1", "AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
                      "foundation.2", "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH",
                      "foundation.3", "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS",
                      "tableau.4", "KH QH", NULL);
  solve_position (&st, &r);
  assert_int_equal (r.verdict, FELT_SOLVE_WINNABLE);
  assert_int_equal (r.line->len, 2);
  assert_move_is (&st, &g_array_index (r.line, FeltMove, 0), "tableau.4", 1, "foundation.2");
  assert_move_is (&st, &g_array_index (r.line, FeltMove, 1), "tableau.4", 1, "foundation.2");
  assert_line_wins_state (&st, r.line);
  felt_solve_result_clear (&r);
}

static void
test_won_in_two_straight_up (void **unused)
{
  FeltState st;
  FeltSolveResult r;

  /* Aces high: the hearts need the K, then the A. */
  felt_test_position (&st, "straight-up",
                      "foundation.0", "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
                      "foundation.1", "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
                      "foundation.2", "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH",
                      "foundation.3", "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
                      "tableau.1", "KH", "waste", "AH", NULL);
  solve_position (&st, &r);
  assert_int_equal (r.verdict, FELT_SOLVE_WINNABLE);
  assert_int_equal (r.line->len, 2);
  assert_move_is (&st, &g_array_index (r.line, FeltMove, 0), "tableau.1", 1, "foundation.2");
  assert_move_is (&st, &g_array_index (r.line, FeltMove, 1), "waste", 1, "foundation.2");
  felt_solve_result_clear (&r);
}

static void
test_won_in_two_hopscotch (void **unused)
{
  const FeltGame *game = felt_game_get (FELT_GAME_HOPSCOTCH);
  const guint height[4] = { 12, 13, 13, 13 };
  FeltCard rest[52];
  FeltState st;
  FeltSolveResult r;
  Layout l;

  /* Foundation 1 (by ones) waits for its King, which lies in the stock. */
  layout_init (&l);
  assert_int_equal (hopscotch_foundations (&l, height, rest), 1);
  assert_int_equal (FELT_CARD_RANK (rest[0]), FELT_KING);
  layout_put (&l, 0, rest[0]);
  layout_build (&l, game, &st);
  layout_clear (&l);

  solve_position (&st, &r);
  assert_int_equal (r.verdict, FELT_SOLVE_WINNABLE);
  assert_int_equal (r.line->len, 2);
  assert_stock_move (&g_array_index (r.line, FeltMove, 0));
  assert_move_is (&st, &g_array_index (r.line, FeltMove, 1), "waste", 1, "foundation.0");
  assert_line_wins_state (&st, r.line);
  felt_solve_result_clear (&r);
}

/* Foundation 1 (by ones) needs the Queen, then the King; the only other
 * cards lie in one reserve pile.  Queen over King wins, King over Queen
 * jams: the Queen can never come out.  Both verdicts agree with the
 * exhaustive search. */
static void
test_jammed_reserve_hopscotch (void **unused)
{
  const FeltGame *game = felt_game_get (FELT_GAME_HOPSCOTCH);
  const guint height[4] = { 11, 13, 13, 13 };
  int reserve = pile_of (game, FELT_ROLE_RESERVE, 2);

  for (int jammed = 0; jammed < 2; jammed++)
    {
      FeltCard rest[52], queen, king;
      FeltState st;
      FeltSolveResult r, full;
      Layout l;

      layout_init (&l);
      assert_int_equal (hopscotch_foundations (&l, height, rest), 2);
      queen = FELT_CARD_RANK (rest[0]) == FELT_KING ? rest[1] : rest[0];
      king = FELT_CARD_RANK (rest[0]) == FELT_KING ? rest[0] : rest[1];
      assert_int_equal (FELT_CARD_RANK (queen), FELT_KING - 1);
      assert_int_equal (FELT_CARD_RANK (king), FELT_KING);
      /* Bottom first: the card on top plays first. */
      layout_put (&l, (guint) reserve, jammed ? queen : king);
      layout_put (&l, (guint) reserve, jammed ? king : queen);
      layout_build (&l, game, &st);
      layout_clear (&l);

      solve_position (&st, &r);
      felt_solve_exhaustive (&st, 100000, NULL, &full);
      assert_int_equal (r.verdict, jammed ? FELT_SOLVE_LOST : FELT_SOLVE_WINNABLE);
      assert_int_equal (full.verdict, r.verdict);
      if (!jammed)
        {
          assert_int_equal (r.line->len, 2);
          assert_line_wins_state (&st, r.line);
        }
      felt_solve_result_clear (&r);
      felt_solve_result_clear (&full);
    }
}

static void
test_won_in_two_scuffle (void **unused)
{
  FeltState st;
  FeltSolveResult r;

  /* Any suit builds: the reserve's Q then K go onto the Jack. */
  felt_test_position (&st, "scuffle",
                      "foundation.0", "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC",
                      "foundation.1", "AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
                      "foundation.2", "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
                      "foundation.3", "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS",
                      "reserve.2", "KC QC", NULL);
  solve_position (&st, &r);
  assert_int_equal (r.verdict, FELT_SOLVE_WINNABLE);
  assert_int_equal (r.line->len, 2);
  assert_move_is (&st, &g_array_index (r.line, FeltMove, 0), "reserve.2", 1, "foundation.0");
  assert_move_is (&st, &g_array_index (r.line, FeltMove, 1), "reserve.2", 1, "foundation.0");
  /* Every quick game wins too. */
  assert_true (r.win_chance == 1.0);
  assert_line_wins_state (&st, r.line);
  felt_solve_result_clear (&r);
}

static void
test_won_in_two_backbone (void **unused)
{
  const FeltGame *game = felt_game_get (FELT_GAME_BACKBONE);
  FeltState st;
  FeltSolveResult r;
  Layout l;

  /* Foundation f builds suit f % 4; foundation 2 (hearts) waits for the
   * Q and K of hearts, which lie on tableau 5. */
  layout_init (&l);
  for (guint f = 0; f < 8; f++)
    for (guint rank = 1; rank <= (f == 2 ? 11u : 13u); rank++)
      layout_put (&l, (guint) pile_of (game, FELT_ROLE_FOUNDATION, f), FELT_CARD (rank, f % 4));
  layout_put (&l, (guint) pile_of (game, FELT_ROLE_TABLEAU, 5), FELT_CARD (13, FELT_HEARTS));
  layout_put (&l, (guint) pile_of (game, FELT_ROLE_TABLEAU, 5), FELT_CARD (12, FELT_HEARTS));
  layout_build (&l, game, &st);
  layout_clear (&l);

  solve_position (&st, &r);
  assert_int_equal (r.verdict, FELT_SOLVE_WINNABLE);
  assert_int_equal (r.line->len, 2);
  assert_move_is (&st, &g_array_index (r.line, FeltMove, 0), "tableau.5", 1, "foundation.2");
  assert_move_is (&st, &g_array_index (r.line, FeltMove, 1), "tableau.5", 1, "foundation.2");
  assert_line_wins_state (&st, r.line);
  felt_solve_result_clear (&r);
}

static void
test_already_won (void **unused)
{
  FeltState st;
  FeltSolveResult r;

  felt_test_position (&st, "cruel",
                      "foundation.0", "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC",
                      "foundation.1", "AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
                      "foundation.2", "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
                      "foundation.3", "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS", NULL);
  solve_position (&st, &r);
  assert_int_equal (r.verdict, FELT_SOLVE_WINNABLE);
  assert_int_equal (r.line->len, 0);
  felt_solve_result_clear (&r);
}

/* The King of hearts lies above the 4 in the first pile's bottom group:
 * the 4 can never get home before the King, nor the King before the 4.
 * Moves remain (the Q onto the K, redeals), but the rule sees it at
 * once, and the exhaustive search agrees. */
static void
test_lost_cruel_bottom_group (void **unused)
{
  FeltMove moves[FELT_MAX_MOVES];
  FeltState st;
  FeltSolveResult r, full;

  felt_test_position (&st, "cruel",
                      "foundation.0", "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC",
                      "foundation.1", "AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
                      "foundation.2", "AH 2H 3H",
                      "foundation.3", "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS",
                      "tableau.0", "4H KH",
                      "tableau.1", "5H 6H 7H 8H",
                      "tableau.2", "9H TH JH QH", NULL);
  st.flags |= FELT_STATE_MOVED_SINCE_DEAL;
  assert_true (felt_state_legal_moves (&st, moves) > 0);
  assert_true (felt_state_can_stock (&st));
  solve_position (&st, &r);
  assert_int_equal (r.verdict, FELT_SOLVE_LOST);
  assert_int_equal (r.nodes, 0);
  assert_int_equal (r.line->len, 0);
  felt_solve_exhaustive (&st, 2000000, NULL, &full);
  assert_int_equal (full.verdict, FELT_SOLVE_LOST);
  assert_true (full.nodes > 0);
  felt_solve_result_clear (&r);
  felt_solve_result_clear (&full);
}

/* Fails when the exhaustive search won position i, which a proof from
 * a prefix called lost. */
static void
assert_not_won (const FeltState *st, const FeltSolveResult *full, guint i, const char *proof,
                guint prefix)
{
  if (full->verdict == FELT_SOLVE_WINNABLE)
    {
      g_autofree char *text = felt_state_to_text (st, 0);
      fail_msg ("position %u: lost from %s of %u, yet the exhaustive search wins:\n%s", i, proof,
                prefix, text);
    }
}

/* Cruel's proof from a prefix of the sequence (cruel-relax.c), on its
 * own: on random positions of 8 to 15 cards, whenever it calls one lost
 * for a prefix of 4, 8 or 12 cards, the exhaustive search must not win
 * it, and nearly always proves it lost (it may run out of positions).
 * The same for the proof pruned by the game of the first 8 cards, from
 * 12 and 16 cards, which must also prove every position that the proof
 * without pruning proves (it only leaves out lost positions). */
static void
test_cruel_prefix_cross_check (void **unused)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (1302);
  guint claimed = 0, confirmed = 0, lost = 0, beyond_first = 0, pruned = 0;

  for (guint i = 0; i < 300; i++)
    {
      FeltState st;
      FeltSolveResult full;

      random_cruel_between (rand, &st, 8, 16);
      felt_solve_exhaustive (&st, 1500000, NULL, &full);
      for (guint prefix = 4; prefix <= 12; prefix += 4)
        {
          Limits lim = { .budget = G_MAXUINT64 };
          if (!felt_cruel_prefix_lost (&st, prefix, 1000000, &lim))
            continue;
          assert_not_won (&st, &full, i, "a prefix", prefix);
          claimed++;
          confirmed += full.verdict == FELT_SOLVE_LOST;
          beyond_first += prefix > 4;
        }
      for (guint prefix = 12; prefix <= 16; prefix += 4)
        {
          Limits lim = { .budget = G_MAXUINT64 }, lim2 = { .budget = G_MAXUINT64 };
          gboolean plain = felt_cruel_prefix_lost (&st, prefix, 1000000, &lim);

          if (!felt_cruel_prefix_lost_pruned (&st, prefix, 1000000, &lim2))
            {
              if (plain)
                fail_msg ("position %u: lost from a prefix of %u, but not pruned", i, prefix);
              continue;
            }
          assert_not_won (&st, &full, i, "a pruned prefix", prefix);
          pruned++;
        }
      lost += full.verdict == FELT_SOLVE_LOST;
      felt_solve_result_clear (&full);
    }
  /* (361 claims of 140 lost positions, all confirmed, 263 from 8 or 12;
   * 278 pruned ones.) */
  if (claimed < 100 || confirmed < claimed - 10 || beyond_first < 50 || lost < 50 || pruned < 100)
    fail_msg ("too few to check: %u lost (%u confirmed, %u from 8 or 12 cards, %u pruned) of "
              "%u lost positions", claimed, confirmed, beyond_first, pruned, lost);
}

/* The first two piles hold each other fast: the 9 of hearts waits for the
 * 8 beneath it or the 10 beneath the King of diamonds, which waits for the
 * Queen beneath it.  Nothing lies before them, so every redeal cuts them
 * the same.  The spades still move (and redeals), the bottom-group rule
 * sees nothing (no card of the first pile lies over its successor), the
 * prefix of 8 cards proves it lost, that of 4 does not (the 10 of hearts
 * would be free), and the exhaustive search agrees. */
static void
test_lost_cruel_prefix (void **unused)
{
  FeltState st;
  FeltSolveResult r, full;
  Limits lim = { .budget = G_MAXUINT64 };

  felt_test_position (&st, "cruel",
                      "foundation.0", "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC",
                      "foundation.1", "AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD",
                      "foundation.2", "AH 2H 3H 4H 5H 6H 7H",
                      "foundation.3", "AS 2S 3S 4S 5S 6S 7S 8S 9S",
                      "tableau.0", "JH QH 8H 9H",
                      "tableau.1", "QD TH KH KD",
                      "tableau.2", "JS TS",
                      "tableau.3", "QS KS", NULL);
  st.flags |= FELT_STATE_MOVED_SINCE_DEAL;
  assert_true (felt_cruel_prefix_lost (&st, 8, 1000, &lim));
  assert_true (lim.nodes > 0);
  lim.nodes = 0;
  assert_false (felt_cruel_prefix_lost (&st, 4, 1000, &lim));
  solve_position (&st, &r);
  assert_int_equal (r.verdict, FELT_SOLVE_LOST);
  felt_solve_exhaustive (&st, 2000000, NULL, &full);
  assert_int_equal (full.verdict, FELT_SOLVE_LOST);
  felt_solve_result_clear (&r);
  felt_solve_result_clear (&full);
}

/* No move and no stock action: lost. */
static void
test_lost_no_moves (void **unused)
{
  FeltState st;
  FeltSolveResult r;

  /* Right after a redeal (no redeal yet), nothing moves: the 5 waits for
   * the 4 beneath the King, the King for everything. */
  felt_test_position (&st, "cruel",
                      "foundation.0", "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC",
                      "foundation.1", "AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
                      "foundation.2", "AH 2H 3H",
                      "foundation.3", "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS",
                      "tableau.0", "4H KH", "tableau.1", "QH JH TH 9H 8H 7H 6H 5H", NULL);
  assert_false (felt_state_can_stock (&st));
  solve_position (&st, &r);
  assert_int_equal (r.verdict, FELT_SOLVE_LOST);
  felt_solve_result_clear (&r);
}

/* Backbone: the King of diamonds across the columns can leave only to a
 * foundation (nothing ranks above a King), which needs a 10 of diamonds
 * home, and both lie beneath it in the columns: lost at once, and the
 * exhaustive search agrees.  With one 10 elsewhere it is won. */
#define BACKBONE_HOME_BUT_DIAMONDS \
  "foundation.0", "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC", \
  "foundation.4", "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC", \
  "foundation.2", "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH", \
  "foundation.6", "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH", \
  "foundation.3", "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS", \
  "foundation.7", "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS", \
  "foundation.1", "AD 2D 3D 4D 5D 6D 7D 8D 9D", \
  "foundation.5", "AD 2D 3D 4D 5D 6D 7D 8D 9D"

static void
test_lost_backbone_blocked (void **unused)
{
  FeltMove moves[FELT_MAX_MOVES];
  FeltState st;

  felt_test_position (&st, "backbone", BACKBONE_HOME_BUT_DIAMONDS,
                      "reserve.0", "TD", "reserve.1", "TD", "reserve.2", "KD",
                      "tableau.0", "KD QD JD", "tableau.1", "QD JD", NULL);
  assert_true (felt_state_legal_moves (&st, moves) > 0);
  /* Proved at once, by the rule alone. */
  assert_int_equal (assert_solver_agrees (&st, FELT_SOLVE_LOST), 0);

  felt_test_position (&st, "backbone", BACKBONE_HOME_BUT_DIAMONDS,
                      "reserve.0", "TD", "reserve.1", "JD", "reserve.2", "KD",
                      "tableau.0", "KD QD JD", "tableau.1", "QD TD", NULL);
  assert_solver_agrees (&st, FELT_SOLVE_WINNABLE);
}

/* Backbone's key knows a tableau pile by its bottom card and size when it
 * is a run, as play makes them; a pile set by hand that is no run (the
 * King of diamonds on a 10) is keyed on its cards.  The win needs the
 * King moved to an empty pile, a Queen from the waste onto it, and both
 * foundations of diamonds: the solver and the exhaustive search agree. */
static void
test_won_backbone_hand_set_pile (void **unused)
{
  FeltState st;

  felt_test_position (&st, "backbone", BACKBONE_HOME_BUT_DIAMONDS,
                      "reserve.0", "TD", "reserve.1", "JD", "reserve.2", "KD",
                      "tableau.0", "TD KD", "tableau.1", "QD JD", "waste", "QD", NULL);
  assert_solver_agrees (&st, FELT_SOLVE_WINNABLE);
}

/* The twin rule: the upper King of diamonds must go home first and takes
 * one foundation up to the King; the lower one then needs the other
 * foundation, and so the 9 beneath it: lost.  With the 9 between the
 * Kings it is won.  The exhaustive search agrees both times. */
#define BACKBONE_TWIN_DIAMONDS \
  "foundation.0", "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC", \
  "foundation.4", "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC", \
  "foundation.2", "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH", \
  "foundation.6", "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH", \
  "foundation.3", "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS", \
  "foundation.7", "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS", \
  "foundation.1", "AD 2D 3D 4D 5D 6D 7D 8D 9D", \
  "foundation.5", "AD 2D 3D 4D 5D 6D 7D 8D", \
  "tableau.0", "QD JD TD", "tableau.1", "QD JD TD"

static void
test_lost_backbone_twin (void **unused)
{
  FeltState st;

  felt_test_position (&st, "backbone", BACKBONE_TWIN_DIAMONDS, "reserve.0", "9D KD KD", NULL);
  /* Proved at once, by the rule alone. */
  assert_int_equal (assert_solver_agrees (&st, FELT_SOLVE_LOST), 0);

  felt_test_position (&st, "backbone", BACKBONE_TWIN_DIAMONDS, "reserve.0", "KD 9D KD", NULL);
  assert_solver_agrees (&st, FELT_SOLVE_WINNABLE);
}

/* A real deal lost the same way: Backbone 10 has the King of diamonds
 * across the columns and both 2s of diamonds in the right column. */
static void
test_lost_backbone_deal (void **unused)
{
  FeltState st;
  FeltSolveResult r;

  felt_state_deal (&st, felt_game_get (FELT_GAME_BACKBONE), 10);
  assert_true (felt_solve (&st, 0, NULL, &r));
  assert_int_equal (r.verdict, FELT_SOLVE_LOST);
  assert_int_equal (r.nodes, 0);
  felt_solve_result_clear (&r);
}

/* Backbone: a cycle across the columns that no single card shows.  The
 * King of hearts (top of the left column) can only go home, which needs a
 * Queen of hearts home: one lies beneath it, the other beneath the King
 * of diamonds in the right column.  That King needs a Queen of diamonds
 * home: one lies beneath it, the other beneath the King of hearts.
 * Neither King has both copies of a lower card beneath it, nor its twin
 * above it, so only the relaxed game (backbone_reserve_jammed) proves the
 * loss, at once; the exhaustive search agrees.  With one Queen of
 * diamonds on the tableau instead, the cycle is broken and it is won. */
#define BACKBONE_HOME_BUT_RED \
  "foundation.0", "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC", \
  "foundation.4", "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC", \
  "foundation.3", "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS", \
  "foundation.7", "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS", \
  "foundation.1", "AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD", \
  "foundation.5", "AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD", \
  "foundation.2", "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH", \
  "foundation.6", "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH", \
  "tableau.0", "KH"

static void
test_lost_backbone_cycle (void **unused)
{
  FeltMove moves[FELT_MAX_MOVES];
  FeltState st;

  felt_test_position (&st, "backbone", BACKBONE_HOME_BUT_RED, "tableau.1", "KD",
                      "reserve.0", "QH QD KH", "reserve.1", "QH QD KD", NULL);
  assert_true (felt_state_legal_moves (&st, moves) > 0);
  /* Proved at once, by the rule alone. */
  assert_int_equal (assert_solver_agrees (&st, FELT_SOLVE_LOST), 0);

  felt_test_position (&st, "backbone", BACKBONE_HOME_BUT_RED, "tableau.1", "KD QD",
                      "reserve.0", "QH KH", "reserve.1", "QH QD KD", NULL);
  assert_solver_agrees (&st, FELT_SOLVE_WINNABLE);
}

/* Backbone: twins apart.  A King of diamonds in each column, one over
 * the 9, the other over the 10 of diamonds (the other 9 and 10 on the
 * tableau).  The first King home takes one foundation; the second needs
 * the other up to the Queen, so the card beneath itself: lost, though
 * each King alone could go (neither rule for one card, nor the relaxed
 * game, sees it); the exhaustive search agrees.  With the 10 above its
 * King instead, that King goes second and it is won. */
#define BACKBONE_DIAMONDS_FROM_9 \
  "foundation.0", "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC", \
  "foundation.4", "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC", \
  "foundation.2", "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH", \
  "foundation.6", "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH", \
  "foundation.3", "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS", \
  "foundation.7", "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS", \
  "foundation.1", "AD 2D 3D 4D 5D 6D 7D 8D", \
  "foundation.5", "AD 2D 3D 4D 5D 6D 7D 8D"
#define BACKBONE_HOME_BUT_HIGH_DIAMONDS \
  BACKBONE_DIAMONDS_FROM_9, "tableau.0", "QD JD TD", "tableau.1", "QD JD 9D"

static void
test_lost_backbone_twins_apart (void **unused)
{
  FeltMove moves[FELT_MAX_MOVES];
  FeltState st;

  felt_test_position (&st, "backbone", BACKBONE_HOME_BUT_HIGH_DIAMONDS,
                      "reserve.0", "9D KD", "reserve.1", "TD KD", NULL);
  assert_true (felt_state_legal_moves (&st, moves) > 0);
  /* Proved at once, by the rule alone. */
  assert_int_equal (assert_solver_agrees (&st, FELT_SOLVE_LOST), 0);

  felt_test_position (&st, "backbone", BACKBONE_HOME_BUT_HIGH_DIAMONDS,
                      "reserve.0", "9D KD", "reserve.1", "KD TD", NULL);
  assert_solver_agrees (&st, FELT_SOLVE_WINNABLE);
}

/* Backbone: twin home.  One King of diamonds is home already, the other
 * lies in the reserve over a 9 of diamonds (the other 9 is home).  The
 * King needs the second foundation up to the Queen, so the 9 beneath it:
 * lost at once (any Queen home was enough for the relaxed game); the
 * exhaustive search agrees.  With the 9 above the King it is won. */
static void
test_lost_backbone_twin_home (void **unused)
{
  FeltMove moves[FELT_MAX_MOVES];
  FeltState st;

  felt_test_position (&st, "backbone", BACKBONE_DIAMONDS_FROM_9, "foundation.1", "AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
                      "tableau.0", "QD JD TD", "reserve.0", "9D KD", NULL);
  assert_true (felt_state_legal_moves (&st, moves) > 0);
  /* Proved at once, by the rule alone. */
  assert_int_equal (assert_solver_agrees (&st, FELT_SOLVE_LOST), 0);
  felt_test_position (&st, "backbone", BACKBONE_DIAMONDS_FROM_9, "foundation.1", "AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
                      "tableau.0", "QD JD TD", "reserve.0", "KD 9D", NULL);
  assert_solver_agrees (&st, FELT_SOLVE_WINNABLE);
}

/* Backbone: a card is forced home also when the free copies of its
 * successor lie in the reserve and are forced home themselves (a King
 * goes nowhere else).  Both Kings of diamonds are in the reserve, so
 * neither Queen can ever go onto one: both are forced home, one over a
 * 9, the other over a 10 of diamonds, and twins apart proves the loss at
 * once (counting the King above as a free successor, nothing did); the
 * exhaustive search agrees.  With that King on the tableau instead, the
 * Queen above the 10 may wait on it, and it is won. */
static void
test_lost_backbone_forced_successor (void **unused)
{
  FeltState st;

  felt_test_position (&st, "backbone", BACKBONE_DIAMONDS_FROM_9, "tableau.0", "JD TD 9D", "tableau.1", "JD",
                      "reserve.0", "KD 9D QD", "reserve.1", "TD QD KD", NULL);
  /* Proved at once, by the rule alone. */
  assert_int_equal (assert_solver_agrees (&st, FELT_SOLVE_LOST), 0);
  felt_test_position (&st, "backbone", BACKBONE_DIAMONDS_FROM_9, "tableau.0", "JD TD 9D", "tableau.1", "JD",
                      "reserve.0", "KD 9D QD", "reserve.1", "TD QD", "tableau.2", "KD", NULL);
  assert_solver_agrees (&st, FELT_SOLVE_WINNABLE);
}

/* Backbone positions heavy in reserve cards, where the dead-end rules
 * (blocked cards, the twin rule, the jammed reserve) fire often: every
 * loss they claim must match the exhaustive search. */
static void
random_backbone_reserve (GRand *rand, FeltState *st)
{
  const FeltGame *game = felt_game_get (FELT_GAME_BACKBONE);
  FeltCard rest[104];
  guint n = 0;
  Layout l;

  layout_init (&l);
  /* Two suits out from 8 or 9 on each foundation; the others home. */
  for (guint f = 0; f < 8; f++)
    {
      guint suit = f % 4;
      guint height = suit < 2 ? 13 : (guint) g_rand_int_range (rand, 8, 10);
      for (guint r = 1; r <= height; r++)
        layout_put (&l, (guint) pile_of (game, FELT_ROLE_FOUNDATION, f), FELT_CARD (r, suit));
      for (guint r = height + 1; r <= 13; r++)
        rest[n++] = FELT_CARD (r, suit);
    }
  shuffle_cards (rand, rest, n);
  for (guint i = 0; i < n; i++)
    {
      guint where = (guint) g_rand_int_range (rand, 0, 10);
      if (where < 6)
        layout_put (&l, (guint) pile_of (game, FELT_ROLE_RESERVE, where % 2), rest[i]);
      else if (where == 6 && l.piles[pile_of (game, FELT_ROLE_RESERVE, 2)]->len == 0)
        layout_put (&l, (guint) pile_of (game, FELT_ROLE_RESERVE, 2), rest[i]);
      else if (where <= 7)
        layout_put (&l, 1, rest[i]);
      else
        layout_put (&l, 0, rest[i]);
    }
  layout_build (&l, game, st);
  st->redeals = (guint8) g_rand_int_range (rand, 0, 2);
  layout_clear (&l);
}

/* Backbone's search runs on a model of the position: walked at random
 * beside the engine (with moves taken back), it must hold the same
 * position, list the same moves and the same safe move, and give equal
 * positions equal keys; on dealt positions and on the small ones above. */
static void
test_backbone_model (void **unused)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (1313);

  (void) unused;
  for (guint seed = 1; seed <= 40; seed++)
    {
      FeltState st;
      felt_state_deal (&st, felt_game_get (FELT_GAME_BACKBONE), seed);
      for (guint64 walk = 1; walk <= 5; walk++)
        assert_true (felt_backbone_model_check (&st, seed * 100 + walk, 400));
    }
  for (guint i = 0; i < 100; i++)
    {
      FeltState st;
      if (i % 2)
        random_backbone (rand, &st);
      else
        random_backbone_reserve (rand, &st);
      assert_true (felt_backbone_model_check (&st, i + 1, 200));
    }
}

static void
test_small_backbone_reserve (void **unused)
{
  cross_check (random_backbone_reserve, 30, 16, 4, 4);
}

/* Scuffle's stopping rule, against the formula it stands for: stop once
 * 1.96 standard errors of the share won are at most 3 points, never
 * before the minimum; and the maximum is enough for any share. */
static void
test_scuffle_stopping_rule (void **unused)
{
  for (guint64 played = 64; played <= FELT_SCUFFLE_MAX_ROLLOUTS; played += 64)
    for (guint64 won = 0; won <= played; won++)
      {
        double p = (double) won / played;
        /* The margin squared: no libm needed. */
        double margin2 = 1.96 * 1.96 * p * (1 - p) / played;
        gboolean stop = felt_scuffle_close_enough (won, played);

        if (played < FELT_SCUFFLE_MIN_ROLLOUTS)
          {
            if (stop)
              fail_msg ("stopped after only %" G_GUINT64_FORMAT " games", played);
            continue;
          }
        /* Away from the boundary (where rounding decides) the rule and
         * the formula must agree. */
        if (margin2 < 0.0299 * 0.0299 && !stop)
          fail_msg ("%" G_GUINT64_FORMAT " of %" G_GUINT64_FORMAT ": margin under 2.99 points, "
                    "yet not stopped", won, played);
        if (margin2 > 0.0301 * 0.0301 && stop)
          fail_msg ("%" G_GUINT64_FORMAT " of %" G_GUINT64_FORMAT ": margin over 3.01 points, "
                    "yet stopped", won, played);
      }
  /* The cap: any share is within 3 points at the maximum. */
  for (guint64 won = 0; won <= FELT_SCUFFLE_MAX_ROLLOUTS; won++)
    assert_true (felt_scuffle_close_enough (won, FELT_SCUFFLE_MAX_ROLLOUTS));
  /* At one half: 1024 games are not enough (1068 are needed), 1088 are;
   * at one quarter 768 are not (800 are needed), 832 are; a deal that
   * never wins stops at the minimum. */
  assert_false (felt_scuffle_close_enough (512, 1024));
  assert_true (felt_scuffle_close_enough (544, 1088));
  assert_false (felt_scuffle_close_enough (192, 768));
  assert_true (felt_scuffle_close_enough (208, 832));
  assert_true (felt_scuffle_close_enough (0, FELT_SCUFFLE_MIN_ROLLOUTS));
  assert_false (felt_scuffle_close_enough (0, FELT_SCUFFLE_MIN_ROLLOUTS - 64));
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_won_in_two_cruel),
    cmocka_unit_test (test_won_in_two_straight_up),
    cmocka_unit_test (test_won_in_two_hopscotch),
    cmocka_unit_test (test_jammed_reserve_hopscotch),
    cmocka_unit_test (test_won_in_two_scuffle),
    cmocka_unit_test (test_won_in_two_backbone),
    cmocka_unit_test (test_already_won),
    cmocka_unit_test (test_lost_cruel_bottom_group),
    cmocka_unit_test (test_lost_cruel_prefix),
    cmocka_unit_test (test_cruel_prefix_cross_check),
    cmocka_unit_test (test_lost_no_moves),
    cmocka_unit_test (test_small_cruel),
    cmocka_unit_test (test_small_straight_up),
    cmocka_unit_test (test_small_scuffle),
    cmocka_unit_test (test_small_hopscotch),
    cmocka_unit_test (test_small_backbone),
    cmocka_unit_test (test_lost_backbone_blocked),
    cmocka_unit_test (test_won_backbone_hand_set_pile),
    cmocka_unit_test (test_lost_backbone_twin),
    cmocka_unit_test (test_lost_backbone_deal),
    cmocka_unit_test (test_lost_backbone_cycle),
    cmocka_unit_test (test_small_backbone_reserve),
    cmocka_unit_test (test_backbone_model),
    cmocka_unit_test (test_lost_backbone_twins_apart),
    cmocka_unit_test (test_lost_backbone_forced_successor),
    cmocka_unit_test (test_lost_backbone_twin_home),
    cmocka_unit_test (test_scuffle_stopping_rule),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
