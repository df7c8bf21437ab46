/* test-replay.c: a finished game replayed (src/felt-replay-window.c):
 * from the deal through the player's moves (undone moves left out),
 * step by step with the keys and played through, what each step says,
 * and the game itself untouched; a game given up, replayed after a
 * restart from the main menu with the keyboard.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <string.h>
#include <gtk/gtk.h>

#include "felt-abandon-dialog.h"
#include "felt-application.h"
#include "felt-board.h"
#include "felt-replay-window.h"
#include "felt-window.h"
#include "felt-ui-test-util.h"

static void
test_replay (void **state)
{
  g_autoptr (FeltSession) game = felt_session_new (felt_game_get (FELT_GAME_SCUFFLE), 7);
  FeltState end;
  GtkWidget *window;
  FeltBoard *board;
  GtkLabel *status;
  guint played = 0;

  /* six stock deals, one taken back: five moves to replay */
  for (guint i = 0; i < 6; i++)
    assert_int_equal (felt_session_play (game, &(FeltMove) { .stock = 1 }), FELT_LEGAL);
  assert_true (felt_session_undo (game));
  played = felt_session_get_n_moves (game);
  assert_int_equal (played, 5);
  end = *felt_session_get_state (game);

  window = felt_replay_window_new (NULL, game, NULL, FELT_ANIMATION_OFF);
  g_object_ref (window);
  gtk_window_present (GTK_WINDOW (window));
  felt_ui_test_wait_shown (window);
  board = FELT_BOARD (gtk_widget_get_template_child (window, FELT_TYPE_REPLAY_WINDOW, "board"));
  status = GTK_LABEL (gtk_widget_get_template_child (window, FELT_TYPE_REPLAY_WINDOW, "status_label"));

  /* the deal */
  assert_int_equal (felt_replay_window_get_length (FELT_REPLAY_WINDOW (window)), 5);
  assert_int_equal (felt_replay_window_get_position (FELT_REPLAY_WINDOW (window)), 0);
  assert_string_equal (gtk_label_get_text (status), "The deal: 5 moves to replay");
  assert_false (gtk_widget_get_sensitive (GTK_WIDGET (gtk_widget_get_template_child (window, FELT_TYPE_REPLAY_WINDOW,
                                                                                     "back_button"))));

  /* forward, forward, back: each step says itself */
  g_signal_emit_by_name (gtk_widget_get_template_child (window, FELT_TYPE_REPLAY_WINDOW, "forward_button"), "clicked");
  g_signal_emit_by_name (gtk_widget_get_template_child (window, FELT_TYPE_REPLAY_WINDOW, "forward_button"), "clicked");
  assert_int_equal (felt_replay_window_get_position (FELT_REPLAY_WINDOW (window)), 2);
  assert_true (g_str_has_prefix (gtk_label_get_text (status), "Move 2 of 5: "));
  g_signal_emit_by_name (gtk_widget_get_template_child (window, FELT_TYPE_REPLAY_WINDOW, "back_button"), "clicked");
  assert_int_equal (felt_replay_window_get_position (FELT_REPLAY_WINDOW (window)), 1);
  assert_true (g_str_has_prefix (gtk_label_get_text (status), "Move 1 of 5: "));

  /* played through: the game's last position, and no further */
  g_signal_emit_by_name (gtk_widget_get_template_child (window, FELT_TYPE_REPLAY_WINDOW, "play_button"), "clicked");
  FELT_UI_WAIT_UNTIL (felt_replay_window_get_position (FELT_REPLAY_WINDOW (window)) == 5, "played through");
  felt_ui_test_wait_ms (1500);
  assert_int_equal (felt_replay_window_get_position (FELT_REPLAY_WINDOW (window)), 5);
  assert_memory_equal (felt_session_get_state (felt_board_get_session (board)), &end, sizeof end);
  assert_true (g_str_has_prefix (gtk_label_get_text (status), "Move 5 of 5: "));
  assert_string_equal (gtk_button_get_label (GTK_BUTTON (gtk_widget_get_template_child (
                         window, FELT_TYPE_REPLAY_WINDOW, "play_button"))), "Play");
  g_object_unref (felt_ui_test_render (window, "replay-window.png"));

  /* the game itself as it was */
  assert_int_equal (felt_session_get_n_moves (game), played);
  assert_int_equal (felt_session_get_n_redo (game), 1);
  gtk_window_destroy (GTK_WINDOW (window));
  g_object_unref (window);
}

/* ---- the last game, after a restart ------------------------------------------------ */

/* Keys to the window named `title`, through the X server (xdotool), as a
 * player types them. */
static void
keys_to (const char *title, const char *keys)
{
  g_autofree char *cmd = g_strdup_printf ("xdotool search --sync --onlyvisible --name '%s' "
                                          "mousemove --window %%1 20 80 sleep 0.3 key --delay 250 %s",
                                          title, keys);

  assert_int_equal (system (cmd), 0);
  felt_ui_test_wait_ms (400);
}

static GtkWidget *
find_toplevel (GType type)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWidget) w = g_list_model_get_item (toplevels, i);
      if (G_TYPE_CHECK_INSTANCE_TYPE (w, type) && gtk_widget_get_visible (w))
        return w;
    }
  return NULL;
}

