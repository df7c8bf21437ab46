/* test-app.c: the window shows the game in play: the notice bar, the
 * status line and actions, the end-of-game, Select Deal and "Give up"
 * dialogs (Escape closes them); the card faces kept on disk.  Also: kill
 * -9 the real program and find the game again.  (The game in play's own
 * bookkeeping, without a display, is tested in test-play.c.)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <errno.h>
#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <math.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <utime.h>

#include "felt-card-theme.h"
#include "felt-face-cache.h"
#include "felt-format.h"
#include "felt-solver.h"
#include "felt-abandon-dialog.h"
#include "felt-board-private.h"
#include "felt-deal-dialog.h"
#include "felt-end-dialog.h"
#include "felt-window.h"
#include "felt-play.h"
#include "felt-ui-test-util.h"
#include "felt-analysis.h"

static char *data_dir;
/* The program test_kill_and_resume started and has not killed yet. */
static GPid felt_child;

static void
wait_ms (guint ms)
{
  gint64 end = g_get_monotonic_time () + ms * 1000;

  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
}

static char *
data_path (const char *name)
{
  return g_build_filename (data_dir, name, NULL);
}

static void
write_file (const char *name, const char *text)
{
  g_autofree char *path = data_path (name);

  assert_true (g_file_set_contents (path, text, -1, NULL));
}

static int
setup (void **state)
{
  data_dir = g_dir_make_tmp ("felt-test-app-XXXXXX", NULL);
  assert_non_null (data_dir);
  g_setenv ("FELT_DATA_DIR", data_dir, TRUE);
  return 0;
}

static void
remove_tree (const char *dir)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d && (name = g_dir_read_name (d)))
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        remove_tree (path);
      else
        g_remove (path);
    }
  g_rmdir (dir);
}

static void kill_hard (GPid pid);
static char *saved_moves (void);

static int
teardown (void **state)
{
  /* A failed check leaves the program it started running: it holds the
   * test's output open and meson would wait for it to the time-out. */
  if (felt_child)
    kill_hard (felt_child);
  remove_tree (data_dir);
  g_clear_pointer (&data_dir, g_free);
  return 0;
}

static FeltWindow *
new_window (void)
{
  FeltWindow *window = felt_window_new (NULL);

  gtk_window_present (GTK_WINDOW (window));
  wait_ms (50);
  return window;
}

static void
close_window (FeltWindow *window)
{
  gtk_window_destroy (GTK_WINDOW (window));
  wait_ms (20);
}

/* The game in play's own tests (resuming, damaged files, statistics) are
 * in test-play.c; here, what the window shows of it. */

static GtkWidget *
find_toplevel (GType type)
{
  GListModel *toplevels = gtk_window_get_toplevels ();   /* GTK's own */
  GtkWidget *found = NULL;

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWidget) window = g_list_model_get_item (toplevels, i);
      if (G_TYPE_CHECK_INSTANCE_TYPE (window, type) && gtk_widget_get_visible (window))
        {
          assert_null (found);
          found = window;
        }
    }
  return found;
}

/* The button of `widget`'s tree with this label or icon, shown or not. */
static GtkWidget *
find_button (GtkWidget *widget, const char *label)
{
  if (GTK_IS_BUTTON (widget) && (g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0 ||
                                 g_strcmp0 (gtk_button_get_icon_name (GTK_BUTTON (widget)), label) == 0))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_button (child, label);
      if (found)
        return found;
    }
  return NULL;
}

static GtkWidget *
find_type (GtkWidget *widget, GType type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_type (child, type);
      if (found)
        return found;
    }
  return NULL;
}

/* As a click does (gtk_widget_activate waits for a press animation). */
static void
click (GtkWidget *button)
{
  assert_non_null (button);
  g_signal_emit_by_name (button, "clicked");
  wait_ms (20);
}

static GtkWidget *
find_label_with_class (GtkWidget *widget, const char *css_class)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_has_css_class (widget, css_class))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_label_with_class (child, css_class);
      if (found)
        return found;
    }
  return NULL;
}

static FeltSession *
session_of (FeltWindow *window)
{
  return felt_play_get_session (felt_window_get_play (window));
}

/* A damaged saved game: the notice bar says so in the window, and its
 * close button puts it away. */
static void
test_notice_bar (void **unused)
{
  FeltWindow *window;
  GtkWidget *revealer, *close;
  const char *notice;

  write_file ("game.ini", "[Felt Game]\nformat=1\ngame=straight-up\nse");
  window = new_window ();
  assert_false (felt_window_resume (window));
  notice = felt_window_get_notice (window);
  assert_non_null (notice);
  assert_non_null (strstr (notice, "game.ini.corrupt"));
  revealer = find_type (GTK_WIDGET (window), GTK_TYPE_REVEALER);
  assert_non_null (revealer);
  assert_true (gtk_revealer_get_reveal_child (GTK_REVEALER (revealer)));
  assert_non_null (strstr (gtk_label_get_label (GTK_LABEL (find_type (revealer, GTK_TYPE_LABEL))), "game.ini.corrupt"));

  /* Playing goes on in a fresh deal. */
  felt_window_start (window, felt_game_lookup ("cruel"), 7);
  assert_int_equal (felt_session_get_seed (felt_board_get_session (felt_window_get_board (window))), 7);
  assert_non_null (felt_window_get_notice (window));

  close = find_button (revealer, "window-close-symbolic");
  assert_non_null (close);
  click (close);
  assert_null (felt_window_get_notice (window));
  assert_false (gtk_revealer_get_reveal_child (GTK_REVEALER (revealer)));
  close_window (window);
}

