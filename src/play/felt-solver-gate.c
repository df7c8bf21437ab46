/* felt-solver-gate.c: when the solver may search the deal on its own.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "felt-solver-gate.h"

struct _FeltSolverGate
{
  GObject parent_instance;

  FeltSolverView *view;       /* whose searches (kept) */
  FeltDemo *demo;             /* asks the solver whatever the status (kept) */
  gboolean on_screen;
  gboolean active;
  gboolean wanted;
};

G_DEFINE_FINAL_TYPE (FeltSolverGate, felt_solver_gate, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_ON_SCREEN,
  PROP_ACTIVE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

gboolean
felt_solver_gate_get_allowed (FeltSolverGate *self)
{
  g_return_val_if_fail (FELT_IS_SOLVER_GATE (self), FALSE);
  /* The demo and Show Solution ask whatever the status. */
  return self->on_screen &&
         (felt_demo_get_running (self->demo) || self->wanted ||
          (self->active && felt_solver_view_get_show_winnable (self->view)));
}

void
felt_solver_gate_update (FeltSolverGate *self)
{
  g_return_if_fail (FELT_IS_SOLVER_GATE (self));
  felt_solver_view_analyse (self->view, felt_solver_gate_get_allowed (self));
}

/* A flag changed: the view follows, then the listeners. */
static void
set_flag (FeltSolverGate *self, gboolean *flag, gboolean value, guint prop)
{
  value = !!value;
  if (*flag == value)
    return;
  *flag = value;
  felt_solver_gate_update (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

gboolean
felt_solver_gate_get_on_screen (FeltSolverGate *self)
{
  g_return_val_if_fail (FELT_IS_SOLVER_GATE (self), FALSE);
  return self->on_screen;
}

void
felt_solver_gate_set_on_screen (FeltSolverGate *self, gboolean on_screen)
{
  g_return_if_fail (FELT_IS_SOLVER_GATE (self));
  set_flag (self, &self->on_screen, on_screen, PROP_ON_SCREEN);
}

gboolean
felt_solver_gate_get_active (FeltSolverGate *self)
{
  g_return_val_if_fail (FELT_IS_SOLVER_GATE (self), FALSE);
  return self->active;
}

void
felt_solver_gate_set_active (FeltSolverGate *self, gboolean active)
{
  g_return_if_fail (FELT_IS_SOLVER_GATE (self));
  set_flag (self, &self->active, active, PROP_ACTIVE);
}

gboolean
felt_solver_gate_get_wanted (FeltSolverGate *self)
{
  g_return_val_if_fail (FELT_IS_SOLVER_GATE (self), FALSE);
  return self->wanted;
}

void
felt_solver_gate_set_wanted (FeltSolverGate *self, gboolean wanted)
{
  g_return_if_fail (FELT_IS_SOLVER_GATE (self));
  /* Set before the verdict is asked for, cleared as it comes: who sets
   * it knows when the view must follow. */
  self->wanted = !!wanted;
}

static void
felt_solver_gate_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  FeltSolverGate *self = FELT_SOLVER_GATE (object);

  switch (prop_id)
    {
    case PROP_ON_SCREEN: g_value_set_boolean (value, self->on_screen); break;
    case PROP_ACTIVE: g_value_set_boolean (value, self->active); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
felt_solver_gate_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  FeltSolverGate *self = FELT_SOLVER_GATE (object);

  switch (prop_id)
    {
    case PROP_ON_SCREEN: felt_solver_gate_set_on_screen (self, g_value_get_boolean (value)); break;
    case PROP_ACTIVE: felt_solver_gate_set_active (self, g_value_get_boolean (value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
felt_solver_gate_dispose (GObject *object)
{
  FeltSolverGate *self = FELT_SOLVER_GATE (object);

  g_clear_object (&self->demo);
  g_clear_object (&self->view);
  G_OBJECT_CLASS (felt_solver_gate_parent_class)->dispose (object);
}

static void
felt_solver_gate_class_init (FeltSolverGateClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY;

  object_class->get_property = felt_solver_gate_get_property;
  object_class->set_property = felt_solver_gate_set_property;
  object_class->dispose = felt_solver_gate_dispose;

  /* The game is drawn (the window sets it once the first frame is). */
  properties[PROP_ON_SCREEN] = g_param_spec_boolean ("on-screen", NULL, NULL, TRUE, flags);
  /* The window is shown, not minimised. */
  properties[PROP_ACTIVE] = g_param_spec_boolean ("active", NULL, NULL, TRUE, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
felt_solver_gate_init (FeltSolverGate *self)
{
  self->on_screen = TRUE;
  self->active = TRUE;
}

FeltSolverGate *
felt_solver_gate_new (FeltSolverView *view, FeltDemo *demo)
{
  FeltSolverGate *self;

  g_return_val_if_fail (FELT_IS_SOLVER_VIEW (view), NULL);
  g_return_val_if_fail (FELT_IS_DEMO (demo), NULL);
  self = g_object_new (FELT_TYPE_SOLVER_GATE, NULL);
  self->view = g_object_ref (view);
  self->demo = g_object_ref (demo);
  /* Switched on, the status searches at once. */
  g_signal_connect_object (view, "notify::show-winnable", G_CALLBACK (felt_solver_gate_update), self,
                           G_CONNECT_SWAPPED);
  return self;
}
