/* felt-board-draw.c: the board's drawing: a render node per pile, kept
 * while the pile looks the same.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "felt-board-private.h"

#include <math.h>
#include <string.h>

static void
draw_outline (GtkSnapshot *snapshot, const graphene_rect_t *rect, double radius,
              const GdkRGBA *fill, const GdkRGBA *line, double width)
{
  GskRoundedRect rr;
  float widths[4] = { width, width, width, width };
  GdkRGBA lines[4] = { *line, *line, *line, *line };

  gsk_rounded_rect_init_from_rect (&rr, rect, radius);
  if (fill)
    {
      gtk_snapshot_push_rounded_clip (snapshot, &rr);
      gtk_snapshot_append_color (snapshot, fill, rect);
      gtk_snapshot_pop (snapshot);
    }
  gtk_snapshot_append_border (snapshot, &rr, widths, lines);
}

static const char *
empty_label (FeltBoard *self, guint pile)
{
  const FeltGame *game = felt_board_game (self);
  const FeltPileSpec *spec = &game->piles[pile];

  if (spec->role == FELT_ROLE_FOUNDATION && game->roles[FELT_ROLE_FOUNDATION].empty_rank == FELT_ACE)
    return "A";
  if (spec->role == FELT_ROLE_STOCK)
    return felt_state_can_stock (felt_board_state (self)) ? "↻" : NULL;
  return NULL;
}

static void
draw_text (FeltBoard *self, GtkSnapshot *snapshot, const char *text,
           const graphene_rect_t *rect, double size, const GdkRGBA *color)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), text);
  PangoFontDescription *font = pango_font_description_from_string ("Sans Bold");
  int w, h;

  pango_font_description_set_absolute_size (font, size * PANGO_SCALE);
  pango_layout_set_font_description (layout, font);
  pango_layout_get_pixel_size (layout, &w, &h);
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (rect->origin.x + (rect->size.width - w) / 2,
                                                          rect->origin.y + (rect->size.height - h) / 2));
  gtk_snapshot_append_layout (snapshot, layout, color);
  gtk_snapshot_restore (snapshot);
  pango_font_description_free (font);
  g_object_unref (layout);
}

/* GTK 4.8's cairo renderer converts the pixels of every texture node on
 * every frame, even where nothing is redrawn; from a face's own cairo
 * surface, cairo draws only the pixels that change. */
static gboolean
draws_with_cairo (FeltBoard *self)
{
  GtkNative *native = gtk_widget_get_native (GTK_WIDGET (self));
  GskRenderer *renderer = native ? gtk_native_get_renderer (native) : NULL;

  return renderer != NULL && GSK_IS_CAIRO_RENDERER (renderer);
}

/* The face a card shows now (at the nearest size there is), or NULL. */
static GdkTexture *
card_face (FeltBoard *self, guint pile, guint index)
{
  const FeltState *st = felt_board_state (self);
  FeltCard card = felt_state_card_face_down (st, pile, index) ? 0 : felt_pile_card (st, pile, index);

  return felt_card_theme_lookup (self->theme, card, self->texture_w, self->texture_h, NULL);
}

static void
draw_face (FeltBoard *self, GtkSnapshot *snapshot, GdkTexture *texture, const graphene_point_t *at,
           gboolean cairo)
{
  graphene_rect_t rect = GRAPHENE_RECT_INIT (at->x, at->y, self->card_w, self->card_h);
  cairo_surface_t *surface = texture && cairo ? felt_card_theme_get_surface (texture) : NULL;

  if (surface)
    {
      /* As a texture node draws it. */
      cairo_t *cr = gtk_snapshot_append_cairo (snapshot, &rect);
      int w = cairo_image_surface_get_width (surface), h = cairo_image_surface_get_height (surface);

      cairo_translate (cr, at->x, at->y);
      cairo_scale (cr, self->card_w / w, self->card_h / h);
      cairo_set_source_surface (cr, surface, 0, 0);
      cairo_pattern_set_extend (cairo_get_source (cr), CAIRO_EXTEND_PAD);
      cairo_rectangle (cr, 0, 0, w, h);
      cairo_fill (cr);
      cairo_destroy (cr);
    }
  else if (texture)
    gtk_snapshot_append_texture (snapshot, texture, &rect);
  else
    {
      /* Not rendered yet (the deck is still on its way): a blank card. */
      const GdkRGBA face = { 1, 1, 0.97, 1 }, edge = { 0.5, 0.5, 0.5, 1 };
      draw_outline (snapshot, &rect, self->card_w * 0.06, &face, &edge, 1);
    }
}

