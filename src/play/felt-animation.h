/* felt-animation.h: how fast cards move (the "animation-speed" setting).
 * GLib only: the board slides cards at this pace, the game in play paces
 * its automatic moves and the demo by it.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* In the order of the Preferences drop-down; the nicks are the setting's
 * choices. */
typedef enum {
  FELT_ANIMATION_OFF,
  FELT_ANIMATION_FAST,
  FELT_ANIMATION_NORMAL,
  FELT_ANIMATION_SLOW,
} FeltAnimationSpeed;

#define FELT_TYPE_ANIMATION_SPEED (felt_animation_speed_get_type ())
GType felt_animation_speed_get_type (void);

/* A pause or a slide that lasts `normal_ms` at the normal speed, at
 * `speed`: half as long when fast, twice when slow, 0 when off. */
guint felt_animation_ms (FeltAnimationSpeed speed, guint normal_ms);
/* The setting's choice ("off", "fast", "normal", "slow"); NULL: not one. */
const char *felt_animation_speed_id (FeltAnimationSpeed speed);

/* Carries the old "animations" switch over to "animation-speed", once:
 * a player who had switched animations off finds the speed "off". */
void felt_animation_carry_over (GSettings *settings);

G_END_DECLS
