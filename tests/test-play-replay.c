/* test-play-replay.c: the last finished game the game in play keeps for
 * Replay (FeltPlay through FeltRecord, src/files/felt-last-game.c), with
 * no display: a win, a loss, a game given up through "Give up this
 * game?" and one left by New Game each become the last game, with
 * exactly the moves the player kept (undone moves left out), and a new
 * FeltPlay on the same data folder (Felt started again) has it; a game
 * the demo played in is not kept; going back to a given-up game with
 * Undo brings back the game kept before it; resetting the statistics
 * forgets it.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "test-play.h"

#include "felt-last-game.h"

/* The moves of the session in play, as "3.1.4 s ..." (automatic moves
 * marked with a star). */
static char *
moves_text (const FeltSession *session)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < felt_session_get_n_moves (session); i++)
    {
      FeltMove m = felt_session_get_move (session, i);

      if (text->len)
        g_string_append_c (text, ' ');
      if (m.stock)
        g_string_append_c (text, 's');
      else
        g_string_append_printf (text, "%u.%u.%u", m.from, m.count, m.to);
      if (felt_session_get_move_automatic (session, i))
        g_string_append_c (text, '*');
    }
  return g_string_free (text, FALSE);
}

/* Felt started again on the same data folder: its last game is `result`
 * of `game` deal `seed`, with the moves `moves`. */
static void
assert_kept_after_restart (const char *game, guint32 seed, FeltHistoryResult result, const char *moves)
{
  g_autoptr (FeltPlay) again = felt_play_new ();
  const FeltLastGame *last = felt_play_get_last_game (again);
  g_autofree char *text = NULL;
  gboolean can_replay = FALSE;

  g_object_get (again, "can-replay", &can_replay, NULL);
  assert_true (can_replay);
  assert_non_null (last);
  assert_string_equal (felt_session_get_game (last->session)->id, game);
  assert_int_equal (felt_session_get_seed (last->session), seed);
  assert_int_equal (last->result, result);
  text = moves_text (last->session);
  assert_string_equal (text, moves);
  assert_int_equal (felt_session_get_n_redo (last->session), 0);
  assert_null (felt_play_get_notice (again));
}

/* A win, with a move taken back on the way: the last game is the win
 * without it; "can-replay" says so once. */
static void
test_win_kept (void **unused)
{
  guint32 seed = find_deal ("cruel", 1, FELT_SOLVE_WINNABLE, NULL);
  g_autoptr (FeltPlay) play = new_play ("cruel", seed);
  g_autofree char *played = NULL;
  gboolean can_replay = TRUE;
  Notes notes = { 0 };

  g_object_get (play, "can-replay", &can_replay, NULL);
  assert_false (can_replay);
  assert_null (felt_play_get_last_game (play));
  notes_watch (&notes, play);
  make_a_move (play);
  assert_true (felt_play_undo (play));
  play_winning_line (play, 0);
  assert_true (felt_play_get_won (play));
  assert_int_equal (notes_take (&notes, "can-replay"), 1);
  played = moves_text (felt_play_get_session (play));
  assert_non_null (felt_play_get_last_game (play));
  assert_int_equal (felt_play_get_last_game (play)->result, FELT_HISTORY_WON);
  {
    g_autofree char *kept = moves_text (felt_play_get_last_game (play)->session);
    assert_string_equal (kept, played);
  }
  notes_clear (&notes, play);
  assert_kept_after_restart ("cruel", seed, FELT_HISTORY_WON, played);

  /* A new deal after the win: not played, the win stays. */
  felt_play_start (play, felt_game_lookup ("cruel"), seed + 1);
  assert_kept_after_restart ("cruel", seed, FELT_HISTORY_WON, played);
}

/* A loss, reached again after Undo on another way: the game as it ended
 * the last time. */
