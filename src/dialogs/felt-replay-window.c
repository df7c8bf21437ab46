/* felt-replay-window.c: a finished game replayed (felt-replay-window.h).
 *
 * The window's session is a copy of the game's moves: played from the
 * deal and taken back at once, so that Redo steps forward and Undo back.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "felt-replay-window.h"

#include <glib/gi18n.h>

#include "felt-board.h"
#include "felt-phrases.h"

/* A step while playing, at the normal speed (the demo's pace). */
#define STEP_MS 650

struct _FeltReplayWindow
{
  GtkWindow parent_instance;

  /* template children */
  FeltBoard *board;
  GtkWidget *back_button;
  GtkWidget *play_button;
  GtkWidget *forward_button;
  GtkLabel *status_label;

  guint length;
  FeltAnimationSpeed speed;
  guint play_id;
};

G_DEFINE_FINAL_TYPE (FeltReplayWindow, felt_replay_window, GTK_TYPE_WINDOW)

static FeltSession *
session (FeltReplayWindow *self)
{
  return felt_board_get_session (self->board);
}

guint
felt_replay_window_get_position (FeltReplayWindow *self)
{
  g_return_val_if_fail (FELT_IS_REPLAY_WINDOW (self), 0);
  return felt_session_get_n_moves (session (self));
}

guint
felt_replay_window_get_length (FeltReplayWindow *self)
{
  g_return_val_if_fail (FELT_IS_REPLAY_WINDOW (self), 0);
  return self->length;
}

/* "Move 3 of 87: the seven of hearts to tableau 2." */
static void
update (FeltReplayWindow *self, const char *what)
{
  guint at = felt_replay_window_get_position (self);
  g_autofree char *text = NULL;

  if (what)
    text = g_strdup_printf (_("Move %u of %u: %s"), at, self->length, what);
  else
    text = g_strdup_printf (ngettext ("The deal: %u move to replay", "The deal: %u moves to replay", self->length),
                            self->length);
  gtk_label_set_text (self->status_label, text);
  gtk_widget_set_sensitive (self->back_button, at > 0);
  gtk_widget_set_sensitive (self->forward_button, at < self->length);
  gtk_button_set_label (GTK_BUTTON (self->play_button), self->play_id ? _("Pause") : _("Play"));
}

static void
stop_playing (FeltReplayWindow *self)
{
  g_clear_handle_id (&self->play_id, g_source_remove);
}

static gboolean
forward (FeltReplayWindow *self)
{
  FeltSession *s = session (self);
  FeltState before;
  FeltMove move;
  g_autofree char *words = NULL;

  if (!felt_session_can_redo (s))
    return FALSE;
  before = *felt_session_get_state (s);
  move = felt_session_get_redo (s, 0);
  felt_session_redo (s);
  felt_board_show_change (self->board, &before);
  words = felt_phrase_move (&before, &move);
  update (self, words);
  return TRUE;
}

static void
step_forward (FeltReplayWindow *self)
{
  stop_playing (self);
  forward (self);
}

static void
step_back (FeltReplayWindow *self)
{
  FeltSession *s = session (self);
  FeltState before;
  guint n;

  stop_playing (self);
  if (!felt_session_can_undo (s))
    return;
  before = *felt_session_get_state (s);
  felt_session_undo (s);
  felt_board_show_change (self->board, &before);
  n = felt_session_get_n_moves (s);
  if (n == 0)
    update (self, NULL);
  else
    {
      /* what the move now last did, said again */
      FeltSession *copy = felt_session_new (felt_session_get_game (s), felt_session_get_seed (s));
      FeltMove last = felt_session_get_move (s, n - 1);
      g_autofree char *words = NULL;

      for (guint i = 0; i + 1 < n; i++)
        {
          FeltMove m = felt_session_get_move (s, i);
          felt_session_play_full (copy, &m, felt_session_get_move_automatic (s, i));
        }
      words = felt_phrase_move (felt_session_get_state (copy), &last);
      felt_session_free (copy);
      update (self, words);
    }
}

static gboolean
play_step (gpointer data)
{
  FeltReplayWindow *self = data;

  if (forward (self))
    return G_SOURCE_CONTINUE;
  /* at the end: the last move's words stay */
  self->play_id = 0;
  gtk_button_set_label (GTK_BUTTON (self->play_button), _("Play"));
  return G_SOURCE_REMOVE;
}

