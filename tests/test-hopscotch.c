/* test-hopscotch.c: the rules of Hopscotch (doc/rules.md), one by one.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "felt-test-util.h"

/* ---- helpers ------------------------------------------------------------- */

/* The first n cards of foundation f (0..3) in a game where every card ends
 * up on the foundations: ranks by steps of f + 1 from the (f + 1) of clubs,
 * rank r in suit (r - 1 - f) mod 4, so that every card appears once. */
static char *
full_foundation (guint f, guint n)
{
  GString *out = g_string_new (NULL);
  guint rank = f + 1;

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *card = felt_test_card_name (rank, (rank + 3 - f) % 4);

      g_string_append_printf (out, "%s%s", i ? " " : "", card);
      rank = (rank - 1 + f + 1) % 13 + 1;
    }
  return g_string_free (out, FALSE);
}

/* ---- the deal ------------------------------------------------------------ */

static void
test_deal (void **unused)
{
  const FeltGame *game = felt_game_lookup ("hopscotch");
  const guint32 seeds[] = { 0, 1, 42, 123456789, 4294967295u };

  assert_non_null (game);
  assert_int_equal (felt_game_n_cards (game), 52);
  assert_int_equal (felt_game_max_score (game), 48);

  for (guint s = 0; s < G_N_ELEMENTS (seeds); s++)
    {
      FeltState st, again;
      gboolean seen[64] = { FALSE };
      guint stock;

      felt_state_deal (&st, game, seeds[s]);
      stock = felt_test_pile (&st, "stock");
      assert_string_equal (felt_state_game (&st)->id, "hopscotch");
      assert_pile (&st, "foundation.0", "AC");
      assert_pile (&st, "foundation.1", "2C");
      assert_pile (&st, "foundation.2", "3C");
      assert_pile (&st, "foundation.3", "4C");
      assert_int_equal (felt_pile_size (&st, stock), 48);
      assert_pile (&st, "waste", "");
      for (guint r = 0; r < 4; r++)
        assert_pile (&st, felt_test_name ("reserve", r), "");
      assert_int_equal (st.n_cards, 52);

      /* Each card of the deck exactly once, the low clubs not in the stock. */
      for (guint i = 0; i < st.n_cards; i++)
        {
          FeltCard c = st.cards[i];
          assert_in_range (FELT_CARD_RANK (c), 1, 13);
          assert_in_range (FELT_CARD_SUIT (c), 0, 3);
          assert_false (seen[c]);
          seen[c] = TRUE;
        }
      for (guint i = 0; i < 48; i++)
        {
          FeltCard c = felt_pile_card (&st, stock, i);
          assert_false (FELT_CARD_SUIT (c) == FELT_CLUBS && FELT_CARD_RANK (c) <= 4);
          assert_true (felt_state_card_face_down (&st, stock, i));
          assert_false (felt_state_card_playable (&st, stock, i));
        }

      assert_int_equal (felt_state_score (&st), 0);
      assert_int_equal (felt_test_status (&st).stock, 48);
      assert_false (felt_state_is_won (&st));
      assert_false (felt_state_is_over (&st));
      assert_int_equal (felt_state_redeals_left (&st), 0);
      assert_moves (&st, "stock");

      /* The same number deals the same layout. */
      felt_state_deal (&again, game, seeds[s]);
      assert_true (felt_state_equal (&st, &again));
    }
}

static void
test_layout (void **unused)
{
  const FeltGame *game = felt_game_lookup ("hopscotch");
  FeltState st;

  felt_test_position (&st, "hopscotch", NULL);
  for (guint r = 0; r < 4; r++)
    assert_int_equal (game->piles[felt_test_pile (&st, felt_test_name ("reserve", r))].fan,
                      FELT_FAN_DOWN);
  assert_int_equal (felt_state_pile_count (&st, FELT_ROLE_FOUNDATION), 0);
  assert_int_equal (felt_test_pile (&st, "stock"), 0);
  assert_int_equal (felt_test_pile (&st, "waste"), 1);
  assert_int_equal (felt_test_pile (&st, "foundation.0"), 2);
  assert_int_equal (felt_test_pile (&st, "reserve.3"), 9);
}

