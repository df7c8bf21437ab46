/* test-solver.c: the solver (rules/felt-solver.h) and felt-cli's solve and
 * survey commands.
 *
 *  - Every winning line the solver returns, on a sample of real deals of
 *    each game, is replayed through a FeltSession move by move (each must
 *    be legal) and must end in a win.
 *  - Verdicts are cross-checked against a plain exhaustive search (no
 *    dominance, no dead ends, no heuristics) on many small random
 *    positions of every game, where that search finishes: the verdicts
 *    must agree.  This checks the dominance rules of Straight Up, the
 *    dead-end rule of Cruel, Backbone's safe moves and blocked reserve
 *    cards, and the "lost" claims of every game.
 *  - Deals of Cruel called lost stay lost with twenty times the budget, and
 *    the exhaustive search with a large budget finds no win for them.
 *  - Constructed positions: a win in two moves per game, found with the
 *    exact line; a Cruel position lost by the bottom-group rule; Backbone
 *    positions lost by a blocked card and by the twin rule (and their
 *    won variants), checked by the exhaustive search, and a real deal.
 *  - Difficulty: the same rating twice and whether or not the caller
 *    solved first; impossible for lost deals, thresholds in order.
 *  - Cancellation from another thread, budget exhaustion, the same answer
 *    from several threads at once, Scuffle's win chance.
 *  - felt-cli solve (the line replays through felt-cli play) and survey,
 *    and their errors.
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
#include <sys/wait.h>

#include "felt-cli.h"
#include "felt-session.h"
#include "felt-solver.h"
#include "felt-test-util.h"

/* ---- helpers ------------------------------------------------------------- */

static const char *
verdict_name (FeltSolveVerdict v)
{
  return felt_solve_verdict_id (v);
}

/* Replays the line from the deal through a session: every move legal, the
 * game won at the end. */