static void
draw_card (FeltBoard *self, GtkSnapshot *snapshot, guint pile, guint index,
           const graphene_point_t *at)
{
  draw_face (self, snapshot, card_face (self, pile, index), at, draws_with_cairo (self));
}


/* A highlight's outline while cards move with GL: drawn once into a
 * texture of its own, the same node from frame to frame while it stays
 * the same (the same pixels: the board-gl test).  Its rounded clip and
 * border are shaded per pixel with the rounded rectangle's coverage,
 * which llvmpipe pays dearly for: bench-draw's drag on the window cost
 * 2.5-3 ms more processor time a frame with the drop highlight on than
 * off (half of a frame's margin over the floor's window of one texture),
 * and the first frames it showed in up to 200 ms more; from a texture it
 * costs what its few pixels do.  At rest it is drawn as it always was. */
static void
append_outline (FeltBoard *self, GtkSnapshot *snapshot, const graphene_rect_t *rect, double radius,
                const GdkRGBA *fill, const GdkRGBA *line, double width)
{
  int scale = gtk_widget_get_scale_factor (GTK_WIDGET (self));
  FeltOutlineTexture *slot = NULL;

  if (!felt_board_draws_layered (self))
    {
      draw_outline (snapshot, rect, radius, fill, line, width);
      return;
    }
  for (guint i = 0; i < FELT_N_OUTLINE_TEXTURES && slot == NULL; i++)
    if (self->outlines[i].node && graphene_rect_equal (&self->outlines[i].rect, rect) &&
        gdk_rgba_equal (&self->outlines[i].color, line) && self->outlines[i].radius == radius &&
        self->outlines[i].scale == scale)
      slot = &self->outlines[i];
  if (slot == NULL)
    {
      GtkSnapshot *own = gtk_snapshot_new ();
      GskRenderNode *outline;
      graphene_rect_t bounds;

      draw_outline (own, rect, radius, fill, line, width);
      outline = gtk_snapshot_free_to_node (own);
      if (outline == NULL)
        return;
      slot = &self->outlines[self->next_outline];
      self->next_outline = (self->next_outline + 1) % FELT_N_OUTLINE_TEXTURES;
      g_clear_pointer (&slot->node, gsk_render_node_unref);
      gsk_render_node_get_bounds (outline, &bounds);
      slot->node = felt_board_texture_node_new (self, outline, &bounds);
      gsk_render_node_unref (outline);
      slot->rect = *rect;
      slot->color = *line;
      slot->radius = radius;
      slot->scale = scale;
    }
  if (slot->node)
    gtk_snapshot_append_node (snapshot, slot->node);
}

void
felt_board_drop_outlines (FeltBoard *self)
{
  for (guint i = 0; i < FELT_N_OUTLINE_TEXTURES; i++)
    g_clear_pointer (&self->outlines[i].node, gsk_render_node_unref);
}

static void
draw_highlight (FeltBoard *self, GtkSnapshot *snapshot, guint pile, int first, const GdkRGBA *color)
{
  const FeltState *st = felt_board_state (self);
  guint n = felt_pile_size (st, pile);
  graphene_point_t a, b;
  graphene_rect_t rect;
  GdkRGBA fill = *color;

  felt_board_card_origin (self, pile, first < 0 ? 0 : first, &a);
  felt_board_card_origin (self, pile, n ? n - 1 : 0, &b);
  if (first < 0 && n > 0 && self->fan_dx[pile] == 0 && self->fan_dy[pile] == 0)
    a = b;
  graphene_rect_init (&rect, a.x - 2, a.y - 2, b.x - a.x + self->card_w + 4, b.y - a.y + self->card_h + 4);
  fill.alpha = 0.22;
  append_outline (self, snapshot, &rect, self->card_w * 0.07, &fill, color, 3);
}

