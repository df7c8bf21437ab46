/* test-play-parts.c: the parts the game in play owns, each on its own
 * and with no display: the clock (felt-clock.c), the record on disk
 * (felt-record.c), the solver's view of the deal (felt-solver-view.c)
 * and when it may search (felt-solver-gate.c), the demo (felt-demo.c), the deal finder (felt-deal-finder.c), the
 * games left behind (felt-left-games.c), the position's texts
 * (felt-position-text.c) and the automatic moves (felt-auto-moves.c);
 * and how an owner shows its parts' properties (felt-forward.c).
 * FeltPlay as a whole is tested by test-play*.c.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "test-play.h"

#include "felt-auto-moves.h"
#include "felt-clock.h"
#include "felt-deal-finder.h"
#include "felt-demo.h"
#include "felt-forward.h"
#include "felt-left-games.h"
#include "felt-position-text.h"
#include "felt-record.h"
#include "felt-solver-gate.h"
#include "felt-solver-view.h"

/* Runs the main loop until *flag is set; FALSE after `seconds`. */
static gboolean
wait_flag (const gboolean *flag, int seconds)
{
  gint64 end = g_get_monotonic_time () + seconds * G_USEC_PER_SEC;

  while (!*flag && g_get_monotonic_time () < end)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (1000);
  return *flag;
}

/* The clock counts only while it runs, shows the time to the second and
 * starts again from the time it is given. */
static void
test_clock (void **unused)
{
  g_autoptr (FeltClock) clock = felt_clock_new ();
  Notes notes;

  notes_watch (&notes, clock);
  assert_false (felt_clock_get_running (clock));
  assert_string_equal (felt_clock_get_elapsed_text (clock), "0:00");
  wait_ms (50);
  assert_int_equal (felt_clock_get_usec (clock), 0);

  felt_clock_run (clock, TRUE);
  assert_true (felt_clock_get_running (clock));
  assert_int_equal (notes_take (&notes, "running"), 1);
  wait_ms (1100);
  assert_true (felt_clock_get_usec (clock) >= G_USEC_PER_SEC);
  /* The time shown follows within a tick (a second, give or take). */
  for (int i = 0; i < 30 && felt_clock_get_elapsed (clock) < 1; i++)
    wait_ms (100);
  assert_true (felt_clock_get_elapsed (clock) >= 1);
  assert_true (notes_take (&notes, "elapsed-text") >= 1);

  felt_clock_run (clock, FALSE);
  assert_int_equal (notes_take (&notes, "running"), 1);
  {
    gint64 stopped = felt_clock_get_usec (clock);
    wait_ms (50);
    assert_int_equal (felt_clock_get_usec (clock), stopped);
  }

  /* A resumed game's time, shown at once: hours too. */
  felt_clock_reset (clock, (gint64) 3723 * G_USEC_PER_SEC);
  assert_false (felt_clock_get_running (clock));
  assert_int_equal (felt_clock_get_elapsed (clock), 3723);
  assert_string_equal (felt_clock_get_elapsed_text (clock), "1:02:03");
  felt_clock_reset (clock, 0);
  assert_string_equal (felt_clock_get_elapsed_text (clock), "0:00");
  notes_clear (&notes, clock);
}

/* The record saves the game and counts results in its own data folder;
 * the notice shows what the window sets and goes when closed. */
