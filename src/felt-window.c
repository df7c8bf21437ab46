/* felt-window.c: the main window: header bar, board and status line.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "felt-window.h"

#include <glib/gi18n.h>
#include <string.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "felt-analysis.h"
#include "felt-board.h"
#include "felt-format.h"
#include "felt-game-chooser.h"
#include "felt-help-window.h"
#include "felt-saved-game.h"
#include "felt-stats.h"
#include "felt-stats-dialog.h"
#include "felt-store.h"

#define SAVED_GAME "game.ini"
#define STATISTICS "statistics.ini"

struct _FeltWindow
{
  GtkApplicationWindow parent_instance;

  /* template children */
  FeltBoard *board;
  GtkLabel *title_label;
  GtkLabel *subtitle_label;
  GtkLabel *status_label;
  GtkLabel *message_label;
  GtkLabel *solver_label;
  GtkWidget *back_button;     /* "Undo to Winnable", shown when no longer winnable */
  GtkLabel *score_label;
  GtkLabel *time_label;
  GtkInfoBar *notice_bar;
  GtkLabel *notice_label;

  /* owned */
  GSettings *settings;
  FeltCardTheme *theme;
  GtkWidget *end_dialog;      /* the win / game over dialog shown, if any */
  GtkWidget *help_window;     /* weak: the help, kept while open */

  /* the clock: runs from the first move until the game ends */
  gint64 clock_started;       /* monotonic µs, 0 when stopped */
  gint64 clock_elapsed;       /* µs counted before clock_started */
  guint clock_id;
  gboolean game_ended;        /* the end dialog was shown for this position */

  /* statistics */
  FeltStats stats;
  gboolean stats_ok;          /* FALSE: the file was unreadable and is kept aside */
  gboolean counted;           /* this deal's result is in the statistics */

  guint end_dialog_id;        /* the win dialog waits for the celebration */

  /* the solver */
  FeltAnalysis *analysis;
  gboolean was_winnable;      /* some position of this deal was winnable */
  guint moves_back;           /* moves to take back to the latest position proven winnable */
  guint demo_id;              /* the demo plays the winning line */
  GCancellable *deal_search;  /* looking for a winnable deal */

  /* automatic moves to the foundations */
  guint auto_id;
  gboolean no_auto;           /* the change came from undo or redo */

  /* a new deal waiting for the player to confirm abandoning this one */
  const FeltGame *pending_game;
  guint32 pending_seed;

  /* work the first frame does not need waits until it is drawn */
  gboolean drawn;
  guint after_first_frame_id;
  gboolean save_pending;
};

G_DEFINE_FINAL_TYPE (FeltWindow, felt_window, GTK_TYPE_APPLICATION_WINDOW)

static void close_end_dialog (FeltWindow *self);
static void update_title (FeltWindow *self);
static void board_changed (FeltWindow *self);
static void schedule_auto_move (FeltWindow *self);
static void update_solver_status (FeltWindow *self);
static void analyse (FeltWindow *self);

static FeltSession *
window_session (FeltWindow *self)
{
  return felt_board_get_session (self->board);
}

/* ---- the clock ---------------------------------------------------------------- */

static gint64
elapsed_usec (FeltWindow *self)
{
  gint64 t = self->clock_elapsed;

  if (self->clock_started)
    t += g_get_monotonic_time () - self->clock_started;
  return t;
}

static void
show_time (FeltWindow *self)
{
  gint64 s = elapsed_usec (self) / G_USEC_PER_SEC;
  g_autofree char *text = NULL;

  if (s >= 3600)
    text = g_strdup_printf ("%" G_GINT64_FORMAT ":%02d:%02d", s / 3600, (int) (s / 60 % 60), (int) (s % 60));
  else
    text = g_strdup_printf ("%d:%02d", (int) (s / 60), (int) (s % 60));
  gtk_label_set_label (self->time_label, text);
}

static gboolean
clock_tick (gpointer data)
{
  show_time (FELT_WINDOW (data));
  return G_SOURCE_CONTINUE;
}

static void
clock_run (FeltWindow *self, gboolean run)
{
  if (run && self->clock_started == 0)
    {
      self->clock_started = g_get_monotonic_time ();
      self->clock_id = g_timeout_add_seconds (1, clock_tick, self);
    }
  else if (!run && self->clock_started != 0)
    {
      self->clock_elapsed += g_get_monotonic_time () - self->clock_started;
      self->clock_started = 0;
      g_clear_handle_id (&self->clock_id, g_source_remove);
    }
  show_time (self);
}

static void
clock_reset (FeltWindow *self)
{
  clock_run (self, FALSE);
  self->clock_elapsed = 0;
  show_time (self);
}

/* ---- status --------------------------------------------------------------------- */

static void
update_status (FeltWindow *self)
{
  FeltSession *session = window_session (self);
  const FeltState *st = felt_session_get_state (session);
  const FeltGame *game = felt_session_get_game (session);
  g_autoptr (GString) status = g_string_new (NULL);
  g_autofree char *score = NULL;
  FeltStatus figures;

  felt_state_status (st, &figures);
  if (figures.stock >= 0)
    g_string_append_printf (status, ngettext ("Stock: %d card", "Stock: %d cards", figures.stock), figures.stock);
  if (figures.reserve >= 0)
    {
      if (status->len)
        g_string_append (status, "   ");
      g_string_append_printf (status, ngettext ("Reserve: %d card", "Reserve: %d cards", figures.reserve),
                              figures.reserve);
    }
  if (figures.redeals_left >= 0)
    {
      if (status->len)
        g_string_append (status, "   ");
      g_string_append_printf (status, ngettext ("%d redeal left", "%d redeals left", figures.redeals_left),
                              figures.redeals_left);
    }
  if (figures.not_on_foundations >= 0)
    {
      if (status->len)
        g_string_append (status, "   ");
      g_string_append_printf (status, ngettext ("%d card left", "%d cards left", figures.not_on_foundations),
                              figures.not_on_foundations);
    }
  gtk_label_set_label (self->status_label, status->str);

  score = g_strdup_printf (_("Score: %u of %u"), felt_state_score (st), felt_game_max_score (game));
  gtk_label_set_label (self->score_label, score);
}

