/* felt-ui-test-util.c: what the tests of real widgets share.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "felt-ui-test-util.h"

#include "felt-test-util.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- the test's own folders ---- */

static char *isolated_root;

static void
remove_isolated_root (void)
{
  felt_test_remove_dir (isolated_root);
  g_clear_pointer (&isolated_root, g_free);
}

/* A folder of links to everything in `system` but the card decks. */
static char *
data_dir_view (const char *system, guint n)
{
  g_autofree char *name = g_strdup_printf ("share-%u", n);
  char *view = g_build_filename (isolated_root, name, NULL);
  g_autoptr (GDir) dir = g_dir_open (system, 0, NULL);
  const char *entry;

  g_mkdir_with_parents (view, 0700);
  while (dir && (entry = g_dir_read_name (dir)))
    if (!g_str_equal (entry, "aisleriot") && !g_str_equal (entry, "carddecks"))
      {
        g_autofree char *target = g_build_filename (system, entry, NULL);
        g_autofree char *link = g_build_filename (view, entry, NULL);

        if (symlink (target, link) != 0)
          fail_msg ("cannot link %s: %s", link, g_strerror (errno));
      }
  return view;
}

void
felt_ui_test_isolate (const char *own_data)
{
  static const char *const homes[][2] = {
    { "XDG_CONFIG_HOME", ".config" }, { "XDG_DATA_HOME", ".local/share" },
    { "XDG_CACHE_HOME", ".cache" }, { "XDG_STATE_HOME", ".local/state" },
  };
  const char *system = g_getenv ("XDG_DATA_DIRS");
  g_auto (GStrv) dirs = g_strsplit (system && *system ? system : "/usr/local/share:/usr/share", ":", -1);
  g_autoptr (GPtrArray) views = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *home = NULL, *joined = NULL;

  if (isolated_root)
    return;
  isolated_root = felt_test_make_dir ("felt-test-home", NULL);
  atexit (remove_isolated_root);
  home = g_build_filename (isolated_root, "home", NULL);
  g_mkdir_with_parents (home, 0700);
  g_setenv ("HOME", home, TRUE);
  for (guint i = 0; i < G_N_ELEMENTS (homes); i++)
    {
      g_autofree char *dir = g_build_filename (home, homes[i][1], NULL);
      g_mkdir_with_parents (dir, 0700);
      g_setenv (homes[i][0], dir, TRUE);
    }
  if (own_data)
    g_ptr_array_add (views, g_strdup (own_data));
  for (guint i = 0; dirs[i]; i++)
    if (*dirs[i] && !(own_data && g_str_equal (dirs[i], own_data)))
      g_ptr_array_add (views, data_dir_view (dirs[i], i));
  g_ptr_array_add (views, NULL);
  joined = g_strjoinv (":", (char **) views->pdata);
  g_setenv ("XDG_DATA_DIRS", joined, TRUE);
}

/* ---- the display ---- */

