/* test-play-solution.c: the Solution mode (FeltPlay with
 * src/play/felt-solution.c), with no display: entering, stepping,
 * leaving and taking over, the statistics of a deal whose solution was
 * shown, why the solution cannot be shown, and a new deal in the mode.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "test-play.h"

static gboolean
reason_is (FeltPlay *play, gconstpointer reason)
{
  return (int) felt_solution_get_reason (felt_play_get_solution (play)) == GPOINTER_TO_INT (reason);
}

static void
assert_reason (FeltPlay *play, FeltSolutionReason reason)
{
  if (!wait_for (play, reason_is, GINT_TO_POINTER (reason), 60))
    fail_msg ("the reason is %d, not %d (%s)", felt_solution_get_reason (felt_play_get_solution (play)), reason,
              felt_solution_get_label (felt_play_get_solution (play)));
}

/* The player's history: the moves, oldest first, then the redo list. */
typedef struct {
  FeltState state;
  guint n_moves, n_redo;
  FeltMove moves[64], redo[64];
} Kept;

static void
keep (FeltSession *s, Kept *k)
{
  memset (k, 0, sizeof *k);
  k->state = *felt_session_get_state (s);
  k->n_moves = felt_session_get_n_moves (s);
  k->n_redo = felt_session_get_n_redo (s);
  for (guint i = 0; i < k->n_moves && i < 64; i++)
    k->moves[i] = felt_session_get_move (s, i);
  for (guint i = 0; i < k->n_redo && i < 64; i++)
    k->redo[i] = felt_session_get_redo (s, i);
}

static void
assert_kept (FeltSession *s, const Kept *k)
{
  Kept now;

  keep (s, &now);
  assert_true (felt_state_equal (&now.state, &k->state));
  assert_int_equal (now.n_moves, k->n_moves);
  assert_int_equal (now.n_redo, k->n_redo);
  assert_memory_equal (now.moves, k->moves, sizeof now.moves);
  assert_memory_equal (now.redo, k->redo, sizeof now.redo);
}

/* A winnable Cruel deal, two moves of its winning line played and one
 * taken back: the player has moves and a move to redo. */
static FeltPlay *
winnable_play_with_history (void)
{
  guint32 seed = find_deal ("cruel", 1, FELT_SOLVE_WINNABLE, NULL);
  FeltPlay *play = new_play ("cruel", seed);
  FeltMove move;

  for (guint i = 0; i < 2; i++)
    {
      assert_reason (play, FELT_SOLUTION_AVAILABLE);
      assert_true (felt_play_hint (play, &move));
      assert_true (felt_play_move (play, &move, FALSE));
    }
  assert_true (felt_play_undo (play));
  assert_reason (play, FELT_SOLUTION_AVAILABLE);
  assert_string_equal (felt_solution_get_label (felt_play_get_solution (play)), "Show Solution");
  return play;
}

/* Counts the "step" signals and keeps the last sentence. */
typedef struct {
  guint count;
  char *sentence;
  FeltState before;
} Steps;

static void
on_step (FeltSolution *solution, const FeltState *before, const char *sentence, Steps *steps)
{
  steps->count++;
  steps->before = *before;
  g_free (steps->sentence);
  steps->sentence = g_strdup (sentence);
}

/* Entering shows a copy of the player's position; each step changes the
 * copy only, forward and back exactly, and says the move; the game in
 * play takes no move meanwhile. */