static void
update_title (FeltWindow *self)
{
  FeltSession *session = window_session (self);
  const FeltGame *game = felt_session_get_game (session);
  g_autofree char *deal = g_strdup_printf (_("Deal %u"), felt_session_get_seed (session));
  g_autofree char *title = g_strdup_printf ("%s — %s", _(game->name), _("Felt"));

  gtk_label_set_label (self->title_label, _(game->name));
  gtk_label_set_label (self->subtitle_label, deal);
  gtk_window_set_title (GTK_WINDOW (self), title);
}

static void
update_actions (FeltWindow *self)
{
  FeltSession *session = window_session (self);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.undo", felt_session_can_undo (session));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.redo", felt_session_can_redo (session));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.restart", felt_session_can_undo (session));
}

/* ---- notices, files and statistics ------------------------------------------------ */

static void
notice_response (FeltWindow *self, int response)
{
  gtk_info_bar_set_revealed (self->notice_bar, FALSE);
}

static void
show_notice (FeltWindow *self, const char *text)
{
  gtk_label_set_label (self->notice_label, text);
  gtk_info_bar_set_revealed (self->notice_bar, TRUE);
}

static void
save_game (FeltWindow *self)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *data = NULL;
  gsize length;

  self->save_pending = FALSE;
  data = felt_saved_game_to_data (window_session (self), elapsed_usec (self) / 1000, &length);
  if (!felt_store_write (SAVED_GAME, data, length, &error))
    g_warning ("Cannot save the game: %s", error->message);
}

/* A change of the game is saved at once, or, before the window is first
 * drawn (a new deal, a resumed game), just after. */
static void
save_game_soon (FeltWindow *self)
{
  if (self->drawn)
    save_game (self);
  else
    self->save_pending = TRUE;
}

static void
save_stats (FeltWindow *self)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *data = NULL;
  gsize length;

  data = felt_stats_to_data (&self->stats, &length);
  if (!felt_store_write (STATISTICS, data, length, &error))
    g_warning ("Cannot save the statistics: %s", error->message);
}

static void
load_stats (FeltWindow *self)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *data = NULL;
  gsize length;

  self->stats_ok = TRUE;
  if (!felt_store_read (STATISTICS, &data, &length, &error))
    {
      if (error == NULL)
        return;     /* no statistics yet */
    }
  else if (felt_stats_from_data (&self->stats, data, length, &error))
    return;

  /* Keep the damaged file for a bug report and start counting afresh. */
  g_message ("Cannot read the statistics: %s", error->message);
  {
    g_autofree char *kept = felt_store_keep_corrupt (STATISTICS);
    g_autofree char *text = kept
      ? g_strdup_printf (_("Your statistics could not be read, so Felt starts counting again. "
                           "The damaged file was kept as %s."), kept)
      : g_strdup (_("Your statistics could not be read, so Felt starts counting again."));
    show_notice (self, text);
  }
}

/* A deal counts as played once a move is made; record its result once. */
static void
count_result (FeltWindow *self, gboolean won)
{
  FeltSession *session = window_session (self);
  FeltGameId id = felt_state_get_game_id (felt_session_get_state (session));

  if (self->counted || felt_session_get_n_moves (session) == 0)
    return;
  self->counted = TRUE;
  if (won)
    felt_stats_record_win (&self->stats, id, elapsed_usec (self) / 1000, felt_session_get_n_moves (session));
  else
    felt_stats_record_loss (&self->stats, id);
  save_stats (self);
}

static gboolean
game_in_progress (FeltWindow *self)
{
  FeltSession *session = window_session (self);

  return session && !self->counted && felt_session_get_n_moves (session) > 0;
}

gboolean
felt_window_resume (FeltWindow *self)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *data = NULL;
  FeltSession *session;
  gsize length;
  gint64 elapsed_ms = 0;

  if (!felt_store_read (SAVED_GAME, &data, &length, &error))
    {
      if (error == NULL)
        return FALSE;
      session = NULL;
    }
  else
    session = felt_saved_game_from_data (data, length, &elapsed_ms, &error);

  if (session == NULL)
    {
      g_autofree char *kept = felt_store_keep_corrupt (SAVED_GAME);
      g_autofree char *text = NULL;

      g_message ("Cannot resume the saved game: %s", error->message);
      if (g_error_matches (error, FELT_SAVE_ERROR, FELT_SAVE_ERROR_VERSION))
        text = g_strdup_printf (_("Your saved game comes from a newer version of Felt, so a new game was "
                                  "started. The file was kept as %s."), kept ? kept : SAVED_GAME);
      else
        text = g_strdup_printf (_("Your saved game could not be read, so a new game was started. "
                                  "The damaged file was kept as %s."), kept ? kept : SAVED_GAME);
      show_notice (self, text);
      return FALSE;
    }

  close_end_dialog (self);
  clock_reset (self);
  self->was_winnable = FALSE;
  self->clock_elapsed = elapsed_ms * 1000;
  felt_board_set_session (self->board, session);
  g_settings_set_string (self->settings, "last-game", felt_session_get_game (session)->id);
  /* A game that had already ended was counted when it ended. */
  self->counted = felt_state_is_won (felt_session_get_state (session)) ||
                  felt_state_is_over (felt_session_get_state (session));
  self->game_ended = self->counted;
  update_title (self);
  board_changed (self);
  gtk_window_set_focus (GTK_WINDOW (self), GTK_WIDGET (self->board));
  return TRUE;
}

