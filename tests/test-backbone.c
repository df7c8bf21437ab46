/* test-backbone.c: the rules of Backbone (doc/rules.md, "Backbone").
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "felt-test-util.h"

/* ---- helpers ------------------------------------------------------------- */

static const FeltGame *
backbone (void)
{
  return felt_game_lookup ("backbone");
}

/* Does any listed move leave `pile`? */
static gboolean
any_move_from (const FeltState *st, const char *pile)
{
  FeltMove moves[FELT_MAX_MOVES];
  guint n = felt_state_legal_moves (st, moves);
  guint p = felt_test_pile (st, pile);

  for (guint i = 0; i < n; i++)
    if (moves[i].from == p)
      return TRUE;
  return FALSE;
}

static const char *const foundations[] = {
  "foundation.0", "foundation.1", "foundation.2", "foundation.3",
  "foundation.4", "foundation.5", "foundation.6", "foundation.7", NULL
};
static const char *const tableau[] = {
  "tableau.0", "tableau.1", "tableau.2", "tableau.3",
  "tableau.4", "tableau.5", "tableau.6", "tableau.7", NULL
};

/* ---- the deal ------------------------------------------------------------ */

static void
test_deal (void **unused)
{
  static const guint32 seeds[] = { 0, 1, 2, 42, 777777, 4294967295u };

  for (guint s = 0; s < G_N_ELEMENTS (seeds); s++)
    {
      FeltState st, again;
      guint seen[FELT_N_SUITS][14] = { { 0 } };
      guint r0;

      felt_state_deal (&st, backbone (), seeds[s]);
      r0 = felt_test_pile (&st, "reserve.0");
      assert_int_equal (st.n_cards, 104);
      assert_int_equal (st.redeals, 0);

      /* Two decks: each of the 52 cards exactly twice. */
      for (guint i = 0; i < st.n_cards; i++)
        seen[FELT_CARD_SUIT (st.cards[i])][FELT_CARD_RANK (st.cards[i])]++;
      for (guint suit = 0; suit < FELT_N_SUITS; suit++)
        for (guint rank = 1; rank <= 13; rank++)
          assert_int_equal (seen[suit][rank], 2);

      for (guint f = 0; foundations[f]; f++)
        assert_pile (&st, foundations[f], "");
      assert_pile (&st, "waste", "");
      assert_int_equal (felt_pile_size (&st, r0), 9);
      assert_int_equal (felt_pile_size (&st, felt_test_pile (&st, "reserve.1")), 9);
      assert_int_equal (felt_pile_size (&st, felt_test_pile (&st, "reserve.2")), 1);
      for (guint t = 0; tableau[t]; t++)
        {
          guint p = felt_test_pile (&st, tableau[t]);
          assert_int_equal (felt_pile_size (&st, p), 1);
          assert_false (felt_state_card_face_down (&st, p, 0));
          assert_true (felt_state_card_playable (&st, p, 0));
        }
      assert_int_equal (felt_pile_size (&st, 0), 77);
      for (guint i = 0; i < 77; i++)
        assert_true (felt_state_card_face_down (&st, 0, i));

      /* The backbone lies face up; only the covering card plays. */
      for (guint i = 0; i < 9; i++)
        {
          assert_false (felt_state_card_face_down (&st, r0, i));
          assert_false (felt_state_card_face_down (&st, r0 + 1, i));
          assert_false (felt_state_card_playable (&st, r0, i));
          assert_false (felt_state_card_playable (&st, r0 + 1, i));
        }
      assert_false (felt_state_card_face_down (&st, r0 + 2, 0));
      assert_true (felt_state_card_playable (&st, r0 + 2, 0));
      assert_false (any_move_from (&st, "reserve.0"));
      assert_false (any_move_from (&st, "reserve.1"));

      assert_int_equal (felt_state_score (&st), 0);
      assert_status (&st, 77, -1, 1, -1);
      assert_false (felt_state_is_won (&st));
      assert_false (felt_state_is_over (&st));
      assert_true (felt_state_can_stock (&st));

      felt_state_deal (&again, backbone (), seeds[s]);
      assert_true (felt_state_equal (&st, &again));
    }
}