void
felt_ui_test_init (void)
{
  g_autoptr (GtkCssProvider) css = NULL;

  felt_ui_test_isolate (NULL);

  /* The test context keeps the accessible properties for us to read, with
   * no accessibility bus. */
  g_setenv ("GTK_A11Y", "test", FALSE);
  if (!gtk_init_check ())
    {
      /* Not a skip: tests/meson.build runs UI tests only where they can run. */
      g_printerr ("no display (DISPLAY=%s): a UI test needs one; meson test runs it under xvfb-run\n",
                  g_getenv ("DISPLAY") ? g_getenv ("DISPLAY") : "");
      exit (1);
    }
  css = gtk_css_provider_new ();
  gtk_css_provider_load_from_resource (css, "/io/github/feltsolitaire/Felt/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
}

/* ---- temporary folders ---- */

/* The folders of felt-test-util.c; a folder the UI tests made must go
 * entirely. */
char *
felt_ui_test_make_dir (const char *prefix, const char *env_var)
{
  return felt_test_make_dir (prefix, env_var);
}

void
felt_ui_test_remove_dir (const char *dir)
{
  felt_test_remove_dir (dir);
  if (dir && g_file_test (dir, G_FILE_TEST_EXISTS))
    fail_msg ("cannot remove the folder %s", dir);
}

/* ---- finding widgets ---- */

/* The window open over `parent` (its transient parent), or NULL. */
GtkWidget *
felt_ui_test_window_over (GtkWidget *parent)
{
  GList *toplevels = gtk_window_list_toplevels ();
  GtkWidget *found = NULL;

  for (GList *l = toplevels; l; l = l->next)
    if (gtk_window_get_transient_for (l->data) == GTK_WINDOW (parent) && gtk_widget_get_visible (l->data))
      found = l->data;
  g_list_free (toplevels);
  return found;
}

GtkWidget *
felt_ui_test_find (GtkWidget *root, FeltUiTestMatch match, gconstpointer data)
{
  if (match (root, data))
    return root;
  for (GtkWidget *c = gtk_widget_get_first_child (root); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = felt_ui_test_find (c, match, data);
      if (found)
        return found;
    }
  return NULL;
}

typedef struct {
  GType type;
  const char *css_class;
} TypeQuery;

static gboolean
match_type (GtkWidget *widget, gconstpointer data)
{
  const TypeQuery *q = data;

  return G_TYPE_CHECK_INSTANCE_TYPE (widget, q->type) &&
         (q->css_class == NULL || gtk_widget_has_css_class (widget, q->css_class));
}

GtkWidget *
felt_ui_test_find_type (GtkWidget *root, GType type, const char *css_class)
{
  TypeQuery q = { type, css_class };

  return felt_ui_test_find (root, match_type, &q);
}

static gboolean
match_name (GtkWidget *widget, gconstpointer name)
{
  return g_strcmp0 (gtk_buildable_get_buildable_id (GTK_BUILDABLE (widget)), name) == 0 ||
         g_strcmp0 (gtk_widget_get_name (widget), name) == 0;
}

GtkWidget *
felt_ui_test_find_named (GtkWidget *root, const char *name)
{
  return felt_ui_test_find (root, match_name, name);
}

/* A button's label as it reads: "_New Game" reads "New Game". */
static char *
button_text (GtkButton *button)
{
  const char *label = gtk_button_get_label (button);
  GString *text;

  if (label == NULL)
    return NULL;
  if (!gtk_button_get_use_underline (button))
    return g_strdup (label);
  text = g_string_new (NULL);
  for (const char *p = label; *p; p++)
    {
      if (*p == '_')
        {
          if (p[1] != '_')
            continue;
          p++;
        }
      g_string_append_c (text, *p);
    }
  return g_string_free (text, FALSE);
}

typedef struct {
  GtkWidget *widget;
  GtkWidget *label;
} LabelQuery;

/* A label that names query->widget: its mnemonic label, or one it is
 * labelled by. */
static gboolean
match_naming_label (GtkWidget *widget, gconstpointer data)
{
  const LabelQuery *q = data;
  g_autofree char *wrong = NULL;

  if (!GTK_IS_LABEL (widget) || widget == q->widget)
    return FALSE;
  if (gtk_label_get_mnemonic_widget (GTK_LABEL (widget)) == q->widget)
    return TRUE;
  wrong = gtk_test_accessible_check_relation (GTK_ACCESSIBLE (q->widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY,
                                              widget, NULL);
  return wrong == NULL;
}

char *
felt_ui_test_accessible_name (GtkWidget *widget)
{
  GtkWidget *root = GTK_WIDGET (gtk_widget_get_root (widget));
  LabelQuery q = { widget, NULL };
  GtkWidget *label;

  if (gtk_test_accessible_has_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL))
    {
      /* The test context tells the value it holds when asked for another. */
      char *value = gtk_test_accessible_check_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                                        "\x01");
      if (value)
        return value;
    }
  if (gtk_test_accessible_has_relation (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY) &&
      root && (label = felt_ui_test_find (root, match_naming_label, &q)))
    return g_strdup (gtk_label_get_text (GTK_LABEL (label)));
  if (GTK_IS_BUTTON (widget))
    return button_text (GTK_BUTTON (widget));
  return NULL;
}