static void
test_loss_kept (void **unused)
{
  g_autoptr (FeltPlay) play = felt_play_new ();
  g_autofree char *played = NULL;
  guint32 seed;

  for (seed = 1; seed < 50; seed++)
    {
      felt_play_start (play, felt_game_lookup ("straight-up"), seed);
      for (guint i = 0; i < 3000 && !felt_play_get_over (play) && !felt_play_get_won (play); i++)
        {
          FeltMove move;
          if (!felt_state_hint (state_of (play), &move) || !felt_play_move (play, &move, FALSE))
            if (!felt_play_move (play, &(FeltMove) { 0, 0, 0, 1 }, FALSE))
              break;
        }
      if (felt_play_get_over (play) && n_moves (play) > 2)
        break;
    }
  assert_true (seed < 50);
  assert_int_equal (felt_play_get_last_game (play)->result, FELT_HISTORY_LOST);
  played = moves_text (felt_play_get_session (play));
  assert_kept_after_restart ("straight-up", seed, FELT_HISTORY_LOST, played);

  /* Two moves back and the same again: over once more, kept once more,
   * the moves undone on the way not in it. */
  assert_true (felt_play_undo_many (play, 2));
  assert_false (felt_play_get_over (play));
  assert_true (felt_play_redo (play));
  assert_true (felt_play_redo (play));
  assert_true (felt_play_get_over (play));
  assert_kept_after_restart ("straight-up", seed, FELT_HISTORY_LOST, played);
}

static void
give_up (FeltPlay *play)
{
  felt_play_give_up (play);
}

/* Given up through "Give up this game?" (Select Deal), then left by New
 * Game: each is the last game, without the moves undone. */
static void
test_given_up_kept (void **unused)
{
  g_autoptr (FeltPlay) play = new_play ("scuffle", 7);
  guint asked = 0;

  g_signal_connect (play, "confirm-abandon", G_CALLBACK (count_calls), &asked);
  for (guint i = 0; i < 4; i++)
    assert_true (felt_play_move (play, &(FeltMove) { 0, 0, 0, 1 }, FALSE));
  assert_true (felt_play_undo (play));
  felt_play_request_start (play, felt_game_lookup ("scuffle"), 8);
  assert_int_equal (asked, 1);
  /* Asked, not given up yet: nothing kept. */
  assert_null (felt_play_get_last_game (play));
  felt_play_give_up (play);
  assert_int_equal (felt_play_get_seed (play), 8);
  assert_kept_after_restart ("scuffle", 7, FELT_HISTORY_GIVEN_UP, "s s s");
  /* The status line says where it is, until the next move. */
  assert_string_equal (felt_play_get_message (play), "Given up: Replay Last Game shows it");

  /* New Game with a deal in progress asks, then leaves it. */
  g_signal_connect (play, "confirm-abandon", G_CALLBACK (give_up), NULL);
  assert_true (felt_play_move (play, &(FeltMove) { 0, 0, 0, 1 }, FALSE));
  assert_string_equal (felt_play_get_message (play), "");
  felt_play_new_deal (play, NULL);
  assert_int_equal (asked, 2);
  assert_true (felt_play_get_seed (play) != 8 || n_moves (play) == 0);
  assert_kept_after_restart ("scuffle", 8, FELT_HISTORY_GIVEN_UP, "s");
}

/* Undo at the new deal's start goes back to the game given up: it is
 * in play again, so the game kept before it is the last game again;
 * Redo leaves it again, given up once more. */
static void
test_back_to_given_up (void **unused)
{
  g_autoptr (FeltPlay) play = new_play ("scuffle", 7);

  assert_true (felt_play_move (play, &(FeltMove) { 0, 0, 0, 1 }, FALSE));
  felt_play_start (play, felt_game_lookup ("scuffle"), 8);
  assert_true (felt_play_move (play, &(FeltMove) { 0, 0, 0, 1 }, FALSE));
  assert_true (felt_play_move (play, &(FeltMove) { 0, 0, 0, 1 }, FALSE));
  felt_play_start (play, felt_game_lookup ("scuffle"), 9);
  assert_kept_after_restart ("scuffle", 8, FELT_HISTORY_GIVEN_UP, "s s");

  assert_true (felt_play_undo (play));
  assert_int_equal (felt_play_get_seed (play), 8);
  assert_kept_after_restart ("scuffle", 7, FELT_HISTORY_GIVEN_UP, "s");
  assert_true (felt_play_redo (play));
  assert_int_equal (felt_play_get_seed (play), 9);
  assert_kept_after_restart ("scuffle", 8, FELT_HISTORY_GIVEN_UP, "s s");
}

