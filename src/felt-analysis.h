/* felt-analysis.h: the solver, run in a worker thread for the position on
 * the board, with its results remembered per position.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "felt-solver.h"

G_BEGIN_DECLS

#define FELT_TYPE_ANALYSIS (felt_analysis_get_type ())
G_DECLARE_FINAL_TYPE (FeltAnalysis, felt_analysis, FELT, ANALYSIS, GObject)

FeltAnalysis *felt_analysis_new (void);

/* Asks about a position: the answer comes with "done" (or at once from
 * the cache, then TRUE is returned).  A new request cancels the search
 * under way. */
gboolean felt_analysis_request (FeltAnalysis *self, const FeltState *state);

/* What is known of a position: FALSE when nothing yet.  line (may be
 * NULL) gets the winning line's first move when winnable; chance the
 * Scuffle win chance (0..1) or -1. */
gboolean felt_analysis_lookup (FeltAnalysis *self, const FeltState *state,
                               FeltSolveVerdict *verdict, FeltMove *next, double *chance);

/* Stops the search under way, if any. */
void felt_analysis_cancel (FeltAnalysis *self);

G_END_DECLS