static gboolean
match_labelled (GtkWidget *widget, gconstpointer label)
{
  g_autofree char *name = felt_ui_test_accessible_name (widget);

  return g_strcmp0 (name, label) == 0;
}

GtkWidget *
felt_ui_test_find_labelled (GtkWidget *root, const char *label)
{
  return felt_ui_test_find (root, match_labelled, label);
}

static gboolean
match_text (GtkWidget *widget, gconstpointer text)
{
  return GTK_IS_LABEL (widget) && strstr (gtk_label_get_text (GTK_LABEL (widget)), text) != NULL;
}

GtkWidget *
felt_ui_test_find_text (GtkWidget *root, const char *text)
{
  return felt_ui_test_find (root, match_text, text);
}

static gboolean
match_action (GtkWidget *widget, gconstpointer action)
{
  return GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0;
}

GtkWidget *
felt_ui_test_find_action (GtkWidget *root, const char *action)
{
  return felt_ui_test_find (root, match_action, action);
}

static void
collect_text (GtkWidget *widget, GString *text)
{
  if (GTK_IS_LABEL (widget))
    {
      g_string_append (text, gtk_label_get_text (GTK_LABEL (widget)));
      g_string_append_c (text, '\n');
    }
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    collect_text (c, text);
}

char *
felt_ui_test_text (GtkWidget *root)
{
  GString *text = g_string_new (NULL);

  collect_text (root, text);
  return g_string_free (text, FALSE);
}

/* ---- the main loop ---- */

gboolean
felt_ui_test_wake_up (gpointer data)
{
  return G_SOURCE_CONTINUE;
}

void
felt_ui_test_wait_ms (guint ms)
{
  gint64 end = g_get_monotonic_time () + ms * 1000;
  guint wake = g_timeout_add (5, felt_ui_test_wake_up, NULL);

  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (wake);
}

static gboolean
count_tick (GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  (*(guint *) data)++;
  return G_SOURCE_CONTINUE;
}

void
felt_ui_test_wait_shown (GtkWidget *window)
{
  guint ticks = 0;
  guint id = gtk_widget_add_tick_callback (window, count_tick, &ticks, NULL);

  gtk_widget_queue_draw (window);

  /* two frames: the first lays the window out, the second draws it settled */
  FELT_UI_WAIT_UNTIL (gtk_widget_get_mapped (window) && ticks >= 2 && gtk_widget_get_width (window) > 0,
                      "the window is shown");
  gtk_widget_remove_tick_callback (window, id);
}

/* ---- pictures ---- */

GdkTexture *
felt_ui_test_render (GtkWidget *widget, const char *png_name)
{
  g_autoptr (GdkPaintable) paintable = NULL;
  GtkSnapshot *snapshot;
  g_autoptr (GskRenderNode) node = NULL;
  GdkTexture *texture;
  int w, h;

  /* drawn as it is now: what changed since the last frame laid out again */
  felt_ui_test_wait_shown (GTK_WIDGET (gtk_widget_get_root (widget)));
  w = gtk_widget_get_width (widget);
  h = gtk_widget_get_height (widget);
  paintable = gtk_widget_paintable_new (widget);
  snapshot = gtk_snapshot_new ();
  if (w <= 0 || h <= 0)
    fail_msg ("a %s of %dx%d cannot be pictured: is it shown?", G_OBJECT_TYPE_NAME (widget), w, h);
  gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), w, h);
  node = gtk_snapshot_free_to_node (snapshot);
  if (node == NULL)
    fail_msg ("a %s draws nothing", G_OBJECT_TYPE_NAME (widget));
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (gtk_widget_get_native (widget)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, w, h));
  if (png_name)
    {
      const char *dir = g_getenv ("FELT_TEST_OUTPUT");
      g_autofree char *path = g_build_filename (dir ? dir : ".", png_name, NULL);

      if (!gdk_texture_save_to_png (texture, path))
        fail_msg ("cannot write %s", path);
    }
  return texture;
}
