/* test-chart.c: the History page of Statistics (src/felt-history-view.c)
 * and its charts (src/felt-chart.c) from a history of known games: the
 * words a screen reader reads, the recent games that play their deal
 * again, the charts in the style's colours (light, dark, HighContrast:
 * pictures in FELT_TEST_OUTPUT for a person to look at) and their size
 * following the text size.
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

#include "felt-chart.h"
#include "felt-history-view.h"
#include "felt-stats-dialog.h"
#include "felt-ui-test-util.h"

/* 100 games of Cruel: 24 of the first 50 won, 31 of the last 50; the
 * wins take 3:00 plus 5 s for each game before; and a Backbone loss. */
static FeltHistory *
known_history (void)
{
  FeltHistory *h = felt_history_new ();

  for (guint i = 0; i < 100; i++)
    {
      gboolean won = i < 50 ? i % 2 == 0 && i < 48 : i % 50 < 31;
      FeltHistoryEntry e = {
        .finished = 1796529600 + i * 600,
        .game = FELT_GAME_CRUEL,
        .deal = 1000 + i,
        .result = won ? FELT_HISTORY_WON : FELT_HISTORY_LOST,
        .time_ms = (180 + 5 * i) * 1000,
        .moves = 60 + i,
        .difficulty = i % 3,
      };
      felt_history_add (h, &e);
    }
  {
    FeltHistoryEntry e = { 1796529600, FELT_GAME_BACKBONE, 7, FELT_HISTORY_GIVEN_UP, 60000, 12, 4, FALSE, FALSE };
    felt_history_add (h, &e);
  }
  return h;
}

static char *played_game;
static guint played_deal;

static void
on_play_deal (GtkWidget *dialog, const char *game, guint deal, gpointer unused)
{
  g_free (played_game);
  played_game = g_strdup (game);
  played_deal = deal;
}

static GtkWidget *
child (GtkWidget *view, const char *name)
{
  return GTK_WIDGET (gtk_widget_get_template_child (view, FELT_TYPE_HISTORY_VIEW, name));
}

/* The share of the picture's pixels in the accent blue (much more blue
 * than red), and its mean brightness, 0 to 1. */
static void
measure (GdkTexture *texture, double *blue, double *brightness)
{
  int w = gdk_texture_get_width (texture), h = gdk_texture_get_height (texture);
  g_autofree guchar *data = g_malloc ((gsize) w * h * 4);
  guint64 n_blue = 0, sum = 0;

  gdk_texture_download (texture, data, (gsize) w * 4);
  for (int i = 0; i < w * h; i++)
    {
      guchar b = data[4 * i], g = data[4 * i + 1], r = data[4 * i + 2];

      n_blue += b > r + 80 && b > 120;
      sum += (r + g + b) / 3;
    }
  *blue = (double) n_blue / (w * h);
  *brightness = sum / 255.0 / (w * h);
}

typedef struct {
  const char *name;
  gboolean dark;
  gboolean high_contrast;
} Look;

static const Look looks[] = {
  { "light", FALSE, FALSE },
  { "dark", TRUE, FALSE },
  { "high-contrast", FALSE, TRUE },
};

static void
set_look (GtkWidget *window, const Look *look)
{
  GtkSettings *settings = gtk_settings_get_default ();

  g_object_set (settings, "gtk-application-prefer-dark-theme", look->dark, "gtk-theme-name",
                look->high_contrast ? "HighContrast" : "Default", NULL);
  /* as felt-style.c marks the windows under a high-contrast theme */
  if (look->high_contrast)
    gtk_widget_add_css_class (window, "high-contrast");
  else
    gtk_widget_remove_css_class (window, "high-contrast");
  gtk_widget_queue_draw (window);
  felt_ui_test_wait_ms (100);
}