/* A game given up with the keyboard (three deals from the stock, one
 * taken back, New Game, Give Up); then, as after a restart, a new window
 * with a new game object on the same data folder: Replay Last Game from
 * the main menu with the keyboard (F10, then the item's mnemonic) shows
 * it, named, and Right steps through the player's moves to the position
 * they made. */
static void
test_replay_after_restart (void **state)
{
  g_autofree char *data = felt_ui_test_make_dir ("felt-test-replay", "FELT_DATA_DIR");
  g_autoptr (FeltApplication) app = felt_application_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (FeltSession) expected = felt_session_new (felt_game_get (FELT_GAME_SCUFFLE), 7);
  FeltWindow *window;
  GtkWidget *replay;
  FeltBoard *board;

  /* The application's accelerators, without running it. */
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  assert_true (g_application_register (G_APPLICATION (app), NULL, &error));

  window = felt_window_new (GTK_APPLICATION (app));
  felt_window_start (window, felt_game_lookup ("scuffle"), 7);
  gtk_window_present (GTK_WINDOW (window));
  felt_ui_test_wait_shown (GTK_WIDGET (window));
  /* Nothing finished yet: Replay Last Game is off. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.replay", NULL);
  felt_ui_test_wait_ms (100);
  assert_null (find_toplevel (FELT_TYPE_REPLAY_WINDOW));
  /* The board has the focus on the stock: Space deals. */
  keys_to ("Scuffle — Felt", "space space space ctrl+z");
  FELT_UI_WAIT_UNTIL (felt_session_get_n_moves (felt_play_get_session (felt_window_get_play (window))) == 2,
                      "two deals kept");
  keys_to ("Scuffle — Felt", "ctrl+n");
  FELT_UI_WAIT_UNTIL (find_toplevel (FELT_TYPE_ABANDON_DIALOG) != NULL, "Give up this game?");
  keys_to ("Give up this game?", "Return");
  FELT_UI_WAIT_UNTIL (felt_session_get_n_moves (felt_play_get_session (felt_window_get_play (window))) == 0,
                      "a new deal");
  assert_non_null (felt_play_get_last_game (felt_window_get_play (window)));
  /* The status line says where the game given up is. */
  assert_string_equal (felt_window_get_message (window), "Given up: Replay Last Game shows it");
  g_object_unref (felt_ui_test_render (GTK_WIDGET (window), "given-up-message.png"));
  gtk_window_destroy (GTK_WINDOW (window));
  felt_ui_test_wait_ms (100);

  /* Felt again: the last game is there to replay. */
  window = felt_window_new (GTK_APPLICATION (app));
  assert_true (felt_window_resume (window));
  gtk_window_present (GTK_WINDOW (window));
  felt_ui_test_wait_shown (GTK_WIDGET (window));
  keys_to ("Scuffle — Felt", "F10 l");
  FELT_UI_WAIT_UNTIL ((replay = find_toplevel (FELT_TYPE_REPLAY_WINDOW)) != NULL, "the replay window");
  felt_ui_test_wait_shown (replay);
  assert_string_equal (gtk_window_get_title (GTK_WINDOW (replay)), "Scuffle, deal 7, given up");
  assert_int_equal (felt_replay_window_get_length (FELT_REPLAY_WINDOW (replay)), 2);
  assert_int_equal (felt_replay_window_get_position (FELT_REPLAY_WINDOW (replay)), 0);

  /* One step: the deal and one deal from the stock, as the player made it. */
  keys_to ("Scuffle, deal 7, given up", "Right");
  FELT_UI_WAIT_UNTIL (felt_replay_window_get_position (FELT_REPLAY_WINDOW (replay)) == 1, "one step");
  board = FELT_BOARD (gtk_widget_get_template_child (replay, FELT_TYPE_REPLAY_WINDOW, "board"));
  assert_int_equal (felt_session_play (expected, &(FeltMove) { .stock = 1 }), FELT_LEGAL);
  assert_memory_equal (felt_session_get_state (felt_board_get_session (board)), felt_session_get_state (expected),
                       sizeof (FeltState));
  keys_to ("Scuffle, deal 7, given up", "Right Right");
  FELT_UI_WAIT_UNTIL (felt_replay_window_get_position (FELT_REPLAY_WINDOW (replay)) == 2, "the end");
  assert_int_equal (felt_session_play (expected, &(FeltMove) { .stock = 1 }), FELT_LEGAL);
  assert_memory_equal (felt_session_get_state (felt_board_get_session (board)), felt_session_get_state (expected),
                       sizeof (FeltState));
  felt_ui_test_wait_ms (800);
  g_object_unref (felt_ui_test_render (replay, "replay-after-restart.png"));

  keys_to ("Scuffle, deal 7, given up", "Escape");
  FELT_UI_WAIT_UNTIL (find_toplevel (FELT_TYPE_REPLAY_WINDOW) == NULL, "the replay closed");
  gtk_window_destroy (GTK_WINDOW (window));
  felt_ui_test_wait_ms (50);
  felt_ui_test_remove_dir (data);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_replay),
    cmocka_unit_test (test_replay_after_restart),
  };

  felt_ui_test_init ();
  return cmocka_run_group_tests (tests, NULL, NULL);
}
