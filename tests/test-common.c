/* test-common.c: what every game has (doc/rules.md, "What every game
 * also has"): double-click, undo and redo without limit, restart, hint,
 * score and the state JSON of doc/felt-cli.md, for every game.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "felt-test-util.h"

/* ---- helpers ------------------------------------------------------------- */

static void
assert_same_move (FeltMove got, FeltMove want)
{
  assert_int_equal (got.stock, want.stock);
  assert_int_equal (got.from, want.from);
  assert_int_equal (got.to, want.to);
  assert_int_equal (got.count, want.count);
}

static gboolean
is_foundation (const FeltGame *game, guint p)
{
  return game->piles[p].role == FELT_ROLE_FOUNDATION;
}

/* One step of a seeded random game: the stock action with probability
 * stock_percent when it is possible, else a random legal move.  Checks
 * the hint on the way: it is legal, it takes a card home when one can
 * go home, and it is there whenever the stock can act.  FALSE when
 * nothing is possible. */
static gboolean
random_step (FeltSession *session, GRand *rand, int stock_percent, FeltMove *played)
{
  const FeltState *st = felt_session_get_state (session);
  const FeltGame *game = felt_session_get_game (session);
  FeltMove moves[FELT_MAX_MOVES];
  guint n = felt_state_legal_moves (st, moves);
  gboolean can_stock = felt_state_can_stock (st);
  gboolean home = FALSE;
  FeltMove hint;

  for (guint i = 0; i < n; i++)
    home |= is_foundation (game, moves[i].to);

  if (felt_state_hint (st, &hint))
    {
      assert_int_equal (felt_state_check_move (st, &hint), FELT_LEGAL);
      if (home)
        {
          assert_false (hint.stock);
          assert_true (is_foundation (game, hint.to));
        }
    }
  else
    {
      assert_false (can_stock);
      assert_false (home);
    }

  if (n == 0 && !can_stock)
    {
      assert_true (felt_state_is_over (st) || felt_state_is_won (st));
      return FALSE;
    }
  assert_false (felt_state_is_over (st));
  if (can_stock && (n == 0 || g_rand_int_range (rand, 0, 100) < stock_percent))
    *played = felt_test_stock_move;
  else
    *played = moves[g_rand_int_range (rand, 0, (gint32) n)];
  assert_int_equal (felt_session_play (session, played), FELT_LEGAL);
  return TRUE;
}

/* ---- double-click -------------------------------------------------------- */

static void
test_cruel_first_move (void **unused)
{
  FeltState st;

  felt_test_position (&st, "cruel", "foundation.0", "AH", "tableau.0", "KS 2H", NULL);
  assert_legal (&st, "tableau.0", 1, "foundation.0");
}

static void
test_double_click_backbone (void **unused)
{
  FeltState st;

  /* Eight empty foundations take the ace: the first one. */
  felt_test_position (&st, "backbone",
                      "waste", "AH", "tableau.0", "5C", "tableau.1", "6C", NULL);
  assert_double_click (&st, "waste", 1, "foundation.0");
  assert_double_click (&st, "tableau.0", 1, NULL);
  assert_double_click (&st, "tableau.2", 1, NULL);

  felt_test_position (&st, "backbone",
                      "foundation.0", "AS", "foundation.1", "AC",
                      "waste", "AH", NULL);
  assert_double_click (&st, "waste", 1, "foundation.2");

  /* Two hearts foundations on 2H: the first in layout order, whichever
   * the row. */
  felt_test_position (&st, "backbone",
                      "foundation.0", "AS", "foundation.3", "AH 2H",
                      "foundation.6", "AH 2H", "foundation.7", "AH",
                      "tableau.4", "3H", "tableau.5", "2H", NULL);
  assert_double_click (&st, "tableau.4", 1, "foundation.3");
  assert_double_click (&st, "tableau.5", 1, "foundation.7");
  /* The first empty one is earlier than foundation.7, but a 2 does not
   * start a foundation. */
  assert_double_click (&st, "foundation.3", 1, NULL);
}

static void
test_double_click_scuffle (void **unused)
{
  FeltState st;

  felt_test_position (&st, "scuffle",
                      FELT_TEST_ACES,
                      "reserve.1", "2S", "reserve.2", "5D", NULL);
  /* Four foundations take any 2: the first. */
  assert_double_click (&st, "reserve.1", 1, "foundation.0");
  assert_double_click (&st, "reserve.2", 1, NULL);
  assert_double_click (&st, "reserve.0", 1, NULL);

  felt_test_position (&st, "scuffle",
                      "foundation.0", "AC 2D 3H", "foundation.1", "AD",
                      "foundation.2", "AH 2S", "foundation.3", "AS 2C",
                      "reserve.0", "3C", "reserve.3", "KD 2H", NULL);
  /* A 3: foundation.2 and foundation.3 accept, foundation.2 comes first. */
  assert_double_click (&st, "reserve.0", 1, "foundation.2");
  /* A 2: only foundation.1. */
  assert_double_click (&st, "reserve.3", 1, "foundation.1");
  /* Two cards never go together. */
  assert_double_click (&st, "reserve.3", 2, NULL);
}

static void
test_double_click_hopscotch (void **unused)
{
  FeltState st;

  /* A 4 fits foundation.0 (3 + 1) and foundation.1 (2 + 2). */
  felt_test_position (&st, "hopscotch",
                      "foundation.0", "AC 2H 3H", "foundation.1", "2C",
                      "foundation.2", "3C", "foundation.3", "4C",
                      "waste", "4S", "reserve.2", "9D", NULL);
  assert_double_click (&st, "waste", 1, "foundation.0");
  assert_double_click (&st, "reserve.2", 1, NULL);

  felt_test_position (&st, "hopscotch",
                      FELT_TEST_LOW_CLUBS,
                      "reserve.1", "4S", "reserve.3", "8D", NULL);
  assert_double_click (&st, "reserve.1", 1, "foundation.1");
  assert_double_click (&st, "reserve.3", 1, "foundation.3");
  assert_double_click (&st, "stock", 1, NULL);
}