/* The label of the notice bar, when it shows. */
static const char *
notice_bar_text (FeltWindow *window)
{
  GtkWidget *revealer = find_type (GTK_WIDGET (window), GTK_TYPE_REVEALER);

  assert_non_null (revealer);
  if (!gtk_revealer_get_reveal_child (GTK_REVEALER (revealer)))
    return NULL;
  return gtk_label_get_label (GTK_LABEL (find_type (revealer, GTK_TYPE_LABEL)));
}

/* A saved game Felt cannot read (a folder in its place) is left where it
 * is, not moved aside as damaged; the bar says which file and why. */
static void
test_notice_unreadable (void **unused)
{
  g_autofree char *path = data_path ("game.ini");
  g_autofree char *kept = data_path ("game.ini.corrupt");
  FeltWindow *window;
  const char *text;

  assert_int_equal (g_mkdir (path, 0700), 0);
  window = new_window ();
  assert_false (felt_window_resume (window));
  text = notice_bar_text (window);
  assert_non_null (text);
  assert_non_null (strstr (text, "cannot read your saved game"));
  assert_non_null (strstr (text, path));
  assert_non_null (strstr (text, "a folder is in its place"));
  assert_string_equal (text, felt_window_get_notice (window));

  /* Playing goes on; the folder stays as it was. */
  felt_window_start (window, felt_game_lookup ("straight-up"), 5);
  assert_true (felt_play_move (felt_window_get_play (window), &(FeltMove) { 0, 0, 0, 1 }, TRUE));
  assert_non_null (notice_bar_text (window));
  close_window (window);
  assert_true (g_file_test (path, G_FILE_TEST_IS_DIR));
  assert_false (g_file_test (kept, G_FILE_TEST_EXISTS));
}

/* The window's labels follow the game in play. */
static void
test_status_line (void **unused)
{
  FeltWindow *window = new_window ();
  GtkWidget *title, *undo, *redo;

  felt_window_start (window, felt_game_lookup ("straight-up"), 1);
  wait_ms (20);
  assert_string_equal (gtk_window_get_title (GTK_WINDOW (window)), "Straight Up — Felt");
  title = find_label_with_class (gtk_window_get_titlebar (GTK_WINDOW (window)), "title");
  assert_string_equal (gtk_label_get_label (GTK_LABEL (title)), "Straight Up");
  undo = find_button (GTK_WIDGET (window), "edit-undo-symbolic");
  redo = find_button (GTK_WIDGET (window), "edit-redo-symbolic");
  assert_false (gtk_widget_get_sensitive (undo));
  assert_false (gtk_widget_get_sensitive (redo));
  assert_true (felt_board_play (felt_window_get_board (window), &(FeltMove) { 0, 0, 0, 1 }));
  assert_true (gtk_widget_get_sensitive (undo));
  assert_false (gtk_widget_get_sensitive (redo));
  click (undo);
  assert_false (gtk_widget_get_sensitive (undo));
  assert_true (gtk_widget_get_sensitive (redo));
  assert_int_equal (felt_session_get_n_moves (session_of (window)), 0);

  /* The clock shows while show-clock is on; it counts either way. */
  {
    g_autoptr (GSettings) settings = g_settings_new ("io.github.feltsolitaire.Felt");
    GtkWidget *clock = find_label_with_class (GTK_WIDGET (window), "numeric");

    assert_non_null (clock);
    assert_true (gtk_widget_get_visible (clock));
    assert_string_equal (gtk_label_get_label (GTK_LABEL (clock)), "0:00");
    g_settings_set_boolean (settings, "show-clock", FALSE);
    wait_ms (20);   /* the change reaches the window's settings */
    assert_false (gtk_widget_get_visible (clock));
    assert_true (felt_board_play (felt_window_get_board (window), &(FeltMove) { 0, 0, 0, 1 }));
    /* The clock ticks on whole seconds of GLib's: within two seconds. */
    for (int i = 0; i < 60 && felt_play_get_elapsed (felt_window_get_play (window)) < 1; i++)
      wait_ms (50);
    assert_true (felt_play_get_elapsed (felt_window_get_play (window)) >= 1);
    g_settings_set_boolean (settings, "show-clock", TRUE);
    wait_ms (20);
    assert_true (gtk_widget_get_visible (clock));
    assert_string_equal (gtk_label_get_label (GTK_LABEL (clock)),
                         felt_play_get_elapsed_text (felt_window_get_play (window)));
    assert_string_not_equal (gtk_label_get_label (GTK_LABEL (clock)), "0:00");
  }
  close_window (window);
}

static void
assert_color (const GdkRGBA *color, double red, double green, double blue, double alpha)
{
  if (fabs (color->red - red) > 0.002 || fabs (color->green - green) > 0.002 ||
      fabs (color->blue - blue) > 0.002 || fabs (color->alpha - alpha) > 0.002)
    fail_msg ("colour %g %g %g %g, not %g %g %g %g", color->red, color->green, color->blue, color->alpha,
              red, green, blue, alpha);
}

/* The board's highlights take their colours from the style sheet, as the
 * baize does. */
