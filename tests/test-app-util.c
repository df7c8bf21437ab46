/* test-app-util.c: what the tests of the window (test-app*.c) share: a
 * data folder of their own for each test, the window, its dialogs and
 * their buttons, and the real program they started, killed at teardown.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "test-app.h"

#include "felt-test-util.h"

char *data_dir;
GPid felt_child;

void
wait_ms (guint ms)
{
  gint64 end = g_get_monotonic_time () + ms * 1000;

  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
}

char *
data_path (const char *name)
{
  return g_build_filename (data_dir, name, NULL);
}

void
write_file (const char *name, const char *text)
{
  g_autofree char *path = data_path (name);

  assert_true (g_file_set_contents (path, text, -1, NULL));
}

int
setup (void **state)
{
  data_dir = felt_test_make_dir ("felt-test-app", "FELT_DATA_DIR");
  return 0;
}



int
teardown (void **state)
{
  /* A failed check leaves the program it started running: it holds the
   * test's output open and meson would wait for it to the time-out. */
  if (felt_child)
    kill_hard (felt_child);
  felt_test_remove_dir (data_dir);
  g_clear_pointer (&data_dir, g_free);
  return 0;
}

FeltWindow *
new_window (void)
{
  FeltWindow *window = felt_window_new (NULL);

  gtk_window_present (GTK_WINDOW (window));
  wait_ms (50);
  return window;
}

void
close_window (FeltWindow *window)
{
  gtk_window_destroy (GTK_WINDOW (window));
  wait_ms (20);
}
GtkWidget *
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
GtkWidget *
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

GtkWidget *
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
void
click (GtkWidget *button)
{
  assert_non_null (button);
  g_signal_emit_by_name (button, "clicked");
  wait_ms (20);
}

GtkWidget *
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

FeltSession *
session_of (FeltWindow *window)
{
  return felt_play_get_session (felt_window_get_play (window));
}

void
kill_hard (GPid pid)
{
  int status;

  kill (pid, SIGKILL);
  waitpid (pid, &status, 0);
  g_spawn_close_pid (pid);
  if (pid == felt_child)
    felt_child = 0;
}
