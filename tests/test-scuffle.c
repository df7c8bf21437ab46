/* test-scuffle.c: the rules of Scuffle (doc/rules.md, "Scuffle").
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdlib.h>

#include "felt-test-util.h"

/* ---- helpers ------------------------------------------------------------- */

static const FeltGame *
scuffle (void)
{
  return felt_game_lookup ("scuffle");
}

static int
compare_cards (const void *a, const void *b)
{
  return (int) *(const FeltCard *) a - (int) *(const FeltCard *) b;
}

/* The cards of the piles, sorted, as names: for "the same cards" checks. */
static char *
sorted_cards (const FeltState *st, const char *const *piles)
{
  FeltCard cards[FELT_MAX_CARDS];
  GString *out = g_string_new (NULL);
  guint n = 0;

  for (guint i = 0; piles[i]; i++)
    {
      guint p = felt_test_pile (st, piles[i]);
      for (guint k = 0; k < felt_pile_size (st, p); k++)
        cards[n++] = felt_pile_card (st, p, k);
    }
  qsort (cards, n, sizeof cards[0], compare_cards);
  for (guint i = 0; i < n; i++)
    {
      char name[3];
      felt_card_to_string (cards[i], name);
      if (i)
        g_string_append_c (out, ' ');
      g_string_append (out, name);
    }
  return g_string_free (out, FALSE);
}

static const char *const reserves[] = { "reserve.0", "reserve.1", "reserve.2", "reserve.3", NULL };

/* ---- the deal ------------------------------------------------------------ */

static void
test_deal (void **unused)
{
  static const guint32 seeds[] = { 0, 1, 2, 42, 1234567, 4294967295u };

  for (guint s = 0; s < G_N_ELEMENTS (seeds); s++)
    {
      FeltState st, again;
      guint seen[FELT_N_SUITS][14] = { { 0 } };
      guint suits_on_foundations = 0;

      felt_state_deal (&st, scuffle (), seeds[s]);
      assert_int_equal (st.n_cards, 52);
      assert_int_equal (st.redeals, 0);

      /* Aces on the four foundations, one of each suit. */
      for (guint f = 0; f < 4; f++)
        {
          int p = felt_game_find_pile (scuffle (), FELT_ROLE_FOUNDATION, f);
          assert_int_equal (felt_pile_size (&st, p), 1);
          assert_int_equal (FELT_CARD_RANK (felt_pile_top (&st, p)), FELT_ACE);
          suits_on_foundations |= 1u << FELT_CARD_SUIT (felt_pile_top (&st, p));
        }
      assert_int_equal (suits_on_foundations, 0xf);

      /* The first round is dealt: one face-up card on each reserve pile. */
      for (guint r = 0; r < 4; r++)
        {
          int p = felt_game_find_pile (scuffle (), FELT_ROLE_RESERVE, r);
          assert_int_equal (felt_pile_size (&st, p), 1);
          assert_false (felt_state_card_face_down (&st, p, 0));
          assert_true (felt_state_card_playable (&st, p, 0));
          assert_int_not_equal (FELT_CARD_RANK (felt_pile_top (&st, p)), FELT_ACE);
        }
      assert_int_equal (felt_pile_size (&st, 0), 44);
      for (guint i = 0; i < 44; i++)
        {
          assert_true (felt_state_card_face_down (&st, 0, i));
          assert_false (felt_state_card_playable (&st, 0, i));
          assert_int_not_equal (FELT_CARD_RANK (felt_pile_card (&st, 0, i)), FELT_ACE);
        }

      /* One deck: every card once. */
      for (guint i = 0; i < st.n_cards; i++)
        seen[FELT_CARD_SUIT (st.cards[i])][FELT_CARD_RANK (st.cards[i])]++;
      for (guint suit = 0; suit < FELT_N_SUITS; suit++)
        for (guint rank = 1; rank <= 13; rank++)
          assert_int_equal (seen[suit][rank], 1);

      assert_int_equal (felt_state_score (&st), 0);
      assert_status (&st, 44, -1, 2, -1);
      assert_false (felt_state_is_won (&st));
      assert_false (felt_state_is_over (&st));
      assert_true (felt_state_can_stock (&st));

      /* The same number deals the same layout. */
      felt_state_deal (&again, scuffle (), seeds[s]);
      assert_true (felt_state_equal (&st, &again));
    }
}