static void
test_highlight_colors (void **unused)
{
  g_autoptr (GtkCssProvider) felt_css = gtk_css_provider_new ();
  g_autoptr (GtkCssProvider) user_css = gtk_css_provider_new ();
  FeltWindow *window;
  FeltBoard *board;
  GdkRGBA color;

  gtk_css_provider_load_from_resource (felt_css, "/io/github/feltsolitaire/Felt/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (felt_css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  window = new_window ();
  board = felt_window_get_board (window);
  felt_board_highlight_color (board, FELT_HIGHLIGHT_DROP, &color);
  assert_color (&color, 1.0, 0.85, 0.25, 1);
  felt_board_highlight_color (board, FELT_HIGHLIGHT_HINT, &color);
  assert_color (&color, 0.45, 0.85, 1.0, 1);
  felt_board_highlight_color (board, FELT_HIGHLIGHT_PICKED, &color);
  assert_color (&color, 1.0, 0.85, 0.25, 1);
  felt_board_highlight_color (board, FELT_HIGHLIGHT_FOCUS, &color);
  assert_color (&color, 1, 1, 1, 0.9);

  /* A style sheet of the user's changes them. */
  gtk_css_provider_load_from_data (user_css, "feltboard > highlight.hint { color: rgb(255, 0, 0); }", -1);
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (user_css),
                                              GTK_STYLE_PROVIDER_PRIORITY_USER);
  felt_board_highlight_color (board, FELT_HIGHLIGHT_HINT, &color);
  assert_color (&color, 1, 0, 0, 1);
  gtk_style_context_remove_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (user_css));
  gtk_style_context_remove_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (felt_css));
  close_window (window);
}

/* Plays on until no move is left: hints first, the stock when there is
 * none. */
static gboolean
play_to_the_end (FeltPlay *play)
{
  for (guint i = 0; i < 3000 && !felt_play_get_over (play) && !felt_play_get_won (play); i++)
    {
      FeltMove move;
      if (!felt_state_hint (felt_session_get_state (felt_play_get_session (play)), &move) ||
          !felt_play_move (play, &move, FALSE))
        if (!felt_play_move (play, &(FeltMove) { 0, 0, 0, 1 }, FALSE))
          return FALSE;
    }
  return felt_play_get_over (play);
}

/* Game over: a dialog of its own whose buttons close it and act. */
static void
test_end_dialog (void **unused)
{
  FeltWindow *window = new_window ();
  FeltPlay *play = felt_window_get_play (window);
  GtkWidget *dialog;
  guint32 seed;
  guint moves;

  for (seed = 1; seed < 50; seed++)
    {
      felt_window_start (window, felt_game_lookup ("straight-up"), seed);
      if (play_to_the_end (play))
        break;
    }
  assert_true (seed < 50);
  wait_ms (50);
  dialog = find_toplevel (FELT_TYPE_END_DIALOG);
  assert_non_null (dialog);
  assert_true (gtk_window_get_modal (GTK_WINDOW (dialog)));
  assert_true (gtk_window_get_transient_for (GTK_WINDOW (dialog)) == GTK_WINDOW (window));
  assert_string_equal (gtk_window_get_title (GTK_WINDOW (dialog)), "Game over");
  assert_true (gtk_widget_get_visible (find_button (dialog, "_Undo")));
  assert_true (gtk_widget_get_visible (find_button (dialog, "_Restart")));
  assert_false (gtk_widget_get_visible (find_button (dialog, "_Close")));
  assert_true (gtk_window_get_default_widget (GTK_WINDOW (dialog)) == find_button (dialog, "_New Game"));

  /* Undo: the dialog goes, the last move with it. */
  moves = felt_session_get_n_moves (session_of (window));
  click (find_button (dialog, "_Undo"));
  wait_ms (50);
  assert_null (find_toplevel (FELT_TYPE_END_DIALOG));
  assert_int_equal (felt_session_get_n_moves (session_of (window)), moves - 1);

  /* Over again: New Game deals another. */
  assert_true (felt_play_redo (play));
  wait_ms (50);
  dialog = find_toplevel (FELT_TYPE_END_DIALOG);
  assert_non_null (dialog);
  click (find_button (dialog, "_New Game"));
  wait_ms (50);
  assert_null (find_toplevel (FELT_TYPE_END_DIALOG));
  assert_int_equal (felt_session_get_n_moves (session_of (window)), 0);
  close_window (window);
}

/* A win: the cards celebrate, then the dialog says so with Close and
 * New Game. */
static void
test_win_dialog (void **unused)
{
  FeltWindow *window = new_window ();
  FeltPlay *play = felt_window_get_play (window);
  GtkWidget *dialog;
  guint32 seed;

  for (seed = 1; seed < 200; seed++)
    {
      FeltState st;
      FeltSolveResult result;
      gboolean won;

      felt_state_deal (&st, felt_game_lookup ("cruel"), seed);
      felt_solve (&st, 0, NULL, &result);
      won = result.verdict == FELT_SOLVE_WINNABLE;
      if (won)
        {
          felt_window_start (window, felt_game_lookup ("cruel"), seed);
          for (guint i = 0; i < result.line->len; i++)
            assert_true (felt_board_play (felt_window_get_board (window), &g_array_index (result.line, FeltMove, i)));
        }
      felt_solve_result_clear (&result);
      if (won)
        break;
    }
  assert_true (felt_play_get_won (play));
  /* The celebration first. */
  wait_ms (300);
  assert_null (find_toplevel (FELT_TYPE_END_DIALOG));
  wait_ms (1700);
  dialog = find_toplevel (FELT_TYPE_END_DIALOG);
  assert_non_null (dialog);
  assert_string_equal (gtk_window_get_title (GTK_WINDOW (dialog)), "You won!");
  assert_false (gtk_widget_get_visible (find_button (dialog, "_Undo")));
  assert_false (gtk_widget_get_visible (find_button (dialog, "_Restart")));
  assert_true (gtk_widget_get_visible (find_button (dialog, "_Close")));
  click (find_button (dialog, "_Close"));
  wait_ms (50);
  assert_null (find_toplevel (FELT_TYPE_END_DIALOG));
  assert_true (felt_play_get_won (play));
  close_window (window);
}