static gboolean
place_over_others (FeltBoard *self, guint pile)
{
  const FeltGame *game = felt_board_game (self);
  graphene_rect_t base = GRAPHENE_RECT_INIT (self->origin[pile].x, self->origin[pile].y,
                                             self->card_w, self->card_h);

  for (guint q = 0; q < game->n_piles; q++)
    {
      gboolean down = game->piles[q].fan == FELT_FAN_DOWN, right = game->piles[q].fan == FELT_FAN_RIGHT;
      graphene_rect_t room = GRAPHENE_RECT_INIT (self->origin[q].x, self->origin[q].y,
                                                 self->card_w + (right ? self->fan_room[q] : 0),
                                                 self->card_h + (down ? self->fan_room[q] : 0));
      if (q != pile && graphene_rect_intersection (&base, &room, NULL))
        return TRUE;
    }
  return FALSE;
}

/* Whether a pile's place is drawn: not when it is empty and lies across
 * others' room (Backbone's cross card), where it would cover their cards. */
static gboolean
place_shown (FeltBoard *self, guint pile)
{
  return felt_pile_size (felt_board_state (self), pile) > 0 || !place_over_others (self, pile);
}

/* A pile: its empty place (with a label) and its cards first..end-1, less
 * those sliding; or, without the place, the cards being dragged. */
static void
draw_pile (FeltBoard *self, GtkSnapshot *snapshot, guint pile, guint first, guint end,
           gboolean place, const char *label, gboolean cairo)
{
  const GdkRGBA slot_line = { 1, 1, 1, 0.35 };
  const GdkRGBA slot_fill = { 0, 0, 0, 0.10 };
  const GdkRGBA label_color = { 1, 1, 1, 0.45 };
  graphene_rect_t base = GRAPHENE_RECT_INIT (self->origin[pile].x, self->origin[pile].y,
                                             self->card_w, self->card_h);

  if (place && !place_shown (self, pile))
    place = FALSE;
  if (place)
    draw_outline (snapshot, &base, self->card_w * 0.07, &slot_fill, &slot_line, 1.5);
  if (place && label)
    draw_text (self, snapshot, label, &base, self->card_h * 0.3, &label_color);
  for (guint i = first; i < end; i++)
    {
      graphene_point_t at;
      if (felt_board_slide_position (self, pile, i, &at))
        continue;
      felt_board_card_origin (self, pile, i, &at);
      draw_face (self, snapshot, card_face (self, pile, i), &at, cairo);
    }
}

void
felt_board_pile_look_clear (FeltPileLook *look)
{
  for (guint i = 0; i < FELT_MAX_CARDS; i++)
    g_clear_object (&look->faces[i]);
  memset (look->drawn, 0, sizeof look->drawn);
}

/* Which cards a pile's node draws: first..end-1, less those sliding. */
static void
pile_drawn_cards (FeltBoard *self, guint pile, guint first, guint end, guint64 *drawn)
{
  memset (drawn, 0, sizeof self->pile_look[0].drawn);
  for (guint i = first; i < end; i++)
    drawn[i / 64] |= G_GUINT64_CONSTANT (1) << (i % 64);
  for (guint s = 0; s < self->n_slides; s++)
    if (self->slides[s].pile == pile && self->slides[s].index >= first && self->slides[s].index < end)
      drawn[self->slides[s].index / 64] &= ~(G_GUINT64_CONSTANT (1) << (self->slides[s].index % 64));
}

/* What a node of the pile drawing `drawn` would draw now, its faces
 * borrowed (not referenced): for comparing, or for felt_board_pile_look_copy (). */
static void
pile_look_now (FeltBoard *self, FeltPileLook *look, guint pile, const guint64 *drawn, gboolean place,
               const char *label, gboolean cairo)
{
  memset (look, 0, sizeof *look);
  for (guint i = 0; i < FELT_MAX_CARDS; i++)
    if (FELT_PILE_DRAWN (drawn, i))
      look->faces[i] = card_face (self, pile, i);
  memcpy (look->drawn, drawn, sizeof look->drawn);
  look->origin = self->origin[pile];
  look->fan_dx = self->fan_dx[pile];
  look->fan_dy = self->fan_dy[pile];
  look->card_w = self->card_w;
  look->card_h = self->card_h;
  look->place = place;
  look->label = label;
  look->cairo = cairo;
}

/* A look kept, its faces referenced. */
void
felt_board_pile_look_copy (FeltPileLook *to, const FeltPileLook *from)
{
  felt_board_pile_look_clear (to);
  *to = *from;
  for (guint i = 0; i < FELT_MAX_CARDS; i++)
    if (to->faces[i])
      g_object_ref (to->faces[i]);
}