static void
test_max_score (void **unused)
{
  assert_int_equal (felt_game_n_cards (backbone ()), 104);
  assert_int_equal (felt_game_max_score (backbone ()), 104);
}

/* ---- foundations --------------------------------------------------------- */

static void
test_foundation_starts_with_any_ace (void **unused)
{
  FeltState st;

  felt_test_position (&st, "backbone",
                      "waste", "AS", "tableau.0", "AD", "tableau.1", "2D",
                      "reserve.2", "AH",
                      NULL);
  /* Any ace, from the waste, the tableau or the reserve, on any empty
   * foundation. */
  for (guint f = 0; foundations[f]; f++)
    {
      assert_legal (&st, "waste", 1, foundations[f]);
      assert_legal (&st, "tableau.0", 1, foundations[f]);
      assert_legal (&st, "reserve.2", 1, foundations[f]);
      /* Only an ace starts one. */
      assert_illegal (&st, "tableau.1", 1, foundations[f], FELT_ILLEGAL_DOES_NOT_FIT);
    }
  felt_test_play (&st, "reserve.2", 1, "foundation.5");
  assert_pile (&st, "foundation.5", "AH");
  assert_pile (&st, "reserve.2", "");
  felt_test_play (&st, "tableau.0", 1, "foundation.0");
  assert_pile (&st, "foundation.0", "AD");
  assert_pile (&st, "tableau.0", "");
  felt_test_play (&st, "tableau.1", 1, "foundation.0");
  assert_pile (&st, "foundation.0", "AD 2D");
  assert_int_equal (felt_state_score (&st), 3);
}

static void
test_foundation_builds_up_by_suit (void **unused)
{
  FeltState st;

  felt_test_position (&st, "backbone",
                      "foundation.0", "AH 2H", "foundation.4", "AH",
                      "foundation.2", "AC 2C 3C 4C",
                      "waste", "2H", "tableau.0", "3H", "tableau.1", "3S",
                      "tableau.2", "5D", "tableau.3", "4H", "tableau.4", "5C",
                      NULL);
  /* Two foundations of hearts: each takes the card that follows its own
   * top. */
  assert_legal (&st, "tableau.0", 1, "foundation.0");
  assert_illegal (&st, "tableau.0", 1, "foundation.4", FELT_ILLEGAL_DOES_NOT_FIT);
  assert_legal (&st, "waste", 1, "foundation.4");
  assert_illegal (&st, "waste", 1, "foundation.0", FELT_ILLEGAL_DOES_NOT_FIT);
  /* Wrong suit, wrong rank, a card that is not an ace on an empty one. */
  assert_illegal (&st, "tableau.1", 1, "foundation.0", FELT_ILLEGAL_DOES_NOT_FIT);
  assert_illegal (&st, "tableau.2", 1, "foundation.2", FELT_ILLEGAL_DOES_NOT_FIT);
  assert_illegal (&st, "tableau.3", 1, "foundation.0", FELT_ILLEGAL_DOES_NOT_FIT);
  assert_illegal (&st, "tableau.3", 1, "foundation.1", FELT_ILLEGAL_DOES_NOT_FIT);
  assert_legal (&st, "tableau.4", 1, "foundation.2");

  felt_test_play (&st, "waste", 1, "foundation.4");
  felt_test_play (&st, "tableau.0", 1, "foundation.4");
  assert_pile (&st, "foundation.4", "AH 2H 3H");
  assert_pile (&st, "foundation.0", "AH 2H");
  /* Now the 4H goes on foundation.4 only. */
  assert_illegal (&st, "tableau.3", 1, "foundation.0", FELT_ILLEGAL_DOES_NOT_FIT);
  felt_test_play (&st, "tableau.3", 1, "foundation.4");
  assert_pile (&st, "foundation.4", "AH 2H 3H 4H");
  assert_double_click (&st, "tableau.4", 1, "foundation.2");
}

static void
test_foundation_never_gives_back (void **unused)
{
  FeltState st;

  felt_test_position (&st, "backbone",
                      "foundation.0", "AS 2S 3S", "foundation.1", "AS",
                      "tableau.0", "4S",
                      NULL);
  assert_illegal (&st, "foundation.0", 1, "tableau.1", FELT_ILLEGAL_SOURCE_LOCKED);
  assert_illegal (&st, "foundation.0", 1, "tableau.0", FELT_ILLEGAL_SOURCE_LOCKED);
  assert_illegal (&st, "foundation.0", 1, "foundation.2", FELT_ILLEGAL_SOURCE_LOCKED);
  assert_illegal (&st, "foundation.1", 1, "foundation.2", FELT_ILLEGAL_SOURCE_LOCKED);
  assert_false (felt_state_card_playable (&st, felt_test_pile (&st, "foundation.0"), 2));
}

