/* test-play-deals.c: New Game and Restart undone in play (FeltPlay), with
 * no display, the statistics and the history of games following them, and
 * the demo's games not counted.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "test-play.h"

/* ---- New Game, Restart and Undo; the demo's games -------------------------------------- */

static void
give_up_at_once (FeltPlay *play, guint *asked)
{
  (*asked)++;
  felt_play_give_up (play);
}

/* The position in play is the one `expected` moves, in order, make. */
static void
assert_moves (FeltPlay *play, const FeltMove *expected, guint n)
{
  assert_int_equal (n_moves (play), n);
  for (guint i = 0; i < n; i++)
    {
      FeltMove move = felt_session_get_move (felt_play_get_session (play), i);

      assert_memory_equal (&expected[i], &move, sizeof move);
    }
}

/* Undo right after New Game brings back the deal left at its position,
 * with its history and its clock, and takes its loss back; Redo goes to
 * the new deal again.  Restart can be undone the same way. */
static void
test_undo_new_game (void **unused)
{
  g_autoptr (FeltPlay) play = new_play ("straight-up", 9);
  FeltMove played[3];
  FeltState left;
  guint32 new_seed;
  guint asked = 0;

  g_signal_connect (play, "confirm-abandon", G_CALLBACK (give_up_at_once), &asked);
  for (guint i = 0; i < 3; i++)
    {
      make_a_move (play);
      played[i] = felt_session_get_move (felt_play_get_session (play), i);
    }
  /* One move undone: deal 9 has something to redo of its own. */
  assert_true (felt_play_undo (play));
  assert_true (wait_for (play, elapsed_at_least, GUINT_TO_POINTER (1), 5));
  left = *state_of (play);
  assert_false (felt_play_get_undo_returns (play));

  /* New Game (it asks: the test gives up at once): a loss. */
  felt_play_new_deal (play, NULL);
  assert_int_equal (asked, 1);
  new_seed = felt_play_get_seed (play);
  assert_int_equal (n_moves (play), 0);
  assert_int_equal (felt_play_get_elapsed (play), 0);
  assert_int_equal (read_stats ().games[FELT_GAME_STRAIGHT_UP].played, 1);
  assert_true (felt_play_get_can_undo (play));
  assert_true (felt_play_get_undo_returns (play));
  assert_false (felt_play_get_can_redo (play));

  /* Undo: deal 9 as it was left, its loss taken back. */
  assert_true (felt_play_undo (play));
  assert_int_equal (felt_play_get_seed (play), 9);
  assert_moves (play, played, 2);
  assert_memory_equal (state_of (play), &left, sizeof left);
  assert_true (felt_play_get_elapsed (play) >= 1);
  assert_true (felt_play_in_progress (play));
  assert_int_equal (read_stats ().games[FELT_GAME_STRAIGHT_UP].played, 0);
  assert_int_equal (felt_play_get_stats (play)->games[FELT_GAME_STRAIGHT_UP].played, 0);
  assert_true (felt_play_get_can_redo (play));
  assert_false (felt_play_get_undo_returns (play));

  /* Redo: the new deal again, deal 9 counted lost again (once). */
  assert_true (felt_play_redo (play));
  assert_int_equal (felt_play_get_seed (play), new_seed);
  assert_int_equal (n_moves (play), 0);
  assert_int_equal (read_stats ().games[FELT_GAME_STRAIGHT_UP].played, 1);
  assert_false (felt_play_get_can_redo (play));

  /* Back, then undo further in deal 9 and redo: its own moves first,
   * then the new deal, not deal 9's third move. */
  assert_true (felt_play_undo (play));
  assert_true (felt_play_undo (play));
  assert_moves (play, played, 1);
  assert_true (felt_play_redo (play));
  assert_moves (play, played, 2);
  assert_true (felt_play_redo (play));
  assert_int_equal (felt_play_get_seed (play), new_seed);

  /* A move in deal 9 after coming back drops the new deal from Redo. */
  assert_true (felt_play_undo (play));
  assert_int_equal (felt_play_get_seed (play), 9);
  assert_true (felt_play_move (play, &played[2], TRUE));
  assert_false (felt_play_get_can_redo (play));

  /* Restart (asked too), then Undo: deal 9 at its three moves; Redo: the
   * restarted deal at its start. */
  felt_play_restart (play);
  assert_int_equal (asked, 2);
  assert_int_equal (felt_play_get_seed (play), 9);
  assert_int_equal (n_moves (play), 0);
  assert_int_equal (read_stats ().games[FELT_GAME_STRAIGHT_UP].played, 1);
  assert_true (felt_play_undo (play));
  assert_moves (play, played, 3);
  assert_int_equal (read_stats ().games[FELT_GAME_STRAIGHT_UP].played, 0);
  assert_true (felt_play_redo (play));
  assert_int_equal (felt_play_get_seed (play), 9);
  assert_int_equal (n_moves (play), 0);
  assert_int_equal (read_stats ().games[FELT_GAME_STRAIGHT_UP].played, 1);

  /* Only the last ten deals left behind wait for Undo. */
  for (guint32 seed = 20; seed < 32; seed++)
    felt_play_start (play, felt_game_lookup ("straight-up"), seed);
  for (guint i = 0; i < 10; i++)
    assert_true (felt_play_undo (play));
  assert_int_equal (felt_play_get_seed (play), 21);
  assert_false (felt_play_get_can_undo (play));
  assert_false (felt_play_undo (play));
}