static void
test_double_click_cruel (void **unused)
{
  FeltState st;

  felt_test_position (&st, "cruel",
                      "foundation.0", "AC", "foundation.1", "AD",
                      "foundation.2", "AH 2H", "foundation.3", "AS",
                      "tableau.0", "KS 3H", "tableau.1", "2C", "tableau.2", "4H",
                      NULL);
  assert_double_click (&st, "tableau.0", 1, "foundation.2");
  assert_double_click (&st, "tableau.1", 1, "foundation.0");
  assert_double_click (&st, "tableau.2", 1, NULL);
  assert_double_click (&st, "tableau.0", 2, NULL);
  assert_double_click (&st, "tableau.5", 1, NULL);
}

static void
test_double_click_straight_up (void **unused)
{
  FeltState st;

  felt_test_position (&st, "straight-up",
                      "foundation.0", "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC",
                      "foundation.1", "2D", "foundation.2", "2H", "foundation.3", "2S",
                      "tableau.0", "AC", "tableau.1", "5S 4S 3S", "tableau.2", "3H",
                      "tableau.3", "7D", "waste", "3D", "reserve.0", "9H 4H",
                      NULL);
  /* Aces high: the ace of clubs after the king. */
  assert_double_click (&st, "tableau.0", 1, "foundation.0");
  assert_double_click (&st, "tableau.2", 1, "foundation.2");
  assert_double_click (&st, "waste", 1, "foundation.1");
  /* A run whose top card fits. */
  assert_double_click (&st, "tableau.1", 1, "foundation.3");
  assert_double_click (&st, "tableau.1", 2, "foundation.3");
  assert_double_click (&st, "tableau.1", 3, "foundation.3");
  assert_double_click (&st, "tableau.3", 1, NULL);
  assert_double_click (&st, "reserve.0", 1, NULL);
}

/* ---- undo and redo ------------------------------------------------------- */

/* Plays up to `steps` seeded random steps of a real deal, remembering
 * every position, then undoes them all one by one and redoes them all,
 * checking each position on the way.  Returns how many were played. */
static guint
round_trip (const char *id, guint32 seed, guint steps, int stock_percent, guint *max_redeals)
{
  const FeltGame *game = felt_game_lookup (id);
  g_autoptr (FeltSession) session = felt_session_new (game, seed);
  GRand *rand = g_rand_new_with_seed (seed ^ 0x5eed);
  FeltState *states = g_new (FeltState, steps + 1);
  FeltMove *moves = g_new (FeltMove, steps);
  FeltState dealt;
  guint n = 0;

  felt_state_deal (&dealt, game, seed);
  assert_true (felt_state_equal (felt_session_get_state (session), &dealt));
  assert_false (felt_session_can_undo (session));
  assert_false (felt_session_undo (session));
  states[0] = dealt;
  *max_redeals = 0;

  while (n < steps && random_step (session, rand, stock_percent, &moves[n]))
    {
      n++;
      states[n] = *felt_session_get_state (session);
      *max_redeals = MAX (*max_redeals, states[n].redeals);
      assert_int_equal (felt_session_get_n_moves (session), n);
      assert_int_equal (felt_session_get_n_redo (session), 0);
    }
  for (guint i = 0; i < n; i++)
    assert_same_move (felt_session_get_move (session, i), moves[i]);

  /* Undo every step back to the deal. */
  for (guint i = n; i > 0; i--)
    {
      assert_true (felt_session_can_undo (session));
      assert_true (felt_session_undo (session));
      assert_true (felt_state_equal (felt_session_get_state (session), &states[i - 1]));
      assert_int_equal (felt_session_get_n_moves (session), i - 1);
      assert_int_equal (felt_session_get_n_redo (session), n - i + 1);
      assert_true (felt_session_can_redo (session));
    }
  assert_true (felt_state_equal (felt_session_get_state (session), &dealt));
  assert_false (felt_session_can_undo (session));
  assert_false (felt_session_undo (session));
  for (guint i = 0; i < n; i++)
    assert_same_move (felt_session_get_redo (session, i), moves[i]);

  /* Redo every step back to the end. */
  for (guint i = 1; i <= n; i++)
    {
      assert_true (felt_session_redo (session));
      assert_true (felt_state_equal (felt_session_get_state (session), &states[i]));
    }
  assert_false (felt_session_can_redo (session));
  assert_false (felt_session_redo (session));
  assert_int_equal (felt_session_get_n_moves (session), n);

  g_free (moves);
  g_free (states);
  g_rand_free (rand);
  return n;
}

static void
test_undo_redo_round_trip (void **unused)
{
  static const guint32 seeds[] = { 1, 2, 3, 1000, 4294967295u };

  for (guint g = 0; g < FELT_N_GAMES; g++)
    {
      guint total = 0;

      /* Each game runs until 250 steps or its end (random_step checks
       * that it is over or won then). */
      for (guint s = 0; s < G_N_ELEMENTS (seeds); s++)
        {
          guint max_redeals;
          total += round_trip (felt_game_get (g)->id, seeds[s], 250, 40, &max_redeals);
        }
      /* Long enough to mean something. */
      if (total < 100)
        fail_msg ("%s: only %u steps in all", felt_game_get (g)->id, total);
    }
}

static void
test_undo_redo_redeals (void **unused)
{
  /* Stock-heavy games that reach the redeals: every kind of stock action
   * goes through undo and redo. */
  static const char *const ids[] = { "scuffle", "backbone", "straight-up" };

  for (guint g = 0; g < G_N_ELEMENTS (ids); g++)
    for (guint32 seed = 10; seed < 14; seed++)
      {
        guint max_redeals;
        round_trip (ids[g], seed, 400, 90, &max_redeals);
        assert_true (max_redeals >= 1);
      }
}

