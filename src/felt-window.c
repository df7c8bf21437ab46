/* felt-window.c: the main window: header bar, board and status line.  It
 * presents the game in play (FeltPlay) and forwards the player's actions.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "felt-window.h"

#include <glib/gi18n.h>

#include "felt-abandon-dialog.h"
#include "felt-analysis.h"
#include "felt-board.h"
#include "felt-deal-dialog.h"
#include "felt-demo.h"
#include "felt-end-dialog.h"
#include "felt-game-chooser.h"
#include "felt-help-window.h"
#include "felt-play.h"
#include "felt-replay-window.h"
#include "felt-stats-dialog.h"

struct _FeltWindow
{
  GtkApplicationWindow parent_instance;

  /* template children */
  FeltBoard *board;
  GtkLabel *title_label;
  GtkLabel *subtitle_label;
  GtkLabel *solver_label;
  GtkLabel *message_label;
  GtkLabel *time_label;
  GtkRevealer *notice_revealer;
  GtkWidget *undo_button;
  GtkRevealer *solution_revealer;
  GtkLabel *solution_label;
  GtkWidget *solution_play_button;
  GtkImage *solution_play_image;
  GMenu *learn_section;
  GtkWidget *status_bar;
  gboolean taking_over;       /* Take Over Here ends the Solution mode */

  /* owned */
  FeltPlay *play;
  GSettings *settings;
  FeltCardTheme *theme;
  GtkWidget *end_dialog;      /* weak: the win / game over dialog shown, if any */
  GtkWidget *help_window;     /* weak: the help, kept while open */
  guint end_dialog_id;        /* the win dialog waits for the celebration */

  /* work the first frame does not need waits until it is drawn */
  gboolean drawn;
  guint after_first_frame_id;
};

G_DEFINE_FINAL_TYPE (FeltWindow, felt_window, GTK_TYPE_APPLICATION_WINDOW)

