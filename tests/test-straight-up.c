/* test-straight-up.c: the rules of Straight Up (doc/rules.md), one by one.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "felt-test-util.h"

/* ---- the deal -------------------------------------------------------------- */

static void
test_deal (void **unused)
{
  const FeltGame *game = felt_game_lookup ("straight-up");
  const guint32 seeds[] = { 0, 1, 5, 42, 31337, 4294967295u };

  assert_non_null (game);
  assert_true (game->aces_high);
  assert_int_equal (felt_game_max_score (game), 48);

  for (guint s = 0; s < G_N_ELEMENTS (seeds); s++)
    {
      FeltState st;
      gboolean seen[64] = { FALSE };
      guint suits = 0;
      guint stock, reserve;

      felt_state_deal (&st, game, seeds[s]);
      stock = felt_test_pile (&st, "stock");
      reserve = felt_test_pile (&st, "reserve.0");

      /* The four 2s start the foundations. */
      for (guint f = 0; f < 4; f++)
        {
          guint p = felt_test_pile (&st, felt_test_name ("foundation", f));
          FeltCard c;

          assert_int_equal (felt_pile_size (&st, p), 1);
          c = felt_pile_card (&st, p, 0);
          assert_int_equal (FELT_CARD_RANK (c), 2);
          suits |= 1u << FELT_CARD_SUIT (c);
        }
      assert_int_equal (suits, 0xf);

      /* The reserve: 13 cards, only the top one face up and playable. */
      assert_int_equal (felt_pile_size (&st, reserve), 13);
      for (guint i = 0; i < 13; i++)
        {
          assert_int_equal (felt_state_card_face_down (&st, reserve, i), i < 12);
          assert_int_equal (felt_state_card_playable (&st, reserve, i), i == 12);
        }

      /* The tableau: four piles of one face-up card. */
      for (guint t = 0; t < 4; t++)
        {
          guint p = felt_test_pile (&st, felt_test_name ("tableau", t));

          assert_int_equal (felt_pile_size (&st, p), 1);
          assert_false (felt_state_card_face_down (&st, p, 0));
          assert_true (felt_state_card_playable (&st, p, 0));
        }

      /* The stock: the other 31, face down; the waste empty. */
      assert_int_equal (felt_pile_size (&st, stock), 31);
      for (guint i = 0; i < 31; i++)
        {
          assert_true (felt_state_card_face_down (&st, stock, i));
          assert_false (felt_state_card_playable (&st, stock, i));
        }
      assert_pile (&st, "waste", "");

      assert_int_equal (st.n_cards, 52);
      for (guint i = 0; i < st.n_cards; i++)
        {
          assert_false (seen[st.cards[i]]);
          seen[st.cards[i]] = TRUE;
        }

      assert_int_equal (felt_state_score (&st), 0);
      assert_status (&st, 31, 13, 2, -1);
      assert_int_equal (felt_state_redeals_left (&st), 2);
      assert_true (felt_state_can_stock (&st));
      assert_false (felt_state_is_won (&st));
      assert_false (felt_state_is_over (&st));
    }
}

/* ---- the foundations --------------------------------------------------------- */

/* 2 3 ... K A, walked card by card from the waste. */
static void
test_foundation_two_to_ace (void **unused)
{
  g_autofree char *all = felt_test_suit_run (FELT_HEARTS, 2, 14);
  FeltState st;

  felt_test_position (&st, "straight-up",
                      "stock", "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H",
                      FELT_TEST_TWOS,
                      NULL);
  for (guint rank = 3; rank <= 14; rank++)
    {
      g_autofree char *sofar = felt_test_suit_run (FELT_HEARTS, 2, rank);

      felt_test_click_stock (&st);
      /* Hearts only. */
      assert_illegal (&st, "waste", 1, "foundation.0", FELT_ILLEGAL_DOES_NOT_FIT);
      assert_illegal (&st, "waste", 1, "foundation.1", FELT_ILLEGAL_DOES_NOT_FIT);
      assert_illegal (&st, "waste", 1, "foundation.3", FELT_ILLEGAL_DOES_NOT_FIT);
      assert_double_click (&st, "waste", 1, "foundation.2");
      felt_test_play (&st, "waste", 1, "foundation.2");
      assert_pile (&st, "foundation.2", sofar);
      assert_int_equal (felt_state_score (&st), rank - 2);
    }
  assert_pile (&st, "foundation.2", all);
  assert_pile (&st, "foundation.2", "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH");

  /* The ace goes on the king, not on the 2, nor on the queen. */
  felt_test_position (&st, "straight-up",
                      "foundation.0", "2C",
                      "foundation.1", "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD",
                      "foundation.2", "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
                      "foundation.3", "2S",
                      "tableau.0", "AC",
                      "tableau.1", "AD",
                      "tableau.2", "AH",
                      "tableau.3", "AS",
                      "waste", "KD 3S",
                      NULL);
  assert_illegal (&st, "tableau.0", 1, "foundation.0", FELT_ILLEGAL_DOES_NOT_FIT);
  assert_illegal (&st, "tableau.3", 1, "foundation.3", FELT_ILLEGAL_DOES_NOT_FIT);
  assert_illegal (&st, "tableau.1", 1, "foundation.1", FELT_ILLEGAL_DOES_NOT_FIT);
  assert_illegal (&st, "tableau.2", 1, "foundation.1", FELT_ILLEGAL_DOES_NOT_FIT);
  /* (The stock is empty and the waste is not: the stock can redeal.) */
  assert_moves (&st, "waste 1 foundation.3, tableau.2 1 foundation.2, stock");
  felt_test_play (&st, "tableau.2", 1, "foundation.2");
  assert_pile (&st, "foundation.2", "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH");
  assert_pile (&st, "tableau.2", "");
  /* A 3 goes on the 2 of its suit only. */
  felt_test_play (&st, "waste", 1, "foundation.3");
  assert_pile (&st, "foundation.3", "2S 3S");
  assert_illegal (&st, "waste", 1, "foundation.0", FELT_ILLEGAL_DOES_NOT_FIT);
  felt_test_play (&st, "waste", 1, "foundation.1");
  assert_pile (&st, "foundation.1", "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD");
  felt_test_play (&st, "tableau.1", 1, "foundation.1");
  assert_pile (&st, "foundation.1", "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD");
  assert_int_equal (felt_state_score (&st), 25);
}

