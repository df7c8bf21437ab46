/* test-solution-ui.c: the Solution mode in the real window, under Xvfb,
 * driven by real X key presses and clicks (XTest): the menu item and its
 * label, the bar, each step on the board and what the board says to a
 * screen reader, the accessible names of the bar's buttons, Escape, and
 * Take Over Here.  The mode's logic is tested without a display in
 * test-play-solution.c.
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
#include <math.h>
#include <string.h>

#include <gdk/x11/gdkx.h>
#include <X11/extensions/XTest.h>
#include <X11/keysym.h>

#include "felt-phrases.h"
#include "felt-solver.h"
#include "felt-test-deals.h"
#include "felt-test-util.h"
#include "felt-ui-test-util.h"
#include "felt-window.h"

#define APP_ID "io.github.feltsolitaire.Felt"

static char *data_dir;
static GSettings *settings;

/* ---- X input ------------------------------------------------------------------------- */

static Display *
xdisplay (GtkWidget *widget)
{
  return gdk_x11_display_get_xdisplay (gtk_widget_get_display (widget));
}

/* The keyboard goes to `window` (there is no window manager). */
static void
focus_window (GtkWidget *window)
{
  GdkDisplay *display = gtk_widget_get_display (window);
  Display *xdpy = xdisplay (window);
  Window xid = gdk_x11_surface_get_xid (gtk_native_get_surface (GTK_NATIVE (window)));

  gdk_x11_display_error_trap_push (display);
  XSetInputFocus (xdpy, xid, RevertToParent, CurrentTime);
  gdk_x11_display_error_trap_pop_ignored (display);
  XSync (xdpy, False);
  FELT_UI_WAIT_UNTIL (gtk_window_is_active (GTK_WINDOW (window)), "the window is active");
}

/* Presses `sym` with Control (and Shift) held, as a player does. */
static void
press (GtkWidget *window, KeySym sym, gboolean control, gboolean shift)
{
  Display *xdpy = xdisplay (window);
  KeyCode ctrl = XKeysymToKeycode (xdpy, XK_Control_L);
  KeyCode shft = XKeysymToKeycode (xdpy, XK_Shift_L);
  KeyCode code = XKeysymToKeycode (xdpy, sym);

  focus_window (window);
  if (control)
    XTestFakeKeyEvent (xdpy, ctrl, True, CurrentTime);
  if (shift)
    XTestFakeKeyEvent (xdpy, shft, True, CurrentTime);
  XTestFakeKeyEvent (xdpy, code, True, CurrentTime);
  XTestFakeKeyEvent (xdpy, code, False, CurrentTime);
  if (shift)
    XTestFakeKeyEvent (xdpy, shft, False, CurrentTime);
  if (control)
    XTestFakeKeyEvent (xdpy, ctrl, False, CurrentTime);
  XSync (xdpy, False);
  felt_ui_test_wait_ms (150);
}

/* Clicks the middle of `widget` with the first button. */
static void
click (GtkWidget *widget)
{
  GtkNative *native = gtk_widget_get_native (widget);
  Display *xdpy = xdisplay (widget);
  Window xid = gdk_x11_surface_get_xid (gtk_native_get_surface (native));
  graphene_point_t in = GRAPHENE_POINT_INIT (gtk_widget_get_width (widget) / 2.0,
                                             gtk_widget_get_height (widget) / 2.0), out;
  double sx, sy;
  int wx, wy;
  Window child;

  assert_true (gtk_widget_compute_point (widget, GTK_WIDGET (native), &in, &out));
  gtk_native_get_surface_transform (native, &sx, &sy);
  XTranslateCoordinates (xdpy, xid, DefaultRootWindow (xdpy), 0, 0, &wx, &wy, &child);
  XTestFakeMotionEvent (xdpy, -1, wx + (int) floor (out.x + sx), wy + (int) floor (out.y + sy), CurrentTime);
  XSync (xdpy, False);
  felt_ui_test_wait_ms (50);
  XTestFakeButtonEvent (xdpy, 1, True, CurrentTime);
  XSync (xdpy, False);
  felt_ui_test_wait_ms (30);
  XTestFakeButtonEvent (xdpy, 1, False, CurrentTime);
  XSync (xdpy, False);
  felt_ui_test_wait_ms (150);
}

/* ---- the window ----------------------------------------------------------------------- */

static FeltSolution *
solution_of (FeltWindow *window)
{
  return felt_play_get_solution (felt_window_get_play (window));
}

/* The label of the main menu's item that shows the solution. */
static char *
menu_label (FeltWindow *window)
{
  GtkWidget *button = felt_ui_test_find_type (GTK_WIDGET (window), GTK_TYPE_MENU_BUTTON, NULL);
  GMenuModel *menu = gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (button));

  for (int s = 0; s < g_menu_model_get_n_items (menu); s++)
    {
      g_autoptr (GMenuModel) section = g_menu_model_get_item_link (menu, s, G_MENU_LINK_SECTION);
      for (int i = 0; section && i < g_menu_model_get_n_items (section); i++)
        {
          g_autofree char *action = NULL, *label = NULL;
          g_menu_model_get_item_attribute (section, i, G_MENU_ATTRIBUTE_ACTION, "s", &action);
          g_menu_model_get_item_attribute (section, i, G_MENU_ATTRIBUTE_LABEL, "s", &label);
          if (g_strcmp0 (action, "win.show-solution") == 0)
            return g_steal_pointer (&label);
        }
    }
  return NULL;
}