static void
test_record (void **unused)
{
  const FeltGame *game = felt_game_lookup ("cruel");
  g_autoptr (FeltSession) session = felt_session_new (game, 7);
  g_autoptr (FeltSession) loaded = NULL;
  g_autoptr (FeltRecord) record = felt_record_new ();
  FeltGameId id = felt_state_get_game_id (felt_session_get_state (session));
  gint64 elapsed_ms = 0;
  FeltGameHelp help = FELT_GAME_HELP_DEMO;
  FeltMove moves[FELT_MAX_MOVES];
  FeltStats stats;

  assert_null (felt_record_get_notice (record));
  assert_null (felt_record_load_game (record, &elapsed_ms, &help));
  assert_int_equal (help, FELT_GAME_HELP_NONE);

  assert_true (felt_state_legal_moves (felt_session_get_state (session), moves) > 0);
  assert_int_equal (felt_session_play (session, &moves[0]), FELT_LEGAL);
  /* The help the game had comes back with it (the solution, not the demo). */
  felt_record_save (record, session, 4500, FELT_GAME_HELP_SOLUTION, FALSE);
  assert_false (felt_record_get_retry_pending (record));
  {
    g_autoptr (FeltRecord) again = felt_record_new ();
    loaded = felt_record_load_game (again, &elapsed_ms, &help);
  }
  assert_non_null (loaded);
  assert_int_equal (elapsed_ms, 4500);
  assert_int_equal (help, FELT_GAME_HELP_SOLUTION);
  assert_int_equal (felt_session_get_n_moves (loaded), 1);
  assert_true (felt_state_equal (felt_session_get_state (loaded), felt_session_get_state (session)));

  /* Results, a loss taken back, and the statistics on disk. */
  felt_record_count_win (record, id, 60000, 80, FELT_DIFFICULTY_EASY);
  felt_record_count_loss (record, id);
  assert_int_equal (felt_record_get_stats (record)->games[id].played, 2);
  felt_record_uncount_loss (record, id, 1);
  assert_int_equal (felt_record_get_stats (record)->games[id].played, 1);
  assert_int_equal (felt_record_get_stats (record)->games[id].won, 1);
  felt_record_save (record, session, 4500, FELT_GAME_HELP_NONE, FALSE);
  stats = read_stats ();
  assert_int_equal (stats.games[id].played, 1);
  felt_record_reset_stats (record);
  assert_int_equal (felt_record_get_stats (record)->games[id].played, 0);

  /* A result in the history and the statistics; the demo's only in the
   * history, marked. */
  felt_record_count_result (record, session, 3000, FELT_DIFFICULTY_HARD, FALSE, FALSE, FALSE);
  felt_record_count_result (record, session, 3000, FELT_DIFFICULTY_HARD, TRUE, FALSE, FALSE);
  assert_int_equal (felt_record_get_stats (record)->games[id].played, 1);
  assert_int_equal (felt_record_get_stats (record)->games[id].won, 0);
  {
    const FeltHistory *history = felt_record_get_history (record);
    const FeltHistoryEntry *e = &g_array_index (history->entries, FeltHistoryEntry, history->entries->len - 2);

    assert_int_equal (e->game, id);
    assert_int_equal (e->deal, 7);
    assert_int_equal (e->result, FELT_HISTORY_GIVEN_UP);
    assert_int_equal (e->time_ms, 3000);
    assert_int_equal (e->moves, 1);
    assert_int_equal (e->difficulty, FELT_DIFFICULTY_HARD);
    assert_false (e->demo);
    assert_true (e[1].demo);
    assert_false (e[1].solution);
  }
  /* A game the solution was shown in: the history only, marked so. */
  felt_record_count_result (record, session, 3000, FELT_DIFFICULTY_HARD, FALSE, TRUE, TRUE);
  assert_int_equal (felt_record_get_stats (record)->games[id].played, 1);
  assert_int_equal (felt_record_get_stats (record)->games[id].won, 0);
  {
    const FeltHistory *history = felt_record_get_history (record);
    const FeltHistoryEntry *e = &g_array_index (history->entries, FeltHistoryEntry, history->entries->len - 1);

    assert_int_equal (e->result, FELT_HISTORY_WON);
    assert_true (e->solution);
    assert_false (e->demo);
  }

  felt_record_set_notice (record, "Said once");
  assert_string_equal (felt_record_get_notice (record), "Said once");
  felt_record_set_notice (record, NULL);
  assert_null (felt_record_get_notice (record));
}

static gboolean
view_knows (FeltSolverView *view)
{
  return felt_solver_view_get_verdict (view) != FELT_SOLVE_UNKNOWN;
}

/* The solver's view says a winnable deal is winnable, hints its winning
 * line and rates the deal; with the status off it shows nothing. */
