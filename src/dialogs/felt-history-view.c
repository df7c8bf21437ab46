/* felt-history-view.c: the history of one game (felt-history-view.h).
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "felt-history-view.h"

#include <glib/gi18n.h>

#include "felt-analysis.h"
#include "felt-chart.h"

struct _FeltHistoryView
{
  GtkBox parent_instance;

  /* template children */
  GtkDropDown *game_dropdown;
  FeltChart *rate_chart;
  FeltChart *times_chart;
  GtkListBox *recent_list;

  /* owned */
  FeltHistory *history;
};

G_DEFINE_FINAL_TYPE (FeltHistoryView, felt_history_view, GTK_TYPE_BOX)

enum {
  PROP_0,
  PROP_GAME,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  SIGNAL_PLAY_DEAL,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static FeltGameId
shown_game (FeltHistoryView *self)
{
  guint item = gtk_drop_down_get_selected (self->game_dropdown);

  return item < FELT_N_GAMES ? (FeltGameId) item : 0;
}

/* 65 s: "1:05"; an hour or more: "1:00:05". */
static char *
format_time (gint64 ms)
{
  gint64 s = (ms + 500) / 1000;

  if (s >= 3600)
    return g_strdup_printf ("%d:%02d:%02d", (int) (s / 3600), (int) (s / 60 % 60), (int) (s % 60));
  return g_strdup_printf ("%d:%02d", (int) (s / 60), (int) (s % 60));
}

static guint
percent (guint part, guint whole)
{
  return whole ? (part * 100 + whole / 2) / whole : 0;
}

/* ---- the win rate over the last games ----------------------------------------------------- */

static void
fill_rate (FeltHistoryView *self, FeltGameId game)
{
  const char *name = _(felt_game_get (game)->name);
  g_autoptr (GPtrArray) games = felt_history_player_games (self->history, game, 2 * FELT_HISTORY_VIEW_RATE_GAMES);
  static const char *const y_labels[] = { "0%", "50%", "100%", NULL };
  guint n = MIN (games->len, FELT_HISTORY_VIEW_RATE_GAMES), before = games->len - n;
  guint won = 0, won_before = 0, rate, rate_before;
  g_autofree double *values = g_new0 (double, MAX (n, 1));
  g_autofree char *text = NULL;

  for (guint i = 0; i < games->len; i++)
    {
      const FeltHistoryEntry *e = games->pdata[i];

      if (i < before)
        won_before += e->result == FELT_HISTORY_WON;
      else
        won += e->result == FELT_HISTORY_WON;
    }
  /* Each point is the rate over the (up to) RATE_GAMES games that end
   * with it: the line goes from the rate before to the rate now, the
   * two figures the words say. */
  for (guint j = 0; j < n; j++)
    {
      guint last = before + j, first = last + 1 > FELT_HISTORY_VIEW_RATE_GAMES ? last + 1 - FELT_HISTORY_VIEW_RATE_GAMES : 0;
      guint wins = 0;

      for (guint k = first; k <= last; k++)
        wins += ((const FeltHistoryEntry *) games->pdata[k])->result == FELT_HISTORY_WON;
      values[j] = 100.0 * wins / (last - first + 1);
    }
  rate = percent (won, n);
  rate_before = percent (won_before, before);
  if (n == 0)
    text = g_strdup_printf (_("No games of %s in your history yet"), name);
  else if (before == 0)
    text = g_strdup_printf (ngettext ("Win rate over your last %u game of %s: %u%%",
                                      "Win rate over your last %u games of %s: %u%%", n),
                            n, name, rate);
  else if (rate > rate_before)
    text = g_strdup_printf (ngettext ("Win rate over your last %u game of %s: %u%%, up from %u%%",
                                      "Win rate over your last %u games of %s: %u%%, up from %u%%", n),
                            n, name, rate, rate_before);
  else if (rate < rate_before)
    text = g_strdup_printf (ngettext ("Win rate over your last %u game of %s: %u%%, down from %u%%",
                                      "Win rate over your last %u games of %s: %u%%, down from %u%%", n),
                            n, name, rate, rate_before);
  else
    text = g_strdup_printf (ngettext ("Win rate over your last %u game of %s: %u%%, as before",
                                      "Win rate over your last %u games of %s: %u%%, as before", n),
                            n, name, rate);
  felt_chart_set_labels (self->rate_chart, y_labels, NULL);
  felt_chart_set_values (self->rate_chart, values, n, 100);
  felt_chart_set_description (self->rate_chart, text);
}

/* ---- the winning times ------------------------------------------------------------------- */

#define MAX_BINS 8

static int
compare_ms (gconstpointer a, gconstpointer b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;

  return x < y ? -1 : x > y;
}

static void
fill_times (FeltHistoryView *self, FeltGameId game)
{
  /* Bins of a round length, the shortest that needs no more than
   * MAX_BINS to hold every win. */
  static const guint steps[] = { 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 14400, 43200, 86400 };
  const char *name = _(felt_game_get (game)->name);
  g_autoptr (GPtrArray) games = felt_history_player_games (self->history, game, 0);
  g_autoptr (GArray) times = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr (GPtrArray) x_labels = g_ptr_array_new_with_free_func (g_free);
  double counts[MAX_BINS] = { 0 };
  g_autofree char *text = NULL;
  guint step = steps[G_N_ELEMENTS (steps) - 1], first, n_bins = 1, highest = 0;
  gint64 lo, hi;

  for (guint i = 0; i < games->len; i++)
    {
      const FeltHistoryEntry *e = games->pdata[i];

      if (e->result == FELT_HISTORY_WON)
        g_array_append_val (times, e->time_ms);
    }
  if (times->len == 0)
    {
      text = g_strdup_printf (_("No wins of %s in your history yet"), name);
      felt_chart_set_labels (self->times_chart, NULL, NULL);
      felt_chart_set_values (self->times_chart, NULL, 0, 1);
      felt_chart_set_description (self->times_chart, text);
      return;
    }
  g_array_sort (times, compare_ms);
  lo = g_array_index (times, gint64, 0) / 1000;
  hi = g_array_index (times, gint64, times->len - 1) / 1000;
  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    if (hi / steps[i] - lo / steps[i] + 1 <= MAX_BINS)
      {
        step = steps[i];
        break;
      }
  first = (guint) (lo / step);
  n_bins = (guint) MIN (hi / step - first + 1, MAX_BINS);
  for (guint i = 0; i < times->len; i++)
    {
      guint bin = (guint) MIN (g_array_index (times, gint64, i) / 1000 / step - first, n_bins - 1);
      counts[bin]++;
      highest = MAX (highest, (guint) counts[bin]);
    }
  for (guint b = 0; b <= n_bins; b++)
    g_ptr_array_add (x_labels, format_time ((gint64) (first + b) * step * 1000));
  g_ptr_array_add (x_labels, NULL);
  /* the top a round count: 2, 4, 6… */
  highest = MAX (2, highest + highest % 2);
  {
    g_autofree char *top = g_strdup_printf ("%u", highest), *mid = g_strdup_printf ("%u", highest / 2);
    const char *y_labels[] = { "0", mid, top, NULL };
    g_autofree char *fastest = format_time (g_array_index (times, gint64, 0));
    g_autofree char *slowest = format_time (g_array_index (times, gint64, times->len - 1));
    g_autofree char *median = format_time (g_array_index (times, gint64, (times->len - 1) / 2));

    felt_chart_set_labels (self->times_chart, y_labels, (const char *const *) x_labels->pdata);
    text = g_strdup_printf (ngettext ("Winning times of %s: %u win, from %s to %s, half of them in %s or less",
                                      "Winning times of %s: %u wins, from %s to %s, half of them in %s or less",
                                      times->len),
                            name, times->len, fastest, slowest, median);
  }
  felt_chart_set_values (self->times_chart, counts, n_bins, highest);
  felt_chart_set_description (self->times_chart, text);
}

/* ---- the recent games -------------------------------------------------------------------- */

static char *
result_text (const FeltHistoryEntry *e)
{
  g_autofree char *time = format_time (e->time_ms);

  switch (e->result)
    {
    case FELT_HISTORY_WON:
      return g_strdup_printf (ngettext ("Won in %s with %u move", "Won in %s with %u moves", e->moves), time,
                              e->moves);
    case FELT_HISTORY_LOST:
      return g_strdup_printf (ngettext ("Lost after %s and %u move", "Lost after %s and %u moves", e->moves), time,
                              e->moves);
    case FELT_HISTORY_GIVEN_UP:
    default:
      return g_strdup_printf (ngettext ("Given up after %s and %u move", "Given up after %s and %u moves",
                                        e->moves),
                              time, e->moves);
    }
}

static char *
details_text (const FeltHistoryEntry *e)
{
  g_autoptr (GDateTime) utc = g_date_time_new_from_unix_utc (e->finished);
  g_autoptr (GDateTime) local = utc ? g_date_time_to_local (utc) : NULL;
  g_autoptr (GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);
  const char *difficulty = felt_difficulty_label (e->difficulty);

  g_ptr_array_add (parts, g_strdup_printf (_("Deal %u"), e->deal));
  if (difficulty)
    g_ptr_array_add (parts, g_strdup (difficulty));
  if (local)
    /* TRANSLATORS: when a game in the history ended: the date in the
     * locale's way, then the time (see strftime) */
    g_ptr_array_add (parts, g_date_time_format (local, _("%x, %H:%M")));
  if (e->demo)
    /* TRANSLATORS: a game of the history in which the demo played */
    g_ptr_array_add (parts, g_strdup (_("the demo played")));
  if (e->solution)
    /* TRANSLATORS: a game of the history in which the solution was shown */
    g_ptr_array_add (parts, g_strdup (_("solution shown")));
  g_ptr_array_add (parts, NULL);
  return g_strjoinv (" · ", (char **) parts->pdata);
}

static GtkWidget *
recent_row (const FeltHistoryEntry *e)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  g_autofree char *result = result_text (e), *details = details_text (e);
  g_autofree char *name = g_strdup_printf ("%s, %s", result, details);
  GtkWidget *title = gtk_label_new (result), *subtitle = gtk_label_new (details);

  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_label_set_xalign (GTK_LABEL (subtitle), 0);
  gtk_label_set_wrap (GTK_LABEL (subtitle), TRUE);
  gtk_widget_add_css_class (subtitle, "dim-label");
  gtk_widget_add_css_class (subtitle, "caption");
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  gtk_box_append (GTK_BOX (box), title);
  gtk_box_append (GTK_BOX (box), subtitle);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  gtk_widget_set_tooltip_text (row, _("Play this deal again"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, name,
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, _("Play this deal again"), -1);
  g_object_set_data (G_OBJECT (row), "felt-deal", GUINT_TO_POINTER (e->deal));
  return row;
}

static void
fill_recent (FeltHistoryView *self, FeltGameId game)
{
  GtkWidget *child;
  guint n = 0;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->recent_list))))
    gtk_list_box_remove (self->recent_list, child);
  for (guint i = self->history->entries->len; i-- > 0 && n < FELT_HISTORY_VIEW_RECENT;)
    {
      const FeltHistoryEntry *e = &g_array_index (self->history->entries, FeltHistoryEntry, i);

      if (e->game != game)
        continue;
      gtk_list_box_append (self->recent_list, recent_row (e));
      n++;
    }
  if (n == 0)
    {
      GtkWidget *none = gtk_label_new (_("No games yet"));

      gtk_widget_add_css_class (none, "dim-label");
      gtk_widget_set_margin_top (none, 12);
      gtk_widget_set_margin_bottom (none, 12);
      gtk_list_box_set_placeholder (self->recent_list, none);
    }
}