static void
test_foundation_complete (void **unused)
{
  FeltState st;

  felt_test_position (&st, "backbone",
                      "foundation.0", "AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
                      "waste", "AD",
                      NULL);
  assert_illegal (&st, "waste", 1, "foundation.0", FELT_ILLEGAL_PILE_COMPLETE);
  assert_legal (&st, "waste", 1, "foundation.1");
}

/* ---- the backbone -------------------------------------------------------- */

static void
test_covering_card_blocks_columns (void **unused)
{
  FeltState st;

  felt_test_position (&st, "backbone",
                      "foundation.0", "AC",
                      "reserve.0", "KD 3C 5H", "reserve.1", "9C 2S 2C",
                      "reserve.2", "AS",
                      "tableau.0", "6H", "tableau.1", "3S",
                      NULL);
  /* While the covering card lies there, the columns do not play. */
  assert_illegal (&st, "reserve.0", 1, "tableau.0", FELT_ILLEGAL_SOURCE_LOCKED);
  assert_illegal (&st, "reserve.1", 1, "foundation.0", FELT_ILLEGAL_SOURCE_LOCKED);
  assert_illegal (&st, "reserve.1", 1, "foundation.1", FELT_ILLEGAL_SOURCE_LOCKED);
  assert_false (any_move_from (&st, "reserve.0"));
  assert_false (any_move_from (&st, "reserve.1"));
  assert_false (felt_state_card_playable (&st, felt_test_pile (&st, "reserve.0"), 2));
  assert_false (felt_state_card_playable (&st, felt_test_pile (&st, "reserve.1"), 2));
  assert_double_click (&st, "reserve.1", 1, NULL);
  /* The covering card plays. */
  assert_true (felt_state_card_playable (&st, felt_test_pile (&st, "reserve.2"), 0));
  assert_legal (&st, "reserve.2", 1, "foundation.1");
  assert_double_click (&st, "reserve.2", 1, "foundation.1");

  felt_test_play (&st, "reserve.2", 1, "foundation.1");
  assert_pile (&st, "reserve.2", "");

  /* Now the bottom card of each column plays. */
  assert_legal (&st, "reserve.0", 1, "tableau.0");
  assert_legal (&st, "reserve.1", 1, "foundation.0");
  assert_illegal (&st, "reserve.1", 1, "foundation.1", FELT_ILLEGAL_DOES_NOT_FIT);
  assert_true (felt_state_card_playable (&st, felt_test_pile (&st, "reserve.0"), 2));
  assert_false (felt_state_card_playable (&st, felt_test_pile (&st, "reserve.0"), 1));
  /* One card at a time. */
  assert_illegal (&st, "reserve.1", 2, "tableau.1", FELT_ILLEGAL_NOT_A_RUN);

  /* Each column from its bottom card upwards. */
  felt_test_play (&st, "reserve.1", 1, "foundation.0");
  assert_pile (&st, "reserve.1", "9C 2S");
  assert_pile (&st, "foundation.0", "AC 2C");
  felt_test_play (&st, "reserve.1", 1, "foundation.1");
  assert_pile (&st, "reserve.1", "9C");
  assert_pile (&st, "foundation.1", "AS 2S");
  felt_test_play (&st, "reserve.0", 1, "tableau.0");
  assert_pile (&st, "tableau.0", "6H 5H");
  assert_pile (&st, "reserve.0", "KD 3C");
  felt_test_play (&st, "reserve.0", 1, "foundation.0");
  assert_pile (&st, "foundation.0", "AC 2C 3C");
  assert_pile (&st, "reserve.0", "KD");
  assert_true (felt_state_card_playable (&st, felt_test_pile (&st, "reserve.0"), 0));
}