static void
test_undo_redo_cruel_redeals (void **unused)
{
  guint max_redeals;

  /* Cruel redeals only after a move: a random game gets there. */
  for (guint32 seed = 20; seed < 24; seed++)
    {
      round_trip ("cruel", seed, 300, 30, &max_redeals);
      assert_true (max_redeals >= 1);
    }
}

static void
test_unlimited_undo_depth (void **unused)
{
  const FeltGame *game = felt_game_lookup ("backbone");
  g_autoptr (FeltSession) session = felt_session_new (game, 5);
  GRand *rand = g_rand_new_with_seed (5);
  FeltState dealt, end;
  guint n;

  /* Through the stock twice, card moves in between. */
  while (felt_session_get_n_moves (session) < 1000)
    {
      FeltMove m;
      if (!random_step (session, rand, 50, &m))
        break;
    }
  n = felt_session_get_n_moves (session);
  if (n < 250)
    fail_msg ("only %u moves", n);
  /* Both passes through the stock are in it. */
  assert_int_equal (felt_session_get_state (session)->redeals, 1);
  assert_int_equal (felt_pile_size (felt_session_get_state (session), 0), 0);
  end = *felt_session_get_state (session);

  felt_state_deal (&dealt, game, 5);
  for (guint i = 0; i < n; i++)
    assert_true (felt_session_undo (session));
  assert_false (felt_session_undo (session));
  assert_true (felt_state_equal (felt_session_get_state (session), &dealt));
  assert_int_equal (felt_session_get_n_redo (session), n);
  for (guint i = 0; i < n; i++)
    assert_true (felt_session_redo (session));
  assert_false (felt_session_redo (session));
  assert_true (felt_state_equal (felt_session_get_state (session), &end));
  g_rand_free (rand);
}

static void
test_stock_only_depth (void **unused)
{
  /* Backbone: 77 deals, the redeal, 77 deals: 155 stock actions.
   * Straight Up: three passes through its stock. */
  static const struct { const char *id; guint actions; } cases[] = {
    { "backbone", 77 + 1 + 77 },
    { "straight-up", 31 + 1 + 31 + 1 + 31 },
    { "scuffle", 11 + 1 + 12 + 1 + 12 },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      const FeltGame *game = felt_game_lookup (cases[c].id);
      g_autoptr (FeltSession) session = felt_session_new (game, 77);
      FeltState dealt = *felt_session_get_state (session);
      FeltState end;

      while (felt_state_can_stock (felt_session_get_state (session)))
        assert_int_equal (felt_session_play (session, &felt_test_stock_move), FELT_LEGAL);
      assert_int_equal (felt_session_get_n_moves (session), cases[c].actions);
      assert_int_equal (felt_state_redeals_left (felt_session_get_state (session)), 0);
      assert_int_equal (felt_session_play (session, &felt_test_stock_move),
                        FELT_ILLEGAL_NO_STOCK_ACTION);
      end = *felt_session_get_state (session);

      while (felt_session_undo (session))
        ;
      assert_true (felt_state_equal (felt_session_get_state (session), &dealt));
      while (felt_session_redo (session))
        ;
      assert_true (felt_state_equal (felt_session_get_state (session), &end));
    }
}

static void
test_new_move_drops_redo (void **unused)
{
  for (guint g = 0; g < FELT_N_GAMES; g++)
    {
      const FeltGame *game = felt_game_get (g);
      g_autoptr (FeltSession) session = felt_session_new (game, 31);
      GRand *rand = g_rand_new_with_seed (31);
      FeltState kept;
      FeltMove m, bad = { 0, 0, 1, 0 };
      FeltMove moves[FELT_MAX_MOVES];
      guint n;

      for (guint i = 0; i < 6; i++)
        assert_true (random_step (session, rand, 50, &m));
      assert_true (felt_session_undo (session));
      assert_true (felt_session_undo (session));
      assert_true (felt_session_undo (session));
      assert_int_equal (felt_session_get_n_redo (session), 3);
      kept = *felt_session_get_state (session);

      /* A refused move changes nothing, not even the redo list. */
      assert_int_equal (felt_session_play (session, &bad), FELT_ILLEGAL_SAME_PILE);
      assert_int_equal (felt_session_get_n_redo (session), 3);
      assert_true (felt_state_equal (felt_session_get_state (session), &kept));

      /* A new move drops what redo would have played. */
      n = felt_state_legal_moves (&kept, moves);
      if (n > 0)
        m = moves[n - 1];
      else
        m = felt_test_stock_move;
      assert_int_equal (felt_session_play (session, &m), FELT_LEGAL);
      assert_int_equal (felt_session_get_n_redo (session), 0);
      assert_false (felt_session_can_redo (session));
      assert_false (felt_session_redo (session));
      assert_int_equal (felt_session_get_n_moves (session), 4);

      /* And undo still goes back through the kept history. */
      assert_true (felt_session_undo (session));
      assert_true (felt_state_equal (felt_session_get_state (session), &kept));
      g_rand_free (rand);
    }
}

static void
test_restart (void **unused)
{
  for (guint g = 0; g < FELT_N_GAMES; g++)
    {
      const FeltGame *game = felt_game_get (g);
      g_autoptr (FeltSession) session = felt_session_new (game, 4242);
      GRand *rand = g_rand_new_with_seed (4242);
      FeltState dealt;
      FeltMove m;

      felt_state_deal (&dealt, game, 4242);
      for (guint i = 0; i < 20; i++)
        if (!random_step (session, rand, 50, &m))
          break;
      assert_true (felt_session_undo (session));
      assert_true (felt_session_can_redo (session));
      assert_false (felt_state_equal (felt_session_get_state (session), &dealt));

      felt_session_restart (session);
      assert_true (felt_state_equal (felt_session_get_state (session), &dealt));
      assert_int_equal (felt_session_get_n_moves (session), 0);
      assert_int_equal (felt_session_get_n_redo (session), 0);
      assert_false (felt_session_can_undo (session));
      assert_false (felt_session_can_redo (session));
      assert_false (felt_session_redo (session));
      assert_true (felt_session_get_game (session) == game);
      assert_int_equal (felt_session_get_seed (session), 4242);
      assert_int_equal (felt_state_score (felt_session_get_state (session)), 0);

      /* The game goes on from the deal. */
      assert_true (random_step (session, rand, 50, &m));
      assert_int_equal (felt_session_get_n_moves (session), 1);
      g_rand_free (rand);
    }
}