/* ---- the end of a game ---------------------------------------------------------- */

static void
close_end_dialog (FeltWindow *self)
{
  g_clear_handle_id (&self->end_dialog_id, g_source_remove);
  if (self->end_dialog)
    gtk_window_destroy (GTK_WINDOW (self->end_dialog));
  g_clear_weak_pointer (&self->end_dialog);
}

static void
end_dialog_response (GtkDialog *dialog, int response, FeltWindow *self)
{
  const char *action = NULL;

  switch (response)
    {
    case 1: action = "win.undo"; break;
    case 2: action = "win.restart"; break;
    case 3: action = "win.new-game"; break;
    default: break;
    }
  close_end_dialog (self);
  if (action)
    gtk_widget_activate_action (GTK_WIDGET (self), action, NULL);
}

static void
show_end_dialog (FeltWindow *self, gboolean won)
{
  FeltSession *session = window_session (self);
  const FeltState *st = felt_session_get_state (session);
  const FeltGame *game = felt_session_get_game (session);
  gint64 s = elapsed_usec (self) / G_USEC_PER_SEC;
  g_autofree char *detail = NULL;
  GtkWidget *dialog;

  close_end_dialog (self);
  if (won)
    detail = g_strdup_printf (ngettext ("You put every card on the foundations in %d:%02d with %u move. Score: %u.",
                                        "You put every card on the foundations in %d:%02d with %u moves. Score: %u.",
                                        felt_session_get_n_moves (session)),
                              (int) (s / 60), (int) (s % 60), felt_session_get_n_moves (session),
                              felt_state_score (st));
  else
    detail = g_strdup_printf (_("No move is left in this game of %s. Score: %u of %u."),
                              _(game->name), felt_state_score (st), felt_game_max_score (game));

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  dialog = gtk_message_dialog_new (GTK_WINDOW (self), GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                   GTK_MESSAGE_OTHER, GTK_BUTTONS_NONE,
                                   "%s", won ? _("You won!") : _("Game over"));
  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s", detail);
  if (!won)
    {
      gtk_dialog_add_button (GTK_DIALOG (dialog), _("_Undo"), 1);
      gtk_dialog_add_button (GTK_DIALOG (dialog), _("_Restart"), 2);
    }
  else
    gtk_dialog_add_button (GTK_DIALOG (dialog), _("_Close"), GTK_RESPONSE_CLOSE);
  gtk_dialog_add_button (GTK_DIALOG (dialog), _("_New Game"), 3);
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), 3);
  G_GNUC_END_IGNORE_DEPRECATIONS
  g_signal_connect (dialog, "response", G_CALLBACK (end_dialog_response), self);
  g_set_weak_pointer (&self->end_dialog, dialog);
  gtk_window_present (GTK_WINDOW (dialog));
}

static gboolean
show_win_dialog_later (gpointer data)
{
  FeltWindow *self = FELT_WINDOW (data);

  self->end_dialog_id = 0;
  show_end_dialog (self, TRUE);
  return G_SOURCE_REMOVE;
}

static void
board_changed (FeltWindow *self)
{
  FeltSession *session = window_session (self);
  const FeltState *st = felt_session_get_state (session);
  gboolean won = felt_state_is_won (st);
  gboolean over = felt_state_is_over (st);

  update_status (self);
  update_actions (self);

  if (won || over)
    {
      clock_run (self, FALSE);
      count_result (self, won);
    }
  else if (felt_session_get_n_moves (session) > 0)
    clock_run (self, TRUE);
  save_game_soon (self);
  schedule_auto_move (self);
  analyse (self);

  gtk_label_set_label (self->message_label, won ? _("You won!") : over ? _("No move left")
                                           : self->demo_id ? _("Demo: any key or click stops it") : "");

  if ((won || over) && !self->game_ended)
    {
      self->game_ended = TRUE;
      if (won && g_settings_get_boolean (self->settings, "animations"))
        {
          felt_board_celebrate (self->board);
          self->end_dialog_id = g_timeout_add (1600, show_win_dialog_later, self);
        }
      else
        show_end_dialog (self, won);
    }
  else if (!won && !over)
    self->game_ended = FALSE;
}

static gboolean
auto_move (gpointer data)
{
  FeltWindow *self = FELT_WINDOW (data);
  FeltMove move;

  self->auto_id = 0;
  if (felt_state_safe_move (felt_session_get_state (window_session (self)), &move))
    felt_board_play (self->board, &move);
  return G_SOURCE_REMOVE;
}

/* After the player's move, let safe cards go home one by one. */
static void
schedule_auto_move (FeltWindow *self)
{
  FeltMove move;

  if (self->auto_id || self->no_auto || !g_settings_get_boolean (self->settings, "auto-foundations") ||
      !felt_state_safe_move (felt_session_get_state (window_session (self)), &move))
    return;
  self->auto_id = g_timeout_add (g_settings_get_boolean (self->settings, "animations") ? 220 : 0,
                                 auto_move, self);
}