/* ---- the foundations ------------------------------------------------------ */

/* Every top rank on every foundation against every card rank, any suits:
 * exactly the rank top + n (mod 13, K -> A) fits foundation n. */
static void
test_foundation_step_table (void **unused)
{
  for (guint f = 0; f < 4; f++)
    for (guint top = 1; top <= 13; top++)
      for (guint rank = 1; rank <= 13; rank++)
        {
          g_autofree char *top_card = felt_test_card_name (top, (top + f) % 4);
          g_autofree char *card = felt_test_card_name (rank, (rank + 2 * f + 1) % 4);
          const char *fname = felt_test_name ("foundation", f);
          guint fits = (top - 1 + f + 1) % 13 + 1;
          FeltState st;

          felt_test_position (&st, "hopscotch", fname, top_card, "waste", card, NULL);
          if (rank == fits)
            assert_legal (&st, "waste", 1, fname);
          else
            assert_illegal (&st, "waste", 1, fname, FELT_ILLEGAL_DOES_NOT_FIT);
        }
}

/* The four step sequences of doc/rules.md, walked card by card from the waste. */
static void
test_foundation_walk (void **unused)
{
  static const char *const steps[4] = {
    "A23456789TJQK",
    "2468TQA3579JK",
    "369Q258JA47TK",
    "48Q37J26TA59K",
  };

  for (guint f = 0; f < 4; f++)
    {
      const char *fname = felt_test_name ("foundation", f);
      char cards[13][3];
      GString *stock = g_string_new (NULL);
      GString *expected = g_string_new (NULL);
      g_autofree char *stock_text = NULL;
      g_autofree char *expected_text = NULL;
      const char *starts[4] = { "AC", "2C", "3C", "4C" };
      FeltState st;

      for (guint i = 0; i < 13; i++)
        {
          cards[i][0] = steps[f][i];
          /* The dealt club, then diamonds, hearts and spades in turn:
           * the suit plays no part. */
          cards[i][1] = i == 0 ? 'C' : "DHS"[i % 3];
          cards[i][2] = '\0';
          g_string_append_printf (expected, "%s%s", i ? " " : "", cards[i]);
        }
      assert_string_equal (cards[0], starts[f]);
      /* The stock's top card is the last one named. */
      for (guint i = 12; i >= 1; i--)
        g_string_append_printf (stock, "%s%s", i < 12 ? " " : "", cards[i]);
      stock_text = g_string_free (stock, FALSE);
      expected_text = g_string_free (expected, FALSE);

      felt_test_position (&st, "hopscotch",
                          "stock", stock_text,
                          "foundation.0", f == 0 ? "AC" : "",
                          "foundation.1", f == 1 ? "2C" : "",
                          "foundation.2", f == 2 ? "3C" : "",
                          "foundation.3", f == 3 ? "4C" : "",
                          NULL);
      /* Only the walked foundation is in play here; the others stay empty
       * so that no card can go elsewhere. */
      for (guint i = 1; i < 13; i++)
        {
          g_autofree char *sofar = NULL;

          felt_test_click_stock (&st);
          assert_pile (&st, "waste", cards[i]);
          assert_int_equal (felt_test_status (&st).stock, 12 - i);
          /* The waste is full: the stock does nothing. */
          assert_no_stock (&st, FELT_ILLEGAL_NO_STOCK_ACTION);
          assert_double_click (&st, "waste", 1, fname);
          felt_test_play (&st, "waste", 1, fname);
          assert_pile (&st, "waste", "");
          sofar = g_strndup (expected_text, 3 * (i + 1) - 1);
          assert_pile (&st, fname, sofar);
        }
      assert_pile (&st, fname, expected_text);
      assert_int_equal (felt_pile_size (&st, felt_test_pile (&st, fname)), 13);
      assert_int_equal (FELT_CARD_RANK (felt_pile_top (&st, felt_test_pile (&st, fname))), FELT_KING);
      assert_true (felt_state_is_won (&st));
    }
}