static void
test_solver_view (void **unused)
{
  guint32 seed = find_deal ("cruel", 1, FELT_SOLVE_WINNABLE, NULL);
  const FeltGame *game = felt_game_lookup ("cruel");
  g_autoptr (FeltSession) session = felt_session_new (game, seed);
  g_autoptr (FeltSolverView) view = felt_solver_view_new ();
  gint64 end = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;
  FeltSolveVerdict verdict;
  FeltMove hint, next;

  assert_string_equal (felt_solver_view_get_status (view), "");
  felt_solver_view_set_session (view, session);
  /* Not allowed to search: nothing known yet. */
  felt_solver_view_analyse (view, FALSE);
  assert_int_equal (felt_solver_view_get_verdict (view), FELT_SOLVE_UNKNOWN);

  felt_solver_view_analyse (view, TRUE);
  while (!view_knows (view) && g_get_monotonic_time () < end)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (1000);
  assert_int_equal (felt_solver_view_get_verdict (view), FELT_SOLVE_WINNABLE);
  assert_string_equal (felt_solver_view_get_status (view), "Winnable");
  assert_int_equal (felt_solver_view_get_moves_back (view), 0);
  assert_false (felt_solver_view_get_won (view));

  /* The hint is the winning line's next move. */
  assert_true (felt_solver_view_lookup (view, &verdict, &next));
  assert_true (felt_solver_view_hint (view, TRUE, &hint));
  assert_memory_equal (&hint, &next, sizeof hint);

  /* The rating of the deal comes (or is set by a deal search). */
  felt_solver_view_set_rated (view, game, seed, FELT_DIFFICULTY_HARD);
  assert_int_equal (felt_solver_view_get_difficulty (view), FELT_DIFFICULTY_HARD);
  felt_solver_view_set_rated (view, game, seed + 1, FELT_DIFFICULTY_EASY);
  assert_int_equal (felt_solver_view_get_difficulty (view), FELT_DIFFICULTY_UNKNOWN);

  felt_solver_view_set_show_winnable (view, FALSE);
  felt_solver_view_analyse (view, FALSE);
  assert_string_equal (felt_solver_view_get_status (view), "");
  felt_solver_view_set_session (view, NULL);
}

/* The solver searches on its own only while the game is on the screen
 * and the window active with the status wanted, or for the demo or Show
 * Solution; a change of the window's state updates the view by itself. */
static void
test_solver_gate (void **unused)
{
  guint32 seed = find_deal ("cruel", 1, FELT_SOLVE_WINNABLE, NULL);
  g_autoptr (FeltSession) session = felt_session_new (felt_game_lookup ("cruel"), seed);
  g_autoptr (FeltSolverView) view = felt_solver_view_new ();
  g_autoptr (FeltDemo) demo = felt_demo_new (view);
  g_autoptr (FeltSolverGate) gate = felt_solver_gate_new (view, demo);
  gint64 end = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;
  gboolean on_screen = TRUE;
  Notes notes;

  assert_true (felt_solver_gate_get_on_screen (gate));
  assert_true (felt_solver_gate_get_active (gate));
  assert_false (felt_solver_gate_get_wanted (gate));
  assert_true (felt_solver_gate_get_allowed (gate));
  notes_watch (&notes, gate);

  /* Not on the screen yet: no search, whatever else. */
  g_object_set (gate, "on-screen", FALSE, NULL);
  assert_int_equal (notes_take (&notes, "on-screen"), 1);
  g_object_set (gate, "on-screen", FALSE, NULL);
  assert_int_equal (notes_take (&notes, "on-screen"), 0);
  g_object_get (gate, "on-screen", &on_screen, NULL);
  assert_false (on_screen);
  felt_solver_view_set_session (view, session);
  felt_solver_gate_update (gate);
  felt_solver_gate_set_wanted (gate, TRUE);
  assert_false (felt_solver_gate_get_allowed (gate));
  felt_solver_gate_set_wanted (gate, FALSE);
  wait_ms (300);
  assert_int_equal (felt_solver_view_get_verdict (view), FELT_SOLVE_UNKNOWN);

  /* On the screen but minimised: only the demo or Show Solution ask. */
  felt_solver_gate_set_on_screen (gate, TRUE);
  felt_solver_gate_set_active (gate, FALSE);
  assert_int_equal (notes_take (&notes, "active"), 1);
  assert_false (felt_solver_gate_get_allowed (gate));
  felt_solver_gate_set_wanted (gate, TRUE);
  assert_true (felt_solver_gate_get_allowed (gate));
  felt_solver_gate_set_wanted (gate, FALSE);
  felt_demo_start (demo, FELT_DEMO_STEP_MS);
  assert_true (felt_solver_gate_get_allowed (gate));
  felt_demo_stop (demo);
  /* Shown, with the status off: no search either. */
  felt_solver_view_set_show_winnable (view, FALSE);
  felt_solver_gate_set_active (gate, TRUE);
  assert_false (felt_solver_gate_get_allowed (gate));

  /* The status switched on: the view searches at once, no move needed. */
  felt_solver_view_set_show_winnable (view, TRUE);
  assert_true (felt_solver_gate_get_allowed (gate));
  while (felt_solver_view_get_verdict (view) == FELT_SOLVE_UNKNOWN && g_get_monotonic_time () < end)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (1000);
  assert_int_equal (felt_solver_view_get_verdict (view), FELT_SOLVE_WINNABLE);
  notes_clear (&notes, gate);
  felt_solver_view_set_session (view, NULL);
}