static void
test_covering_card_onto_tableau (void **unused)
{
  FeltState st;

  felt_test_position (&st, "backbone",
                      "reserve.0", "4D", "reserve.1", "QS", "reserve.2", "5D",
                      "tableau.0", "6D", "tableau.1", "6C", "tableau.2", "KH",
                      "tableau.3", "KS", "tableau.4", "QC", "tableau.5", "9H",
                      "tableau.6", "7S", "tableau.7", "2H",
                      NULL);
  assert_legal (&st, "reserve.2", 1, "tableau.0");
  assert_illegal (&st, "reserve.2", 1, "tableau.1", FELT_ILLEGAL_DOES_NOT_FIT);
  /* The only move. */
  assert_int_equal (felt_test_n_legal (&st), 1);
  felt_test_play (&st, "reserve.2", 1, "tableau.0");
  assert_pile (&st, "tableau.0", "6D 5D");
  /* Uncovered: the 4D goes on the 5D. */
  felt_test_play (&st, "reserve.0", 1, "tableau.0");
  assert_pile (&st, "tableau.0", "6D 5D 4D");
  assert_pile (&st, "reserve.0", "");
}

static void
test_reserve_targets (void **unused)
{
  FeltState st;

  felt_test_position (&st, "backbone",
                      "foundation.0", "AH 2H",
                      "reserve.0", "7S 3H", "reserve.1", "TC 8C",
                      "tableau.0", "9C", "tableau.1", "4H", "tableau.2", "9D",
                      "waste", "QH",
                      NULL);
  /* To a foundation, or onto a non-empty tableau pile by suit. */
  assert_legal (&st, "reserve.0", 1, "foundation.0");
  assert_legal (&st, "reserve.0", 1, "tableau.1");
  assert_legal (&st, "reserve.1", 1, "tableau.0");
  assert_illegal (&st, "reserve.1", 1, "tableau.2", FELT_ILLEGAL_DOES_NOT_FIT);
  /* Never onto an empty tableau pile. */
  for (guint t = 3; tableau[t]; t++)
    {
      assert_illegal (&st, "reserve.0", 1, tableau[t], FELT_ILLEGAL_NOT_FROM_THERE);
      assert_illegal (&st, "reserve.1", 1, tableau[t], FELT_ILLEGAL_NOT_FROM_THERE);
    }
  /* Never onto the reserve, the waste or the stock. */
  assert_illegal (&st, "reserve.0", 1, "reserve.1", FELT_ILLEGAL_NOT_FROM_THERE);
  assert_illegal (&st, "reserve.1", 1, "reserve.0", FELT_ILLEGAL_NOT_FROM_THERE);
  assert_illegal (&st, "reserve.0", 1, "reserve.2", FELT_ILLEGAL_NOT_FROM_THERE);
  assert_illegal (&st, "reserve.0", 1, "waste", FELT_ILLEGAL_NOT_FROM_THERE);
  assert_illegal (&st, "reserve.0", 1, "stock", FELT_ILLEGAL_NOT_FROM_THERE);
  /* And nothing goes onto the reserve. */
  assert_illegal (&st, "tableau.0", 1, "reserve.2", FELT_ILLEGAL_NOT_FROM_THERE);
  assert_illegal (&st, "tableau.0", 1, "reserve.1", FELT_ILLEGAL_NOT_FROM_THERE);
  assert_illegal (&st, "waste", 1, "reserve.2", FELT_ILLEGAL_NOT_FROM_THERE);

  felt_test_play (&st, "reserve.1", 1, "tableau.0");
  assert_pile (&st, "tableau.0", "9C 8C");
  assert_pile (&st, "reserve.1", "TC");
  felt_test_play (&st, "reserve.0", 1, "tableau.1");
  assert_pile (&st, "tableau.1", "4H 3H");
  assert_pile (&st, "reserve.0", "7S");
}

/* ---- the tableau --------------------------------------------------------- */