static void
test_enter_and_step (void **unused)
{
  g_autoptr (FeltPlay) play = winnable_play_with_history ();
  FeltSolution *solution = felt_play_get_solution (play);
  FeltSession *player = felt_play_get_session (play);
  FeltSession *shown;
  FeltState at_start;
  FeltMove move;
  Kept kept;
  Steps steps = { 0 };

  keep (player, &kept);
  g_signal_connect (solution, "step", G_CALLBACK (on_step), &steps);
  assert_false (felt_solution_get_active (solution));
  assert_true (felt_play_show_solution (play));
  assert_true (felt_solution_get_active (solution));
  shown = felt_solution_get_session (solution);
  assert_non_null (shown);
  assert_ptr_not_equal (shown, player);
  assert_ptr_equal (felt_play_get_session (play), player);
  assert_true (felt_state_equal (felt_session_get_state (shown), &kept.state));
  assert_int_equal (felt_solution_get_position (solution), 0);
  assert_true (felt_solution_get_length (solution) > 3);
  assert_false (felt_solution_get_shown (solution));
  assert_non_null (strstr (felt_solution_get_text (solution), "steps to win"));
  at_start = *felt_session_get_state (shown);
  assert_false (felt_solution_step_back (solution));

  /* Forward: the winning line's first move, said as a move is. */
  assert_true (felt_solution_step_forward (solution));
  assert_int_equal (steps.count, 1);
  assert_true (felt_state_equal (&steps.before, &at_start));
  assert_int_equal (felt_solution_get_position (solution), 1);
  assert_true (felt_solution_get_shown (solution));
  assert_false (felt_state_equal (felt_session_get_state (shown), &at_start));
  move = felt_session_get_move (shown, felt_session_get_n_moves (shown) - 1);
  {
    g_autofree char *words = felt_phrase_move (&at_start, &move);
    g_autofree char *text = g_strdup_printf ("Step 1 of %u: %s", felt_solution_get_length (solution), words);
    assert_string_equal (steps.sentence, words);
    assert_string_equal (felt_solution_get_text (solution), text);
  }
  assert_true (felt_solution_step_forward (solution));
  assert_int_equal (felt_solution_get_position (solution), 2);

  /* The game in play waits: no move, Undo, Redo, Hint or demo. */
  assert_false (felt_play_move (play, &move, FALSE));
  assert_false (felt_play_undo (play));
  assert_false (felt_play_redo (play));
  assert_false (felt_play_hint (play, &move));
  felt_play_toggle_demo (play);
  assert_false (felt_play_get_demo_running (play));
  assert_kept (player, &kept);

  /* Back twice: exactly the player's position. */
  assert_true (felt_solution_step_back (solution));
  assert_non_null (strstr (steps.sentence, "back"));
  assert_true (felt_solution_step_back (solution));
  assert_false (felt_solution_step_back (solution));
  assert_int_equal (steps.count, 4);
  assert_true (felt_state_equal (felt_session_get_state (shown), &at_start));
  assert_int_equal (felt_solution_get_position (solution), 0);
  /* Still shown: the player saw the steps. */
  assert_true (felt_solution_get_shown (solution));
  felt_solution_leave (solution);
  g_free (steps.sentence);
}

/* Leave: the player's session as it was, history and clock; the clock
 * stood still meanwhile. */
static void
test_leave_restores (void **unused)
{
  g_autoptr (FeltPlay) play = winnable_play_with_history ();
  FeltSolution *solution = felt_play_get_solution (play);
  FeltSession *player = felt_play_get_session (play);
  guint elapsed;
  Kept kept;

  assert_true (wait_for (play, elapsed_at_least, GUINT_TO_POINTER (1), 10));
  keep (player, &kept);
  assert_true (felt_play_show_solution (play));
  elapsed = felt_play_get_elapsed (play);
  for (guint i = 0; i < 5; i++)
    assert_true (felt_solution_step_forward (solution));
  assert_true (felt_solution_step_back (solution));
  wait_ms (2100);
  assert_int_equal (felt_play_get_elapsed (play), elapsed);

  felt_solution_leave (solution);
  assert_false (felt_solution_get_active (solution));
  assert_null (felt_solution_get_session (solution));
  assert_ptr_equal (felt_play_get_session (play), player);
  assert_kept (player, &kept);
  /* The player's history works as before: undo, and redo what was undone. */
  assert_true (felt_play_get_can_redo (play));
  assert_true (felt_play_redo (play));
  assert_true (felt_play_undo (play));
  /* The clock goes on. */
  assert_true (wait_for (play, elapsed_at_least, GUINT_TO_POINTER (elapsed + 1), 10));
  /* A step was shown: the deal is no longer the player's alone. */
  assert_true (felt_play_get_solution_shown (play));
  assert_false (felt_play_in_progress (play));
}

