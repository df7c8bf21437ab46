/* test-solver.h: what the solver's tests (test-solver.c) take from
 * test-solver-positions.c: helpers, positions built card by card, small
 * random positions of every game and the cross-check against a plain
 * exhaustive search.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "felt-session.h"
#include "felt-solver.h"
#include "felt-test-util.h"
#include "solver/cruel-relax.h"
#include "solver/felt-solver-private.h"

/* Cards as pile strings for felt_state_set_piles. */
typedef struct {
  GString *piles[FELT_MAX_PILES];
} Layout;

typedef void (*RandomPosition) (GRand *rand, FeltState *st);

/* Helpers. */
const char *verdict_name (FeltSolveVerdict v);
void assert_line_wins_state (const FeltState *start, const GArray *line);
void assert_move_is (const FeltState *st, const FeltMove *got, const char *from, guint count, const char *to);
void assert_stock_move (const FeltMove *got);
char *card_name (FeltCard c);
/* Positions laid out card by card. */
void layout_init (Layout *l);
void layout_clear (Layout *l);
void layout_put (Layout *l, guint pile, FeltCard c);
void layout_build (Layout *l, const FeltGame *game, FeltState *st);
void shuffle_cards (GRand *rand, FeltCard *cards, guint n);
int pile_of (const FeltGame *game, FeltRole role, guint index);
/* Small random positions of each game. */
void random_cruel_between (GRand *rand, FeltState *st, gint32 min_left, gint32 max_left);
void random_cruel (GRand *rand, FeltState *st);
void random_straight_up (GRand *rand, FeltState *st);
void random_scuffle (GRand *rand, FeltState *st);
guint hopscotch_foundations (Layout *l, const guint height[4], FeltCard *rest);
void random_hopscotch (GRand *rand, FeltState *st);
void random_backbone (GRand *rand, FeltState *st);
/* Positions where the exhaustive search finishes must get the same
 * verdict from felt_solve; every line must win. */
void cross_check (RandomPosition make, guint count, guint32 seed, guint min_won, guint min_lost);