/* A foundation of 13 cards (ending on its K) takes nothing more, not even
 * the card its step would give next. */
static void
test_foundation_complete (void **unused)
{
  for (guint f = 0; f < 4; f++)
    {
      g_autofree char *full = full_foundation (f, 13);
      const char *fname = felt_test_name ("foundation", f);

      assert_int_equal (full[strlen (full) - 2], 'K');
      for (guint rank = 1; rank <= 13; rank++)
        {
          g_autofree char *card = felt_test_card_name (rank, FELT_DIAMONDS);
          FeltState st;

          felt_test_position (&st, "hopscotch", fname, full, "waste", card,
                              "reserve.0", card, NULL);
          assert_illegal (&st, "waste", 1, fname, FELT_ILLEGAL_PILE_COMPLETE);
          assert_illegal (&st, "reserve.0", 1, fname, FELT_ILLEGAL_PILE_COMPLETE);
          assert_double_click (&st, "waste", 1, NULL);
        }
    }

  /* One card short, the K still goes on. */
  for (guint f = 0; f < 4; f++)
    {
      g_autofree char *twelve = full_foundation (f, 12);
      const char *fname = felt_test_name ("foundation", f);
      FeltState st;

      felt_test_position (&st, "hopscotch", fname, twelve, "waste", "KD", NULL);
      felt_test_play (&st, "waste", 1, fname);
      assert_int_equal (FELT_CARD_RANK (felt_pile_top (&st, felt_test_pile (&st, fname))), FELT_KING);
      assert_int_equal (felt_pile_size (&st, felt_test_pile (&st, fname)), 13);
    }
}

/* Cards on a foundation never move again; stock cards never play. */
static void
test_foundation_and_stock_cards_stay (void **unused)
{
  FeltState st;

  felt_test_position (&st, "hopscotch",
                      "stock", "9H 5D",
                      "foundation.0", "AC 2D",
                      "foundation.1", "2C",
                      "foundation.2", "3C",
                      "foundation.3", "4C 8S",
                      "reserve.0", "JS",
                      NULL);
  assert_illegal (&st, "foundation.0", 1, "reserve.1", FELT_ILLEGAL_SOURCE_LOCKED);
  assert_illegal (&st, "foundation.0", 1, "reserve.0", FELT_ILLEGAL_SOURCE_LOCKED);
  assert_illegal (&st, "foundation.0", 1, "waste", FELT_ILLEGAL_SOURCE_LOCKED);
  assert_illegal (&st, "foundation.3", 1, "foundation.0", FELT_ILLEGAL_SOURCE_LOCKED);
  assert_illegal (&st, "stock", 1, "foundation.3", FELT_ILLEGAL_SOURCE_LOCKED);
  assert_illegal (&st, "stock", 1, "reserve.1", FELT_ILLEGAL_SOURCE_LOCKED);
  assert_illegal (&st, "stock", 1, "waste", FELT_ILLEGAL_SOURCE_LOCKED);
  assert_false (felt_state_card_playable (&st, felt_test_pile (&st, "foundation.0"), 1));
  assert_moves (&st, "stock");
}

/* ---- stock and waste -------------------------------------------------------- */