/* ---- the tableau ---------------------------------------------------------------- */

/* The waste to try onto the KS and the 5C of the tableau KS 5C 7H 9D,
 * with the QS on the reserve. */
static void
onto_ks_and_5c (FeltState *st, const char *waste)
{
  felt_test_position (st, "straight-up",
                      FELT_TEST_TWOS,
                      "tableau.0", "KS", "tableau.1", "5C", "tableau.2", "7H", "tableau.3", "9D",
                      "reserve.0", "QS",
                      "waste", waste,
                      NULL);
}

static void
test_tableau_build_down_aces_high (void **unused)
{
  FeltState st;
  FeltUndo undo;

  felt_test_position (&st, "straight-up",
                      "stock", "6D",
                      "waste", "7S KS",
                      "foundation.0", "2C 3C",
                      "foundation.1", "2D",
                      "foundation.2", "2H",
                      "foundation.3", "2S",
                      "tableau.0", "AS",
                      "tableau.1", "5C",
                      "tableau.2", "KH",
                      "tableau.3", "9D",
                      "reserve.0", "8H 4C",
                      NULL);
  /* K on A of its suit (aces are high); the reserve 4C on the 5C. */
  assert_moves (&st, "waste 1 tableau.0, reserve.0 1 foundation.0, reserve.0 1 tableau.1, stock");
  assert_illegal (&st, "waste", 1, "tableau.2", FELT_ILLEGAL_DOES_NOT_FIT);
  assert_illegal (&st, "waste", 2, "tableau.0", FELT_ILLEGAL_NOT_A_RUN);
  assert_illegal (&st, "tableau.0", 1, "tableau.2", FELT_ILLEGAL_DOES_NOT_FIT);
  assert_illegal (&st, "tableau.1", 1, "tableau.3", FELT_ILLEGAL_DOES_NOT_FIT);
  assert_illegal (&st, "tableau.3", 1, "tableau.1", FELT_ILLEGAL_DOES_NOT_FIT);
  assert_illegal (&st, "foundation.0", 1, "tableau.1", FELT_ILLEGAL_SOURCE_LOCKED);
  assert_illegal (&st, "stock", 1, "tableau.1", FELT_ILLEGAL_SOURCE_LOCKED);

  undo = felt_test_play (&st, "waste", 1, "tableau.0");
  assert_pile (&st, "tableau.0", "AS KS");
  assert_pile (&st, "waste", "7S");
  /* A K-A pair is a run. */
  assert_true (felt_state_card_playable (&st, felt_test_pile (&st, "tableau.0"), 0));
  felt_state_undo (&st, &undo);
  assert_pile (&st, "tableau.0", "AS");
  assert_pile (&st, "waste", "7S KS");

  /* An ace does not go on a king, a 6 not on a 5, a 4 of another suit
   * not on a 5. */
  onto_ks_and_5c (&st, "4C 6C 4D AS");
  assert_illegal (&st, "waste", 1, "tableau.0", FELT_ILLEGAL_DOES_NOT_FIT);
  assert_moves (&st, "reserve.0 1 tableau.0, stock");
  felt_test_play (&st, "reserve.0", 1, "tableau.0");
  assert_pile (&st, "tableau.0", "KS QS");
  assert_pile (&st, "reserve.0", "");
  onto_ks_and_5c (&st, "4C 6C 4D");
  assert_illegal (&st, "waste", 1, "tableau.1", FELT_ILLEGAL_DOES_NOT_FIT);
  onto_ks_and_5c (&st, "4C 6C");
  assert_illegal (&st, "waste", 1, "tableau.1", FELT_ILLEGAL_DOES_NOT_FIT);
  onto_ks_and_5c (&st, "4C");
  assert_moves (&st, "waste 1 tableau.1, reserve.0 1 tableau.0, stock");
}

