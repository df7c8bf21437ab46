/* test-solver-ui.c: the solver in the real window, under Xvfb.
 *
 *  - "Undo to Winnable" shows beside "No longer winnable", in the status
 *    bar without shrinking the board, and takes back the moves since the
 *    last winnable position;
 *  - Hint shows the next move of a winning line on the board: following
 *    the hints from the deal wins the game.
 *
 * The texts, the demo and the search for winnable deals are the game in
 * play's, tested without a display in test-play*.c.
 *
 * The expected verdicts come from felt_solve itself, run here on the same
 * positions: the window must show what the solver proves.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <string.h>

#include "felt-solver.h"
#include "felt-test-deals.h"
#include "felt-window.h"

#define APP_ID "io.github.feltsolitaire.Felt"

static char *data_dir;
static GSettings *settings;

typedef gboolean (*Condition) (FeltWindow *window, gconstpointer data);

/* Runs the main loop until the condition holds; FALSE after 60 s. */
static gboolean
wait_for (FeltWindow *window, Condition condition, gconstpointer data)
{
  gint64 end = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;

  while (g_get_monotonic_time () < end)
    {
      if (condition (window, data))
        return TRUE;
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  return FALSE;
}

static void
wait_ms (guint ms)
{
  gint64 end = g_get_monotonic_time () + ms * 1000;

  while (g_get_monotonic_time () < end)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
}

static gboolean
status_is (FeltWindow *window, gconstpointer text)
{
  return g_str_equal (felt_window_get_solver_status (window), text);
}

static void
assert_status (FeltWindow *window, const char *text)
{
  if (!wait_for (window, status_is, text))
    fail_msg ("the status reads “%s”, not “%s”", felt_window_get_solver_status (window), text);
}

static FeltSession *
session_of (FeltWindow *window)
{
  return felt_board_get_session (felt_window_get_board (window));
}

static const FeltState *
state_of (FeltWindow *window)
{
  return felt_session_get_state (session_of (window));
}

static int
setup (void **state)
{
  data_dir = g_dir_make_tmp ("felt-test-solver-ui-XXXXXX", NULL);
  assert_non_null (data_dir);
  g_setenv ("FELT_DATA_DIR", data_dir, TRUE);
  g_settings_reset (settings, "show-winnable");
  g_settings_reset (settings, "winnable-deals-only");
  g_settings_reset (settings, "auto-foundations");
  return 0;
}

static int
teardown (void **state)
{
  g_autoptr (GDir) d = g_dir_open (data_dir, 0, NULL);
  const char *name;

  while (d && (name = g_dir_read_name (d)))
    {
      g_autofree char *path = g_build_filename (data_dir, name, NULL);
      g_remove (path);
    }
  g_rmdir (data_dir);
  g_clear_pointer (&data_dir, g_free);
  return 0;
}

static FeltWindow *
new_window (const char *game, guint32 seed)
{
  FeltWindow *window = felt_window_new (NULL);

  felt_window_start (window, felt_game_lookup (game), seed);
  gtk_window_present (GTK_WINDOW (window));
  return window;
}

static GtkWidget *
find_action_button (GtkWidget *widget, const char *action)
{
  if (GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_action_button (child, action);
      if (found)
        return found;
    }
  return NULL;
}

/* "Undo to Winnable" appears beside "No longer winnable" and takes back
 * every move since the latest winnable position, in one step that Redo
 * can replay. */
static void
test_undo_to_winnable (void **unused)
{
  FeltMove fatal;
  guint32 winnable = find_deal ("cruel", 1, FELT_SOLVE_WINNABLE, &fatal);
  guint32 lost = find_deal ("cruel", 1, FELT_SOLVE_LOST, NULL);
  FeltWindow *window = new_window ("cruel", winnable);
  FeltBoard *board = felt_window_get_board (window);
  GtkWidget *button = find_action_button (GTK_WIDGET (window), "win.undo-to-winnable");
  guint played = 1;
  int board_height;

  assert_non_null (button);
  assert_status (window, "Winnable");
  assert_false (gtk_widget_get_visible (button));
  wait_ms (100);
  board_height = gtk_widget_get_height (GTK_WIDGET (board));

  assert_true (felt_play_move (felt_window_get_play (window), &fatal, TRUE));
  assert_status (window, "No longer winnable");
  assert_true (gtk_widget_get_visible (button));
  /* The button fits in the status bar: the cards keep their size. */
  wait_ms (100);
  assert_int_equal (gtk_widget_get_height (GTK_WIDGET (board)), board_height);

  /* Play on into the lost game: the way back grows with each move. */
  for (guint i = 0; i < 2; i++)
    {
      FeltMove moves[FELT_MAX_MOVES];
      guint n = felt_state_legal_moves (state_of (window), moves);
      gboolean moved = FALSE;

      for (guint m = 0; m < n && !moved; m++)
        {
          FeltState next = *state_of (window);
          FeltUndo undo;

          felt_state_apply (&next, &moves[m], &undo);
          if (!felt_state_is_over (&next))
            moved = felt_play_move (felt_window_get_play (window), &moves[m], TRUE);
        }
      if (!moved)
        break;
      played++;
      assert_status (window, "No longer winnable");
      assert_true (gtk_widget_get_visible (button));
    }

  gtk_widget_activate (button);
  assert_status (window, "Winnable");
  assert_int_equal (felt_session_get_n_moves (session_of (window)), 0);
  assert_int_equal (felt_session_get_n_redo (session_of (window)), played);
  assert_false (gtk_widget_get_visible (button));
  {
    FeltMove first = felt_session_get_redo (session_of (window), 0);
    assert_memory_equal (&first, &fatal, sizeof fatal);
  }

  /* Redo takes the player back into the lost game, the button with it. */
  assert_true (felt_play_redo (felt_window_get_play (window)));
  assert_status (window, "No longer winnable");
  assert_true (gtk_widget_get_visible (button));

  /* Lost from the deal: nothing to go back to. */
  felt_window_start (window, felt_game_lookup ("cruel"), lost);
  assert_status (window, "Cannot be won");
  assert_false (gtk_widget_get_visible (button));

  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
analysed (FeltWindow *window, gconstpointer data)
{
  const char *status = felt_window_get_solver_status (window);

  /* "Thinking…" is shown while a search runs (sooner on a busy machine):
   * not a verdict yet. */
  if (felt_state_is_won (state_of (window)))
    return TRUE;
  return status[0] != '\0' && !g_str_equal (status, "Thinking…");
}

/* Following the hints from the deal wins it, in every game with a
 * verdict (Straight Up, Cruel, Hopscotch, Backbone). */
static void
test_hints_win (void **unused)
{
  const char *games[] = { "straight-up", "cruel", "hopscotch", "backbone" };

  for (guint g = 0; g < G_N_ELEMENTS (games); g++)
    {
      guint32 seed = find_deal (games[g], 1, FELT_SOLVE_WINNABLE, NULL);
      FeltWindow *window = new_window (games[g], seed);
      FeltBoard *board = felt_window_get_board (window);
      guint steps = 0;

      while (!felt_state_is_won (state_of (window)))
        {
          FeltMove hint;

          assert_true (wait_for (window, analysed, NULL));
          assert_string_equal (felt_window_get_solver_status (window), "Winnable");
          assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.hint", NULL));
          assert_true (felt_board_get_hint (board, &hint));
          assert_true (g_str_has_prefix (felt_window_get_message (window), "Hint: "));
          if (!felt_play_move (felt_window_get_play (window), &hint, TRUE))
            fail_msg ("%s %u: the hint after %u moves is not legal", games[g], seed, steps);
          assert_true (++steps < 1000);
        }
      gtk_window_destroy (GTK_WINDOW (window));
      wait_ms (50);
    }
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_undo_to_winnable, setup, teardown),
    cmocka_unit_test_setup_teardown (test_hints_win, setup, teardown),
  };
  g_autoptr (GtkCssProvider) css = NULL;
  int failed;

  gtk_init ();
  /* The application's style, as FeltApplication loads it. */
  css = gtk_css_provider_new ();
  gtk_css_provider_load_from_resource (css, "/io/github/feltsolitaire/Felt/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  settings = g_settings_new (APP_ID);
  failed = cmocka_run_group_tests (tests, NULL, NULL);
  g_object_unref (settings);
  return failed;
}
