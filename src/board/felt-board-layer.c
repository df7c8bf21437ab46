/* felt-board-layer.c: the board's GL texture caches: the layer below
 * the moving cards (each pile's texture, kept while it does not change),
 * the run at rest after a slide, and the baize drawn as bands of one
 * colour.  felt-board-draw.c draws the frame from them.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "felt-board-private.h"

#include <gsk/gl/gskglrenderer.h>

/* ---- the layer below the moving cards (GL) ----------------------------------- */

/* GTK 4.8 redraws the whole window on every frame where GL cannot tell
 * what is left of the frame before (Mesa's llvmpipe under X: neither EGL
 * nor GLX offers buffer age there), and llvmpipe shades every pixel on
 * the processor, but for 64x64 tiles that one opaque colour covers
 * whole.  bench-draw's floor at 1920x1080 (a window-sized widget and a
 * moving rectangle), processor time a frame: one colour 3.9 ms, the
 * same window in 66 bands of colour 12.9 ms, one texture 18.6 ms.  So
 * a frame draws the baize as bands of one colour each, read once from
 * its gradient (cairo's pixels of it, the cheapest exact form of them),
 * and while cards move (a drag, a slide, the celebration) each pile as one
 * texture of its own size drawn when the pile last changed (no card
 * drawn over another; opaque, with the baize below it, where the pile
 * lies clear of the others, and the bands cut around it: no pixel drawn
 * twice), and the moving cards on top, the dragged ones as one texture
 * too; at rest, the piles whose textures are current are drawn from them
 * (still_pile_current).  Against one texture of
 * the whole board below the moving cards: a drag frame 17.2-17.7 ms of
 * processor time instead of 18-19 ms, and a slide's 99th percentile
 * 44-50 ms instead of 93-105 ms, since a move's first frame draws only
 * the piles the move changed.  Neither GLX_EXT_buffer_age nor
 * EGL_EXT_buffer_age is offered by Mesa 22.3's software GLX/EGL under
 * Xvfb (glxinfo: client-side only; eglinfo: absent), so nothing Felt can
 * draw lets GTK 4.8 redraw less than the window.  Tried and left: a
 * texture drawn by GSK's cairo fallback (GL_NEAREST) costs the same as a
 * render_texture one; a window-sized GskGLShader node (even of one
 * colour) costs 4-5 times the bands' processor time, a gradient node 6-7
 * times.  A frame of software GL stays several
 * times dearer than cairo's: Felt chooses cairo there unless the player
 * asks for GL (felt-application.c, choose_renderer). */
gboolean
felt_board_draws_gl (FeltBoard *self)
{
  GtkNative *native = gtk_widget_get_native (GTK_WIDGET (self));
  GskRenderer *renderer = native ? gtk_native_get_renderer (native) : NULL;

  return renderer != NULL && GSK_IS_GL_RENDERER (renderer) && gsk_renderer_is_realized (renderer);
}

gboolean
felt_board_draws_layered (FeltBoard *self)
{
  return felt_board_draws_gl (self) &&
         ((self->dragging && self->drag_pile >= 0) || self->n_slides > 0 || self->n_confetti > 0);
}

void
felt_board_still_pile_clear (FeltStillPile *still)
{
  g_clear_pointer (&still->of, gsk_render_node_unref);
  g_clear_pointer (&still->under, gsk_render_node_unref);
  g_clear_pointer (&still->node, gsk_render_node_unref);
  felt_board_pile_look_clear (&still->look);
}

/* Whether a pile's texture shows `node` over `under` at this scale: the
 * same node, or one that draws the same (a pile that looks again as it
 * did, such as the one a run slides to, whose node was made anew at rest
 * in between), which it then shows. */
static gboolean
still_shows (FeltBoard *self, FeltStillPile *still, GskRenderNode *node, const FeltPileLook *look,
             GskRenderNode *under)
{
  if (still->node == NULL || still->under != under || still->scale != gtk_widget_get_scale_factor (GTK_WIDGET (self)))
    return FALSE;
  if (still->of == node)
    return TRUE;
  if (!felt_board_pile_look_equal (&still->look, look, FALSE))
    return FALSE;
  gsk_render_node_unref (still->of);
  still->of = gsk_render_node_ref (node);
  return TRUE;
}