static void
test_stock_turns_one_card_while_waste_empty (void **unused)
{
  FeltState st, start;
  FeltUndo u1;

  felt_test_position (&st, "hopscotch",
                      "stock", "7S 6D 9H",
                      FELT_TEST_LOW_CLUBS,
                      NULL);
  start = st;
  assert_int_equal (felt_test_status (&st).stock, 3);
  assert_moves (&st, "stock");

  u1 = felt_test_click_stock (&st);
  assert_pile (&st, "stock", "7S 6D");
  assert_pile (&st, "waste", "9H");
  assert_int_equal (felt_test_status (&st).stock, 2);
  /* A second click with a card on the waste is refused. */
  assert_no_stock (&st, FELT_ILLEGAL_NO_STOCK_ACTION);
  assert_moves (&st, "waste 1 reserve.0, waste 1 reserve.1, waste 1 reserve.2, waste 1 reserve.3");
  assert_false (felt_state_is_over (&st));

  /* Undo puts the card back on the stock. */
  felt_state_undo (&st, &u1);
  assert_true (felt_state_equal (&st, &start));
  u1 = felt_test_click_stock (&st);

  felt_test_play (&st, "waste", 1, "reserve.2");
  assert_pile (&st, "waste", "");
  assert_pile (&st, "reserve.2", "9H");
  felt_test_click_stock (&st);
  assert_pile (&st, "stock", "7S");
  assert_pile (&st, "waste", "6D");
  assert_int_equal (felt_test_status (&st).stock, 1);
  /* 6D fits foundation.2 (3 + 3). */
  felt_test_play (&st, "waste", 1, "foundation.2");
  felt_test_click_stock (&st);
  assert_pile (&st, "stock", "");
  assert_pile (&st, "waste", "7S");
  assert_int_equal (felt_test_status (&st).stock, 0);
  felt_test_play (&st, "waste", 1, "reserve.2");
  assert_pile (&st, "reserve.2", "9H 7S");

  /* Stock and waste empty: no redeal, ever. */
  assert_no_stock (&st, FELT_ILLEGAL_NO_STOCK_ACTION);
  assert_int_equal (felt_state_redeals_left (&st), 0);
  /* 9H 7S: 7 fits no foundation (2, 4, 9, 8 wanted) — the game is lost. */
  assert_true (felt_state_is_over (&st));
}

static void
test_waste_to_foundation_or_any_reserve (void **unused)
{
  FeltState st;
  FeltUndo undo;

  /* 7H fits no foundation (2, 4, 6, 8 wanted) but goes on every reserve,
   * empty or not, whatever lies there. */
  felt_test_position (&st, "hopscotch",
                      "stock", "JD",
                      "waste", "7H",
                      FELT_TEST_LOW_CLUBS,
                      "reserve.0", "KD",
                      "reserve.1", "2H 9S",
                      "reserve.3", "5S",
                      NULL);
  assert_moves (&st, "waste 1 reserve.0, waste 1 reserve.1, waste 1 reserve.2, waste 1 reserve.3");
  for (guint f = 0; f < 4; f++)
    assert_illegal (&st, "waste", 1, felt_test_name ("foundation", f), FELT_ILLEGAL_DOES_NOT_FIT);
  assert_illegal (&st, "waste", 1, "stock", FELT_ILLEGAL_NOT_FROM_THERE);
  assert_illegal (&st, "waste", 1, "waste", FELT_ILLEGAL_SAME_PILE);
  assert_illegal (&st, "waste", 2, "reserve.0", FELT_ILLEGAL_NOT_ENOUGH_CARDS);
  assert_illegal (&st, "waste", 0, "reserve.0", FELT_ILLEGAL_BAD_COUNT);

  undo = felt_test_play (&st, "waste", 1, "reserve.1");
  assert_pile (&st, "reserve.1", "2H 9S 7H");
  assert_pile (&st, "waste", "");
  assert_int_equal (felt_state_score (&st), 0);
  felt_state_undo (&st, &undo);
  assert_pile (&st, "reserve.1", "2H 9S");
  assert_pile (&st, "waste", "7H");

  undo = felt_test_play (&st, "waste", 1, "reserve.2");
  assert_pile (&st, "reserve.2", "7H");
  felt_state_undo (&st, &undo);

  /* 6D fits foundation.2 (3 + 3) and every reserve. */
  felt_test_position (&st, "hopscotch",
                      "waste", "6D",
                      FELT_TEST_LOW_CLUBS,
                      NULL);
  assert_moves (&st, "waste 1 foundation.2, waste 1 reserve.0, waste 1 reserve.1, "
                     "waste 1 reserve.2, waste 1 reserve.3");
  felt_test_play (&st, "waste", 1, "foundation.2");
  assert_pile (&st, "foundation.2", "3C 6D");
  assert_int_equal (felt_state_score (&st), 1);
}