/* ---- hint ---------------------------------------------------------------- */

static void
test_hint_hopscotch (void **unused)
{
  FeltState st;
  FeltMove hint;

  /* The waste card goes home rather than onto a reserve pile. */
  felt_test_position (&st, "hopscotch",
                      "stock", "KD", "waste", "5S",
                      "foundation.0", "AC 2H 3H 4H", "foundation.1", "2C",
                      "foundation.2", "3C", "foundation.3", "4C", NULL);
  assert_true (felt_state_hint (&st, &hint));
  assert_move (&st, &hint, "waste", 1, "foundation.0");

  /* A reserve card going home beats parking the waste card. */
  felt_test_position (&st, "hopscotch",
                      "waste", "KD", "reserve.3", "QD 6S",
                      FELT_TEST_LOW_CLUBS, NULL);
  assert_true (felt_state_hint (&st, &hint));
  assert_move (&st, &hint, "reserve.3", 1, "foundation.2");

  /* Nothing goes home and the waste is empty: the stock. */
  felt_test_position (&st, "hopscotch",
                      "stock", "KD", "reserve.0", "9S",
                      "foundation.0", "AC 2H 3H 4H", "foundation.1", "2C",
                      "foundation.2", "3C", "foundation.3", "4C", NULL);
  assert_true (felt_state_hint (&st, &hint));
  assert_true (hint.stock);

  /* Nothing at all. */
  felt_test_position (&st, "hopscotch",
                      "reserve.0", "9S",
                      "foundation.0", "AC 2H 3H 4H", "foundation.1", "2C",
                      "foundation.2", "3C", "foundation.3", "4C", NULL);
  assert_false (felt_state_hint (&st, &hint));
  assert_true (felt_state_is_over (&st));
}

static void
test_hint_cruel (void **unused)
{
  FeltState st;
  FeltMove hint;

  felt_test_position (&st, "cruel",
                      FELT_TEST_ACES,
                      "tableau.0", "3S", "tableau.1", "4S", "tableau.2", "KS 2H",
                      NULL);
  assert_true (felt_state_hint (&st, &hint));
  assert_move (&st, &hint, "tableau.2", 1, "foundation.2");

  /* No card move, a card has moved since the deal: redeal. */
  felt_test_position (&st, "cruel",
                      FELT_TEST_ACES,
                      "tableau.0", "KS 5H", "tableau.1", "9D", NULL);
  st.flags |= FELT_STATE_MOVED_SINCE_DEAL;
  assert_true (felt_state_hint (&st, &hint));
  assert_true (hint.stock);
  assert_false (felt_state_is_over (&st));

  /* Nothing has moved since: no redeal, nothing left. */
  st.flags = 0;
  assert_false (felt_state_hint (&st, &hint));
  assert_true (felt_state_is_over (&st));
}

static void
test_hint_straight_up (void **unused)
{
  FeltState st;
  FeltMove hint;

  felt_test_position (&st, "straight-up",
                      FELT_TEST_TWOS,
                      "tableau.0", "TC", "tableau.1", "3H", "tableau.2", "KS",
                      "tableau.3", "KD", "waste", "9C", "reserve.0", "KH QH",
                      NULL);
  assert_true (felt_state_hint (&st, &hint));
  assert_move (&st, &hint, "tableau.1", 1, "foundation.2");

  /* Nothing fits: the stock. */
  felt_test_position (&st, "straight-up",
                      "stock", "7C",
                      FELT_TEST_TWOS,
                      "tableau.0", "KC", "tableau.1", "KH", "tableau.2", "KS",
                      "tableau.3", "KD", "reserve.0", "5D",
                      NULL);
  assert_true (felt_state_hint (&st, &hint));
  assert_true (hint.stock);

  /* Stock and waste empty: nothing left. */
  felt_test_position (&st, "straight-up",
                      FELT_TEST_TWOS,
                      "tableau.0", "KC", "tableau.1", "KH", "tableau.2", "KS",
                      "tableau.3", "KD", "reserve.0", "5D",
                      NULL);
  assert_false (felt_state_hint (&st, &hint));
  assert_true (felt_state_is_over (&st));
}

static void
test_hint_scuffle (void **unused)
{
  FeltState st;
  FeltMove hint;

  felt_test_position (&st, "scuffle",
                      "stock", "5C",
                      FELT_TEST_ACES,
                      "reserve.0", "9S", "reserve.2", "2H", NULL);
  assert_true (felt_state_hint (&st, &hint));
  assert_false (hint.stock);
  assert_int_equal (hint.from, felt_test_pile (&st, "reserve.2"));
  assert_int_equal (hint.count, 1);
  assert_true (is_foundation (felt_state_game (&st), hint.to));

  felt_test_position (&st, "scuffle",
                      "stock", "5C",
                      FELT_TEST_ACES,
                      "reserve.0", "9S", NULL);
  assert_true (felt_state_hint (&st, &hint));
  assert_true (hint.stock);

  /* Stock empty, redeals left: the redeal. */
  felt_test_position (&st, "scuffle",
                      FELT_TEST_ACES,
                      "reserve.0", "9S", NULL);
  assert_true (felt_state_hint (&st, &hint));
  assert_true (hint.stock);

  st.redeals = 2;
  assert_false (felt_state_hint (&st, &hint));
  assert_true (felt_state_is_over (&st));
}

