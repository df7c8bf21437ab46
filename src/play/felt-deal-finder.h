/* felt-deal-finder.h: what New Game deals (the player's "new-deal"
 * preference), and the search, in a worker thread, for a deal the solver
 * wins or of the difficulty asked (no widgets).
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "felt-solver.h"

G_BEGIN_DECLS

#define FELT_TYPE_DEAL_FINDER (felt_deal_finder_get_type ())
G_DECLARE_FINAL_TYPE (FeltDealFinder, felt_deal_finder, FELT, DEAL_FINDER, GObject)

FeltDealFinder *felt_deal_finder_new (void);

/* "any", "winnable", "easy", "medium" or "hard" (anything else: "any");
 * winnable-deals-only follows it (TRUE but for "any"). */
const char *felt_deal_finder_get_new_deal (FeltDealFinder *self);
void felt_deal_finder_set_new_deal (FeltDealFinder *self, const char *choice);
gboolean felt_deal_finder_get_winnable_only (FeltDealFinder *self);
/* The switch before new-deal: on is "winnable" unless a difficulty is
 * asked already. */
void felt_deal_finder_set_winnable_only (FeltDealFinder *self, gboolean winnable_only);

/* Starts looking for a deal of `game` as new-deal asks (one under way
 * stops); "found" then gives it.  FALSE, and no search, when any deal
 * will do.  *wanted: the difficulty looked for, FELT_DIFFICULTY_UNKNOWN
 * for any winnable deal. */
gboolean felt_deal_finder_start (FeltDealFinder *self, const FeltGame *game, FeltDifficulty *wanted);
void felt_deal_finder_cancel (FeltDealFinder *self);
/* A search is under way. */
gboolean felt_deal_finder_get_searching (FeltDealFinder *self);

/* The deal New Game (or Select Deal, Restart) asked for waits while the
 * player is asked to give up the one in progress; taking it gives it
 * (FALSE: none waits) and it waits no more. */
void felt_deal_finder_set_waiting (FeltDealFinder *self, const FeltGame *game, guint32 seed);
gboolean felt_deal_finder_take_waiting (FeltDealFinder *self, const FeltGame **game, guint32 *seed);

G_END_DECLS
