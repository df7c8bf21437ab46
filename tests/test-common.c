/* test-common.c: what every game has (doc/rules.md, "What every game
 * also has"): double-click, undo and redo without limit, restart, hint,
 * score and the state JSON of doc/felt-cli.md, for every game.  This file
 * has double-click, undo, redo and restart and runs them all;
 * test-common-hint.c has hint and score, test-common-json.c the state JSON.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "test-common.h"

/* ---- helpers ------------------------------------------------------------- */

void
assert_same_move (FeltMove got, FeltMove want)
{
  assert_int_equal (got.stock, want.stock);
  assert_int_equal (got.from, want.from);
  assert_int_equal (got.to, want.to);
  assert_int_equal (got.count, want.count);
}

gboolean
is_foundation (const FeltGame *game, guint p)
{
  return game->piles[p].role == FELT_ROLE_FOUNDATION;
}

/* One step of a seeded random game: the stock action with probability
 * stock_percent when it is possible, else a random legal move.  Checks
 * the hint on the way: it is legal, it takes a card home when one can
 * go home, and it is there whenever the stock can act.  FALSE when
 * nothing is possible. */
gboolean
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

/* ---- what the docs pin for each game ------------------------------------ */

/* What doc/rules.md and doc/felt-cli.md fix for each of the five games,
 * by id: the generic tests check every game of the engine's list,
 * and these values besides for the games they name. */
const Pinned pinned[] = {
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

const guint n_pinned = G_N_ELEMENTS (pinned);

const Pinned *
pinned_for (const char *id)
{
  for (guint i = 0; i < G_N_ELEMENTS (pinned); i++)
    if (g_str_equal (pinned[i].id, id))
      return &pinned[i];
  return NULL;
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

/* A legal move or the stock action of st, picked at random. */
static gboolean
pick_move (const FeltState *st, GRand *rand, FeltMove *m)
{
  FeltMove moves[FELT_MAX_MOVES];
  guint n = felt_state_legal_moves (st, moves);

  if (n == 0)
    {
      *m = felt_test_stock_move;
      return felt_state_can_stock (st);
    }
  *m = moves[g_rand_int_range (rand, 0, (gint32) n)];
  return TRUE;
}

/* Undo and redo by turns: a move and the automatic moves after it go
 * back and come again together, and keep their marks. */
static void
test_turns (void **unused)
{
  static const gboolean automatic[] = { FALSE, TRUE, TRUE, FALSE, FALSE, TRUE, FALSE, TRUE, TRUE, TRUE, FALSE };

  (void) unused;
  for (guint g = 0; g < FELT_N_GAMES; g++)
    {
      g_autoptr (FeltSession) session = felt_session_new (felt_game_get (g), 12);
      g_autoptr (GRand) rand = g_rand_new_with_seed (12);
      guint n = 0;

      assert_int_equal (felt_session_get_turn_undo (session), 0);
      while (n < G_N_ELEMENTS (automatic))
        {
          FeltMove m;
          if (!pick_move (felt_session_get_state (session), rand, &m))
            break;
          assert_int_equal (felt_session_play_full (session, &m, automatic[n]), FELT_LEGAL);
          n++;
        }
      assert_true (n >= 4);
      for (guint i = 0; i < n; i++)
        assert_int_equal (felt_session_get_move_automatic (session, i), automatic[i]);
      assert_int_equal (felt_session_get_turn_redo (session), 0);

      /* Back turn by turn: each lands just before a move of the player. */
      while (felt_session_can_undo (session))
        {
          guint at = felt_session_get_n_moves (session), want = 1;
          while (want < at && automatic[at - want])
            want++;
          assert_int_equal (felt_session_get_turn_undo (session), want);
          for (guint i = 0; i < want; i++)
            assert_true (felt_session_undo (session));
          assert_true (at - want == 0 || !automatic[at - want]);
        }
      for (guint i = 0; i < n; i++)
        assert_int_equal (felt_session_get_redo_automatic (session, i), automatic[i]);

      /* And forward again the same way. */
      while (felt_session_can_redo (session))
        {
          guint at = felt_session_get_n_moves (session), want = 1;
          while (at + want < n && automatic[at + want])
            want++;
          assert_int_equal (felt_session_get_turn_redo (session), want);
          for (guint i = 0; i < want; i++)
            assert_true (felt_session_redo (session));
        }
      assert_int_equal (felt_session_get_n_moves (session), n);
      for (guint i = 0; i < n; i++)
        assert_int_equal (felt_session_get_move_automatic (session, i), automatic[i]);
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

/* A copy has the same position and history, and changes apart. */
static void
test_session_copy (void **unused)
{
  for (guint g = 0; g < FELT_N_GAMES; g++)
    {
      g_autoptr (FeltSession) session = felt_session_new (felt_game_get (g), 77);
      g_autoptr (FeltSession) copy = NULL;
      GRand *rand = g_rand_new_with_seed (77);
      FeltState kept;
      FeltMove m;

      for (guint i = 0; i < 12; i++)
        if (!random_step (session, rand, 50, &m))
          break;
      assert_true (felt_session_undo (session));
      copy = felt_session_copy (session);
      kept = *felt_session_get_state (session);
      assert_true (felt_state_equal (felt_session_get_state (copy), &kept));
      assert_int_equal (felt_session_get_n_moves (copy), felt_session_get_n_moves (session));
      assert_int_equal (felt_session_get_n_redo (copy), felt_session_get_n_redo (session));
      assert_int_equal (felt_session_get_seed (copy), 77);

      /* Undoing the copy leaves the original where it was. */
      while (felt_session_undo (copy))
        ;
      assert_true (felt_state_equal (felt_session_get_state (session), &kept));
      assert_true (felt_session_redo (session));
      assert_int_equal (felt_session_get_n_redo (session), 0);
      assert_true (felt_session_get_n_redo (copy) > 0);
      g_rand_free (rand);
    }
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
    cmocka_unit_test (test_turns),
    cmocka_unit_test (test_restart),
    cmocka_unit_test (test_session_copy),
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