static void
test_tableau_builds_down_by_suit (void **unused)
{
  FeltState st;

  felt_test_position (&st, "backbone",
                      "tableau.0", "TH 9H", "tableau.1", "JH",
                      "tableau.2", "8H", "tableau.3", "8S",
                      "tableau.4", "7H", "tableau.5", "TS",
                      "reserve.2", "KC",
                      NULL);
  /* Same suit, one lower. */
  assert_legal (&st, "tableau.2", 1, "tableau.0");
  /* Wrong suit, two lower, one higher. */
  assert_illegal (&st, "tableau.3", 1, "tableau.0", FELT_ILLEGAL_DOES_NOT_FIT);
  assert_illegal (&st, "tableau.4", 1, "tableau.0", FELT_ILLEGAL_DOES_NOT_FIT);
  assert_illegal (&st, "tableau.0", 1, "tableau.2", FELT_ILLEGAL_DOES_NOT_FIT);
  assert_illegal (&st, "tableau.0", 1, "tableau.5", FELT_ILLEGAL_DOES_NOT_FIT);
  /* One card at a time: the TH 9H run does not move onto the JH. */
  assert_illegal (&st, "tableau.0", 2, "tableau.1", FELT_ILLEGAL_NOT_A_RUN);
  assert_illegal (&st, "tableau.0", 1, "tableau.1", FELT_ILLEGAL_DOES_NOT_FIT);
  assert_false (felt_state_card_playable (&st, felt_test_pile (&st, "tableau.0"), 0));
  assert_true (felt_state_card_playable (&st, felt_test_pile (&st, "tableau.0"), 1));
  /* Not onto the waste or the stock. */
  assert_illegal (&st, "tableau.2", 1, "waste", FELT_ILLEGAL_NOT_FROM_THERE);
  assert_illegal (&st, "tableau.2", 1, "stock", FELT_ILLEGAL_NOT_FROM_THERE);

  felt_test_play (&st, "tableau.2", 1, "tableau.0");
  assert_pile (&st, "tableau.0", "TH 9H 8H");
  assert_pile (&st, "tableau.2", "");
  felt_test_play (&st, "tableau.4", 1, "tableau.0");
  assert_pile (&st, "tableau.0", "TH 9H 8H 7H");
  /* Still one card at a time. */
  assert_illegal (&st, "tableau.0", 2, "tableau.2", FELT_ILLEGAL_NOT_A_RUN);
  assert_illegal (&st, "tableau.0", 4, "tableau.2", FELT_ILLEGAL_NOT_A_RUN);
  assert_illegal (&st, "tableau.0", 5, "tableau.2", FELT_ILLEGAL_NOT_ENOUGH_CARDS);
}

static void
test_empty_tableau_takes_waste_or_tableau (void **unused)
{
  FeltState st;

  felt_test_position (&st, "backbone",
                      "stock", "3C",
                      "waste", "4D KD",
                      "tableau.1", "5C", "tableau.2", "QS 7S",
                      "tableau.3", "QD", "tableau.4", "9H", "tableau.5", "9D",
                      "tableau.6", "9C", "tableau.7", "9S",
                      "reserve.0", "6C", "reserve.1", "JH",
                      NULL);
  /* Any card from the waste or from another tableau pile. */
  assert_legal (&st, "waste", 1, "tableau.0");
  assert_legal (&st, "tableau.1", 1, "tableau.0");
  assert_legal (&st, "tableau.2", 1, "tableau.0");
  assert_legal (&st, "tableau.3", 1, "tableau.0");
  /* Not from the (uncovered) reserve. */
  assert_illegal (&st, "reserve.0", 1, "tableau.0", FELT_ILLEGAL_NOT_FROM_THERE);
  assert_illegal (&st, "reserve.1", 1, "tableau.0", FELT_ILLEGAL_NOT_FROM_THERE);
  /* Nor two cards. */
  assert_illegal (&st, "tableau.2", 2, "tableau.0", FELT_ILLEGAL_NOT_A_RUN);
  assert_illegal (&st, "waste", 2, "tableau.0", FELT_ILLEGAL_NOT_A_RUN);

  felt_test_play (&st, "waste", 1, "tableau.0");
  assert_pile (&st, "tableau.0", "KD");
  assert_pile (&st, "waste", "4D");
  /* Filled, the pile builds by suit again. */
  assert_illegal (&st, "tableau.2", 1, "tableau.0", FELT_ILLEGAL_DOES_NOT_FIT);
  assert_illegal (&st, "tableau.1", 1, "tableau.0", FELT_ILLEGAL_DOES_NOT_FIT);
  felt_test_play (&st, "tableau.3", 1, "tableau.0");
  assert_pile (&st, "tableau.0", "KD QD");
  assert_pile (&st, "tableau.3", "");
  assert_pile (&st, "tableau.2", "QS 7S");
}