static void
row_activated (FeltHistoryView *self, GtkListBoxRow *row)
{
  guint deal = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "felt-deal"));

  g_signal_emit (self, signals[SIGNAL_PLAY_DEAL], 0, felt_game_get (shown_game (self))->id, deal);
}

static void
update (FeltHistoryView *self)
{
  FeltGameId game = shown_game (self);

  fill_rate (self, game);
  fill_times (self, game);
  fill_recent (self, game);
}

/* ---- the object ------------------------------------------------------------------------ */

void
felt_history_view_set_history (FeltHistoryView *self, const FeltHistory *history)
{
  g_return_if_fail (FELT_IS_HISTORY_VIEW (self));
  felt_history_free (self->history);
  self->history = history ? felt_history_copy (history) : felt_history_new ();
  update (self);
}

void
felt_history_view_set_game (FeltHistoryView *self, FeltGameId game)
{
  g_return_if_fail (FELT_IS_HISTORY_VIEW (self));
  gtk_drop_down_set_selected (self->game_dropdown, game);
}

static void
game_changed (FeltHistoryView *self)
{
  update (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}

static void
felt_history_view_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  FeltHistoryView *self = FELT_HISTORY_VIEW (object);

  switch (prop_id)
    {
    case PROP_GAME: g_value_set_string (value, felt_game_get (shown_game (self))->id); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
felt_history_view_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  FeltHistoryView *self = FELT_HISTORY_VIEW (object);

  switch (prop_id)
    {
    case PROP_GAME:
      for (guint g = 0; g < FELT_N_GAMES; g++)
        if (g_strcmp0 (g_value_get_string (value), felt_game_get (g)->id) == 0)
          felt_history_view_set_game (self, g);
      break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
felt_history_view_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), FELT_TYPE_HISTORY_VIEW);
  G_OBJECT_CLASS (felt_history_view_parent_class)->dispose (object);
}

