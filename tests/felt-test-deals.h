/* felt-test-deals.h: deals chosen by the solver's verdict, for the tests
 * of the game object and the window (defined in felt-test-util.c).
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "felt-rules.h"
#include "felt-solver.h"

/* The solver's verdict on a position, with its default budget. */
FeltSolveVerdict verdict_of (const FeltState *state);
/* A deal of `game` from `first` on whose verdict is `want`, and, when
 * `lost_after` is not NULL, with a first move after which it is lost. */
guint32 find_deal (const char *game, guint32 first, FeltSolveVerdict want, FeltMove *lost_after);