static void
toggle_play (FeltReplayWindow *self)
{
  if (self->play_id)
    stop_playing (self);
  else
    {
      FeltAnimationSpeed pace = self->speed == FELT_ANIMATION_OFF ? FELT_ANIMATION_NORMAL : self->speed;

      /* from the deal again once at the end */
      if (!felt_session_can_redo (session (self)))
        {
          FeltState before = *felt_session_get_state (session (self));

          while (felt_session_undo (session (self)))
            ;
          felt_board_show_change (self->board, &before);
        }
      self->play_id = g_timeout_add (felt_animation_ms (pace, STEP_MS), play_step, self);
    }
  gtk_button_set_label (GTK_BUTTON (self->play_button), self->play_id ? _("Pause") : _("Play"));
}

GtkWidget *
felt_replay_window_new (GtkWindow *parent, const FeltSession *game, FeltCardTheme *theme, FeltAnimationSpeed speed)
{
  FeltReplayWindow *self = g_object_new (FELT_TYPE_REPLAY_WINDOW, "transient-for", parent, NULL);
  FeltSession *s = felt_session_new (felt_session_get_game (game), felt_session_get_seed (game));

  self->length = felt_session_get_n_moves (game);
  for (guint i = 0; i < self->length; i++)
    {
      FeltMove m = felt_session_get_move (game, i);
      felt_session_play_full (s, &m, felt_session_get_move_automatic (game, i));
    }
  while (felt_session_undo (s))
    ;
  self->speed = speed;
  felt_board_set_animation_speed (self->board, speed);
  if (theme)
    felt_board_set_theme (self->board, theme);
  else
    {
      g_autoptr (FeltCardTheme) own = felt_card_theme_new_default ();
      felt_board_set_theme (self->board, own);
    }
  felt_board_set_session (self->board, s);
  update (self, NULL);
  return GTK_WIDGET (self);
}

static gboolean
key_step (GtkWidget *widget, GVariant *args, gpointer data)
{
  FeltReplayWindow *self = FELT_REPLAY_WINDOW (widget);
  const char *which = g_variant_get_string (args, NULL);

  if (g_str_equal (which, "back"))
    step_back (self);
  else if (g_str_equal (which, "forward"))
    step_forward (self);
  else
    toggle_play (self);
  return TRUE;
}

static void
felt_replay_window_dispose (GObject *object)
{
  FeltReplayWindow *self = FELT_REPLAY_WINDOW (object);

  stop_playing (self);
  gtk_widget_dispose_template (GTK_WIDGET (self), FELT_TYPE_REPLAY_WINDOW);
  G_OBJECT_CLASS (felt_replay_window_parent_class)->dispose (object);
}

static void
felt_replay_window_class_init (FeltReplayWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = felt_replay_window_dispose;

  g_type_ensure (FELT_TYPE_BOARD);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/feltsolitaire/Felt/ui/felt-replay-window.ui");
  gtk_widget_class_bind_template_child (widget_class, FeltReplayWindow, board);
  gtk_widget_class_bind_template_child (widget_class, FeltReplayWindow, back_button);
  gtk_widget_class_bind_template_child (widget_class, FeltReplayWindow, play_button);
  gtk_widget_class_bind_template_child (widget_class, FeltReplayWindow, forward_button);
  gtk_widget_class_bind_template_child (widget_class, FeltReplayWindow, status_label);
  gtk_widget_class_bind_template_callback (widget_class, step_back);
  gtk_widget_class_bind_template_callback (widget_class, step_forward);
  gtk_widget_class_bind_template_callback (widget_class, toggle_play);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
felt_replay_window_init (FeltReplayWindow *self)
{
  static const struct { guint key; const char *step; } keys[] = {
    { GDK_KEY_Left, "back" }, { GDK_KEY_Right, "forward" }, { GDK_KEY_space, "play" },
  };
  GtkEventController *controller = gtk_shortcut_controller_new ();

  gtk_widget_init_template (GTK_WIDGET (self));
  /* Before the widget with the focus: the board would take the arrows to
   * move among its piles, and the focused button Space. */
  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_CAPTURE);
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      GtkShortcut *shortcut = gtk_shortcut_new (gtk_keyval_trigger_new (keys[i].key, 0),
                                                gtk_callback_action_new (key_step, NULL, NULL));

      gtk_shortcut_set_arguments (shortcut, g_variant_new_string (keys[i].step));
      gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller), shortcut);
    }
  gtk_widget_add_controller (GTK_WIDGET (self), controller);
}