/* Select Deal: a number plays that deal; anything else is refused. */
static void
test_deal_dialog (void **unused)
{
  FeltWindow *window = new_window ();
  GtkWidget *dialog, *entry;

  felt_window_start (window, felt_game_lookup ("cruel"), 3);
  assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.select-deal", NULL));
  wait_ms (50);
  dialog = find_toplevel (FELT_TYPE_DEAL_DIALOG);
  assert_non_null (dialog);
  assert_string_equal (gtk_window_get_title (GTK_WINDOW (dialog)), "Select Deal");
  entry = find_type (dialog, GTK_TYPE_ENTRY);
  assert_string_equal (gtk_editable_get_text (GTK_EDITABLE (entry)), "3");

  gtk_editable_set_text (GTK_EDITABLE (entry), "4294967296");
  click (find_button (dialog, "_Play"));
  wait_ms (20);
  assert_true (find_toplevel (FELT_TYPE_DEAL_DIALOG) == dialog);
  assert_true (gtk_widget_has_css_class (entry, "error"));

  /* Enter plays, as the button does. */
  gtk_editable_set_text (GTK_EDITABLE (entry), " 12345 ");
  g_signal_emit_by_name (entry, "activate");
  wait_ms (50);
  assert_null (find_toplevel (FELT_TYPE_DEAL_DIALOG));
  assert_int_equal (felt_session_get_seed (session_of (window)), 12345);
  assert_string_equal (felt_session_get_game (session_of (window))->id, "cruel");

  /* Cancel leaves the deal alone. */
  assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.select-deal", NULL));
  wait_ms (50);
  dialog = find_toplevel (FELT_TYPE_DEAL_DIALOG);
  click (find_button (dialog, "_Cancel"));
  wait_ms (50);
  assert_null (find_toplevel (FELT_TYPE_DEAL_DIALOG));
  assert_int_equal (felt_session_get_seed (session_of (window)), 12345);
  close_window (window);
}

/* A new deal over one in progress asks first. */
static void
test_abandon_dialog (void **unused)
{
  FeltWindow *window = new_window ();
  GtkWidget *dialog;

  felt_window_start (window, felt_game_lookup ("hopscotch"), 3);
  assert_true (felt_board_play (felt_window_get_board (window), &(FeltMove) { 0, 0, 0, 1 }));

  assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.restart", NULL));
  wait_ms (50);
  dialog = find_toplevel (FELT_TYPE_ABANDON_DIALOG);
  assert_non_null (dialog);
  click (find_button (dialog, "_Keep Playing"));
  wait_ms (50);
  assert_null (find_toplevel (FELT_TYPE_ABANDON_DIALOG));
  assert_int_equal (felt_session_get_n_moves (session_of (window)), 1);

  assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.restart", NULL));
  wait_ms (50);
  dialog = find_toplevel (FELT_TYPE_ABANDON_DIALOG);
  assert_true (gtk_window_get_default_widget (GTK_WINDOW (dialog)) == find_button (dialog, "_Give Up"));
  click (find_button (dialog, "_Give Up"));
  wait_ms (50);
  assert_null (find_toplevel (FELT_TYPE_ABANDON_DIALOG));
  assert_int_equal (felt_session_get_n_moves (session_of (window)), 0);
  assert_int_equal (felt_session_get_seed (session_of (window)), 3);
  close_window (window);
}

/* Escape closes each dialog (a real key, through the X server). */
static void
press_escape_in (const char *title)
{
  g_autofree char *cmd = g_strdup_printf ("xdotool search --sync --onlyvisible --name '%s' "
                                          "mousemove --window %%1 10 10 sleep 0.3 key Escape", title);

  assert_int_equal (system (cmd), 0);
  wait_ms (300);
}

static void
test_escape_closes_dialogs (void **unused)
{
  FeltWindow *window = new_window ();

  felt_window_start (window, felt_game_lookup ("hopscotch"), 3);
  assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.select-deal", NULL));
  wait_ms (300);
  assert_non_null (find_toplevel (FELT_TYPE_DEAL_DIALOG));
  press_escape_in ("Select Deal");
  assert_null (find_toplevel (FELT_TYPE_DEAL_DIALOG));

  assert_true (felt_board_play (felt_window_get_board (window), &(FeltMove) { 0, 0, 0, 1 }));
  assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL));
  wait_ms (300);
  assert_non_null (find_toplevel (FELT_TYPE_ABANDON_DIALOG));
  press_escape_in ("Give up this game?");
  assert_null (find_toplevel (FELT_TYPE_ABANDON_DIALOG));
  assert_int_equal (felt_session_get_n_moves (session_of (window)), 1);

  {
    guint32 seed;
    for (seed = 1; seed < 50; seed++)
      {
        felt_window_start (window, felt_game_lookup ("straight-up"), seed);
        if (play_to_the_end (felt_window_get_play (window)))
          break;
      }
    wait_ms (300);
    assert_non_null (find_toplevel (FELT_TYPE_END_DIALOG));
    press_escape_in ("Game over");
    assert_null (find_toplevel (FELT_TYPE_END_DIALOG));
  }
  close_window (window);
}

/* ---- the faces kept on disk ------------------------------------------------------- */

/* The one .faces file in the folder, or NULL. */
static char *
cached_faces (const char *dir)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  char *found = NULL;

  while (d && (name = g_dir_read_name (d)))
    if (g_str_has_suffix (name, ".faces"))
      {
        assert_null (found);
        found = g_build_filename (dir, name, NULL);
      }
  return found;
}

static GStatBuf
stat_of (const char *path)
{
  GStatBuf st;

  assert_int_equal (g_stat (path, &st), 0);
  return st;
}

