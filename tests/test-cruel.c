/* test-cruel.c: the rules of Cruel (doc/rules.md), one by one.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "felt-test-util.h"

/* ---- helpers ------------------------------------------------------------- */

/* The tableau read in layout order, each pile bottom to top. */
static char *
tableau_sequence (const FeltState *st)
{
  GString *out = g_string_new (NULL);

  for (guint t = 0; t < 12; t++)
    {
      g_autofree char *cards = felt_test_pile_cards (st, felt_test_name ("tableau", t));

      if (cards[0])
        g_string_append_printf (out, "%s%s", out->len ? " " : "", cards);
    }
  return g_string_free (out, FALSE);
}

/* ---- the deal -------------------------------------------------------------- */

static void
test_deal (void **unused)
{
  const FeltGame *game = felt_game_lookup ("cruel");
  const guint32 seeds[] = { 0, 1, 7, 42, 99999, 4294967295u };

  assert_non_null (game);
  assert_int_equal (felt_game_max_score (game), 48);

  for (guint s = 0; s < G_N_ELEMENTS (seeds); s++)
    {
      FeltState st;
      FeltCard deck[52];
      FeltCard rest[48];
      guint n_aces = 0, n_rest = 0;
      gboolean seen[64] = { FALSE };
      FeltMove moves[FELT_MAX_MOVES];
      guint n_moves;

      felt_state_deal (&st, game, seeds[s]);
      felt_test_shuffled_deck (game, seeds[s], deck);

      /* The aces start the foundations in the order they lie in the deck. */
      for (guint i = 0; i < 52; i++)
        if (FELT_CARD_RANK (deck[i]) == FELT_ACE)
          {
            const char *name = felt_test_name ("foundation", n_aces++);
            assert_int_equal (felt_pile_size (&st, felt_test_pile (&st, name)), 1);
            assert_int_equal (felt_pile_card (&st, felt_test_pile (&st, name), 0), deck[i]);
          }
        else
          rest[n_rest++] = deck[i];
      assert_int_equal (n_aces, 4);
      assert_int_equal (n_rest, 48);

      /* The other 48 in order, four to a pile, the first at the bottom,
       * all face up. */
      for (guint t = 0; t < 12; t++)
        {
          guint p = felt_test_pile (&st, felt_test_name ("tableau", t));

          assert_int_equal (felt_pile_size (&st, p), 4);
          for (guint i = 0; i < 4; i++)
            {
              assert_int_equal (felt_pile_card (&st, p, i), rest[4 * t + i]);
              assert_false (felt_state_card_face_down (&st, p, i));
              assert_int_equal (felt_state_card_playable (&st, p, i), i == 3);
            }
        }
      assert_pile (&st, "stock", "");
      assert_int_equal (st.n_cards, 52);
      for (guint i = 0; i < st.n_cards; i++)
        {
          assert_false (seen[st.cards[i]]);
          seen[st.cards[i]] = TRUE;
        }

      assert_int_equal (felt_state_score (&st), 0);
      assert_status (&st, -1, -1, -1, 48);
      assert_int_equal (felt_state_redeals_left (&st), -1);
      assert_false (felt_state_is_won (&st));
      /* Nothing has moved since the deal: no redeal yet. */
      assert_no_stock (&st, FELT_ILLEGAL_NO_STOCK_ACTION);
      /* A deal without a single move is lost at once. */
      n_moves = felt_state_legal_moves (&st, moves);
      assert_int_equal (felt_state_is_over (&st), n_moves == 0);
    }
}

/* ---- the tableau ------------------------------------------------------------- */

