/* felt-auto-moves.h: the cards Felt sends to the foundations by itself
 * (the "auto-foundations" preference), one at a time after a pause
 * (no widgets).  It hands each move to the game in play ("move"),
 * which plays it.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "felt-session.h"

G_BEGIN_DECLS

#define FELT_TYPE_AUTO_MOVES (felt_auto_moves_get_type ())
G_DECLARE_FINAL_TYPE (FeltAutoMoves, felt_auto_moves, FELT, AUTO_MOVES, GObject)

FeltAutoMoves *felt_auto_moves_new (void);

/* The deal in play (borrowed until the next call), or NULL. */
void felt_auto_moves_set_session (FeltAutoMoves *self, FeltSession *session);
/* The player's preference: automatic moves at all. */
void felt_auto_moves_set_enabled (FeltAutoMoves *self, gboolean enabled);
gboolean felt_auto_moves_get_enabled (FeltAutoMoves *self);

/* After a change of the position: when a card can safely go home, "move"
 * comes with it (a const FeltMove *) after `delay_ms`, unless one is
 * pending already, the moves are held or not enabled. */
void felt_auto_moves_schedule (FeltAutoMoves *self, guint delay_ms);
void felt_auto_moves_cancel (FeltAutoMoves *self);
gboolean felt_auto_moves_get_pending (FeltAutoMoves *self);
/* Held while a change must not be followed by a move: an automatic move
 * right after Undo would take the Undo back. */
void felt_auto_moves_hold (FeltAutoMoves *self, gboolean held);
/* TRUE while "move" is emitted: the move under way is an automatic one. */
gboolean felt_auto_moves_get_moving (FeltAutoMoves *self);

G_END_DECLS
