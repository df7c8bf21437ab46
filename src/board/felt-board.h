/* felt-board.h: the widget that shows the piles and takes the player's input.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "felt-animation.h"
#include "felt-card-theme.h"
#include "felt-names.h"
#include "felt-play.h"
#include "felt-session.h"

G_BEGIN_DECLS

#define FELT_TYPE_BOARD (felt_board_get_type ())
G_DECLARE_FINAL_TYPE (FeltBoard, felt_board, FELT, BOARD, GtkWidget)

GtkWidget *felt_board_new (void);

/* The board shows and plays the game in play ("play" property): moves go
 * through it and every change it makes slides on the board. */
void felt_board_set_play (FeltBoard *self, FeltPlay *play);
FeltPlay *felt_board_get_play (FeltBoard *self);

/* Without a game in play (a preview, a replay): the board shows this
 * game from now on, and input does not change it; it takes ownership. */
void felt_board_set_session (FeltBoard *self, FeltSession *session);
/* The session it shows without a game in play (a replay) changed from
 * `before`, by its owner: the cards slide. */
void felt_board_show_change (FeltBoard *self, const FeltState *before);
FeltSession *felt_board_get_session (FeltBoard *self);
/* The Solution mode: the board shows `session` (borrowed; NULL: the game
 * in play's again), which its owner changes (felt_board_show_change),
 * and takes no move meanwhile. */
void felt_board_show_session (FeltBoard *self, FeltSession *session);

/* The "card-theme" property. */
void felt_board_set_theme (FeltBoard *self, FeltCardTheme *theme);

/* Preferences ("animation-speed", "click-to-move"): how fast cards slide
 * (not at all when off); pick a card by clicking it, then its target. */
void felt_board_set_animation_speed (FeltBoard *self, FeltAnimationSpeed speed);
void felt_board_set_click_to_move (FeltBoard *self, gboolean click_to_move);

/* A preview (game chooser) shows the deal and takes no input ("interactive"). */
void felt_board_set_interactive (FeltBoard *self, gboolean interactive);

/* A short celebration of a win (nothing when animations are off). */
void felt_board_celebrate (FeltBoard *self);

/* Shows a hint on the board; FALSE when no move is left. */
gboolean felt_board_show_hint (FeltBoard *self, FeltMove *hint);
/* Shows this move as the hint. */
void felt_board_show_move (FeltBoard *self, const FeltMove *move);
/* Says `sentence` to a screen reader, as the result of the last action
 * (felt-board-a11y.c): a Hint with no move to show. */
void felt_board_say (FeltBoard *self, const char *sentence);
/* The move highlighted as a hint, until the next change: FALSE if none. */
gboolean felt_board_get_hint (FeltBoard *self, FeltMove *move);

/* Geometry, for tests and accessibility: the rectangle of card `index`
 * of `pile` (or of the empty pile for index -1), in widget coordinates. */
gboolean felt_board_get_card_rect (FeltBoard *self, guint pile, int index, graphene_rect_t *rect);
/* Size of a card in widget coordinates. */
void felt_board_get_card_size (FeltBoard *self, double *width, double *height);
/* The pile a drop at (x, y) would reach, or -1. */
int felt_board_pile_at (FeltBoard *self, double x, double y, int *index);

/* A short human description of a card place, e.g. "Seven of hearts,
 * tableau 3"; for the accessible label. */
char *felt_board_describe (FeltBoard *self, guint pile, int index);

G_END_DECLS