/* A loss taken back gives back the streak it ended, unless another game
 * ended since. */
static void
test_stats_unrecord_loss (void **unused)
{
  FeltStats stats;
  FeltGameStats *s = &stats.games[FELT_GAME_CRUEL];

  memset (&stats, 0, sizeof stats);
  felt_stats_record_win (&stats, FELT_GAME_CRUEL, 60000, 80);
  felt_stats_record_win (&stats, FELT_GAME_CRUEL, 70000, 90);
  felt_stats_record_loss (&stats, FELT_GAME_CRUEL);
  assert_int_equal (s->streak, 0);
  felt_stats_unrecord_loss (&stats, FELT_GAME_CRUEL, 2);
  assert_int_equal (s->played, 2);
  assert_int_equal (s->won, 2);
  assert_int_equal (s->streak, 2);
  assert_int_equal (s->best_streak, 2);

  /* A win since: the streak it started stays. */
  felt_stats_record_loss (&stats, FELT_GAME_CRUEL);
  felt_stats_record_win (&stats, FELT_GAME_CRUEL, 70000, 90);
  felt_stats_unrecord_loss (&stats, FELT_GAME_CRUEL, 2);
  assert_int_equal (s->played, 3);
  assert_int_equal (s->streak, 1);

  /* No loss to take back: nothing changes. */
  felt_stats_unrecord_loss (&stats, FELT_GAME_CRUEL, 5);
  assert_int_equal (s->played, 3);
  assert_int_equal (s->won, 3);
}

/* A deal the demo made a move in is not the player's: left, it is no
 * loss; won, it is no win, and the end says the demo won it. */
static void
test_demo_not_counted (void **unused)
{
  g_autoptr (FeltPlay) play = new_play ("straight-up", 7);
  guint ended[2] = { 0, 0 };
  FeltStats stats;

  g_signal_connect (play, "game-ended", G_CALLBACK (count_signal), ended);
  make_a_move (play);
  assert_false (felt_play_get_demo_played (play));
  felt_play_toggle_demo (play);
  assert_true (wait_for (play, moves_at_least, GUINT_TO_POINTER (2), 60));
  felt_play_toggle_demo (play);
  assert_true (felt_play_get_demo_played (play));
  /* Left for another deal: no loss, so no question either. */
  assert_false (felt_play_in_progress (play));

  felt_play_start (play, felt_game_lookup ("straight-up"), 8);
  assert_false (felt_play_get_demo_played (play));
  assert_int_equal (read_stats ().games[FELT_GAME_STRAIGHT_UP].played, 0);

  /* Back to it (still the demo's), and won by the player's moves. */
  assert_true (felt_play_undo (play));
  assert_int_equal (felt_play_get_seed (play), 7);
  assert_true (felt_play_get_demo_played (play));
  play_winning_line (play, 0);
  assert_true (felt_play_get_won (play));
  assert_int_equal (ended[1], 1);
  assert_string_equal (felt_play_get_message (play), "The demo won this game");
  stats = read_stats ();
  assert_int_equal (stats.games[FELT_GAME_STRAIGHT_UP].played, 0);
  assert_int_equal (stats.games[FELT_GAME_STRAIGHT_UP].won, 0);
  assert_int_equal (stats.games[FELT_GAME_STRAIGHT_UP].streak, 0);
  assert_int_equal (stats.games[FELT_GAME_STRAIGHT_UP].best_time_ms, 0);
  assert_int_equal (stats.games[FELT_GAME_STRAIGHT_UP].fewest_moves, 0);
  assert_int_equal (felt_play_get_stats (play)->games[FELT_GAME_STRAIGHT_UP].played, 0);

  /* Restarted, the same deal is the player's again. */
  felt_play_restart (play);
  assert_false (felt_play_get_demo_played (play));
  play_winning_line (play, 0);
  assert_string_equal (felt_play_get_message (play), "You won!");
  stats = read_stats ();
  assert_int_equal (stats.games[FELT_GAME_STRAIGHT_UP].played, 1);
  assert_int_equal (stats.games[FELT_GAME_STRAIGHT_UP].won, 1);
}

/* Coming back to a game left unfinished gives back the streak its loss
 * ended. */
