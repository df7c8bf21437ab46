/* test-play.c: the game in play (FeltPlay), with no display: the clock,
 * statistics counted once per deal and a loss on abandoning, undo and
 * redo and their notifications, the status and score texts, automatic
 * moves and the end of the game.  The files are test-play-files.c, the
 * solver test-play-solver.c, New Game and Restart undone test-play-deals.c.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "test-play.h"

/* ---- the clock ------------------------------------------------------------------------- */

/* The clock starts with the first move, counts seconds (one notification
 * each), stops at the end of the game and starts again at a new deal. */
static void
test_clock (void **unused)
{
  g_autoptr (FeltPlay) play = new_play ("straight-up", 5);
  Notes notes;

  assert_int_equal (felt_play_get_elapsed (play), 0);
  assert_string_equal (felt_play_get_elapsed_text (play), "0:00");
  notes_watch (&notes, play);
  wait_ms (1300);
  assert_int_equal (felt_play_get_elapsed (play), 0);   /* no move, no time */
  assert_int_equal (notes_take (&notes, "elapsed"), 0);

  assert_true (felt_play_move (play, &(FeltMove) { 0, 0, 0, 1 }, TRUE));
  assert_true (wait_for (play, elapsed_at_least, GUINT_TO_POINTER (1), 5));
  assert_string_equal (felt_play_get_elapsed_text (play), "0:01");
  assert_int_equal (notes_take (&notes, "elapsed"), 1);
  assert_int_equal (notes_take (&notes, "elapsed-text"), 1);

  /* A new deal: back to nought, stopped. */
  felt_play_start (play, felt_game_lookup ("straight-up"), 6);
  assert_int_equal (felt_play_get_elapsed (play), 0);
  assert_string_equal (felt_play_get_elapsed_text (play), "0:00");
  wait_ms (1300);
  assert_int_equal (felt_play_get_elapsed (play), 0);
  notes_clear (&notes, play);
}

/* The time played is saved with the game and comes back, as h:mm:ss
 * beyond an hour. */
static void
test_clock_resumed (void **unused)
{
  g_autoptr (FeltPlay) play = felt_play_new ();

  write_file ("game.ini", "[Felt Game]\nformat=1\ngame=hopscotch\nseed=1\nelapsed-ms=3725000\nmoves=s\nredo=\n");
  assert_true (felt_play_resume (play));
  assert_int_equal (felt_play_get_elapsed (play), 3725);
  assert_string_equal (felt_play_get_elapsed_text (play), "1:02:05");
}

/* ---- statistics -------------------------------------------------------------------------- */

/* Moved from test-app: a deal counts once a move is made. */
static void
test_statistics_count (void **unused)
{
  g_autofree char *path = data_path ("statistics.ini");
  g_autoptr (FeltPlay) play = felt_play_new ();
  FeltStats stats;

  /* Deal and walk away: not played, not counted. */
  felt_play_start (play, felt_game_lookup ("straight-up"), 5);
  felt_play_start (play, felt_game_lookup ("straight-up"), 6);
  assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  assert_false (felt_play_in_progress (play));

  /* A move, then a new deal: one game played and lost. */
  assert_true (felt_play_move (play, &(FeltMove) { 0, 0, 0, 1 }, TRUE));
  assert_true (felt_play_in_progress (play));
  felt_play_start (play, felt_game_lookup ("straight-up"), 7);
  stats = read_stats ();
  assert_int_equal (stats.games[FELT_GAME_STRAIGHT_UP].played, 1);
  assert_int_equal (stats.games[FELT_GAME_STRAIGHT_UP].won, 0);
  assert_int_equal (felt_play_get_stats (play)->games[FELT_GAME_STRAIGHT_UP].played, 1);

  /* Reset: nothing counted, on disk too. */
  felt_play_reset_stats (play);
  assert_int_equal (read_stats ().games[FELT_GAME_STRAIGHT_UP].played, 0);
}

/* A win is counted once, with its time and moves, however often the
 * player takes the last move back and plays it again. */