static void
test_max_score (void **unused)
{
  assert_int_equal (felt_game_n_cards (scuffle ()), 52);
  assert_int_equal (felt_game_max_score (scuffle ()), 48);
}

/* ---- foundations --------------------------------------------------------- */

static void
test_foundation_builds_regardless_of_suit (void **unused)
{
  FeltState st;

  felt_test_position (&st, "scuffle",
                      FELT_TEST_ACES,
                      "reserve.0", "9D 2H", "reserve.1", "3S",
                      "reserve.2", "KD", "reserve.3", "4C 2C",
                      NULL);

  /* Any 2 on any A. */
  for (guint f = 0; f < 4; f++)
    {
      const char *name = felt_test_name ("foundation", f);
      assert_int_equal (felt_test_check (&st, "reserve.0", 1, name), FELT_LEGAL);
      assert_int_equal (felt_test_check (&st, "reserve.3", 1, name), FELT_LEGAL);
      /* A card of a wrong rank is refused. */
      assert_illegal (&st, "reserve.1", 1, name, FELT_ILLEGAL_DOES_NOT_FIT);
      assert_illegal (&st, "reserve.2", 1, name, FELT_ILLEGAL_DOES_NOT_FIT);
    }
  /* 2H and 2C onto each of four foundations, nothing else. */
  assert_int_equal (felt_test_n_legal (&st), 8);

  felt_test_play (&st, "reserve.0", 1, "foundation.0");
  assert_pile (&st, "foundation.0", "AC 2H");
  assert_pile (&st, "reserve.0", "9D");
  assert_int_equal (felt_state_score (&st), 1);

  /* Any 3 on any 2: 3S on a 2 of hearts, but not on an ace. */
  assert_int_equal (felt_test_check (&st, "reserve.1", 1, "foundation.0"), FELT_LEGAL);
  assert_illegal (&st, "reserve.1", 1, "foundation.1", FELT_ILLEGAL_DOES_NOT_FIT);
  /* A 2 on a 2, or a 9 on a 2, does not fit. */
  assert_illegal (&st, "reserve.3", 1, "foundation.0", FELT_ILLEGAL_DOES_NOT_FIT);
  assert_illegal (&st, "reserve.0", 1, "foundation.0", FELT_ILLEGAL_DOES_NOT_FIT);

  felt_test_play (&st, "reserve.1", 1, "foundation.0");
  assert_pile (&st, "foundation.0", "AC 2H 3S");
  assert_pile (&st, "reserve.1", "");
  felt_test_play (&st, "reserve.3", 1, "foundation.2");
  assert_pile (&st, "foundation.2", "AH 2C");
  /* 4C is the top now and goes on the 3 of spades. */
  felt_test_play (&st, "reserve.3", 1, "foundation.0");
  assert_pile (&st, "foundation.0", "AC 2H 3S 4C");
  assert_pile (&st, "reserve.3", "");
  assert_int_equal (felt_state_score (&st), 4);
}

static void
test_foundation_complete (void **unused)
{
  FeltState st;

  /* A foundation that ends on a K takes nothing more (an A does not
   * follow a K). */
  felt_test_position (&st, "scuffle",
                      "foundation.0", "AC 2D 3H 4S 5C 6D 7H 8S 9C TD JH QS KC",
                      "foundation.1", "AD", "foundation.2", "AH", "foundation.3", "AS",
                      "reserve.0", "QC", "reserve.1", "2S",
                      NULL);
  assert_illegal (&st, "reserve.0", 1, "foundation.0", FELT_ILLEGAL_PILE_COMPLETE);
  assert_illegal (&st, "reserve.1", 1, "foundation.0", FELT_ILLEGAL_PILE_COMPLETE);
  assert_double_click (&st, "reserve.1", 1, "foundation.1");
}