void
felt_board_drop_still (FeltBoard *self)
{
  for (guint slot = 0; slot <= FELT_MAX_PILES; slot++)
    felt_board_still_pile_clear (&self->still[slot]);
  felt_board_still_pile_clear (&self->slide_still);
  g_clear_pointer (&self->rest_run, gsk_render_node_unref);
  g_clear_pointer (&self->slide_node, gsk_render_node_unref);
  felt_board_pile_look_clear (&self->slide_look);
  felt_board_drop_outlines (self);
}

/* At rest, a pile's texture made while cards last moved, when the pile
 * still looks so (the same node), or NULL: the same pixels as the pile's
 * node (bench-draw checks it), for a fraction of the work: the node draws
 * every card of a fan whole, one over the other, and GTK redraws the
 * whole window on every frame where GL cannot tell what is left of the
 * last one.  So the frame that ends a drag or a slide (and any frame at
 * rest, such as the clock's) draws the piles as the moving frames did:
 * on llvmpipe that frame was the slowest of a slide (the 99th percentile
 * of the slides).  No texture is made at rest: a frame that made one
 * would cost more than drawing the node once. */
static GskRenderNode *rest_after_slide (FeltBoard *self, guint slot, GskRenderNode *under);

GskRenderNode *
felt_board_still_pile_current (FeltBoard *self, guint slot, GskRenderNode *node, GskRenderNode *under)
{
  if (!felt_board_draws_gl (self))
    return NULL;
  if (still_shows (self, &self->still[slot], node, &self->pile_look[slot], under))
    return self->still[slot].node;
  return rest_after_slide (self, slot, under);
}

/* At rest after a slide, the pile the run reached: its texture from the
 * slide (without the run) and the run's texture over it, when they draw
 * what its node draws (the run's cards on top of the others, at the same
 * places): the same pixels, without drawing the fan card over card (the
 * frame that ended a slide was its slowest on llvmpipe, with the
 * first).  NULL otherwise. */
static GskRenderNode *
rest_after_slide (FeltBoard *self, guint slot, GskRenderNode *under)
{
  FeltStillPile *pile = &self->still[slot], *run = &self->slide_still;
  const FeltPileLook *below = &pile->look, *above = &self->slide_look, *now = &self->pile_look[slot];
  int scale = gtk_widget_get_scale_factor (GTK_WIDGET (self));
  FeltPileLook both;
  int top_below = -1, first_above = FELT_MAX_CARDS;
  gboolean equal;

  if (slot >= FELT_MAX_PILES || self->slide_pile != slot || pile->node == NULL || run->node == NULL ||
      run->of != self->slide_node || pile->under != under || pile->scale != scale || run->scale != scale)
    return NULL;
  for (int i = 0; i < FELT_MAX_CARDS; i++)
    {
      if (FELT_PILE_DRAWN (below->drawn, i))
        top_below = i;
      if (FELT_PILE_DRAWN (above->drawn, i) && first_above == FELT_MAX_CARDS)
        first_above = i;
    }
  if (first_above == FELT_MAX_CARDS || top_below >= first_above)
    return NULL;
  /* The pile's look with the run's cards added is its look now (faces
   * borrowed, not referenced: `both` lives only here). */
  both = *below;
  for (guint i = 0; i < G_N_ELEMENTS (both.drawn); i++)
    both.drawn[i] = below->drawn[i] | above->drawn[i];
  for (int i = first_above; i < FELT_MAX_CARDS; i++)
    if (FELT_PILE_DRAWN (above->drawn, i))
      both.faces[i] = above->faces[i];
  equal = graphene_point_equal (&above->origin, &below->origin) && above->fan_dx == below->fan_dx &&
          above->fan_dy == below->fan_dy && above->card_w == below->card_w && above->card_h == below->card_h &&
          felt_board_pile_look_equal (&both, now, FALSE);
  if (!equal)
    return NULL;
  if (self->rest_run == NULL || gsk_container_node_get_child (self->rest_run, 0) != pile->node ||
      gsk_container_node_get_child (self->rest_run, 1) != run->node)
    {
      g_clear_pointer (&self->rest_run, gsk_render_node_unref);
      self->rest_run = gsk_container_node_new ((GskRenderNode *[]) { pile->node, run->node }, 2);
    }
  return self->rest_run;
}

/* What `content` draws within `area`'s whole device pixels, drawn once
 * into a texture, as a texture node there: drawn back 1:1, the same
 * pixels as `content` itself (the renderer draws only what lies in the
 * texture).  NULL when it covers no pixel. */