static void
test_tableau_build_down_by_suit (void **unused)
{
  FeltState st;
  FeltUndo undo;

  felt_test_position (&st, "cruel",
                      "foundation.0", "AC 2C 3C",
                      "foundation.1", "AD",
                      "foundation.2", "AH 2H 3H 4H 5H 6H",
                      "foundation.3", "AS",
                      "tableau.0", "9S 7H",
                      "tableau.1", "5C 8H",
                      "tableau.2", "8S",
                      "tableau.3", "QD 4C",
                      "tableau.5", "JC TD",
                      "tableau.6", "9D 8D",
                      "tableau.7", "7S",
                      NULL);
  assert_moves (&st, "tableau.0 1 foundation.2, tableau.0 1 tableau.1, "
                     "tableau.3 1 foundation.0, tableau.7 1 tableau.2");

  /* Same suit, one rank lower: 7H on 8H yes, on 8S no; 8S on 7S no. */
  assert_illegal (&st, "tableau.0", 1, "tableau.2", FELT_ILLEGAL_DOES_NOT_FIT);
  assert_illegal (&st, "tableau.2", 1, "tableau.7", FELT_ILLEGAL_DOES_NOT_FIT);
  assert_illegal (&st, "tableau.1", 1, "tableau.0", FELT_ILLEGAL_DOES_NOT_FIT);
  assert_illegal (&st, "tableau.6", 1, "tableau.5", FELT_ILLEGAL_DOES_NOT_FIT);
  /* One card at a time, even a same-suit run: 9D 8D does not go on TD. */
  assert_illegal (&st, "tableau.6", 2, "tableau.5", FELT_ILLEGAL_NOT_A_RUN);
  assert_illegal (&st, "tableau.0", 2, "tableau.1", FELT_ILLEGAL_NOT_A_RUN);
  assert_illegal (&st, "tableau.0", 3, "tableau.1", FELT_ILLEGAL_NOT_ENOUGH_CARDS);
  /* Only the top card: the 9S under 7H is not playable. */
  assert_false (felt_state_card_playable (&st, felt_test_pile (&st, "tableau.0"), 0));
  assert_true (felt_state_card_playable (&st, felt_test_pile (&st, "tableau.0"), 1));
  /* Foundation cards stay; nothing goes to the stock. */
  assert_illegal (&st, "foundation.2", 1, "tableau.2", FELT_ILLEGAL_SOURCE_LOCKED);
  assert_illegal (&st, "foundation.0", 1, "tableau.4", FELT_ILLEGAL_SOURCE_LOCKED);
  assert_illegal (&st, "tableau.0", 1, "stock", FELT_ILLEGAL_NOT_FROM_THERE);
  assert_illegal (&st, "stock", 1, "tableau.0", FELT_ILLEGAL_EMPTY_SOURCE);
  assert_illegal (&st, "tableau.4", 1, "tableau.0", FELT_ILLEGAL_EMPTY_SOURCE);

  undo = felt_test_play (&st, "tableau.0", 1, "tableau.1");
  assert_pile (&st, "tableau.0", "9S");
  assert_pile (&st, "tableau.1", "5C 8H 7H");
  /* 11 cards on the foundations, 4 of them dealt; a tableau move scores nothing. */
  assert_int_equal (felt_state_score (&st), 7);
  /* The 9S is free now and takes the 8S. */
  assert_moves (&st, "tableau.1 1 foundation.2, tableau.2 1 tableau.0, "
                     "tableau.3 1 foundation.0, tableau.7 1 tableau.2, stock");
  felt_state_undo (&st, &undo);
  assert_pile (&st, "tableau.0", "9S 7H");
  assert_pile (&st, "tableau.1", "5C 8H");
  assert_false (felt_state_can_stock (&st));
}

static void
test_empty_pile_accepts_nothing (void **unused)
{
  FeltState st;

  felt_test_position (&st, "cruel",
                      FELT_TEST_ACES,
                      "tableau.0", "KH",
                      "tableau.1", "5D QS",
                      "tableau.3", "2S",
                      "tableau.4", "3H",
                      NULL);
  for (guint t = 0; t < 12; t++)
    {
      const char *name = felt_test_name ("tableau", t);
      if (t == 2 || t >= 5)
        {
          assert_illegal (&st, "tableau.0", 1, name, FELT_ILLEGAL_NOT_FROM_THERE);
          assert_illegal (&st, "tableau.1", 1, name, FELT_ILLEGAL_NOT_FROM_THERE);
          assert_illegal (&st, "tableau.4", 1, name, FELT_ILLEGAL_NOT_FROM_THERE);
        }
    }
  assert_moves (&st, "tableau.3 1 foundation.3");
  /* Emptying a pile by a move leaves it empty: no refill. */
  felt_test_play (&st, "tableau.3", 1, "foundation.3");
  assert_pile (&st, "tableau.3", "");
  assert_pile (&st, "foundation.3", "AS 2S");
  assert_moves (&st, "stock");
  assert_illegal (&st, "tableau.4", 1, "tableau.3", FELT_ILLEGAL_NOT_FROM_THERE);
  assert_illegal (&st, "tableau.0", 1, "tableau.3", FELT_ILLEGAL_NOT_FROM_THERE);
}

