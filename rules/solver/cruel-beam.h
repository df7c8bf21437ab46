/* cruel-beam.h: Cruel searched round by round, the best layouts kept.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "felt-solver-private.h"

G_BEGIN_DECLS

/* TRUE when a layout right after a redeal can be left out: it is lost. */
typedef gboolean (*CruelDeadFunc) (gconstpointer data, const FeltState *st);

/* Searches st round by round: every line of moves of a round (up to
 * `per_round` positions) from each of the `width` best layouts kept
 * after the round before, then the redeal.  Counts its positions in lim,
 * which may stop it.  TRUE when it wins: line then holds the moves from
 * st.  FALSE says nothing about the deal: the layouts left out may win. */
gboolean felt_cruel_beam (const FeltState *st, guint width, guint per_round, CruelDeadFunc dead,
                          gconstpointer data, Limits *lim, GArray *line);

G_END_DECLS
