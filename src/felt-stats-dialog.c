/* felt-stats-dialog.c: the statistics of every game, with Reset.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "felt-stats-dialog.h"

#include <glib/gi18n.h>
#include <string.h>

struct _FeltStatsDialog
{
  GtkWindow parent_instance;

  FeltStats stats;            /* what is shown */
  GtkWidget *grid;
};

enum {
  SIGNAL_RESET,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (FeltStatsDialog, felt_stats_dialog, GTK_TYPE_WINDOW)

static char *
format_time (gint64 ms)
{
  gint64 s = (ms + 500) / 1000;

  if (ms <= 0)
    return g_strdup ("—");
  if (s >= 3600)
    return g_strdup_printf ("%d:%02d:%02d", (int) (s / 3600), (int) (s / 60 % 60), (int) (s % 60));
  return g_strdup_printf ("%d:%02d", (int) (s / 60), (int) (s % 60));
}

static void
fill_grid (FeltStatsDialog *self)
{
  static const char *const rows[] = {
    N_("Played"), N_("Won"), N_("Win rate"), N_("Current streak"),
    N_("Longest streak"), N_("Best time"), N_("Fewest moves"),
  };
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (self->grid)))
    gtk_grid_remove (GTK_GRID (self->grid), child);

  for (guint r = 0; r < G_N_ELEMENTS (rows); r++)
    {
      GtkWidget *label = gtk_label_new (_(rows[r]));
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_widget_add_css_class (label, "dim-label");
      gtk_grid_attach (GTK_GRID (self->grid), label, 0, r + 1, 1, 1);
    }

  for (guint g = 0; g < FELT_N_GAMES; g++)
    {
      const FeltGameStats *s = &self->stats.games[g];
      GtkWidget *name = gtk_label_new (_(felt_game_get (g)->name));
      char *values[7];

      gtk_widget_add_css_class (name, "heading");
      gtk_grid_attach (GTK_GRID (self->grid), name, g + 1, 0, 1, 1);
      values[0] = g_strdup_printf ("%u", s->played);
      values[1] = g_strdup_printf ("%u", s->won);
      /* TRANSLATORS: a win rate, e.g. "42%" */
      values[2] = g_strdup_printf (_("%u%%"), felt_stats_win_rate (s));
      values[3] = g_strdup_printf ("%u", s->streak);
      values[4] = g_strdup_printf ("%u", s->best_streak);
      values[5] = format_time (s->best_time_ms);
      values[6] = s->fewest_moves ? g_strdup_printf ("%u", s->fewest_moves) : g_strdup ("—");
      for (guint r = 0; r < 7; r++)
        {
          GtkWidget *value = gtk_label_new (values[r]);
          gtk_widget_add_css_class (value, "numeric");
          gtk_grid_attach (GTK_GRID (self->grid), value, g + 1, r + 1, 1, 1);
          g_free (values[r]);
          values[r] = NULL;
        }
    }
}

static void
reset_response (GtkDialog *dialog, int response, FeltStatsDialog *self)
{
  gtk_window_destroy (GTK_WINDOW (dialog));
  if (response != GTK_RESPONSE_ACCEPT)
    return;
  memset (&self->stats, 0, sizeof self->stats);
  fill_grid (self);
  g_signal_emit (self, signals[SIGNAL_RESET], 0);
}

static void
reset_clicked (FeltStatsDialog *self)
{
  GtkWidget *dialog;

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  dialog = gtk_message_dialog_new (GTK_WINDOW (self), GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                   GTK_MESSAGE_WARNING, GTK_BUTTONS_NONE,
                                   "%s", _("Reset all statistics?"));
  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s",
                                            _("The results of every game are forgotten. This cannot be undone."));
  gtk_dialog_add_button (GTK_DIALOG (dialog), _("_Cancel"), GTK_RESPONSE_CANCEL);
  gtk_dialog_add_button (GTK_DIALOG (dialog), _("_Reset"), GTK_RESPONSE_ACCEPT);
  gtk_widget_add_css_class (gtk_dialog_get_widget_for_response (GTK_DIALOG (dialog), GTK_RESPONSE_ACCEPT),
                            "destructive-action");
  G_GNUC_END_IGNORE_DEPRECATIONS
  g_signal_connect (dialog, "response", G_CALLBACK (reset_response), self);
  gtk_window_present (GTK_WINDOW (dialog));
}

GtkWidget *
felt_stats_dialog_new (GtkWindow *parent, const FeltStats *stats, FeltGameId current)
{
  FeltStatsDialog *self = g_object_new (FELT_TYPE_STATS_DIALOG,
                                        "transient-for", parent,
                                        "modal", TRUE,
                                        "title", _("Statistics"),
                                        NULL);

  self->stats = *stats;
  fill_grid (self);
  return GTK_WIDGET (self);
}

static void
felt_stats_dialog_class_init (FeltStatsDialogClass *klass)
{
  /* The player confirmed resetting every statistic. */
  signals[SIGNAL_RESET] = g_signal_new ("reset", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                        0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
felt_stats_dialog_init (FeltStatsDialog *self)
{
  GtkWidget *header = gtk_header_bar_new ();
  GtkWidget *reset = gtk_button_new_with_mnemonic (_("_Reset…"));

  gtk_widget_add_css_class (reset, "destructive-action");
  g_signal_connect_swapped (reset, "clicked", G_CALLBACK (reset_clicked), self);
  gtk_header_bar_pack_start (GTK_HEADER_BAR (header), reset);
  gtk_window_set_titlebar (GTK_WINDOW (self), header);

  self->grid = gtk_grid_new ();
  gtk_grid_set_column_spacing (GTK_GRID (self->grid), 24);
  gtk_grid_set_row_spacing (GTK_GRID (self->grid), 8);
  gtk_widget_set_margin_start (self->grid, 24);
  gtk_widget_set_margin_end (self->grid, 24);
  gtk_widget_set_margin_top (self->grid, 24);
  gtk_widget_set_margin_bottom (self->grid, 24);
  gtk_window_set_child (GTK_WINDOW (self), self->grid);
}