/* ---- the foundations ------------------------------------------------------------ */

static void
test_foundation_up_by_suit (void **unused)
{
  /* 2H..KH scattered over the twelve piles, each on top of its pile. */
  static const char *const hearts[12] = {
    "7H", "KH", "2H", "TH", "5H", "QH", "3H", "9H", "JH", "4H", "8H", "6H",
  };
  const char *names[12] = {
    "tableau.0", "tableau.1", "tableau.2", "tableau.3", "tableau.4", "tableau.5",
    "tableau.6", "tableau.7", "tableau.8", "tableau.9", "tableau.10", "tableau.11",
  };
  g_autofree char *all = felt_test_suit_run (FELT_HEARTS, 1, 13);
  FeltState st;

  felt_test_position (&st, "cruel",
                      FELT_TEST_ACES,
                      names[0], hearts[0], names[1], hearts[1], names[2], hearts[2],
                      names[3], hearts[3], names[4], hearts[4], names[5], hearts[5],
                      names[6], hearts[6], names[7], hearts[7], names[8], hearts[8],
                      names[9], hearts[9], names[10], hearts[10], names[11], hearts[11],
                      NULL);
  for (guint rank = 2; rank <= 13; rank++)
    {
      g_autofree char *sofar = felt_test_suit_run (FELT_HEARTS, 1, rank);
      g_autofree char *heart = felt_test_card_name (rank, FELT_HEARTS);
      guint t;

      for (t = 0; t < 12; t++)
        if (strcmp (hearts[t], heart) == 0)
          break;
      assert_true (t < 12);
      /* Only the next heart fits, and only on the hearts. */
      for (guint o = 0; o < 12; o++)
        if (o != t && felt_pile_size (&st, felt_test_pile (&st, names[o])) > 0)
          assert_illegal (&st, names[o], 1, "foundation.2", FELT_ILLEGAL_DOES_NOT_FIT);
      assert_illegal (&st, names[t], 1, "foundation.0", FELT_ILLEGAL_DOES_NOT_FIT);
      assert_illegal (&st, names[t], 1, "foundation.1", FELT_ILLEGAL_DOES_NOT_FIT);
      assert_illegal (&st, names[t], 1, "foundation.3", FELT_ILLEGAL_DOES_NOT_FIT);
      assert_double_click (&st, names[t], 1, "foundation.2");
      felt_test_play (&st, names[t], 1, "foundation.2");
      assert_pile (&st, "foundation.2", sofar);
      assert_pile (&st, names[t], "");
      assert_int_equal (felt_state_score (&st), rank - 1);
      assert_status (&st, -1, -1, -1, 13 - rank);
    }
  assert_pile (&st, "foundation.2", all);
  assert_true (felt_state_is_won (&st));

  /* The rank must follow: 3C does not go on AC, a 2 of another suit
   * does not go on an ace. */
  felt_test_position (&st, "cruel", "foundation.0", "AC", "foundation.1", "AD",
                      "tableau.0", "3C", "tableau.1", "2S", NULL);
  assert_illegal (&st, "tableau.0", 1, "foundation.0", FELT_ILLEGAL_DOES_NOT_FIT);
  assert_illegal (&st, "tableau.1", 1, "foundation.0", FELT_ILLEGAL_DOES_NOT_FIT);
  assert_illegal (&st, "tableau.1", 1, "foundation.1", FELT_ILLEGAL_DOES_NOT_FIT);
  assert_moves (&st, "");
}

/* ---- the redeal ------------------------------------------------------------------ */

