/* test-play-solver.c: the solver in play (FeltPlay, src/play/felt-solver-view.c),
 * with no display: its status, Undo to Winnable, hints, the demo and the
 * search for a winnable deal; the status while it thinks, a deal it
 * cannot tell, its pauses, the deal's difficulty and the kind of new deal.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "test-play.h"

/* ---- the solver ----------------------------------------------------------------------------- */

static gboolean
status_is (FeltPlay *play, gconstpointer text)
{
  return g_str_equal (felt_play_get_solver_status (play), text);
}

static void
assert_status (FeltPlay *play, const char *text)
{
  if (!wait_for (play, status_is, text, 60))
    fail_msg ("the status reads “%s”, not “%s”", felt_play_get_solver_status (play), text);
}

/* Moved from test-solver-ui: the status says what the solver proves. */
static void
test_status (void **unused)
{
  FeltMove fatal;
  guint32 lost = find_deal ("cruel", 1, FELT_SOLVE_LOST, NULL);
  guint32 winnable = find_deal ("cruel", 1, FELT_SOLVE_WINNABLE, &fatal);
  g_autoptr (FeltPlay) play = new_play ("cruel", lost);

  assert_status (play, "Cannot be won");
  assert_int_equal (felt_play_get_solver_verdict (play), FELT_SOLVE_LOST);

  felt_play_start (play, felt_game_lookup ("cruel"), winnable);
  assert_status (play, "Winnable");
  assert_int_equal (felt_play_get_solver_verdict (play), FELT_SOLVE_WINNABLE);
  assert_true (felt_play_move (play, &fatal, TRUE));
  assert_status (play, "No longer winnable");
  assert_true (felt_play_undo (play));
  assert_status (play, "Winnable");

  /* Scuffle: a chance, not a verdict. */
  felt_play_start (play, felt_game_lookup ("scuffle"), 4);
  {
    gint64 end = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;
    int percent = -1;
    char tail[8] = "";
    while (g_get_monotonic_time () < end &&
           sscanf (felt_play_get_solver_status (play), "Chance of winning: %d%7s", &percent, tail) != 2)
      wait_ms (5);
    assert_string_equal (tail, "%");
    assert_in_range (percent, 0, 100);
  }

  /* Turned off: nothing, whatever the deal. */
  g_object_set (play, "show-winnable", FALSE, NULL);
  felt_play_start (play, felt_game_lookup ("cruel"), winnable);
  wait_ms (500);
  assert_string_equal (felt_play_get_solver_status (play), "");
  g_object_set (play, "show-winnable", TRUE, NULL);
  assert_status (play, "Winnable");
}

/* Before the game is on the screen the solver does not start. */
static void
test_solver_waits_for_screen (void **unused)
{
  guint32 winnable = find_deal ("cruel", 1, FELT_SOLVE_WINNABLE, NULL);
  g_autoptr (FeltPlay) play = g_object_new (FELT_TYPE_PLAY, "on-screen", FALSE, NULL);

  felt_play_start (play, felt_game_lookup ("cruel"), winnable);
  wait_ms (500);
  assert_string_equal (felt_play_get_solver_status (play), "");
  assert_int_equal (felt_play_get_solver_verdict (play), FELT_SOLVE_UNKNOWN);
  g_object_set (play, "on-screen", TRUE, NULL);
  assert_status (play, "Winnable");
}

/* Moves back to the latest winnable position, taken back in one change
 * that Redo replays. */
