/* felt-demo.c: the demo, which plays the solver's winning line.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "felt-demo.h"

struct _FeltDemo
{
  GObject parent_instance;

  FeltSolverView *view;       /* the deal in play, as the solver sees it */
  guint step_id;              /* the next step, 0: not running */
};

G_DEFINE_FINAL_TYPE (FeltDemo, felt_demo, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_RUNNING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  SIGNAL_MOVE,
  SIGNAL_GAVE_UP,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
set_step (FeltDemo *self, guint id)
{
  gboolean was = self->step_id != 0;

  self->step_id = id;
  if (was != (id != 0))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
}

static gboolean
step (gpointer data)
{
  FeltDemo *self = FELT_DEMO (data);
  FeltSolveVerdict verdict;
  FeltMove next;

  if (felt_solver_view_get_won (self->view))
    {
      set_step (self, 0);
      return G_SOURCE_REMOVE;
    }
  if (!felt_solver_view_lookup (self->view, &verdict, &next))
    return G_SOURCE_CONTINUE;     /* still thinking */
  if (verdict != FELT_SOLVE_WINNABLE)
    {
      set_step (self, 0);
      g_signal_emit (self, signals[SIGNAL_GAVE_UP], 0);
      return G_SOURCE_REMOVE;
    }
  g_signal_emit (self, signals[SIGNAL_MOVE], 0, &next);
  return G_SOURCE_CONTINUE;
}

void
felt_demo_start (FeltDemo *self, guint step_ms)
{
  g_return_if_fail (FELT_IS_DEMO (self));
  if (self->step_id == 0)
    set_step (self, g_timeout_add (step_ms, step, self));
}

void
felt_demo_stop (FeltDemo *self)
{
  g_return_if_fail (FELT_IS_DEMO (self));
  if (self->step_id == 0)
    return;
  g_source_remove (self->step_id);
  set_step (self, 0);
}

gboolean
felt_demo_get_running (FeltDemo *self)
{
  g_return_val_if_fail (FELT_IS_DEMO (self), FALSE);
  return self->step_id != 0;
}

static void
felt_demo_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  FeltDemo *self = FELT_DEMO (object);

  switch (prop_id)
    {
    case PROP_RUNNING: g_value_set_boolean (value, self->step_id != 0); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
felt_demo_dispose (GObject *object)
{
  FeltDemo *self = FELT_DEMO (object);

  g_clear_handle_id (&self->step_id, g_source_remove);
  g_clear_object (&self->view);
  G_OBJECT_CLASS (felt_demo_parent_class)->dispose (object);
}

static void
felt_demo_class_init (FeltDemoClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = felt_demo_get_property;
  object_class->dispose = felt_demo_dispose;

  properties[PROP_RUNNING] = g_param_spec_boolean ("running", NULL, NULL, FALSE,
                                                   G_PARAM_READABLE | G_PARAM_STATIC_STRINGS |
                                                   G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* The next move of the winning line (a const FeltMove *), to play. */
  signals[SIGNAL_MOVE] = g_signal_new ("move", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                       0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);
  /* The solver knows no way to win from here: the demo stopped. */
  signals[SIGNAL_GAVE_UP] = g_signal_new ("gave-up", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                          0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
felt_demo_init (FeltDemo *self)
{
}

FeltDemo *
felt_demo_new (FeltSolverView *view)
{
  FeltDemo *self = g_object_new (FELT_TYPE_DEMO, NULL);

  self->view = g_object_ref (view);
  return self;
}