enum {
  PROP_0,
  PROP_PLAY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* ---- what the game in play says --------------------------------------------------- */

static void
update_title (FeltWindow *self)
{
  const FeltGame *game = felt_play_get_game (self->play);
  g_autofree char *deal = NULL;
  g_autofree char *title = NULL;

  if (game == NULL)
    return;
  deal = g_strdup_printf (_("Deal %u"), felt_play_get_seed (self->play));
  /* The deal's difficulty beside its number, once it is rated. */
  if (felt_difficulty_label (felt_play_get_difficulty (self->play)))
    {
      /* TRANSLATORS: the deal number and its difficulty, e.g. "Deal 1234 · Easy" */
      g_autofree char *rated = g_strdup_printf (_("%s · %s"), deal,
                                                felt_difficulty_label (felt_play_get_difficulty (self->play)));
      g_free (deal);
      deal = g_steal_pointer (&rated);
    }
  title = g_strdup_printf ("%s — %s", _(game->name), _("Felt"));
  gtk_label_set_label (self->title_label, _(game->name));
  gtk_label_set_label (self->subtitle_label, deal);
  gtk_window_set_title (GTK_WINDOW (self), title);
}

static void
update_actions (FeltWindow *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  FeltSession *session = felt_play_get_session (self->play);
  /* The Solution mode: the game waits, Undo, Redo, Hint and the demo too. */
  gboolean playing = !felt_solution_get_active (felt_play_get_solution (self->play));
  gboolean returns;

  gtk_widget_action_set_enabled (widget, "win.undo", playing && felt_play_get_can_undo (self->play));
  /* Undo may go back to the deal left behind: Restart needs a move. */
  gtk_widget_action_set_enabled (widget, "win.restart", playing && session && felt_session_can_undo (session));
  gtk_widget_action_set_enabled (widget, "win.redo", playing && felt_play_get_can_redo (self->play));
  gtk_widget_action_set_enabled (widget, "win.hint", playing);
  gtk_widget_action_set_enabled (widget, "win.demo", playing);
  /* At a deal's start Undo goes back to the game left behind: say so. */
  returns = felt_play_get_undo_returns (self->play);
  gtk_widget_set_tooltip_text (self->undo_button,
                               returns ? _("Go back to the game you left (Ctrl+Z)") : _("Undo (Ctrl+Z)"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->undo_button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  returns ? _("Go back to the game you left") : _("Undo"), -1);
  gtk_widget_action_set_enabled (widget, "win.undo-to-winnable",
                                 playing && felt_play_get_moves_back (self->play) > 0);
  gtk_widget_action_set_enabled (widget, "win.replay", felt_play_get_last_game (self->play) != NULL);
}

/* ---- the Solution mode -------------------------------------------------------------- */

/* The menu item says why the solution cannot be shown: GMenu has no way
 * to change an item's label but to put a new item in its place. */
static void
update_solution_item (FeltWindow *self)
{
  FeltSolution *solution = felt_play_get_solution (self->play);
  FeltSolutionReason reason = felt_solution_get_reason (solution);
  guint at = g_menu_model_get_n_items (G_MENU_MODEL (self->learn_section)) - 1;
  g_autoptr (GMenuItem) item = g_menu_item_new (felt_solution_get_label (solution), "win.show-solution");

  g_menu_remove (self->learn_section, at);
  g_menu_insert_item (self->learn_section, at, item);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.show-solution",
                                 felt_solution_get_active (solution) || reason == FELT_SOLUTION_AVAILABLE ||
                                 reason == FELT_SOLUTION_ASK);
}

static void
update_solution_bar (FeltWindow *self)
{
  FeltSolution *solution = felt_play_get_solution (self->play);
  GtkWidget *widget = GTK_WIDGET (self);
  gboolean active = felt_solution_get_active (solution);
  gboolean playing = felt_solution_get_playing (solution);
  guint at = felt_solution_get_position (solution);

  gtk_revealer_set_reveal_child (self->solution_revealer, active);
  /* The bar is the status line meanwhile: the game's figures (its stock,
   * score and time) are not those of the position shown. */
  gtk_widget_set_visible (self->status_bar, !active);
  gtk_label_set_label (self->solution_label, felt_solution_get_text (solution));
  /* Hidden while empty: an empty label's accessible name is its class name. */
  gtk_widget_set_visible (GTK_WIDGET (self->solution_label), active);
  gtk_widget_action_set_enabled (widget, "win.solution-back", active && at > 0);
  gtk_widget_action_set_enabled (widget, "win.solution-forward", active && at < felt_solution_get_length (solution));
  gtk_widget_action_set_enabled (widget, "win.solution-play", active);
  gtk_widget_action_set_enabled (widget, "win.solution-take-over", active && at > 0);
  gtk_widget_action_set_enabled (widget, "win.solution-leave", active);
  gtk_image_set_from_icon_name (self->solution_play_image,
                                playing ? "media-playback-pause-symbolic" : "media-playback-start-symbolic");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->solution_play_button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  playing ? _("Pause") : _("Play"), -1);
}

/* The mode began or ended: the board shows its session or the game's. */
static void
solution_toggled (FeltWindow *self)
{
  FeltSolution *solution = felt_play_get_solution (self->play);

  gboolean active = felt_solution_get_active (solution);

  felt_board_show_session (self->board, felt_solution_get_session (solution));
  update_solution_bar (self);
  update_solution_item (self);
  update_actions (self);
  /* The keyboard goes on where it was: on the board, which says where
   * the player is now (the bar is not read by itself). */
  gtk_window_set_focus (GTK_WINDOW (self), GTK_WIDGET (self->board));
  felt_board_say (self->board, active ? felt_solution_get_text (solution)
                              : self->taking_over ? _("You play on from here")
                              : _("Back to your own position"));
}

/* A step: the card slides, and the board says it as a move is said. */
static void
solution_step (FeltWindow *self, const FeltState *before, const char *sentence)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));

  felt_board_show_change (self->board, before);
  update_solution_bar (self);
  if (sentence == NULL)
    return;
  felt_board_say (self->board, sentence);
  /* Orca 43 speaks only the focused widget's description change
   * (felt-board-a11y.c): from a button of the bar, the button says it. */
  if (focus && gtk_widget_is_ancestor (focus, GTK_WIDGET (self->solution_revealer)))
    {
      gtk_accessible_update_property (GTK_ACCESSIBLE (focus), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, "", -1);
      gtk_accessible_update_property (GTK_ACCESSIBLE (focus), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, sentence, -1);
    }
}

/* The Solution mode's keys are the window's own, before GtkWindow's
 * (Ctrl with an arrow moves the focus) and the board's: they act only
 * while the mode is on, when their actions are enabled; otherwise the
 * key goes on as before. */