/* Waits, running the main loop, until the cache has a complete file of
 * `length` bytes (any length for 0). */
static char *
wait_for_faces (const char *dir, goffset length)
{
  gint64 end = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;

  while (g_get_monotonic_time () < end)
    {
      char *path = cached_faces (dir);
      if (path && (length == 0 || stat_of (path).st_size == length))
        return path;
      g_free (path);
      wait_ms (20);
    }
  fail_msg ("no card faces were written to %s", dir);
  return NULL;
}

static FeltWindow *
new_game_window (void)
{
  FeltWindow *window = new_window ();

  felt_window_start (window, felt_game_lookup ("backbone"), 3);
  return window;
}

static void
assert_file_holds (const char *path, const char *want, gsize want_length)
{
  g_autofree char *bytes = NULL;
  gsize length;

  assert_true (g_file_get_contents (path, &bytes, &length, NULL));
  assert_int_equal (length, want_length);
  assert_memory_equal (bytes, want, want_length);
}

static void
test_face_cache (void **unused)
{
  g_autofree char *dir = g_build_filename (data_dir, "cache", NULL);
  g_autofree char *path = NULL;
  g_autofree char *good = NULL;
  g_autoptr (FeltCardTheme) cached = NULL, rendered = NULL;
  struct utimbuf long_ago = { 946684800, 946684800 };  /* 2000-01-01 */
  FeltWindow *window;
  gsize length;
  int width, height;

  g_setenv ("FELT_CACHE_DIR", dir, TRUE);

  /* A first start renders the deck and keeps it. */
  window = new_game_window ();
  path = wait_for_faces (dir, 0);
  close_window (window);
  felt_face_cache_wait ();
  assert_true (g_file_get_contents (path, &good, &length, NULL));
  assert_int_equal (sscanf (strrchr (path, '-'), "-%dx%d.faces", &width, &height), 2);

  /* The next start of the same window size reads it (which marks it
   * used) and writes nothing. */
  assert_int_equal (g_utime (path, &long_ago), 0);
  window = new_game_window ();
  wait_ms (300);
  assert_true (stat_of (path).st_mtime > long_ago.modtime);
  close_window (window);
  felt_face_cache_wait ();
  assert_file_holds (path, good, length);

  /* What comes from the file is what the deck renders, face for face. */
  cached = felt_card_theme_new_default ();
  rendered = felt_card_theme_new_default ();
  felt_card_theme_prepare (cached, width, height, NULL, 0);
  felt_card_theme_render_all (rendered, width, height);
  for (guint suit = 0; suit <= FELT_N_SUITS; suit++)
    for (guint rank = 1; rank <= 13; rank++)
      {
        FeltCard card = suit == FELT_N_SUITS ? 0 : FELT_CARD (rank, suit);
        gboolean exact_a = FALSE, exact_b = FALSE;
        cairo_surface_t *a = felt_card_theme_get_surface (felt_card_theme_lookup (cached, card, width, height, &exact_a));
        cairo_surface_t *b = felt_card_theme_get_surface (felt_card_theme_lookup (rendered, card, width, height, &exact_b));

        assert_true (exact_a && exact_b);
        for (int y = 0; y < height; y++)
          assert_memory_equal (cairo_image_surface_get_data (a) + y * cairo_image_surface_get_stride (a),
                               cairo_image_surface_get_data (b) + y * cairo_image_surface_get_stride (b),
                               (size_t) width * 4);
      }

  /* A damaged file is not used: the deck is rendered and written anew. */
  assert_true (g_file_set_contents (path, good, (gssize) length / 2, NULL));
  window = new_game_window ();
  g_free (wait_for_faces (dir, (goffset) length));
  close_window (window);
  felt_face_cache_wait ();
  assert_file_holds (path, good, length);
  g_unsetenv ("FELT_CACHE_DIR");
}

/* A window resized through many sizes writes only the one it settles at. */
static void
test_face_cache_resize (void **unused)
{
  g_autofree char *dir = g_build_filename (data_dir, "cache-resize", NULL);
  g_autoptr (FeltCardTheme) theme = NULL;
  g_autofree char *path = NULL;
  int width = 0, height = 0;

  g_setenv ("FELT_CACHE_DIR", dir, TRUE);
  theme = felt_card_theme_new_default ();
  for (int w = 60; w <= 72; w += 2)
    {
      gboolean exact = FALSE;

      /* As the board asks on each size_allocate of a resize; each size
       * is complete before the next. */
      felt_card_theme_prepare (theme, w, w * 7 / 5, NULL, 0);
      for (gint64 end = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;
           !exact && g_get_monotonic_time () < end; )
        {
          wait_ms (10);
          felt_card_theme_lookup (theme, 0, w, w * 7 / 5, &exact);
        }
      assert_true (exact);
    }
  path = wait_for_faces (dir, 0);
  wait_ms (1500);
  felt_face_cache_wait ();
  g_free (path);
  /* One file (cached_faces fails on a second), of the last size. */
  path = cached_faces (dir);
  assert_non_null (path);
  assert_int_equal (sscanf (strrchr (path, '-'), "-%dx%d.faces", &width, &height), 2);
  assert_int_equal (width, 72);
  assert_int_equal (height, 72 * 7 / 5);
  g_unsetenv ("FELT_CACHE_DIR");
}

/* ---- a save that fails, through the fault shim ------------------------------------ */

static char *
file_contents (const char *name)
{
  g_autofree char *path = data_path (name);
  char *text = NULL;

  g_file_get_contents (path, &text, NULL, NULL);
  return text;
}

/* Runs in a copy of this program with tests/fault-shim.c preloaded: the
 * second rename under the data folder (the save of the first move) fails
 * with FELT_FAULT_ERRNO; every other call works. */