static void
test_win_counted_once (void **unused)
{
  guint32 seed = find_deal ("cruel", 1, FELT_SOLVE_WINNABLE, NULL);
  g_autoptr (FeltPlay) play = new_play ("cruel", seed);
  guint ended[2] = { 0, 0 };
  FeltStats stats;

  g_signal_connect (play, "game-ended", G_CALLBACK (count_signal), ended);
  play_winning_line (play, 0);
  assert_true (felt_play_get_won (play));
  assert_false (felt_play_get_over (play));
  assert_int_equal (ended[1], 1);
  assert_int_equal (ended[0], 0);
  assert_string_equal (felt_play_get_message (play), "You won!");
  assert_string_equal (felt_play_get_solver_status (play), "");
  assert_false (felt_play_in_progress (play));
  stats = read_stats ();
  assert_int_equal (stats.games[FELT_GAME_CRUEL].played, 1);
  assert_int_equal (stats.games[FELT_GAME_CRUEL].won, 1);
  assert_int_equal (stats.games[FELT_GAME_CRUEL].fewest_moves, n_moves (play));

  /* Undo, redo: the end comes again (the dialog shows again), the count
   * does not; the clock stays stopped at the end. */
  assert_true (felt_play_undo (play));
  assert_false (felt_play_get_won (play));
  assert_string_equal (felt_play_get_message (play), "");
  assert_true (felt_play_redo (play));
  assert_true (felt_play_get_won (play));
  assert_int_equal (ended[1], 2);
  stats = read_stats ();
  assert_int_equal (stats.games[FELT_GAME_CRUEL].played, 1);
  assert_int_equal (stats.games[FELT_GAME_CRUEL].won, 1);

  /* A new deal after a win is no loss. */
  felt_play_start (play, felt_game_lookup ("cruel"), seed + 1);
  assert_int_equal (read_stats ().games[FELT_GAME_CRUEL].played, 1);
}

/* Abandoning a deal in progress asks first, and counts it lost once. */
static void
test_loss_on_abandoning (void **unused)
{
  g_autoptr (FeltPlay) play = new_play ("hopscotch", 3);
  guint asked = 0;

  g_signal_connect (play, "confirm-abandon", G_CALLBACK (count_calls), &asked);

  /* Nothing played: a new deal needs no question. */
  felt_play_request_start (play, felt_game_lookup ("hopscotch"), 4);
  assert_int_equal (asked, 0);
  assert_int_equal (felt_play_get_seed (play), 4);

  make_a_move (play);
  felt_play_request_start (play, felt_game_lookup ("cruel"), 9);
  assert_int_equal (asked, 1);
  /* Kept waiting: the deal in play goes on, nothing counted. */
  assert_int_equal (felt_play_get_seed (play), 4);
  assert_int_equal (read_stats ().games[FELT_GAME_HOPSCOTCH].played, 0);

  felt_play_give_up (play);
  assert_string_equal (felt_play_get_game (play)->id, "cruel");
  assert_int_equal (felt_play_get_seed (play), 9);
  assert_int_equal (read_stats ().games[FELT_GAME_HOPSCOTCH].played, 1);
  assert_int_equal (read_stats ().games[FELT_GAME_HOPSCOTCH].won, 0);

  /* Giving up twice starts nothing more. */
  felt_play_give_up (play);
  assert_int_equal (felt_play_get_seed (play), 9);

  /* Restart asks too, and plays the same deal again. */
  make_a_move (play);
  felt_play_restart (play);
  assert_int_equal (asked, 2);
  felt_play_give_up (play);
  assert_int_equal (felt_play_get_seed (play), 9);
  assert_int_equal (n_moves (play), 0);
  assert_int_equal (read_stats ().games[FELT_GAME_CRUEL].played, 1);
}


/* ---- moves and what they change ------------------------------------------------------------ */

static void
count_moves (FeltPlay *play, gpointer before, gboolean animate, guint *count)
{
  /* The position before the move, for the board to slide from. */
  assert_non_null (before);
  assert_true (memcmp (before, state_of (play), sizeof (FeltState)) != 0);
  (*count)++;
}

/* can-undo, can-redo and n-moves follow the history, each notified
 * once when it changes and never when it does not. */
