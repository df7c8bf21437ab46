/* felt-stats-dialog.c: the statistics of every game, with Reset
 * (data/ui/felt-stats-dialog.ui).
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "felt-stats-dialog.h"

#include <glib/gi18n.h>
#include <string.h>

#include "felt-history-view.h"
#include "felt-stats-reset-dialog.h"

/* The figures, in the order of the template's rows 1 to N_FIGURES. */
enum {
  FIGURE_PLAYED,
  FIGURE_WON,
  FIGURE_WIN_RATE,
  FIGURE_STREAK,
  FIGURE_BEST_STREAK,
  FIGURE_BEST_TIME,
  FIGURE_FEWEST_MOVES,
  FIGURE_WON_EASY,        /* wins per difficulty of the deal */
  FIGURE_WON_MEDIUM,
  FIGURE_WON_HARD,
  N_FIGURES
};

struct _FeltStatsDialog
{
  GtkWindow parent_instance;

  /* template children */
  GtkGrid *grid;
  FeltHistoryView *history_view;

  /* owned */
  FeltStats stats;            /* what is shown */
};

enum {
  SIGNAL_RESET,
  SIGNAL_PLAY_DEAL,
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

static char *
format_figure (const FeltGameStats *s, guint figure)
{
  switch (figure)
    {
    case FIGURE_PLAYED:
      return g_strdup_printf ("%u", s->played);
    case FIGURE_WON:
      return g_strdup_printf ("%u", s->won);
    case FIGURE_WIN_RATE:
      /* TRANSLATORS: a win rate, e.g. "42%" */
      return g_strdup_printf (_("%u%%"), felt_stats_win_rate (s));
    case FIGURE_STREAK:
      return g_strdup_printf ("%u", s->streak);
    case FIGURE_BEST_STREAK:
      return g_strdup_printf ("%u", s->best_streak);
    case FIGURE_BEST_TIME:
      return format_time (s->best_time_ms);
    case FIGURE_WON_EASY:
    case FIGURE_WON_MEDIUM:
    case FIGURE_WON_HARD:
      return g_strdup_printf ("%u", s->won_by_difficulty[figure - FIGURE_WON_EASY]);
    case FIGURE_FEWEST_MOVES:
    default:
      return s->fewest_moves ? g_strdup_printf ("%u", s->fewest_moves) : g_strdup ("—");
    }
}

/* One column a game: its name, then its figures (the template holds the
 * row headings in column 0). */
static void
fill_grid (FeltStatsDialog *self)
{
  for (guint g = 0; g < FELT_N_GAMES; g++)
    {
      const FeltGameStats *s = &self->stats.games[g];
      GtkWidget *name = gtk_grid_get_child_at (self->grid, g + 1, 0);

      if (name == NULL)
        {
          name = gtk_label_new (_(felt_game_get (g)->name));
          gtk_widget_add_css_class (name, "heading");
          gtk_grid_attach (self->grid, name, g + 1, 0, 1, 1);
        }
      for (guint f = 0; f < N_FIGURES; f++)
        {
          g_autofree char *text = format_figure (s, f);
          GtkWidget *value = gtk_grid_get_child_at (self->grid, g + 1, f + 1);

          if (value == NULL)
            {
              value = gtk_label_new (NULL);
              gtk_widget_add_css_class (value, "numeric");
              gtk_grid_attach (self->grid, value, g + 1, f + 1, 1, 1);
            }
          gtk_label_set_text (GTK_LABEL (value), text);
        }
    }
}

static void
reset_confirmed (FeltStatsDialog *self)
{
  memset (&self->stats, 0, sizeof self->stats);
  fill_grid (self);
  felt_history_view_set_history (self->history_view, NULL);
  g_signal_emit (self, signals[SIGNAL_RESET], 0);
}

static void
reset_clicked (FeltStatsDialog *self)
{
  GtkWidget *confirm = felt_stats_reset_dialog_new (GTK_WINDOW (self));

  g_signal_connect_object (confirm, "confirmed", G_CALLBACK (reset_confirmed), self, G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (confirm));
}

GtkWidget *
felt_stats_dialog_new (GtkWindow *parent, const FeltStats *stats, FeltGameId current)
{
  FeltStatsDialog *self = g_object_new (FELT_TYPE_STATS_DIALOG, "transient-for", parent, NULL);

  self->stats = *stats;
  fill_grid (self);
  felt_history_view_set_game (self->history_view, current);
  return GTK_WIDGET (self);
}

void
felt_stats_dialog_set_history (FeltStatsDialog *self, const FeltHistory *history)
{
  g_return_if_fail (FELT_IS_STATS_DIALOG (self));
  felt_history_view_set_history (self->history_view, history);
}

static void
play_deal (FeltStatsDialog *self, const char *game, guint deal)
{
  g_signal_emit (self, signals[SIGNAL_PLAY_DEAL], 0, game, deal);
}

static void
felt_stats_dialog_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), FELT_TYPE_STATS_DIALOG);
  G_OBJECT_CLASS (felt_stats_dialog_parent_class)->dispose (object);
}

static void
felt_stats_dialog_class_init (FeltStatsDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = felt_stats_dialog_dispose;

  /* The player confirmed resetting every statistic. */
  signals[SIGNAL_RESET] = g_signal_new ("reset", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                        0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* A game of the history was chosen to be played again (the game's id,
   * the deal number). */
  signals[SIGNAL_PLAY_DEAL] = g_signal_new ("play-deal", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                            NULL, NULL, G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_UINT);
  g_type_ensure (FELT_TYPE_HISTORY_VIEW);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/feltsolitaire/Felt/ui/felt-stats-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, FeltStatsDialog, grid);
  gtk_widget_class_bind_template_child (widget_class, FeltStatsDialog, history_view);
  gtk_widget_class_bind_template_callback (widget_class, reset_clicked);
  /* For gtk_widget_get_template_child in felt_stats_dialog_init. */
  gtk_widget_class_bind_template_child_full (widget_class, "reset_button", FALSE, 0);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
felt_stats_dialog_init (FeltStatsDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect_swapped (self->history_view, "play-deal", G_CALLBACK (play_deal), self);
  /* The .ui names Reset… without its underscore; GTK 4.8 would add the
   * name of the label child its mnemonic points at: "Reset… Reset…". */
  gtk_accessible_reset_relation (GTK_ACCESSIBLE (gtk_widget_get_template_child (GTK_WIDGET (self), FELT_TYPE_STATS_DIALOG,
                                                                                "reset_button")),
                                 GTK_ACCESSIBLE_RELATION_LABELLED_BY);
}