/* ---- the reserves --------------------------------------------------------- */

static void
test_reserve_tops_only_to_foundations (void **unused)
{
  FeltState st;
  guint r0;

  /* 2H on top of reserve.0 fits foundation.0; the 6D under it would fit
   * foundation.2 but is covered. */
  felt_test_position (&st, "hopscotch",
                      "stock", "KH",
                      FELT_TEST_LOW_CLUBS,
                      "reserve.0", "6D 2H",
                      "reserve.1", "TS",
                      NULL);
  r0 = felt_test_pile (&st, "reserve.0");
  assert_moves (&st, "reserve.0 1 foundation.0, stock");
  assert_false (felt_state_card_playable (&st, r0, 0));
  assert_true (felt_state_card_playable (&st, r0, 1));
  /* Fanned face up: every reserve card shows. */
  assert_false (felt_state_card_face_down (&st, r0, 0));
  assert_false (felt_state_card_face_down (&st, r0, 1));
  assert_illegal (&st, "reserve.0", 2, "foundation.2", FELT_ILLEGAL_NOT_A_RUN);
  assert_illegal (&st, "reserve.0", 3, "foundation.2", FELT_ILLEGAL_NOT_ENOUGH_CARDS);
  assert_illegal (&st, "reserve.0", 1, "foundation.2", FELT_ILLEGAL_DOES_NOT_FIT);
  /* Never from one reserve to another, empty or not, nor back to the waste. */
  assert_illegal (&st, "reserve.0", 1, "reserve.1", FELT_ILLEGAL_NOT_FROM_THERE);
  assert_illegal (&st, "reserve.0", 1, "reserve.2", FELT_ILLEGAL_NOT_FROM_THERE);
  assert_illegal (&st, "reserve.1", 1, "reserve.0", FELT_ILLEGAL_NOT_FROM_THERE);
  assert_illegal (&st, "reserve.0", 1, "waste", FELT_ILLEGAL_NOT_FROM_THERE);
  assert_illegal (&st, "reserve.0", 1, "stock", FELT_ILLEGAL_NOT_FROM_THERE);
  assert_illegal (&st, "reserve.2", 1, "foundation.0", FELT_ILLEGAL_EMPTY_SOURCE);

  felt_test_play (&st, "reserve.0", 1, "foundation.0");
  assert_pile (&st, "reserve.0", "6D");
  assert_pile (&st, "foundation.0", "AC 2H");
  assert_int_equal (felt_state_score (&st), 1);
  /* Now the 6D is on top and plays. */
  assert_moves (&st, "reserve.0 1 foundation.2, stock");
  felt_test_play (&st, "reserve.0", 1, "foundation.2");
  assert_pile (&st, "reserve.0", "");
  assert_pile (&st, "foundation.2", "3C 6D");
  assert_int_equal (felt_state_score (&st), 2);
}

/* ---- won, score, status, over ------------------------------------------------ */

