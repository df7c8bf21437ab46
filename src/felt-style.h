/* felt-style.h: follows the desktop's light or dark style.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* The values of the portal's org.freedesktop.appearance color-scheme. */
typedef enum
{
  FELT_COLOR_SCHEME_UNKNOWN = -1, /* no portal, or it has no such setting */
  FELT_COLOR_SCHEME_DEFAULT = 0,
  FELT_COLOR_SCHEME_PREFER_DARK = 1,
  FELT_COLOR_SCHEME_PREFER_LIGHT = 2,
} FeltColorScheme;

#define FELT_TYPE_STYLE_MANAGER (felt_style_manager_get_type ())
G_DECLARE_FINAL_TYPE (FeltStyleManager, felt_style_manager, FELT, STYLE_MANAGER, GObject)

FeltStyleManager *felt_style_manager_new (GtkSettings *settings, GDBusConnection *bus);
gboolean felt_style_manager_get_dark (FeltStyleManager *self);
/* Whether the theme is a high-contrast one (HighContrast,
 * HighContrastInverse): windows then have the .high-contrast style class,
 * for data/style.css to draw the board's highlights stronger. */
gboolean felt_style_manager_get_high_contrast (FeltStyleManager *self);
gboolean felt_style_is_high_contrast (const char *theme);

gboolean felt_style_decide_dark (FeltColorScheme portal, const char *gsettings_value);

G_END_DECLS