static void
on_demo_move (FeltDemo *demo, const FeltMove *move, gpointer data)
{
  FeltSession *session = data;

  assert_int_equal (felt_session_play (session, move), FELT_LEGAL);
}

static void
on_flag (gpointer instance, gboolean *flag)
{
  *flag = TRUE;
}

/* The demo hands over the winning line's moves until it is stopped, and
 * gives up on a lost deal. */
static void
test_demo (void **unused)
{
  const FeltGame *game = felt_game_lookup ("cruel");
  guint32 winnable = find_deal ("cruel", 1, FELT_SOLVE_WINNABLE, NULL);
  guint32 lost = find_deal ("cruel", 1, FELT_SOLVE_LOST, NULL);
  g_autoptr (FeltSession) session = felt_session_new (game, winnable);
  g_autoptr (FeltSession) lost_session = felt_session_new (game, lost);
  g_autoptr (FeltSolverView) view = felt_solver_view_new ();
  g_autoptr (FeltDemo) demo = felt_demo_new (view);
  gint64 end = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;
  gboolean gave_up = FALSE;

  felt_solver_view_set_session (view, session);
  g_signal_connect (demo, "move", G_CALLBACK (on_demo_move), session);
  g_signal_connect (demo, "gave-up", G_CALLBACK (on_flag), &gave_up);
  felt_demo_start (demo, FELT_DEMO_STEP_MS);
  assert_true (felt_demo_get_running (demo));
  while (felt_session_get_n_moves (session) < 3 && g_get_monotonic_time () < end)
    {
      /* The game in play asks the solver after each move. */
      felt_solver_view_analyse (view, TRUE);
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (1000);
    }
  assert_true (felt_session_get_n_moves (session) >= 3);
  felt_demo_stop (demo);
  assert_false (felt_demo_get_running (demo));
  {
    guint played = felt_session_get_n_moves (session);
    wait_ms (1000);
    assert_int_equal (felt_session_get_n_moves (session), played);
  }
  assert_false (gave_up);

  felt_solver_view_set_session (view, lost_session);
  felt_solver_view_analyse (view, TRUE);
  felt_demo_start (demo, FELT_DEMO_STEP_MS);
  assert_true (wait_flag (&gave_up, 60));
  assert_false (felt_demo_get_running (demo));
  assert_int_equal (felt_session_get_n_moves (lost_session), 0);
  felt_solver_view_set_session (view, NULL);
}

static void
on_notified (GObject *object, GParamSpec *pspec, gpointer data)
{
  *(gboolean *) data = TRUE;
}

static void
on_found (FeltDealFinder *finder, const FeltGame *game, guint seed, int difficulty, gpointer data)
{
  guint32 *found = data;

  *found = seed;
}

