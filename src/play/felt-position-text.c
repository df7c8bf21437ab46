/* felt-position-text.c: the position's texts and figures.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "felt-position-text.h"

#include <glib/gi18n.h>

struct _FeltPositionText
{
  GObject parent_instance;

  gboolean can_undo, can_redo, won, over;
  guint n_moves, score;
  char *status_text, *score_text, *message;
};

G_DEFINE_FINAL_TYPE (FeltPositionText, felt_position_text, G_TYPE_OBJECT)

typedef enum {
  PROP_0,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_N_MOVES,
  PROP_SCORE,
  PROP_SCORE_TEXT,
  PROP_STATUS_TEXT,
  PROP_WON,
  PROP_OVER,
  PROP_MESSAGE,
  N_PROPS
} FeltPositionTextProperty;

static GParamSpec *properties[N_PROPS];

static void
set_bool (FeltPositionText *self, gboolean *field, gboolean value, FeltPositionTextProperty prop)
{
  value = !!value;
  if (*field == value)
    return;
  *field = value;
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

static void
set_uint (FeltPositionText *self, guint *field, guint value, FeltPositionTextProperty prop)
{
  if (*field == value)
    return;
  *field = value;
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

static void
set_text (FeltPositionText *self, char **field, const char *value, FeltPositionTextProperty prop)
{
  if (g_strcmp0 (*field, value) == 0)
    return;
  g_free (*field);
  *field = g_strdup (value);
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

/* "Stock: 20 cards   Reserve: 3 cards   1 redeal left   40 cards left",
 * each part the game has. */
static char *
status_text (const FeltState *st)
{
  GString *status = g_string_new (NULL);
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
      /* "0 redeals left" reads like a count; the spoken status says
       * it in words, and so does the line. */
      if (figures.redeals_left == 0)
        g_string_append (status, _("No redeal left"));
      else
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
  return g_string_free (status, FALSE);
}

void
felt_position_text_update (FeltPositionText *self, FeltSession *session, gboolean can_undo, gboolean can_redo)
{
  const FeltState *st;
  g_autofree char *status = NULL;
  g_autofree char *score = NULL;

  g_return_if_fail (FELT_IS_POSITION_TEXT (self));
  g_return_if_fail (session != NULL);
  st = felt_session_get_state (session);
  status = status_text (st);
  set_text (self, &self->status_text, status, PROP_STATUS_TEXT);

  score = g_strdup_printf (_("Score: %u of %u"), felt_state_score (st),
                           felt_game_max_score (felt_session_get_game (session)));
  set_uint (self, &self->score, felt_state_score (st), PROP_SCORE);
  set_text (self, &self->score_text, score, PROP_SCORE_TEXT);
  set_bool (self, &self->can_undo, can_undo, PROP_CAN_UNDO);
  set_bool (self, &self->can_redo, can_redo, PROP_CAN_REDO);
  set_uint (self, &self->n_moves, felt_session_get_n_moves (session), PROP_N_MOVES);
  set_bool (self, &self->won, felt_state_is_won (st), PROP_WON);
  set_bool (self, &self->over, felt_state_is_over (st), PROP_OVER);
}

const char *
felt_position_text_get_status_text (FeltPositionText *self)
{
  g_return_val_if_fail (FELT_IS_POSITION_TEXT (self), NULL);
  return self->status_text;
}

const char *
felt_position_text_get_score_text (FeltPositionText *self)
{
  g_return_val_if_fail (FELT_IS_POSITION_TEXT (self), NULL);
  return self->score_text;
}

guint
felt_position_text_get_score (FeltPositionText *self)
{
  g_return_val_if_fail (FELT_IS_POSITION_TEXT (self), 0);
  return self->score;
}

guint
felt_position_text_get_n_moves (FeltPositionText *self)
{
  g_return_val_if_fail (FELT_IS_POSITION_TEXT (self), 0);
  return self->n_moves;
}