static void
test_moves_back (void **unused)
{
  FeltMove fatal;
  guint32 winnable = find_deal ("cruel", 1, FELT_SOLVE_WINNABLE, &fatal);
  g_autoptr (FeltPlay) play = new_play ("cruel", winnable);
  guint played = 1;
  Notes notes;

  assert_status (play, "Winnable");
  assert_int_equal (felt_play_get_moves_back (play), 0);
  assert_false (felt_play_undo_to_winnable (play));
  notes_watch (&notes, play);

  assert_true (felt_play_move (play, &fatal, TRUE));
  assert_status (play, "No longer winnable");
  assert_int_equal (felt_play_get_moves_back (play), 1);
  assert_int_equal (notes_take (&notes, "can-undo-to-winnable"), 1);

  /* Play on into the lost game: the way back grows with each move. */
  for (guint i = 0; i < 2; i++)
    {
      FeltMove moves[FELT_MAX_MOVES];
      guint n = felt_state_legal_moves (state_of (play), moves);
      gboolean moved = FALSE;

      for (guint m = 0; m < n && !moved; m++)
        {
          FeltState next = *state_of (play);
          FeltUndo undo;

          felt_state_apply (&next, &moves[m], &undo);
          if (!felt_state_is_over (&next))
            moved = felt_play_move (play, &moves[m], TRUE);
        }
      if (!moved)
        break;
      played++;
      assert_status (play, "No longer winnable");
      assert_int_equal (felt_play_get_moves_back (play), played);
    }
  /* (Hidden while the solver thinks about each new position.) */
  notes_take (&notes, "can-undo-to-winnable");
  assert_true (felt_play_get_moves_back (play) > 0);

  assert_true (felt_play_undo_to_winnable (play));
  assert_status (play, "Winnable");
  assert_int_equal (n_moves (play), 0);
  assert_int_equal (felt_session_get_n_redo (felt_play_get_session (play)), played);
  assert_int_equal (felt_play_get_moves_back (play), 0);
  assert_int_equal (notes_take (&notes, "can-undo-to-winnable"), 1);

  /* Hidden with the status itself. */
  assert_true (felt_play_redo (play));
  assert_status (play, "No longer winnable");
  assert_int_equal (felt_play_get_moves_back (play), 1);
  g_object_set (play, "show-winnable", FALSE, NULL);
  assert_int_equal (felt_play_get_moves_back (play), 0);
  notes_clear (&notes, play);
}

static gboolean
analysed (FeltPlay *play, gconstpointer data)
{
  return felt_play_get_solver_verdict (play) != FELT_SOLVE_UNKNOWN || felt_state_is_won (state_of (play));
}

/* Following the hints from the deal wins it; each says what to do. */
static void
test_hints (void **unused)
{
  const char *games[] = { "straight-up", "cruel", "hopscotch", "backbone" };

  for (guint g = 0; g < G_N_ELEMENTS (games); g++)
    {
      guint32 seed = find_deal (games[g], 1, FELT_SOLVE_WINNABLE, NULL);
      g_autoptr (FeltPlay) play = new_play (games[g], seed);
      guint steps = 0;

      while (!felt_state_is_won (state_of (play)))
        {
          FeltMove hint;
          const char *message;

          assert_true (wait_for (play, analysed, NULL, 60));
          assert_string_equal (felt_play_get_solver_status (play), "Winnable");
          assert_true (felt_play_hint (play, &hint));
          message = felt_play_get_message (play);
          {
            g_autofree char *want = felt_phrase_hint (state_of (play), &hint);
            assert_string_equal (message, want);
          }
          if (hint.stock)
            assert_true (g_str_equal (message, "Hint: deal from the stock") || g_str_equal (message, "Hint: redeal"));
          else
            assert_true (g_str_has_prefix (message, "Hint: move the ") && strstr (message, " to "));
          if (!felt_play_move (play, &hint, TRUE))
            fail_msg ("%s %u: the hint after %u moves is not legal", games[g], seed, steps);
          /* The next change clears it. */
          assert_false (g_str_has_prefix (felt_play_get_message (play), "Hint"));
          assert_true (++steps < 1000);
        }
    }
}

/* One hint's words, exactly. */
static void
test_hint_text (void **unused)
{
  g_autoptr (FeltPlay) play = felt_play_new ();
  FeltMove hint;

  /* No solver: the hint is the engine's own. */
  g_object_set (play, "on-screen", FALSE, NULL);
  felt_play_start (play, felt_game_lookup ("cruel"), 1);
  assert_true (felt_play_hint (play, &hint));
  {
    FeltMove want;
    g_autofree char *text = NULL;

    assert_true (felt_state_hint (state_of (play), &want));
    assert_memory_equal (&hint, &want, sizeof want);
    assert_false (hint.stock);
    text = g_strdup (felt_play_get_message (play));
    assert_true (g_str_has_prefix (text, "Hint: move the "));
    assert_non_null (strstr (text, " of "));
    /* One sentence, lower-case names inside it (felt-phrases.c). */
    assert_non_null (strstr (text, " to foundation ") ? text : strstr (text, " to tableau "));
  }
}

static gboolean
message_is (FeltPlay *play, gconstpointer text)
{
  return g_str_equal (felt_play_get_message (play), text);
}