static void
test_hint_backbone (void **unused)
{
  FeltState st;
  FeltMove hint;

  /* Home rather than 5C onto 6C. */
  felt_test_position (&st, "backbone",
                      "stock", "JD", "waste", "AH",
                      "tableau.0", "5C", "tableau.1", "6C", "tableau.2", "KH",
                      "tableau.3", "KS", "tableau.4", "QC", "tableau.5", "9H",
                      "tableau.6", "7S", "tableau.7", "2H", NULL);
  assert_true (felt_state_hint (&st, &hint));
  assert_move (&st, &hint, "waste", 1, "foundation.0");

  /* The covering card going home beats a tableau move. */
  felt_test_position (&st, "backbone",
                      "reserve.0", "9D", "reserve.1", "AD", "reserve.2", "AS",
                      "tableau.0", "5C", "tableau.1", "6C", "tableau.2", "KH",
                      "tableau.3", "KS", "tableau.4", "QC", "tableau.5", "9H",
                      "tableau.6", "7S", "tableau.7", "2H", NULL);
  assert_true (felt_state_hint (&st, &hint));
  assert_move (&st, &hint, "reserve.2", 1, "foundation.0");

  /* Only moves that change nothing (a lone card to an empty pile): the
   * stock. */
  felt_test_position (&st, "backbone",
                      "stock", "JD",
                      "tableau.0", "5C", "tableau.2", "KH",
                      "tableau.3", "KS", "tableau.4", "QC", "tableau.5", "9H",
                      "tableau.6", "7S", "tableau.7", "2H", NULL);
  assert_true (felt_state_hint (&st, &hint));
  assert_true (hint.stock);

  /* Nothing left. */
  felt_test_position (&st, "backbone",
                      "tableau.0", "5C", "tableau.1", "3D", "tableau.2", "KH",
                      "tableau.3", "KS", "tableau.4", "QC", "tableau.5", "9H",
                      "tableau.6", "7S", "tableau.7", "2H", NULL);
  st.redeals = 1;
  assert_false (felt_state_hint (&st, &hint));
  assert_true (felt_state_is_over (&st));
}

static void
test_hint_on_real_deals (void **unused)
{
  /* Whatever the position, the hint is legal and sends a card home when
   * one can go (checked by random_step). */
  for (guint g = 0; g < FELT_N_GAMES; g++)
    for (guint32 seed = 50; seed < 55; seed++)
      {
        g_autoptr (FeltSession) session = felt_session_new (felt_game_get (g), seed);
        GRand *rand = g_rand_new_with_seed (seed);
        FeltMove m;

        for (guint i = 0; i < 300; i++)
          if (!random_step (session, rand, 30, &m))
            break;
        g_rand_free (rand);
      }
}

/* ---- score --------------------------------------------------------------- */

static void
test_score_real_deals (void **unused)
{
  for (guint g = 0; g < FELT_N_GAMES; g++)
    for (guint32 seed = 60; seed < 63; seed++)
      {
        const FeltGame *game = felt_game_get (g);
        g_autoptr (FeltSession) session = felt_session_new (game, seed);
        GRand *rand = g_rand_new_with_seed (seed);
        guint homes = 0;
        guint dealt_home = felt_state_pile_count (felt_session_get_state (session),
                                                  FELT_ROLE_FOUNDATION);

        /* The cards the deal lays on the foundations score nothing. */
        assert_int_equal (felt_state_score (felt_session_get_state (session)), 0);

        for (guint i = 0; i < 2000 && homes < 3; i++)
          {
            const FeltState *st = felt_session_get_state (session);
            FeltMove moves[FELT_MAX_MOVES];
            guint n = felt_state_legal_moves (st, moves);
            guint before = felt_state_score (st);
            FeltMove m;
            int k = -1;

            for (guint j = 0; j < n && k < 0; j++)
              if (is_foundation (game, moves[j].to))
                k = (int) j;
            if (k < 0)
              {
                /* Anything else scores nothing. */
                if (!random_step (session, rand, 50, &m))
                  break;
                assert_int_equal (felt_state_score (felt_session_get_state (session)), before);
                continue;
              }
            felt_test_play_scores (session, &moves[k], moves[k].count);
            assert_int_equal (felt_state_score (felt_session_get_state (session)),
                              felt_state_pile_count (felt_session_get_state (session),
                                                     FELT_ROLE_FOUNDATION) - dealt_home);
            homes++;
          }
        assert_true (homes >= 1);
        g_rand_free (rand);
      }
}

static void
test_score_run_to_foundation (void **unused)
{
  FeltState st, before;
  FeltMove m;
  FeltUndo undo;

  /* Straight Up: a run that goes home scores each of its cards. */
  felt_test_position (&st, "straight-up",
                      FELT_TEST_TWOS,
                      "tableau.0", "KD 5S 4S 3S", "tableau.1", "KH",
                      NULL);
  assert_int_equal (felt_state_score (&st), 0);
  before = st;
  m = felt_test_move (&st, "tableau.0", 3, "foundation.3");
  assert_int_equal (felt_state_check_move (&st, &m), FELT_LEGAL);
  felt_state_apply (&st, &m, &undo);
  assert_pile (&st, "foundation.3", "2S 3S 4S 5S");
  assert_int_equal (felt_state_score (&st), 3);
  felt_state_undo (&st, &undo);
  assert_int_equal (felt_state_score (&st), 0);
  assert_true (felt_state_equal (&st, &before));
}

/* What doc/rules.md and doc/felt-cli.md fix for each of the five games,
 * by id: the generic tests below check every game of the engine's list,
 * and these values besides for the games they name. */
typedef struct {
  const char *id;
  guint max_score;
  int redeals_left;        /* at the deal */
  guint hidden;            /* face-down cards outside the stock at the deal */
  const char *json_piles;  /* the pile ids of the state JSON, in order */
} Pinned;