/* Whether two looks draw a pile's place and cards alike; `cards`: only
 * the cards, at the same places (not the place, its label, the renderer). */
gboolean
felt_board_pile_look_equal (const FeltPileLook *a, const FeltPileLook *b, gboolean cards)
{
  if ((!cards && (a->place != b->place || a->label != b->label || a->cairo != b->cairo)) ||
      memcmp (a->drawn, b->drawn, sizeof a->drawn) != 0 || !graphene_point_equal (&a->origin, &b->origin) ||
      a->fan_dx != b->fan_dx || a->fan_dy != b->fan_dy || a->card_w != b->card_w || a->card_h != b->card_h)
    return FALSE;
  for (guint i = 0; i < FELT_MAX_CARDS; i++)
    if (FELT_PILE_DRAWN (a->drawn, i) && a->faces[i] != b->faces[i])
      return FALSE;
  return TRUE;
}

/* Keeps what a node of the pile draws, for pile_look_same (). */
static void
pile_look_keep (FeltBoard *self, FeltPileLook *look, guint pile, const guint64 *drawn, gboolean place,
                const char *label, gboolean cairo)
{
  FeltPileLook now;

  pile_look_now (self, &now, pile, drawn, place, label, cairo);
  felt_board_pile_look_copy (look, &now);
}

/* Whether the pile's node would draw the same: the same cards at the same
 * places.  A move's cards are left out while they slide, so the piles
 * they leave and reach keep their nodes (and, with GL, the still layer
 * stays as it was during the drag). */
static gboolean
pile_look_same (FeltBoard *self, const FeltPileLook *look, guint pile, const guint64 *drawn,
                gboolean place, const char *label, gboolean cairo)
{
  FeltPileLook now;

  pile_look_now (self, &now, pile, drawn, place, label, cairo);
  return felt_board_pile_look_equal (look, &now, FALSE);
}


/* The render node of a pile (slot: the pile, or FELT_MAX_PILES for the
 * dragged cards), made anew only when the pile looks different: a frame
 * of a drag draws the same nodes as the one before, but for the dragged
 * cards, and the renderer redraws only where they were and are.  NULL:
 * nothing to draw. */
static GskRenderNode *
pile_node (FeltBoard *self, guint slot, guint pile, guint first, guint end, const char *label, gboolean cairo)
{
  FeltPileLook *look = &self->pile_look[slot];
  gboolean place = slot < FELT_MAX_PILES && place_shown (self, pile);
  guint64 drawn[G_N_ELEMENTS (look->drawn)];

  pile_drawn_cards (self, pile, first, end, drawn);
  if (self->pile_node[slot] == NULL || !pile_look_same (self, look, pile, drawn, place, label, cairo))
    {
      GtkSnapshot *own = gtk_snapshot_new ();

      draw_pile (self, own, pile, first, end, place, label, cairo);
      g_clear_pointer (&self->pile_node[slot], gsk_render_node_unref);
      self->pile_node[slot] = gtk_snapshot_free_to_node (own);
      pile_look_keep (self, look, pile, drawn, place, label, cairo);
    }
  return self->pile_node[slot];
}

/* What a frame draws of a pile whose node is `node`: with GL, while cards
 * move (`layered`), the node drawn into a texture once; at rest, that
 * texture while the pile looks so; `under`: the baize's bands, drawn
 * into the texture below the pile (see still_pile). */
static GskRenderNode *
pile_shown (FeltBoard *self, guint slot, GskRenderNode *node, GskRenderNode *under, gboolean cairo,
            gboolean layered)
{
  GskRenderNode *still = NULL;

  if (node == NULL)
    return NULL;
  if (layered)
    still = felt_board_still_pile (self, slot, node, under);
  else if (!cairo)
    still = felt_board_still_pile_current (self, slot, node, under);
  return still ? still : node;
}

void
felt_board_drop_pile_nodes (FeltBoard *self)
{
  for (guint slot = 0; slot <= FELT_MAX_PILES; slot++)
    {
      g_clear_pointer (&self->pile_node[slot], gsk_render_node_unref);
      felt_board_pile_look_clear (&self->pile_look[slot]);
    }
  felt_board_drop_still (self);
}

