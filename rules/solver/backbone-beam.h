/* backbone-beam.h: Backbone searched card by card along the stock, the
 * best positions after each card dealt kept (backbone-beam.c), for its
 * solver (backbone.c).
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "backbone-model.h"

G_BEGIN_DECLS

/* Lists the moves to try from m, as the depth-first search does (the
 * stock action included; none from a position proven lost). */
typedef guint (*BbmGenFunc) (gpointer data, const BbModel *m, FeltMove *out);

/* Searches from root keeping at most `width` positions after each card
 * dealt; m is the model to play on (its position is not kept).  salt 0
 * ranks them by their score alone; another salt adds a little noise to
 * it, for a beam of the same width run again.  Only
 * ever answers winnable (the moves from root appended to line, up to
 * where only the tableau is left) or unknown: the beam drops positions,
 * so running out of them proves nothing. */
FeltSolveVerdict felt_bb_beam (const FeltState *root, BbModel *m, BbmGenFunc gen, gpointer data,
                               guint width, guint64 salt, Limits *lim, GArray *line);

G_END_DECLS