GskRenderNode *
felt_board_texture_node_new (FeltBoard *self, GskRenderNode *content, const graphene_rect_t *area)
{
  GtkWidget *widget = GTK_WIDGET (self);
  int scale = gtk_widget_get_scale_factor (widget);
  GskRenderer *renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));
  graphene_rect_t bounds, pixels;
  GskRenderNode *scaled, *node;
  GdkTexture *texture;

  graphene_rect_init (&pixels, area->origin.x * scale, area->origin.y * scale,
                      area->size.width * scale, area->size.height * scale);
  graphene_rect_round_extents (&pixels, &pixels);
  if (pixels.size.width < 1 || pixels.size.height < 1)
    return NULL;
  scaled = scale == 1 ? gsk_render_node_ref (content)
                      : gsk_transform_node_new (content, gsk_transform_scale (NULL, scale, scale));
  texture = gsk_renderer_render_texture (renderer, scaled, &pixels);
  self->n_still_made++;
  gsk_render_node_unref (scaled);
  graphene_rect_scale (&pixels, 1.0f / scale, 1.0f / scale, &bounds);
  node = gsk_texture_node_new (texture, &bounds);
  g_object_unref (texture);
  return node;
}

/* A pile's node (slot: the pile, or FELT_MAX_PILES for the dragged cards)
 * as a texture node of its own size, drawn anew only when the node is
 * new: GTK then finds the same node as in the frame before.  The
 * textures stay between moves, so that a move's first frame draws only
 * the piles it changed: a few MB at most, and only once cards moved.
 * With `under` (the baize's bands), the texture holds the baize below
 * the pile too: it is opaque, and the frame leaves the bands out where it
 * lies (cloth_cut).  llvmpipe pays for every pixel drawn, even one drawn
 * over: bench-draw's drag on the window, CPU time of Felt and the X
 * server a frame (median, two runs side by side on a busy machine):
 * 29.5 and 23.8 ms with the bands below every pile, 24.8 and 20.8 ms
 * without. */
GskRenderNode *
felt_board_still_node (FeltBoard *self, FeltStillPile *still, GskRenderNode *node, const FeltPileLook *look,
            GskRenderNode *under)
{
  int scale = gtk_widget_get_scale_factor (GTK_WIDGET (self));
  GskRenderNode *content;
  graphene_rect_t bounds;

  if (still_shows (self, still, node, look, under))
    return still->node;
  felt_board_still_pile_clear (still);
  /* The bands, then the pile, as the frame at rest draws them: the same
   * pixels (the renderer draws only what lies in the texture). */
  content = under ? gsk_container_node_new ((GskRenderNode *[]) { under, node }, 2) : gsk_render_node_ref (node);
  gsk_render_node_get_bounds (node, &bounds);
  still->node = felt_board_texture_node_new (self, content, &bounds);
  gsk_render_node_unref (content);
  if (still->node == NULL)
    return NULL;
  still->of = gsk_render_node_ref (node);
  still->under = under ? gsk_render_node_ref (under) : NULL;
  still->scale = scale;
  felt_board_pile_look_copy (&still->look, look);
  return still->node;
}

GskRenderNode *
felt_board_still_pile (FeltBoard *self, guint slot, GskRenderNode *node, GskRenderNode *under)
{
  return felt_board_still_node (self, &self->still[slot], node, &self->pile_look[slot], under);
}

/* Whether a node draws the same in every column from 0 to width:
 * colours and gradients from top to bottom (the baize's light falls from
 * the top), each as wide as that. */
static gboolean
same_in_every_column (GskRenderNode *node, float width)
{
  graphene_rect_t bounds;

  gsk_render_node_get_bounds (node, &bounds);
  switch (gsk_render_node_get_node_type (node))
    {
    case GSK_COLOR_NODE:
      return bounds.origin.x <= 0 && bounds.origin.x + bounds.size.width >= width;
    case GSK_LINEAR_GRADIENT_NODE:
      return bounds.origin.x <= 0 && bounds.origin.x + bounds.size.width >= width &&
             gsk_linear_gradient_node_get_start (node)->x == gsk_linear_gradient_node_get_end (node)->x;
    case GSK_DEBUG_NODE:
      return same_in_every_column (gsk_debug_node_get_child (node), width);
    case GSK_CONTAINER_NODE:
      for (guint i = 0; i < gsk_container_node_get_n_children (node); i++)
        if (!same_in_every_column (gsk_container_node_get_child (node, i), width))
          return FALSE;
      return TRUE;
    default:
      return FALSE;
    }
}

