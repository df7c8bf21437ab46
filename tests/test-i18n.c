/* test-i18n.c: in the player's language, the window and its help speak
 * that language.  Run once per language with LANGUAGE set (tests/meson.build);
 * FELT_TEST_LANG says which, to pick the expected words.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <glib/gi18n.h>
#include <gtk/gtk.h>
#include <locale.h>
#include <string.h>

#include "config.h"
#include "felt-help-window.h"
#include "felt-window.h"

typedef struct {
  const char *lang;
  const char *game;          /* a game id */
  const char *name;          /* its name in that language */
  const char *new_game;      /* the header bar's New Game button */
  const char *help_heading;  /* a section title of the game's help page */
} Expected;

/* Written out, not looked up: a missing or wrong catalogue must fail. */
static const Expected expected[] = {
  { "C", "backbone", "Backbone", "_New Game", "Setup" },
  { "fr", "backbone", "Colonne vertébrale", "_Nouvelle partie", "Mise en place" },
  { "ru", "straight-up", "Прямо вверх", "_Новая игра", "Подготовка к игре" },
  { "es", "hopscotch", "Rayuela", "Partida _nueva", "Preparación" },
  { "ca", "scuffle", "Batussa", "Partida _nova", "Preparació" },
};

static const Expected *
lookup_expected (void)
{
  const char *lang = g_getenv ("FELT_TEST_LANG");

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    if (g_strcmp0 (expected[i].lang, lang ? lang : "C") == 0)
      return &expected[i];
  fail_msg ("no expectations for language %s", lang);
  return NULL;
}

static void
wait_ms (guint ms)
{
  gint64 end = g_get_monotonic_time () + ms * 1000;

  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
}

/* Finds a button whose label is `label` among the widget's descendants. */
static gboolean
has_button_label (GtkWidget *widget, const char *label)
{
  if (GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0)
    return TRUE;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    if (has_button_label (c, label))
      return TRUE;
  return FALSE;
}

static gboolean
has_label_text (GtkWidget *widget, const char *text)
{
  if (GTK_IS_LABEL (widget) && strstr (gtk_label_get_text (GTK_LABEL (widget)), text))
    return TRUE;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    if (has_label_text (c, text))
      return TRUE;
  return FALSE;
}

static void
test_window_speaks (void **unused)
{
  const Expected *e = lookup_expected ();
  FeltWindow *window = felt_window_new (NULL);
  g_autofree char *title = NULL;

  felt_window_start (window, felt_game_lookup (e->game), 3);
  gtk_window_present (GTK_WINDOW (window));
  wait_ms (100);

  title = g_strdup (gtk_window_get_title (GTK_WINDOW (window)));
  assert_true (g_str_has_prefix (title, e->name));
  assert_true (has_button_label (gtk_window_get_titlebar (GTK_WINDOW (window)), e->new_game));

  /* F1: the game's own page, in that language. */
  felt_window_show_help (window, e->game);
  wait_ms (100);
  {
    GList *toplevels = gtk_window_list_toplevels ();
    GtkWindow *help = NULL;

    for (GList *l = toplevels; l; l = l->next)
      if (FELT_IS_HELP_WINDOW (l->data))
        help = l->data;
    g_list_free (toplevels);
    assert_non_null (help);
    assert_string_equal (felt_help_window_get_page (FELT_HELP_WINDOW (help)), e->game);
    assert_string_equal (gtk_window_get_title (help), e->name);
    if (e->help_heading)
      assert_true (has_label_text (GTK_WIDGET (help), e->help_heading));

    /* A picture of it, for a person to look at. */
    if (g_getenv ("FELT_TEST_OUTPUT"))
      {
        GdkPaintable *paintable = gtk_widget_paintable_new (GTK_WIDGET (help));
        GtkSnapshot *snapshot = gtk_snapshot_new ();
        int w = gtk_widget_get_width (GTK_WIDGET (help)), h = gtk_widget_get_height (GTK_WIDGET (help));
        g_autoptr (GskRenderNode) node = NULL;

        gdk_paintable_snapshot (paintable, snapshot, w, h);
        node = gtk_snapshot_free_to_node (snapshot);
        if (node)
          {
            GskRenderer *renderer = gtk_native_get_renderer (GTK_NATIVE (help));
            g_autoptr (GdkTexture) texture = gsk_renderer_render_texture (renderer, node, NULL);
            g_autofree char *name = g_strdup_printf ("help-%s-%s.png", e->lang, e->game);
            g_autofree char *path = g_build_filename (g_getenv ("FELT_TEST_OUTPUT"), name, NULL);
            assert_true (gdk_texture_save_to_png (texture, path));
          }
        g_object_unref (paintable);
      }
  }
  gtk_window_destroy (GTK_WINDOW (window));
  wait_ms (20);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_window_speaks),
  };
  g_autofree char *data_dir = g_dir_make_tmp ("felt-test-i18n-XXXXXX", NULL);

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, g_getenv ("FELT_LOCALEDIR"));
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  g_setenv ("FELT_DATA_DIR", data_dir, TRUE);
  gtk_init ();
  return cmocka_run_group_tests (tests, NULL, NULL);
}