static void
test_won (void **unused)
{
  g_autofree char *f0 = full_foundation (0, 13);
  g_autofree char *f1 = full_foundation (1, 13);
  g_autofree char *f2 = full_foundation (2, 13);
  g_autofree char *f3 = full_foundation (3, 12);
  g_autofree char *last = full_foundation (3, 13);
  FeltState st, before;
  FeltUndo undo;

  /* The last card on the waste. */
  felt_test_position (&st, "hopscotch", "foundation.0", f0, "foundation.1", f1,
                      "foundation.2", f2, "foundation.3", f3, "waste", last + strlen (last) - 2,
                      NULL);
  assert_int_equal (st.n_cards, 52);
  assert_false (felt_state_is_won (&st));
  assert_int_equal (felt_state_score (&st), 47);
  before = st;
  undo = felt_test_play (&st, "waste", 1, "foundation.3");
  assert_true (felt_state_is_won (&st));
  assert_false (felt_state_is_over (&st));
  assert_int_equal (felt_state_score (&st), 48);
  assert_int_equal (felt_state_score (&st), felt_game_max_score (felt_state_game (&st)));
  assert_status (&st, 0, -1, -1, -1);
  assert_nothing_left (&st);
  assert_int_equal (felt_test_check_stock (&st), FELT_ILLEGAL_GAME_ENDED);
  felt_state_undo (&st, &undo);
  assert_true (felt_state_equal (&st, &before));
  assert_int_equal (felt_state_score (&st), 47);

  /* The same card on a reserve or in the stock: not won yet. */
  felt_test_position (&st, "hopscotch", "foundation.0", f0, "foundation.1", f1,
                      "foundation.2", f2, "foundation.3", f3, "reserve.2", "KD", NULL);
  assert_false (felt_state_is_won (&st));
  felt_test_play (&st, "reserve.2", 1, "foundation.3");
  assert_true (felt_state_is_won (&st));

  felt_test_position (&st, "hopscotch", "foundation.0", f0, "foundation.1", f1,
                      "foundation.2", f2, "foundation.3", f3, "stock", "KD", NULL);
  assert_false (felt_state_is_won (&st));
  assert_false (felt_state_is_over (&st));
  felt_test_click_stock (&st);
  assert_false (felt_state_is_won (&st));
  felt_test_play (&st, "waste", 1, "foundation.3");
  assert_true (felt_state_is_won (&st));
}

static void
test_score_and_undo (void **unused)
{
  FeltState st, start;
  FeltUndo u[4];

  felt_test_position (&st, "hopscotch",
                      "stock", "5S 3H",
                      "waste", "2D",
                      FELT_TEST_LOW_CLUBS,
                      "reserve.1", "4D",
                      NULL);
  start = st;
  /* The dealt foundation cards score nothing. */
  assert_int_equal (felt_state_score (&st), 0);
  u[0] = felt_test_play (&st, "waste", 1, "foundation.0");
  assert_int_equal (felt_state_score (&st), 1);
  u[1] = felt_test_click_stock (&st);
  assert_int_equal (felt_state_score (&st), 1);
  u[2] = felt_test_play (&st, "waste", 1, "foundation.0");
  assert_int_equal (felt_state_score (&st), 2);
  u[3] = felt_test_play (&st, "reserve.1", 1, "foundation.0");
  assert_pile (&st, "foundation.0", "AC 2D 3H 4D");
  assert_int_equal (felt_state_score (&st), 3);

  felt_state_undo (&st, &u[3]);
  assert_int_equal (felt_state_score (&st), 2);
  assert_pile (&st, "reserve.1", "4D");
  felt_state_undo (&st, &u[2]);
  assert_int_equal (felt_state_score (&st), 1);
  assert_pile (&st, "waste", "3H");
  felt_state_undo (&st, &u[1]);
  felt_state_undo (&st, &u[0]);
  assert_int_equal (felt_state_score (&st), 0);
  assert_true (felt_state_equal (&st, &start));
}

static void
test_status (void **unused)
{
  FeltState st;

  felt_test_position (&st, "hopscotch", "stock", "5S 3H 9D", "foundation.0", "AC",
                      "reserve.0", "KS QS", NULL);
  assert_status (&st, 3, -1, -1, -1);
  felt_test_click_stock (&st);
  assert_int_equal (felt_test_status (&st).stock, 2);
  felt_test_play (&st, "waste", 1, "reserve.0");
  assert_int_equal (felt_test_status (&st).stock, 2);
}