static void
load_theme (FeltWindow *self)
{
  g_autofree char *path = g_settings_get_string (self->settings, "card-deck");
  g_autoptr (FeltCardTheme) theme = NULL;

  if (path[0])
    {
      g_autoptr (GFile) file = g_file_new_for_path (path);
      g_autoptr (GError) error = NULL;

      theme = felt_card_theme_new_from_file (file, &error);
      if (theme == NULL)
        {
          g_autofree char *text = g_strdup_printf (_("The card deck “%s” cannot be used (%s), so Felt’s own "
                                                     "cards are shown."), path, error->message);
          show_notice (self, text);
        }
    }
  if (theme == NULL)
    theme = felt_card_theme_new_default ();
  g_set_object (&self->theme, theme);
  felt_board_set_theme (self->board, theme);
}

static void
settings_changed (FeltWindow *self, const char *key)
{
  if (g_str_equal (key, "card-deck"))
    load_theme (self);
  else if (g_str_equal (key, "animations"))
    felt_board_set_animate (self->board, g_settings_get_boolean (self->settings, key));
  else if (g_str_equal (key, "click-to-move"))
    felt_board_set_click_to_move (self->board, g_settings_get_boolean (self->settings, key));
  else if (g_str_equal (key, "auto-foundations"))
    schedule_auto_move (self);
  else if (g_str_equal (key, "show-winnable"))
    update_solver_status (self);
}

/* ---- the solver ---------------------------------------------------------------------- */

/* How many moves the player must take back to reach the latest position of
 * this game the solver proved winnable; 0 when it knows none.  The history
 * is replayed on a copy of the session (microseconds for any real game) and
 * each position looked up in what the solver already found: this never
 * starts a search. */
static guint
moves_back_to_winnable (FeltWindow *self)
{
  FeltSession *session = window_session (self);
  guint n = felt_session_get_n_moves (session);
  g_autoptr (FeltSession) replay = felt_session_new (felt_session_get_game (session),
                                                     felt_session_get_seed (session));

  for (guint i = 0; i < n; i++)
    {
      FeltMove move = felt_session_get_move (session, i);
      if (felt_session_play (replay, &move) != FELT_LEGAL)
        return 0;
    }
  for (guint back = 1; back <= n && felt_session_undo (replay); back++)
    {
      FeltSolveVerdict verdict;
      if (felt_analysis_lookup (self->analysis, felt_session_get_state (replay), &verdict, NULL, NULL) &&
          verdict == FELT_SOLVE_WINNABLE)
        return back;
    }
  return 0;
}

static void
update_solver_status (FeltWindow *self)
{
  const FeltState *st = felt_session_get_state (window_session (self));
  FeltSolveVerdict verdict;
  double chance = -1;
  g_autofree char *text = NULL;

  if (!felt_analysis_lookup (self->analysis, st, &verdict, NULL, &chance))
    verdict = FELT_SOLVE_UNKNOWN;
  if (verdict == FELT_SOLVE_WINNABLE)
    self->was_winnable = TRUE;

  if (!g_settings_get_boolean (self->settings, "show-winnable") || felt_state_is_won (st))
    text = g_strdup ("");
  else if (chance >= 0)
    /* TRANSLATORS: Scuffle's chance to win with random reshuffles, e.g. "Win chance 42%" */
    text = g_strdup_printf (_("Win chance %d%%"), (int) (chance * 100 + 0.5));
  else if (verdict == FELT_SOLVE_WINNABLE)
    text = g_strdup (_("Winnable"));
  else if (verdict == FELT_SOLVE_LOST)
    text = g_strdup (self->was_winnable ? _("No longer winnable") : _("Cannot be won"));
  else
    text = g_strdup ("");
  gtk_label_set_label (self->solver_label, text);

  /* A lost position that was winnable a few moves ago: offer the way back,
   * where the player is looking.  Hidden with the status itself. */
  self->moves_back = 0;
  if (verdict == FELT_SOLVE_LOST && self->was_winnable && text[0] != '\0')
    self->moves_back = moves_back_to_winnable (self);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.undo-to-winnable", self->moves_back > 0);
  gtk_widget_set_visible (self->back_button, self->moves_back > 0);
}

/* A search is over: its memory goes back to the system, rather than stay
 * with malloc until the next one. */
static void
analysis_done (FeltWindow *self)
{
#ifdef __GLIBC__
  malloc_trim (0);
#endif
  update_solver_status (self);
}

static void
analyse (FeltWindow *self)
{
  const FeltState *st = felt_session_get_state (window_session (self));

  /* The search would take the processor from the start-up: it begins
   * once the window is on the screen (after_first_frame). */
  if (!self->drawn)
    {
      update_solver_status (self);
      return;
    }
  if (felt_state_is_won (st))
    felt_analysis_cancel (self->analysis);
  else
    felt_analysis_request (self->analysis, st);
  update_solver_status (self);
}

static void
demo_stop (FeltWindow *self)
{
  if (self->demo_id == 0)
    return;
  g_clear_handle_id (&self->demo_id, g_source_remove);
  gtk_label_set_label (self->message_label, "");
}

