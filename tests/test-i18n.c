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
#include "felt-ui-test-util.h"
#include "felt-window.h"

typedef struct {
  const char *lang;
  const char *game;          /* a game id */
  const char *name;          /* its name in that language */
  const char *new_game;      /* the header bar's New Game button, as a screen reader says it */
  const char *help_heading;  /* a section title of the game's help page */
} Expected;

/* Written out, not looked up: a missing or wrong catalogue must fail. */
static const Expected expected[] = {
  { "C", "backbone", "Backbone", "New Game", "Setup" },
  { "fr", "backbone", "Colonne vertébrale", "Nouvelle partie", "Mise en place" },
  { "ru", "straight-up", "Прямо вверх", "Новая игра", "Подготовка к игре" },
  { "es", "hopscotch", "Rayuela", "Partida nueva", "Preparación" },
  { "ca", "scuffle", "Batussa", "Partida nova", "Preparació" },
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
test_window_speaks (void **unused)
{
  const Expected *e = lookup_expected ();
  FeltWindow *window = felt_window_new (NULL);
  g_autofree char *title = NULL;

  felt_window_start (window, felt_game_lookup (e->game), 3);
  gtk_window_present (GTK_WINDOW (window));
  felt_ui_test_wait_ms (100);

  title = g_strdup (gtk_window_get_title (GTK_WINDOW (window)));
  assert_true (g_str_has_prefix (title, e->name));
  assert_non_null (felt_ui_test_find_labelled (gtk_window_get_titlebar (GTK_WINDOW (window)), e->new_game));

  /* F1: the game's own page, in that language. */
  felt_window_show_help (window, e->game);
  felt_ui_test_wait_ms (100);
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
      assert_non_null (felt_ui_test_find_text (GTK_WIDGET (help), e->help_heading));

    /* A picture of it, for a person to look at. */
    felt_ui_test_wait_shown (GTK_WIDGET (help));
    {
      g_autofree char *name = g_strdup_printf ("help-%s-%s.png", e->lang, e->game);
      g_object_unref (felt_ui_test_render (GTK_WIDGET (help), name));
    }
  }
  gtk_window_destroy (GTK_WINDOW (window));
  felt_ui_test_wait_ms (20);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_window_speaks),
  };
  g_autofree char *data_dir = NULL;
  int failed;

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, g_getenv ("FELT_LOCALEDIR"));
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  data_dir = felt_ui_test_make_dir ("felt-test-i18n", "FELT_DATA_DIR");
  felt_ui_test_init ();
  failed = cmocka_run_group_tests (tests, NULL, NULL);
  felt_ui_test_remove_dir (data_dir);
  return failed;
}