/* Take over: the player's moves and the steps shown, none beyond; Undo
 * goes back through them to the player's own moves. */
static void
test_take_over (void **unused)
{
  g_autoptr (FeltPlay) play = winnable_play_with_history ();
  FeltSolution *solution = felt_play_get_solution (play);
  FeltSession *session;
  FeltState shown_state;
  FeltMove steps[3];
  Kept kept;

  keep (felt_play_get_session (play), &kept);
  assert_true (felt_play_show_solution (play));
  for (guint i = 0; i < 4; i++)
    assert_true (felt_solution_step_forward (solution));
  assert_true (felt_solution_step_back (solution));
  shown_state = *felt_session_get_state (felt_solution_get_session (solution));
  for (guint i = 0; i < 3; i++)
    steps[i] = felt_session_get_move (felt_solution_get_session (solution), kept.n_moves + i);

  felt_play_take_over (play);
  assert_false (felt_solution_get_active (solution));
  session = felt_play_get_session (play);
  assert_true (felt_state_equal (felt_session_get_state (session), &shown_state));
  assert_int_equal (felt_session_get_n_moves (session), kept.n_moves + 3);
  assert_int_equal (felt_session_get_n_redo (session), 0);
  for (guint i = 0; i < kept.n_moves; i++)
    {
      FeltMove m = felt_session_get_move (session, i);
      assert_memory_equal (&m, &kept.moves[i], sizeof m);
    }
  for (guint i = 0; i < 3; i++)
    {
      FeltMove m = felt_session_get_move (session, kept.n_moves + i);
      assert_memory_equal (&m, &steps[i], sizeof m);
    }
  assert_true (felt_play_get_solution_shown (play));

  /* The game goes on from there; Undo takes back the steps, then the
   * player's own moves. */
  for (guint i = 0; i < 3; i++)
    assert_true (felt_play_undo (play));
  assert_true (felt_state_equal (felt_session_get_state (session), &kept.state));
  assert_true (felt_play_undo (play));
  assert_int_equal (felt_session_get_n_moves (session), kept.n_moves - 1);
}

/* A win after taking over is not the player's: the statistics stay as
 * they were, the history says the solution was shown. */
static void
test_win_after_take_over (void **unused)
{
  g_autoptr (FeltPlay) play = winnable_play_with_history ();
  FeltSolution *solution = felt_play_get_solution (play);
  const FeltHistory *history;
  const FeltHistoryEntry *last;
  FeltGameId cruel = FELT_GAME_CRUEL;

  assert_true (felt_play_show_solution (play));
  while (felt_solution_step_forward (solution))
    ;
  assert_int_equal (felt_solution_get_position (solution), felt_solution_get_length (solution));
  assert_true (felt_state_is_won (felt_session_get_state (felt_solution_get_session (solution))));
  /* The solution's win is not the game's. */
  assert_false (felt_play_get_won (play));
  assert_int_equal (felt_play_get_history (play)->entries->len, 0);

  felt_play_take_over (play);
  assert_true (felt_play_get_won (play));
  assert_reason (play, FELT_SOLUTION_OVER);
  assert_string_equal (felt_solution_get_label (solution), "Show Solution (Game Over)");
  assert_false (felt_play_show_solution (play));

  /* Asked again: saving may have read the history file anew. */
  history = felt_play_get_history (play);
  assert_int_equal (history->entries->len, 1);
  last = &g_array_index (history->entries, FeltHistoryEntry, 0);
  assert_true (last->solution);
  assert_false (last->demo);
  assert_int_equal (last->result, FELT_HISTORY_WON);
  assert_int_equal (felt_play_get_stats (play)->games[cruel].played, 0);
  assert_int_equal (felt_play_get_stats (play)->games[cruel].won, 0);
  wait_ms (50);
  {
    FeltStats on_disk = read_stats ();
    assert_int_equal (on_disk.games[cruel].played, 0);
    assert_int_equal (on_disk.games[cruel].won, 0);
  }
}