static gboolean
demo_step (gpointer data)
{
  FeltWindow *self = FELT_WINDOW (data);
  const FeltState *st = felt_session_get_state (window_session (self));
  FeltSolveVerdict verdict;
  FeltMove next;

  if (felt_state_is_won (st))
    {
      self->demo_id = 0;
      return G_SOURCE_REMOVE;
    }
  if (!felt_analysis_lookup (self->analysis, st, &verdict, &next, NULL))
    return G_SOURCE_CONTINUE;     /* still thinking */
  if (verdict != FELT_SOLVE_WINNABLE)
    {
      self->demo_id = 0;
      gtk_label_set_label (self->message_label, _("The demo knows no way to win from here"));
      return G_SOURCE_REMOVE;
    }
  felt_board_play (self->board, &next);
  return G_SOURCE_CONTINUE;
}

static void
demo (GtkWidget *widget, const char *action, GVariant *param)
{
  FeltWindow *self = FELT_WINDOW (widget);

  if (self->demo_id)
    {
      demo_stop (self);
      return;
    }
  analyse (self);
  gtk_label_set_label (self->message_label, _("Demo: any key or click stops it"));
  self->demo_id = g_timeout_add (650, demo_step, self);
}

/* Any key or click of the player's stops the demo. */
static gboolean
input_during_demo (FeltWindow *self)
{
  if (self->demo_id == 0)
    return FALSE;
  demo_stop (self);
  return TRUE;
}

/* ---- games -------------------------------------------------------------------------- */

void
felt_window_start (FeltWindow *self, const FeltGame *game, guint32 seed)
{
  g_return_if_fail (FELT_IS_WINDOW (self));

  /* Leaving a deal that was played and not finished counts as a loss. */
  if (game_in_progress (self))
    count_result (self, FALSE);
  close_end_dialog (self);
  clock_reset (self);
  self->game_ended = FALSE;
  self->counted = FALSE;
  self->was_winnable = FALSE;
  demo_stop (self);
  felt_board_set_session (self->board, felt_session_new (game, seed));
  g_settings_set_string (self->settings, "last-game", game->id);
  update_title (self);
  board_changed (self);
  /* The keyboard plays the cards from the start (this works before the
   * window is shown, unlike grabbing the focus). */
  gtk_window_set_focus (GTK_WINDOW (self), GTK_WIDGET (self->board));
}

static guint32
random_seed (void)
{
  return g_random_int ();
}

static void
abandon_response (GtkDialog *dialog, int response, FeltWindow *self)
{
  gtk_window_destroy (GTK_WINDOW (dialog));
  if (response == GTK_RESPONSE_ACCEPT && self->pending_game)
    felt_window_start (self, self->pending_game, self->pending_seed);
  self->pending_game = NULL;
}

/* Starts a deal, first asking whether to give up the one in progress. */
static void
request_start (FeltWindow *self, const FeltGame *game, guint32 seed)
{
  GtkWidget *dialog;

  if (!game_in_progress (self))
    {
      felt_window_start (self, game, seed);
      return;
    }
  self->pending_game = game;
  self->pending_seed = seed;
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  dialog = gtk_message_dialog_new (GTK_WINDOW (self), GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                   GTK_MESSAGE_QUESTION, GTK_BUTTONS_NONE,
                                   "%s", _("Give up this game?"));
  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s",
                                            _("The game in progress will count as lost in your statistics."));
  gtk_dialog_add_button (GTK_DIALOG (dialog), _("_Keep Playing"), GTK_RESPONSE_CANCEL);
  gtk_dialog_add_button (GTK_DIALOG (dialog), _("_Give Up"), GTK_RESPONSE_ACCEPT);
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_ACCEPT);
  G_GNUC_END_IGNORE_DEPRECATIONS
  g_signal_connect (dialog, "response", G_CALLBACK (abandon_response), self);
  gtk_window_present (GTK_WINDOW (dialog));
}

typedef struct {
  const FeltGame *game;
  guint32 seed;
  gint cancel;     /* atomic, for felt_solve */
} DealSearch;

static void
set_flag (GCancellable *cancellable, gint *flag)
{
  g_atomic_int_set (flag, 1);
}

/* Deals until the solver wins one; gives up after a few (then the last
 * deal is played anyway). */
static void
search_deal_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  DealSearch *search = data;
  /* A search in progress stops as soon as the player asks for something
   * else (Backbone's can take seconds). */
  gulong handler = g_cancellable_connect (cancellable, G_CALLBACK (set_flag), &search->cancel, NULL);

  for (int tries = 0; tries < 40 && !g_cancellable_is_cancelled (cancellable); tries++)
    {
      FeltState st;
      FeltSolveResult r;
      gboolean won;

      search->seed = g_random_int ();
      felt_state_deal (&st, search->game, search->seed);
      felt_solve (&st, 0, &search->cancel, &r);
      won = r.verdict == FELT_SOLVE_WINNABLE;
      felt_solve_result_clear (&r);
      if (won)
        break;
    }
  g_cancellable_disconnect (cancellable, handler);
  g_task_return_boolean (task, TRUE);
}

static void
search_deal_done (GObject *source, GAsyncResult *res, gpointer user_data)
{
  FeltWindow *self = FELT_WINDOW (source);
  DealSearch *search = g_task_get_task_data (G_TASK (res));

  if (g_cancellable_is_cancelled (g_task_get_cancellable (G_TASK (res))))
    return;
  g_clear_object (&self->deal_search);
  gtk_label_set_label (self->message_label, "");
  request_start (self, search->game, search->seed);
}