static void
test_foundation_cards_never_move (void **unused)
{
  FeltState st;

  felt_test_position (&st, "scuffle",
                      "foundation.0", "AC 2D", "foundation.1", "AD",
                      "foundation.2", "AH", "foundation.3", "AS",
                      "reserve.0", "5C",
                      NULL);
  assert_illegal (&st, "foundation.0", 1, "foundation.1", FELT_ILLEGAL_SOURCE_LOCKED);
  assert_illegal (&st, "foundation.0", 1, "reserve.1", FELT_ILLEGAL_SOURCE_LOCKED);
  assert_illegal (&st, "foundation.0", 1, "reserve.0", FELT_ILLEGAL_SOURCE_LOCKED);
  assert_false (felt_state_card_playable (&st, felt_test_pile (&st, "foundation.0"), 1));
  assert_int_equal (felt_test_n_legal (&st), 0);
}

/* ---- the reserve --------------------------------------------------------- */

static void
test_reserve_plays_only_to_foundations (void **unused)
{
  FeltState st;
  FeltMove moves[FELT_MAX_MOVES];
  guint n;

  felt_test_position (&st, "scuffle",
                      "stock", "JC QC",
                      "foundation.0", "AC", "foundation.1", "AD",
                      "foundation.2", "AH", "foundation.3", "AS 2S 3S 4S",
                      "reserve.0", "2D 6H", "reserve.1", "7H",
                      "reserve.2", "5H",
                      NULL);

  /* Never from one reserve pile to another, whatever the cards. */
  assert_illegal (&st, "reserve.0", 1, "reserve.1", FELT_ILLEGAL_NOT_FROM_THERE);
  assert_illegal (&st, "reserve.1", 1, "reserve.0", FELT_ILLEGAL_NOT_FROM_THERE);
  assert_illegal (&st, "reserve.2", 1, "reserve.0", FELT_ILLEGAL_NOT_FROM_THERE);
  assert_illegal (&st, "reserve.2", 1, "reserve.3", FELT_ILLEGAL_NOT_FROM_THERE);
  assert_illegal (&st, "reserve.0", 1, "stock", FELT_ILLEGAL_NOT_FROM_THERE);
  /* Only the top card plays: the 2D under the 6H is stuck. */
  assert_illegal (&st, "reserve.0", 2, "foundation.0", FELT_ILLEGAL_NOT_A_RUN);
  assert_false (felt_state_card_playable (&st, felt_test_pile (&st, "reserve.0"), 0));
  assert_true (felt_state_card_playable (&st, felt_test_pile (&st, "reserve.0"), 1));
  /* Stock cards do not play. */
  assert_illegal (&st, "stock", 1, "foundation.3", FELT_ILLEGAL_SOURCE_LOCKED);
  assert_illegal (&st, "reserve.3", 1, "foundation.0", FELT_ILLEGAL_EMPTY_SOURCE);

  /* The only moves: 5H onto the 4 of spades. */
  n = felt_state_legal_moves (&st, moves);
  assert_int_equal (n, 1);
  assert_int_equal (moves[0].from, felt_test_pile (&st, "reserve.2"));
  assert_int_equal (moves[0].to, felt_test_pile (&st, "foundation.3"));
  assert_int_equal (moves[0].count, 1);

  felt_test_play (&st, "reserve.2", 1, "foundation.3");
  felt_test_play (&st, "reserve.0", 1, "foundation.3");
  felt_test_play (&st, "reserve.1", 1, "foundation.3");
  assert_pile (&st, "foundation.3", "AS 2S 3S 4S 5H 6H 7H");
  assert_pile (&st, "reserve.0", "2D");
  assert_pile (&st, "reserve.1", "");
  assert_pile (&st, "reserve.2", "");
  /* The uncovered 2D plays now. */
  felt_test_play (&st, "reserve.0", 1, "foundation.1");
  assert_pile (&st, "foundation.1", "AD 2D");
  assert_pile (&st, "stock", "JC QC");
}