static void
assert_accessible_name (GtkWidget *widget, const char *want)
{
  g_autofree char *name = felt_ui_test_accessible_name (widget);

  if (g_strcmp0 (name, want) != 0)
    fail_msg ("a %s reads \"%s\", expected \"%s\"", G_OBJECT_TYPE_NAME (widget), name, want);
}

static GtkWidget *
labelled (FeltWindow *window, const char *label)
{
  GtkWidget *widget = felt_ui_test_find_labelled (GTK_WIDGET (window), label);

  if (widget == NULL)
    fail_msg ("nothing is named \"%s\"", label);
  return widget;
}

/* What the board said last to a screen reader is `sentence`. */
static void
assert_said (FeltBoard *board, const char *sentence)
{
  g_autofree char *error =
    gtk_test_accessible_check_property (GTK_ACCESSIBLE (board), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, sentence);

  if (error)
    fail_msg ("the board says: %s", error);
}

/* The board shows the solution's position, after `steps` steps. */
static void
assert_step (FeltWindow *window, guint steps)
{
  FeltSolution *solution = solution_of (window);
  FeltSession *shown = felt_solution_get_session (solution);
  GtkWidget *bar_label = felt_ui_test_find_named (GTK_WIDGET (window), "solution_label");
  g_autofree char *prefix = g_strdup_printf ("Step %u of %u: ", steps, felt_solution_get_length (solution));

  FELT_UI_WAIT_UNTIL (felt_solution_get_position (solution) == steps, "step %u", steps);
  assert_ptr_equal (felt_board_get_session (felt_window_get_board (window)), shown);
  assert_true (g_str_has_prefix (gtk_label_get_label (GTK_LABEL (bar_label)), prefix));
}

/* ---- the test ------------------------------------------------------------------------- */

static int
setup (void **state)
{
  data_dir = felt_test_make_dir ("felt-test-solution-ui", "FELT_DATA_DIR");
  g_settings_set_string (settings, "animation-speed", "fast");
  return 0;
}

static int
teardown (void **state)
{
  felt_test_remove_dir (data_dir);
  g_clear_pointer (&data_dir, g_free);
  return 0;
}

/* Ctrl+Shift+H shows the bar; Ctrl+Right, Ctrl+Left and the buttons
 * step, the board shows and says each step; Escape goes back to the
 * player's position; Take Over Here plays on from the one shown. */
