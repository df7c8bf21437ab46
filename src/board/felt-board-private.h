/* felt-board-private.h: what the board's files share.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "felt-board.h"

G_BEGIN_DECLS

/* How a pile was drawn into its render node: the node is reused while the
 * pile looks the same (felt-board-draw.c). */
typedef struct {
  GdkTexture *faces[FELT_MAX_CARDS];  /* strong refs, of the cards drawn (NULL: blank) */
  guint64 drawn[(FELT_MAX_CARDS + 63) / 64];  /* the cards drawn: not those sliding */
  graphene_point_t origin;
  double fan_dx, fan_dy, card_w, card_h;
  gboolean place;                     /* the empty place is drawn */
  const char *label;                  /* the empty place's label */
  gboolean cairo;                     /* cards drawn with cairo */
} FeltPileLook;

/* Card i of a pile is drawn in a FeltPileLook's `drawn` bits. */
#define FELT_PILE_DRAWN(mask, i) (((mask)[(i) / 64] >> ((i) % 64)) & 1)

/* The board's highlights; their colours come from the CSS (style.css). */
typedef enum {
  FELT_HIGHLIGHT_DROP,      /* the pile dragged cards would land on */
  FELT_HIGHLIGHT_HINT,
  FELT_HIGHLIGHT_PICKED,    /* cards picked up by click-to-move or the keyboard */
  FELT_HIGHLIGHT_FOCUS,     /* the keyboard focus ring */
  FELT_HIGHLIGHT_FOCUS_SHADOW,  /* the dark ring round it */
  FELT_N_HIGHLIGHTS
} FeltHighlight;

/* GL, while cards move: a pile's node drawn once into a texture of its
 * own size (felt-board-draw.c), kept while the pile looks the same. */
typedef struct {
  GskRenderNode *of;                  /* strong refs: the pile's node it shows */
  GskRenderNode *under;               /* the baize's bands drawn below it, or NULL */
  GskRenderNode *node;                /* a texture node, the same from frame to frame */
  int scale;
  FeltPileLook look;                  /* what `of` draws */
} FeltStillPile;

/* GL, while cards move: a highlight's outline drawn once into a texture
 * (felt-board-draw.c, append_outline), kept while it stays the same. */
typedef struct {
  graphene_rect_t rect;
  GdkRGBA color;
  double radius;
  int scale;
  GskRenderNode *node;                /* a texture node, or NULL */
} FeltOutlineTexture;

#define FELT_N_OUTLINE_TEXTURES 4

/* A card sliding from where it was to where it now lies. */
typedef struct {
  guint8 pile;
  guint8 index;
  graphene_point_t from;
} FeltSlide;

struct _FeltBoard
{
  GtkWidget parent_instance;

  /* owned; the session is borrowed from the game in play, if any */
  FeltSession *session;
  FeltCardTheme *theme;
  FeltPlay *play;
  FeltSession *shown;       /* borrowed: the Solution mode's, shown instead of the game in play's */
  gboolean player_move;     /* the move under way comes from the board's input */

  gboolean interactive;
  FeltAnimationSpeed animation_speed;
  gboolean click_to_move;

  /* layout, from size_allocate (widget coordinates) */
  double card_w, card_h;
  int texture_w, texture_h;                 /* card size in device pixels */
  graphene_point_t origin[FELT_MAX_PILES];  /* top left of a pile's first card */
  double fan_room[FELT_MAX_PILES];          /* room for the fan beyond one card */
  double fan_dx[FELT_MAX_PILES];            /* offset from card to card, now */
  double fan_dy[FELT_MAX_PILES];

  /* a drag (pointer) or a pick (click-to-move, keyboard) in progress */
  int drag_pile;            /* -1: none */
  guint drag_count;
  gboolean dragging;        /* beyond the threshold: cards follow the pointer */
  graphene_point_t drag_start;   /* pointer at the press */
  graphene_point_t drag_offset;  /* how far the pointer moved */
  int drop_pile;            /* the pile that would take the cards, or -1 */
  graphene_point_t click_start;  /* where the button went down */
  int picked_pile;          /* click-to-move / keyboard: -1 none */
  guint picked_count;