static void
test_undo_redo (void **unused)
{
  g_autoptr (FeltPlay) play = new_play ("hopscotch", 11);
  guint played = 0;
  Notes notes;

  assert_false (felt_play_get_can_undo (play));
  assert_false (felt_play_get_can_redo (play));
  notes_watch (&notes, play);
  g_signal_connect (play, "move-played", G_CALLBACK (count_moves), &played);

  /* An illegal move changes nothing. */
  assert_false (felt_play_move (play, &(FeltMove) { 1, 0, 1, 0 }, TRUE));
  assert_false (felt_play_undo (play));
  assert_false (felt_play_redo (play));
  assert_int_equal (played, 0);
  assert_int_equal (g_hash_table_size (notes.counts), 0);

  assert_true (felt_play_move (play, &(FeltMove) { 0, 0, 0, 1 }, TRUE));
  assert_int_equal (played, 1);
  assert_true (felt_play_get_can_undo (play));
  assert_int_equal (notes_take (&notes, "can-undo"), 1);
  assert_int_equal (notes_take (&notes, "can-redo"), 0);
  assert_int_equal (notes_take (&notes, "n-moves"), 1);

  make_a_move (play);
  assert_int_equal (notes_take (&notes, "can-undo"), 0);   /* still TRUE */
  assert_int_equal (notes_take (&notes, "n-moves"), 1);
  /* The kind of each change, for the board to say (a11y). */
  assert_int_equal (felt_play_get_change (play), FELT_PLAY_CHANGE_MOVE);

  assert_true (felt_play_undo (play));
  assert_int_equal (felt_play_get_change (play), FELT_PLAY_CHANGE_UNDO);
  assert_true (felt_play_get_can_undo (play));
  assert_true (felt_play_get_can_redo (play));
  assert_int_equal (notes_take (&notes, "can-undo"), 0);
  assert_int_equal (notes_take (&notes, "can-redo"), 1);

  assert_true (felt_play_undo (play));
  assert_false (felt_play_get_can_undo (play));
  assert_int_equal (notes_take (&notes, "can-undo"), 1);
  assert_int_equal (notes_take (&notes, "can-redo"), 0);
  assert_false (felt_play_undo (play));

  assert_true (felt_play_redo (play));
  assert_int_equal (felt_play_get_change (play), FELT_PLAY_CHANGE_REDO);
  assert_true (felt_play_redo (play));
  assert_false (felt_play_get_can_redo (play));
  assert_false (felt_play_redo (play));
  assert_int_equal (notes_take (&notes, "can-redo"), 1);
  assert_int_equal (played, 6);

  /* Several at once: one change. */
  assert_true (felt_play_undo_many (play, 5));
  assert_int_equal (played, 7);
  assert_int_equal (n_moves (play), 0);
  notes_clear (&notes, play);
}

static void
test_texts (void **unused)
{
  g_autoptr (FeltPlay) play = new_play ("hopscotch", 1);
  Notes notes;

  /* Hopscotch starts with A 2 3 4 of clubs on its foundations, which
   * do not score. */
  assert_string_equal (felt_play_get_score_text (play), "Score: 0 of 48");
  assert_int_equal (felt_play_get_score (play), 0);
  assert_string_equal (felt_play_get_status_text (play), "Stock: 48 cards");
  assert_string_equal (felt_play_get_game (play)->id, "hopscotch");
  {
    g_autofree char *name = NULL;
    guint seed;
    g_object_get (play, "game-name", &name, "seed", &seed, NULL);
    assert_string_equal (name, "Hopscotch");
    assert_int_equal (seed, 1);
  }

  notes_watch (&notes, play);
  assert_true (felt_play_move (play, &(FeltMove) { 0, 0, 0, 1 }, TRUE));
  assert_string_equal (felt_play_get_status_text (play), "Stock: 47 cards");
  assert_int_equal (notes_take (&notes, "status-text"), 1);
  assert_int_equal (notes_take (&notes, "score-text"), 0);   /* the same score */
  assert_int_equal (notes_take (&notes, "score"), 0);

  /* Every figure a game has, in one line. */
  felt_play_start (play, felt_game_lookup ("cruel"), 1);
  assert_string_equal (felt_play_get_status_text (play), "48 cards left");
  assert_string_equal (felt_play_get_score_text (play), "Score: 0 of 48");
  felt_play_start (play, felt_game_lookup ("straight-up"), 1);
  assert_string_equal (felt_play_get_status_text (play), "Stock: 31 cards   Reserve: 13 cards   2 redeals left");
  felt_play_start (play, felt_game_lookup ("backbone"), 1);
  assert_string_equal (felt_play_get_score_text (play), "Score: 0 of 104");
  /* Backbone's one redeal used: said in words, not "0 redeals left". */
  for (guint i = 0; i < 77; i++)
    assert_true (felt_play_move (play, &(FeltMove) { 0, 0, 0, 1 }, TRUE));
  assert_string_equal (felt_play_get_status_text (play), "Stock: 0 cards   1 redeal left");
  assert_true (felt_play_move (play, &(FeltMove) { 0, 0, 0, 1 }, TRUE));
  assert_string_equal (felt_play_get_status_text (play), "Stock: 77 cards   No redeal left");
  {
    /* A card to a foundation scores one. */
    FeltMove move;
    for (guint32 seed = 1; seed < 100; seed++)
      {
        felt_play_start (play, felt_game_lookup ("straight-up"), seed);
        if (felt_state_safe_move (state_of (play), &move))
          break;
      }
    notes_take (&notes, "score");
    assert_true (felt_play_move (play, &move, TRUE));
    assert_int_equal (felt_play_get_score (play), 1);
    assert_string_equal (felt_play_get_score_text (play), "Score: 1 of 48");
    assert_int_equal (notes_take (&notes, "score"), 1);
  }
  notes_clear (&notes, play);
}

/* ---- automatic moves ------------------------------------------------------------------- */