/* Moved from test-solver-ui: the demo plays the winning line and stops
 * when asked; with no way to win it says so. */
static void
test_demo (void **unused)
{
  guint32 winnable = find_deal ("cruel", 1, FELT_SOLVE_WINNABLE, NULL);
  guint32 lost = find_deal ("cruel", 1, FELT_SOLVE_LOST, NULL);
  g_autoptr (FeltPlay) play = new_play ("cruel", winnable);
  guint played;
  Notes notes;

  assert_status (play, "Winnable");
  notes_watch (&notes, play);
  felt_play_toggle_demo (play);
  assert_true (felt_play_get_demo_running (play));
  assert_int_equal (notes_take (&notes, "demo-running"), 1);
  assert_string_equal (felt_play_get_message (play), "Demo: any key or click stops it");
  assert_true (wait_for (play, moves_at_least, GUINT_TO_POINTER (3), 60));
  /* Every move it made keeps the deal winnable; the message stays. */
  assert_int_equal (verdict_of (state_of (play)), FELT_SOLVE_WINNABLE);
  assert_string_equal (felt_play_get_message (play), "Demo: any key or click stops it");

  /* Asked again, it stops: no more moves. */
  felt_play_toggle_demo (play);
  assert_false (felt_play_get_demo_running (play));
  assert_int_equal (notes_take (&notes, "demo-running"), 1);
  played = n_moves (play);
  assert_string_equal (felt_play_get_message (play), "");
  wait_ms (2000);
  assert_int_equal (n_moves (play), played);

  /* With no way to win, it says so and plays nothing. */
  felt_play_start (play, felt_game_lookup ("cruel"), lost);
  assert_status (play, "Cannot be won");
  felt_play_toggle_demo (play);
  assert_true (wait_for (play, message_is, "The demo knows no way to win from here", 60));
  assert_false (felt_play_get_demo_running (play));
  assert_int_equal (n_moves (play), 0);
  notes_clear (&notes, play);
}

static gboolean
new_deal_started (FeltPlay *play, gconstpointer old_seed)
{
  return felt_play_get_seed (play) != GPOINTER_TO_UINT (old_seed) && g_str_equal (felt_play_get_message (play), "");
}

/* Moved from test-solver-ui: with winnable-deals-only, New Game deals
 * one the solver wins. */
static void
test_winnable_deals_only (void **unused)
{
  /* Straight Up: more than half of its deals are lost. */
  g_autoptr (FeltPlay) play = new_play ("straight-up", find_deal ("straight-up", 1, FELT_SOLVE_LOST, NULL));

  g_object_set (play, "winnable-deals-only", TRUE, NULL);
  for (int i = 0; i < 6; i++)
    {
      guint32 old = felt_play_get_seed (play);
      gboolean searching;

      felt_play_new_deal (play, NULL);
      g_object_get (play, "searching", &searching, NULL);
      assert_true (searching);
      assert_string_equal (felt_play_get_message (play), "Looking for a winnable deal…");
      assert_true (wait_for (play, new_deal_started, GUINT_TO_POINTER (old), 60));
      assert_int_equal (verdict_of (state_of (play)), FELT_SOLVE_WINNABLE);
      assert_status (play, "Winnable");
    }

  /* Off: a random deal at once. */
  g_object_set (play, "winnable-deals-only", FALSE, NULL);
  {
    guint32 old = felt_play_get_seed (play);
    felt_play_new_deal (play, felt_game_lookup ("backbone"));
    assert_string_equal (felt_play_get_game (play)->id, "backbone");
    assert_true (felt_play_get_seed (play) != old);
  }
}


/* ---- the solver's status while it thinks, and the deal's difficulty ---------------------- */

/* Backbone deal 20831 is one the solver leaves undecided after millions
 * of positions (40 million: rules/solver/README.md; 20084, used before,
 * is now proven lost at once): with no budget to speak of, it searches
 * on for many seconds, until told to stop. */
#define SLOW_GAME "backbone"
#define SLOW_DEAL 20831
#define HUGE_BUDGET G_GUINT64_CONSTANT (1000000000000)

static gboolean
is_thinking (FeltPlay *play, gconstpointer unused)
{
  return felt_play_get_thinking (play);
}

/* Processor time this process spent during `ms` of the main loop: the
 * solver's threads count in it. */