static void
test_undo_new_game_streak (void **unused)
{
  guint32 seed = find_deal ("cruel", 1, FELT_SOLVE_WINNABLE, NULL);
  g_autoptr (FeltPlay) play = new_play ("cruel", seed);

  play_winning_line (play, 0);
  felt_play_start (play, felt_game_lookup ("cruel"), seed + 1);
  make_a_move (play);
  felt_play_start (play, felt_game_lookup ("cruel"), seed + 2);
  assert_int_equal (read_stats ().games[FELT_GAME_CRUEL].played, 2);
  assert_int_equal (read_stats ().games[FELT_GAME_CRUEL].streak, 0);

  assert_true (felt_play_undo (play));
  assert_int_equal (felt_play_get_seed (play), seed + 1);
  assert_int_equal (read_stats ().games[FELT_GAME_CRUEL].played, 1);
  assert_int_equal (read_stats ().games[FELT_GAME_CRUEL].won, 1);
  assert_int_equal (read_stats ().games[FELT_GAME_CRUEL].streak, 1);

  /* Undo once more: back at the won deal, counted once still. */
  assert_true (felt_play_undo (play));
  assert_true (felt_play_undo (play));
  assert_int_equal (felt_play_get_seed (play), seed);
  assert_true (felt_play_get_won (play));
  assert_string_equal (felt_play_get_message (play), "You won!");
  assert_int_equal (read_stats ().games[FELT_GAME_CRUEL].won, 1);
  assert_int_equal (read_stats ().games[FELT_GAME_CRUEL].played, 1);
}

/* ---- the history of games ------------------------------------------------------------------ */

static FeltHistory *
read_history (void)
{
  g_autofree char *text = NULL, *path = data_path ("history.tsv");
  gsize length;
  FeltHistory *history;

  if (!g_file_get_contents (path, &text, &length, NULL))
    return felt_history_new ();
  history = felt_history_from_data (text, length, NULL);
  assert_non_null (history);
  return history;
}

static const FeltHistoryEntry *
last_entry (const FeltHistory *history)
{
  assert_true (history->entries->len > 0);
  return &g_array_index (history->entries, FeltHistoryEntry, history->entries->len - 1);
}

/* Every game that ends is in the history file: given up (and gone again
 * when the player goes back to it), won with its time and moves, the
 * demo's marked; Reset empties it with the statistics. */
static void
test_history (void **unused)
{
  guint32 seed = find_deal ("cruel", 1, FELT_SOLVE_WINNABLE, NULL);
  g_autoptr (FeltPlay) play = new_play ("cruel", seed);
  guint asked = 0;

  g_signal_connect (play, "confirm-abandon", G_CALLBACK (give_up_at_once), &asked);
  make_a_move (play);
  felt_play_start (play, felt_game_lookup ("hopscotch"), 5);
  {
    g_autoptr (FeltHistory) h = read_history ();
    const FeltHistoryEntry *e = last_entry (h);

    assert_int_equal (h->entries->len, 1);
    assert_int_equal (e->game, FELT_GAME_CRUEL);
    assert_int_equal (e->deal, seed);
    assert_int_equal (e->result, FELT_HISTORY_GIVEN_UP);
    assert_int_equal (e->moves, 1);
    assert_false (e->demo);
    assert_true (llabs (e->finished - g_get_real_time () / G_USEC_PER_SEC) < 60);
  }
  /* back to it: not given up after all */
  assert_true (felt_play_undo (play));
  assert_int_equal (felt_play_get_seed (play), seed);
  {
    g_autoptr (FeltHistory) h = read_history ();
    assert_int_equal (h->entries->len, 0);
  }
  assert_int_equal (felt_play_get_history (play)->entries->len, 0);

  /* won: its time, moves and rating */
  play_winning_line (play, 0);
  assert_true (felt_play_get_won (play));
  {
    g_autoptr (FeltHistory) h = read_history ();
    const FeltHistoryEntry *e = last_entry (h);

    assert_int_equal (h->entries->len, 1);
    assert_int_equal (e->result, FELT_HISTORY_WON);
    assert_int_equal (e->moves, n_moves (play));
    assert_int_equal (e->time_ms, read_stats ().games[FELT_GAME_CRUEL].best_time_ms);
    assert_int_equal (e->difficulty, felt_play_get_difficulty (play));
  }

  /* the demo's game, won: in the history, marked, and in no total */
  felt_play_start (play, felt_game_lookup ("cruel"), seed);
  felt_play_toggle_demo (play);
  assert_true (wait_for (play, moves_at_least, GUINT_TO_POINTER (1), 60));
  felt_play_toggle_demo (play);
  play_winning_line (play, 0);
  assert_true (felt_play_get_won (play));
  {
    g_autoptr (FeltHistory) h = read_history ();
    guint played, won;

    assert_int_equal (h->entries->len, 2);
    assert_true (last_entry (h)->demo);
    assert_int_equal (last_entry (h)->result, FELT_HISTORY_WON);
    felt_history_totals (h, FELT_GAME_CRUEL, &played, &won);
    assert_int_equal (played, 1);
    assert_int_equal (won, 1);
  }

  felt_play_reset_stats (play);
  {
    g_autoptr (FeltHistory) h = read_history ();
    assert_int_equal (h->entries->len, 0);
  }
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_undo_new_game, setup, teardown),
    cmocka_unit_test_setup_teardown (test_stats_unrecord_loss, setup, teardown),
    cmocka_unit_test_setup_teardown (test_demo_not_counted, setup, teardown),
    cmocka_unit_test_setup_teardown (test_undo_new_game_streak, setup, teardown),
    cmocka_unit_test_setup_teardown (test_history, setup, teardown),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
