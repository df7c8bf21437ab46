/* felt-animation.c: how fast cards move (felt-animation.h).
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "felt-animation.h"

GType
felt_animation_speed_get_type (void)
{
  static gsize type = 0;
  static const GEnumValue values[] = {
    { FELT_ANIMATION_OFF, "FELT_ANIMATION_OFF", "off" },
    { FELT_ANIMATION_FAST, "FELT_ANIMATION_FAST", "fast" },
    { FELT_ANIMATION_NORMAL, "FELT_ANIMATION_NORMAL", "normal" },
    { FELT_ANIMATION_SLOW, "FELT_ANIMATION_SLOW", "slow" },
    { 0, NULL, NULL },
  };

  if (g_once_init_enter (&type))
    g_once_init_leave (&type, g_enum_register_static ("FeltAnimationSpeed", values));
  return type;
}

guint
felt_animation_ms (FeltAnimationSpeed speed, guint normal_ms)
{
  switch (speed)
    {
    case FELT_ANIMATION_OFF: return 0;
    case FELT_ANIMATION_FAST: return normal_ms / 2;
    case FELT_ANIMATION_SLOW: return normal_ms * 2;
    case FELT_ANIMATION_NORMAL:
    default: return normal_ms;
    }
}

const char *
felt_animation_speed_id (FeltAnimationSpeed speed)
{
  g_autoptr (GEnumClass) klass = g_type_class_ref (FELT_TYPE_ANIMATION_SPEED);
  GEnumValue *value = g_enum_get_value (klass, speed);

  return value ? value->value_nick : NULL;
}

void
felt_animation_carry_over (GSettings *settings)
{
  g_autoptr (GVariant) old = g_settings_get_user_value (settings, "animations");
  g_autoptr (GVariant) speed = g_settings_get_user_value (settings, "animation-speed");

  if (old == NULL)
    return;
  /* A speed chosen since wins; the old switch is read this once and
   * then forgotten, so that it cannot override a later choice. */
  if (speed == NULL && !g_variant_get_boolean (old))
    g_settings_set_string (settings, "animation-speed", "off");
  g_settings_reset (settings, "animations");
}
