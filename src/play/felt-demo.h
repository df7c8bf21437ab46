/* felt-demo.h: the demo, which plays the solver's winning line one move
 * at a time (no widgets).  It asks the solver's view of the deal for
 * each move and hands it to the game in play ("move"), which plays it.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "felt-solver-view.h"

G_BEGIN_DECLS

#define FELT_TYPE_DEMO (felt_demo_get_type ())
G_DECLARE_FINAL_TYPE (FeltDemo, felt_demo, FELT, DEMO, GObject)

/* The demo of the deal `view` looks at (kept). */
FeltDemo *felt_demo_new (FeltSolverView *view);

/* Starts the demo: "move" then comes at each step with the winning
 * line's next move (a const FeltMove *), until the deal is won or the
 * solver knows no way to win ("gave-up"), or felt_demo_stop. */
/* The time between two moves at the normal speed: slow enough to follow. */
#define FELT_DEMO_STEP_MS 650
void felt_demo_start (FeltDemo *self, guint step_ms);
void felt_demo_stop (FeltDemo *self);
gboolean felt_demo_get_running (FeltDemo *self);

G_END_DECLS