/* New Game's choice, and the search for a winnable deal. */
static void
test_deal_finder (void **unused)
{
  g_autoptr (FeltDealFinder) finder = felt_deal_finder_new ();
  const FeltGame *game = felt_game_lookup ("cruel");
  FeltDifficulty wanted = FELT_DIFFICULTY_HARD;
  guint32 found = 0;
  gboolean searching = FALSE;
  Notes notes;

  notes_watch (&notes, finder);
  assert_string_equal (felt_deal_finder_get_new_deal (finder), "any");
  assert_false (felt_deal_finder_get_winnable_only (finder));
  /* Any deal will do: no search. */
  assert_false (felt_deal_finder_start (finder, game, &wanted));
  assert_false (felt_deal_finder_get_searching (finder));

  felt_deal_finder_set_winnable_only (finder, TRUE);
  assert_string_equal (felt_deal_finder_get_new_deal (finder), "winnable");
  assert_int_equal (notes_take (&notes, "winnable-deals-only"), 1);
  felt_deal_finder_set_new_deal (finder, "hard");
  assert_true (felt_deal_finder_get_winnable_only (finder));
  assert_int_equal (notes_take (&notes, "winnable-deals-only"), 0);
  felt_deal_finder_set_new_deal (finder, "nonsense");
  assert_string_equal (felt_deal_finder_get_new_deal (finder), "any");
  assert_int_equal (notes_take (&notes, "winnable-deals-only"), 1);

  felt_deal_finder_set_new_deal (finder, "winnable");
  g_signal_connect (finder, "found", G_CALLBACK (on_found), &found);
  g_signal_connect (finder, "notify::searching", G_CALLBACK (on_notified), &searching);
  assert_true (felt_deal_finder_start (finder, game, &wanted));
  assert_int_equal (wanted, FELT_DIFFICULTY_UNKNOWN);
  assert_true (felt_deal_finder_get_searching (finder));
  assert_true (searching);
  {
    gint64 end = g_get_monotonic_time () + 120 * G_USEC_PER_SEC;
    while (felt_deal_finder_get_searching (finder) && g_get_monotonic_time () < end)
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (1000);
  }
  assert_false (felt_deal_finder_get_searching (finder));
  {
    FeltState st;
    FeltSolveResult r;
    felt_state_deal (&st, game, found);
    felt_solve (&st, 0, NULL, &r);
    assert_int_equal (r.verdict, FELT_SOLVE_WINNABLE);
    felt_solve_result_clear (&r);
  }

  /* A deal waits for the player's word once. */
  {
    const FeltGame *waiting = NULL;
    guint32 waiting_seed = 0;

    assert_false (felt_deal_finder_take_waiting (finder, &waiting, &waiting_seed));
    felt_deal_finder_set_waiting (finder, game, 77);
    assert_true (felt_deal_finder_take_waiting (finder, &waiting, &waiting_seed));
    assert_ptr_equal (waiting, game);
    assert_int_equal (waiting_seed, 77);
    assert_false (felt_deal_finder_take_waiting (finder, &waiting, &waiting_seed));
  }

  /* Cancelled, no deal comes. */
  found = 0;
  assert_true (felt_deal_finder_start (finder, game, &wanted));
  felt_deal_finder_cancel (finder);
  assert_false (felt_deal_finder_get_searching (finder));
  wait_ms (200);
  assert_int_equal (found, 0);
  notes_clear (&notes, finder);
}

/* The texts follow the position and notify only what changed; Undo and
 * Redo are what the caller says. */
static void
test_position_text (void **unused)
{
  g_autoptr (FeltSession) session = felt_session_new (felt_game_lookup ("hopscotch"), 7);
  g_autoptr (FeltPositionText) text = felt_position_text_new ();
  FeltStatus figures;
  g_autofree char *status = NULL;
  Notes notes;

  assert_string_equal (felt_position_text_get_status_text (text), "");
  assert_string_equal (felt_position_text_get_score_text (text), "");
  notes_watch (&notes, text);
  felt_position_text_update (text, session, FALSE, TRUE);
  felt_state_status (felt_session_get_state (session), &figures);
  assert_true (figures.stock > 0);
  status = g_strdup_printf ("Stock: %d cards", figures.stock);
  assert_non_null (strstr (felt_position_text_get_status_text (text), status));
  assert_string_equal (felt_position_text_get_score_text (text), "Score: 0 of 48");
  assert_int_equal (felt_position_text_get_score (text), 0);
  assert_int_equal (felt_position_text_get_n_moves (text), 0);
  assert_false (felt_position_text_get_can_undo (text));
  assert_true (felt_position_text_get_can_redo (text));
  assert_false (felt_position_text_get_won (text));
  assert_false (felt_position_text_get_over (text));
  assert_int_equal (notes_take (&notes, "status-text"), 1);
  assert_int_equal (notes_take (&notes, "score-text"), 1);
  assert_int_equal (notes_take (&notes, "can-redo"), 1);
  assert_int_equal (notes_take (&notes, "can-undo"), 0);
  assert_int_equal (notes_take (&notes, "score"), 0);

  /* The same position again: nothing changed, nothing notified. */
  felt_position_text_update (text, session, FALSE, TRUE);
  assert_int_equal (notes_take (&notes, "status-text"), 0);
  assert_int_equal (notes_take (&notes, "score-text"), 0);

  /* Hopscotch's first move: a card from the stock. */
  assert_int_equal (felt_session_play (session, &(FeltMove) { 0, 0, 0, 1 }), FELT_LEGAL);
  felt_position_text_update (text, session, TRUE, FALSE);
  assert_int_equal (felt_position_text_get_n_moves (text), 1);
  assert_true (felt_position_text_get_can_undo (text));
  assert_false (felt_position_text_get_can_redo (text));
  assert_int_equal (notes_take (&notes, "n-moves"), 1);
  assert_int_equal (notes_take (&notes, "can-undo"), 1);
  assert_int_equal (notes_take (&notes, "status-text"), 1);   /* a card fewer in the stock */

  assert_string_equal (felt_position_text_get_message (text), "");
  felt_position_text_set_message (text, "You won!");
  felt_position_text_set_message (text, "You won!");
  assert_string_equal (felt_position_text_get_message (text), "You won!");
  assert_int_equal (notes_take (&notes, "message"), 1);
  notes_clear (&notes, text);
}

