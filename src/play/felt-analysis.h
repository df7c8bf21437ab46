/* felt-analysis.h: the solver, run in a worker thread for the position on
 * the board, with its results remembered per position.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

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

/* TRUE while a search runs in the worker thread. */
gboolean felt_analysis_is_running (FeltAnalysis *self);

/* The node budget of each search: 0 (the default) is the game's own
 * (felt_solve_default_budget); the tests make it tiny or huge. */
void felt_analysis_set_budget (FeltAnalysis *self, guint64 node_budget);
guint64 felt_analysis_get_budget (FeltAnalysis *self);

/* Remembers what a search of `state` found elsewhere (a deal's rating):
 * as if this object had searched it.  An unknown verdict is remembered
 * too: lookups then say "unknown" rather than nothing. */
void felt_analysis_store (FeltAnalysis *self, const FeltState *state, const FeltSolveResult *result);

/* ---- a deal's difficulty -------------------------------------------------- */

/* Rates deal `seed` of `game` in a worker thread (felt_solver_rate at the
 * solver's default budget, so a deal's rating is the same everywhere);
 * cancellable stops it at once. */
void felt_analysis_rate_deal_async (const FeltGame *game, guint32 seed, GCancellable *cancellable,
                                    GAsyncReadyCallback callback, gpointer user_data);
/* FALSE when cancelled.  solved (may be NULL) gets the solver's result
 * on the deal's first position (free it with felt_solve_result_clear). */
gboolean felt_analysis_rate_deal_finish (GAsyncResult *result, FeltRating *rating, FeltSolveResult *solved);

/* What the player reads: "Easy", "Medium", "Hard", "Impossible", or NULL
 * while unknown. */
const char *felt_difficulty_label (FeltDifficulty difficulty);

G_END_DECLS