gboolean
felt_position_text_get_can_undo (FeltPositionText *self)
{
  g_return_val_if_fail (FELT_IS_POSITION_TEXT (self), FALSE);
  return self->can_undo;
}

gboolean
felt_position_text_get_can_redo (FeltPositionText *self)
{
  g_return_val_if_fail (FELT_IS_POSITION_TEXT (self), FALSE);
  return self->can_redo;
}

gboolean
felt_position_text_get_won (FeltPositionText *self)
{
  g_return_val_if_fail (FELT_IS_POSITION_TEXT (self), FALSE);
  return self->won;
}

gboolean
felt_position_text_get_over (FeltPositionText *self)
{
  g_return_val_if_fail (FELT_IS_POSITION_TEXT (self), FALSE);
  return self->over;
}

void
felt_position_text_set_message (FeltPositionText *self, const char *message)
{
  g_return_if_fail (FELT_IS_POSITION_TEXT (self));
  set_text (self, &self->message, message, PROP_MESSAGE);
}

const char *
felt_position_text_get_message (FeltPositionText *self)
{
  g_return_val_if_fail (FELT_IS_POSITION_TEXT (self), NULL);
  return self->message;
}

static void
felt_position_text_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  FeltPositionText *self = FELT_POSITION_TEXT (object);

  switch (prop_id)
    {
    case PROP_CAN_UNDO: g_value_set_boolean (value, self->can_undo); break;
    case PROP_CAN_REDO: g_value_set_boolean (value, self->can_redo); break;
    case PROP_N_MOVES: g_value_set_uint (value, self->n_moves); break;
    case PROP_SCORE: g_value_set_uint (value, self->score); break;
    case PROP_SCORE_TEXT: g_value_set_string (value, self->score_text); break;
    case PROP_STATUS_TEXT: g_value_set_string (value, self->status_text); break;
    case PROP_WON: g_value_set_boolean (value, self->won); break;
    case PROP_OVER: g_value_set_boolean (value, self->over); break;
    case PROP_MESSAGE: g_value_set_string (value, self->message); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
felt_position_text_finalize (GObject *object)
{
  FeltPositionText *self = FELT_POSITION_TEXT (object);

  g_free (self->status_text);
  g_free (self->score_text);
  g_free (self->message);
  G_OBJECT_CLASS (felt_position_text_parent_class)->finalize (object);
}

static void
felt_position_text_class_init (FeltPositionTextClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY;

  object_class->get_property = felt_position_text_get_property;
  object_class->finalize = felt_position_text_finalize;

  properties[PROP_CAN_UNDO] = g_param_spec_boolean ("can-undo", NULL, NULL, FALSE, flags);
  properties[PROP_CAN_REDO] = g_param_spec_boolean ("can-redo", NULL, NULL, FALSE, flags);
  properties[PROP_N_MOVES] = g_param_spec_uint ("n-moves", NULL, NULL, 0, G_MAXUINT, 0, flags);
  properties[PROP_SCORE] = g_param_spec_uint ("score", NULL, NULL, 0, G_MAXUINT, 0, flags);
  properties[PROP_SCORE_TEXT] = g_param_spec_string ("score-text", NULL, NULL, "", flags);     /* "Score: 3 of 52" */
  /* "Stock: 20 cards   1 redeal left" */
  properties[PROP_STATUS_TEXT] = g_param_spec_string ("status-text", NULL, NULL, "", flags);
  properties[PROP_WON] = g_param_spec_boolean ("won", NULL, NULL, FALSE, flags);
  properties[PROP_OVER] = g_param_spec_boolean ("over", NULL, NULL, FALSE, flags);
  properties[PROP_MESSAGE] = g_param_spec_string ("message", NULL, NULL, "", flags);  /* hints, the demo, the end */
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
felt_position_text_init (FeltPositionText *self)
{
  self->status_text = g_strdup ("");
  self->score_text = g_strdup ("");
  self->message = g_strdup ("");
}

FeltPositionText *
felt_position_text_new (void)
{
  return g_object_new (FELT_TYPE_POSITION_TEXT, NULL);
}
