/* felt-game-chooser.h: the five games, each with a preview of its deal.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "felt-card-theme.h"

G_BEGIN_DECLS

#define FELT_TYPE_GAME_CHOOSER (felt_game_chooser_get_type ())
G_DECLARE_FINAL_TYPE (FeltGameChooser, felt_game_chooser, FELT, GAME_CHOOSER, GtkWindow)

/* Emits "game-chosen" (const char *id) when the player picks a game. */
GtkWidget *felt_game_chooser_new (GtkWindow *parent, FeltCardTheme *theme);

G_END_DECLS