static FeltSession *
played_session (const char *game, guint32 seed)
{
  FeltSession *session = felt_session_new (felt_game_lookup (game), seed);
  FeltMove moves[FELT_MAX_MOVES];

  assert_true (felt_state_legal_moves (felt_session_get_state (session), moves) > 0);
  assert_int_equal (felt_session_play (session, &moves[0]), FELT_LEGAL);
  return session;
}

/* A game left with a loss counted comes back with its loss taken back
 * and out of the history, its streak too while no other game ended;
 * the queues keep the latest few. */
static void
test_left_games (void **unused)
{
  g_autoptr (FeltRecord) record = felt_record_new ();
  g_autoptr (FeltLeftGames) left = felt_left_games_new (record);
  FeltSession *session = played_session ("cruel", 7);
  FeltGameId id = felt_state_get_game_id (felt_session_get_state (session));
  FeltGameStats before;
  gint64 elapsed_ms = 0;
  gboolean counted = TRUE;
  FeltGameHelp help = FELT_GAME_HELP_DEMO;
  g_autoptr (FeltSession) back = NULL;
  Notes notes;

  notes_watch (&notes, left);
  felt_record_count_win (record, id, 60000, 80, FELT_DIFFICULTY_UNKNOWN);
  assert_int_equal (felt_record_get_stats (record)->games[id].streak, 1);
  /* Leaving the deal counts a loss, as the game in play does. */
  before = felt_record_get_stats (record)->games[id];
  felt_record_count_loss (record, id);
  felt_record_add_history (record, &(FeltHistoryEntry) { .game = id, .deal = 7, .result = FELT_HISTORY_GIVEN_UP,
                                                         .moves = 1 });
  assert_int_equal (felt_record_get_stats (record)->games[id].streak, 0);
  assert_int_equal (felt_record_get_history (record)->entries->len, 1);
  felt_left_games_push (left, FELT_LEFT_BEHIND, session, 4500, TRUE, FELT_GAME_HELP_NONE, &before);
  assert_int_equal (felt_left_games_get_count (left, FELT_LEFT_BEHIND), 1);
  assert_int_equal (felt_left_games_get_count (left, FELT_LEFT_AHEAD), 0);
  assert_int_equal (notes_take (&notes, "n-behind"), 1);
  {
    g_autoptr (FeltSession) fresh = felt_session_new (felt_game_lookup ("cruel"), 8);
    assert_true (felt_left_games_undo_returns (left, fresh));
    assert_false (felt_left_games_undo_returns (left, NULL));
    assert_false (felt_left_games_redo_goes_ahead (left, fresh));   /* nothing ahead */
  }

  back = felt_left_games_pop (left, FELT_LEFT_BEHIND, &elapsed_ms, &counted, &help);
  assert_ptr_equal (back, session);
  assert_int_equal (elapsed_ms, 4500);
  assert_false (counted);     /* its loss is taken back: not counted any more */
  assert_int_equal (help, FELT_GAME_HELP_NONE);
  assert_int_equal (felt_left_games_get_returned_at (left), 1);
  assert_int_equal (felt_left_games_get_count (left, FELT_LEFT_BEHIND), 0);
  assert_int_equal (notes_take (&notes, "n-behind"), 1);
  assert_int_equal (felt_record_get_stats (record)->games[id].played, 1);
  assert_int_equal (felt_record_get_stats (record)->games[id].streak, 1);
  assert_int_equal (felt_record_get_history (record)->entries->len, 0);

  /* A game left with no loss (finished, or never played) keeps its
   * result; the queue keeps the latest FELT_MAX_LEFT_GAMES. */
  for (guint i = 0; i < FELT_MAX_LEFT_GAMES + 2; i++)
    {
      before = felt_record_get_stats (record)->games[id];
      felt_left_games_push (left, FELT_LEFT_AHEAD, played_session ("cruel", 100 + i), i, TRUE,
                            FELT_GAME_HELP_DEMO | FELT_GAME_HELP_SOLUTION, &before);
    }
  assert_int_equal (felt_left_games_get_count (left, FELT_LEFT_AHEAD), FELT_MAX_LEFT_GAMES);
  /* Redo goes ahead only from where Undo came back (one move in). */
  assert_true (felt_left_games_redo_goes_ahead (left, back));
  assert_false (felt_left_games_undo_returns (left, back));   /* it has a move to take back */
  {
    g_autoptr (FeltSession) latest = felt_left_games_pop (left, FELT_LEFT_AHEAD, &elapsed_ms, &counted,
                                                          &help);
    assert_int_equal (felt_session_get_seed (latest), 100 + FELT_MAX_LEFT_GAMES + 1);
    assert_true (counted);
    assert_int_equal (help, FELT_GAME_HELP_DEMO | FELT_GAME_HELP_SOLUTION);
    assert_int_equal (elapsed_ms, FELT_MAX_LEFT_GAMES + 1);
  }
  assert_int_equal (felt_record_get_stats (record)->games[id].played, 1);
  felt_left_games_clear (left, FELT_LEFT_AHEAD);
  assert_int_equal (felt_left_games_get_count (left, FELT_LEFT_AHEAD), 0);
  notes_clear (&notes, left);
}