static void
assert_line_wins_deal (const FeltGame *game, guint32 seed, const GArray *line)
{
  g_autoptr (FeltSession) session = felt_session_new (game, seed);

  for (guint i = 0; i < line->len; i++)
    {
      const FeltMove *m = &g_array_index (line, FeltMove, i);
      FeltIllegal why = felt_session_play (session, m);
      if (why != FELT_LEGAL)
        fail_msg ("%s deal %u: move %u of %u (%u->%u x%u%s) refused: %s", game->id, seed, i,
                  line->len, m->from, m->to, m->count, m->stock ? " stock" : "",
                  felt_illegal_message (why));
    }
  if (!felt_state_is_won (felt_session_get_state (session)))
    fail_msg ("%s deal %u: the line of %u moves does not end in a win", game->id, seed, line->len);
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

/* ---- real deals: every line replays ------------------------------------- */

typedef struct {
  guint won, lost, unknown;
} Tally;

static void
solve_deals (FeltGameId id, guint32 first, guint32 last, guint64 budget, Tally *tally)
{
  const FeltGame *game = felt_game_get (id);

  memset (tally, 0, sizeof *tally);
  for (guint32 seed = first; seed <= last; seed++)
    {
      FeltState st;
      FeltSolveResult r;

      felt_state_deal (&st, game, seed);
      assert_true (felt_solve (&st, budget, NULL, &r));
      assert_true (r.nodes <= (budget ? budget : felt_solve_default_budget (id)) + 512);
      switch (r.verdict)
        {
        case FELT_SOLVE_WINNABLE:
          tally->won++;
          assert_true (r.line->len > 0);
          assert_line_wins_deal (game, seed, r.line);
          break;
        case FELT_SOLVE_LOST:
          tally->lost++;
          assert_int_equal (r.line->len, 0);
          break;
        case FELT_SOLVE_UNKNOWN:
        default:
          tally->unknown++;
          assert_int_equal (r.line->len, 0);
          break;
        }
      if (id == FELT_GAME_SCUFFLE)
        assert_true (r.win_chance >= 0 && r.win_chance <= 1);
      else
        assert_true (r.win_chance == -1);
      felt_solve_result_clear (&r);
      assert_null (r.line);
    }
}

static void
test_lines_cruel (void **unused)
{
  Tally t;

  solve_deals (FELT_GAME_CRUEL, 1, 40, 200000, &t);
  /* Most deals are won, a few proven lost (deals 9, 19 and 21 among them). */
  assert_true (t.won >= 30);
  assert_true (t.lost >= 3);
}

static void
test_lines_straight_up (void **unused)
{
  Tally t;

  solve_deals (FELT_GAME_STRAIGHT_UP, 1, 80, 0, &t);
  assert_int_equal (t.unknown, 0);
  assert_true (t.won >= 20);
  assert_true (t.lost >= 20);
}

static void
test_lines_hopscotch (void **unused)
{
  Tally t;

  solve_deals (FELT_GAME_HOPSCOTCH, 1, 20, 1000000, &t);
  assert_true (t.won >= 15);
}

static void
test_lines_scuffle (void **unused)
{
  Tally t;

  solve_deals (FELT_GAME_SCUFFLE, 1, 20, 0, &t);
  assert_true (t.won >= 10);
}

static void
test_lines_backbone (void **unused)
{
  Tally t;

  /* Whatever it finds must replay; mostly nothing within this budget. */
  solve_deals (FELT_GAME_BACKBONE, 1, 3, 100000, &t);
  assert_int_equal (t.lost, 0);
}

/* ---- Straight Up: the dominance rules on whole deals ------------------------ */

/* The solver makes every dominant move at once; the exhaustive search
 * tries everything.  Where the latter finishes, they agree. */
static void
test_straight_up_dominance_deals (void **unused)
{
  const FeltGame *game = felt_game_get (FELT_GAME_STRAIGHT_UP);
  guint decided = 0;

  for (guint32 seed = 1; seed <= 12; seed++)
    {
      FeltState st;
      FeltSolveResult fast, full;

      felt_state_deal (&st, game, seed);
      felt_solve (&st, 0, NULL, &fast);
      felt_solve_exhaustive (&st, 1000000, NULL, &full);
      if (full.verdict != FELT_SOLVE_UNKNOWN)
        {
          decided++;
          if (full.verdict != fast.verdict)
            fail_msg ("straight-up deal %u: the solver says %s, the exhaustive search %s", seed,
                      verdict_name (fast.verdict), verdict_name (full.verdict));
        }
      felt_solve_result_clear (&fast);
      felt_solve_result_clear (&full);
    }
  assert_true (decided >= 8);
}

/* ---- Cruel: a deal called lost stays lost ----------------------------------- */

static void
test_cruel_lost_cross_check (void **unused)
{
  const FeltGame *game = felt_game_get (FELT_GAME_CRUEL);
  guint checked = 0;

  for (guint32 seed = 1; seed <= 400 && checked < 6; seed++)
    {
      FeltState st;
      FeltSolveResult r, big, full;

      felt_state_deal (&st, game, seed);
      felt_solve (&st, 50000, NULL, &r);
      if (r.verdict != FELT_SOLVE_LOST)
        {
          felt_solve_result_clear (&r);
          continue;
        }
      /* Twenty times the budget: still lost. */
      felt_solve (&st, 1000000, NULL, &big);
      if (big.verdict != FELT_SOLVE_LOST)
        fail_msg ("cruel deal %u: lost with 50000 positions, %s with 1000000", seed,
                  verdict_name (big.verdict));
      /* Every legal move, no dead-end rule, far more positions: no win. */
      felt_solve_exhaustive (&st, 2000000, NULL, &full);
      if (full.verdict == FELT_SOLVE_WINNABLE)
        fail_msg ("cruel deal %u: called lost, but the exhaustive search wins", seed);
      checked++;
      felt_solve_result_clear (&r);
      felt_solve_result_clear (&big);
      felt_solve_result_clear (&full);
    }
  assert_int_equal (checked, 6);
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
random_cruel (GRand *rand, FeltState *st)
{
  const FeltGame *game = felt_game_get (FELT_GAME_CRUEL);
  guint height[4] = { 13, 13, 13, 13 };
  guint left = (guint) g_rand_int_range (rand, 5, 12);
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
          felt_solve_exhaustive (&st, 5000000, NULL, &bigger);
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
  FeltSolveResult r, full;

  felt_test_position (&st, "backbone", BACKBONE_HOME_BUT_DIAMONDS,
                      "reserve.0", "TD", "reserve.1", "TD", "reserve.2", "KD",
                      "tableau.0", "KD QD JD", "tableau.1", "QD JD", NULL);
  assert_true (felt_state_legal_moves (&st, moves) > 0);
  solve_position (&st, &r);
  assert_int_equal (r.verdict, FELT_SOLVE_LOST);
  assert_int_equal (r.nodes, 0);
  felt_solve_exhaustive (&st, 2000000, NULL, &full);
  assert_int_equal (full.verdict, FELT_SOLVE_LOST);
  felt_solve_result_clear (&r);
  felt_solve_result_clear (&full);

  felt_test_position (&st, "backbone", BACKBONE_HOME_BUT_DIAMONDS,
                      "reserve.0", "TD", "reserve.1", "JD", "reserve.2", "KD",
                      "tableau.0", "KD QD JD", "tableau.1", "QD TD", NULL);
  solve_position (&st, &r);
  assert_int_equal (r.verdict, FELT_SOLVE_WINNABLE);
  assert_line_wins_state (&st, r.line);
  felt_solve_exhaustive (&st, 2000000, NULL, &full);
  assert_int_equal (full.verdict, FELT_SOLVE_WINNABLE);
  felt_solve_result_clear (&r);
  felt_solve_result_clear (&full);
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
  FeltSolveResult r, full;

  felt_test_position (&st, "backbone", BACKBONE_TWIN_DIAMONDS, "reserve.0", "9D KD KD", NULL);
  solve_position (&st, &r);
  assert_int_equal (r.verdict, FELT_SOLVE_LOST);
  assert_int_equal (r.nodes, 0);
  felt_solve_exhaustive (&st, 2000000, NULL, &full);
  assert_int_equal (full.verdict, FELT_SOLVE_LOST);
  felt_solve_result_clear (&r);
  felt_solve_result_clear (&full);

  felt_test_position (&st, "backbone", BACKBONE_TWIN_DIAMONDS, "reserve.0", "KD 9D KD", NULL);
  solve_position (&st, &r);
  assert_int_equal (r.verdict, FELT_SOLVE_WINNABLE);
  assert_line_wins_state (&st, r.line);
  felt_solve_exhaustive (&st, 2000000, NULL, &full);
  assert_int_equal (full.verdict, FELT_SOLVE_WINNABLE);
  felt_solve_result_clear (&r);
  felt_solve_result_clear (&full);
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

/* ---- difficulty ------------------------------------------------------------------ */

/* The rating is a function of the position: the same twice, the same
 * whether it solves itself or is handed the default search's result;
 * lost deals are impossible; winnable ones easy, medium or hard, in the
 * order of their figures. */
static void
test_rate (void **unused)
{
  for (FeltGameId id = 0; id < FELT_N_GAMES; id++)
    {
      int lo[3] = { 1001, 1001, 1001 }, hi[3] = { -1, -1, -1 };

      for (guint32 seed = 1; seed <= 4; seed++)
        {
          FeltState st;
          FeltSolveResult r;
          FeltRating a, b;

          felt_state_deal (&st, felt_game_get (id), seed);
          /* The slower searches: two deals are enough. */
          if ((id == FELT_GAME_BACKBONE || id == FELT_GAME_SCUFFLE) && seed > 2)
            break;
          assert_true (felt_solve (&st, 0, NULL, &r));
          assert_true (felt_solver_rate (&st, &r, NULL, &a));
          assert_true (felt_solver_rate (&st, NULL, NULL, &b));
          assert_int_equal (a.figure, b.figure);
          assert_int_equal (a.difficulty, b.difficulty);
          assert_int_equal (a.won_playouts, b.won_playouts);
          assert_int_equal (a.verdict, r.verdict);
          switch (r.verdict)
            {
            case FELT_SOLVE_LOST:
              assert_int_equal (a.difficulty, FELT_DIFFICULTY_IMPOSSIBLE);
              assert_int_equal (a.figure, 1000);
              break;
            case FELT_SOLVE_UNKNOWN:
              assert_int_equal (a.difficulty, FELT_DIFFICULTY_UNKNOWN);
              assert_int_equal (a.figure, -1);
              break;
            case FELT_SOLVE_WINNABLE:
            default:
              assert_true (a.difficulty <= FELT_DIFFICULTY_HARD);
              assert_true (a.figure >= 0 && a.figure <= 1000);
              lo[a.difficulty] = MIN (lo[a.difficulty], a.figure);
              hi[a.difficulty] = MAX (hi[a.difficulty], a.figure);
              break;
            }
          felt_solve_result_clear (&r);
        }
      /* Thresholds: every easy figure below every medium one, and so on. */
      for (guint d = 0; d + 1 < 3; d++)
        for (guint e = d + 1; e < 3; e++)
          if (hi[d] >= 0 && lo[e] <= 1000)
            assert_true (hi[d] < lo[e]);
    }
  assert_string_equal (felt_difficulty_id (FELT_DIFFICULTY_EASY), "easy");
  assert_string_equal (felt_difficulty_id (FELT_DIFFICULTY_IMPOSSIBLE), "impossible");
}

static void
test_rate_lost_and_cancelled (void **unused)
{
  FeltState st;
  FeltRating rating;
  gint cancel = 1;

  felt_state_deal (&st, felt_game_get (FELT_GAME_BACKBONE), 10);
  assert_true (felt_solver_rate (&st, NULL, NULL, &rating));
  assert_int_equal (rating.difficulty, FELT_DIFFICULTY_IMPOSSIBLE);
  assert_int_equal (rating.figure, 1000);

  felt_state_deal (&st, felt_game_get (FELT_GAME_CRUEL), 3);
  assert_false (felt_solver_rate (&st, NULL, &cancel, &rating));
  assert_int_equal (rating.difficulty, FELT_DIFFICULTY_UNKNOWN);
}

/* ---- budget, cancellation, threads -------------------------------------------- */

/* Deals no budget of a second or three decides (Cruel 78 is probably
 * lost, but no rule proves it). */
#define HARD_CRUEL 78
#define HARD_BACKBONE 64

static void
test_budget_exhausted (void **unused)
{
  FeltState st;
  FeltSolveResult r;

  felt_state_deal (&st, felt_game_get (FELT_GAME_CRUEL), HARD_CRUEL);
  assert_true (felt_solve (&st, 5000, NULL, &r));
  assert_int_equal (r.verdict, FELT_SOLVE_UNKNOWN);
  assert_int_equal (r.line->len, 0);
  assert_true (r.nodes >= 5000 && r.nodes <= 5001);
  felt_solve_result_clear (&r);

  felt_state_deal (&st, felt_game_get (FELT_GAME_BACKBONE), HARD_BACKBONE);
  assert_true (felt_solve (&st, 20000, NULL, &r));
  assert_int_equal (r.verdict, FELT_SOLVE_UNKNOWN);
  assert_true (r.nodes >= 20000 && r.nodes <= 20000 + 512);
  felt_solve_result_clear (&r);
}

typedef struct {
  FeltState state;
  guint64 budget;
  gint cancel;
  FeltSolveResult result;
  gboolean finished;
} Job;

static gpointer
job_run (gpointer data)
{
  Job *job = data;

  job->finished = felt_solve (&job->state, job->budget, &job->cancel, &job->result);
  return NULL;
}

static void
test_cancel (void **unused)
{
  Job job = { .budget = G_GUINT64_CONSTANT (10000000000) };
  GThread *thread;
  gint64 t0;

  for (FeltGameId id = 0; id < FELT_N_GAMES; id++)
    {
      felt_state_deal (&job.state, felt_game_get (id),
                       id == FELT_GAME_CRUEL ? HARD_CRUEL : id == FELT_GAME_BACKBONE ? HARD_BACKBONE : 3);
      job.cancel = 0;
      thread = g_thread_new ("solver", job_run, &job);
      g_usleep (30000);
      t0 = g_get_monotonic_time ();
      g_atomic_int_set (&job.cancel, 1);
      g_thread_join (thread);
      /* Stopped within a few thousand positions: well under a second. */
      assert_true (g_get_monotonic_time () - t0 < 500000);
      /* The hard deals cannot have finished; a cancelled search knows
       * nothing (an easy deal may have been solved before the cancel). */
      if (id == FELT_GAME_CRUEL || id == FELT_GAME_BACKBONE)
        assert_false (job.finished);
      if (!job.finished)
        {
          assert_int_equal (job.result.verdict, FELT_SOLVE_UNKNOWN);
          assert_int_equal (job.result.line->len, 0);
        }
      felt_solve_result_clear (&job.result);
    }

  /* Cancelled before it starts: stops at once. */
  felt_state_deal (&job.state, felt_game_get (FELT_GAME_CRUEL), HARD_CRUEL);
  job.cancel = 1;
  assert_false (felt_solve (&job.state, job.budget, &job.cancel, &job.result));
  assert_int_equal (job.result.verdict, FELT_SOLVE_UNKNOWN);
  assert_true (job.result.nodes <= 1024);
  felt_solve_result_clear (&job.result);
}

/* The search keeps no global state: the same deals solved in four threads
 * at once give the same results as one after another. */
static void
test_threads (void **unused)
{
  Job jobs[4];
  GThread *threads[4];
  const FeltGameId games[4] = { FELT_GAME_CRUEL, FELT_GAME_HOPSCOTCH, FELT_GAME_STRAIGHT_UP,
                                FELT_GAME_SCUFFLE };

  for (guint i = 0; i < 4; i++)
    {
      memset (&jobs[i], 0, sizeof jobs[i]);
      felt_state_deal (&jobs[i].state, felt_game_get (games[i]), 5 + i);
      jobs[i].budget = 300000;
      threads[i] = g_thread_new ("solver", job_run, &jobs[i]);
    }
  for (guint i = 0; i < 4; i++)
    {
      FeltSolveResult alone;
      g_thread_join (threads[i]);
      assert_true (jobs[i].finished);
      felt_solve (&jobs[i].state, 300000, NULL, &alone);
      assert_int_equal (alone.verdict, jobs[i].result.verdict);
      assert_int_equal (alone.nodes, jobs[i].result.nodes);
      assert_int_equal (alone.line->len, jobs[i].result.line->len);
      assert_memory_equal (alone.line->data, jobs[i].result.line->data,
                           alone.line->len * sizeof (FeltMove));
      assert_true (alone.win_chance == jobs[i].result.win_chance);
      felt_solve_result_clear (&alone);
      felt_solve_result_clear (&jobs[i].result);
    }
}

/* Scuffle's chance: a share of quick games, the same each time; a deal
 * where nothing can go home until the stock is dealt still has one. */
static void
test_scuffle_chance (void **unused)
{
  double sum = 0;

  for (guint32 seed = 1; seed <= 10; seed++)
    {
      FeltState st;
      FeltSolveResult a, b;

      felt_state_deal (&st, felt_game_get (FELT_GAME_SCUFFLE), seed);
      felt_solve (&st, 0, NULL, &a);
      felt_solve (&st, 0, NULL, &b);
      assert_true (a.win_chance >= 0 && a.win_chance <= 1);
      assert_true (a.win_chance == b.win_chance);
      sum += a.win_chance;
      felt_solve_result_clear (&a);
      felt_solve_result_clear (&b);
    }
  /* Neither hopeless nor certain on average. */
  assert_true (sum > 0.5 && sum < 9.5);
}

/* ---- felt-cli solve and survey ------------------------------------------------ */

static int
run_cli (const char *const *args, char **out, char **err)
{
  const char *cli = g_getenv ("FELT_CLI");
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  int status = 0;

  if (cli == NULL)
    fail_msg ("FELT_CLI is not set: run the tests through meson test");
  g_ptr_array_add (argv, (gpointer) cli);
  for (guint i = 0; args[i]; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  if (!g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL, out, err,
                     &status, &error))
    fail_msg ("cannot run %s: %s", cli, error->message);
  if (WIFEXITED (status))
    return WEXITSTATUS (status);
  return -1;
}

static void
test_cli_solve_replays (void **unused)
{
  const char *games[] = { "cruel", "straight-up", "hopscotch", "scuffle" };
  const guint32 seeds[] = { 1, 2, 3, 1 };

  for (guint g = 0; g < G_N_ELEMENTS (games); g++)
    {
      g_autofree char *seed = g_strdup_printf ("%u", seeds[g]);
      const char *args[] = { "solve", games[g], "--seed", seed, NULL };
      g_autofree char *out = NULL, *err = NULL;
      g_auto (GStrv) lines = NULL;
      g_autoptr (FeltSession) session = felt_session_new (felt_game_lookup (games[g]), seeds[g]);
      guint i = 4;

      assert_int_equal (run_cli (args, &out, &err), 0);
      lines = g_strsplit (out, "\n", -1);
      assert_string_equal (lines[0], "verdict: winnable");
      assert_true (g_str_has_prefix (lines[1], "nodes: "));
      assert_true (g_str_has_prefix (lines[2], "time: ") && g_str_has_suffix (lines[2], " s"));
      if (g_str_equal (games[g], "scuffle"))
        assert_true (g_str_has_prefix (lines[i - 1], "win chance: "));
      else
        i = 3;
      /* The difficulty of a winnable deal, with its figure. */
      if (!g_regex_match_simple ("^difficulty: (easy|medium|hard) \\([0-9]+\\)$", lines[i], 0, 0))
        fail_msg ("%s: “%s”", games[g], lines[i]);
      i++;
      assert_string_equal (lines[i], "line:");
      /* The line, fed to the play protocol, wins. */
      for (i++; lines[i] && lines[i][0]; i++)
        {
          g_autofree char *answer = felt_cli_command (session, lines[i]);
          if (!g_str_equal (answer, "ok"))
            fail_msg ("%s: “%s” -> %s", games[g], lines[i], answer);
        }
      assert_true (felt_state_is_won (felt_session_get_state (session)));
      {
        g_autofree char *state = felt_cli_command (session, "state");
        assert_non_null (strstr (state, "\"won\":true"));
      }
    }
}

static void
test_cli_solve_lost (void **unused)
{
  const char *args[] = { "solve", "cruel", "--seed", "9", NULL };
  g_autofree char *out = NULL, *err = NULL;

  assert_int_equal (run_cli (args, &out, &err), 0);
  assert_true (g_str_has_prefix (out, "verdict: lost\nnodes: "));
  assert_null (strstr (out, "line:"));
}

/* --budget-ms: a deal decided in time keeps its verdict; one that needs
 * millions of positions (Cruel 78, unknown even with the default budget)
 * is cut off by the clock. */
static void
test_cli_time_limit (void **unused)
{
  const char *quick[] = { "solve", "cruel", "--seed", "9", "--budget-ms", "600000", NULL };
  const char *cut[] = { "solve", "cruel", "--seed", "78", "--budget-ms", "1", NULL };
  const char *survey[] = { "survey", "straight-up", "--seeds", "1-5", "--budget-ms=600000", NULL };
  g_autofree char *out = NULL, *err = NULL;
  g_autofree char *out2 = NULL, *err2 = NULL;
  g_autofree char *out3 = NULL, *err3 = NULL;

  assert_int_equal (run_cli (quick, &out, &err), 0);
  assert_true (g_str_has_prefix (out, "verdict: lost\nnodes: "));
  assert_int_equal (run_cli (cut, &out2, &err2), 0);
  assert_true (g_str_has_prefix (out2, "verdict: unknown\nnodes: "));
  assert_int_equal (run_cli (survey, &out3, &err3), 0);
  assert_non_null (strstr (out3, "time limit: 600000 ms per deal\n"));
  assert_non_null (strstr (out3, "unknown: 0 (0.0%)\n"));
}

static void
test_cli_survey (void **unused)
{
  const char *args[] = { "survey", "straight-up", "--seeds", "1-20", NULL };
  g_autofree char *out = NULL, *err = NULL;

  assert_int_equal (run_cli (args, &out, &err), 0);
  assert_non_null (strstr (out, "game: straight-up\n"));
  assert_non_null (strstr (out, "deals: 20 (1-20)\n"));
  assert_non_null (strstr (out, "won: "));
  assert_non_null (strstr (out, "lost: "));
  assert_non_null (strstr (out, "unknown: 0 (0.0%)\n"));
  assert_non_null (strstr (out, "decided within 10 ms: "));
  assert_non_null (strstr (out, "decided within 1 s: 20 (100.0%)\n"));
  assert_non_null (strstr (out, "mean time: "));
  assert_non_null (strstr (out, "decided within 3 s: 20 (100.0%)\n"));
  assert_non_null (strstr (out, "\ndifficulty: easy "));
  assert_non_null (strstr (out, ", impossible "));
  assert_non_null (strstr (out, "rated within 1 s: 20 (100.0%)\n"));
  assert_non_null (strstr (out, "max time: "));
  assert_non_null (strstr (out, ", failed: 0\n"));
}

static void
test_cli_errors (void **unused)
{
  const char *const bad[][10] = {
    { "solve", NULL },
    { "solve", "cruel", NULL },
    { "solve", "freecell", "--seed", "1", NULL },
    { "solve", "cruel", "--seed", "x", NULL },
    { "solve", "cruel", "--seed", "1", "--budget", "0", NULL },
    { "solve", "cruel", "--seed", "1", "--budget", "-5", NULL },
    { "solve", "cruel", "--seed", "1", "--budget", NULL },
    { "solve", "cruel", "--seeds", "1-2", NULL },
    { "survey", "cruel", NULL },
    { "survey", "cruel", "--seeds", "5-1", NULL },
    { "survey", "cruel", "--seeds", "1-", NULL },
    { "survey", "cruel", "--seeds", "a-b", NULL },
    { "survey", "cruel", "--seeds", "1-4294967296", NULL },
    { "survey", "cruel", "--seeds", "1-2", "--budget", "0", NULL },
    { "survey", "cruel", "--seed", "1", NULL },
    { "survey", "nogame", "--seeds", "1-2", NULL },
    { "solve", "cruel", "--seed", "1", "--budget-ms", "0", NULL },
    { "solve", "cruel", "--seed", "1", "--budget-ms", "soon", NULL },
    { "solve", "cruel", "--seed", "1", "--budget-ms", NULL },
    { "solve", "cruel", "--seed", "1", "--budget-ms", "5", "--budget-ms", "6", NULL },
    { "survey", "cruel", "--seeds", "1-2", "--budget-ms", "-1", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *out = NULL, *err = NULL;
      int status = run_cli (bad[i], &out, &err);
      if (status != 2)
        fail_msg ("case %u (%s %s ...): exit status %d, expected 2", i, bad[i][0],
                  bad[i][1] ? bad[i][1] : "", status);
      assert_string_equal (out, "");
      /* One line naming what was wrong. */
      assert_true (g_str_has_prefix (err, "felt-cli: "));
      assert_non_null (strchr (err, '\n'));
      assert_true (strchr (err, '\n')[1] == '\0');
    }
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_won_in_two_cruel),
    cmocka_unit_test (test_won_in_two_straight_up),
    cmocka_unit_test (test_won_in_two_hopscotch),
    cmocka_unit_test (test_won_in_two_scuffle),
    cmocka_unit_test (test_won_in_two_backbone),
    cmocka_unit_test (test_already_won),
    cmocka_unit_test (test_lost_cruel_bottom_group),
    cmocka_unit_test (test_lost_no_moves),
    cmocka_unit_test (test_lines_cruel),
    cmocka_unit_test (test_lines_straight_up),
    cmocka_unit_test (test_lines_hopscotch),
    cmocka_unit_test (test_lines_scuffle),
    cmocka_unit_test (test_lines_backbone),
    cmocka_unit_test (test_straight_up_dominance_deals),
    cmocka_unit_test (test_cruel_lost_cross_check),
    cmocka_unit_test (test_small_cruel),
    cmocka_unit_test (test_small_straight_up),
    cmocka_unit_test (test_small_scuffle),
    cmocka_unit_test (test_small_hopscotch),
    cmocka_unit_test (test_small_backbone),
    cmocka_unit_test (test_budget_exhausted),
    cmocka_unit_test (test_cancel),
    cmocka_unit_test (test_threads),
    cmocka_unit_test (test_scuffle_chance),
    cmocka_unit_test (test_cli_solve_replays),
    cmocka_unit_test (test_cli_solve_lost),
    cmocka_unit_test (test_cli_time_limit),
    cmocka_unit_test (test_cli_survey),
    cmocka_unit_test (test_lost_backbone_blocked),
    cmocka_unit_test (test_lost_backbone_twin),
    cmocka_unit_test (test_lost_backbone_deal),
    cmocka_unit_test (test_rate),
    cmocka_unit_test (test_rate_lost_and_cancelled),
    cmocka_unit_test (test_cli_errors),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
