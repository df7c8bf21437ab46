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
#include "test-solver.h"

/* ---- small random positions against the exhaustive search ------------------ */

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

/* Backbone: the foundations held exactly.  One foundation of clubs is
 * at the 9, the other at the 7; the King of clubs (top of the left
 * column) can only go home, onto a foundation at the Queen.  The one at
 * the 7 cannot rise (the other 8 lies beneath the King), so the one at
 * the 9 must, through the 10 on the tableau; then the 9 beneath the King
 * has neither a foundation at the 8 nor a free 10 to go onto: lost.
 * Every card below it is home somewhere, so the relaxed game of counts
 * (backbone_reserve_jammed) lets it go, and no rule for one card sees
 * it; backbone_foundations_jammed proves it at once, and the exhaustive
 * search agrees.  With the 8 above the 9 instead, both go home onto the
 * foundation at the 7: won. */
#define BACKBONE_HOME_BUT_CLUBS \
  "foundation.1", "AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD", \
  "foundation.5", "AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD", \
  "foundation.2", "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH", \
  "foundation.6", "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH", \
  "foundation.3", "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS", \
  "foundation.7", "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS", \
  "foundation.0", "AC 2C 3C 4C 5C 6C 7C 8C 9C", "foundation.4", "AC 2C 3C 4C 5C 6C 7C", \
  "tableau.0", "KC QC JC TC", "tableau.1", "QC JC"

static void
test_lost_backbone_foundations_jammed (void **unused)
{
  FeltMove moves[FELT_MAX_MOVES];
  FeltState st;

  felt_test_position (&st, "backbone", BACKBONE_HOME_BUT_CLUBS, "reserve.0", "8C TC 9C KC", NULL);
  assert_true (felt_state_legal_moves (&st, moves) > 0);
  /* Proved at once, by the rule alone. */
  assert_int_equal (assert_solver_agrees (&st, FELT_SOLVE_LOST), 0);

  felt_test_position (&st, "backbone", BACKBONE_HOME_BUT_CLUBS, "reserve.0", "TC 9C 8C KC", NULL);
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
    cmocka_unit_test (test_lost_backbone_foundations_jammed),
    cmocka_unit_test (test_scuffle_stopping_rule),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