static void
test_save_fault_child (void **unused)
{
  const char *errno_name = g_getenv ("FELT_FAULT_ERRNO");
  const char *reason = g_str_equal (errno_name, "ENOSPC") ? "the disk is full" : "the disk is read-only";
  FeltWindow *window = new_window ();
  FeltPlay *play = felt_window_get_play (window);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *moves = NULL;
  const char *text;

  /* The new deal is saved (the first rename). */
  felt_window_start (window, felt_game_lookup ("straight-up"), 5);
  /* It is saved once the window is drawn: on a busy machine that takes a
   * while. */
  for (int i = 0; i < 200 && (before = file_contents ("game.ini")) == NULL; i++)
    wait_ms (50);
  assert_non_null (before);
  assert_null (notice_bar_text (window));

  /* Its first move cannot be saved: the bar says why and where, the
   * game goes on, the file on disk is the one before. */
  assert_true (felt_play_move (play, &(FeltMove) { 0, 0, 0, 1 }, TRUE));
  wait_ms (50);
  text = notice_bar_text (window);
  assert_non_null (text);
  print_message ("%s: %s\n", errno_name, text);
  assert_non_null (strstr (text, "cannot save your game"));
  assert_non_null (strstr (text, data_dir));
  assert_non_null (strstr (text, reason));
  assert_int_equal (felt_session_get_n_moves (session_of (window)), 1);
  after = file_contents ("game.ini");
  assert_string_equal (after, before);

  /* The fault is gone: the next move saves both, the bar goes. */
  assert_true (felt_play_move (play, &(FeltMove) { 0, 0, 0, 1 }, TRUE));
  wait_ms (50);
  assert_null (notice_bar_text (window));
  assert_null (felt_play_get_notice (play));
  moves = saved_moves ();
  assert_string_equal (moves, "s s");
  close_window (window);
}

/* The real window with `rename` failing (disk full, read-only disk) for
 * the saved game: a copy of this program runs test_save_fault_child with
 * the shim preloaded, and the shim's log shows the fault was made. */
static void
test_save_faults (void **unused)
{
  static const char *const errnos[] = { "ENOSPC", "EROFS" };
  g_autofree char *dir = g_path_get_dirname (g_getenv ("FELT_TEST_SELF"));
  g_autofree char *shim = g_build_filename (dir, "fault-shim.so", NULL);

  assert_true (g_file_test (shim, G_FILE_TEST_EXISTS));
  for (guint i = 0; i < G_N_ELEMENTS (errnos); i++)
    {
      const char *argv[] = { g_getenv ("FELT_TEST_SELF"), "--save-fault", NULL };
      g_autofree char *log = g_build_filename (g_get_tmp_dir (), "felt-test-app-fault-XXXXXX", NULL);
      g_autofree char *log_text = NULL;
      g_autofree char *want = NULL;
      g_auto (GStrv) envp = g_get_environ ();
      g_autoptr (GError) error = NULL;
      int fd, status;

      remove_tree (data_dir);
      assert_int_equal (g_mkdir_with_parents (data_dir, 0700), 0);
      fd = g_mkstemp (log);
      assert_true (fd >= 0);
      close (fd);
      envp = g_environ_setenv (envp, "LD_PRELOAD", shim, TRUE);
      envp = g_environ_setenv (envp, "ASAN_OPTIONS", "detect_leaks=0:verify_asan_link_order=0", TRUE);
      envp = g_environ_setenv (envp, "FELT_FAULT_DIR", data_dir, TRUE);
      envp = g_environ_setenv (envp, "FELT_FAULT_CALL", "rename", TRUE);
      envp = g_environ_setenv (envp, "FELT_FAULT_ERRNO", errnos[i], TRUE);
      envp = g_environ_setenv (envp, "FELT_FAULT_N", "2", TRUE);
      envp = g_environ_setenv (envp, "FELT_FAULT_LOG", log, TRUE);
      assert_true (g_spawn_sync (NULL, (char **) argv, envp, G_SPAWN_CHILD_INHERITS_STDIN, NULL, NULL,
                                 NULL, NULL, &status, &error));
      assert_true (g_spawn_check_wait_status (status, NULL));

      assert_true (g_file_get_contents (log, &log_text, NULL, NULL));
      g_unlink (log);
      want = g_strdup_printf ("injected rename %d 2 ", g_str_equal (errnos[i], "ENOSPC") ? ENOSPC : EROFS);
      assert_non_null (strstr (log_text, want));
      assert_non_null (strstr (log_text, "game.ini"));
    }
}

/* ---- kill -9 the real program ------------------------------------------------ */

static GPid
spawn_felt (const char *const *args)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  const char *felt = g_getenv ("FELT");
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) envp = NULL;
  GPid pid;

  g_ptr_array_add (argv, (char *) felt);
  for (guint i = 0; args && args[i]; i++)
    g_ptr_array_add (argv, (char *) args[i]);
  g_ptr_array_add (argv, NULL);
  /* The program may warn about things of this test machine (no session
   * bus); that must not abort it here. */
  envp = g_environ_unsetenv (g_get_environ (), "G_DEBUG");
  if (!g_spawn_async (NULL, (char **) argv->pdata, envp, G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL, &pid, &error))
    fail_msg ("cannot start felt: %s", error->message);
  felt_child = pid;
  return pid;
}

static char *
saved_moves (void)
{
  g_autofree char *path = data_path ("game.ini");
  g_autoptr (GKeyFile) file = g_key_file_new ();

  if (!g_key_file_load_from_file (file, path, G_KEY_FILE_NONE, NULL))
    return NULL;
  return g_key_file_get_string (file, "Felt Game", "moves", NULL);
}