static gboolean
solution_active (FeltPlay *play, gconstpointer unused)
{
  return felt_solution_get_active (felt_play_get_solution (play));
}

/* Why the solution cannot be shown, in the menu item's label. */
static void
test_reasons (void **unused)
{
  FeltMove fatal;
  guint32 lost = find_deal ("cruel", 1, FELT_SOLVE_LOST, NULL);
  guint32 winnable = find_deal ("cruel", 1, FELT_SOLVE_WINNABLE, &fatal);
  g_autoptr (FeltPlay) play = felt_play_new ();
  FeltSolution *solution = felt_play_get_solution (play);

  assert_int_equal (felt_solution_get_reason (solution), FELT_SOLUTION_NO_GAME);
  assert_false (felt_play_show_solution (play));

  /* Slow to think: still deciding. */
  felt_play_set_solver_budget (play, 0, 10);
  felt_play_start (play, felt_game_lookup ("cruel"), lost);
  assert_int_equal (felt_solution_get_reason (solution), FELT_SOLUTION_DECIDING);
  assert_string_equal (felt_solution_get_label (solution), "Show Solution (Still Deciding…)");
  assert_false (felt_play_show_solution (play));
  assert_false (felt_solution_get_active (solution));

  assert_reason (play, FELT_SOLUTION_NEVER);
  assert_string_equal (felt_solution_get_label (solution), "Show Solution (Cannot Be Won)");
  assert_false (felt_play_show_solution (play));

  felt_play_start (play, felt_game_lookup ("cruel"), winnable);
  assert_reason (play, FELT_SOLUTION_AVAILABLE);
  assert_true (felt_play_move (play, &fatal, FALSE));
  assert_reason (play, FELT_SOLUTION_LOST);
  assert_string_equal (felt_solution_get_label (solution), "Show Solution (No Longer Winnable)");
  assert_false (felt_play_show_solution (play));
  assert_true (felt_play_undo (play));
  assert_reason (play, FELT_SOLUTION_AVAILABLE);

  /* A budget too small to decide. */
  felt_play_set_solver_budget (play, 10, 300);
  felt_play_start (play, felt_game_lookup ("backbone"), 3);
  assert_reason (play, FELT_SOLUTION_UNDECIDED);
  assert_string_equal (felt_solution_get_label (solution), "Show Solution (Too Hard to Solve)");

  /* The winnable status off: the solver is asked when the player asks
   * (a new game object: this one remembers the deal). */
  g_clear_object (&play);
  play = felt_play_new ();
  solution = felt_play_get_solution (play);
  g_object_set (play, "show-winnable", FALSE, NULL);
  felt_play_start (play, felt_game_lookup ("cruel"), winnable);
  wait_ms (200);
  assert_int_equal (felt_solution_get_reason (solution), FELT_SOLUTION_ASK);
  assert_string_equal (felt_solution_get_label (solution), "Show Solution");
  assert_true (felt_play_show_solution (play));
  assert_string_equal (felt_play_get_message (play), "Looking for a solution…");
  if (!wait_for (play, solution_active, NULL, 60))
    fail_msg ("not entered: reason %d, message %s, verdict %d", felt_solution_get_reason (solution),
              felt_play_get_message (play), felt_play_get_solver_verdict (play));
}

/* New Game in the mode leaves it first; the deal left is no loss. */
static void
test_new_game_leaves (void **unused)
{
  g_autoptr (FeltPlay) play = winnable_play_with_history ();
  FeltSolution *solution = felt_play_get_solution (play);
  FeltGameId cruel = FELT_GAME_CRUEL;

  assert_true (felt_play_show_solution (play));
  assert_true (felt_solution_step_forward (solution));
  assert_false (felt_play_in_progress (play));
  felt_play_new_deal (play, NULL);
  assert_false (felt_solution_get_active (solution));
  assert_int_equal (felt_session_get_n_moves (felt_play_get_session (play)), 0);
  assert_false (felt_play_get_solution_shown (play));
  assert_int_equal (felt_play_get_stats (play)->games[cruel].played, 0);

  /* Undo brings the deal back, still not the player's. */
  assert_true (felt_play_undo (play));
  assert_true (felt_session_get_n_moves (felt_play_get_session (play)) > 0);
  assert_false (felt_play_in_progress (play));
}