static double
cpu_seconds_during (guint ms)
{
  double before = (double) clock () / CLOCKS_PER_SEC;

  wait_ms (ms);
  return (double) clock () / CLOCKS_PER_SEC - before;
}

/* "Thinking…" with its spinner's property once the search has run for a
 * moment, not at once; gone with the answer. */
static void
test_thinking (void **unused)
{
  g_autoptr (FeltPlay) play = felt_play_new ();
  Notes notes;

  notes_watch (&notes, play);
  felt_play_set_solver_budget (play, HUGE_BUDGET, 300);
  felt_play_start (play, felt_game_lookup (SLOW_GAME), SLOW_DEAL);
  assert_false (felt_play_get_thinking (play));
  assert_string_equal (felt_play_get_solver_status (play), "");
  wait_ms (100);
  assert_false (felt_play_get_thinking (play));
  assert_string_equal (felt_play_get_solver_status (play), "");
  assert_true (wait_for (play, is_thinking, NULL, 5));
  assert_string_equal (felt_play_get_solver_status (play), "Thinking…");
  assert_int_equal (notes_take (&notes, "thinking"), 1);
  {
    gboolean thinking;
    g_object_get (play, "thinking", &thinking, NULL);
    assert_true (thinking);
  }

  /* A move: the new position waits for its own delay. */
  make_a_move (play);
  assert_false (felt_play_get_thinking (play));
  assert_string_not_equal (felt_play_get_solver_status (play), "Thinking…");

  /* A quick answer never shows it. */
  felt_play_set_solver_budget (play, 0, 300);
  felt_play_start (play, felt_game_lookup ("straight-up"), find_deal ("straight-up", 1, FELT_SOLVE_LOST, NULL));
  notes_take (&notes, "thinking");
  assert_status (play, "Cannot be won");
  wait_ms (400);
  assert_false (felt_play_get_thinking (play));
  assert_int_equal (notes_take (&notes, "thinking"), 0);
  notes_clear (&notes, play);
}

/* The budget runs out: "Can't tell", never nothing. */
static void
test_cant_tell (void **unused)
{
  g_autoptr (FeltPlay) play = felt_play_new ();

  felt_play_set_solver_budget (play, 1, 300);
  felt_play_start (play, felt_game_lookup ("hopscotch"), 7);
  assert_status (play, "Can’t tell");
  assert_int_equal (felt_play_get_solver_verdict (play), FELT_SOLVE_UNKNOWN);
  assert_false (felt_play_get_thinking (play));
  /* and stays so: asking again would spend the same budget */
  make_a_move (play);
  assert_true (felt_play_undo (play));
  assert_string_equal (felt_play_get_solver_status (play), "Can’t tell");
}

/* Hidden or minimised (active off), and with the status turned off, the
 * solver stops; shown again, it goes on. */
static void
test_solver_pauses (void **unused)
{
  g_autoptr (FeltPlay) play = felt_play_new ();
  double busy, idle, off;

  felt_play_set_solver_budget (play, HUGE_BUDGET, 50);
  felt_play_start (play, felt_game_lookup (SLOW_GAME), SLOW_DEAL);
  assert_true (wait_for (play, is_thinking, NULL, 5));
  busy = cpu_seconds_during (800);

  g_object_set (play, "active", FALSE, NULL);
  assert_false (felt_play_get_thinking (play));
  assert_string_equal (felt_play_get_solver_status (play), "");
  wait_ms (50);      /* the threads see the flag within a few thousand positions */
  idle = cpu_seconds_during (800);

  g_object_set (play, "active", TRUE, NULL);
  assert_true (wait_for (play, is_thinking, NULL, 5));
  assert_string_equal (felt_play_get_solver_status (play), "Thinking…");

  g_object_set (play, "show-winnable", FALSE, NULL);
  assert_false (felt_play_get_thinking (play));
  wait_ms (50);
  off = cpu_seconds_during (800);
  print_message ("processor time in 0.8 s: searching %.3f s, hidden %.3f s, status off %.3f s\n", busy, idle, off);
  /* The machine may be shared: the searching figure is only a floor. */
  assert_true (busy > 0.1);
  assert_true (idle < 0.04);
  assert_true (off < 0.04);

  g_object_set (play, "show-winnable", TRUE, NULL);
  assert_true (wait_for (play, is_thinking, NULL, 5));

  /* Hint still works with the solver stopped. */
  g_object_set (play, "active", FALSE, NULL);
  {
    FeltMove move;
    assert_true (felt_play_hint (play, &move));
  }
}