static void
test_runs_move_as_a_unit (void **unused)
{
  FeltState st, before;
  FeltUndo undo;

  felt_test_position (&st, "straight-up",
                      "foundation.0", "2C 3C 4C 5C 6C",
                      "foundation.1", "2D",
                      "foundation.2", "2H",
                      "foundation.3", "2S",
                      "tableau.0", "3H 9C 8C 7C",
                      "tableau.1", "TC",
                      "tableau.2", "AD",
                      "tableau.3", "JH",
                      "reserve.0", "5S",
                      NULL);
  before = st;
  /* 9C 8C 7C is a run of three: any top part of it goes to the
   * foundation, the whole of it onto the TC. */
  assert_moves (&st, "tableau.0 1 foundation.0, tableau.0 2 foundation.0, "
                     "tableau.0 3 foundation.0, tableau.0 3 tableau.1");
  assert_illegal (&st, "tableau.0", 1, "tableau.1", FELT_ILLEGAL_DOES_NOT_FIT);
  assert_illegal (&st, "tableau.0", 2, "tableau.1", FELT_ILLEGAL_DOES_NOT_FIT);
  assert_illegal (&st, "tableau.0", 4, "tableau.1", FELT_ILLEGAL_NOT_A_RUN);
  assert_illegal (&st, "tableau.0", 4, "foundation.0", FELT_ILLEGAL_NOT_A_RUN);
  assert_illegal (&st, "tableau.0", 5, "tableau.1", FELT_ILLEGAL_NOT_ENOUGH_CARDS);
  assert_illegal (&st, "tableau.0", 0, "tableau.1", FELT_ILLEGAL_BAD_COUNT);
  assert_false (felt_state_card_playable (&st, felt_test_pile (&st, "tableau.0"), 0));
  for (guint i = 1; i < 4; i++)
    assert_true (felt_state_card_playable (&st, felt_test_pile (&st, "tableau.0"), i));
  assert_double_click (&st, "tableau.0", 3, "foundation.0");
  assert_double_click (&st, "tableau.0", 4, NULL);

  undo = felt_test_play (&st, "tableau.0", 3, "tableau.1");
  assert_pile (&st, "tableau.0", "3H");
  assert_pile (&st, "tableau.1", "TC 9C 8C 7C");
  assert_pile (&st, "reserve.0", "5S");
  felt_state_undo (&st, &undo);
  assert_true (felt_state_equal (&st, &before));

  /* Onto a foundation the run lands in ascending order; undo puts it back
   * as it was. */
  undo = felt_test_play (&st, "tableau.0", 2, "foundation.0");
  assert_pile (&st, "foundation.0", "2C 3C 4C 5C 6C 7C 8C");
  assert_pile (&st, "tableau.0", "3H 9C");
  assert_int_equal (felt_state_score (&st), 6);
  felt_state_undo (&st, &undo);
  assert_true (felt_state_equal (&st, &before));
  undo = felt_test_play (&st, "tableau.0", 3, "foundation.0");
  assert_pile (&st, "foundation.0", "2C 3C 4C 5C 6C 7C 8C 9C");
  assert_pile (&st, "tableau.0", "3H");
  assert_int_equal (felt_state_score (&st), 7);
  felt_state_undo (&st, &undo);
  assert_true (felt_state_equal (&st, &before));
  assert_pile (&st, "tableau.0", "3H 9C 8C 7C");
  assert_int_equal (felt_state_score (&st), 4);
}

static void
test_not_a_run (void **unused)
{
  /* A gap, a change of suit, an ascending pair. */
  static const char *const piles[] = { "9C 7C", "9D 8C", "7C 8C", "8C 7C 6D" };
  static const guint counts[] = { 2, 2, 2, 3 };

  for (guint i = 0; i < G_N_ELEMENTS (piles); i++)
    {
      FeltState st;

      felt_test_position (&st, "straight-up",
                          "foundation.0", "2C 3C 4C 5C", "foundation.1", "2D 3D 4D 5D",
                          "foundation.2", "2H", "foundation.3", "2S",
                          "tableau.0", piles[i],
                          "tableau.1", "TC",
                          "tableau.2", "TD",
                          "tableau.3", "9H",
                          NULL);
      assert_illegal (&st, "tableau.0", counts[i], "tableau.1", FELT_ILLEGAL_NOT_A_RUN);
      assert_illegal (&st, "tableau.0", counts[i], "tableau.2", FELT_ILLEGAL_NOT_A_RUN);
      assert_illegal (&st, "tableau.0", counts[i], "foundation.0", FELT_ILLEGAL_NOT_A_RUN);
      assert_illegal (&st, "tableau.0", counts[i], "foundation.1", FELT_ILLEGAL_NOT_A_RUN);
      assert_false (felt_state_card_playable (&st, felt_test_pile (&st, "tableau.0"), 0));
    }
}