static void
test_empty_tableau_refilled_from_tableau (void **unused)
{
  FeltState st;

  felt_test_position (&st, "backbone",
                      "tableau.0", "QS 7S", "tableau.5", "6H",
                      NULL);
  felt_test_play (&st, "tableau.5", 1, "tableau.1");
  assert_pile (&st, "tableau.1", "6H");
  assert_pile (&st, "tableau.5", "");
  felt_test_play (&st, "tableau.0", 1, "tableau.5");
  assert_pile (&st, "tableau.5", "7S");
  assert_pile (&st, "tableau.0", "QS");
}

/* ---- stock and waste ----------------------------------------------------- */

static void
test_stock_and_one_redeal (void **unused)
{
  FeltState st, before;
  FeltUndo undo;

  felt_test_position (&st, "backbone",
                      "stock", "3C 9D AC",
                      "tableau.0", "KH",
                      NULL);
  assert_status (&st, 3, -1, 1, -1);

  /* One card to the waste, the stock's top first. */
  before = st;
  felt_state_apply (&st, &felt_test_stock_move, &undo);
  assert_pile (&st, "stock", "3C 9D");
  assert_pile (&st, "waste", "AC");
  assert_false (felt_state_card_face_down (&st, felt_test_pile (&st, "waste"), 0));
  assert_status (&st, 2, -1, 1, -1);
  felt_state_undo (&st, &undo);
  assert_true (felt_state_equal (&st, &before));

  felt_test_click_stock (&st);
  felt_test_click_stock (&st);
  felt_test_click_stock (&st);
  assert_pile (&st, "stock", "");
  assert_pile (&st, "waste", "AC 9D 3C");
  assert_status (&st, 0, -1, 1, -1);

  /* The redeal turns the waste over: the same order again. */
  before = st;
  assert_true (felt_state_can_stock (&st));
  felt_state_apply (&st, &felt_test_stock_move, &undo);
  assert_pile (&st, "stock", "3C 9D AC");
  assert_pile (&st, "waste", "");
  assert_int_equal (st.redeals, 1);
  assert_status (&st, 3, -1, 0, -1);
  for (guint i = 0; i < 3; i++)
    assert_true (felt_state_card_face_down (&st, 0, i));
  felt_state_undo (&st, &undo);
  assert_true (felt_state_equal (&st, &before));
  felt_state_apply (&st, &felt_test_stock_move, &undo);

  felt_test_click_stock (&st);
  assert_pile (&st, "waste", "AC");
  felt_test_click_stock (&st);
  felt_test_click_stock (&st);
  assert_pile (&st, "waste", "AC 9D 3C");
  assert_status (&st, 0, -1, 0, -1);

  /* No second redeal. */
  assert_no_stock (&st, FELT_ILLEGAL_NO_STOCK_ACTION);
  /* The 3C can still go to an empty tableau pile: not over. */
  assert_int_equal (felt_test_check (&st, "waste", 1, "tableau.1"), FELT_LEGAL);
  assert_false (felt_state_is_over (&st));
}

static void
test_no_redeal_of_an_empty_waste (void **unused)
{
  FeltState st;

  felt_test_position (&st, "backbone", "tableau.0", "KH", "tableau.1", "KS", NULL);
  assert_no_stock (&st, FELT_ILLEGAL_NO_STOCK_ACTION);
}