/* Waits until the saved game's moves read `want`. */
static gboolean
wait_for_moves (const char *want)
{
  gint64 end = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;

  while (g_get_monotonic_time () < end)
    {
      g_autofree char *moves = saved_moves ();
      if (moves && g_str_equal (moves, want))
        return TRUE;
      g_usleep (50 * 1000);
    }
  return FALSE;
}

static void
kill_hard (GPid pid)
{
  int status;

  kill (pid, SIGKILL);
  waitpid (pid, &status, 0);
  g_spawn_close_pid (pid);
  if (pid == felt_child)
    felt_child = 0;
}

static void
test_kill_and_resume (void **unused)
{
  const char *first[] = { "--game", "straight-up", "--seed", "5", NULL };
  GPid pid;

  if (g_getenv ("FELT") == NULL)
    skip ();
  remove_tree (data_dir);
  g_mkdir_with_parents (data_dir, 0700);

  /* The board has the keyboard focus on the stock: Space deals. */
  pid = spawn_felt (first);
  assert_true (wait_for_moves (""));
  {
    g_autofree char *cmd = g_strdup_printf ("xdotool search --sync --onlyvisible --pid %d --name Felt mousemove --window %%1 300 500 "
                                            "sleep 0.3 key --delay 150 space space space",
                                            (int) pid);
    assert_int_equal (system (cmd), 0);
  }
  assert_true (wait_for_moves ("s s s"));
  kill_hard (pid);

  /* Started again with no arguments, it picks the game up: undo works. */
  pid = spawn_felt (NULL);
  assert_true (wait_for_moves ("s s s"));
  {
    g_autofree char *cmd = g_strdup_printf ("xdotool search --sync --onlyvisible --pid %d --name Felt mousemove --window %%1 300 500 "
                                            "sleep 0.3 key ctrl+z",
                                            (int) pid);
    assert_int_equal (system (cmd), 0);
  }
  assert_true (wait_for_moves ("s s"));
  kill_hard (pid);
  {
    g_autofree char *path = data_path ("game.ini");
    g_autoptr (GKeyFile) file = g_key_file_new ();
    g_autofree char *redo = NULL;
    assert_true (g_key_file_load_from_file (file, path, G_KEY_FILE_NONE, NULL));
    redo = g_key_file_get_string (file, "Felt Game", "redo", NULL);
    assert_string_equal (redo, "s");
  }
}

/* New Game (Ctrl+N) over a deal in progress, given up, then Undo
 * (Ctrl+Z): the deal comes back at its position; Redo: the new one. */
static void
test_undo_new_game (void **unused)
{
  FeltWindow *window = new_window ();
  GtkWidget *dialog, *undo_button;
  guint32 new_seed;

  felt_window_start (window, felt_game_lookup ("straight-up"), 9);
  for (int i = 0; i < 2; i++)
    {
      FeltMove moves[FELT_MAX_MOVES];

      if (felt_state_legal_moves (felt_session_get_state (session_of (window)), moves) > 0)
        assert_true (felt_board_play (felt_window_get_board (window), &moves[0]));
      else
        assert_true (felt_board_play (felt_window_get_board (window), &(FeltMove) { 0, 0, 0, 1 }));
    }
  assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL));
  wait_ms (50);
  dialog = find_toplevel (FELT_TYPE_ABANDON_DIALOG);
  assert_non_null (dialog);
  click (find_button (dialog, "_Give Up"));
  wait_ms (50);
  new_seed = felt_session_get_seed (session_of (window));
  assert_int_equal (felt_session_get_n_moves (session_of (window)), 0);
  /* The Undo button says where it goes. */
  undo_button = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (window), FELT_TYPE_WINDOW, "undo_button"));
  assert_true (gtk_widget_is_sensitive (undo_button));
  assert_string_equal (gtk_widget_get_tooltip_text (undo_button), "Go back to the game you left (Ctrl+Z)");

  assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  wait_ms (50);
  assert_int_equal (felt_session_get_seed (session_of (window)), 9);
  assert_int_equal (felt_session_get_n_moves (session_of (window)), 2);
  assert_null (find_toplevel (FELT_TYPE_ABANDON_DIALOG));
  assert_string_equal (gtk_widget_get_tooltip_text (undo_button), "Undo (Ctrl+Z)");

  assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  wait_ms (50);
  assert_int_equal (felt_session_get_seed (session_of (window)), new_seed);
  assert_int_equal (felt_session_get_n_moves (session_of (window)), 0);
  close_window (window);
}

/* A deal the demo made a move in: the end dialog says the demo won. */
static void
test_demo_win_dialog (void **unused)
{
  FeltWindow *window = new_window ();
  FeltPlay *play = felt_window_get_play (window);
  FeltSolveResult result;
  GtkWidget *dialog;
  gint64 end;

  felt_window_start (window, felt_game_lookup ("straight-up"), 7);
  felt_play_toggle_demo (play);
  end = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;
  while (felt_session_get_n_moves (session_of (window)) == 0 && g_get_monotonic_time () < end)
    wait_ms (20);
  felt_play_stop_demo (play);
  assert_true (felt_session_get_n_moves (session_of (window)) > 0);

  felt_solve (felt_session_get_state (session_of (window)), 0, NULL, &result);
  assert_int_equal (result.verdict, FELT_SOLVE_WINNABLE);
  for (guint i = 0; i < result.line->len; i++)
    assert_true (felt_board_play (felt_window_get_board (window), &g_array_index (result.line, FeltMove, i)));
  felt_solve_result_clear (&result);
  assert_true (felt_play_get_won (play));
  wait_ms (2000);
  dialog = find_toplevel (FELT_TYPE_END_DIALOG);
  assert_non_null (dialog);
  assert_string_equal (gtk_window_get_title (GTK_WINDOW (dialog)), "The demo won this game");
  click (find_button (dialog, "_Close"));
  wait_ms (50);
  close_window (window);
}