/* A run topped by an ace: A K Q goes onto the J as Q K A. */
static void
test_ace_high_run (void **unused)
{
  FeltState st, before;
  FeltUndo undo;

  felt_test_position (&st, "straight-up",
                      "foundation.0", "2C",
                      "foundation.1", "2D",
                      "foundation.2", "2H",
                      "foundation.3", "2S 3S 4S 5S 6S 7S 8S 9S TS JS",
                      "tableau.0", "5D AS KS QS",
                      "tableau.1", "AH",
                      "tableau.2", "KH QH",
                      "tableau.3", "9C",
                      "reserve.0", "7D",
                      NULL);
  before = st;
  assert_moves (&st, "tableau.0 1 foundation.3, tableau.0 2 foundation.3, "
                     "tableau.0 3 foundation.3, tableau.2 2 tableau.1");
  assert_illegal (&st, "tableau.0", 4, "foundation.3", FELT_ILLEGAL_NOT_A_RUN);
  assert_illegal (&st, "tableau.2", 1, "tableau.1", FELT_ILLEGAL_DOES_NOT_FIT);

  undo = felt_test_play (&st, "tableau.0", 3, "foundation.3");
  assert_pile (&st, "foundation.3", "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS");
  assert_pile (&st, "tableau.0", "5D");
  assert_int_equal (felt_state_score (&st), 12);
  felt_state_undo (&st, &undo);
  assert_true (felt_state_equal (&st, &before));
  assert_int_equal (felt_state_score (&st), 9);

  /* K Q onto the A; the emptied pile takes the reserve's 7D. */
  undo = felt_test_play (&st, "tableau.2", 2, "tableau.1");
  assert_pile (&st, "tableau.1", "AH KH QH");
  assert_pile (&st, "tableau.2", "7D");
  assert_pile (&st, "reserve.0", "");
  felt_state_undo (&st, &undo);
  assert_true (felt_state_equal (&st, &before));
}

/* ---- filling spaces ----------------------------------------------------------- */

static void
test_refill_from_reserve (void **unused)
{
  FeltState st, before;
  FeltUndo undo;
  guint reserve;

  felt_test_position (&st, "straight-up",
                      "stock", "6D",
                      "foundation.0", "2C",
                      "foundation.1", "2D",
                      "foundation.2", "2H 3H 4H",
                      "foundation.3", "2S",
                      "tableau.0", "5H",
                      "tableau.1", "9C 8C",
                      "tableau.2", "TC",
                      "tableau.3", "KD",
                      "reserve.0", "QS 3D JS",
                      NULL);
  reserve = felt_test_pile (&st, "reserve.0");
  before = st;
  assert_status (&st, 1, 3, 2, -1);
  assert_true (felt_state_card_face_down (&st, reserve, 1));
  assert_false (felt_state_card_face_down (&st, reserve, 2));

  /* The move that empties tableau.0 also brings the JS there. */
  undo = felt_test_play (&st, "tableau.0", 1, "foundation.2");
  assert_pile (&st, "foundation.2", "2H 3H 4H 5H");
  assert_pile (&st, "tableau.0", "JS");
  assert_pile (&st, "reserve.0", "QS 3D");
  assert_status (&st, 1, 2, 2, -1);
  assert_int_equal (felt_state_score (&st), 3);
  /* The next reserve card shows and plays. */
  assert_true (felt_state_card_face_down (&st, reserve, 0));
  assert_false (felt_state_card_face_down (&st, reserve, 1));
  assert_true (felt_state_card_playable (&st, reserve, 1));
  assert_moves (&st, "tableau.1 2 tableau.2, reserve.0 1 foundation.1, stock");
  /* One undo takes back both. */
  felt_state_undo (&st, &undo);
  assert_true (felt_state_equal (&st, &before));
  assert_int_equal (felt_state_score (&st), 2);

  /* A run that empties its pile: the same. */
  undo = felt_test_play (&st, "tableau.1", 2, "tableau.2");
  assert_pile (&st, "tableau.2", "TC 9C 8C");
  assert_pile (&st, "tableau.1", "JS");
  assert_pile (&st, "reserve.0", "QS 3D");
  felt_state_undo (&st, &undo);
  assert_true (felt_state_equal (&st, &before));

  /* A move that leaves cards behind takes nothing from the reserve. */
  felt_test_position (&st, "straight-up",
                      "foundation.0", "2C", "foundation.1", "2D",
                      "foundation.2", "2H 3H 4H", "foundation.3", "2S",
                      "tableau.0", "QD 5H",
                      "tableau.1", "9C",
                      "tableau.2", "TC",
                      "tableau.3", "KS",
                      "reserve.0", "QS 3D JS",
                      NULL);
  felt_test_play (&st, "tableau.0", 1, "foundation.2");
  assert_pile (&st, "tableau.0", "QD");
  assert_pile (&st, "reserve.0", "QS 3D JS");
  felt_test_play (&st, "tableau.1", 1, "tableau.2");
  assert_pile (&st, "tableau.1", "JS");
  assert_pile (&st, "reserve.0", "QS 3D");
  /* Playing the reserve itself refills nothing. */
  felt_test_play (&st, "reserve.0", 1, "foundation.1");
  assert_pile (&st, "reserve.0", "QS");
  assert_false (felt_state_card_face_down (&st, reserve, 0));
  felt_test_play (&st, "reserve.0", 1, "tableau.3");
  assert_pile (&st, "tableau.3", "KS QS");
  assert_pile (&st, "reserve.0", "");
  assert_status (&st, 0, 0, 2, -1);
}