/* A deal of `game` whose first position sends a card home safely. */
static FeltSession *
session_with_safe_move (const char *game)
{
  for (guint32 seed = 1; seed < 10000; seed++)
    {
      FeltSession *session = felt_session_new (felt_game_lookup (game), seed);
      FeltMove move;

      if (felt_state_safe_move (felt_session_get_state (session), &move))
        return session;
      felt_session_free (session);
    }
  fail_msg ("no deal of %s sends a card home at once", game);
  return NULL;
}

static void
auto_moved (FeltAutoMoves *autos, const FeltMove *move, FeltSession *session)
{
  /* The game in play marks the move as an automatic one. */
  assert_true (felt_auto_moves_get_moving (autos));
  assert_int_equal (felt_session_play_full (session, move, TRUE), FELT_LEGAL);
}

/* A safe card goes home after the pause, only when enabled and not held;
 * cancelled, it does not. */
static void
test_auto_moves (void **unused)
{
  g_autoptr (FeltSession) session = session_with_safe_move ("scuffle");
  g_autoptr (FeltAutoMoves) autos = felt_auto_moves_new ();
  Notes notes;

  notes_watch (&notes, autos);
  g_signal_connect (autos, "move", G_CALLBACK (auto_moved), session);
  felt_auto_moves_schedule (autos, 10);
  assert_false (felt_auto_moves_get_pending (autos));   /* no session yet */
  felt_auto_moves_set_session (autos, session);
  felt_auto_moves_schedule (autos, 10);
  assert_false (felt_auto_moves_get_pending (autos));   /* not enabled */

  felt_auto_moves_set_enabled (autos, TRUE);
  assert_true (felt_auto_moves_get_enabled (autos));
  assert_int_equal (notes_take (&notes, "enabled"), 1);
  felt_auto_moves_hold (autos, TRUE);
  felt_auto_moves_schedule (autos, 10);
  assert_false (felt_auto_moves_get_pending (autos));   /* held */
  felt_auto_moves_hold (autos, FALSE);

  felt_auto_moves_schedule (autos, 10);
  assert_true (felt_auto_moves_get_pending (autos));
  felt_auto_moves_cancel (autos);
  assert_false (felt_auto_moves_get_pending (autos));
  wait_ms (50);
  assert_int_equal (felt_session_get_n_moves (session), 0);

  felt_auto_moves_schedule (autos, 10);
  for (int i = 0; i < 100 && felt_session_get_n_moves (session) == 0; i++)
    wait_ms (10);
  assert_int_equal (felt_session_get_n_moves (session), 1);
  assert_false (felt_auto_moves_get_pending (autos));
  assert_false (felt_auto_moves_get_moving (autos));
  notes_clear (&notes, autos);
}

/* An owner that shows its clock's elapsed-text as "time" and its
 * automatic moves' "enabled", as FeltPlay shows its parts'. */
#define TEST_TYPE_OWNER (test_owner_get_type ())
G_DECLARE_FINAL_TYPE (TestOwner, test_owner, TEST, OWNER, GObject)

struct _TestOwner
{
  GObject parent_instance;
  FeltClock *clock;
  FeltAutoMoves *autos;
};

G_DEFINE_FINAL_TYPE (TestOwner, test_owner, G_TYPE_OBJECT)