static void
test_redeal_regroups (void **unused)
{
  FeltState st, before;
  FeltUndo undo;
  g_autofree char *seq_before = NULL;
  g_autofree char *seq_after = NULL;

  felt_test_position (&st, "cruel",
                      "foundation.0", "AC",
                      "foundation.1", "AD",
                      "foundation.2", "AH 2H 3H",
                      "foundation.3", "AS 2S 3S",
                      "tableau.0", "KC QD",
                      "tableau.2", "5H 9S 2C JD TH",
                      "tableau.3", "3C",
                      "tableau.5", "7C 6D 8H 4S",
                      "tableau.6", "QS KH",
                      "tableau.8", "2D 9C 5S",
                      "tableau.9", "TC",
                      "tableau.10", "JH 3D 6S 8C",
                      "tableau.11", "4H",
                      NULL);
  st.flags |= FELT_STATE_MOVED_SINCE_DEAL;
  st.rng = 12345;
  before = st;
  seq_before = tableau_sequence (&st);
  assert_string_equal (seq_before, "KC QD 5H 9S 2C JD TH 3C 7C 6D 8H 4S QS KH 2D 9C 5S TC "
                                   "JH 3D 6S 8C 4H");

  undo = felt_test_click_stock (&st);
  assert_pile (&st, "tableau.0", "KC QD 5H 9S");
  assert_pile (&st, "tableau.1", "2C JD TH 3C");
  assert_pile (&st, "tableau.2", "7C 6D 8H 4S");
  assert_pile (&st, "tableau.3", "QS KH 2D 9C");
  assert_pile (&st, "tableau.4", "5S TC JH 3D");
  assert_pile (&st, "tableau.5", "6S 8C 4H");
  for (guint t = 6; t < 12; t++)
    assert_pile (&st, felt_test_name ("tableau", t), "");
  /* Nothing else changes, and nothing is shuffled. */
  assert_pile (&st, "stock", "");
  assert_pile (&st, "foundation.0", "AC");
  assert_pile (&st, "foundation.1", "AD");
  assert_pile (&st, "foundation.2", "AH 2H 3H");
  assert_pile (&st, "foundation.3", "AS 2S 3S");
  seq_after = tableau_sequence (&st);
  assert_string_equal (seq_after, seq_before);
  assert_true (st.rng == 12345);
  assert_int_equal (st.redeals, 1);
  assert_int_equal (felt_state_redeals_left (&st), -1);
  assert_int_equal (felt_state_score (&st), 4);
  assert_status (&st, -1, -1, -1, 23);

  /* Undo puts every pile back as it was. */
  felt_state_undo (&st, &undo);
  assert_true (felt_state_equal (&st, &before));

  /* Piles that already hold four each stay as they are. */
  felt_test_position (&st, "cruel",
                      FELT_TEST_ACES,
                      "tableau.0", "KC QD 5H 9S",
                      "tableau.1", "2C JD TH 3C",
                      NULL);
  st.flags |= FELT_STATE_MOVED_SINCE_DEAL;
  felt_test_click_stock (&st);
  assert_pile (&st, "tableau.0", "KC QD 5H 9S");
  assert_pile (&st, "tableau.1", "2C JD TH 3C");
  assert_pile (&st, "tableau.2", "");

  /* Gaps at the front close up. */
  felt_test_position (&st, "cruel",
                      FELT_TEST_ACES,
                      "tableau.4", "KC QD",
                      "tableau.11", "5H 9S 2C JD TH",
                      NULL);
  st.flags |= FELT_STATE_MOVED_SINCE_DEAL;
  felt_test_click_stock (&st);
  assert_pile (&st, "tableau.0", "KC QD 5H 9S");
  assert_pile (&st, "tableau.1", "2C JD TH");
  for (guint t = 2; t < 12; t++)
    assert_pile (&st, felt_test_name ("tableau", t), "");
}

static void
test_redeal_needs_a_move (void **unused)
{
  FeltState st;
  FeltUndo undo;

  /* A constructed position counts as just dealt. */
  felt_test_position (&st, "cruel",
                      FELT_TEST_ACES,
                      "tableau.0", "KC QD 5H",
                      "tableau.1", "9S 2C",
                      "tableau.2", "3C 2D",
                      NULL);
  assert_no_stock (&st, FELT_ILLEGAL_NO_STOCK_ACTION);
  assert_moves (&st, "tableau.1 1 foundation.0, tableau.2 1 foundation.1");

  undo = felt_test_play (&st, "tableau.1", 1, "foundation.0");
  assert_true (felt_state_can_stock (&st));
  assert_moves (&st, "tableau.2 1 foundation.1, stock");
  /* Undoing the move undoes the right to redeal. */
  felt_state_undo (&st, &undo);
  assert_false (felt_state_can_stock (&st));
  felt_test_play (&st, "tableau.1", 1, "foundation.0");

  felt_test_click_stock (&st);
  assert_pile (&st, "tableau.0", "KC QD 5H 9S");
  assert_pile (&st, "tableau.1", "3C 2D");
  assert_pile (&st, "tableau.2", "");
  /* Right after the redeal: no second redeal until a card moves. */
  assert_no_stock (&st, FELT_ILLEGAL_NO_STOCK_ACTION);
  assert_false (felt_state_is_over (&st));
  assert_moves (&st, "tableau.1 1 foundation.1");
  felt_test_play (&st, "tableau.1", 1, "foundation.1");
  assert_true (felt_state_can_stock (&st));
}