/* The same through a session from a real deal: every tableau pile holds
 * one card, so any move from the tableau empties a pile. */
static void
test_refill_session (void **unused)
{
  const FeltGame *game = felt_game_lookup ("straight-up");
  guint found = 0;

  for (guint32 seed = 0; seed < 200 && found < 3; seed++)
    {
      g_autoptr (FeltSession) session = felt_session_new (game, seed);
      const FeltState *st = felt_session_get_state (session);
      FeltState dealt = *st, after;
      FeltMove moves[FELT_MAX_MOVES];
      guint n = felt_state_legal_moves (st, moves);
      guint reserve = felt_test_pile (st, "reserve.0");
      FeltCard reserve_top = felt_pile_top (st, reserve);
      FeltCard next_top = felt_pile_card (st, reserve, 11);

      for (guint i = 0; i < n; i++)
        if (game->piles[moves[i].from].role == FELT_ROLE_TABLEAU)
          {
            FeltCard moved = felt_pile_top (st, moves[i].from);

            assert_int_equal (felt_session_play (session, &moves[i]), FELT_LEGAL);
            assert_int_equal (felt_session_get_n_moves (session), 1);
            assert_int_equal (felt_pile_size (st, moves[i].from), 1);
            assert_int_equal (felt_pile_top (st, moves[i].from), reserve_top);
            assert_int_equal (felt_pile_top (st, moves[i].to), moved);
            assert_int_equal (felt_pile_size (st, reserve), 12);
            assert_int_equal (felt_pile_top (st, reserve), next_top);
            assert_false (felt_state_card_face_down (st, reserve, 11));
            after = *st;

            assert_true (felt_session_undo (session));
            assert_true (felt_state_equal (st, &dealt));
            assert_false (felt_session_can_undo (session));
            assert_true (felt_session_redo (session));
            assert_true (felt_state_equal (st, &after));
            found++;
            break;
          }
    }
  assert_true (found > 0);
}

/* Undo and redo of deals and redeals through a session, back to the deal. */
static void
test_session_stock_undo_redo (void **unused)
{
  const FeltGame *game = felt_game_lookup ("straight-up");
  g_autoptr (FeltSession) session = felt_session_new (game, 77);
  const FeltState *st = felt_session_get_state (session);
  FeltState dealt = *st, end, first_pass;
  g_autofree char *stock_at_deal = felt_test_pile_cards (st, "stock");
  guint n;

  for (guint i = 0; i < 31; i++)
    assert_int_equal (felt_session_play (session, &felt_test_stock_move), FELT_LEGAL);
  assert_pile (st, "stock", "");
  first_pass = *st;
  /* The redeal turns the waste back: the stock is as dealt. */
  assert_int_equal (felt_session_play (session, &felt_test_stock_move), FELT_LEGAL);
  assert_pile (st, "stock", stock_at_deal);
  assert_pile (st, "waste", "");
  assert_status (st, 31, 13, 1, -1);
  for (guint i = 0; i < 31; i++)
    assert_int_equal (felt_session_play (session, &felt_test_stock_move), FELT_LEGAL);
  /* The second pass deals the same cards in the same order. */
  {
    g_autofree char *w1 = felt_test_pile_cards (&first_pass, "waste");
    assert_pile (st, "waste", w1);
  }
  assert_int_equal (felt_session_play (session, &felt_test_stock_move), FELT_LEGAL);
  assert_status (st, 31, 13, 0, -1);
  end = *st;
  n = felt_session_get_n_moves (session);
  assert_int_equal (n, 64);

  for (guint i = 0; i < n; i++)
    assert_true (felt_session_undo (session));
  assert_true (felt_state_equal (st, &dealt));
  assert_status (st, 31, 13, 2, -1);
  for (guint i = 0; i < n; i++)
    assert_true (felt_session_redo (session));
  assert_true (felt_state_equal (st, &end));
}

