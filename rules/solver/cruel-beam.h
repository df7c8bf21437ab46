/* cruel-beam.h: Cruel searched round by round, the best layouts kept.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "felt-solver-private.h"

G_BEGIN_DECLS

/* TRUE when a layout right after a redeal is lost (proven so). */
typedef gboolean (*CruelDeadFunc) (gconstpointer data, const FeltState *st);

/* Searches st round by round: every line of moves of a round (up to
 * `per_round` positions) from each of the `width` best layouts kept
 * after the round before, then the redeal; `ordered` percent of the
 * width go to the best ordered layouts among the others.  Counts its
 * positions in lim, which may stop it.  Winnable: line holds the moves
 * from st.  Lost: no layout or position was ever left out and none is
 * left (a complete search).  Unknown otherwise. */
FeltSolveVerdict felt_cruel_beam (const FeltState *st, guint width, guint ordered, guint per_round,
                                  CruelDeadFunc dead, gconstpointer data, Limits *lim,
                                  GArray *line);

G_END_DECLS