static void
test_redeal_needs_a_move_real_deal (void **unused)
{
  const FeltGame *game = felt_game_lookup ("cruel");
  guint32 seed;
  g_autoptr (FeltSession) session = NULL;
  guint redeals = 0;

  /* The first deal (from seed 1 on) that has a move. */
  for (seed = 1;; seed++)
    {
      FeltState st;
      FeltMove moves[FELT_MAX_MOVES];
      felt_state_deal (&st, game, seed);
      if (felt_state_legal_moves (&st, moves) > 0)
        break;
    }
  session = felt_session_new (game, seed);

  while (redeals < 6)
    {
      const FeltState *st = felt_session_get_state (session);
      FeltMove moves[FELT_MAX_MOVES];
      FeltState before_redeal;

      if (felt_state_is_over (st))
        break;
      assert_false (felt_state_can_stock (st));
      assert_int_equal (felt_session_play (session, &felt_test_stock_move),
                        FELT_ILLEGAL_NO_STOCK_ACTION);
      assert_true (felt_state_legal_moves (st, moves) > 0);
      assert_int_equal (felt_session_play (session, &moves[0]), FELT_LEGAL);
      st = felt_session_get_state (session);
      if (felt_state_is_won (st))
        break;
      assert_true (felt_state_can_stock (st));
      before_redeal = *st;
      assert_int_equal (felt_session_play (session, &felt_test_stock_move), FELT_LEGAL);
      redeals++;
      assert_int_equal (felt_session_get_state (session)->redeals, redeals);
      assert_int_equal (felt_state_redeals_left (felt_session_get_state (session)), -1);
      /* Undo and redo of a redeal. */
      assert_true (felt_session_undo (session));
      assert_true (felt_state_equal (felt_session_get_state (session), &before_redeal));
      assert_true (felt_session_redo (session));
    }
  assert_true (redeals > 0);
}

static void
test_redeals_unlimited (void **unused)
{
  FeltState st, before;
  FeltUndo undo;

  felt_test_position (&st, "cruel",
                      FELT_TEST_ACES,
                      "tableau.0", "KC QD 5H",
                      "tableau.1", "9S 2C",
                      "tableau.2", "8D 3D 2D",
                      NULL);
  assert_int_equal (felt_state_redeals_left (&st), -1);
  /* However many redeals were made. */
  for (guint used = 0; used < 256; used += 51)
    {
      st.redeals = (guint8) used;
      st.flags |= FELT_STATE_MOVED_SINCE_DEAL;
      assert_true (felt_state_can_stock (&st));
      assert_int_equal (felt_state_redeals_left (&st), -1);
    }

  /* Many redeals in a row, a move before each. */
  st.redeals = 0;
  st.flags = 0;
  for (guint i = 0; i < 3; i++)
    {
      FeltMove moves[FELT_MAX_MOVES];
      guint n = felt_state_legal_moves (&st, moves);

      assert_true (n > 0);
      felt_state_apply (&st, &moves[0], &undo);
      felt_test_click_stock (&st);
      assert_int_equal (st.redeals, i + 1);
      assert_int_equal (felt_state_redeals_left (&st), -1);
    }

  /* The count of redeals wraps past 255; undo still works. */
  felt_test_position (&st, "cruel",
                      FELT_TEST_ACES,
                      "tableau.0", "KC QD 5H",
                      "tableau.1", "9S 2C",
                      NULL);
  st.redeals = 255;
  st.flags |= FELT_STATE_MOVED_SINCE_DEAL;
  before = st;
  undo = felt_test_click_stock (&st);
  assert_pile (&st, "tableau.0", "KC QD 5H 9S");
  assert_pile (&st, "tableau.1", "2C");
  felt_state_undo (&st, &undo);
  assert_true (felt_state_equal (&st, &before));
}

