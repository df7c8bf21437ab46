/* test-help-window.c: the help window shows pages, follows links and
 * goes back; it shows on screen and closes with Escape.  The pages and
 * their reader: test-help.c.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "test-help.h"

#include <gdk/x11/gdkx.h>
#include <X11/extensions/XTest.h>
#include <X11/keysym.h>

#include "felt-help-window.h"

/* ---- the window ------------------------------------------------------------------- */

/* The label whose markup links to `uri`. */
static gboolean
links_to (GtkWidget *widget, gconstpointer needle)
{
  return GTK_IS_LABEL (widget) && strstr (gtk_label_get_label (GTK_LABEL (widget)), needle);
}

static GtkWidget *
find_link (GtkWidget *widget, const char *uri)
{
  g_autofree char *needle = g_strdup_printf ("href=\"%s\"", uri);

  return felt_ui_test_find (widget, links_to, needle);
}

static void
assert_shows (GtkWidget *window, const char *line)
{
  g_autofree char *text = felt_ui_test_text (window);
  g_autofree char *needle = g_strdup_printf ("\n%s\n", line);
  g_autofree char *haystack = g_strconcat ("\n", text, NULL);

  if (strstr (haystack, needle) == NULL)
    fail_msg ("the help window does not show \"%s\"; it shows:\n%s", line, text);
}

static void
click_link (GtkWidget *window, const char *uri)
{
  GtkWidget *label = find_link (window, uri);
  gboolean handled = FALSE;

  if (label == NULL)
    fail_msg ("no link to %s", uri);
  g_signal_emit_by_name (label, "activate-link", uri, &handled);
  assert_true (handled);
}

