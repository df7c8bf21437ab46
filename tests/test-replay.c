/* test-replay.c: a finished game replayed (src/felt-replay-window.c):
 * from the deal through the player's moves (undone moves left out),
 * step by step with the keys and played through, what each step says,
 * and the game itself untouched.
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

#include "felt-board.h"
#include "felt-replay-window.h"
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

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_replay),
  };

  felt_ui_test_init ();
  return cmocka_run_group_tests (tests, NULL, NULL);
}