/* ---- lost ------------------------------------------------------------------------ */

static void
test_lost_no_move_after_redeal (void **unused)
{
  FeltState st;
  FeltMove hint;

  felt_test_position (&st, "cruel",
                      FELT_TEST_ACES,
                      "tableau.0", "3C 9D 5H",
                      "tableau.1", "KS 7D 4S",
                      "tableau.2", "9H JC",
                      NULL);
  st.flags |= FELT_STATE_MOVED_SINCE_DEAL;
  /* No card moves, but a redeal is possible: not over. */
  assert_moves (&st, "stock");
  assert_false (felt_state_is_over (&st));
  assert_true (felt_state_hint (&st, &hint));
  assert_int_equal (hint.stock, 1);

  felt_test_click_stock (&st);
  assert_pile (&st, "tableau.0", "3C 9D 5H KS");
  assert_pile (&st, "tableau.1", "7D 4S 9H JC");
  assert_pile (&st, "tableau.2", "");
  assert_true (felt_state_is_over (&st));
  assert_false (felt_state_is_won (&st));
  assert_nothing_left (&st);
  assert_int_equal (felt_test_check_stock (&st), FELT_ILLEGAL_NO_STOCK_ACTION);
}

/* Right after a redeal the last pile holds one card whose only move is
 * onto the pile before it: moving it and redealing rebuilds the same
 * layout, so the game is over. */
static void
test_degenerate_loop (void **unused)
{
  FeltState st, dead, again;
  FeltMove m, moves[FELT_MAX_MOVES];
  FeltUndo undo;

  felt_test_position (&st, "cruel",
                      FELT_TEST_ACES,
                      "tableau.0", "3C 9D",
                      "tableau.1", "5H KS 7D 4S 9H",
                      "tableau.2", "6C 5C",
                      NULL);
  st.flags |= FELT_STATE_MOVED_SINCE_DEAL;
  assert_false (felt_state_is_over (&st));
  felt_test_click_stock (&st);
  assert_pile (&st, "tableau.0", "3C 9D 5H KS");
  assert_pile (&st, "tableau.1", "7D 4S 9H 6C");
  assert_pile (&st, "tableau.2", "5C");
  dead = st;

  /* The pile rules alone would allow 5C onto 6C, and nothing else. */
  assert_int_equal (felt_state_card_moves (&st, moves), 1);
  m = felt_test_move (&st, "tableau.2", 1, "tableau.1");
  assert_true (moves[0].from == m.from && moves[0].to == m.to && moves[0].count == 1);
  /* But the game is over. */
  assert_true (felt_state_is_over (&st));
  assert_false (felt_state_is_won (&st));
  assert_nothing_left (&st);
  assert_int_equal (felt_state_check_move (&st, &m), FELT_ILLEGAL_GAME_ENDED);
  assert_int_equal (felt_test_check_stock (&st), FELT_ILLEGAL_GAME_ENDED);

  /* Indeed a loop: the move and a redeal give the same layout again. */
  felt_state_apply (&st, &m, &undo);
  assert_pile (&st, "tableau.1", "7D 4S 9H 6C 5C");
  assert_false (felt_state_is_over (&st));
  felt_test_click_stock (&st);
  again = st;
  again.redeals = dead.redeals;
  assert_true (felt_state_equal (&again, &dead));
  assert_true (felt_state_is_over (&st));

  /* The same layout, but not right after a redeal: not over. */
  st = dead;
  st.flags |= FELT_STATE_MOVED_SINCE_DEAL;
  assert_false (felt_state_is_over (&st));
  assert_moves (&st, "tableau.2 1 tableau.1, stock");

  /* Right after a redeal (a constructed position counts as one) but
   * with another move: the KS can go home. */
  felt_test_position (&st, "cruel",
                      "foundation.0", "AC", "foundation.1", "AD",
                      "foundation.2", "AH", "foundation.3", "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS",
                      "tableau.0", "3C 9D 5H KS",
                      "tableau.1", "7D 4D 9H 6C",
                      "tableau.2", "5C",
                      NULL);
  assert_false (felt_state_is_over (&st));
  assert_moves (&st, "tableau.0 1 foundation.3, tableau.2 1 tableau.1");

  /* The last card's only move goes elsewhere than the pile before it:
   * a redeal after it changes the layout, so not over. */
  felt_test_position (&st, "cruel",
                      FELT_TEST_ACES,
                      "tableau.0", "3C 9D 5H 6C",
                      "tableau.1", "7D 4S 9H KS",
                      "tableau.2", "5C",
                      NULL);
  assert_false (felt_state_is_over (&st));
  assert_moves (&st, "tableau.2 1 tableau.0");

  /* The last pile holding two cards: not the loop. */
  felt_test_position (&st, "cruel",
                      FELT_TEST_ACES,
                      "tableau.0", "3C 9D 5H KS",
                      "tableau.1", "7D 4S 9H 6C",
                      "tableau.2", "JD 5C",
                      NULL);
  assert_false (felt_state_is_over (&st));
  assert_moves (&st, "tableau.2 1 tableau.1");
}