static void
test_empty_pile_takes_waste_only (void **unused)
{
  FeltState st;
  FeltUndo undo;

  felt_test_position (&st, "straight-up",
                      "waste", "4S 7H",
                      "foundation.0", "2C 3C 4C 5C 6C 7C 8C",
                      "foundation.1", "2D",
                      "foundation.2", "2H",
                      "foundation.3", "2S",
                      "tableau.1", "9C",
                      "tableau.2", "TD 9D",
                      "tableau.3", "KH",
                      NULL);
  st.redeals = 2;
  assert_moves (&st, "waste 1 tableau.0, tableau.1 1 foundation.0");
  assert_illegal (&st, "tableau.1", 1, "tableau.0", FELT_ILLEGAL_NOT_FROM_THERE);
  assert_illegal (&st, "tableau.2", 1, "tableau.0", FELT_ILLEGAL_NOT_FROM_THERE);
  assert_illegal (&st, "tableau.2", 2, "tableau.0", FELT_ILLEGAL_NOT_FROM_THERE);
  assert_illegal (&st, "tableau.3", 1, "tableau.0", FELT_ILLEGAL_NOT_FROM_THERE);
  assert_illegal (&st, "foundation.0", 1, "tableau.0", FELT_ILLEGAL_SOURCE_LOCKED);
  assert_illegal (&st, "reserve.0", 1, "tableau.0", FELT_ILLEGAL_EMPTY_SOURCE);
  assert_illegal (&st, "waste", 2, "tableau.0", FELT_ILLEGAL_NOT_A_RUN);

  /* A pile emptied now stays empty. */
  felt_test_play (&st, "tableau.1", 1, "foundation.0");
  assert_pile (&st, "tableau.1", "");
  assert_moves (&st, "waste 1 tableau.0, waste 1 tableau.1");
  undo = felt_test_play (&st, "waste", 1, "tableau.1");
  assert_pile (&st, "tableau.1", "7H");
  assert_pile (&st, "waste", "4S");
  assert_pile (&st, "tableau.0", "");
  felt_state_undo (&st, &undo);
  assert_pile (&st, "tableau.1", "");
  assert_pile (&st, "waste", "4S 7H");
  /* It is the player's choice: leaving it empty is fine too. */
  assert_false (felt_state_is_over (&st));
}

/* ---- reserve, stock and waste ------------------------------------------------------ */

static void
test_reserve_plays (void **unused)
{
  FeltState st, before;
  FeltUndo undo;
  guint reserve;

  felt_test_position (&st, "straight-up",
                      "foundation.0", "2C 3C",
                      "foundation.1", "2D",
                      "foundation.2", "2H",
                      "foundation.3", "2S",
                      "tableau.0", "5C",
                      "tableau.1", "KH",
                      "tableau.2", "7S",
                      "tableau.3", "JD",
                      "reserve.0", "TD 9H 4C",
                      NULL);
  reserve = felt_test_pile (&st, "reserve.0");
  assert_moves (&st, "reserve.0 1 foundation.0, reserve.0 1 tableau.0");
  assert_illegal (&st, "reserve.0", 2, "tableau.0", FELT_ILLEGAL_NOT_A_RUN);
  assert_illegal (&st, "reserve.0", 1, "waste", FELT_ILLEGAL_NOT_FROM_THERE);
  assert_illegal (&st, "reserve.0", 1, "stock", FELT_ILLEGAL_NOT_FROM_THERE);
  assert_illegal (&st, "reserve.0", 1, "tableau.1", FELT_ILLEGAL_DOES_NOT_FIT);
  assert_illegal (&st, "tableau.0", 1, "reserve.0", FELT_ILLEGAL_NOT_FROM_THERE);
  assert_false (felt_state_card_playable (&st, reserve, 1));

  felt_test_play (&st, "reserve.0", 1, "tableau.0");
  assert_pile (&st, "tableau.0", "5C 4C");
  assert_pile (&st, "reserve.0", "TD 9H");
  assert_false (felt_state_card_face_down (&st, reserve, 1));
  assert_true (felt_state_card_face_down (&st, reserve, 0));
  assert_status (&st, 0, 2, 2, -1);
  /* 5C 4C is a run: one or both go home (as 4C 5C). */
  assert_moves (&st, "tableau.0 1 foundation.0, tableau.0 2 foundation.0");
  before = st;
  undo = felt_test_play (&st, "tableau.0", 2, "foundation.0");
  assert_pile (&st, "foundation.0", "2C 3C 4C 5C");
  /* The emptied pile takes the reserve's top card, the 9H. */
  assert_pile (&st, "tableau.0", "9H");
  assert_pile (&st, "reserve.0", "TD");
  assert_false (felt_state_card_face_down (&st, reserve, 0));
  assert_int_equal (felt_state_score (&st), 3);
  /* One undo: the run back in its order, the 9H back on the reserve. */
  felt_state_undo (&st, &undo);
  assert_true (felt_state_equal (&st, &before));
  assert_pile (&st, "tableau.0", "5C 4C");
  assert_pile (&st, "reserve.0", "TD 9H");
  assert_pile (&st, "foundation.0", "2C 3C");
  assert_true (felt_state_card_face_down (&st, reserve, 0));
}