static void
felt_history_view_finalize (GObject *object)
{
  felt_history_free (FELT_HISTORY_VIEW (object)->history);
  G_OBJECT_CLASS (felt_history_view_parent_class)->finalize (object);
}

static void
felt_history_view_class_init (FeltHistoryViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = felt_history_view_get_property;
  object_class->set_property = felt_history_view_set_property;
  object_class->dispose = felt_history_view_dispose;
  object_class->finalize = felt_history_view_finalize;

  /* The game shown, by its id. */
  properties[PROP_GAME] = g_param_spec_string ("game", NULL, NULL, NULL,
                                               G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
                                               G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* A recent game was activated: play its deal (the game's id, the deal
   * number) again. */
  signals[SIGNAL_PLAY_DEAL] = g_signal_new ("play-deal", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                            NULL, NULL, G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_UINT);

  g_type_ensure (FELT_TYPE_CHART);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/feltsolitaire/Felt/ui/felt-history-view.ui");
  gtk_widget_class_bind_template_child (widget_class, FeltHistoryView, game_dropdown);
  gtk_widget_class_bind_template_child (widget_class, FeltHistoryView, rate_chart);
  gtk_widget_class_bind_template_child (widget_class, FeltHistoryView, times_chart);
  gtk_widget_class_bind_template_child (widget_class, FeltHistoryView, recent_list);
  gtk_widget_class_bind_template_callback (widget_class, row_activated);
}

static void
felt_history_view_init (FeltHistoryView *self)
{
  g_autoptr (GtkStringList) names = gtk_string_list_new (NULL);

  gtk_widget_init_template (GTK_WIDGET (self));
  for (guint g = 0; g < FELT_N_GAMES; g++)
    gtk_string_list_append (names, _(felt_game_get (g)->name));
  gtk_drop_down_set_model (self->game_dropdown, G_LIST_MODEL (names));
  self->history = felt_history_new ();
  g_signal_connect_swapped (self->game_dropdown, "notify::selected", G_CALLBACK (game_changed), self);
  update (self);
}