/* ---- the stock ----------------------------------------------------------- */

static void
test_stock_deals_one_card_to_each_reserve (void **unused)
{
  FeltState st, before;
  FeltUndo undo;

  felt_test_position (&st, "scuffle",
                      "stock", "TD 9C 8C 7C 6C 5C",
                      FELT_TEST_ACES,
                      "reserve.0", "2H", "reserve.2", "3D KS", "reserve.3", "QS",
                      NULL);
  assert_status (&st, 6, -1, 2, -1);

  /* The stock's top card (5C) goes to reserve.0, the next to reserve.1 ... */
  before = st;
  undo = felt_test_click_stock (&st);
  assert_pile (&st, "stock", "TD 9C");
  assert_pile (&st, "reserve.0", "2H 5C");
  assert_pile (&st, "reserve.1", "6C");
  assert_pile (&st, "reserve.2", "3D KS 7C");
  assert_pile (&st, "reserve.3", "QS 8C");
  assert_int_equal (st.redeals, 0);
  assert_status (&st, 2, -1, 2, -1);
  /* Dealt cards lie face up; the new tops play. */
  assert_false (felt_state_card_face_down (&st, felt_test_pile (&st, "reserve.0"), 1));
  assert_int_equal (felt_test_check (&st, "reserve.0", 1, "foundation.0"),
                    FELT_ILLEGAL_DOES_NOT_FIT);
  assert_int_equal (felt_test_n_legal (&st), 0);
  /* Dealing scores nothing. */
  assert_int_equal (felt_state_score (&st), 0);

  /* Undo puts the cards back exactly. */
  felt_state_undo (&st, &undo);
  assert_true (felt_state_equal (&st, &before));
  felt_state_apply (&st, &felt_test_stock_move, &undo);

  /* Fewer than four cards: only the first piles get one. */
  felt_test_click_stock (&st);
  assert_pile (&st, "stock", "");
  assert_pile (&st, "reserve.0", "2H 5C 9C");
  assert_pile (&st, "reserve.1", "6C TD");
  assert_pile (&st, "reserve.2", "3D KS 7C");
  assert_pile (&st, "reserve.3", "QS 8C");
  assert_int_equal (st.redeals, 0);
  assert_status (&st, 0, -1, 2, -1);
}

static void
test_stock_deal_single_card (void **unused)
{
  FeltState st, before;
  FeltUndo undo;

  felt_test_position (&st, "scuffle",
                      "stock", "JD",
                      FELT_TEST_ACES,
                      NULL);
  before = st;
  felt_state_apply (&st, &felt_test_stock_move, &undo);
  assert_pile (&st, "reserve.0", "JD");
  assert_pile (&st, "reserve.1", "");
  assert_pile (&st, "reserve.2", "");
  assert_pile (&st, "reserve.3", "");
  assert_pile (&st, "stock", "");
  felt_state_undo (&st, &undo);
  assert_true (felt_state_equal (&st, &before));
}

static void
test_stock_deal_while_moves_exist (void **unused)
{
  FeltState st;

  /* The player may deal although a card could go home. */
  felt_test_position (&st, "scuffle",
                      "stock", "5D 6D 7D 8D",
                      FELT_TEST_ACES,
                      "reserve.0", "2C",
                      NULL);
  assert_int_equal (felt_test_n_legal (&st), 4);
  felt_test_click_stock (&st);
  assert_pile (&st, "reserve.0", "2C 8D");
  assert_pile (&st, "reserve.1", "7D");
  assert_pile (&st, "reserve.2", "6D");
  assert_pile (&st, "reserve.3", "5D");
  /* The 2C is covered now. */
  assert_int_equal (felt_test_n_legal (&st), 0);
}

/* ---- redeals ------------------------------------------------------------- */

/* The gathered cards shuffled as the engine's seeded generator does it
 * (the deal's Fisher-Yates shuffle). */
