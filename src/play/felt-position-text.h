/* felt-position-text.h: what the position in play shows in words and
 * figures: the status line ("Stock: 20 cards   1 redeal left"), the
 * score, the moves, whether Undo and Redo can act, won or over, and the
 * message line (hints, the demo, the end) (no widgets).
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "felt-session.h"

G_BEGIN_DECLS

#define FELT_TYPE_POSITION_TEXT (felt_position_text_get_type ())
G_DECLARE_FINAL_TYPE (FeltPositionText, felt_position_text, FELT, POSITION_TEXT, GObject)

FeltPositionText *felt_position_text_new (void);

/* Follows the position of `session`; Undo and Redo may also act across
 * deals, which the game in play knows: it says so in `can_undo` and
 * `can_redo`.  Notifies only what changed. */
void felt_position_text_update (FeltPositionText *self, FeltSession *session, gboolean can_undo,
                                gboolean can_redo);

const char *felt_position_text_get_status_text (FeltPositionText *self);
const char *felt_position_text_get_score_text (FeltPositionText *self);
guint felt_position_text_get_score (FeltPositionText *self);
guint felt_position_text_get_n_moves (FeltPositionText *self);
gboolean felt_position_text_get_can_undo (FeltPositionText *self);
gboolean felt_position_text_get_can_redo (FeltPositionText *self);
gboolean felt_position_text_get_won (FeltPositionText *self);
gboolean felt_position_text_get_over (FeltPositionText *self);
/* The message line: the game in play says what it says. */
void felt_position_text_set_message (FeltPositionText *self, const char *message);
const char *felt_position_text_get_message (FeltPositionText *self);

G_END_DECLS