static void
new_deal (FeltWindow *self, const FeltGame *game)
{
  g_autoptr (GTask) task = NULL;
  DealSearch *search;

  if (self->deal_search)
    g_cancellable_cancel (self->deal_search);
  g_clear_object (&self->deal_search);
  if (!g_settings_get_boolean (self->settings, "winnable-deals-only"))
    {
      request_start (self, game, random_seed ());
      return;
    }
  search = g_new0 (DealSearch, 1);
  search->game = game;
  self->deal_search = g_cancellable_new ();
  task = g_task_new (self, self->deal_search, search_deal_done, NULL);
  g_task_set_task_data (task, search, g_free);
  gtk_label_set_label (self->message_label, _("Looking for a winnable deal…"));
  g_task_run_in_thread (task, search_deal_thread);
}

static void
new_game (GtkWidget *widget, const char *action, GVariant *param)
{
  FeltWindow *self = FELT_WINDOW (widget);

  new_deal (self, felt_session_get_game (window_session (self)));
}

static void
restart (GtkWidget *widget, const char *action, GVariant *param)
{
  FeltWindow *self = FELT_WINDOW (widget);
  FeltSession *session = window_session (self);

  request_start (self, felt_session_get_game (session), felt_session_get_seed (session));
}

static void
take_back (FeltWindow *self, guint count)
{
  /* An automatic move right after undo would take the undo back. */
  g_clear_handle_id (&self->auto_id, g_source_remove);
  self->no_auto = TRUE;
  felt_board_undo_many (self->board, count);
  self->no_auto = FALSE;
}

static void
undo (GtkWidget *widget, const char *action, GVariant *param)
{
  take_back (FELT_WINDOW (widget), 1);
}

static void
undo_to_winnable (GtkWidget *widget, const char *action, GVariant *param)
{
  FeltWindow *self = FELT_WINDOW (widget);

  if (self->moves_back > 0)
    take_back (self, self->moves_back);
}

static void
redo (GtkWidget *widget, const char *action, GVariant *param)
{
  FeltWindow *self = FELT_WINDOW (widget);

  self->no_auto = TRUE;
  felt_board_redo (self->board);
  self->no_auto = FALSE;
}

static void
hint (GtkWidget *widget, const char *action, GVariant *param)
{
  FeltWindow *self = FELT_WINDOW (widget);
  FeltSolveVerdict verdict;
  FeltMove move;

  /* The next move of a winning line, when the solver knows one. */
  if (felt_analysis_lookup (self->analysis, felt_session_get_state (window_session (self)),
                            &verdict, &move, NULL) && verdict == FELT_SOLVE_WINNABLE)
    felt_board_show_move (self->board, &move);
  else if (!felt_board_show_hint (self->board, &move))
    {
      gtk_label_set_label (self->message_label, _("No move is left"));
      return;
    }
  if (move.stock)
    gtk_label_set_label (self->message_label, _("Hint: click the stock"));
  else
    {
      const FeltGame *game = felt_session_get_game (window_session (self));
      const FeltState *st = felt_session_get_state (window_session (self));
      guint n = felt_pile_size (st, move.from);
      g_autofree char *card = felt_card_describe (felt_pile_card (st, move.from, n - move.count));
      g_autofree char *to = felt_pile_describe (game, move.to);
      /* TRANSLATORS: a hint, e.g. "Hint: move the Seven of hearts to Foundation 2" */
      g_autofree char *text = g_strdup_printf (_("Hint: move the %s to %s"), card, to);
      gtk_label_set_label (self->message_label, text);
    }
}

static void
game_chosen (FeltGameChooser *chooser, const char *id, FeltWindow *self)
{
  const FeltGame *game = felt_game_lookup (id);

  if (game)
    new_deal (self, game);
}

void
felt_window_show_help (FeltWindow *self, const char *page)
{
  g_return_if_fail (FELT_IS_WINDOW (self));

  if (self->help_window == NULL)
    {
      GtkWidget *help = felt_help_window_new (GTK_WINDOW (self));
      gtk_window_set_modal (GTK_WINDOW (help), FALSE);
      g_set_weak_pointer (&self->help_window, help);
    }
  felt_help_window_show_page (FELT_HELP_WINDOW (self->help_window), page);
  gtk_window_present (GTK_WINDOW (self->help_window));
}

static void
help (GtkWidget *widget, const char *action, GVariant *param)
{
  FeltWindow *self = FELT_WINDOW (widget);

  felt_window_show_help (self, felt_session_get_game (window_session (self))->id);
}

static void
show_rules (FeltGameChooser *chooser, const char *id, FeltWindow *self)
{
  felt_window_show_help (self, id);
}

void
felt_window_choose_game (FeltWindow *self)
{
  GtkWidget *chooser = felt_game_chooser_new (GTK_WINDOW (self), self->theme);

  g_signal_connect_object (chooser, "game-chosen", G_CALLBACK (game_chosen), self, 0);
  g_signal_connect_object (chooser, "show-rules", G_CALLBACK (show_rules), self, 0);
  gtk_window_present (GTK_WINDOW (chooser));
}

static void
select_game (GtkWidget *widget, const char *action, GVariant *param)
{
  felt_window_choose_game (FELT_WINDOW (widget));
}

static void
deal_entry_activate (GtkEntry *entry, FeltWindow *self)
{
  g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (entry))));
  GtkWidget *dialog = gtk_widget_get_ancestor (GTK_WIDGET (entry), GTK_TYPE_WINDOW);
  guint32 seed;

  if (!felt_seed_parse (text, &seed))
    {
      gtk_widget_add_css_class (GTK_WIDGET (entry), "error");
      gtk_widget_error_bell (GTK_WIDGET (entry));
      return;
    }
  gtk_window_destroy (GTK_WINDOW (dialog));
  request_start (self, felt_session_get_game (window_session (self)), seed);
}