static char *
expected_stock (const char *gathered, guint64 rng)
{
  g_auto (GStrv) names = g_strsplit (gathered, " ", -1);
  guint n = g_strv_length (names);
  GString *out = g_string_new (NULL);

  for (guint i = n; i > 1; i--)
    {
      guint j = felt_rng_below (&rng, i);
      char *t = names[i - 1];
      names[i - 1] = names[j];
      names[j] = t;
    }
  for (guint i = 0; i < n; i++)
    {
      if (i)
        g_string_append_c (out, ' ');
      g_string_append (out, names[i]);
    }
  return g_string_free (out, FALSE);
}

static void
test_redeal_gathers_reserves (void **unused)
{
  static const guint64 rngs[] = { 0, 1, 0x123456789abcdefULL, G_MAXUINT64 };
  const char *gathered = "2H 5C 3D 7C 9S KS JH";

  for (guint r = 0; r < G_N_ELEMENTS (rngs); r++)
    {
      FeltState st, before;
      FeltUndo undo;
      g_autofree char *want = NULL;
      g_autofree char *got = NULL;
      g_autofree char *sorted_before = NULL;
      g_autofree char *sorted_after = NULL;
      static const char *const stock_only[] = { "stock", NULL };

      felt_test_position (&st, "scuffle",
                          FELT_TEST_ACES,
                          "reserve.0", "2H 5C", "reserve.2", "3D 7C 9S",
                          "reserve.3", "KS JH",
                          NULL);
      st.rng = rngs[r];
      before = st;
      sorted_before = sorted_cards (&st, reserves);

      /* Stock empty: the click redeals. */
      undo = felt_test_click_stock (&st);

      /* The stock holds exactly the gathered cards, face down ... */
      assert_int_equal (felt_pile_size (&st, 0), 7);
      sorted_after = sorted_cards (&st, stock_only);
      assert_string_equal (sorted_after, sorted_before);
      for (guint i = 0; i < 7; i++)
        assert_true (felt_state_card_face_down (&st, 0, i));
      /* ... the reserves are empty ... */
      for (guint i = 0; reserves[i]; i++)
        assert_pile (&st, reserves[i], "");
      /* ... the foundations untouched. */
      assert_pile (&st, "foundation.0", "AC");
      assert_pile (&st, "foundation.3", "AS");
      assert_int_equal (st.redeals, 1);
      assert_status (&st, 7, -1, 1, -1);
      assert_int_equal (felt_state_score (&st), 0);

      /* Gathered pile 1 first, each from bottom to top, then shuffled
       * with the game's generator. */
      want = expected_stock (gathered, rngs[r]);
      got = felt_test_pile_cards (&st, "stock");
      assert_string_equal (got, want);
      /* The generator moved on, so the next redeal shuffles differently. */
      assert_true (st.rng != rngs[r]);

      /* Undo restores the reserves exactly, and the generator. */
      felt_state_undo (&st, &undo);
      assert_true (felt_state_equal (&st, &before));
      assert_pile (&st, "reserve.0", "2H 5C");
      assert_pile (&st, "reserve.1", "");
      assert_pile (&st, "reserve.2", "3D 7C 9S");
      assert_pile (&st, "reserve.3", "KS JH");

      /* Again: the same shuffle. */
      felt_state_apply (&st, &felt_test_stock_move, &undo);
      g_free (got);
      got = felt_test_pile_cards (&st, "stock");
      assert_string_equal (got, want);
    }
}