static const Pinned pinned[] = {
  { "hopscotch", 48, 0, 0,
    "stock waste foundation.0 foundation.1 foundation.2 foundation.3 "
    "reserve.0 reserve.1 reserve.2 reserve.3" },
  { "cruel", 48, -1, 0,
    "stock foundation.0 foundation.1 foundation.2 foundation.3 "
    "tableau.0 tableau.1 tableau.2 tableau.3 tableau.4 tableau.5 "
    "tableau.6 tableau.7 tableau.8 tableau.9 tableau.10 tableau.11" },
  { "straight-up", 48, 2, 12,
    "stock waste foundation.0 foundation.1 foundation.2 foundation.3 "
    "tableau.0 tableau.1 tableau.2 tableau.3 reserve.0" },
  { "scuffle", 48, 2, 0,
    "stock foundation.0 foundation.1 foundation.2 foundation.3 "
    "reserve.0 reserve.1 reserve.2 reserve.3" },
  { "backbone", 104, 1, 0,
    "stock waste foundation.0 foundation.1 foundation.2 foundation.3 "
    "foundation.4 foundation.5 foundation.6 foundation.7 "
    "tableau.0 tableau.1 tableau.2 tableau.3 tableau.4 tableau.5 tableau.6 tableau.7 "
    "reserve.0 reserve.1 reserve.2" },
};

static const Pinned *
pinned_for (const char *id)
{
  for (guint i = 0; i < G_N_ELEMENTS (pinned); i++)
    if (g_str_equal (pinned[i].id, id))
      return &pinned[i];
  return NULL;
}

static void
test_max_scores (void **unused)
{
  for (guint i = 0; i < G_N_ELEMENTS (pinned); i++)
    {
      const FeltGame *game = felt_game_lookup (pinned[i].id);
      assert_non_null (game);
      assert_int_equal (felt_game_max_score (game), pinned[i].max_score);
    }
  /* Every game: the cards not dealt to the foundations. */
  for (guint g = 0; g < FELT_N_GAMES; g++)
    {
      FeltState st;
      felt_state_deal (&st, felt_game_get (g), 0);
      assert_int_equal (felt_game_max_score (felt_game_get (g)),
                        st.n_cards - felt_state_pile_count (&st, FELT_ROLE_FOUNDATION));
    }
}

/* ---- the state JSON ------------------------------------------------------ */

/* The "id" values of a state JSON, in order, separated by spaces. */
static char *
json_pile_ids (const char *json)
{
  GString *out = g_string_new (NULL);
  const char *p = json;

  while ((p = strstr (p, "{\"id\":\"")) != NULL)
    {
      const char *end;
      p += strlen ("{\"id\":\"");
      end = strchr (p, '"');
      assert_non_null (end);
      if (out->len)
        g_string_append_c (out, ' ');
      g_string_append_len (out, p, end - p);
      p = end;
    }
  return g_string_free (out, FALSE);
}

static void
test_json_of_deals (void **unused)
{
  for (guint g = 0; g < FELT_N_GAMES; g++)
    {
      const FeltGame *game = felt_game_get (g);
      const Pinned *pin = pinned_for (game->id);
      g_autoptr (FeltSession) session = felt_session_new (game, 123456);
      const FeltState *st = felt_session_get_state (session);
      g_autofree char *json = felt_state_to_json (st, 123456, 0);
      g_autofree char *head = g_strdup_printf ("{\"game\":\"%s\",\"seed\":123456,\"score\":0,"
                                               "\"moves\":0,\"redeals_left\":%d,"
                                               "\"won\":false,\"over\":false,\"piles\":[",
                                               game->id,
                                               pin ? pin->redeals_left
                                                   : felt_state_redeals_left (st));
      g_autofree char *ids = json_pile_ids (json);
      g_autofree char *stock = NULL;
      GString *want = g_string_new ("{\"id\":\"stock\",\"cards\":[");
      guint hashes = 0;

      assert_true (g_str_has_prefix (json, head));
      assert_true (g_str_has_suffix (json, "]}]}"));
      assert_null (strchr (json, '\n'));
      if (pin)
        assert_string_equal (ids, pin->json_piles);
      /* Every game: one entry per pile, in the table's order. */
      {
        g_autoptr (GString) names = g_string_new (NULL);
        for (guint p = 0; p < game->n_piles; p++)
          {
            char name[16];
            g_string_append_printf (names, "%s%s", p ? " " : "", felt_pile_name (game, p, name));
          }
        assert_string_equal (ids, names->str);
      }

      /* The stock, face down, bottom first. */
      for (guint i = 0; i < felt_pile_size (st, 0); i++)
        {
          char name[3];
          felt_card_to_string (felt_pile_card (st, 0, i), name);
          g_string_append_printf (want, "%s\"#%s\"", i ? "," : "", name);
        }
      g_string_append (want, "]}");
      assert_non_null (strstr (json, want->str));
      g_string_free (want, TRUE);

      for (const char *p = json; (p = strchr (p, '#')) != NULL; p++)
        hashes++;
      /* The stock's cards and those the game hides besides (Straight Up
       * all but the top reserve card). */
      {
        guint down = 0;
        for (guint p = 0; p < game->n_piles; p++)
          for (guint i = 0; i < felt_pile_size (st, p); i++)
            down += felt_state_card_face_down (st, p, i);
        assert_int_equal (hashes, down);
        if (pin)
          assert_int_equal (hashes, felt_pile_size (st, 0) + pin->hidden);
      }

      /* After some play the counters follow. */
      {
        GRand *rand = g_rand_new_with_seed (9);
        FeltMove m;
        g_autofree char *later = NULL;
        g_autofree char *head2 = NULL;

        for (guint i = 0; i < 5; i++)
          assert_true (random_step (session, rand, 50, &m));
        st = felt_session_get_state (session);
        later = felt_state_to_json (st, 123456, felt_session_get_n_moves (session));
        head2 = g_strdup_printf ("{\"game\":\"%s\",\"seed\":123456,\"score\":%u,"
                                 "\"moves\":5,\"redeals_left\":%d,",
                                 felt_game_get (g)->id, felt_state_score (st),
                                 felt_state_redeals_left (st));
        assert_true (g_str_has_prefix (later, head2));
        g_rand_free (rand);
      }
    }
}