static gboolean
release_pixels (gpointer data)
{
  FeltBoard *self = data;

  self->release_id = 0;
  if (self->theme)
    felt_card_theme_release_pixels (self->theme);
  return G_SOURCE_REMOVE;
}

/* ---- sliding cards ------------------------------------------------------------- */

/* The slides from `s` on that slide together: the same pile, the next
 * cards one after the other, each the same way from where it was to
 * where it lies (a run moved with its fan as it was, or put down after a
 * drag).  Their number. */
static guint
slides_together (FeltBoard *self, guint s)
{
  const FeltSlide *a = &self->slides[s];
  graphene_point_t to_a;
  guint k = 1;

  felt_board_card_origin (self, a->pile, a->index, &to_a);
  for (; s + k < self->n_slides; k++)
    {
      const FeltSlide *b = &self->slides[s + k];
      graphene_point_t to_b;

      if (b->pile != a->pile || b->index != a->index + k)
        break;
      felt_board_card_origin (self, b->pile, b->index, &to_b);
      if (fabs ((b->from.x - to_b.x) - (a->from.x - to_a.x)) > 0.01 ||
          fabs ((b->from.y - to_b.y) - (a->from.y - to_a.y)) > 0.01)
        break;
    }
  return k;
}

/* Cards first..end-1 of a pile, sliding together, with GL: one texture
 * of them at their places at rest, drawn once and moved from frame to
 * frame, as the dragged cards are.  Drawn card by card, a fan of 10
 * cards shades each pixel several times over on llvmpipe: bench-draw's
 * slides on the window cost 3 ms more processor time a frame than the
 * drag of the same cards as one texture. */
static void
draw_slides_together (FeltBoard *self, GtkSnapshot *snapshot, guint pile, guint first, guint end)
{
  FeltPileLook *look = &self->slide_look;
  guint64 drawn[G_N_ELEMENTS (look->drawn)];
  graphene_point_t at, rest;
  GskRenderNode *node;

  memset (drawn, 0, sizeof drawn);
  for (guint i = first; i < end; i++)
    drawn[i / 64] |= G_GUINT64_CONSTANT (1) << (i % 64);
  if (self->slide_node == NULL || self->slide_pile != pile ||
      !pile_look_same (self, look, pile, drawn, FALSE, NULL, FALSE))
    {
      GtkSnapshot *own = gtk_snapshot_new ();

      for (guint i = first; i < end; i++)
        {
          felt_board_card_origin (self, pile, i, &rest);
          draw_face (self, own, card_face (self, pile, i), &rest, FALSE);
        }
      g_clear_pointer (&self->slide_node, gsk_render_node_unref);
      self->slide_node = gtk_snapshot_free_to_node (own);
      self->slide_pile = pile;
      pile_look_keep (self, look, pile, drawn, FALSE, NULL, FALSE);
    }
  if (self->slide_node == NULL)
    return;
  node = felt_board_still_node (self, &self->slide_still, self->slide_node, &self->slide_look, NULL);
  if (node == NULL)
    node = self->slide_node;
  felt_board_slide_position (self, pile, first, &at);
  felt_board_card_origin (self, pile, first, &rest);
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (at.x - rest.x, at.y - rest.y));
  gtk_snapshot_append_node (snapshot, node);
  gtk_snapshot_restore (snapshot);
}

/* ---- the frame ---------------------------------------------------------------- */

/* The still layer of each pile: the baize, empty places, piles and their
 * labels, as nodes kept from frame to frame (self->pile_node). */
static void
make_pile_nodes (FeltBoard *self, const FeltGame *game, const FeltState *st, gboolean cairo)
{
  for (guint p = 0; p < game->n_piles; p++)
    {
      guint n = felt_pile_size (st, p);
      gboolean fanned = game->piles[p].fan != FELT_FAN_NONE;
      const char *label = NULL;
      guint first, hidden_from;

      hidden_from = ((int) p == self->drag_pile && self->dragging) ? n - self->drag_count : n;

      if (n == 0 || hidden_from == 0)
        label = empty_label (self, p);

      /* Unfanned piles show their top card; the one below shows while the
       * top one is lifted or arriving. */
      first = 0;
      if (!fanned && n > 0)
        {
          first = n - 1;
          while (first > 0)
            {
              graphene_point_t ignored;
              if (first < hidden_from && !felt_board_slide_position (self, p, first, &ignored))
                break;
              first--;
            }
        }
      pile_node (self, p, p, first, hidden_from, label, cairo);
    }
}

