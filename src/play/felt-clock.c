/* felt-clock.c: the time a game has been played.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "felt-clock.h"

struct _FeltClock
{
  GObject parent_instance;

  gint64 started;       /* monotonic µs, 0 when stopped */
  gint64 before;        /* µs counted before `started` */
  guint tick_id;
  guint elapsed;        /* whole seconds shown */
  char *elapsed_text;
};

G_DEFINE_FINAL_TYPE (FeltClock, felt_clock, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_ELAPSED,
  PROP_ELAPSED_TEXT,
  PROP_RUNNING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

gint64
felt_clock_get_usec (FeltClock *self)
{
  gint64 t;

  g_return_val_if_fail (FELT_IS_CLOCK (self), 0);
  t = self->before;
  if (self->started)
    t += g_get_monotonic_time () - self->started;
  return t;
}

static void
show_time (FeltClock *self)
{
  gint64 s = felt_clock_get_usec (self) / G_USEC_PER_SEC;
  guint elapsed = (guint) MIN (s, G_MAXUINT);
  g_autofree char *text = NULL;

  if (s >= 3600)
    text = g_strdup_printf ("%" G_GINT64_FORMAT ":%02d:%02d", s / 3600, (int) (s / 60 % 60), (int) (s % 60));
  else
    text = g_strdup_printf ("%d:%02d", (int) (s / 60), (int) (s % 60));
  if (self->elapsed != elapsed)
    {
      self->elapsed = elapsed;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ELAPSED]);
    }
  if (g_strcmp0 (self->elapsed_text, text) != 0)
    {
      g_free (self->elapsed_text);
      self->elapsed_text = g_steal_pointer (&text);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ELAPSED_TEXT]);
    }
}

static gboolean
tick (gpointer data)
{
  show_time (FELT_CLOCK (data));
  return G_SOURCE_CONTINUE;
}

/* Stops counting without showing it (also while the object goes). */
static gboolean
stop (FeltClock *self)
{
  if (self->started == 0)
    return FALSE;
  self->before += g_get_monotonic_time () - self->started;
  self->started = 0;
  g_clear_handle_id (&self->tick_id, g_source_remove);
  return TRUE;
}

void
felt_clock_run (FeltClock *self, gboolean run)
{
  gboolean changed = FALSE;

  g_return_if_fail (FELT_IS_CLOCK (self));
  if (run && self->started == 0)
    {
      self->started = g_get_monotonic_time ();
      self->tick_id = g_timeout_add_seconds (1, tick, self);
      changed = TRUE;
    }
  else if (!run)
    changed = stop (self);
  show_time (self);
  if (changed)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
}

gboolean
felt_clock_get_running (FeltClock *self)
{
  g_return_val_if_fail (FELT_IS_CLOCK (self), FALSE);
  return self->started != 0;
}

void
felt_clock_reset (FeltClock *self, gint64 usec)
{
  g_return_if_fail (FELT_IS_CLOCK (self));
  g_object_freeze_notify (G_OBJECT (self));
  felt_clock_run (self, FALSE);
  self->before = usec;
  show_time (self);
  g_object_thaw_notify (G_OBJECT (self));
}

guint
felt_clock_get_elapsed (FeltClock *self)
{
  g_return_val_if_fail (FELT_IS_CLOCK (self), 0);
  return self->elapsed;
}

const char *
felt_clock_get_elapsed_text (FeltClock *self)
{
  g_return_val_if_fail (FELT_IS_CLOCK (self), NULL);
  return self->elapsed_text;
}

static void
felt_clock_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  FeltClock *self = FELT_CLOCK (object);

  switch (prop_id)
    {
    case PROP_ELAPSED: g_value_set_uint (value, self->elapsed); break;
    case PROP_ELAPSED_TEXT: g_value_set_string (value, self->elapsed_text); break;
    case PROP_RUNNING: g_value_set_boolean (value, self->started != 0); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
felt_clock_dispose (GObject *object)
{
  stop (FELT_CLOCK (object));
  G_OBJECT_CLASS (felt_clock_parent_class)->dispose (object);
}

static void
felt_clock_finalize (GObject *object)
{
  g_free (FELT_CLOCK (object)->elapsed_text);
  G_OBJECT_CLASS (felt_clock_parent_class)->finalize (object);
}

static void
felt_clock_class_init (FeltClockClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY;

  object_class->get_property = felt_clock_get_property;
  object_class->dispose = felt_clock_dispose;
  object_class->finalize = felt_clock_finalize;

  properties[PROP_ELAPSED] = g_param_spec_uint ("elapsed", NULL, NULL, 0, G_MAXUINT, 0, flags);   /* seconds */
  properties[PROP_ELAPSED_TEXT] = g_param_spec_string ("elapsed-text", NULL, NULL, "0:00", flags);  /* "1:05" */
  properties[PROP_RUNNING] = g_param_spec_boolean ("running", NULL, NULL, FALSE, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
felt_clock_init (FeltClock *self)
{
  self->elapsed_text = g_strdup ("0:00");
}

FeltClock *
felt_clock_new (void)
{
  return g_object_new (FELT_TYPE_CLOCK, NULL);
}
