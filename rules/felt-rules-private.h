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

/* The tables of rules/<game>.c. */
#define FELT_GAME_EXTERN(suffix, id, table) extern const FeltGame table;
FELT_GAMES (FELT_GAME_EXTERN)
#undef FELT_GAME_EXTERN

G_END_DECLS