static void
test_stock_and_redeals (void **unused)
{
  FeltState st, start, before;
  FeltUndo undo;

  felt_test_position (&st, "straight-up",
                      "stock", "9C 3D 7S 5C",
                      FELT_TEST_TWOS,
                      "tableau.0", "KD", "tableau.1", "8H",
                      "tableau.2", "QH", "tableau.3", "4D",
                      NULL);
  start = st;
  for (guint pass = 0; pass < 3; pass++)
    {
      assert_pile (&st, "stock", "9C 3D 7S 5C");
      assert_pile (&st, "waste", "");
      assert_status (&st, 4, 0, 2 - (int) pass, -1);
      assert_int_equal (felt_state_redeals_left (&st), 2 - (int) pass);

      /* One card per click, in the same sequence on every pass. */
      felt_test_click_stock (&st);
      assert_pile (&st, "waste", "5C");
      assert_status (&st, 3, 0, 2 - (int) pass, -1);
      felt_test_click_stock (&st);
      assert_pile (&st, "waste", "5C 7S");
      felt_test_click_stock (&st);
      assert_pile (&st, "waste", "5C 7S 3D");
      felt_test_click_stock (&st);
      assert_pile (&st, "waste", "5C 7S 3D 9C");
      assert_pile (&st, "stock", "");
      assert_status (&st, 0, 0, 2 - (int) pass, -1);

      if (pass < 2)
        {
          before = st;
          undo = felt_test_click_stock (&st);
          assert_int_equal (st.redeals, pass + 1);
          /* Undo the redeal, then do it again. */
          felt_state_undo (&st, &undo);
          assert_true (felt_state_equal (&st, &before));
          felt_test_click_stock (&st);
        }
    }
  /* Two redeals made: no third. */
  assert_no_stock (&st, FELT_ILLEGAL_NO_STOCK_ACTION);
  assert_status (&st, 0, 0, 0, -1);
  assert_pile (&st, "waste", "5C 7S 3D 9C");
  /* The 9C on top fits nowhere and the 3D under it cannot play: over. */
  assert_true (felt_state_is_over (&st));

  /* Cards played from the waste between passes are gone from the next. */
  st = start;
  felt_test_click_stock (&st);
  felt_test_click_stock (&st);
  assert_pile (&st, "waste", "5C 7S");
  felt_test_click_stock (&st);
  felt_test_play (&st, "waste", 1, "foundation.1");
  assert_pile (&st, "foundation.1", "2D 3D");
  felt_test_click_stock (&st);
  assert_pile (&st, "waste", "5C 7S 9C");
  felt_test_click_stock (&st);
  assert_pile (&st, "stock", "9C 7S 5C");
  assert_pile (&st, "waste", "");
  felt_test_click_stock (&st);
  assert_pile (&st, "waste", "5C");
  felt_test_click_stock (&st);
  assert_pile (&st, "waste", "5C 7S");

  /* Nothing to turn over: no redeal even with redeals left. */
  felt_test_position (&st, "straight-up",
                      FELT_TEST_TWOS,
                      "tableau.0", "KD", "tableau.1", "8H",
                      "tableau.2", "QH", "tableau.3", "4D",
                      NULL);
  assert_false (felt_state_can_stock (&st));
  assert_int_equal (felt_state_redeals_left (&st), 2);
}

static void
test_waste_plays (void **unused)
{
  FeltState st;
  FeltUndo undo;

  felt_test_position (&st, "straight-up",
                      "stock", "AS",
                      "waste", "3H 9S 4C",
                      "foundation.0", "2C 3C",
                      "foundation.1", "2D",
                      "foundation.2", "2H",
                      "foundation.3", "2S",
                      "tableau.0", "5C",
                      "tableau.1", "KH",
                      "tableau.2", "TS",
                      "tableau.3", "JD",
                      "reserve.0", "QC",
                      NULL);
  assert_moves (&st, "waste 1 foundation.0, waste 1 tableau.0, stock");
  assert_illegal (&st, "waste", 1, "reserve.0", FELT_ILLEGAL_NOT_FROM_THERE);
  assert_illegal (&st, "waste", 1, "stock", FELT_ILLEGAL_NOT_FROM_THERE);
  assert_illegal (&st, "waste", 2, "tableau.2", FELT_ILLEGAL_NOT_A_RUN);
  assert_false (felt_state_card_playable (&st, felt_test_pile (&st, "waste"), 1));
  assert_double_click (&st, "waste", 1, "foundation.0");
  {
    FeltMove hint;
    assert_true (felt_state_hint (&st, &hint));
    assert_move (&st, &hint, "waste", 1, "foundation.0");
  }

  undo = felt_test_play (&st, "waste", 1, "foundation.0");
  assert_pile (&st, "foundation.0", "2C 3C 4C");
  assert_pile (&st, "waste", "3H 9S");
  assert_int_equal (felt_state_score (&st), 2);
  /* The 9S under it now plays. */
  assert_moves (&st, "waste 1 tableau.2, tableau.0 1 foundation.0, stock");
  felt_state_undo (&st, &undo);
  felt_test_play (&st, "waste", 1, "tableau.0");
  assert_pile (&st, "tableau.0", "5C 4C");
  assert_pile (&st, "reserve.0", "QC");
  felt_test_play (&st, "waste", 1, "tableau.2");
  assert_pile (&st, "tableau.2", "TS 9S");
  felt_test_play (&st, "waste", 1, "foundation.2");
  assert_pile (&st, "foundation.2", "2H 3H");
  assert_pile (&st, "waste", "");
}

