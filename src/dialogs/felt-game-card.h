/* felt-game-card.h: one game in the game chooser.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "felt-card-theme.h"
#include "felt-rules.h"

G_BEGIN_DECLS

#define FELT_TYPE_GAME_CARD (felt_game_card_get_type ())
G_DECLARE_FINAL_TYPE (FeltGameCard, felt_game_card, FELT, GAME_CARD, GtkFlowBoxChild)

/* The game's preview (a deal drawn with `theme`), name and summary, and a
 * Rules button that activates "chooser.show-rules" with the game's id. */
GtkWidget *felt_game_card_new (const FeltGame *game, FeltCardTheme *theme);
const FeltGame *felt_game_card_get_game (FeltGameCard *self);

G_END_DECLS