static void
test_solution_bar (void **unused)
{
  guint32 seed = find_deal ("cruel", 1, FELT_SOLVE_WINNABLE, NULL);
  FeltWindow *window = felt_window_new (NULL);
  FeltPlay *play = felt_window_get_play (window);
  FeltBoard *board = felt_window_get_board (window);
  FeltSolution *solution = solution_of (window);
  FeltSession *player;
  FeltState before;
  GtkWidget *revealer;
  g_autofree char *label = NULL;

  felt_window_start (window, felt_game_lookup ("cruel"), seed);
  gtk_window_present (GTK_WINDOW (window));
  felt_ui_test_wait_shown (GTK_WIDGET (window));
  player = felt_play_get_session (play);
  revealer = felt_ui_test_find_named (GTK_WIDGET (window), "solution_revealer");
  assert_false (gtk_revealer_get_reveal_child (GTK_REVEALER (revealer)));

  FELT_UI_WAIT_UNTIL (felt_solution_get_reason (solution) == FELT_SOLUTION_AVAILABLE, "the solver's verdict");
  label = menu_label (window);
  assert_string_equal (label, "Show Solution");

  press (GTK_WIDGET (window), XK_h, TRUE, TRUE);
  FELT_UI_WAIT_UNTIL (felt_solution_get_active (solution), "Ctrl+Shift+H shows the solution");
  assert_true (gtk_revealer_get_reveal_child (GTK_REVEALER (revealer)));
  assert_ptr_equal (felt_board_get_session (board), felt_solution_get_session (solution));
  assert_ptr_equal (felt_play_get_session (play), player);
  assert_true (gtk_widget_has_focus (GTK_WIDGET (board)));

  /* Every button has a name a screen reader says. */
  assert_accessible_name (labelled (window, "Step back"), "Step back");
  assert_accessible_name (labelled (window, "Play"), "Play");
  assert_accessible_name (labelled (window, "Step forward"), "Step forward");
  assert_accessible_name (labelled (window, "Take Over Here"), "Take Over Here");
  assert_accessible_name (labelled (window, "Leave"), "Leave");

  /* Three steps from the keyboard: each is shown and said as a move. */
  for (guint i = 1; i <= 3; i++)
    {
      FeltSession *shown = felt_solution_get_session (solution);
      FeltMove move = felt_session_get_redo (shown, 0);
      g_autofree char *words = NULL;

      before = *felt_session_get_state (shown);
      words = felt_phrase_move (&before, &move);
      press (GTK_WIDGET (window), XK_Right, TRUE, FALSE);
      assert_step (window, i);
      assert_said (board, words);
    }
  /* Ctrl+Left: back one, said as Undo says it. */
  press (GTK_WIDGET (window), XK_Left, TRUE, FALSE);
  assert_step (window, 2);
  {
    FeltSession *shown = felt_solution_get_session (solution);
    FeltMove undone = felt_session_get_redo (shown, 0);
    g_autofree char *words = felt_phrase_undo (felt_session_get_state (shown), &undone, 0);
    assert_said (board, words);
  }
  /* The buttons too. */
  click (labelled (window, "Step forward"));
  assert_step (window, 3);
  click (labelled (window, "Step back"));
  assert_step (window, 2);

  /* The game waits: its moves and the player's keys do nothing to it. */
  assert_int_equal (felt_session_get_n_moves (player), 0);
  assert_int_equal (felt_play_get_elapsed (play), 0);

  /* Escape: the player's own position, the bar gone. */
  press (GTK_WIDGET (window), XK_Escape, FALSE, FALSE);
  FELT_UI_WAIT_UNTIL (!felt_solution_get_active (solution), "Escape leaves");
  assert_false (gtk_revealer_get_reveal_child (GTK_REVEALER (revealer)));
  assert_ptr_equal (felt_board_get_session (board), player);
  assert_int_equal (felt_session_get_n_moves (player), 0);

  /* Again, two steps, and Take Over Here (its mnemonic, Alt+T). */
  press (GTK_WIDGET (window), XK_h, TRUE, TRUE);
  FELT_UI_WAIT_UNTIL (felt_solution_get_active (solution), "Ctrl+Shift+H again");
  press (GTK_WIDGET (window), XK_Right, TRUE, FALSE);
  press (GTK_WIDGET (window), XK_Right, TRUE, FALSE);
  assert_step (window, 2);
  before = *felt_session_get_state (felt_solution_get_session (solution));
  click (labelled (window, "Take Over Here"));
  FELT_UI_WAIT_UNTIL (!felt_solution_get_active (solution), "Take Over Here");
  assert_int_equal (felt_session_get_n_moves (felt_play_get_session (play)), 2);
  assert_true (felt_state_equal (felt_session_get_state (felt_board_get_session (board)), &before));
  assert_true (felt_play_get_solution_shown (play));
  /* Undo works again, on the game in play (the window has no
   * application here, so no Ctrl+Z: its button). */
  click (labelled (window, "Undo"));
  FELT_UI_WAIT_UNTIL (felt_session_get_n_moves (felt_play_get_session (play)) == 1, "Undo takes back a step");

  gtk_window_destroy (GTK_WINDOW (window));
}

/* Taking over at the end of the line wins the game, and the end dialog
 * says whose win it is: not the player's own. */
static void
test_end_dialog (void **unused)
{
  guint32 seed = find_deal ("cruel", 1, FELT_SOLVE_WINNABLE, NULL);
  FeltWindow *window = felt_window_new (NULL);
  FeltSolution *solution = solution_of (window);
  GtkWidget *dialog;
  GtkWidget *heading, *detail;

  g_settings_set_string (settings, "animation-speed", "off");
  felt_window_start (window, felt_game_lookup ("cruel"), seed);
  gtk_window_present (GTK_WINDOW (window));
  felt_ui_test_wait_shown (GTK_WIDGET (window));
  FELT_UI_WAIT_UNTIL (felt_solution_get_reason (solution) == FELT_SOLUTION_AVAILABLE, "the solver's verdict");
  press (GTK_WIDGET (window), XK_h, TRUE, TRUE);
  FELT_UI_WAIT_UNTIL (felt_solution_get_active (solution), "Ctrl+Shift+H shows the solution");
  while (felt_solution_step_forward (solution))
    ;
  click (labelled (window, "Take Over Here"));
  FELT_UI_WAIT_UNTIL ((dialog = felt_ui_test_window_over (GTK_WIDGET (window))) != NULL, "the end dialog");
  heading = felt_ui_test_find_named (dialog, "heading_label");
  detail = felt_ui_test_find_named (dialog, "detail_label");
  assert_string_equal (gtk_label_get_label (GTK_LABEL (heading)), "Won with the solution");
  assert_non_null (strstr (gtk_label_get_label (GTK_LABEL (detail)),
                           "A game in which the solution was shown does not count in your statistics."));
  {
    g_autofree char *label = menu_label (window);
    assert_string_equal (label, "Show Solution (Game Over)");
  }
  gtk_window_destroy (GTK_WINDOW (dialog));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_solution_bar, setup, teardown),
    cmocka_unit_test_setup_teardown (test_end_dialog, setup, teardown),
  };
  int failed;

  felt_ui_test_init ();
  settings = g_settings_new (APP_ID);
  failed = cmocka_run_group_tests (tests, NULL, NULL);
  g_clear_object (&settings);
  return failed;
}
