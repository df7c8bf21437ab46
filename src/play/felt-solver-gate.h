/* felt-solver-gate.h: when the solver may search the deal on its own
 * (no widgets).  Only while the player can see what it says: the game
 * is on the screen, the window is shown (not minimised) and the
 * winnable status is wanted; or while something waits for it: the demo,
 * Show Solution.  Otherwise a search in progress stops.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "felt-demo.h"
#include "felt-solver-view.h"

G_BEGIN_DECLS

#define FELT_TYPE_SOLVER_GATE (felt_solver_gate_get_type ())
G_DECLARE_FINAL_TYPE (FeltSolverGate, felt_solver_gate, FELT, SOLVER_GATE, GObject)

/* The gate of the searches of `view` (kept), which `demo` (kept) asks. */
FeltSolverGate *felt_solver_gate_new (FeltSolverView *view, FeltDemo *demo);

/* The view analyses its position now, searching or not as allowed: at
 * every new position and when what allows it changes ("on-screen",
 * "active" and the view's "show-winnable" do so by themselves). */
void felt_solver_gate_update (FeltSolverGate *self);
gboolean felt_solver_gate_get_allowed (FeltSolverGate *self);

/* The game is drawn: work the first frame does not need waits until then. */
gboolean felt_solver_gate_get_on_screen (FeltSolverGate *self);
void felt_solver_gate_set_on_screen (FeltSolverGate *self, gboolean on_screen);
/* The window is shown, not minimised. */
gboolean felt_solver_gate_get_active (FeltSolverGate *self);
void felt_solver_gate_set_active (FeltSolverGate *self, gboolean active);
/* Show Solution waits for the solver's verdict (the caller updates). */
gboolean felt_solver_gate_get_wanted (FeltSolverGate *self);
void felt_solver_gate_set_wanted (FeltSolverGate *self, gboolean wanted);

G_END_DECLS