/* Runs the main loop until the view has scrolled past `y`, for at most 10 s. */
static gboolean
wait_scrolled (GtkAdjustment *adjustment, double y)
{
  gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while (gtk_adjustment_get_value (adjustment) <= y && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
  return gtk_adjustment_get_value (adjustment) > y;
}

/* The page a sidebar row leads to: its help.show-page action's target. */
static const char *
row_page (GtkListBoxRow *row)
{
  assert_string_equal (gtk_actionable_get_action_name (GTK_ACTIONABLE (row)), "help.show-page");
  return g_variant_get_string (gtk_actionable_get_action_target_value (GTK_ACTIONABLE (row)), NULL);
}

/* Saves a picture of the window in FELT_TEST_OUTPUT, for a person to look at. */
static void
save_png (GtkWidget *window, const char *name)
{
  g_object_unref (felt_ui_test_render (window, name));
}

static void
test_window_shows_pages (void **state)
{
  GtkWidget *window = felt_help_window_new (NULL);
  FeltHelpWindow *help = FELT_HELP_WINDOW (window);
  GtkWidget *sidebar, *grid, *back;
  GtkListBoxRow *row;
  int n_rows = 0;

  g_object_ref_sink (window);
  /* it opens on the index, with its two groups of pages */
  assert_string_equal (felt_help_window_get_page (help), "index");
  assert_string_equal (gtk_window_get_title (GTK_WINDOW (window)), "Felt Help");
  assert_shows (window, "Felt Help");
  assert_shows (window, "Games");
  assert_shows (window, "Playing");
  assert_non_null (find_link (window, "xref:scuffle"));
  assert_shows (window, "Build four foundations by ones, twos, threes and fours, with four reserve piles to hold "
                        "the cards that do not fit yet.");

  /* the sidebar: the index, the five games, then the six other pages */
  sidebar = felt_ui_test_find_type (window, GTK_TYPE_LIST_BOX, "navigation-sidebar");
  assert_non_null (sidebar);
  while ((row = gtk_list_box_get_row_at_index (GTK_LIST_BOX (sidebar), n_rows)))
    {
      const char *id = row_page (row);
      if (n_rows == 0)
        assert_string_equal (id, "index");
      else if (n_rows <= FELT_N_GAMES)
        assert_string_equal (id, game_pages[n_rows - 1]);
      else
        assert_string_equal (id, playing_pages[n_rows - 1 - FELT_N_GAMES]);
      n_rows++;
    }
  assert_int_equal (n_rows, 1 + FELT_N_GAMES + g_strv_length ((char **) playing_pages));
  assert_string_equal (row_page (gtk_list_box_get_selected_row (GTK_LIST_BOX (sidebar))), "index");

  felt_help_window_show_page (help, "backbone");
  assert_string_equal (felt_help_window_get_page (help), "backbone");
  assert_string_equal (gtk_window_get_title (GTK_WINDOW (window)), "Backbone");
  assert_shows (window, "Backbone");
  assert_shows (window, "Setup");
  assert_shows (window, "Backbone (reserve)");
  assert_shows (window, "Stock and waste");
  assert_string_equal (row_page (gtk_list_box_get_selected_row (GTK_LIST_BOX (sidebar))), "backbone");
  /* the setup table: 3 columns, a header and 5 piles */
  grid = felt_ui_test_find_type (window, GTK_TYPE_GRID, "felt-help-table");
  assert_non_null (grid);
  assert_non_null (gtk_grid_get_child_at (GTK_GRID (grid), 2, 5));
  assert_null (gtk_grid_get_child_at (GTK_GRID (grid), 3, 0));
  assert_null (gtk_grid_get_child_at (GTK_GRID (grid), 0, 6));
  assert_true (gtk_widget_has_css_class (gtk_grid_get_child_at (GTK_GRID (grid), 0, 0), "header"));
  assert_false (gtk_widget_has_css_class (gtk_grid_get_child_at (GTK_GRID (grid), 0, 1), "header"));

  /* links lead to their page, Back comes back */
  felt_help_window_show_page (help, "playing");
  assert_shows (window, "Moving cards");
  click_link (window, "xref:preferences");
  assert_string_equal (felt_help_window_get_page (help), "preferences");
  assert_shows (window, "Show whether the game is winnable");
  /* a link without text shows the title of its target */
  assert_non_null (strstr (gtk_label_get_label (GTK_LABEL (find_link (window, "xref:hints#winnable"))),
                           ">Can this deal be won?</a>"));
  click_link (window, "xref:hints#winnable");
  assert_string_equal (felt_help_window_get_page (help), "hints");
  assert_true (gtk_widget_is_sensitive (felt_ui_test_find_action (window, "help.back")));
  assert_true (gtk_widget_activate_action (window, "help.back", NULL));
  assert_string_equal (felt_help_window_get_page (help), "preferences");
  assert_true (gtk_widget_activate_action (window, "help.back", NULL));
  assert_string_equal (felt_help_window_get_page (help), "playing");
  assert_true (gtk_widget_activate_action (window, "help.back", NULL));
  assert_string_equal (felt_help_window_get_page (help), "backbone");
  assert_true (gtk_widget_activate_action (window, "help.back", NULL));
  assert_string_equal (felt_help_window_get_page (help), "index");
  /* nothing left to go back to: the Back button is off */
  back = felt_ui_test_find_action (window, "help.back");
  assert_non_null (back);
  assert_false (gtk_widget_is_sensitive (back));
  gtk_widget_activate_action (window, "help.back", NULL);
  assert_string_equal (felt_help_window_get_page (help), "index");

  /* choosing a page in the sidebar shows it */
  gtk_list_box_select_row (GTK_LIST_BOX (sidebar), gtk_list_box_get_row_at_index (GTK_LIST_BOX (sidebar), 3));
  assert_string_equal (felt_help_window_get_page (help), "straight-up");
  assert_shows (window, "Straight Up");
  /* and so does activating a row (a click, Enter): its help.show-page action */
  g_signal_emit_by_name (gtk_list_box_get_row_at_index (GTK_LIST_BOX (sidebar), 1 + FELT_N_GAMES + 1), "activate");
  assert_string_equal (felt_help_window_get_page (help), playing_pages[1]);
  assert_string_equal (row_page (gtk_list_box_get_selected_row (GTK_LIST_BOX (sidebar))), playing_pages[1]);
  /* the sidebar's groups, headed by the index's sections */
  assert_non_null (gtk_list_box_row_get_header (gtk_list_box_get_row_at_index (GTK_LIST_BOX (sidebar), 1)));
  assert_string_equal (gtk_label_get_text (GTK_LABEL (gtk_list_box_row_get_header (
                         gtk_list_box_get_row_at_index (GTK_LIST_BOX (sidebar), 1 + FELT_N_GAMES)))), "Playing");
  assert_null (gtk_list_box_row_get_header (gtk_list_box_get_row_at_index (GTK_LIST_BOX (sidebar), 2)));
  {
    g_autofree char *back_name = felt_ui_test_accessible_name (back);
    assert_string_equal (back_name, "Back");
  }

  /* a page that does not exist: a message, not a crash */
  felt_help_window_show_page (help, "no-such-page");
  assert_string_equal (felt_help_window_get_page (help), "no-such-page");
  assert_shows (window, "Page Not Found");
  assert_null (gtk_list_box_get_selected_row (GTK_LIST_BOX (sidebar)));

  gtk_window_destroy (GTK_WINDOW (window));
  g_object_unref (window);
}

/* Shown on screen: a section link scrolls to its section; pictures of two
 * pages for a person to look at. */
static void
test_window_on_screen (void **state)
{
  GtkWidget *window = felt_help_window_new (NULL);
  FeltHelpWindow *help = FELT_HELP_WINDOW (window);
  GtkScrolledWindow *scroller;
  GtkAdjustment *adjustment;

  g_object_ref_sink (window);
  gtk_window_present (GTK_WINDOW (window));
  felt_help_window_show_page (help, "backbone");
  felt_ui_test_wait_ms (600);
  assert_true (gtk_widget_get_mapped (window));
  save_png (window, "help-backbone.png");
  felt_help_window_show_page (help, "hopscotch");
  felt_ui_test_wait_ms (400);
  save_png (window, "help-hopscotch.png");

  scroller = GTK_SCROLLED_WINDOW (felt_ui_test_find_type (window, GTK_TYPE_SCROLLED_WINDOW, "view"));
  assert_non_null (scroller);
  adjustment = gtk_scrolled_window_get_vadjustment (scroller);
  assert_true (gtk_adjustment_get_value (adjustment) == 0);
  felt_help_window_show_page (help, "hopscotch#strategy");
  assert_string_equal (felt_help_window_get_page (help), "hopscotch");
  assert_true (wait_scrolled (adjustment, 100));
  /* Back to the page without its section: the top of the page */
  assert_true (gtk_widget_activate_action (window, "help.back", NULL));
  assert_string_equal (felt_help_window_get_page (help), "hopscotch");
  assert_true (gtk_adjustment_get_value (adjustment) == 0);
  /* a section of another page */
  felt_help_window_show_page (help, "playing#undo");
  assert_string_equal (felt_help_window_get_page (help), "playing");
  assert_true (wait_scrolled (adjustment, 100));

  gtk_window_destroy (GTK_WINDOW (window));
  g_object_unref (window);
}

static gboolean
is_open (GtkWidget *window)
{
  GList *toplevels = gtk_window_list_toplevels ();
  gboolean open = g_list_find (toplevels, window) != NULL;

  g_list_free (toplevels);
  return open;
}

/* Escape closes the help window: a real key through the X server, with
 * the keyboard given to the window (there is no window manager), the
 * focus in the list of pages and then in the page itself. */
static void
test_window_escape (void **state)
{
  for (guint round = 0; round < 2; round++)
    {
      GtkWidget *window = felt_help_window_new (NULL);
      GdkDisplay *display;
      Display *xdpy;
      Window xid;
      KeyCode code;

      g_object_ref (window);
      gtk_window_present (GTK_WINDOW (window));
      felt_ui_test_wait_shown (window);
      if (round == 1)
        {
          GtkWidget *view = felt_ui_test_find_type (window, GTK_TYPE_SCROLLED_WINDOW, "view");
          assert_non_null (view);
          felt_help_window_show_page (FELT_HELP_WINDOW (window), "accessibility");
          gtk_widget_child_focus (view, GTK_DIR_TAB_FORWARD);
        }
      display = gtk_widget_get_display (window);
      xdpy = gdk_x11_display_get_xdisplay (display);
      xid = gdk_x11_surface_get_xid (gtk_native_get_surface (GTK_NATIVE (window)));
      code = XKeysymToKeycode (xdpy, XK_Escape);
      gdk_x11_display_error_trap_push (display);
      XSetInputFocus (xdpy, xid, RevertToParent, CurrentTime);
      gdk_x11_display_error_trap_pop_ignored (display);
      XSync (xdpy, False);
      FELT_UI_WAIT_UNTIL (gtk_window_is_active (GTK_WINDOW (window)), "the help window is active");
      XTestFakeKeyEvent (xdpy, code, True, CurrentTime);
      XTestFakeKeyEvent (xdpy, code, False, CurrentTime);
      XSync (xdpy, False);
      FELT_UI_WAIT_UNTIL (!is_open (window), "Escape closes the help window (round %u)", round);
      g_object_unref (window);
    }
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_window_shows_pages),
    cmocka_unit_test (test_window_on_screen),
    cmocka_unit_test (test_window_escape),
  };

  help_test_init ();
  return cmocka_run_group_tests (tests, NULL, NULL);
}