static gboolean
is_rated (FeltPlay *play, gconstpointer unused)
{
  return felt_play_get_difficulty (play) != FELT_DIFFICULTY_UNKNOWN;
}

/* The deal's difficulty is felt_solver_rate's, and a win counts under it. */
static void
test_difficulty (void **unused)
{
  g_autoptr (FeltPlay) play = NULL;
  guint32 seed = find_deal ("cruel", 1, FELT_SOLVE_WINNABLE, NULL);
  FeltState st;
  FeltRating rating;
  g_autofree char *id = NULL;
  FeltStats stats;

  felt_state_deal (&st, felt_game_lookup ("cruel"), seed);
  assert_true (felt_solver_rate (&st, NULL, NULL, &rating));
  assert_true (rating.difficulty <= FELT_DIFFICULTY_HARD);

  play = new_play ("cruel", seed);
  assert_true (wait_for (play, is_rated, NULL, 30));
  assert_int_equal (felt_play_get_difficulty (play), rating.difficulty);
  g_object_get (play, "difficulty", &id, NULL);
  assert_string_equal (id, felt_difficulty_id (rating.difficulty));
  /* the rating's search answers for the first position too */
  assert_status (play, "Winnable");

  play_winning_line (play, 0);
  stats = read_stats ();
  assert_int_equal (stats.games[FELT_GAME_CRUEL].won, 1);
  assert_int_equal (stats.games[FELT_GAME_CRUEL].won_by_difficulty[rating.difficulty], 1);

  /* Another deal: unknown until rated. */
  felt_play_start (play, felt_game_lookup ("cruel"), seed + 1);
  assert_int_equal (felt_play_get_difficulty (play), FELT_DIFFICULTY_UNKNOWN);
}

/* new-deal=easy: New Game deals an easy deal, and knows it; the old
 * winnable-deals-only switch is "winnable". */
static void
test_new_deal_easy (void **unused)
{
  g_autoptr (FeltPlay) play = new_play ("cruel", 1);
  g_autofree char *choice = NULL;
  gboolean only;

  g_object_set (play, "new-deal", "easy", NULL);
  g_object_get (play, "winnable-deals-only", &only, NULL);
  assert_true (only);
  for (int i = 0; i < 3; i++)
    {
      guint32 old = felt_play_get_seed (play);
      FeltRating rating;

      felt_play_new_deal (play, NULL);
      assert_string_equal (felt_play_get_message (play), "Looking for an easy deal…");
      assert_true (wait_for (play, new_deal_started, GUINT_TO_POINTER (old), 60));
      assert_true (felt_solver_rate (state_of (play), NULL, NULL, &rating));
      assert_int_equal (rating.difficulty, FELT_DIFFICULTY_EASY);
      assert_int_equal (felt_play_get_difficulty (play), FELT_DIFFICULTY_EASY);
    }

  g_object_set (play, "new-deal", "no such choice", NULL);
  g_object_get (play, "new-deal", &choice, NULL);
  assert_string_equal (choice, "any");
  g_object_set (play, "winnable-deals-only", TRUE, NULL);
  g_clear_pointer (&choice, g_free);
  g_object_get (play, "new-deal", &choice, NULL);
  assert_string_equal (choice, "winnable");
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_status, setup, teardown),
    cmocka_unit_test_setup_teardown (test_solver_waits_for_screen, setup, teardown),
    cmocka_unit_test_setup_teardown (test_moves_back, setup, teardown),
    cmocka_unit_test_setup_teardown (test_hints, setup, teardown),
    cmocka_unit_test_setup_teardown (test_hint_text, setup, teardown),
    cmocka_unit_test_setup_teardown (test_demo, setup, teardown),
    cmocka_unit_test_setup_teardown (test_winnable_deals_only, setup, teardown),
    cmocka_unit_test_setup_teardown (test_thinking, setup, teardown),
    cmocka_unit_test_setup_teardown (test_cant_tell, setup, teardown),
    cmocka_unit_test_setup_teardown (test_solver_pauses, setup, teardown),
    cmocka_unit_test_setup_teardown (test_difficulty, setup, teardown),
    cmocka_unit_test_setup_teardown (test_new_deal_easy, setup, teardown),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