/* At most this many bands: a gradient from one colour to another that
 * differ by N steps in a channel has at most 3 N rows of change (the
 * baize: about 60). */
#define MAX_BANDS 512

/* The cloth, the same in every column, as bands of one colour each: one
 * column of it drawn with cairo, each run of equal rows a colour node as
 * wide as the board.  Cairo, not the window's renderer: a column of
 * pixels costs it nothing, where reading one back from GL would set up an
 * offscreen drawing of its own (3 MB kept, and a frame's work before the
 * first one).  NULL when it is not opaque or has too many bands. */
static GskRenderNode *
cloth_bands_new (GskRenderNode *node, const graphene_rect_t *all, int scale)
{
  int rows = (int) ceilf (all->size.height * scale);
  cairo_surface_t *column = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, rows);
  g_autoptr (GPtrArray) bands = g_ptr_array_new_with_free_func ((GDestroyNotify) gsk_render_node_unref);
  gboolean whole = TRUE;
  const guchar *pixels;
  int stride;
  cairo_t *cr;

  cr = cairo_create (column);
  cairo_scale (cr, scale, scale);
  gsk_render_node_draw (node, cr);
  cairo_destroy (cr);
  cairo_surface_flush (column);
  pixels = cairo_image_surface_get_data (column);
  stride = cairo_image_surface_get_stride (column);
  for (int y = 0, end; pixels != NULL && y < rows; y = end)
    {
      /* CAIRO_FORMAT_ARGB32: premultiplied, one native-endian word. */
      guint32 p = *(const guint32 *) (pixels + (gsize) stride * y);
      GdkRGBA color = { ((p >> 16) & 0xff) / 255.0f, ((p >> 8) & 0xff) / 255.0f, (p & 0xff) / 255.0f, 1 };

      if ((p >> 24) != 0xff || bands->len >= MAX_BANDS)
        {
          whole = FALSE;
          break;
        }
      for (end = y + 1; end < rows && *(const guint32 *) (pixels + (gsize) stride * end) == p; end++)
        ;
      g_ptr_array_add (bands, gsk_color_node_new (&color, &GRAPHENE_RECT_INIT (all->origin.x, (float) y / scale,
                                                                             all->size.width,
                                                                             (float) (end - y) / scale)));
    }
  cairo_surface_destroy (column);
  if (!whole || bands->len == 0)
    return NULL;
  return gsk_container_node_new ((GskRenderNode **) bands->pdata, bands->len);
}

void
felt_board_drop_cloth_bands (FeltBoard *self)
{
  g_clear_pointer (&self->cloth_bands_of, gsk_render_node_unref);
  g_clear_pointer (&self->cloth_bands, gsk_render_node_unref);
  g_clear_pointer (&self->cloth_cut, gsk_render_node_unref);
  self->n_cloth_holes = 0;
}

/* The baize's bands less `holes` (where opaque pile textures lie, whole
 * device pixels): each band cut into the rectangles around them.  Kept
 * while the holes stay the same. */