static void
deal_response (GtkDialog *dialog, int response, FeltWindow *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    deal_entry_activate (g_object_get_data (G_OBJECT (dialog), "entry"), self);
  else
    gtk_window_destroy (GTK_WINDOW (dialog));
}

static void
select_deal (GtkWidget *widget, const char *action, GVariant *param)
{
  FeltWindow *self = FELT_WINDOW (widget);
  GtkWidget *dialog, *box, *label, *entry;
  g_autofree char *current = g_strdup_printf ("%u", felt_session_get_seed (window_session (self)));

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  dialog = gtk_dialog_new_with_buttons (_("Select Deal"), GTK_WINDOW (self),
                                        GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT |
                                        GTK_DIALOG_USE_HEADER_BAR,
                                        _("_Cancel"), GTK_RESPONSE_CANCEL,
                                        _("_Play"), GTK_RESPONSE_ACCEPT, NULL);
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_ACCEPT);
  box = gtk_dialog_get_content_area (GTK_DIALOG (dialog));
  G_GNUC_END_IGNORE_DEPRECATIONS
  gtk_box_set_spacing (GTK_BOX (box), 12);
  gtk_widget_set_margin_start (box, 18);
  gtk_widget_set_margin_end (box, 18);
  gtk_widget_set_margin_top (box, 18);
  gtk_widget_set_margin_bottom (box, 18);
  label = gtk_label_new (_("Deal number, from 0 to 4294967295:"));
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  entry = gtk_entry_new ();
  gtk_editable_set_text (GTK_EDITABLE (entry), current);
  gtk_entry_set_input_purpose (GTK_ENTRY (entry), GTK_INPUT_PURPOSE_DIGITS);
  gtk_accessible_update_relation (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_RELATION_LABELLED_BY, label, NULL, -1);
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), entry);
  g_object_set_data (G_OBJECT (dialog), "entry", entry);
  g_signal_connect (entry, "activate", G_CALLBACK (deal_entry_activate), self);
  g_signal_connect (dialog, "response", G_CALLBACK (deal_response), self);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
reset_stats (FeltWindow *self)
{
  memset (&self->stats, 0, sizeof self->stats);
  save_stats (self);
}