static void
test_two_redeals_then_none (void **unused)
{
  FeltState st;

  /* Nothing ever fits, so only the stock acts. */
  felt_test_position (&st, "scuffle",
                      FELT_TEST_ACES,
                      "reserve.0", "9S TS", "reserve.1", "JS",
                      "reserve.2", "QS KS", "reserve.3", "9H",
                      NULL);
  st.rng = 99;
  assert_status (&st, 0, -1, 2, -1);
  assert_false (felt_state_is_over (&st));

  felt_test_click_stock (&st);                  /* redeal 1 */
  assert_int_equal (st.redeals, 1);
  assert_status (&st, 6, -1, 1, -1);
  for (guint i = 0; reserves[i]; i++)
    assert_pile (&st, reserves[i], "");
  felt_test_click_stock (&st);                  /* a round of four */
  assert_status (&st, 2, -1, 1, -1);
  for (guint i = 0; reserves[i]; i++)
    assert_int_equal (felt_pile_size (&st, felt_test_pile (&st, reserves[i])), 1);
  felt_test_click_stock (&st);                  /* the last two */
  assert_status (&st, 0, -1, 1, -1);
  assert_int_equal (felt_pile_size (&st, felt_test_pile (&st, "reserve.0")), 2);
  assert_int_equal (felt_pile_size (&st, felt_test_pile (&st, "reserve.1")), 2);
  assert_int_equal (felt_pile_size (&st, felt_test_pile (&st, "reserve.2")), 1);
  assert_int_equal (felt_pile_size (&st, felt_test_pile (&st, "reserve.3")), 1);
  assert_false (felt_state_is_over (&st));

  felt_test_click_stock (&st);                  /* redeal 2 */
  assert_int_equal (st.redeals, 2);
  assert_status (&st, 6, -1, 0, -1);
  felt_test_click_stock (&st);
  felt_test_click_stock (&st);
  assert_status (&st, 0, -1, 0, -1);

  /* No third redeal. */
  assert_no_stock (&st, FELT_ILLEGAL_NO_STOCK_ACTION);
  assert_int_equal (felt_pile_size (&st, 0), 0);
  /* No move and no stock action left: lost. */
  assert_true (felt_state_is_over (&st));
  assert_false (felt_state_is_won (&st));
}

static void
test_over_only_without_moves (void **unused)
{
  FeltState st;

  /* Redeals used up, but a card still goes home: not over. */
  felt_test_position (&st, "scuffle",
                      FELT_TEST_ACES,
                      "reserve.0", "9S 2D", "reserve.1", "3D",
                      NULL);
  st.redeals = 2;
  assert_status (&st, 0, -1, 0, -1);
  assert_false (felt_state_can_stock (&st));
  assert_false (felt_state_is_over (&st));
  felt_test_play (&st, "reserve.0", 1, "foundation.0");
  assert_false (felt_state_is_over (&st));
  felt_test_play (&st, "reserve.1", 1, "foundation.0");
  /* Only the 9 of spades is left, and nothing takes it. */
  assert_int_equal (felt_test_n_legal (&st), 0);
  assert_true (felt_state_is_over (&st));
  assert_int_equal (felt_state_score (&st), 2);

  /* A redeal left counts as something to do. */
  st.redeals = 1;
  assert_true (felt_state_can_stock (&st));
  assert_false (felt_state_is_over (&st));
}

/* Stock clicks until the next redeal has happened, playing a card home
 * whenever one fits (the first legal move).  Returns the state before the
 * redeal. */
static FeltState
session_to_redeal (FeltSession *session)
{
  guint redeals = felt_session_get_state (session)->redeals;

  for (;;)
    {
      const FeltState *st = felt_session_get_state (session);
      FeltMove moves[FELT_MAX_MOVES];
      FeltState before;

      if (felt_state_legal_moves (st, moves) > 0)
        {
          assert_int_equal (felt_session_play (session, &moves[0]), FELT_LEGAL);
          continue;
        }
      before = *st;
      assert_int_equal (felt_session_play (session, &felt_test_stock_move), FELT_LEGAL);
      if (felt_session_get_state (session)->redeals != redeals)
        return before;
    }
}