/* ---- won, score, status ------------------------------------------------------------ */

static void
test_won (void **unused)
{
  g_autofree char *c = felt_test_suit_run (FELT_CLUBS, 1, 12);
  g_autofree char *d = felt_test_suit_run (FELT_DIAMONDS, 1, 12);
  g_autofree char *h = felt_test_suit_run (FELT_HEARTS, 1, 12);
  g_autofree char *s = felt_test_suit_run (FELT_SPADES, 1, 12);
  FeltState st;
  FeltUndo undo;

  felt_test_position (&st, "cruel",
                      "foundation.0", c, "foundation.1", d,
                      "foundation.2", h, "foundation.3", s,
                      "tableau.0", "KC",
                      "tableau.3", "KD KH",
                      "tableau.11", "KS",
                      NULL);
  assert_int_equal (st.n_cards, 52);
  assert_int_equal (felt_state_score (&st), 44);
  assert_status (&st, -1, -1, -1, 4);
  felt_test_play (&st, "tableau.0", 1, "foundation.0");
  felt_test_play (&st, "tableau.3", 1, "foundation.2");
  felt_test_play (&st, "tableau.11", 1, "foundation.3");
  assert_false (felt_state_is_won (&st));
  assert_status (&st, -1, -1, -1, 1);
  undo = felt_test_play (&st, "tableau.3", 1, "foundation.1");
  assert_true (felt_state_is_won (&st));
  assert_false (felt_state_is_over (&st));
  assert_int_equal (felt_state_score (&st), 48);
  assert_int_equal (felt_state_score (&st), felt_game_max_score (felt_state_game (&st)));
  assert_status (&st, -1, -1, -1, 0);
  /* A card has moved, yet no redeal: the game is won. */
  assert_nothing_left (&st);
  assert_int_equal (felt_test_check_stock (&st), FELT_ILLEGAL_GAME_ENDED);
  /* Undo takes the point back. */
  felt_state_undo (&st, &undo);
  assert_int_equal (felt_state_score (&st), 47);
  assert_false (felt_state_is_won (&st));
  assert_status (&st, -1, -1, -1, 1);
}

static void
test_status_and_score (void **unused)
{
  const FeltGame *game = felt_game_lookup ("cruel");
  FeltState st;

  for (guint32 seed = 10; seed < 20; seed++)
    {
      felt_state_deal (&st, game, seed);
      assert_status (&st, -1, -1, -1, 48);
      assert_int_equal (felt_state_score (&st), 0);
    }

  felt_test_position (&st, "cruel",
                      "foundation.0", "AC 2C", "foundation.1", "AD",
                      "foundation.2", "AH", "foundation.3", "AS",
                      "tableau.0", "KC QD 5H 3C",
                      "tableau.1", "9S 2D",
                      NULL);
  assert_int_equal (felt_state_score (&st), 1);
  assert_status (&st, -1, -1, -1, 6);
  felt_test_play (&st, "tableau.0", 1, "foundation.0");
  assert_int_equal (felt_state_score (&st), 2);
  assert_status (&st, -1, -1, -1, 5);
  /* A tableau move scores nothing. */
  felt_test_position (&st, "cruel",
                      FELT_TEST_ACES,
                      "tableau.0", "KC 5H",
                      "tableau.1", "4H",
                      NULL);
  /* Mid-game (else this is the degenerate loop and the game is over). */
  st.flags |= FELT_STATE_MOVED_SINCE_DEAL;
  felt_test_play (&st, "tableau.1", 1, "tableau.0");
  assert_int_equal (felt_state_score (&st), 0);
  assert_status (&st, -1, -1, -1, 3);
}

