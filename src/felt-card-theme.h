/* felt-card-theme.h: card faces from an SVG deck, rendered once per size.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "felt-rules.h"

G_BEGIN_DECLS

#define FELT_TYPE_CARD_THEME (felt_card_theme_get_type ())
G_DECLARE_FINAL_TYPE (FeltCardTheme, felt_card_theme, FELT, CARD_THEME, GObject)

/* The deck built into Felt. */
FeltCardTheme *felt_card_theme_new_default (void);
/* An SVG (or gzip-compressed .svgz) deck: Felt's element ids ("AC",
 * "back") or AisleRiot's ("1_club", "king_heart", "back"). */
FeltCardTheme *felt_card_theme_new_from_file (GFile *file, GError **error);

/* The aspect ratio of a card, width / height. */
double felt_card_theme_get_aspect (FeltCardTheme *self);

/* Renders every card at this size in device pixels (card width and height
 * times the scale factor); cheap when the size did not change. */
void felt_card_theme_set_size (FeltCardTheme *self, int width, int height);

/* The face of a card, or its back for card 0, at the size last set. */
GdkTexture *felt_card_theme_get_texture (FeltCardTheme *self, FeltCard card);

G_END_DECLS