static void
test_over (void **unused)
{
  FeltState st;
  FeltMove hint;

  /* Stock and waste empty, no reserve top fits (2, 4, 6, 8 wanted); a 6
   * under a top does not count. */
  felt_test_position (&st, "hopscotch",
                      FELT_TEST_LOW_CLUBS,
                      "reserve.0", "5D",
                      "reserve.1", "6H KH",
                      "reserve.3", "9S",
                      NULL);
  assert_true (felt_state_is_over (&st));
  assert_false (felt_state_is_won (&st));
  assert_nothing_left (&st);

  /* The same with a card in the stock: the stock action remains. */
  felt_test_position (&st, "hopscotch",
                      "stock", "QD",
                      FELT_TEST_LOW_CLUBS,
                      "reserve.0", "5D",
                      "reserve.1", "6H KH",
                      "reserve.3", "9S",
                      NULL);
  assert_false (felt_state_is_over (&st));
  assert_moves (&st, "stock");
  assert_true (felt_state_hint (&st, &hint));
  assert_int_equal (hint.stock, 1);
  felt_test_click_stock (&st);
  /* A card on the waste can always go onto a reserve. */
  assert_false (felt_state_is_over (&st));
  felt_test_play (&st, "waste", 1, "reserve.0");
  assert_true (felt_state_is_over (&st));

  /* A reserve top that fits: not over. */
  felt_test_position (&st, "hopscotch",
                      FELT_TEST_LOW_CLUBS,
                      "reserve.0", "5D",
                      "reserve.1", "KH 6H",
                      NULL);
  assert_false (felt_state_is_over (&st));
  assert_moves (&st, "reserve.1 1 foundation.2");
  assert_true (felt_state_hint (&st, &hint));
  assert_int_equal (hint.stock, 0);
  assert_int_equal (hint.from, felt_test_pile (&st, "reserve.1"));
  assert_int_equal (hint.to, felt_test_pile (&st, "foundation.2"));
  felt_test_play (&st, "reserve.1", 1, "foundation.2");
  assert_true (felt_state_is_over (&st));
}

/* ---- what every game has ------------------------------------------------------ */

static void
test_double_click (void **unused)
{
  FeltState st;

  /* 6H fits foundation.0 (5 + 1) and foundation.2 (3 + 3): the first one
   * in layout order wins. */
  felt_test_position (&st, "hopscotch",
                      "waste", "6H",
                      "foundation.0", "AC 2D 3D 4D 5D",
                      "foundation.1", "2C",
                      "foundation.2", "3C",
                      "foundation.3", "4C",
                      "reserve.0", "8D",
                      "reserve.1", "JD",
                      NULL);
  assert_double_click (&st, "waste", 1, "foundation.0");
  assert_double_click (&st, "reserve.0", 1, "foundation.3");
  assert_double_click (&st, "reserve.1", 1, NULL);
  assert_double_click (&st, "reserve.2", 1, NULL);
  assert_double_click (&st, "foundation.0", 1, NULL);
}

static void
test_session_undo_redo (void **unused)
{
  const FeltGame *game = felt_game_lookup ("hopscotch");
  g_autoptr (FeltSession) session = felt_session_new (game, 2024);
  FeltState dealt, end;
  guint n;

  felt_state_deal (&dealt, game, 2024);
  assert_true (felt_state_equal (felt_session_get_state (session), &dealt));

  /* Play: foundations first, else the waste onto reserve.0, else the stock. */
  while (felt_state_score (felt_session_get_state (session)) < 3)
    {
      const FeltState *st = felt_session_get_state (session);
      FeltMove moves[FELT_MAX_MOVES];
      guint n_moves = felt_state_legal_moves (st, moves);
      FeltMove m = felt_test_stock_move;
      gboolean found = FALSE;

      for (guint i = 0; i < n_moves && !found; i++)
        if (felt_state_game (st)->piles[moves[i].to].role == FELT_ROLE_FOUNDATION)
          {
            m = moves[i];
            found = TRUE;
          }
      if (!found && felt_pile_size (st, 1) > 0)
        m = felt_test_move (st, "waste", 1, "reserve.0");
      assert_int_equal (felt_session_play (session, &m), FELT_LEGAL);
      assert_true (felt_session_get_n_moves (session) < 200);
    }
  end = *felt_session_get_state (session);
  n = felt_session_get_n_moves (session);

  /* Undo everything, back to the deal; the score goes back with it. */
  for (guint i = 0; i < n; i++)
    assert_true (felt_session_undo (session));
  assert_false (felt_session_undo (session));
  assert_true (felt_state_equal (felt_session_get_state (session), &dealt));
  assert_int_equal (felt_state_score (felt_session_get_state (session)), 0);
  assert_int_equal (felt_session_get_n_redo (session), n);

  for (guint i = 0; i < n; i++)
    assert_true (felt_session_redo (session));
  assert_false (felt_session_redo (session));
  assert_true (felt_state_equal (felt_session_get_state (session), &end));
  assert_int_equal (felt_state_score (felt_session_get_state (session)), 3);

  /* An illegal move changes nothing. */
  if (felt_pile_size (&end, 1) > 0)
    assert_int_equal (felt_session_play (session, &felt_test_stock_move),
                      FELT_ILLEGAL_NO_STOCK_ACTION);
  assert_true (felt_state_equal (felt_session_get_state (session), &end));
}