/* The baize and the piles on it.  With GL, a pile clear of the others is
 * drawn with the baize below it into its texture, and the bands leave
 * out where it lies. */
static void
append_piles (FeltBoard *self, GtkSnapshot *snapshot, const FeltGame *game, gboolean cairo, gboolean layered)
{
  GskRenderNode *cloth, *shown[FELT_MAX_PILES], *bands;
  graphene_rect_t holes[FELT_MAX_PILES];
  guint n_holes = 0;

  cloth = felt_board_cloth_node (self, !cairo && felt_board_draws_gl (self));
  bands = cloth != NULL && cloth == self->cloth_bands ? cloth : NULL;
  for (guint p = 0; p < game->n_piles; p++)
    {
      GskRenderNode *baize = bands && self->pile_node[p] && felt_board_pile_alone (self, p, game->n_piles) ? bands : NULL;

      shown[p] = pile_shown (self, p, self->pile_node[p], baize, cairo, layered);
      /* Opaque: the pile's texture (also below a run at rest). */
      if (baize && (shown[p] == self->still[p].node || (shown[p] != NULL && shown[p] == self->rest_run)))
        gsk_render_node_get_bounds (self->still[p].node, &holes[n_holes++]);
    }
  /* The run over its pile is kept only while a frame shows it. */
  if (self->rest_run != NULL)
    {
      gboolean shows_run = FALSE;

      for (guint p = 0; p < game->n_piles; p++)
        shows_run = shows_run || shown[p] == self->rest_run;
      if (!shows_run)
        g_clear_pointer (&self->rest_run, gsk_render_node_unref);
    }
  if (bands)
    {
      gsk_render_node_unref (cloth);
      cloth = felt_board_cloth_cut (self, holes, n_holes);
    }
  if (cloth)
    gtk_snapshot_append_node (snapshot, cloth);
  g_clear_pointer (&cloth, gsk_render_node_unref);
  for (guint p = 0; p < game->n_piles; p++)
    if (shown[p])
      gtk_snapshot_append_node (snapshot, shown[p]);
}

/* Hopscotch: each foundation says its step. */
static void
draw_foundation_steps (FeltBoard *self, GtkSnapshot *snapshot, const FeltGame *game)
{
  const GdkRGBA label_color = { 1, 1, 1, 0.45 };

  if (game->roles[FELT_ROLE_FOUNDATION].build != FELT_BUILD_STEP)
    return;
  for (guint p = 0; p < game->n_piles; p++)
    if (game->piles[p].role == FELT_ROLE_FOUNDATION)
      {
        g_autofree char *step = g_strdup_printf ("+%u", game->piles[p].index + 1);
        graphene_rect_t place = GRAPHENE_RECT_INIT (self->origin[p].x, self->origin[p].y + self->card_h,
                                                    self->card_w, self->card_h * 0.2);
        draw_text (self, snapshot, step, &place, self->card_h * 0.13, &label_color);
      }
}

/* The highlights: the hint, the picked cards, where a drop would go and
 * the keyboard focus. */
