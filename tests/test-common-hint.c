/* test-common-hint.c: the hint and the score of every game (doc/rules.md,
 * "What every game also has"); part of the test-common program.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "test-common.h"

/* ---- hint ---------------------------------------------------------------- */

void
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

void
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

void
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

void
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

void
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

void
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

void
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

void
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


void
test_max_scores (void **unused)
{
  for (guint i = 0; i < n_pinned; i++)
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