enum { OWNER_PROP_0, OWNER_PROP_TIME, OWNER_PROP_ENABLED, OWNER_N_PROPS };
static GParamSpec *owner_properties[OWNER_N_PROPS];
static const FeltForward owner_forwarded[] = {
  { FELT_FORWARD_PART (felt_clock_get_type, TestOwner, clock), "elapsed-text", OWNER_PROP_TIME, "time" },
  { FELT_FORWARD_PART (felt_auto_moves_get_type, TestOwner, autos), "enabled", OWNER_PROP_ENABLED, NULL },
};

static void
test_owner_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  if (!felt_forward_get (object, owner_forwarded, G_N_ELEMENTS (owner_forwarded), prop_id, value))
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
}

static void
test_owner_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  if (!felt_forward_set (object, owner_forwarded, G_N_ELEMENTS (owner_forwarded), prop_id, value))
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
}

static void
test_owner_dispose (GObject *object)
{
  g_clear_object (&TEST_OWNER (object)->clock);
  g_clear_object (&TEST_OWNER (object)->autos);
  G_OBJECT_CLASS (test_owner_parent_class)->dispose (object);
}

static void
test_owner_class_init (TestOwnerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = test_owner_get_property;
  object_class->set_property = test_owner_set_property;
  object_class->dispose = test_owner_dispose;
  felt_forward_install (owner_forwarded, G_N_ELEMENTS (owner_forwarded), owner_properties);
  g_object_class_install_properties (object_class, OWNER_N_PROPS, owner_properties);
}

static void
test_owner_init (TestOwner *self)
{
  self->clock = felt_clock_new ();
  self->autos = felt_auto_moves_new ();
  felt_forward_connect (self, owner_forwarded, G_N_ELEMENTS (owner_forwarded), owner_properties);
}

/* The owner's properties are like its parts' (type, default, writable
 * or not), follow them, and let go of the parts when the owner goes. */
static void
test_forward (void **unused)
{
  TestOwner *owner = g_object_new (TEST_TYPE_OWNER, NULL);
  g_autoptr (FeltClock) clock = g_object_ref (owner->clock);
  GParamSpec *time = g_object_class_find_property (G_OBJECT_GET_CLASS (owner), "time");
  GParamSpec *enabled = g_object_class_find_property (G_OBJECT_GET_CLASS (owner), "enabled");
  g_autofree char *text = NULL;
  gboolean on = FALSE;
  Notes notes;

  assert_non_null (time);
  assert_true (G_IS_PARAM_SPEC_STRING (time));
  assert_string_equal (G_PARAM_SPEC_STRING (time)->default_value, "0:00");
  assert_false (time->flags & G_PARAM_WRITABLE);
  assert_non_null (enabled);
  assert_true (G_IS_PARAM_SPEC_BOOLEAN (enabled));
  assert_true (enabled->flags & G_PARAM_WRITABLE);

  notes_watch (&notes, owner);
  felt_clock_reset (clock, 65 * G_USEC_PER_SEC);
  assert_int_equal (notes_take (&notes, "time"), 1);
  g_object_get (owner, "time", &text, NULL);
  assert_string_equal (text, "1:05");

  g_object_set (owner, "enabled", TRUE, NULL);
  assert_true (felt_auto_moves_get_enabled (owner->autos));
  assert_int_equal (notes_take (&notes, "enabled"), 1);
  g_object_get (owner, "enabled", &on, NULL);
  assert_true (on);
  notes_clear (&notes, owner);

  /* The part outlives its owner: its changes go nowhere. */
  g_object_unref (owner);
  felt_clock_reset (clock, 0);
  assert_string_equal (felt_clock_get_elapsed_text (clock), "0:00");
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_clock, setup, teardown),
    cmocka_unit_test_setup_teardown (test_record, setup, teardown),
    cmocka_unit_test_setup_teardown (test_solver_view, setup, teardown),
    cmocka_unit_test_setup_teardown (test_solver_gate, setup, teardown),
    cmocka_unit_test_setup_teardown (test_demo, setup, teardown),
    cmocka_unit_test_setup_teardown (test_deal_finder, setup, teardown),
    cmocka_unit_test_setup_teardown (test_position_text, setup, teardown),
    cmocka_unit_test_setup_teardown (test_left_games, setup, teardown),
    cmocka_unit_test_setup_teardown (test_auto_moves, setup, teardown),
    cmocka_unit_test_setup_teardown (test_forward, setup, teardown),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