  /* keyboard focus */
  int focus_pile;
  int focus_index;          /* card index, or -1 for the pile itself */
  gboolean show_focus;
  /* the review keys' jump to a pile by number (F or T, then digits) */
  int jump_role;            /* the role the digits count in */
  guint jump_number;        /* the number typed so far, 0: none */
  gint64 jump_time;         /* when its last digit came (monotonic µs) */

  /* what the board says to a screen reader ("announcements", felt-board.c):
   * the sentences of the change under way wait until the automatic moves
   * that follow it are done, then go out as one description */
  GString *news;
  guint news_id;
  FeltState auto_before;    /* the position before the automatic moves */
  FeltMove auto_moves[FELT_MAX_CARDS];
  guint n_auto;
  /* while automatic moves take cards off the focused pile, its label
   * waits for the last of them (each change would be spoken) */
  gboolean label_waits;
  gboolean label_stale;
  FeltSolveVerdict said_verdict;  /* the solver's verdict the player knows */
  gboolean verdict_known;

  /* the hint shown */
  int hint_from, hint_to;
  guint hint_count;
  gboolean hint_stock;

  /* the celebration of a win: cards bouncing off the foundations */
  struct {
    FeltCard card;
    double x, y, vx, vy;
    double delay;           /* seconds before it leaves its foundation */
  } confetti[FELT_MAX_CARDS];
  guint n_confetti;
  gint64 celebrate_start;
  gint64 celebrate_last;
  guint celebrate_id;

  /* animation */
  FeltSlide slides[FELT_MAX_CARDS];
  guint n_slides;
  gint64 slide_start;       /* frame clock time, µs */
  guint tick_id;

  /* drawing: a render node per pile, the last one for the dragged cards */
  GskRenderNode *pile_node[FELT_MAX_PILES + 1];
  FeltPileLook pile_look[FELT_MAX_PILES + 1];
  guint release_id;         /* GL: the faces' memory goes back after drawing */

  /* the piles as accessible objects (felt-board-piles.c), in pile order */
  GtkWidget *pile_widget[FELT_MAX_PILES];
  guint n_pile_widgets;

  /* hidden children whose CSS gives the highlights' colours */
  GtkWidget *highlight_style[FELT_N_HIGHLIGHTS];

  /* GL, while cards move: the baize as bands of one colour each, and every
   * pile (and the dragged cards) drawn once into a texture of its own */
  GtkWidget *cloth;         /* the baize, styled by CSS as "feltboard > cloth" */
  GskRenderNode *cloth_bands_of;  /* the cloth's node they were read from */
  GskRenderNode *cloth_bands;
  int cloth_bands_scale;
  GskRenderNode *cloth_cut;       /* the bands less where opaque piles lie */
  graphene_rect_t cloth_holes[FELT_MAX_PILES];
  guint n_cloth_holes;
  FeltStillPile still[FELT_MAX_PILES + 1];
  /* GL, while cards slide: the run of cards that slide together as one
   * node (at their places at rest) and its texture */
  GskRenderNode *slide_node;
  FeltPileLook slide_look;
  guint slide_pile;
  FeltStillPile slide_still;
  /* GL, at rest after a slide: the pile the run reached as its texture
   * from the slide and the run's texture over it */
  GskRenderNode *rest_run;
  FeltOutlineTexture outlines[FELT_N_OUTLINE_TEXTURES];
  guint next_outline;       /* the slot the next new outline takes */
  guint n_still_made;       /* pile textures drawn so far (bench-draw's log) */
};

/* The game and the position the board shows (self->session is set). */
static inline const FeltGame *
felt_board_game (FeltBoard *self)
{
  return felt_session_get_game (self->session);
}

