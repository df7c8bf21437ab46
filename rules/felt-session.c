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
  GArray *undo;       /* Step, oldest first */
  GArray *redo;       /* Redo, the next one to redo last */
};

/* A move made, and whether it went by itself after the move before
 * (an automatic move to a foundation): undo and redo take a move and the
 * automatic ones after it as one turn, as the player made them. */
typedef struct {
  FeltUndo undo;
  gboolean automatic;
} Step;

typedef struct {
  FeltMove move;
  gboolean automatic;
} Redo;

FeltSession *
felt_session_new (const FeltGame *game, guint32 seed)
{
  FeltSession *self = g_new0 (FeltSession, 1);

  self->game = game;
  self->seed = seed;
  felt_state_deal (&self->deal, game, seed);
  self->state = self->deal;
  self->undo = g_array_new (FALSE, FALSE, sizeof (Step));
  self->redo = g_array_new (FALSE, FALSE, sizeof (Redo));
  return self;
}

FeltSession *
felt_session_copy (const FeltSession *self)
{
  FeltSession *copy = g_memdup2 (self, sizeof *self);

  copy->undo = g_array_copy (self->undo);
  copy->redo = g_array_copy (self->redo);
  return copy;
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
push (FeltSession *self, const FeltMove *move, gboolean automatic)
{
  Step step = { .automatic = automatic };

  felt_state_apply (&self->state, move, &step.undo);
  g_array_append_val (self->undo, step);
}

FeltIllegal
felt_session_play_full (FeltSession *self, const FeltMove *move, gboolean automatic)
{
  FeltIllegal why = felt_state_check_move (&self->state, move);

  if (why != FELT_LEGAL)
    return why;
  push (self, move, automatic);
  g_array_set_size (self->redo, 0);
  return FELT_LEGAL;
}

FeltIllegal
felt_session_play (FeltSession *self, const FeltMove *move)
{
  return felt_session_play_full (self, move, FALSE);
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
  Step *step;
  Redo redo;

  if (self->undo->len == 0)
    return FALSE;
  step = &g_array_index (self->undo, Step, self->undo->len - 1);
  felt_state_undo (&self->state, &step->undo);
  redo = (Redo) { step->undo.move, step->automatic };
  g_array_append_val (self->redo, redo);
  g_array_set_size (self->undo, self->undo->len - 1);
  return TRUE;
}

gboolean
felt_session_redo (FeltSession *self)
{
  Redo redo;

  if (self->redo->len == 0)
    return FALSE;
  redo = g_array_index (self->redo, Redo, self->redo->len - 1);
  g_array_set_size (self->redo, self->redo->len - 1);
  push (self, &redo.move, redo.automatic);
  return TRUE;
}

guint
felt_session_get_turn_undo (const FeltSession *self)
{
  guint n = 0;

  /* The automatic moves at the end, and the move they followed. */
  while (n < self->undo->len && g_array_index (self->undo, Step, self->undo->len - 1 - n).automatic)
    n++;
  return MIN (n + 1, self->undo->len);
}

guint
felt_session_get_turn_redo (const FeltSession *self)
{
  guint n = MIN (self->redo->len, 1u);

  while (n < self->redo->len && g_array_index (self->redo, Redo, self->redo->len - 1 - n).automatic)
    n++;
  return n;
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
  return g_array_index (self->undo, Step, i).undo.move;
}

gboolean
felt_session_get_move_automatic (const FeltSession *self, guint i)
{
  g_return_val_if_fail (i < self->undo->len, FALSE);
  return g_array_index (self->undo, Step, i).automatic;
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
  return g_array_index (self->redo, Redo, self->redo->len - 1 - i).move;
}

gboolean
felt_session_get_redo_automatic (const FeltSession *self, guint i)
{
  g_return_val_if_fail (i < self->redo->len, FALSE);
  return g_array_index (self->redo, Redo, self->redo->len - 1 - i).automatic;
}
