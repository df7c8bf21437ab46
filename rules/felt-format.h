/* felt-format.h: names of piles and moves, and the textual forms of a
 * state (JSON and plain text) shared by felt-cli and the tests.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "felt-rules.h"

G_BEGIN_DECLS

/* A deal number: digits only, 0 to 4294967295. */
gboolean felt_seed_parse (const char *text, guint32 *seed);

/* "tableau.3", "stock"; buf holds at least 16 bytes. */
const char *felt_pile_name (const FeltGame *game, guint pile, char buf[16]);
/* The pile index for a name, or -1. */
int felt_pile_parse (const FeltGame *game, const char *name);

/* {"from":"tableau.3","count":1,"to":"foundation.0"} or {"stock":true} */
char *felt_move_to_json (const FeltGame *game, const FeltMove *move);
/* A JSON array of moves. */
char *felt_moves_to_json (const FeltGame *game, const FeltMove *moves, guint n);
/* The whole state as one line of JSON, as doc/felt-cli.md says. */
char *felt_state_to_json (const FeltState *state, guint32 seed, guint n_moves);
/* The layout drawn for a person, several lines. */
char *felt_state_to_text (const FeltState *state, guint32 seed);

G_END_DECLS