static inline const FeltState *
felt_board_state (FeltBoard *self)
{
  return felt_session_get_state (self->session);
}

/* felt-board.c */
void felt_board_layout_fans (FeltBoard *self);
void felt_board_card_origin (FeltBoard *self, guint pile, guint index, graphene_point_t *out);
void felt_board_changed (FeltBoard *self);
/* Plays the player's move through the game in play; FALSE without one. */
gboolean felt_board_play_move (FeltBoard *self, const FeltMove *move, gboolean animate);
void felt_board_slide_home (FeltBoard *self);
void felt_board_highlight_color (FeltBoard *self, FeltHighlight highlight, GdkRGBA *color);
/* Says `sentence` now (the board's accessible description; said again
 * when it is the same); NULL or "" clears it. */
void felt_board_announce (FeltBoard *self, const char *sentence);

gboolean felt_board_slide_position (FeltBoard *self, guint pile, guint index, graphene_point_t *out);

/* felt-board-draw.c */
void felt_board_highlights_init (FeltBoard *self);
void felt_board_highlights_dispose (FeltBoard *self);
void felt_board_draw_init (FeltBoard *self);
void felt_board_draw_allocate (FeltBoard *self, int width, int height);
void felt_board_draw_dispose (FeltBoard *self);
void felt_board_snapshot (GtkWidget *widget, GtkSnapshot *snapshot);
void felt_board_drop_pile_nodes (FeltBoard *self);

/* felt-board-a11y.c */
void felt_board_say_change (FeltBoard *self, const FeltState *before, FeltPlayChange change);
void felt_board_solver_status_changed (FeltBoard *self);

/* felt-board-piles.c */
void felt_board_piles_init (FeltBoard *self);
void felt_board_piles_update (FeltBoard *self);
void felt_board_piles_allocate (FeltBoard *self);
void felt_board_piles_dispose (FeltBoard *self);

/* felt-board-input.c */
void felt_board_input_init (FeltBoard *self);
void felt_board_cancel_pick (FeltBoard *self);
void felt_board_update_accessible (FeltBoard *self);

/* felt-board-layer.c: the GL texture caches below the moving cards. */
gboolean felt_board_draws_gl (FeltBoard *self);
/* GL, and cards move: the piles are drawn from their textures. */
gboolean felt_board_draws_layered (FeltBoard *self);
void felt_board_still_pile_clear (FeltStillPile *still);
void felt_board_drop_still (FeltBoard *self);
GskRenderNode *felt_board_still_pile (FeltBoard *self, guint slot, GskRenderNode *node, GskRenderNode *under);
GskRenderNode *felt_board_still_pile_current (FeltBoard *self, guint slot, GskRenderNode *node,
                                              GskRenderNode *under);
GskRenderNode *felt_board_still_node (FeltBoard *self, FeltStillPile *still, GskRenderNode *node,
                                      const FeltPileLook *look, GskRenderNode *under);
GskRenderNode *felt_board_texture_node_new (FeltBoard *self, GskRenderNode *content, const graphene_rect_t *area);
void felt_board_drop_cloth_bands (FeltBoard *self);
GskRenderNode *felt_board_cloth_node (FeltBoard *self, gboolean gl);
GskRenderNode *felt_board_cloth_cut (FeltBoard *self, const graphene_rect_t *holes, guint n_holes);
gboolean felt_board_pile_alone (FeltBoard *self, guint pile, guint n_piles);

/* felt-board-draw.c: what a pile shows (FeltPileLook), for the layer. */
void felt_board_drop_outlines (FeltBoard *self);
void felt_board_pile_look_clear (FeltPileLook *look);
void felt_board_pile_look_copy (FeltPileLook *to, const FeltPileLook *from);
gboolean felt_board_pile_look_equal (const FeltPileLook *a, const FeltPileLook *b, gboolean cards);

G_END_DECLS