/* ---- a game played to the end ------------------------------------------------ */

static void
test_play_to_win (void **unused)
{
  g_autofree char *f0 = full_foundation (0, 12);
  g_autofree char *f1 = full_foundation (1, 11);
  g_autofree char *f2 = full_foundation (2, 13);
  g_autofree char *f3 = full_foundation (3, 12);
  FeltState st, start;
  FeltMove line[64];
  guint n_line = 0;
  FeltUndo undo[64];

  /* Wanted: KC on foundation.0; JD then KS on foundation.1; KD on
   * foundation.3.  The stock holds KD (top) then JD; KC lies under KS on
   * a reserve, and the KS must wait for the JD. */
  assert_string_equal (f0 + strlen (f0) - 2, "QS");
  assert_string_equal (f1 + strlen (f1) - 2, "9S");
  assert_string_equal (f3 + strlen (f3) - 2, "9D");
  felt_test_position (&st, "hopscotch",
                      "stock", "JD KD",
                      "foundation.0", f0,
                      "foundation.1", f1,
                      "foundation.2", f2,
                      "foundation.3", f3,
                      "reserve.1", "KC KS",
                      NULL);
  assert_int_equal (st.n_cards, 52);
  assert_int_equal (felt_state_score (&st), 44);
  assert_false (felt_state_is_over (&st));
  start = st;

  assert_true (felt_test_solve (&st, 12, line, &n_line));
  assert_true (felt_state_is_won (&st));

  /* Replay the line from the start, each step checked, then undo it all. */
  st = start;
  felt_test_replay (&st, line, n_line, undo);
  assert_true (felt_state_is_won (&st));
  assert_false (felt_state_is_over (&st));
  assert_int_equal (felt_state_score (&st), 48);
  assert_int_equal (felt_state_score (&st), felt_game_max_score (felt_state_game (&st)));
  assert_int_equal (felt_test_status (&st).stock, 0);
  assert_pile (&st, "waste", "");
  for (guint r = 0; r < 4; r++)
    assert_pile (&st, felt_test_name ("reserve", r), "");
  for (guint f = 0; f < 4; f++)
    {
      const char *name = felt_test_name ("foundation", f);
      assert_int_equal (felt_pile_size (&st, felt_test_pile (&st, name)), 13);
      assert_int_equal (FELT_CARD_RANK (felt_pile_top (&st, felt_test_pile (&st, name))), FELT_KING);
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
    cmocka_unit_test (test_layout),
    cmocka_unit_test (test_foundation_step_table),
    cmocka_unit_test (test_foundation_walk),
    cmocka_unit_test (test_foundation_complete),
    cmocka_unit_test (test_foundation_and_stock_cards_stay),
    cmocka_unit_test (test_stock_turns_one_card_while_waste_empty),
    cmocka_unit_test (test_waste_to_foundation_or_any_reserve),
    cmocka_unit_test (test_reserve_tops_only_to_foundations),
    cmocka_unit_test (test_won),
    cmocka_unit_test (test_score_and_undo),
    cmocka_unit_test (test_status),
    cmocka_unit_test (test_over),
    cmocka_unit_test (test_double_click),
    cmocka_unit_test (test_session_undo_redo),
    cmocka_unit_test (test_play_to_win),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
