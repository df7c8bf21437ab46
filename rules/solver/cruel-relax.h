/* cruel-relax.h: Cruel's proof of loss from a prefix of the sequence.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "felt-solver-private.h"

G_BEGIN_DECLS

/* Plays the game of the first `prefix` cards of the tableau (read as a
 * redeal reads it) with every other card free, to the end or until
 * `budget` positions (counted in lim, which may stop it first); TRUE when
 * even that game cannot bring the prefix home: then st is lost. */
gboolean felt_cruel_prefix_lost (const FeltState *st, guint prefix, guint64 budget, Limits *lim);
/* The same game, where a position is not searched on when the same game
 * of its first 8 cards alone is lost; far fewer positions on the deals
 * that need a long prefix, more on the others (the small games). */
gboolean felt_cruel_prefix_lost_pruned (const FeltState *st, guint prefix, guint64 budget,
                                        Limits *lim);

G_END_DECLS
