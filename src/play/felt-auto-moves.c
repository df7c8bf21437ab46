/* felt-auto-moves.c: the cards Felt sends home by itself.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "felt-auto-moves.h"

struct _FeltAutoMoves
{
  GObject parent_instance;

  FeltSession *session;       /* borrowed from the game in play */
  gboolean enabled;
  guint id;                   /* the move to come, 0: none */
  gboolean held;
  gboolean moving;            /* "move" is being emitted */
};

G_DEFINE_FINAL_TYPE (FeltAutoMoves, felt_auto_moves, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_ENABLED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  SIGNAL_MOVE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static gboolean
auto_move (gpointer data)
{
  FeltAutoMoves *self = FELT_AUTO_MOVES (data);
  FeltMove move;

  self->id = 0;
  if (self->session && felt_state_safe_move (felt_session_get_state (self->session), &move))
    {
      self->moving = TRUE;
      g_signal_emit (self, signals[SIGNAL_MOVE], 0, &move);
      self->moving = FALSE;
    }
  return G_SOURCE_REMOVE;
}

void
felt_auto_moves_schedule (FeltAutoMoves *self, guint delay_ms)
{
  FeltMove move;

  g_return_if_fail (FELT_IS_AUTO_MOVES (self));
  if (self->id || self->held || !self->enabled || self->session == NULL ||
      !felt_state_safe_move (felt_session_get_state (self->session), &move))
    return;
  self->id = g_timeout_add (delay_ms, auto_move, self);
}

void
felt_auto_moves_cancel (FeltAutoMoves *self)
{
  g_return_if_fail (FELT_IS_AUTO_MOVES (self));
  g_clear_handle_id (&self->id, g_source_remove);
}

gboolean
felt_auto_moves_get_pending (FeltAutoMoves *self)
{
  g_return_val_if_fail (FELT_IS_AUTO_MOVES (self), FALSE);
  return self->id != 0;
}

void
felt_auto_moves_hold (FeltAutoMoves *self, gboolean held)
{
  g_return_if_fail (FELT_IS_AUTO_MOVES (self));
  self->held = held;
}

gboolean
felt_auto_moves_get_moving (FeltAutoMoves *self)
{
  g_return_val_if_fail (FELT_IS_AUTO_MOVES (self), FALSE);
  return self->moving;
}

void
felt_auto_moves_set_session (FeltAutoMoves *self, FeltSession *session)
{
  g_return_if_fail (FELT_IS_AUTO_MOVES (self));
  self->session = session;
}

void
felt_auto_moves_set_enabled (FeltAutoMoves *self, gboolean enabled)
{
  g_return_if_fail (FELT_IS_AUTO_MOVES (self));
  enabled = !!enabled;
  if (self->enabled == enabled)
    return;
  self->enabled = enabled;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ENABLED]);
}

gboolean
felt_auto_moves_get_enabled (FeltAutoMoves *self)
{
  g_return_val_if_fail (FELT_IS_AUTO_MOVES (self), FALSE);
  return self->enabled;
}

static void
felt_auto_moves_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_ENABLED: g_value_set_boolean (value, FELT_AUTO_MOVES (object)->enabled); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
felt_auto_moves_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_ENABLED: felt_auto_moves_set_enabled (FELT_AUTO_MOVES (object), g_value_get_boolean (value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
felt_auto_moves_dispose (GObject *object)
{
  felt_auto_moves_cancel (FELT_AUTO_MOVES (object));
  G_OBJECT_CLASS (felt_auto_moves_parent_class)->dispose (object);
}

static void
felt_auto_moves_class_init (FeltAutoMovesClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = felt_auto_moves_get_property;
  object_class->set_property = felt_auto_moves_set_property;
  object_class->dispose = felt_auto_moves_dispose;

  properties[PROP_ENABLED] = g_param_spec_boolean ("enabled", NULL, NULL, FALSE,
                                                   G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
                                                   G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* A card can safely go home: the game in play plays the move (a const
   * FeltMove *). */
  signals[SIGNAL_MOVE] = g_signal_new ("move", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                       G_TYPE_NONE, 1, G_TYPE_POINTER);
}

static void
felt_auto_moves_init (FeltAutoMoves *self)
{
}

FeltAutoMoves *
felt_auto_moves_new (void)
{
  return g_object_new (FELT_TYPE_AUTO_MOVES, NULL);
}