static void
test_json_exact (void **unused)
{
  FeltState st;
  g_autofree char *hopscotch = NULL;
  g_autofree char *cruel = NULL;
  g_autofree char *straight_up = NULL;
  g_autofree char *scuffle = NULL;
  g_autofree char *backbone = NULL;

  felt_test_position (&st, "hopscotch",
                      "stock", "9D 8S", "waste", "7H",
                      "foundation.0", "AC 2D", "foundation.1", "2C",
                      "foundation.2", "3C", "foundation.3", "4C",
                      "reserve.0", "KS QS", NULL);
  hopscotch = felt_state_to_json (&st, 42, 3);
  assert_string_equal (hopscotch,
    "{\"game\":\"hopscotch\",\"seed\":42,\"score\":1,\"moves\":3,\"redeals_left\":0,"
    "\"won\":false,\"over\":false,\"piles\":["
    "{\"id\":\"stock\",\"cards\":[\"#9D\",\"#8S\"]},"
    "{\"id\":\"waste\",\"cards\":[\"7H\"]},"
    "{\"id\":\"foundation.0\",\"cards\":[\"AC\",\"2D\"]},"
    "{\"id\":\"foundation.1\",\"cards\":[\"2C\"]},"
    "{\"id\":\"foundation.2\",\"cards\":[\"3C\"]},"
    "{\"id\":\"foundation.3\",\"cards\":[\"4C\"]},"
    "{\"id\":\"reserve.0\",\"cards\":[\"KS\",\"QS\"]},"
    "{\"id\":\"reserve.1\",\"cards\":[]},"
    "{\"id\":\"reserve.2\",\"cards\":[]},"
    "{\"id\":\"reserve.3\",\"cards\":[]}]}");

  /* Cruel: no waste, an empty stock, unlimited redeals. */
  felt_test_position (&st, "cruel",
                      "foundation.0", "AH 2H", "foundation.1", "AS",
                      "foundation.2", "AD", "foundation.3", "AC",
                      "tableau.0", "KS 3H", "tableau.11", "5D", NULL);
  st.flags |= FELT_STATE_MOVED_SINCE_DEAL;
  cruel = felt_state_to_json (&st, 0, 17);
  assert_string_equal (cruel,
    "{\"game\":\"cruel\",\"seed\":0,\"score\":1,\"moves\":17,\"redeals_left\":-1,"
    "\"won\":false,\"over\":false,\"piles\":["
    "{\"id\":\"stock\",\"cards\":[]},"
    "{\"id\":\"foundation.0\",\"cards\":[\"AH\",\"2H\"]},"
    "{\"id\":\"foundation.1\",\"cards\":[\"AS\"]},"
    "{\"id\":\"foundation.2\",\"cards\":[\"AD\"]},"
    "{\"id\":\"foundation.3\",\"cards\":[\"AC\"]},"
    "{\"id\":\"tableau.0\",\"cards\":[\"KS\",\"3H\"]},"
    "{\"id\":\"tableau.1\",\"cards\":[]},"
    "{\"id\":\"tableau.2\",\"cards\":[]},"
    "{\"id\":\"tableau.3\",\"cards\":[]},"
    "{\"id\":\"tableau.4\",\"cards\":[]},"
    "{\"id\":\"tableau.5\",\"cards\":[]},"
    "{\"id\":\"tableau.6\",\"cards\":[]},"
    "{\"id\":\"tableau.7\",\"cards\":[]},"
    "{\"id\":\"tableau.8\",\"cards\":[]},"
    "{\"id\":\"tableau.9\",\"cards\":[]},"
    "{\"id\":\"tableau.10\",\"cards\":[]},"
    "{\"id\":\"tableau.11\",\"cards\":[\"5D\"]}]}");

  /* Straight Up: the reserve shows only its top card; one redeal used. */
  felt_test_position (&st, "straight-up",
                      "stock", "9C", "waste", "QS TS",
                      "foundation.0", "2C", "foundation.1", "2D",
                      "foundation.2", "2H 3H", "foundation.3", "2S",
                      "tableau.0", "KD", "tableau.1", "8C", "tableau.2", "6H 5H",
                      "tableau.3", "AS", "reserve.0", "KH JH 4D", NULL);
  st.redeals = 1;
  straight_up = felt_state_to_json (&st, 4294967295u, 250);
  assert_string_equal (straight_up,
    "{\"game\":\"straight-up\",\"seed\":4294967295,\"score\":1,\"moves\":250,"
    "\"redeals_left\":1,\"won\":false,\"over\":false,\"piles\":["
    "{\"id\":\"stock\",\"cards\":[\"#9C\"]},"
    "{\"id\":\"waste\",\"cards\":[\"QS\",\"TS\"]},"
    "{\"id\":\"foundation.0\",\"cards\":[\"2C\"]},"
    "{\"id\":\"foundation.1\",\"cards\":[\"2D\"]},"
    "{\"id\":\"foundation.2\",\"cards\":[\"2H\",\"3H\"]},"
    "{\"id\":\"foundation.3\",\"cards\":[\"2S\"]},"
    "{\"id\":\"tableau.0\",\"cards\":[\"KD\"]},"
    "{\"id\":\"tableau.1\",\"cards\":[\"8C\"]},"
    "{\"id\":\"tableau.2\",\"cards\":[\"6H\",\"5H\"]},"
    "{\"id\":\"tableau.3\",\"cards\":[\"AS\"]},"
    "{\"id\":\"reserve.0\",\"cards\":[\"#KH\",\"#JH\",\"4D\"]}]}");

  /* Scuffle, lost: redeals used, nothing fits. */
  felt_test_position (&st, "scuffle",
                      "foundation.0", "AC 2C", "foundation.1", "AD",
                      "foundation.2", "AH", "foundation.3", "AS",
                      "reserve.1", "9S 8S", NULL);
  st.redeals = 2;
  scuffle = felt_state_to_json (&st, 7, 40);
  assert_string_equal (scuffle,
    "{\"game\":\"scuffle\",\"seed\":7,\"score\":1,\"moves\":40,\"redeals_left\":0,"
    "\"won\":false,\"over\":true,\"piles\":["
    "{\"id\":\"stock\",\"cards\":[]},"
    "{\"id\":\"foundation.0\",\"cards\":[\"AC\",\"2C\"]},"
    "{\"id\":\"foundation.1\",\"cards\":[\"AD\"]},"
    "{\"id\":\"foundation.2\",\"cards\":[\"AH\"]},"
    "{\"id\":\"foundation.3\",\"cards\":[\"AS\"]},"
    "{\"id\":\"reserve.0\",\"cards\":[]},"
    "{\"id\":\"reserve.1\",\"cards\":[\"9S\",\"8S\"]},"
    "{\"id\":\"reserve.2\",\"cards\":[]},"
    "{\"id\":\"reserve.3\",\"cards\":[]}]}");

  /* Backbone. */
  felt_test_position (&st, "backbone",
                      "stock", "2C 3C", "waste", "4C",
                      "foundation.4", "AD",
                      "tableau.0", "KH", "tableau.7", "QS JS",
                      "reserve.0", "5H 6H", "reserve.1", "7H", "reserve.2", "8H", NULL);
  backbone = felt_state_to_json (&st, 99, 1);
  assert_string_equal (backbone,
    "{\"game\":\"backbone\",\"seed\":99,\"score\":1,\"moves\":1,\"redeals_left\":1,"
    "\"won\":false,\"over\":false,\"piles\":["
    "{\"id\":\"stock\",\"cards\":[\"#2C\",\"#3C\"]},"
    "{\"id\":\"waste\",\"cards\":[\"4C\"]},"
    "{\"id\":\"foundation.0\",\"cards\":[]},"
    "{\"id\":\"foundation.1\",\"cards\":[]},"
    "{\"id\":\"foundation.2\",\"cards\":[]},"
    "{\"id\":\"foundation.3\",\"cards\":[]},"
    "{\"id\":\"foundation.4\",\"cards\":[\"AD\"]},"
    "{\"id\":\"foundation.5\",\"cards\":[]},"
    "{\"id\":\"foundation.6\",\"cards\":[]},"
    "{\"id\":\"foundation.7\",\"cards\":[]},"
    "{\"id\":\"tableau.0\",\"cards\":[\"KH\"]},"
    "{\"id\":\"tableau.1\",\"cards\":[]},"
    "{\"id\":\"tableau.2\",\"cards\":[]},"
    "{\"id\":\"tableau.3\",\"cards\":[]},"
    "{\"id\":\"tableau.4\",\"cards\":[]},"
    "{\"id\":\"tableau.5\",\"cards\":[]},"
    "{\"id\":\"tableau.6\",\"cards\":[]},"
    "{\"id\":\"tableau.7\",\"cards\":[\"QS\",\"JS\"]},"
    "{\"id\":\"reserve.0\",\"cards\":[\"5H\",\"6H\"]},"
    "{\"id\":\"reserve.1\",\"cards\":[\"7H\"]},"
    "{\"id\":\"reserve.2\",\"cards\":[\"8H\"]}]}");
}