/* ---- won, over ------------------------------------------------------------------- */

static void
test_won_and_over (void **unused)
{
  g_autofree char *c = felt_test_suit_run (FELT_CLUBS, 2, 14);
  g_autofree char *d = felt_test_suit_run (FELT_DIAMONDS, 2, 14);
  g_autofree char *h = felt_test_suit_run (FELT_HEARTS, 2, 13);
  g_autofree char *s = felt_test_suit_run (FELT_SPADES, 2, 14);
  FeltState st;
  FeltUndo undo;

  felt_test_position (&st, "straight-up",
                      "foundation.0", c, "foundation.1", d,
                      "foundation.2", h, "foundation.3", s,
                      "waste", "AH", NULL);
  assert_int_equal (st.n_cards, 52);
  assert_int_equal (felt_state_score (&st), 47);
  undo = felt_test_play (&st, "waste", 1, "foundation.2");
  assert_true (felt_state_is_won (&st));
  assert_false (felt_state_is_over (&st));
  assert_int_equal (felt_state_score (&st), 48);
  assert_int_equal (felt_state_score (&st), felt_game_max_score (felt_state_game (&st)));
  assert_status (&st, 0, 0, 2, -1);
  assert_nothing_left (&st);
  felt_state_undo (&st, &undo);
  assert_int_equal (felt_state_score (&st), 47);
  assert_false (felt_state_is_won (&st));

  /* No move, stock empty, no redeal left: over. */
  felt_test_position (&st, "straight-up",
                      "waste", "JD 4S",
                      FELT_TEST_TWOS,
                      "tableau.0", "KD", "tableau.1", "9S",
                      "tableau.2", "5H", "tableau.3", "7C",
                      NULL);
  st.redeals = 2;
  assert_true (felt_state_is_over (&st));
  assert_nothing_left (&st);
  /* With a redeal left it is not. */
  st.redeals = 1;
  assert_false (felt_state_is_over (&st));
  assert_moves (&st, "stock");
}

/* ---- a game played to the end ------------------------------------------------------ */

static void
test_play_to_win (void **unused)
{
  g_autofree char *c = felt_test_suit_run (FELT_CLUBS, 2, 12);
  g_autofree char *d = felt_test_suit_run (FELT_DIAMONDS, 2, 13);
  g_autofree char *h = felt_test_suit_run (FELT_HEARTS, 2, 11);
  g_autofree char *s = felt_test_suit_run (FELT_SPADES, 2, 13);
  FeltState st, start;
  FeltMove line[64];
  FeltUndo undo[64];
  guint n_line = 0;

  felt_test_position (&st, "straight-up",
                      "stock", "AD",
                      "foundation.0", c, "foundation.1", d,
                      "foundation.2", h, "foundation.3", s,
                      "tableau.0", "AC KC",
                      "tableau.1", "AH",
                      "tableau.2", "KH",
                      "tableau.3", "QH",
                      "reserve.0", "AS",
                      NULL);
  assert_int_equal (st.n_cards, 52);
  assert_int_equal (felt_state_score (&st), 41);
  start = st;

  assert_true (felt_test_solve (&st, 16, line, &n_line));

  st = start;
  felt_test_replay (&st, line, n_line, undo);
  assert_true (felt_state_is_won (&st));
  assert_false (felt_state_is_over (&st));
  assert_int_equal (felt_state_score (&st), 48);
  for (guint f = 0; f < 4; f++)
    {
      g_autofree char *all = felt_test_suit_run (f, 2, 14);
      assert_pile (&st, felt_test_name ("foundation", f), all);
    }
  assert_nothing_left (&st);

  felt_test_undo_all (&st, undo, n_line);
  assert_true (felt_state_equal (&st, &start));
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_deal),
    cmocka_unit_test (test_foundation_two_to_ace),
    cmocka_unit_test (test_tableau_build_down_aces_high),
    cmocka_unit_test (test_runs_move_as_a_unit),
    cmocka_unit_test (test_not_a_run),
    cmocka_unit_test (test_ace_high_run),
    cmocka_unit_test (test_refill_from_reserve),
    cmocka_unit_test (test_refill_session),
    cmocka_unit_test (test_session_stock_undo_redo),
    cmocka_unit_test (test_empty_pile_takes_waste_only),
    cmocka_unit_test (test_reserve_plays),
    cmocka_unit_test (test_stock_and_redeals),
    cmocka_unit_test (test_waste_plays),
    cmocka_unit_test (test_won_and_over),
    cmocka_unit_test (test_play_to_win),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
