/* felt-session.h: one game being played: its deal, its position and its
 * unlimited undo and redo history.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "felt-rules.h"

G_BEGIN_DECLS

typedef struct _FeltSession FeltSession;

FeltSession *felt_session_new (const FeltGame *game, guint32 seed);
void felt_session_free (FeltSession *session);
/* The same game, position and undo and redo history, to change apart. */
FeltSession *felt_session_copy (const FeltSession *session);

const FeltGame *felt_session_get_game (const FeltSession *session);
guint32 felt_session_get_seed (const FeltSession *session);
const FeltState *felt_session_get_state (const FeltSession *session);

/* Checks the move (or stock action) and plays it; the redo list is
 * dropped.  Returns FELT_LEGAL or why it was refused (nothing changes). */
FeltIllegal felt_session_play (FeltSession *session, const FeltMove *move);
/* The same; an automatic move (a card the program sent home by itself)
 * belongs to the turn of the move before it. */
FeltIllegal felt_session_play_full (FeltSession *session, const FeltMove *move, gboolean automatic);
/* One move each; a player's Undo and Redo take a turn: the moves
 * felt_session_get_turn_undo / _redo count. */
gboolean felt_session_undo (FeltSession *session);
gboolean felt_session_redo (FeltSession *session);
gboolean felt_session_can_undo (const FeltSession *session);
gboolean felt_session_can_redo (const FeltSession *session);
/* How many moves the last turn holds (its move and the automatic ones
 * after it), and the next turn to redo; 0 when there is none. */
guint felt_session_get_turn_undo (const FeltSession *session);
guint felt_session_get_turn_redo (const FeltSession *session);
/* Back to the deal, keeping nothing to redo. */
void felt_session_restart (FeltSession *session);

/* Moves made (what undo would take back), oldest first. */
guint felt_session_get_n_moves (const FeltSession *session);
FeltMove felt_session_get_move (const FeltSession *session, guint i);
gboolean felt_session_get_move_automatic (const FeltSession *session, guint i);
/* Moves redo would play, the next one first. */
guint felt_session_get_n_redo (const FeltSession *session);
FeltMove felt_session_get_redo (const FeltSession *session, guint i);
gboolean felt_session_get_redo_automatic (const FeltSession *session, guint i);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FeltSession, felt_session_free)

G_END_DECLS
