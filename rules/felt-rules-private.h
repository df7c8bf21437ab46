/* felt-rules-private.h: what the engine shares with the game tables.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib/gi18n-lib.h>

#include "felt-rules.h"

G_BEGIN_DECLS

/* Remove the top n cards of a pile into out (bottom first). */
void felt_pile_take (FeltState *state, guint pile, guint n, FeltCard *out);
/* Put n cards on top of a pile, cards[0] lowest unless reversed. */
void felt_pile_put (FeltState *state, guint pile, const FeltCard *cards, guint n, gboolean reversed);

extern const FeltGame felt_game_hopscotch;
extern const FeltGame felt_game_cruel;
extern const FeltGame felt_game_straight_up;
extern const FeltGame felt_game_scuffle;
extern const FeltGame felt_game_backbone;

G_END_DECLS