static void
test_json_won (void **unused)
{
  FeltState st;
  g_autofree char *json = NULL;

  felt_test_position (&st, "scuffle",
                      "foundation.0", "AC 2D 3H 4S 5C 6D 7H 8S 9C TD JH QS KC",
                      "foundation.1", "AD 2H 3S 4C 5D 6H 7S 8C 9D TH JS QC KD",
                      "foundation.2", "AH 2S 3C 4D 5H 6S 7C 8D 9H TS JC QD KH",
                      "foundation.3", "AS 2C 3D 4H 5S 6C 7D 8H 9S TC JD QH KS",
                      NULL);
  json = felt_state_to_json (&st, 3, 60);
  assert_true (g_str_has_prefix (json,
    "{\"game\":\"scuffle\",\"seed\":3,\"score\":48,\"moves\":60,\"redeals_left\":2,"
    "\"won\":true,\"over\":false,\"piles\":[{\"id\":\"stock\",\"cards\":[]},"
    "{\"id\":\"foundation.0\",\"cards\":[\"AC\",\"2D\","));
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_cruel_first_move),
    cmocka_unit_test (test_double_click_backbone),
    cmocka_unit_test (test_double_click_scuffle),
    cmocka_unit_test (test_double_click_hopscotch),
    cmocka_unit_test (test_double_click_cruel),
    cmocka_unit_test (test_double_click_straight_up),
    cmocka_unit_test (test_undo_redo_round_trip),
    cmocka_unit_test (test_undo_redo_redeals),
    cmocka_unit_test (test_undo_redo_cruel_redeals),
    cmocka_unit_test (test_unlimited_undo_depth),
    cmocka_unit_test (test_stock_only_depth),
    cmocka_unit_test (test_new_move_drops_redo),
    cmocka_unit_test (test_restart),
    cmocka_unit_test (test_hint_hopscotch),
    cmocka_unit_test (test_hint_cruel),
    cmocka_unit_test (test_hint_straight_up),
    cmocka_unit_test (test_hint_scuffle),
    cmocka_unit_test (test_hint_backbone),
    cmocka_unit_test (test_hint_on_real_deals),
    cmocka_unit_test (test_score_real_deals),
    cmocka_unit_test (test_score_run_to_foundation),
    cmocka_unit_test (test_max_scores),
    cmocka_unit_test (test_json_of_deals),
    cmocka_unit_test (test_json_exact),
    cmocka_unit_test (test_json_won),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