static void
statistics (GtkWidget *widget, const char *action, GVariant *param)
{
  FeltWindow *self = FELT_WINDOW (widget);
  GtkWidget *dialog = felt_stats_dialog_new (GTK_WINDOW (self), &self->stats,
                                             felt_state_get_game_id (felt_session_get_state (window_session (self))));

  g_signal_connect_object (dialog, "reset", G_CALLBACK (reset_stats), self, G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Ctrl+?: the keyboard shortcuts window, built the first time it is asked
 * for (GtkApplication would build it with the window: felt_application_new). */
static void
show_help_overlay (GtkWidget *widget, const char *action, GVariant *param)
{
  GtkApplicationWindow *window = GTK_APPLICATION_WINDOW (widget);

  if (gtk_application_window_get_help_overlay (window) == NULL)
    {
      g_autoptr (GtkBuilder) builder =
        gtk_builder_new_from_resource ("/io/github/feltsolitaire/Felt/gtk/help-overlay.ui");
      gtk_application_window_set_help_overlay (window,
                                               GTK_SHORTCUTS_WINDOW (gtk_builder_get_object (builder, "help_overlay")));
    }
  gtk_window_present (GTK_WINDOW (gtk_application_window_get_help_overlay (window)));
}

static void
toggle_fullscreen (GtkWidget *widget, const char *action, GVariant *param)
{
  GtkWindow *window = GTK_WINDOW (widget);

  if (gtk_window_is_fullscreen (window))
    gtk_window_unfullscreen (window);
  else
    gtk_window_fullscreen (window);
}

/* ---- the object ------------------------------------------------------------------------ */

FeltBoard *
felt_window_get_board (FeltWindow *self)
{
  g_return_val_if_fail (FELT_IS_WINDOW (self), NULL);
  return self->board;
}

const char *
felt_window_get_notice (FeltWindow *self)
{
  g_return_val_if_fail (FELT_IS_WINDOW (self), NULL);
  if (!gtk_info_bar_get_revealed (self->notice_bar))
    return NULL;
  return gtk_label_get_label (self->notice_label);
}

const char *
felt_window_get_solver_status (FeltWindow *self)
{
  g_return_val_if_fail (FELT_IS_WINDOW (self), NULL);
  return gtk_label_get_label (self->solver_label);
}

const char *
felt_window_get_message (FeltWindow *self)
{
  g_return_val_if_fail (FELT_IS_WINDOW (self), NULL);
  return gtk_label_get_label (self->message_label);
}

static gboolean
after_first_frame (gpointer data)
{
  FeltWindow *self = FELT_WINDOW (data);

  self->after_first_frame_id = 0;
  if (self->save_pending)
    save_game (self);
  if (window_session (self))
    analyse (self);
  return G_SOURCE_REMOVE;
}

static void
felt_window_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  FeltWindow *self = FELT_WINDOW (widget);

  GTK_WIDGET_CLASS (felt_window_parent_class)->snapshot (widget, snapshot);
  /* An idle after the frame: it runs once the frame is rendered. */
  if (!self->drawn)
    {
      self->drawn = TRUE;
      self->after_first_frame_id = g_idle_add (after_first_frame, self);
    }
}

static gboolean
felt_window_close_request (GtkWindow *window)
{
  FeltWindow *self = FELT_WINDOW (window);
  int width, height;

  gtk_window_get_default_size (window, &width, &height);
  g_settings_set_int (self->settings, "window-width", width);
  g_settings_set_int (self->settings, "window-height", height);
  g_settings_set_boolean (self->settings, "window-maximized", gtk_window_is_maximized (window));
  return GTK_WINDOW_CLASS (felt_window_parent_class)->close_request (window);
}

static void
felt_window_dispose (GObject *object)
{
  FeltWindow *self = FELT_WINDOW (object);

  /* The clock stops here: save the time played with the game (or a
   * change not saved yet). */
  if (felt_board_get_session (self->board) && (self->clock_started || self->save_pending))
    {
      clock_run (self, FALSE);
      save_game (self);
    }
  clock_run (self, FALSE);
  g_clear_handle_id (&self->after_first_frame_id, g_source_remove);
  g_clear_handle_id (&self->auto_id, g_source_remove);
  g_clear_handle_id (&self->demo_id, g_source_remove);
  if (self->deal_search)
    g_cancellable_cancel (self->deal_search);
  g_clear_object (&self->deal_search);
  if (self->analysis)
    felt_analysis_cancel (self->analysis);
  g_clear_object (&self->analysis);
  close_end_dialog (self);
  if (self->help_window)
    gtk_window_destroy (GTK_WINDOW (self->help_window));
  g_clear_weak_pointer (&self->help_window);
  gtk_widget_dispose_template (GTK_WIDGET (self), FELT_TYPE_WINDOW);
  g_clear_object (&self->settings);
  g_clear_object (&self->theme);
  G_OBJECT_CLASS (felt_window_parent_class)->dispose (object);
}

static void
felt_window_class_init (FeltWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = felt_window_dispose;
  widget_class->snapshot = felt_window_snapshot;
  window_class->close_request = felt_window_close_request;

  g_type_ensure (FELT_TYPE_BOARD);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/feltsolitaire/Felt/ui/felt-window.ui");
  gtk_widget_class_bind_template_child (widget_class, FeltWindow, board);
  gtk_widget_class_bind_template_child (widget_class, FeltWindow, title_label);
  gtk_widget_class_bind_template_child (widget_class, FeltWindow, subtitle_label);
  gtk_widget_class_bind_template_child (widget_class, FeltWindow, status_label);
  gtk_widget_class_bind_template_child (widget_class, FeltWindow, message_label);
  gtk_widget_class_bind_template_child (widget_class, FeltWindow, score_label);
  gtk_widget_class_bind_template_child (widget_class, FeltWindow, time_label);

  gtk_widget_class_install_action (widget_class, "win.new-game", NULL, new_game);
  gtk_widget_class_install_action (widget_class, "win.restart", NULL, restart);
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, undo);
  gtk_widget_class_install_action (widget_class, "win.undo-to-winnable", NULL, undo_to_winnable);
  gtk_widget_class_install_action (widget_class, "win.redo", NULL, redo);
  gtk_widget_class_install_action (widget_class, "win.hint", NULL, hint);
  gtk_widget_class_install_action (widget_class, "win.select-game", NULL, select_game);
  gtk_widget_class_install_action (widget_class, "win.select-deal", NULL, select_deal);
  gtk_widget_class_install_action (widget_class, "win.fullscreen", NULL, toggle_fullscreen);
  gtk_widget_class_install_action (widget_class, "win.show-help-overlay", NULL, show_help_overlay);
  gtk_widget_class_install_action (widget_class, "win.statistics", NULL, statistics);
  gtk_widget_class_install_action (widget_class, "win.help", NULL, help);
  gtk_widget_class_install_action (widget_class, "win.demo", NULL, demo);
  gtk_widget_class_bind_template_child (widget_class, FeltWindow, solver_label);
  gtk_widget_class_bind_template_child (widget_class, FeltWindow, back_button);
  gtk_widget_class_bind_template_child (widget_class, FeltWindow, notice_bar);
  gtk_widget_class_bind_template_child (widget_class, FeltWindow, notice_label);
  gtk_widget_class_bind_template_callback (widget_class, notice_response);
}

static void
felt_window_init (FeltWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->settings = g_settings_new (APP_ID);
  load_theme (self);
  felt_board_set_animate (self->board, g_settings_get_boolean (self->settings, "animations"));
  felt_board_set_click_to_move (self->board, g_settings_get_boolean (self->settings, "click-to-move"));
  g_signal_connect_object (self->settings, "changed", G_CALLBACK (settings_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_swapped (self->board, "changed", G_CALLBACK (board_changed), self);
  load_stats (self);

  self->analysis = felt_analysis_new ();
  g_signal_connect_object (self->analysis, "done", G_CALLBACK (analysis_done), self, G_CONNECT_SWAPPED);
  {
    GtkEventController *keys = gtk_event_controller_key_new ();
    GtkGesture *clicks = gtk_gesture_click_new ();

    gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
    g_signal_connect_swapped (keys, "key-pressed", G_CALLBACK (input_during_demo), self);
    gtk_widget_add_controller (GTK_WIDGET (self), keys);
    gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (clicks), 0);
    gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (clicks), GTK_PHASE_CAPTURE);
    g_signal_connect_swapped (clicks, "pressed", G_CALLBACK (input_during_demo), self);
    gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (clicks));
  }

  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));
}

FeltWindow *
felt_window_new (GtkApplication *app)
{
  return g_object_new (FELT_TYPE_WINDOW, "application", app, NULL);
}
