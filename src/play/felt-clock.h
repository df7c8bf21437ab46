/* felt-clock.h: the time a game has been played, running from the first
 * move until the game ends, shown to the second (no widgets).
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define FELT_TYPE_CLOCK (felt_clock_get_type ())
G_DECLARE_FINAL_TYPE (FeltClock, felt_clock, FELT, CLOCK, GObject)

FeltClock *felt_clock_new (void);

/* Starts or stops the clock; the time shown follows at once. */
void felt_clock_run (FeltClock *self, gboolean run);
gboolean felt_clock_get_running (FeltClock *self);
/* Stops the clock at `usec` (a resumed game's time, or 0). */
void felt_clock_reset (FeltClock *self, gint64 usec);
/* The time played, in microseconds. */
gint64 felt_clock_get_usec (FeltClock *self);
/* Whole seconds, and as shown: "1:05", "1:02:03". */
guint felt_clock_get_elapsed (FeltClock *self);
const char *felt_clock_get_elapsed_text (FeltClock *self);

G_END_DECLS