static void
test_history_page (void **state)
{
  g_autoptr (FeltHistory) history = known_history ();
  FeltStats stats = { 0 };
  GtkWidget *dialog = felt_stats_dialog_new (NULL, &stats, FELT_GAME_CRUEL);
  GtkWidget *view, *rate, *times, *list;

  felt_stats_dialog_set_history (FELT_STATS_DIALOG (dialog), history);
  g_object_ref (dialog);
  gtk_window_set_default_size (GTK_WINDOW (dialog), 640, 860);
  gtk_window_present (GTK_WINDOW (dialog));
  gtk_stack_set_visible_child_name (GTK_STACK (felt_ui_test_find_type (dialog, GTK_TYPE_STACK, NULL)), "history");
  felt_ui_test_wait_shown (dialog);
  view = felt_ui_test_find_type (dialog, FELT_TYPE_HISTORY_VIEW, NULL);
  rate = child (view, "rate_chart");
  times = child (view, "times_chart");
  list = child (view, "recent_list");

  /* the words: the very sentence, and the times' */
  {
    g_autofree char *name = felt_ui_test_accessible_name (rate);
    assert_string_equal (name, "Win rate over your last 50 games of Cruel: 62%, up from 48%");
    assert_string_equal (gtk_widget_get_tooltip_text (rate), name);
  }
  {
    g_autofree char *name = felt_ui_test_accessible_name (times);
    /* wins at games 0, 2, … 46 and 50 … 80: 3:00 to 9:40, the median
     * (the 28th of 55) game 53: 7:25 */
    assert_string_equal (name, "Winning times of Cruel: 55 wins, from 3:00 to 9:40, half of them in 7:25 or less");
  }
  assert_true (gtk_widget_get_focusable (rate));
  assert_int_equal (gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (rate)), GTK_ACCESSIBLE_ROLE_IMG);

  /* the recent games, newest first; a row plays its deal again */
  {
    GtkListBoxRow *first = gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), 0);
    g_autofree char *name = felt_ui_test_accessible_name (GTK_WIDGET (first));

    assert_non_null (gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), FELT_HISTORY_VIEW_RECENT - 1));
    assert_null (gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), FELT_HISTORY_VIEW_RECENT));
    assert_true (g_str_has_prefix (name, "Lost after 11:15 and 159 moves, Deal 1099 · Easy · "));
    g_signal_connect (dialog, "play-deal", G_CALLBACK (on_play_deal), NULL);
    g_signal_emit_by_name (first, "activate");
    assert_string_equal (played_game, "cruel");
    assert_int_equal (played_deal, 1099);
  }

  /* another game: its own words; with no wins, the chart says so */
  gtk_drop_down_set_selected (GTK_DROP_DOWN (child (view, "game_dropdown")), FELT_GAME_BACKBONE);
  {
    g_autofree char *name = felt_ui_test_accessible_name (rate);
    g_autofree char *none = felt_ui_test_accessible_name (times);

    /* a game given up counts as a game not won */
    assert_string_equal (name, "Win rate over your last 1 game of Backbone: 0%");
    assert_string_equal (none, "No wins of Backbone in your history yet");
  }
  gtk_drop_down_set_selected (GTK_DROP_DOWN (child (view, "game_dropdown")), FELT_GAME_CRUEL);
  felt_ui_test_wait_shown (dialog);

  /* the pictures: the accent in light and dark, none in HighContrast
   * (all in the text colour); dark is dark */
  for (guint l = 0; l < G_N_ELEMENTS (looks); l++)
    {
      g_autofree char *window_png = g_strdup_printf ("statistics-history-%s.png", looks[l].name);
      g_autofree char *rate_png = g_strdup_printf ("chart-win-rate-%s.png", looks[l].name);
      g_autofree char *times_png = g_strdup_printf ("chart-winning-times-%s.png", looks[l].name);
      g_autoptr (GdkTexture) whole = NULL, line = NULL, bars = NULL;
      double blue, brightness, bar_blue, unused;

      set_look (dialog, &looks[l]);
      felt_ui_test_wait_shown (dialog);
      whole = felt_ui_test_render (dialog, window_png);
      line = felt_ui_test_render (rate, rate_png);
      bars = felt_ui_test_render (times, times_png);
      measure (line, &blue, &unused);
      measure (whole, &unused, &brightness);
      measure (bars, &bar_blue, &unused);
      if (looks[l].high_contrast)
        {
          assert_true (blue < 0.001);
          assert_true (bar_blue < 0.001);
        }
      else
        {
          assert_true (blue > 0.01);
          assert_true (bar_blue > 0.01);
        }
      if (looks[l].dark)
        assert_true (brightness < 0.4);
      else
        assert_true (brightness > 0.6);
    }
  set_look (dialog, &looks[0]);

  /* larger text, a larger chart */
  {
    GtkSettings *settings = gtk_settings_get_default ();
    int dpi, before, after;

    g_object_get (settings, "gtk-xft-dpi", &dpi, NULL);
    gtk_widget_measure (rate, GTK_ORIENTATION_VERTICAL, -1, NULL, &before, NULL, NULL);
    g_object_set (settings, "gtk-xft-dpi", (dpi > 0 ? dpi : 96 * 1024) * 2, NULL);
    felt_ui_test_wait_ms (100);
    gtk_widget_measure (rate, GTK_ORIENTATION_VERTICAL, -1, NULL, &after, NULL, NULL);
    assert_true (after > before * 3 / 2);
    g_object_set (settings, "gtk-xft-dpi", dpi, NULL);
  }
  g_clear_pointer (&played_game, g_free);
  gtk_window_destroy (GTK_WINDOW (dialog));
  g_object_unref (dialog);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_history_page),
  };

  felt_ui_test_init ();
  return cmocka_run_group_tests (tests, NULL, NULL);
}