GskRenderNode *
felt_board_cloth_cut (FeltBoard *self, const graphene_rect_t *holes, guint n_holes)
{
  int scale = self->cloth_bands_scale;
  g_autoptr (GPtrArray) parts = NULL;

  if (n_holes == 0)
    return gsk_render_node_ref (self->cloth_bands);
  if (self->cloth_cut != NULL && self->n_cloth_holes == n_holes &&
      memcmp (self->cloth_holes, holes, n_holes * sizeof *holes) == 0)
    return gsk_render_node_ref (self->cloth_cut);

  parts = g_ptr_array_new_with_free_func ((GDestroyNotify) gsk_render_node_unref);
  for (guint i = 0; i < gsk_container_node_get_n_children (self->cloth_bands); i++)
    {
      GskRenderNode *band = gsk_container_node_get_child (self->cloth_bands, i);
      const GdkRGBA *color = gsk_color_node_get_color (band);
      graphene_rect_t b;
      cairo_rectangle_int_t r;
      cairo_region_t *region;

      gsk_render_node_get_bounds (band, &b);
      r = (cairo_rectangle_int_t) { lroundf (b.origin.x * scale), lroundf (b.origin.y * scale),
                                    lroundf (b.size.width * scale), lroundf (b.size.height * scale) };
      region = cairo_region_create_rectangle (&r);
      for (guint h = 0; h < n_holes; h++)
        {
          cairo_rectangle_int_t hole = { lroundf (holes[h].origin.x * scale), lroundf (holes[h].origin.y * scale),
                                         lroundf (holes[h].size.width * scale),
                                         lroundf (holes[h].size.height * scale) };
          cairo_region_subtract_rectangle (region, &hole);
        }
      for (int k = 0; k < cairo_region_num_rectangles (region); k++)
        {
          cairo_region_get_rectangle (region, k, &r);
          g_ptr_array_add (parts, gsk_color_node_new (color, &GRAPHENE_RECT_INIT ((float) r.x / scale,
                                                                                 (float) r.y / scale,
                                                                                 (float) r.width / scale,
                                                                                 (float) r.height / scale)));
        }
      cairo_region_destroy (region);
    }
  g_clear_pointer (&self->cloth_cut, gsk_render_node_unref);
  self->cloth_cut = gsk_container_node_new ((GskRenderNode **) parts->pdata, parts->len);
  memcpy (self->cloth_holes, holes, n_holes * sizeof *holes);
  self->n_cloth_holes = n_holes;
  return gsk_render_node_ref (self->cloth_cut);
}

/* Whether a pile's node lies clear of every other pile's (whole device
 * pixels, as its texture): its texture may then hold the baize below it
 * and cover it whole. */
gboolean
felt_board_pile_alone (FeltBoard *self, guint pile, guint n_piles)
{
  int scale = gtk_widget_get_scale_factor (GTK_WIDGET (self));
  graphene_rect_t a, b;

  gsk_render_node_get_bounds (self->pile_node[pile], &a);
  graphene_rect_scale (&a, scale, scale, &a);
  graphene_rect_round_extents (&a, &a);
  for (guint q = 0; q < n_piles; q++)
    if (q != pile && self->pile_node[q] != NULL)
      {
        gsk_render_node_get_bounds (self->pile_node[q], &b);
        graphene_rect_scale (&b, scale, scale, &b);
        graphene_rect_round_extents (&b, &b);
        if (graphene_rect_intersection (&a, &b, NULL))
          return FALSE;
      }
  return TRUE;
}

/* The cloth's node as GTK keeps it from frame to frame; with GL, when it
 * is the same in every column, as bands of one colour (above), from the
 * first frame on and kept while the cloth stays the same: llvmpipe
 * shades a gradient's or a texture's pixel several times slower than a
 * colour's, GTK redraws the whole window on every frame there, and the
 * gradient's shader is one llvmpipe would compile for the first frame
 * (20-25 ms of processor time before the window shows). */
GskRenderNode *
felt_board_cloth_node (FeltBoard *self, gboolean gl)
{
  GtkWidget *widget = GTK_WIDGET (self);
  GtkSnapshot *own = gtk_snapshot_new ();
  GskRenderNode *node;
  graphene_rect_t bounds, all;
  int scale = gtk_widget_get_scale_factor (widget);

  gtk_widget_snapshot_child (widget, self->cloth, own);
  node = gtk_snapshot_free_to_node (own);
  graphene_rect_init (&all, 0, 0, gtk_widget_get_width (widget), gtk_widget_get_height (widget));
  if (node == NULL || !gl || all.size.height < 1)
    return node;
  gsk_render_node_get_bounds (node, &bounds);
  if (!graphene_rect_equal (&bounds, &all) || !same_in_every_column (node, all.size.width))
    return node;

  if (self->cloth_bands != NULL)
    {
      graphene_rect_t had;

      gsk_render_node_get_bounds (self->cloth_bands, &had);
      if (self->cloth_bands_of != node || self->cloth_bands_scale != scale || !graphene_rect_equal (&had, &all))
        felt_board_drop_cloth_bands (self);
    }
  if (self->cloth_bands == NULL)
    {
      self->cloth_bands = cloth_bands_new (node, &all, scale);
      if (self->cloth_bands == NULL)
        return node;
      self->cloth_bands_of = gsk_render_node_ref (node);
      self->cloth_bands_scale = scale;
    }
  gsk_render_node_unref (node);
  /* The same node from frame to frame. */
  return gsk_render_node_ref (self->cloth_bands);
}

