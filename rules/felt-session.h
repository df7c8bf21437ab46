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

const FeltGame *felt_session_get_game (const FeltSession *session);
guint32 felt_session_get_seed (const FeltSession *session);
const FeltState *felt_session_get_state (const FeltSession *session);

/* Checks the move (or stock action) and plays it; the redo list is
 * dropped.  Returns FELT_LEGAL or why it was refused (nothing changes). */
FeltIllegal felt_session_play (FeltSession *session, const FeltMove *move);
gboolean felt_session_undo (FeltSession *session);
gboolean felt_session_redo (FeltSession *session);
gboolean felt_session_can_undo (const FeltSession *session);
gboolean felt_session_can_redo (const FeltSession *session);
/* Back to the deal, keeping nothing to redo. */
void felt_session_restart (FeltSession *session);

/* Moves made (what undo would take back), oldest first. */
guint felt_session_get_n_moves (const FeltSession *session);
FeltMove felt_session_get_move (const FeltSession *session, guint i);
/* Moves redo would play, the next one first. */
guint felt_session_get_n_redo (const FeltSession *session);
FeltMove felt_session_get_redo (const FeltSession *session, guint i);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FeltSession, felt_session_free)

G_END_DECLS