/* With auto-foundations, the safe cards go home by themselves, one move
 * at a time; never right after an undo. */
static void
test_auto_moves (void **unused)
{
  g_autoptr (FeltPlay) play = new_play ("backbone", 1);
  FeltMove safe;
  guint dealt;

  /* Off (the default): nothing moves by itself.  Deal from the stock
   * until a card could go home safely. */
  for (guint i = 0; i < 77 && !felt_state_safe_move (state_of (play), &safe); i++)
    assert_true (felt_play_move (play, &(FeltMove) { 0, 0, 0, 1 }, TRUE));
  assert_true (felt_state_safe_move (state_of (play), &safe));
  dealt = n_moves (play);
  wait_ms (300);
  assert_int_equal (n_moves (play), dealt);

  /* On: each safe move in turn, until none is left. */
  g_object_set (play, "auto-foundations", TRUE, "animate", FALSE, NULL);
  assert_true (wait_for (play, moves_at_least, GUINT_TO_POINTER (n_moves (play) + 1), 5));
  wait_ms (300);
  {
    FeltMove more;
    assert_false (felt_state_safe_move (state_of (play), &more));
  }

  /* Undo takes the turn back (the deal and the cards that went home
   * after it) and it stays back; Redo plays the whole turn again. */
  {
    guint n = n_moves (play);
    assert_true (n > dealt);
    assert_true (felt_play_undo (play));
    wait_ms (300);
    assert_int_equal (n_moves (play), dealt - 1);
    assert_true (felt_play_redo (play));
    wait_ms (300);
    assert_int_equal (n_moves (play), n);
  }
}

/* ---- the end of the game ----------------------------------------------------------------- */

/* Plays on until no move is left: hints first, the stock when there is
 * none. */
static gboolean
play_to_the_end (FeltPlay *play)
{
  for (guint i = 0; i < 3000 && !felt_play_get_over (play) && !felt_play_get_won (play); i++)
    {
      FeltMove move;
      if (!felt_state_hint (state_of (play), &move) || !felt_play_move (play, &move, FALSE))
        if (!felt_play_move (play, &(FeltMove) { 0, 0, 0, 1 }, FALSE))
          return FALSE;
    }
  return felt_play_get_over (play);
}

/* Game over: said once, counted lost once, the clock stops; the hint
 * says no move is left. */
static void
test_game_over (void **unused)
{
  g_autoptr (FeltPlay) play = felt_play_new ();
  guint ended[2] = { 0, 0 };
  guint32 seed;
  FeltMove move;

  g_signal_connect (play, "game-ended", G_CALLBACK (count_signal), ended);
  for (seed = 1; seed < 50; seed++)
    {
      felt_play_start (play, felt_game_lookup ("straight-up"), seed);
      if (play_to_the_end (play))
        break;
    }
  assert_true (seed < 50);
  assert_true (felt_play_get_over (play));
  assert_false (felt_play_get_won (play));
  assert_int_equal (ended[0], 1);
  assert_int_equal (ended[1], 0);
  assert_string_equal (felt_play_get_message (play), "No move is left");
  assert_false (felt_play_in_progress (play));
  /* Counted when it ended (the deals before were lost on leaving). */
  assert_int_equal (read_stats ().games[FELT_GAME_STRAIGHT_UP].played, seed);
  assert_int_equal (read_stats ().games[FELT_GAME_STRAIGHT_UP].won, 0);

  felt_play_set_notice (play, NULL);
  assert_false (felt_play_hint (play, &move));
  assert_string_equal (felt_play_get_message (play), "No move is left");

  /* The clock stopped with the game. */
  {
    guint at = felt_play_get_elapsed (play);
    wait_ms (1200);
    assert_int_equal (felt_play_get_elapsed (play), at);
  }

  /* Leaving it is no second loss. */
  felt_play_start (play, felt_game_lookup ("straight-up"), 1000);
  assert_int_equal (read_stats ().games[FELT_GAME_STRAIGHT_UP].played, seed);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_clock, setup, teardown),
    cmocka_unit_test_setup_teardown (test_clock_resumed, setup, teardown),
    cmocka_unit_test_setup_teardown (test_statistics_count, setup, teardown),
    cmocka_unit_test_setup_teardown (test_win_counted_once, setup, teardown),
    cmocka_unit_test_setup_teardown (test_loss_on_abandoning, setup, teardown),
    cmocka_unit_test_setup_teardown (test_undo_redo, setup, teardown),
    cmocka_unit_test_setup_teardown (test_texts, setup, teardown),
    cmocka_unit_test_setup_teardown (test_auto_moves, setup, teardown),
    cmocka_unit_test_setup_teardown (test_game_over, setup, teardown),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