static void
test_real_deal_stock (void **unused)
{
  FeltState st, dealt;
  g_autofree char *stock = NULL;
  g_autofree char *again = NULL;
  g_autofree char *waste = NULL;
  g_auto (GStrv) names = NULL;
  GString *reversed = g_string_new (NULL);

  felt_state_deal (&st, backbone (), 8);
  dealt = st;
  stock = felt_test_pile_cards (&st, "stock");
  for (guint i = 0; i < 77; i++)
    {
      FeltCard top = felt_pile_top (&st, 0);
      felt_test_click_stock (&st);
      assert_int_equal (felt_pile_top (&st, felt_test_pile (&st, "waste")), top);
      assert_status (&st, 76 - (int) i, -1, 1, -1);
    }
  /* The waste holds the stock turned over. */
  names = g_strsplit (stock, " ", -1);
  for (guint i = g_strv_length (names); i > 0; i--)
    {
      g_string_append (reversed, names[i - 1]);
      if (i > 1)
        g_string_append_c (reversed, ' ');
    }
  waste = felt_test_pile_cards (&st, "waste");
  assert_string_equal (waste, reversed->str);
  g_string_free (reversed, TRUE);

  felt_test_click_stock (&st);
  again = felt_test_pile_cards (&st, "stock");
  assert_string_equal (again, stock);
  assert_pile (&st, "waste", "");
  assert_status (&st, 77, -1, 0, -1);
  /* Apart from the redeal counter, the deal again. */
  st.redeals = 0;
  assert_true (felt_state_equal (&st, &dealt));
  st.redeals = 1;

  for (guint i = 0; i < 77; i++)
    felt_test_click_stock (&st);
  assert_status (&st, 0, -1, 0, -1);
  assert_false (felt_state_can_stock (&st));
}

static void
test_waste_plays_anywhere_it_fits (void **unused)
{
  FeltState st;

  felt_test_position (&st, "backbone",
                      "waste", "5C 9H",
                      "foundation.3", "AH 2H 3H 4H 5H 6H 7H 8H",
                      "tableau.0", "TH", "tableau.1", "TS", "tableau.2", "8H",
                      "tableau.3", "6C", "tableau.4", "4C", "tableau.5", "3C",
                      "tableau.6", "2C", "tableau.7", "AD",
                      "reserve.2", "KS",
                      NULL);
  assert_legal (&st, "waste", 1, "foundation.3");
  assert_legal (&st, "waste", 1, "tableau.0");
  assert_illegal (&st, "waste", 1, "tableau.1", FELT_ILLEGAL_DOES_NOT_FIT);
  assert_illegal (&st, "waste", 1, "tableau.2", FELT_ILLEGAL_DOES_NOT_FIT);
  assert_illegal (&st, "waste", 1, "foundation.0", FELT_ILLEGAL_DOES_NOT_FIT);
  /* Only its top card: the 5C under the 9H does not play. */
  assert_illegal (&st, "waste", 2, "tableau.3", FELT_ILLEGAL_NOT_A_RUN);
  assert_false (felt_state_card_playable (&st, felt_test_pile (&st, "waste"), 0));
  /* Not onto the reserve. */
  assert_illegal (&st, "waste", 1, "reserve.2", FELT_ILLEGAL_NOT_FROM_THERE);
  assert_illegal (&st, "waste", 1, "reserve.0", FELT_ILLEGAL_NOT_FROM_THERE);
  assert_illegal (&st, "waste", 1, "stock", FELT_ILLEGAL_NOT_FROM_THERE);
  /* The stock's cards never play. */
  assert_illegal (&st, "tableau.0", 1, "waste", FELT_ILLEGAL_NOT_FROM_THERE);

  felt_test_play (&st, "waste", 1, "tableau.0");
  assert_pile (&st, "tableau.0", "TH 9H");
  assert_pile (&st, "waste", "5C");
  felt_test_play (&st, "waste", 1, "tableau.3");
  assert_pile (&st, "tableau.3", "6C 5C");
  assert_pile (&st, "waste", "");
  assert_illegal (&st, "waste", 1, "tableau.3", FELT_ILLEGAL_EMPTY_SOURCE);
}

/* ---- status, over, win --------------------------------------------------- */

static void
test_status (void **unused)
{
  FeltState st;

  felt_state_deal (&st, backbone (), 3);
  assert_status (&st, 77, -1, 1, -1);
  felt_test_click_stock (&st);
  felt_test_click_stock (&st);
  assert_status (&st, 75, -1, 1, -1);
  assert_int_equal (felt_state_redeals_left (&st), 1);

  felt_test_position (&st, "backbone", "stock", "4C 5C", "waste", "6C", NULL);
  st.redeals = 1;
  assert_status (&st, 2, -1, 0, -1);
  assert_int_equal (felt_state_redeals_left (&st), 0);
}