static void
add_solution_keys (FeltWindow *self)
{
  static const struct {
    guint key;
    GdkModifierType mods;
    const char *action;
  } keys[] = {
    { GDK_KEY_h, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.show-solution" },
    { GDK_KEY_Left, GDK_CONTROL_MASK, "win.solution-back" },
    { GDK_KEY_Right, GDK_CONTROL_MASK, "win.solution-forward" },
    { GDK_KEY_p, GDK_CONTROL_MASK, "win.solution-play" },
    { GDK_KEY_Escape, 0, "win.solution-leave" },
  };
  GtkEventController *controller = gtk_shortcut_controller_new ();

  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_CAPTURE);
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
                                          gtk_shortcut_new (gtk_keyval_trigger_new (keys[i].key, keys[i].mods),
                                                            gtk_named_action_new (keys[i].action)));
  gtk_widget_add_controller (GTK_WIDGET (self), controller);
}

static void
show_solution (GtkWidget *widget, const char *action, GVariant *param)
{
  FeltWindow *self = FELT_WINDOW (widget);
  FeltSolution *solution = felt_play_get_solution (self->play);

  /* The shortcut again leaves. */
  if (felt_solution_get_active (solution))
    felt_solution_leave (solution);
  else
    felt_play_show_solution (self->play);
}

static void
solution_action (GtkWidget *widget, const char *action, GVariant *param)
{
  FeltWindow *self = FELT_WINDOW (widget);
  FeltSolution *solution = felt_play_get_solution (self->play);

  if (g_str_equal (action, "win.solution-back"))
    felt_solution_step_back (solution);
  else if (g_str_equal (action, "win.solution-forward"))
    felt_solution_step_forward (solution);
  else if (g_str_equal (action, "win.solution-play"))
    {
      FeltAnimationSpeed speed = g_settings_get_enum (self->settings, "animation-speed");

      /* Without slides the steps keep the normal pace: each is followed by eye. */
      felt_solution_toggle_playing (solution, felt_animation_ms (speed == FELT_ANIMATION_OFF ? FELT_ANIMATION_NORMAL
                                                                 : speed, FELT_DEMO_STEP_MS));
    }
  else if (g_str_equal (action, "win.solution-take-over"))
    {
      self->taking_over = TRUE;
      felt_play_take_over (self->play);
      self->taking_over = FALSE;
    }
  else if (g_str_equal (action, "win.solution-leave"))
    felt_solution_leave (solution);
}

/* The notice bar shows while there is a notice (a closure of the .ui). */
static gboolean
has_text (gpointer unused, const char *text)
{
  return text != NULL && text[0] != '\0';
}

