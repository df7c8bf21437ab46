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
/* Starts reading the built-in deck in a thread, for the next
 * felt_card_theme_new_default (): call it early, GTK starts meanwhile. */
void felt_card_theme_preload_default (void);
/* The deck built into Felt in four colours, one a suit: clubs green,
 * diamonds blue, hearts red, spades black (build-aux/make-deck.py
 * --four-colour), for players who tell red from black badly. */
FeltCardTheme *felt_card_theme_new_four_colour (void);

/* The "card-deck" setting's value for the four-colour deck; "" is Felt's
 * own deck, anything else the path of a deck. */
#define FELT_CARD_DECK_FOUR_COLOUR "felt:four-colour"

/* The deck the "card-deck" setting names: Felt's own deck (""), its
 * four-colour deck (FELT_CARD_DECK_FOUR_COLOUR) or a deck's file (NULL
 * and an error when it cannot be read). */
FeltCardTheme *felt_card_theme_new_for_setting (const char *deck, GError **error);

/* An SVG (or gzip-compressed .svgz) deck: Felt's element ids ("AC",
 * "back"), AisleRiot's ("club_1", "heart_king") or KDE's ("1_club"). */
FeltCardTheme *felt_card_theme_new_from_file (GFile *file, GError **error);

/* The aspect ratio of a card, width / height. */
double felt_card_theme_get_aspect (FeltCardTheme *self);

/* Makes sure the faces `cards` (0 for the back) exist at this size in
 * device pixels, rendering now those missing; the rest of the deck is
 * rendered in a worker thread.  Call it outside snapshot. */
void felt_card_theme_prepare (FeltCardTheme *self, int width, int height,
                              const FeltCard *cards, guint n_cards);

/* The size the game's own board draws at (in device pixels): it is
 * never given up for another (the game chooser's previews, at four sizes
 * of their own, would otherwise leave the board drawing scaled faces
 * until its size changed), until another size is kept. */
void felt_card_theme_keep_size (FeltCardTheme *self, int width, int height);

/* The face of a card, or its back for card 0, at this size; when the
 * deck is not rendered at this size yet, the nearest size there is (to
 * be drawn scaled) and *exact is FALSE.  Never renders: cheap enough for
 * snapshot.  NULL only when nothing was ever rendered. */
GdkTexture *felt_card_theme_lookup (FeltCardTheme *self, FeltCard card, int width, int height,
                                    gboolean *exact);

/* The cairo image surface holding a face's pixels (the same memory as the
 * texture from felt_card_theme_lookup, not a copy), for drawing with cairo:
 * GTK 4.8's cairo renderer converts a texture's pixels on every frame. */
cairo_surface_t *felt_card_theme_get_surface (GdkTexture *texture);

/* Gives the memory of the faces read from the face cache back to the
 * system (felt_face_cache_release): for a renderer that keeps its own
 * copy of every texture it drew.  Faces rendered in memory stay. */
void felt_card_theme_release_pixels (FeltCardTheme *self);

/* Renders the whole deck at this size at once, in this thread (for
 * benchmarks and tests). */
void felt_card_theme_render_all (FeltCardTheme *self, int width, int height);

/* Whether the built-in decks' keys compiled in (meson.build) are the
 * keys of the decks built in (for tests). */
gboolean felt_card_theme_check_builtin_keys (GError **error);

/* Renders the whole deck at this size and writes it to path as faces a
 * first launch reads (felt-face-cache.h; data/meson.build, at build time). */
gboolean felt_card_theme_write_faces (FeltCardTheme *self, int width, int height,
                                      const char *path, GError **error);

G_END_DECLS