static void
test_redeal_reproducible (void **unused)
{
  static const guint32 seeds[] = { 3, 7, 2024 };

  for (guint s = 0; s < G_N_ELEMENTS (seeds); s++)
    {
      g_autoptr (FeltSession) a = felt_session_new (scuffle (), seeds[s]);
      g_autoptr (FeltSession) b = felt_session_new (scuffle (), seeds[s]);

      for (guint round = 1; round <= 2; round++)
        {
          FeltState before_a, before_b, after;
          g_autofree char *stock_a = NULL;
          g_autofree char *stock_b = NULL;
          g_autofree char *stock_redo = NULL;
          g_autofree char *gathered = NULL;
          g_autofree char *in_stock = NULL;
          static const char *const stock_only[] = { "stock", NULL };

          before_a = session_to_redeal (a);
          before_b = session_to_redeal (b);
          assert_true (felt_state_equal (&before_a, &before_b));
          assert_int_equal (felt_pile_size (&before_a, 0), 0);

          /* The same deal number and the same moves: the same stock. */
          assert_true (felt_state_equal (felt_session_get_state (a),
                                         felt_session_get_state (b)));
          stock_a = felt_test_pile_cards (felt_session_get_state (a), "stock");
          stock_b = felt_test_pile_cards (felt_session_get_state (b), "stock");
          assert_string_equal (stock_a, stock_b);
          assert_int_equal (felt_session_get_state (a)->redeals, round);
          assert_status (felt_session_get_state (a),
                         (int) felt_pile_size (&before_a, 0) +
                         (int) felt_state_pile_count (&before_a, FELT_ROLE_RESERVE),
                         -1, 2 - (int) round, -1);
          gathered = sorted_cards (&before_a, reserves);
          in_stock = sorted_cards (felt_session_get_state (a), stock_only);
          assert_string_equal (gathered, in_stock);
          after = *felt_session_get_state (a);

          /* Undo of the redeal restores the reserves exactly ... */
          assert_true (felt_session_undo (a));
          assert_true (felt_state_equal (felt_session_get_state (a), &before_a));
          /* ... and redo shuffles the same way again. */
          assert_true (felt_session_redo (a));
          assert_true (felt_state_equal (felt_session_get_state (a), &after));
          stock_redo = felt_test_pile_cards (felt_session_get_state (a), "stock");
          assert_string_equal (stock_redo, stock_a);
        }
    }
}

static void
test_real_deal_redeals (void **unused)
{
  FeltState st;

  felt_state_deal (&st, scuffle (), 11);
  /* 44 cards in the stock: eleven more rounds. */
  for (guint i = 0; i < 11; i++)
    {
      felt_test_click_stock (&st);
      assert_status (&st, 40 - 4 * (int) i, -1, 2, -1);
      for (guint r = 0; reserves[r]; r++)
        assert_int_equal (felt_pile_size (&st, felt_test_pile (&st, reserves[r])), i + 2);
    }
  assert_int_equal (felt_state_pile_count (&st, FELT_ROLE_RESERVE), 48);
  felt_test_click_stock (&st);
  assert_status (&st, 48, -1, 1, -1);
  assert_int_equal (felt_state_pile_count (&st, FELT_ROLE_RESERVE), 0);
  for (guint i = 0; i < 12; i++)
    felt_test_click_stock (&st);
  assert_status (&st, 0, -1, 1, -1);
  felt_test_click_stock (&st);
  assert_status (&st, 48, -1, 0, -1);
  for (guint i = 0; i < 12; i++)
    felt_test_click_stock (&st);
  assert_status (&st, 0, -1, 0, -1);
  assert_false (felt_state_can_stock (&st));
}

/* ---- status, score, win -------------------------------------------------- */

static void
test_status (void **unused)
{
  FeltState st;

  felt_state_deal (&st, scuffle (), 5);
  assert_status (&st, 44, -1, 2, -1);
  felt_test_click_stock (&st);
  assert_status (&st, 40, -1, 2, -1);

  felt_test_position (&st, "scuffle",
                      "stock", "5C 6C 7C",
                      FELT_TEST_ACES,
                      NULL);
  st.redeals = 1;
  assert_status (&st, 3, -1, 1, -1);
  assert_int_equal (felt_state_redeals_left (&st), 1);
}