static void
notice_closed (FeltWindow *self)
{
  felt_play_set_notice (self->play, NULL);
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
show_end_dialog (FeltWindow *self, gboolean won)
{
  FeltSession *session = felt_play_get_session (self->play);
  const FeltState *st = felt_session_get_state (session);
  const FeltGame *game = felt_session_get_game (session);
  guint s = felt_play_get_elapsed (self->play);
  guint moves = felt_session_get_n_moves (session);
  g_autofree char *detail = NULL;
  GtkWidget *dialog;

  close_end_dialog (self);
  if (won && felt_play_get_demo_played (self->play))
    detail = g_strdup (_("The demo put every card on the foundations. A game the demo played in does not "
                         "count in your statistics."));
  else if (won && felt_play_get_solution_shown (self->play))
    detail = g_strdup (_("Every card is on the foundations. A game in which the solution was shown does not "
                         "count in your statistics."));
  else if (felt_play_get_solution_shown (self->play))
    detail = g_strdup_printf (_("No move is left in this game of %s. A game in which the solution was shown "
                                "does not count in your statistics."), _(game->name));
  else if (won)
    detail = g_strdup_printf (ngettext ("You put every card on the foundations in %d:%02d with %u move. Score: %u.",
                                        "You put every card on the foundations in %d:%02d with %u moves. Score: %u.",
                                        moves),
                              (int) (s / 60), (int) (s % 60), moves, felt_state_score (st));
  else
    detail = g_strdup_printf (_("No move is left in this game of %s. Score: %u of %u."),
                              _(game->name), felt_state_score (st), felt_game_max_score (game));
  dialog = felt_end_dialog_new (GTK_WINDOW (self), won, felt_play_get_demo_played (self->play),
                                felt_play_get_solution_shown (self->play), detail);
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
game_ended (FeltWindow *self, gboolean won)
{
  if (won && g_settings_get_enum (self->settings, "animation-speed") != FELT_ANIMATION_OFF)
    {
      felt_board_celebrate (self->board);
      self->end_dialog_id = g_timeout_add (1600, show_win_dialog_later, self);
    }
  else
    show_end_dialog (self, won);
}

/* A new deal or a resumed game: the old one's dialog goes, the keyboard
 * plays the cards from the start (this works before the window is shown,
 * unlike grabbing the focus). */
static void
session_replaced (FeltWindow *self)
{
  const FeltGame *game = felt_play_get_game (self->play);

  close_end_dialog (self);
  if (game)
    g_settings_set_string (self->settings, "last-game", game->id);
  update_title (self);
  gtk_window_set_focus (GTK_WINDOW (self), GTK_WIDGET (self->board));
}

static void
confirm_abandon (FeltWindow *self)
{
  GtkWidget *dialog = felt_abandon_dialog_new (GTK_WINDOW (self));

  g_signal_connect_object (dialog, "give-up", G_CALLBACK (felt_play_give_up), self->play, G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* ---- games ----------------------------------------------------------------------------- */

void
felt_window_start (FeltWindow *self, const FeltGame *game, guint32 seed)
{
  g_return_if_fail (FELT_IS_WINDOW (self));
  felt_play_start (self->play, game, seed);
}

gboolean
felt_window_resume (FeltWindow *self)
{
  g_return_val_if_fail (FELT_IS_WINDOW (self), FALSE);
  return felt_play_resume (self->play);
}

static void
load_theme (FeltWindow *self)
{
  g_autofree char *path = g_settings_get_string (self->settings, "card-deck");
  g_autoptr (FeltCardTheme) theme = NULL;

  if (path[0])
    {
      g_autoptr (GError) error = NULL;

      theme = felt_card_theme_new_for_setting (path, &error);
      if (theme == NULL)
        {
          g_autofree char *text = g_strdup_printf (_("The card deck “%s” cannot be used (%s), so Felt’s own "
                                                     "cards are shown."), path, error->message);
          felt_play_set_notice (self->play, text);
        }
    }
  if (theme == NULL)
    theme = felt_card_theme_new_default ();
  g_set_object (&self->theme, theme);
  g_object_set (self->board, "card-theme", theme, NULL);
}

/* Any key or click of the player's stops the demo. */
static gboolean
input_during_demo (FeltWindow *self)
{
  if (!felt_play_get_demo_running (self->play))
    return FALSE;
  felt_play_stop_demo (self->play);
  return TRUE;
}

/* ---- actions ---------------------------------------------------------------------------- */

static void
new_game (GtkWidget *widget, const char *action, GVariant *param)
{
  felt_play_new_deal (FELT_WINDOW (widget)->play, NULL);
}

static void
restart (GtkWidget *widget, const char *action, GVariant *param)
{
  felt_play_restart (FELT_WINDOW (widget)->play);
}

static void
undo (GtkWidget *widget, const char *action, GVariant *param)
{
  felt_play_undo (FELT_WINDOW (widget)->play);
}

static void
undo_to_winnable (GtkWidget *widget, const char *action, GVariant *param)
{
  felt_play_undo_to_winnable (FELT_WINDOW (widget)->play);
}

static void
redo (GtkWidget *widget, const char *action, GVariant *param)
{
  felt_play_redo (FELT_WINDOW (widget)->play);
}

static void
hint (GtkWidget *widget, const char *action, GVariant *param)
{
  FeltWindow *self = FELT_WINDOW (widget);
  FeltMove move;

  if (felt_play_hint (self->play, &move))
    felt_board_show_move (self->board, &move);
  else
    /* No move to show: the status line says so, and so does the board
     * to a screen reader (a status line is not read with GTK 4.8). */
    felt_board_say (self->board, felt_play_get_message (self->play));
}

static void
demo (GtkWidget *widget, const char *action, GVariant *param)
{
  felt_play_toggle_demo (FELT_WINDOW (widget)->play);
}

static void
game_chosen (FeltGameChooser *chooser, const char *id, FeltWindow *self)
{
  const FeltGame *game = felt_game_lookup (id);

  if (game)
    felt_play_new_deal (self->play, game);
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
  const FeltGame *game = felt_play_get_game (self->play);

  felt_window_show_help (self, game ? game->id : "index");
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
  /* The chooser covers the notice bar: it says the notice too. */
  g_object_bind_property (self->play, "notice", chooser, "notice", G_BINDING_SYNC_CREATE);
  gtk_window_present (GTK_WINDOW (chooser));
}

static void
select_game (GtkWidget *widget, const char *action, GVariant *param)
{
  felt_window_choose_game (FELT_WINDOW (widget));
}

static void
deal_chosen (FeltWindow *self, guint seed)
{
  felt_play_request_start (self->play, felt_play_get_game (self->play), seed);
}

static void
select_deal (GtkWidget *widget, const char *action, GVariant *param)
{
  FeltWindow *self = FELT_WINDOW (widget);
  GtkWidget *dialog = felt_deal_dialog_new (GTK_WINDOW (self), felt_play_get_game (self->play),
                                            felt_play_get_seed (self->play));

  g_signal_connect_object (dialog, "deal-chosen", G_CALLBACK (deal_chosen), self, G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* A game of the history, chosen in Statistics: its deal again. */
static void
play_deal_again (FeltWindow *self, const char *game, guint deal, GtkWindow *dialog)
{
  gtk_window_close (dialog);
  felt_play_request_start (self->play, felt_game_lookup (game), deal);
}

/* The player's last finished game (the one just ended, for the end
 * dialog's Replay; one given up; the last one before Felt restarted),
 * move by move in a window of its own. */
static void
replay (GtkWidget *widget, const char *action, GVariant *param)
{
  FeltWindow *self = FELT_WINDOW (widget);
  const FeltLastGame *last = felt_play_get_last_game (self->play);
  const FeltGame *game;
  g_autofree char *title = NULL;
  GtkWidget *window;

  if (last == NULL)
    return;
  game = felt_session_get_game (last->session);
  title = g_strdup_printf (last->result == FELT_HISTORY_WON ? _("%s, deal %u, won")
                           : last->result == FELT_HISTORY_LOST ? _("%s, deal %u, lost")
                           : _("%s, deal %u, given up"),
                           _(game->name), felt_session_get_seed (last->session));
  window = felt_replay_window_new (GTK_WINDOW (self), last->session, self->theme,
                                   g_settings_get_enum (self->settings, "animation-speed"));
  gtk_window_set_title (GTK_WINDOW (window), title);
  gtk_window_present (GTK_WINDOW (window));
}

static void
statistics (GtkWidget *widget, const char *action, GVariant *param)
{
  FeltWindow *self = FELT_WINDOW (widget);
  FeltSession *session = felt_play_get_session (self->play);
  GtkWidget *dialog = felt_stats_dialog_new (GTK_WINDOW (self), felt_play_get_stats (self->play),
                                             session ? felt_state_get_game_id (felt_session_get_state (session))
                                                     : 0);

  g_signal_connect_object (dialog, "reset", G_CALLBACK (felt_play_reset_stats), self->play, G_CONNECT_SWAPPED);
  felt_stats_dialog_set_history (FELT_STATS_DIALOG (dialog), felt_play_get_history (self->play));
  g_signal_connect_object (dialog, "play-deal", G_CALLBACK (play_deal_again), self, G_CONNECT_SWAPPED);
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

FeltPlay *
felt_window_get_play (FeltWindow *self)
{
  g_return_val_if_fail (FELT_IS_WINDOW (self), NULL);
  return self->play;
}

const char *
felt_window_get_notice (FeltWindow *self)
{
  g_return_val_if_fail (FELT_IS_WINDOW (self), NULL);
  if (!gtk_revealer_get_reveal_child (self->notice_revealer))
    return NULL;
  return felt_play_get_notice (self->play);
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

/* The solver searches only while the window can be seen: not hidden,
 * not minimised. */
static void
update_active (FeltWindow *self)
{
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (self));
  gboolean minimised = surface && GDK_IS_TOPLEVEL (surface) &&
                       (gdk_toplevel_get_state (GDK_TOPLEVEL (surface)) & GDK_TOPLEVEL_STATE_MINIMIZED);

  g_object_set (self->play, "active", gtk_widget_get_visible (GTK_WIDGET (self)) && !minimised, NULL);
}

static void
felt_window_realize (GtkWidget *widget)
{
  FeltWindow *self = FELT_WINDOW (widget);

  GTK_WIDGET_CLASS (felt_window_parent_class)->realize (widget);
  g_signal_connect_object (gtk_native_get_surface (GTK_NATIVE (self)), "notify::state",
                           G_CALLBACK (update_active), self, G_CONNECT_SWAPPED);
  update_active (self);
}

static gboolean
after_first_frame (gpointer data)
{
  FeltWindow *self = FELT_WINDOW (data);

  self->after_first_frame_id = 0;
  g_object_set (self->play, "on-screen", TRUE, NULL);
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
felt_window_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  FeltWindow *self = FELT_WINDOW (object);

  switch (prop_id)
    {
    case PROP_PLAY:
      g_value_set_object (value, self->play);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
felt_window_dispose (GObject *object)
{
  FeltWindow *self = FELT_WINDOW (object);

  g_clear_handle_id (&self->after_first_frame_id, g_source_remove);
  close_end_dialog (self);
  if (self->help_window)
    gtk_window_destroy (GTK_WINDOW (self->help_window));
  g_clear_weak_pointer (&self->help_window);
  if (self->play)
    g_signal_handlers_disconnect_by_data (self->play, self);
  gtk_widget_dispose_template (GTK_WIDGET (self), FELT_TYPE_WINDOW);
  /* The last reference: the game in play saves itself (and its time). */
  g_clear_object (&self->play);
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

  object_class->get_property = felt_window_get_property;
  object_class->dispose = felt_window_dispose;
  widget_class->snapshot = felt_window_snapshot;
  widget_class->realize = felt_window_realize;
  window_class->close_request = felt_window_close_request;

  /* The game in play, for the template's bindings. */
  properties[PROP_PLAY] = g_param_spec_object ("play", NULL, NULL, FELT_TYPE_PLAY,
                                               G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (FELT_TYPE_BOARD);
  g_type_ensure (FELT_TYPE_PLAY);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/feltsolitaire/Felt/ui/felt-window.ui");
  gtk_widget_class_bind_template_child (widget_class, FeltWindow, board);
  gtk_widget_class_bind_template_child (widget_class, FeltWindow, title_label);
  gtk_widget_class_bind_template_child (widget_class, FeltWindow, subtitle_label);
  gtk_widget_class_bind_template_child (widget_class, FeltWindow, solver_label);
  gtk_widget_class_bind_template_child (widget_class, FeltWindow, message_label);
  gtk_widget_class_bind_template_child (widget_class, FeltWindow, time_label);
  gtk_widget_class_bind_template_child (widget_class, FeltWindow, notice_revealer);
  gtk_widget_class_bind_template_child (widget_class, FeltWindow, undo_button);
  gtk_widget_class_bind_template_child (widget_class, FeltWindow, solution_revealer);
  gtk_widget_class_bind_template_child (widget_class, FeltWindow, solution_label);
  gtk_widget_class_bind_template_child (widget_class, FeltWindow, solution_play_button);
  gtk_widget_class_bind_template_child (widget_class, FeltWindow, solution_play_image);
  gtk_widget_class_bind_template_child (widget_class, FeltWindow, learn_section);
  gtk_widget_class_bind_template_child (widget_class, FeltWindow, status_bar);
  /* For gtk_widget_get_template_child in felt_window_init. */
  gtk_widget_class_bind_template_child_full (widget_class, "new_game_button", FALSE, 0);
  gtk_widget_class_bind_template_child_full (widget_class, "hint_button", FALSE, 0);
  gtk_widget_class_bind_template_child_full (widget_class, "solution_take_over_button", FALSE, 0);
  gtk_widget_class_bind_template_child_full (widget_class, "solution_leave_button", FALSE, 0);
  gtk_widget_class_bind_template_child_full (widget_class, "menu_button", FALSE, 0);
  gtk_widget_class_bind_template_callback (widget_class, has_text);
  gtk_widget_class_bind_template_callback (widget_class, notice_closed);

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
  gtk_widget_class_install_action (widget_class, "win.replay", NULL, replay);
  gtk_widget_class_install_action (widget_class, "win.show-solution", NULL, show_solution);
  gtk_widget_class_install_action (widget_class, "win.solution-back", NULL, solution_action);
  gtk_widget_class_install_action (widget_class, "win.solution-forward", NULL, solution_action);
  gtk_widget_class_install_action (widget_class, "win.solution-play", NULL, solution_action);
  gtk_widget_class_install_action (widget_class, "win.solution-take-over", NULL, solution_action);
  gtk_widget_class_install_action (widget_class, "win.solution-leave", NULL, solution_action);
}

/* The settings the board and the game in play follow as they change. */
static void
bind_settings (FeltWindow *self)
{
  static const struct {
    const char *key;
    gboolean board;   /* else the game in play */
    const char *property;
  } bound[] = {
    { "animation-speed", TRUE, "animation-speed" },
    { "click-to-move", TRUE, "click-to-move" },
    { "animation-speed", FALSE, "animation-speed" },
    { "auto-foundations", FALSE, "auto-foundations" },
    { "show-winnable", FALSE, "show-winnable" },
    { "new-deal", FALSE, "new-deal" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (bound); i++)
    g_settings_bind (self->settings, bound[i].key, bound[i].board ? (gpointer) self->board : (gpointer) self->play,
                     bound[i].property, G_SETTINGS_BIND_GET);
  /* The clock counts even when it is not shown. */
  g_settings_bind (self->settings, "show-clock", self->time_label, "visible", G_SETTINGS_BIND_GET);
  g_signal_connect_object (self->settings, "changed::card-deck", G_CALLBACK (load_theme), self, G_CONNECT_SWAPPED);
}

static void
felt_window_init (FeltWindow *self)
{
  /* Saving and the solver wait for the first frame (after_first_frame). */
  self->play = g_object_new (FELT_TYPE_PLAY, "on-screen", FALSE, NULL);
  gtk_widget_init_template (GTK_WIDGET (self));
  /* GTK 4.8 names a button with a mnemonic label by its label property,
   * underscore included, and then by the label child the mnemonic points
   * at: "_New Game New Game".  Without the property, the child names it. */
  {
    static const char *const mnemonic_buttons[] = {
      "new_game_button", "hint_button", "solution_take_over_button", "solution_leave_button",
    };

    for (guint i = 0; i < G_N_ELEMENTS (mnemonic_buttons); i++)
      gtk_accessible_reset_property (GTK_ACCESSIBLE (gtk_widget_get_template_child (GTK_WIDGET (self),
                                                                                    FELT_TYPE_WINDOW,
                                                                                    mnemonic_buttons[i])),
                                     GTK_ACCESSIBLE_PROPERTY_LABEL);
  }
  /* The main menu's popover would be named by its class ("GtkPopoverMenu"). */
  gtk_accessible_update_property (GTK_ACCESSIBLE (gtk_menu_button_get_popover (GTK_MENU_BUTTON (
                                    gtk_widget_get_template_child (GTK_WIDGET (self), FELT_TYPE_WINDOW, "menu_button")))),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Main Menu"), -1);
  felt_board_set_play (self->board, self->play);

  self->settings = g_settings_new (APP_ID);
  felt_animation_carry_over (self->settings);
  bind_settings (self);
  load_theme (self);

  g_signal_connect_object (self->play, "notify::session", G_CALLBACK (session_replaced), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->play, "notify::difficulty", G_CALLBACK (update_title), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self, "notify::visible", G_CALLBACK (update_active), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->play, "notify::can-undo", G_CALLBACK (update_actions), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->play, "notify::can-redo", G_CALLBACK (update_actions), self, G_CONNECT_SWAPPED);
  /* Restart and the Undo button's text follow the moves made. */
  g_signal_connect_object (self->play, "notify::n-moves", G_CALLBACK (update_actions), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->play, "notify::moves-back", G_CALLBACK (update_actions), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->play, "notify::can-replay", G_CALLBACK (update_actions), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->play, "game-ended", G_CALLBACK (game_ended), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->play, "confirm-abandon", G_CALLBACK (confirm_abandon), self, G_CONNECT_SWAPPED);
  {
    FeltSolution *solution = felt_play_get_solution (self->play);

    g_signal_connect_object (solution, "notify::active", G_CALLBACK (solution_toggled), self, G_CONNECT_SWAPPED);
    g_signal_connect_object (solution, "notify::playing", G_CALLBACK (update_solution_bar), self,
                             G_CONNECT_SWAPPED);
    g_signal_connect_object (solution, "notify::label", G_CALLBACK (update_solution_item), self,
                             G_CONNECT_SWAPPED);
    g_signal_connect_object (solution, "step", G_CALLBACK (solution_step), self, G_CONNECT_SWAPPED);
  }
  update_actions (self);
  update_solution_bar (self);
  update_solution_item (self);
  add_solution_keys (self);
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