/* While the solver searches a slow position: "Thinking…" with a spinner;
 * the header bar's subtitle gets the deal's difficulty once rated; a
 * minimised window stops the solver. */
static void
test_thinking_status (void **unused)
{
  FeltWindow *window = new_window ();
  FeltPlay *play = felt_window_get_play (window);
  GtkWidget *spinner = felt_ui_test_find_named (GTK_WIDGET (window), "solver_spinner");
  GtkWidget *subtitle = felt_ui_test_find_named (GTK_WIDGET (window), "subtitle_label");
  g_autoptr (GdkTexture) picture = NULL;
  g_autofree char *rated = NULL;

  assert_non_null (spinner);
  assert_non_null (subtitle);
  /* Backbone deal 34 takes the solver seconds: with a huge budget, it
   * thinks on. */
  felt_play_set_solver_budget (play, G_GUINT64_CONSTANT (1000000000000), 300);
  felt_window_start (window, felt_game_lookup ("backbone"), 34);
  for (int i = 0; i < 500 && !felt_play_get_thinking (play); i++)
    wait_ms (10);
  assert_true (felt_play_get_thinking (play));
  wait_ms (50);
  assert_string_equal (felt_window_get_solver_status (window), "Thinking…");
  assert_true (gtk_widget_get_visible (spinner));
  assert_true (gtk_spinner_get_spinning (GTK_SPINNER (spinner)));
  picture = felt_ui_test_render (GTK_WIDGET (window), "window-thinking.png");

  /* Minimised: the solver stops (the window tells the game). */
  gtk_window_minimize (GTK_WINDOW (window));
  for (int i = 0; i < 100 && felt_play_get_thinking (play); i++)
    wait_ms (10);
  if (!felt_play_get_thinking (play))
    {
      gboolean active;
      g_object_get (play, "active", &active, NULL);
      assert_false (active);
      print_message ("minimised: the solver stopped\n");
      gtk_window_unminimize (GTK_WINDOW (window));
      gtk_window_present (GTK_WINDOW (window));
    }
  else
    /* Xvfb has no window manager to minimise it: hiding does the same. */
    {
      gtk_widget_set_visible (GTK_WIDGET (window), FALSE);
      assert_false (felt_play_get_thinking (play));
      print_message ("no window manager: hidden, the solver stopped\n");
      gtk_widget_set_visible (GTK_WIDGET (window), TRUE);
    }
  for (int i = 0; i < 500 && !felt_play_get_thinking (play); i++)
    wait_ms (10);
  assert_true (felt_play_get_thinking (play));

  /* The rating (at the solver's own budget) comes in seconds: the
   * subtitle shows it. */
  for (int i = 0; i < 3000 && felt_play_get_difficulty (play) == FELT_DIFFICULTY_UNKNOWN; i++)
    wait_ms (10);
  assert_true (felt_play_get_difficulty (play) != FELT_DIFFICULTY_UNKNOWN);
  rated = g_strdup_printf ("Deal 34 · %s", felt_difficulty_label (felt_play_get_difficulty (play)));
  assert_string_equal (gtk_label_get_label (GTK_LABEL (subtitle)), rated);
  g_clear_object (&picture);
  picture = felt_ui_test_render (GTK_WIDGET (window), "window-rated.png");
  close_window (window);
}

int
main (int argc, char **argv)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_notice_bar, setup, teardown),
    cmocka_unit_test_setup_teardown (test_notice_unreadable, setup, teardown),
    cmocka_unit_test_setup_teardown (test_save_faults, setup, teardown),
    cmocka_unit_test_setup_teardown (test_status_line, setup, teardown),
    cmocka_unit_test_setup_teardown (test_highlight_colors, setup, teardown),
    cmocka_unit_test_setup_teardown (test_end_dialog, setup, teardown),
    cmocka_unit_test_setup_teardown (test_win_dialog, setup, teardown),
    cmocka_unit_test_setup_teardown (test_deal_dialog, setup, teardown),
    cmocka_unit_test_setup_teardown (test_thinking_status, setup, teardown),
    cmocka_unit_test_setup_teardown (test_abandon_dialog, setup, teardown),
    cmocka_unit_test_setup_teardown (test_escape_closes_dialogs, setup, teardown),
    cmocka_unit_test_setup_teardown (test_face_cache, setup, teardown),
    cmocka_unit_test_setup_teardown (test_face_cache_resize, setup, teardown),
    cmocka_unit_test_setup_teardown (test_kill_and_resume, setup, teardown),
    cmocka_unit_test_setup_teardown (test_undo_new_game, setup, teardown),
    cmocka_unit_test_setup_teardown (test_demo_win_dialog, setup, teardown),
  };

  /* The copy test_save_faults runs under the fault shim, in the data
   * folder it made. */
  const struct CMUnitTest child[] = {
    cmocka_unit_test (test_save_fault_child),
  };
  g_autofree char *self_path = g_file_read_link ("/proc/self/exe", NULL);

  g_setenv ("FELT_TEST_SELF", self_path, TRUE);
  gtk_init ();
  if (argc == 2 && g_str_equal (argv[1], "--save-fault"))
    {
      data_dir = g_strdup (g_getenv ("FELT_DATA_DIR"));
      return cmocka_run_group_tests_name ("save-fault", child, NULL, NULL);
    }
  return cmocka_run_group_tests (tests, NULL, NULL);
}