/* Shows a step of the solution in a winnable deal, then leaves the
 * mode: the deal is no longer the player's alone. */
static FeltPlay *
play_with_solution_shown (void)
{
  FeltPlay *play = winnable_play_with_history ();
  FeltSolution *solution = felt_play_get_solution (play);

  assert_true (felt_play_show_solution (play));
  assert_true (felt_solution_step_forward (solution));
  felt_solution_leave (solution);
  assert_true (felt_play_get_solution_shown (play));
  assert_false (felt_play_get_demo_played (play));
  return play;
}

/* The game is won from where it is: its history entry says the
 * solution was shown (not the demo), the statistics stay as they were,
 * and the game is kept for Replay (it is not the demo's). */
static void
assert_won_with_solution (FeltPlay *play)
{
  const FeltHistory *history;
  const FeltHistoryEntry *last;
  FeltGameId cruel = FELT_GAME_CRUEL;

  /* What the end dialog asks: its title and text, its Replay button; the
   * status line says what the dialog does. */
  assert_true (felt_play_get_solution_shown (play));
  assert_false (felt_play_get_demo_played (play));
  assert_false (felt_play_in_progress (play));
  play_winning_line (play, 0);
  assert_true (felt_play_get_won (play));
  assert_string_equal (felt_play_get_message (play), "Won with the solution");
  history = felt_play_get_history (play);
  assert_true (history->entries->len >= 1);
  last = &g_array_index (history->entries, FeltHistoryEntry, history->entries->len - 1);
  assert_int_equal (last->result, FELT_HISTORY_WON);
  assert_true (last->solution);
  assert_false (last->demo);
  assert_int_equal (felt_play_get_stats (play)->games[cruel].played, 0);
  assert_int_equal (read_stats ().games[cruel].played, 0);
  assert_non_null (felt_play_get_last_game (play));
  assert_int_equal (felt_play_get_last_game (play)->result, FELT_HISTORY_WON);
}

/* Saved and resumed (Felt quit and started again), a game the solution
 * was shown in is still that, not the demo's. */
static void
test_solution_shown_resumed (void **unused)
{
  FeltPlay *play = play_with_solution_shown ();

  g_object_unref (play);
  play = felt_play_new ();
  assert_true (felt_play_resume (play));
  assert_null (felt_play_get_notice (play));
  assert_won_with_solution (play);
  g_object_unref (play);
}

/* The same for a game brought back by Undo New Game. */
static void
test_solution_shown_undo_new_game (void **unused)
{
  g_autoptr (FeltPlay) play = play_with_solution_shown ();
  guint32 seed = felt_play_get_seed (play);

  felt_play_start (play, felt_game_lookup ("cruel"), seed + 1);
  assert_false (felt_play_get_solution_shown (play));
  assert_true (felt_play_undo (play));
  assert_int_equal (felt_play_get_seed (play), seed);
  assert_won_with_solution (play);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_enter_and_step, setup, teardown),
    cmocka_unit_test_setup_teardown (test_leave_restores, setup, teardown),
    cmocka_unit_test_setup_teardown (test_take_over, setup, teardown),
    cmocka_unit_test_setup_teardown (test_win_after_take_over, setup, teardown),
    cmocka_unit_test_setup_teardown (test_reasons, setup, teardown),
    cmocka_unit_test_setup_teardown (test_new_game_leaves, setup, teardown),
    cmocka_unit_test_setup_teardown (test_solution_shown_resumed, setup, teardown),
    cmocka_unit_test_setup_teardown (test_solution_shown_undo_new_game, setup, teardown),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
