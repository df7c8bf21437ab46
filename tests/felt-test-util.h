/* felt-test-util.h: building positions for the rules tests.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "felt-format.h"
#include "felt-rules.h"

/* A position of `game_id` given as pairs of pile name and cards
 * (bottom first, separated by spaces), ending with NULL:
 *   felt_test_position (&st, "cruel", "tableau.0", "5H 3H", "foundation.1", "AH 2H", NULL);
 * Piles not named are empty.  Aborts the test on a bad name. */
void felt_test_position (FeltState *state, const char *game_id, ...) G_GNUC_NULL_TERMINATED;

/* The pile index of a name ("tableau.3") in the game of the state. */
guint felt_test_pile (const FeltState *state, const char *name);

/* A move from names: felt_test_move (&st, "tableau.0", 1, "foundation.1"). */
FeltMove felt_test_move (const FeltState *state, const char *from, guint count, const char *to);

/* The cards of a pile as "AH 2H" (bottom first; "" when empty); free it. */
char *felt_test_pile_cards (const FeltState *state, const char *name);

/* Is the move among felt_state_legal_moves()? */
gboolean felt_test_move_listed (const FeltState *state, const FeltMove *move);