static void
test_double_click_and_hint (void **unused)
{
  FeltState st;
  FeltMove hint;

  felt_test_position (&st, "cruel",
                      FELT_TEST_ACES,
                      "tableau.0", "KC 5H",
                      "tableau.1", "9S 4H",
                      "tableau.2", "7C 2D",
                      NULL);
  assert_double_click (&st, "tableau.2", 1, "foundation.1");
  assert_double_click (&st, "tableau.0", 1, NULL);
  assert_double_click (&st, "tableau.3", 1, NULL);
  /* The hint prefers the foundation move. */
  assert_true (felt_state_hint (&st, &hint));
  assert_move (&st, &hint, "tableau.2", 1, "foundation.1");
  assert_int_equal (felt_state_check_move (&st, &hint), FELT_LEGAL);
}

/* ---- a game played to the end ------------------------------------------------------ */

static void
test_play_to_win (void **unused)
{
  g_autofree char *c = felt_test_suit_run (FELT_CLUBS, 1, 11);
  g_autofree char *d = felt_test_suit_run (FELT_DIAMONDS, 1, 11);
  g_autofree char *h = felt_test_suit_run (FELT_HEARTS, 1, 11);
  g_autofree char *s = felt_test_suit_run (FELT_SPADES, 1, 11);
  FeltState st, start;
  FeltMove line[64];
  FeltUndo undo[64];
  guint n_line = 0;

  /* Every top waits for a queen that lies under another king: only a
   * redeal, regrouping QS KC QD QC / KD KH QH KS, gets the game going. */
  felt_test_position (&st, "cruel",
                      "foundation.0", c, "foundation.1", d,
                      "foundation.2", h, "foundation.3", s,
                      "tableau.0", "QS KC",
                      "tableau.1", "QD QC KD",
                      "tableau.2", "KH QH KS",
                      NULL);
  st.flags |= FELT_STATE_MOVED_SINCE_DEAL;
  assert_int_equal (st.n_cards, 52);
  assert_int_equal (felt_state_score (&st), 40);
  assert_moves (&st, "stock");
  start = st;

  assert_true (felt_test_solve (&st, 12, line, &n_line));
  assert_true (line[0].stock);

  /* Replay the line from the start, each step checked. */
  st = start;
  felt_test_replay (&st, line, 1, undo);
  assert_pile (&st, "tableau.0", "QS KC QD QC");
  assert_pile (&st, "tableau.1", "KD KH QH KS");
  assert_pile (&st, "tableau.2", "");
  felt_test_replay (&st, line + 1, n_line - 1, undo + 1);
  assert_true (felt_state_is_won (&st));
  assert_false (felt_state_is_over (&st));
  assert_int_equal (felt_state_score (&st), 48);
  assert_status (&st, -1, -1, -1, 0);
  for (guint f = 0; f < 4; f++)
    {
      g_autofree char *all = felt_test_suit_run (f, 1, 13);
      assert_pile (&st, felt_test_name ("foundation", f), all);
    }
  assert_true (st.flags & FELT_STATE_MOVED_SINCE_DEAL);
  assert_nothing_left (&st);

  felt_test_undo_all (&st, undo, n_line);
  assert_true (felt_state_equal (&st, &start));
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_deal),
    cmocka_unit_test (test_tableau_build_down_by_suit),
    cmocka_unit_test (test_empty_pile_accepts_nothing),
    cmocka_unit_test (test_foundation_up_by_suit),
    cmocka_unit_test (test_redeal_regroups),
    cmocka_unit_test (test_redeal_needs_a_move),
    cmocka_unit_test (test_redeal_needs_a_move_real_deal),
    cmocka_unit_test (test_redeals_unlimited),
    cmocka_unit_test (test_lost_no_move_after_redeal),
    cmocka_unit_test (test_degenerate_loop),
    cmocka_unit_test (test_won),
    cmocka_unit_test (test_status_and_score),
    cmocka_unit_test (test_double_click_and_hint),
    cmocka_unit_test (test_play_to_win),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