static void
draw_highlights (FeltBoard *self, GtkSnapshot *snapshot, const FeltState *st)
{
  GdkRGBA drop_color, hint_color, picked_color, focus_color;

  if (self->hint_from >= 0 || self->hint_stock)
    felt_board_highlight_color (self, FELT_HIGHLIGHT_HINT, &hint_color);
  if (self->hint_from >= 0)
    {
      guint n = felt_pile_size (st, self->hint_from);
      draw_highlight (self, snapshot, self->hint_from, (int) (n - self->hint_count), &hint_color);
      draw_highlight (self, snapshot, self->hint_to, -1, &hint_color);
    }
  else if (self->hint_stock)
    draw_highlight (self, snapshot, 0, -1, &hint_color);

  if (self->picked_pile >= 0)
    {
      guint n = felt_pile_size (st, self->picked_pile);
      felt_board_highlight_color (self, FELT_HIGHLIGHT_PICKED, &picked_color);
      draw_highlight (self, snapshot, self->picked_pile, (int) (n - self->picked_count), &picked_color);
    }
  if (self->drop_pile >= 0)
    {
      felt_board_highlight_color (self, FELT_HIGHLIGHT_DROP, &drop_color);
      draw_highlight (self, snapshot, self->drop_pile, -1, &drop_color);
    }

  if (self->show_focus && gtk_widget_has_focus (GTK_WIDGET (self)) && self->focus_pile >= 0)
    {
      graphene_point_t at;
      graphene_rect_t rect;
      felt_board_card_origin (self, self->focus_pile, MAX (self->focus_index, 0), &at);
      /* A light ring inside a dark one shows on cards and on the cloth alike. */
      GdkRGBA focus_shadow;
      felt_board_highlight_color (self, FELT_HIGHLIGHT_FOCUS_SHADOW, &focus_shadow);
      graphene_rect_init (&rect, at.x - 6, at.y - 6, self->card_w + 12, self->card_h + 12);
      draw_outline (snapshot, &rect, self->card_w * 0.1, NULL, &focus_shadow, 2);
      graphene_rect_init (&rect, at.x - 4, at.y - 4, self->card_w + 8, self->card_h + 8);
      felt_board_highlight_color (self, FELT_HIGHLIGHT_FOCUS, &focus_color);
      draw_outline (snapshot, &rect, self->card_w * 0.09, NULL, &focus_color, 3);
    }
}

/* Sliding cards, then the dragged ones, above everything else; with GL,
 * the first run of them that slides together as one texture. */
static void
draw_moving (FeltBoard *self, GtkSnapshot *snapshot, const FeltState *st, gboolean cairo, gboolean layered)
{
  for (guint s = 0, together = 0; s < self->n_slides; s++)
    {
      graphene_point_t at;
      guint k = layered && !together ? slides_together (self, s) : 1;

      if (k > 1)
        {
          draw_slides_together (self, snapshot, self->slides[s].pile, self->slides[s].index,
                                self->slides[s].index + k);
          s += k - 1;
          together = 1;
        }
      else if (felt_board_slide_position (self, self->slides[s].pile, self->slides[s].index, &at))
        draw_card (self, snapshot, self->slides[s].pile, self->slides[s].index, &at);
    }
  for (guint i = 0; i < self->n_confetti; i++)
    {
      GdkTexture *texture = felt_card_theme_lookup (self->theme, self->confetti[i].card,
                                                    self->texture_w, self->texture_h, NULL);
      if (texture)
        draw_face (self, snapshot, texture, &GRAPHENE_POINT_INIT (self->confetti[i].x, self->confetti[i].y),
                   cairo);
    }
  if (self->dragging && self->drag_pile >= 0)
    {
      /* The same node from frame to frame, moved. */
      guint n = felt_pile_size (st, self->drag_pile);
      gtk_snapshot_save (snapshot);
      gtk_snapshot_translate (snapshot, &self->drag_offset);
      GskRenderNode *node = pile_node (self, FELT_MAX_PILES, self->drag_pile, n - self->drag_count, n, NULL, cairo);

      node = pile_shown (self, FELT_MAX_PILES, node, NULL, cairo, layered);
      if (node)
        gtk_snapshot_append_node (snapshot, node);
      gtk_snapshot_restore (snapshot);
    }
}

void
felt_board_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  FeltBoard *self = FELT_BOARD (widget);
  const FeltGame *game;
  const FeltState *st;
  gboolean cairo, layered;

  if (self->session == NULL || self->theme == NULL || self->card_w <= 0)
    {
      GskRenderNode *cloth = felt_board_cloth_node (self, FALSE);
      if (cloth)
        gtk_snapshot_append_node (snapshot, cloth);
      g_clear_pointer (&cloth, gsk_render_node_unref);
      return;
    }
  game = felt_board_game (self);
  st = felt_board_state (self);
  cairo = draws_with_cairo (self);
  layered = !cairo && felt_board_draws_layered (self);
  /* The textures of piles this game has not, and of cards no longer
   * dragged, are not drawn again. */
  for (guint slot = game->n_piles; slot < FELT_MAX_PILES; slot++)
    felt_board_still_pile_clear (&self->still[slot]);
  if (!(self->dragging && self->drag_pile >= 0))
    felt_board_still_pile_clear (&self->still[FELT_MAX_PILES]);
  /* A GL renderer keeps each face it drew as a texture of its own: the
   * copy mapped from the face cache is not read again, and its memory
   * can go back to the system a little after the frame is on screen
   * (at most once a second while the board changes, never when idle). */
  if (!cairo && self->release_id == 0)
    self->release_id = g_timeout_add (1000, release_pixels, self);

  make_pile_nodes (self, game, st, cairo);
  append_piles (self, snapshot, game, cairo, layered);
  draw_foundation_steps (self, snapshot, game);
  /* The highlights, and what changes from frame to frame while cards
   * move, on top: a move clears a hint or a pick and leaves the still
   * layer as it is. */
  draw_highlights (self, snapshot, st);
  draw_moving (self, snapshot, st, cairo, layered);
}