static void
test_score_and_undo (void **unused)
{
  g_autoptr (FeltSession) session = felt_session_new (scuffle (), 19);
  guint played = 0;

  /* The aces the deal put on the foundations score nothing. */
  assert_int_equal (felt_state_score (felt_session_get_state (session)), 0);
  while (played < 3)
    {
      const FeltState *st = felt_session_get_state (session);
      FeltMove moves[FELT_MAX_MOVES];
      guint before = felt_state_score (st);

      if (felt_state_legal_moves (st, moves) > 0)
        {
          felt_test_play_scores (session, &moves[0], 1);
          played++;
        }
      else
        {
          assert_int_equal (felt_session_play (session, &felt_test_stock_move), FELT_LEGAL);
          assert_int_equal (felt_state_score (felt_session_get_state (session)), before);
        }
    }
}

static void
test_win (void **unused)
{
  FeltState st;

  felt_test_position (&st, "scuffle",
                      "foundation.0", "AC 2D 3H 4S 5C 6D 7H 8S 9C TD JH QS KC",
                      "foundation.1", "AD 2H 3S 4C 5D 6H 7S 8C 9D TH JS QC KD",
                      "foundation.2", "AH 2S 3C 4D 5H 6S 7C 8D 9H TS JC QD KH",
                      "foundation.3", "AS 2C 3D 4H 5S 6C 7D 8H 9S TC JD QH",
                      "reserve.2", "KS",
                      NULL);
  assert_false (felt_state_is_won (&st));
  assert_false (felt_state_is_over (&st));
  assert_int_equal (felt_state_score (&st), 47);
  assert_illegal (&st, "reserve.2", 1, "foundation.0", FELT_ILLEGAL_PILE_COMPLETE);
  felt_test_play (&st, "reserve.2", 1, "foundation.3");

  assert_true (felt_state_is_won (&st));
  assert_false (felt_state_is_over (&st));
  assert_int_equal (felt_state_score (&st), 48);
  assert_int_equal (felt_state_score (&st), felt_game_max_score (scuffle ()));
  assert_int_equal (felt_test_n_legal (&st), 0);
  assert_no_stock (&st, FELT_ILLEGAL_GAME_ENDED);
}

static void
test_not_won_with_stock (void **unused)
{
  FeltState st;

  /* Every other card home, but one still in the stock: not won. */
  felt_test_position (&st, "scuffle",
                      "stock", "KS",
                      "foundation.0", "AC 2D 3H 4S 5C 6D 7H 8S 9C TD JH QS KC",
                      "foundation.1", "AD 2H 3S 4C 5D 6H 7S 8C 9D TH JS QC KD",
                      "foundation.2", "AH 2S 3C 4D 5H 6S 7C 8D 9H TS JC QD KH",
                      "foundation.3", "AS 2C 3D 4H 5S 6C 7D 8H 9S TC JD QH",
                      NULL);
  assert_false (felt_state_is_won (&st));
  assert_false (felt_state_is_over (&st));
  felt_test_click_stock (&st);
  assert_pile (&st, "reserve.0", "KS");
  felt_test_play (&st, "reserve.0", 1, "foundation.3");
  assert_true (felt_state_is_won (&st));
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_deal),
    cmocka_unit_test (test_max_score),
    cmocka_unit_test (test_foundation_builds_regardless_of_suit),
    cmocka_unit_test (test_foundation_complete),
    cmocka_unit_test (test_foundation_cards_never_move),
    cmocka_unit_test (test_reserve_plays_only_to_foundations),
    cmocka_unit_test (test_stock_deals_one_card_to_each_reserve),
    cmocka_unit_test (test_stock_deal_single_card),
    cmocka_unit_test (test_stock_deal_while_moves_exist),
    cmocka_unit_test (test_redeal_gathers_reserves),
    cmocka_unit_test (test_two_redeals_then_none),
    cmocka_unit_test (test_over_only_without_moves),
    cmocka_unit_test (test_redeal_reproducible),
    cmocka_unit_test (test_real_deal_redeals),
    cmocka_unit_test (test_status),
    cmocka_unit_test (test_score_and_undo),
    cmocka_unit_test (test_win),
    cmocka_unit_test (test_not_won_with_stock),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
