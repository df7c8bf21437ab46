/* felt-preferences.h: the Preferences window.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define FELT_TYPE_PREFERENCES (felt_preferences_get_type ())
G_DECLARE_FINAL_TYPE (FeltPreferences, felt_preferences, FELT, PREFERENCES, GtkWindow)

GtkWidget *felt_preferences_new (GtkWindow *parent);

/* Card decks found on this machine (AisleRiot's and KDE's SVG decks):
 * paths, sorted; free with g_strfreev. */
char **felt_preferences_find_decks (void);

G_END_DECLS