/* ---- the board's own parts --------------------------------------------------- */

void
felt_board_draw_init (FeltBoard *self)
{
  /* The baize is a part of its own, so that the still layer can hold it
   * (GTK draws a widget's own background on every frame). */
  self->cloth = g_object_new (GTK_TYPE_BOX, "css-name", "cloth", NULL);
  gtk_widget_set_can_target (self->cloth, FALSE);
  gtk_accessible_update_state (GTK_ACCESSIBLE (self->cloth), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
  gtk_widget_set_parent (self->cloth, GTK_WIDGET (self));
}

void
felt_board_draw_allocate (FeltBoard *self, int width, int height)
{
  int ignored;

  if (self->cloth == NULL)
    return;
  /* GTK wants a part measured before it is allocated. */
  gtk_widget_measure (self->cloth, GTK_ORIENTATION_HORIZONTAL, -1, &ignored, NULL, NULL, NULL);
  gtk_widget_measure (self->cloth, GTK_ORIENTATION_VERTICAL, width, &ignored, NULL, NULL, NULL);
  gtk_widget_allocate (self->cloth, width, height, -1, NULL);
}

void
felt_board_draw_dispose (FeltBoard *self)
{
  felt_board_drop_cloth_bands (self);
  felt_board_drop_pile_nodes (self);
  g_clear_pointer (&self->cloth, gtk_widget_unparent);
}

/* ---- the highlights' colours, from the CSS ---------------------------------------------- */

/* A hidden child of the board, styled "feltboard > highlight.hint" and so
 * on, as the baize is "feltboard": the board draws the highlight itself
 * in the colour the style sheet gives. */
#define FELT_TYPE_BOARD_HIGHLIGHT (felt_board_highlight_get_type ())
G_DECLARE_FINAL_TYPE (FeltBoardHighlight, felt_board_highlight, FELT, BOARD_HIGHLIGHT, GtkWidget)

struct _FeltBoardHighlight
{
  GtkWidget parent_instance;
};

G_DEFINE_FINAL_TYPE (FeltBoardHighlight, felt_board_highlight, GTK_TYPE_WIDGET)

static void
felt_board_highlight_class_init (FeltBoardHighlightClass *klass)
{
  gtk_widget_class_set_css_name (GTK_WIDGET_CLASS (klass), "highlight");
}

static void
felt_board_highlight_init (FeltBoardHighlight *self)
{
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
}

void
felt_board_highlights_init (FeltBoard *self)
{
  static const char *const names[FELT_N_HIGHLIGHTS] = { "drop-target", "hint", "picked", "focus-ring",
                                                           "focus-shadow" };

  for (guint i = 0; i < FELT_N_HIGHLIGHTS; i++)
    {
      self->highlight_style[i] = g_object_new (FELT_TYPE_BOARD_HIGHLIGHT, "css-classes",
                                               (const char *[]) { names[i], NULL }, NULL);
      gtk_widget_set_parent (self->highlight_style[i], GTK_WIDGET (self));
    }
}

void
felt_board_highlights_dispose (FeltBoard *self)
{
  for (guint i = 0; i < FELT_N_HIGHLIGHTS; i++)
    g_clear_pointer (&self->highlight_style[i], gtk_widget_unparent);
}

void
felt_board_highlight_color (FeltBoard *self, FeltHighlight highlight, GdkRGBA *color)
{
  GtkWidget *style = self->highlight_style[highlight];

#if defined (GDK_VERSION_4_10) && GDK_VERSION_MAX_ALLOWED >= GDK_VERSION_4_10
  gtk_widget_get_color (style, color);
#else
  /* GTK 4.8 reads a widget's colour through its style context only. */
  gtk_style_context_get_color (gtk_widget_get_style_context (style), color);
#endif
}