static void
test_over (void **unused)
{
  FeltState st;
  FeltMove hint;

  felt_test_position (&st, "backbone",
                      "waste", "7C 2D",
                      "tableau.0", "KH", "tableau.1", "KS", "tableau.2", "QC",
                      "tableau.3", "JH", "tableau.4", "9D", "tableau.5", "7S",
                      "tableau.6", "5C", "tableau.7", "3H",
                      "reserve.0", "3S", "reserve.1", "4C", "reserve.2", "6D",
                      NULL);
  /* With the redeal still there: not over. */
  assert_int_equal (felt_test_n_legal (&st), 0);
  assert_true (felt_state_can_stock (&st));
  assert_false (felt_state_is_over (&st));
  assert_true (felt_state_hint (&st, &hint));
  assert_true (hint.stock);

  /* Redeal used: nothing left. */
  st.redeals = 1;
  assert_false (felt_state_can_stock (&st));
  assert_true (felt_state_is_over (&st));
  assert_false (felt_state_is_won (&st));
  assert_false (felt_state_hint (&st, &hint));
}

static void
test_win (void **unused)
{
  FeltState st;

  felt_test_position (&st, "backbone",
                      "foundation.0", "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC",
                      "foundation.1", "AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
                      "foundation.2", "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
                      "foundation.3", "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS",
                      "foundation.4", "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC",
                      "foundation.5", "AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
                      "foundation.6", "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
                      "foundation.7", "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS",
                      "waste", "KS",
                      NULL);
  assert_false (felt_state_is_won (&st));
  assert_int_equal (felt_state_score (&st), 103);
  assert_double_click (&st, "waste", 1, "foundation.7");
  felt_test_play (&st, "waste", 1, "foundation.7");
  assert_int_equal (st.n_cards, 104);
  assert_true (felt_state_is_won (&st));
  assert_false (felt_state_is_over (&st));
  assert_int_equal (felt_state_score (&st), 104);
  assert_int_equal (felt_state_score (&st), felt_game_max_score (backbone ()));
  assert_int_equal (felt_test_n_legal (&st), 0);
  assert_false (felt_state_can_stock (&st));
  assert_int_equal (felt_test_check (&st, "foundation.7", 1, "tableau.0"), FELT_ILLEGAL_GAME_ENDED);
}

static void
test_score_and_undo (void **unused)
{
  g_autoptr (FeltSession) session = felt_session_new (backbone (), 21);
  guint played = 0;

  assert_int_equal (felt_state_score (felt_session_get_state (session)), 0);
  while (played < 2)
    {
      const FeltState *st = felt_session_get_state (session);
      FeltMove moves[FELT_MAX_MOVES];
      guint n = felt_state_legal_moves (st, moves);
      guint before = felt_state_score (st);
      gboolean home = FALSE;

      for (guint i = 0; i < n && !home; i++)
        if (backbone ()->piles[moves[i].to].role == FELT_ROLE_FOUNDATION)
          {
            felt_test_play_scores (session, &moves[i], 1);
            home = TRUE;
            played++;
          }
      if (!home)
        {
          assert_int_equal (felt_session_play (session, &felt_test_stock_move), FELT_LEGAL);
          assert_int_equal (felt_state_score (felt_session_get_state (session)), before);
        }
    }
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_deal),
    cmocka_unit_test (test_max_score),
    cmocka_unit_test (test_foundation_starts_with_any_ace),
    cmocka_unit_test (test_foundation_builds_up_by_suit),
    cmocka_unit_test (test_foundation_never_gives_back),
    cmocka_unit_test (test_foundation_complete),
    cmocka_unit_test (test_covering_card_blocks_columns),
    cmocka_unit_test (test_covering_card_onto_tableau),
    cmocka_unit_test (test_reserve_targets),
    cmocka_unit_test (test_tableau_builds_down_by_suit),
    cmocka_unit_test (test_empty_tableau_takes_waste_or_tableau),
    cmocka_unit_test (test_empty_tableau_refilled_from_tableau),
    cmocka_unit_test (test_stock_and_one_redeal),
    cmocka_unit_test (test_no_redeal_of_an_empty_waste),
    cmocka_unit_test (test_real_deal_stock),
    cmocka_unit_test (test_waste_plays_anywhere_it_fits),
    cmocka_unit_test (test_status),
    cmocka_unit_test (test_over),
    cmocka_unit_test (test_win),
    cmocka_unit_test (test_score_and_undo),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