/* A game the demo made a move in is the demo's: the player's last game
 * stays. */
static void
test_demo_not_kept (void **unused)
{
  g_autoptr (FeltPlay) play = new_play ("scuffle", 7);

  assert_true (felt_play_move (play, &(FeltMove) { 0, 0, 0, 1 }, FALSE));
  felt_play_start (play, felt_game_lookup ("cruel"), find_deal ("cruel", 1, FELT_SOLVE_WINNABLE, NULL));
  felt_play_toggle_demo (play);
  assert_true (wait_for (play, moves_at_least, GUINT_TO_POINTER (2), 30));
  felt_play_stop_demo (play);
  assert_true (felt_play_get_demo_played (play));
  felt_play_request_start (play, felt_game_lookup ("cruel"), 5);
  assert_int_equal (felt_play_get_seed (play), 5);
  assert_kept_after_restart ("scuffle", 7, FELT_HISTORY_GIVEN_UP, "s");
}

/* Resetting the statistics forgets the last game too (Reset forgets
 * every game's results): Replay Last Game offers nothing, in this run
 * and the next, and Undo New Game back to a given-up game does not bring
 * back the game kept before it. */
static void
test_reset_forgets (void **unused)
{
  guint32 seed = find_deal ("cruel", 1, FELT_SOLVE_WINNABLE, NULL);
  g_autoptr (FeltPlay) play = new_play ("cruel", seed);
  g_autofree char *file = data_path ("last-game.ini");
  gboolean can_replay = FALSE;
  Notes notes = { 0 };

  play_winning_line (play, 0);
  felt_play_start (play, felt_game_lookup ("scuffle"), 7);
  assert_true (felt_play_move (play, &(FeltMove) { 0, 0, 0, 1 }, FALSE));
  felt_play_start (play, felt_game_lookup ("scuffle"), 8);
  assert_kept_after_restart ("scuffle", 7, FELT_HISTORY_GIVEN_UP, "s");

  notes_watch (&notes, play);
  felt_play_reset_stats (play);
  assert_int_equal (notes_take (&notes, "can-replay"), 1);
  notes_clear (&notes, play);
  g_object_get (play, "can-replay", &can_replay, NULL);
  assert_false (can_replay);
  assert_null (felt_play_get_last_game (play));
  assert_false (g_file_test (file, G_FILE_TEST_EXISTS));
  assert_null (felt_play_get_notice (play));
  {
    g_autoptr (FeltPlay) again = felt_play_new ();

    g_object_get (again, "can-replay", &can_replay, NULL);
    assert_false (can_replay);
    assert_null (felt_play_get_last_game (again));
  }

  /* Back to the game given up before the reset: the win is not back. */
  assert_true (felt_play_undo (play));
  assert_int_equal (felt_play_get_seed (play), 7);
  assert_null (felt_play_get_last_game (play));
  assert_false (g_file_test (file, G_FILE_TEST_EXISTS));
  /* The next game that ends is kept again. */
  assert_true (felt_play_redo (play));
  assert_int_equal (felt_play_get_seed (play), 8);
  assert_kept_after_restart ("scuffle", 7, FELT_HISTORY_GIVEN_UP, "s");
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_win_kept, setup, teardown),
    cmocka_unit_test_setup_teardown (test_loss_kept, setup, teardown),
    cmocka_unit_test_setup_teardown (test_given_up_kept, setup, teardown),
    cmocka_unit_test_setup_teardown (test_back_to_given_up, setup, teardown),
    cmocka_unit_test_setup_teardown (test_demo_not_kept, setup, teardown),
    cmocka_unit_test_setup_teardown (test_reset_forgets, setup, teardown),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
