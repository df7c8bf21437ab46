/* felt-session.c: a game in play with its undo and redo history.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "felt-session.h"

struct _FeltSession
{
  const FeltGame *game;
  guint32 seed;
  FeltState deal;     /* the position as dealt, for restart */
  FeltState state;    /* the position now */
  GArray *undo;       /* FeltUndo, oldest first */
  GArray *redo;       /* FeltMove, the next one to redo last */
};

FeltSession *
felt_session_new (const FeltGame *game, guint32 seed)
{
  FeltSession *self = g_new0 (FeltSession, 1);

  self->game = game;
  self->seed = seed;
  felt_state_deal (&self->deal, game, seed);
  self->state = self->deal;
  self->undo = g_array_new (FALSE, FALSE, sizeof (FeltUndo));
  self->redo = g_array_new (FALSE, FALSE, sizeof (FeltMove));
  return self;
}

void
felt_session_free (FeltSession *self)
{
  if (self == NULL)
    return;
  g_array_unref (self->undo);
  g_array_unref (self->redo);
  g_free (self);
}

const FeltGame *
felt_session_get_game (const FeltSession *self)
{
  return self->game;
}

guint32
felt_session_get_seed (const FeltSession *self)
{
  return self->seed;
}

const FeltState *
felt_session_get_state (const FeltSession *self)
{
  return &self->state;
}

static void
push (FeltSession *self, const FeltMove *move)
{
  FeltUndo undo;

  felt_state_apply (&self->state, move, &undo);
  g_array_append_val (self->undo, undo);
}

FeltIllegal
felt_session_play (FeltSession *self, const FeltMove *move)
{
  FeltIllegal why = felt_state_check_move (&self->state, move);

  if (why != FELT_LEGAL)
    return why;
  push (self, move);
  g_array_set_size (self->redo, 0);
  return FELT_LEGAL;
}

gboolean
felt_session_can_undo (const FeltSession *self)
{
  return self->undo->len > 0;
}

gboolean
felt_session_can_redo (const FeltSession *self)
{
  return self->redo->len > 0;
}

gboolean
felt_session_undo (FeltSession *self)
{
  FeltUndo *undo;

  if (self->undo->len == 0)
    return FALSE;
  undo = &g_array_index (self->undo, FeltUndo, self->undo->len - 1);
  felt_state_undo (&self->state, undo);
  g_array_append_val (self->redo, undo->move);
  g_array_set_size (self->undo, self->undo->len - 1);
  return TRUE;
}

gboolean
felt_session_redo (FeltSession *self)
{
  FeltMove move;

  if (self->redo->len == 0)
    return FALSE;
  move = g_array_index (self->redo, FeltMove, self->redo->len - 1);
  g_array_set_size (self->redo, self->redo->len - 1);
  push (self, &move);
  return TRUE;
}

void
felt_session_restart (FeltSession *self)
{
  self->state = self->deal;
  g_array_set_size (self->undo, 0);
  g_array_set_size (self->redo, 0);
}

guint
felt_session_get_n_moves (const FeltSession *self)
{
  return self->undo->len;
}

FeltMove
felt_session_get_move (const FeltSession *self, guint i)
{
  g_return_val_if_fail (i < self->undo->len, ((FeltMove) { 0, 0, 0, 0 }));
  return g_array_index (self->undo, FeltUndo, i).move;
}

guint
felt_session_get_n_redo (const FeltSession *self)
{
  return self->redo->len;
}

FeltMove
felt_session_get_redo (const FeltSession *self, guint i)
{
  g_return_val_if_fail (i < self->redo->len, ((FeltMove) { 0, 0, 0, 0 }));
  return g_array_index (self->redo, FeltMove, self->redo->len - 1 - i);
}
