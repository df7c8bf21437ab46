/* test-board-gl.c: the board's drawing with the GL renderer (on Xvfb,
 * Mesa's llvmpipe): while cards move, each pile is drawn from a texture
 * of its own (felt-board-draw.c, still_pile), opaque with the baize below
 * it where it lies clear of other piles, the baize's bands left out
 * there; at rest, the piles that still look so are drawn from the same
 * textures; and the picture is the one the board's own nodes give, pixel
 * for pixel.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "test-board-util.h"
#include "felt-face-cache.h"

#include <gsk/gl/gskglrenderer.h>

/* The board's render node, as GTK takes it for a frame. */
static GskRenderNode *
board_node (void)
{
  GtkSnapshot *snapshot = gtk_snapshot_new ();

  /* GTK keeps the node of a widget that did not ask to be drawn. */
  gtk_widget_queue_draw (GTK_WIDGET (fx.board));
  gtk_widget_snapshot_child (fx.window, GTK_WIDGET (fx.board), snapshot);
  return gtk_snapshot_free_to_node (snapshot);
}

/* The board's pixels as the window's renderer draws `node`. */
static guchar *
node_pixels (GskRenderNode *node, int *width, int *height)
{
  GskRenderer *renderer = gtk_native_get_renderer (GTK_NATIVE (fx.window));
  GdkTexture *texture;
  guchar *data;

  *width = gtk_widget_get_width (GTK_WIDGET (fx.board));
  *height = gtk_widget_get_height (GTK_WIDGET (fx.board));
  texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, *width, *height));
  data = g_malloc ((gsize) *width * *height * 4);
  gdk_texture_download (texture, data, (gsize) *width * 4);
  g_object_unref (texture);
  return data;
}

/* Whether `tree` holds `node` (the same node, not a copy). */
static gboolean
holds (GskRenderNode *tree, GskRenderNode *node)
{
  if (tree == node)
    return TRUE;
  switch (gsk_render_node_get_node_type (tree))
    {
    case GSK_CONTAINER_NODE:
      for (guint i = 0; i < gsk_container_node_get_n_children (tree); i++)
        if (holds (gsk_container_node_get_child (tree, i), node))
          return TRUE;
      return FALSE;
    case GSK_TRANSFORM_NODE:
      return holds (gsk_transform_node_get_child (tree), node);
    case GSK_DEBUG_NODE:
      return holds (gsk_debug_node_get_child (tree), node);
    case GSK_CLIP_NODE:
      return holds (gsk_clip_node_get_child (tree), node);
    case GSK_ROUNDED_CLIP_NODE:
      return holds (gsk_rounded_clip_node_get_child (tree), node);
    case GSK_OPACITY_NODE:
      return holds (gsk_opacity_node_get_child (tree), node);
    default:
      return FALSE;
    }
}

/* Pixels that differ by more than 2 in a channel. */
static guint
differ (const guchar *a, const guchar *b, int width, int height)
{
  guint n = 0;

  for (gsize i = 0; i < (gsize) width * height; i++)
    for (int c = 0; c < 4; c++)
      if (ABS (a[4 * i + c] - b[4 * i + c]) > 2)
        {
          n++;
          break;
        }
  return n;
}

/* A card is dragged a little and put back (the drag is cancelled): the
 * frames of the drag and at rest after it draw the piles that did not
 * change from the textures the drag made, and look exactly as the board
 * before it. */
static void
test_rest_after_drag (void **state)
{
  const FeltGame *game = test_game (state);
  const FeltState *st;
  g_autofree guchar *before = NULL, *lifted = NULL, *after = NULL;
  GskRenderNode *node;
  int width, height, pile = -1;
  guint reused = 0, opaque = 0;

  open_board (felt_session_new (game, 3), 1280, 800);
  if (!GSK_IS_GL_RENDERER (gtk_native_get_renderer (GTK_NATIVE (fx.window))))
    skip ();
  st = board_state ();
  for (guint p = 0; p < game->n_piles && pile < 0; p++)
    {
      guint n = felt_pile_size (st, p);
      if (n > 0 && !felt_state_card_face_down (st, p, n - 1))
        pile = (int) p;
    }
  assert_true (pile >= 0);

  node = board_node ();
  before = node_pixels (node, &width, &height);
  gsk_render_node_unref (node);

  /* Lifted, not moved yet: the piles as textures, the same picture. */
  fx.board->drag_pile = pile;
  fx.board->drag_count = 1;
  fx.board->dragging = TRUE;
  fx.board->drag_offset = GRAPHENE_POINT_INIT (0, 0);
  node = board_node ();
  lifted = node_pixels (node, &width, &height);
  gsk_render_node_unref (node);
  assert_int_equal (differ (before, lifted, width, height), 0);
  /* Moved: the frame a drag draws.  The piles clear of the others are
   * opaque textures with the baize below them in, and the baize's bands
   * leave out where they lie (nothing is drawn twice there). */
  fx.board->drag_offset = GRAPHENE_POINT_INIT (40, 30);
  node = board_node ();
  assert_non_null (fx.board->cloth_cut);
  assert_true (holds (node, fx.board->cloth_cut));
  for (guint p = 0; p < game->n_piles; p++)
    if (fx.board->still[p].node != NULL && fx.board->still[p].under != NULL)
      {
        graphene_rect_t lies, band;

        assert_ptr_equal (fx.board->still[p].under, fx.board->cloth_bands);
        assert_true (holds (node, fx.board->still[p].node));
        gsk_render_node_get_bounds (fx.board->still[p].node, &lies);
        for (guint i = 0; i < gsk_container_node_get_n_children (fx.board->cloth_cut); i++)
          {
            gsk_render_node_get_bounds (gsk_container_node_get_child (fx.board->cloth_cut, i), &band);
            assert_false (graphene_rect_intersection (&lies, &band, NULL));
          }
        opaque++;
      }
  assert_true (opaque > 0);
  gsk_render_node_unref (node);

  /* Put back: at rest, the piles the drag did not change come from the
   * textures it made. */
  fx.board->dragging = FALSE;
  fx.board->drag_pile = -1;
  node = board_node ();
  for (guint p = 0; p < game->n_piles; p++)
    if ((int) p != pile && fx.board->still[p].node != NULL)
      {
        assert_ptr_equal (fx.board->still[p].of, fx.board->pile_node[p]);
        assert_true (holds (node, fx.board->still[p].node));
        assert_false (holds (node, fx.board->pile_node[p]));
        reused++;
      }
  assert_true (reused > 0);
  /* The pile the card came from looks as before the drag again: its own
   * node, drawn as the board at rest always drew it. */
  assert_true (holds (node, fx.board->pile_node[pile]));
  after = node_pixels (node, &width, &height);
  gsk_render_node_unref (node);
  assert_int_equal (differ (before, after, width, height), 0);
}

/* The drop highlight on `target` as draw_highlight drew it before it
 * came from a texture: a rounded clip of its colour, a border. */
static GskRenderNode *
drop_outline (int target)
{
  const FeltState *st = board_state ();
  guint n = felt_pile_size (st, target);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  graphene_point_t a, b;
  graphene_rect_t rect;
  GskRoundedRect rr;
  GdkRGBA color, fill;
  float widths[4] = { 3, 3, 3, 3 };

  felt_board_highlight_color (fx.board, FELT_HIGHLIGHT_DROP, &color);
  fill = color;
  fill.alpha = 0.22;
  felt_board_card_origin (fx.board, target, 0, &a);
  felt_board_card_origin (fx.board, target, n ? n - 1 : 0, &b);
  if (n > 0 && fx.board->fan_dx[target] == 0 && fx.board->fan_dy[target] == 0)
    a = b;
  graphene_rect_init (&rect, a.x - 2, a.y - 2, b.x - a.x + fx.board->card_w + 4, b.y - a.y + fx.board->card_h + 4);
  gsk_rounded_rect_init_from_rect (&rr, &rect, fx.board->card_w * 0.07);
  gtk_snapshot_push_rounded_clip (snapshot, &rr);
  gtk_snapshot_append_color (snapshot, &fill, &rect);
  gtk_snapshot_pop (snapshot);
  gtk_snapshot_append_border (snapshot, &rr, widths, (GdkRGBA[]) { color, color, color, color });
  return gtk_snapshot_free_to_node (snapshot);
}

/* The node's pixels, then the node is let go. */
static guchar *
frame_pixels (GskRenderNode *node, int *width, int *height)
{
  guchar *pixels = node_pixels (node, width, height);

  gsk_render_node_unref (node);
  return pixels;
}

/* The frame with the drop highlight from its texture (felt-board-draw.c,
 * append_outline) against the frame without it and the highlight drawn
 * over it directly: the same pixels. */
static void
assert_drop_outline_exact (int target)
{
  g_autofree guchar *textured = NULL, *direct = NULL;
  GskRenderNode *node, *plain, *outline;
  gboolean held = FALSE;
  int width, height;

  fx.board->drop_pile = target;
  node = board_node ();
  for (guint i = 0; i < FELT_N_OUTLINE_TEXTURES; i++)
    held = held || (fx.board->outlines[i].node && holds (node, fx.board->outlines[i].node));
  assert_true (held);
  textured = frame_pixels (node, &width, &height);
  fx.board->drop_pile = -1;
  plain = board_node ();
  outline = drop_outline (target);
  direct = frame_pixels (gsk_container_node_new ((GskRenderNode *[]) { plain, outline }, 2), &width, &height);
  gsk_render_node_unref (plain);
  gsk_render_node_unref (outline);
  assert_int_equal (differ (textured, direct, width, height), 0);
}

/* With GL, the drop highlight is drawn from a texture made once
 * (append_outline) while a card is lifted; cards that slide
 * together (a run, the same way) as one texture of them at rest moved
 * from frame to frame (draw_slides_together): each looks as drawn
 * directly, pixel for pixel. */
static void
test_textures_while_moving (void **state)
{
  const FeltGame *game = test_game (state);
  const FeltState *st;
  g_autofree guchar *plain = NULL, *sliding = NULL;
  GskRenderNode *node;
  int width, height, pile = -1, target = -1, run = -1;

  open_board (felt_session_new (game, 3), 1280, 800);
  if (!GSK_IS_GL_RENDERER (gtk_native_get_renderer (GTK_NATIVE (fx.window))))
    skip ();
  st = board_state ();
  for (guint p = 0; p < game->n_piles; p++)
    {
      guint n = felt_pile_size (st, p);

      if (pile < 0 && n > 0)
        pile = (int) p;
      else if (target < 0 && pile >= 0)
        target = (int) p;
    }
  /* A fanned pile of three cards or more clear of the other piles (a
   * sliding card is drawn above them all). */
  node = board_node ();
  for (guint p = 0; p < game->n_piles && run < 0; p++)
    {
      gboolean alone = fx.board->pile_node[p] != NULL;
      graphene_rect_t a, b;

      if (!alone || felt_pile_size (st, p) < 3 || game->piles[p].fan == FELT_FAN_NONE)
        continue;
      gsk_render_node_get_bounds (fx.board->pile_node[p], &a);
      for (guint q = 0; q < game->n_piles; q++)
        if (q != p && fx.board->pile_node[q] != NULL)
          {
            gsk_render_node_get_bounds (fx.board->pile_node[q], &b);
            alone = alone && !graphene_rect_intersection (&a, &b, NULL);
          }
      if (alone)
        run = (int) p;
    }
  gsk_render_node_unref (node);
  assert_true (pile >= 0 && target >= 0);

  fx.board->drag_pile = pile;
  fx.board->drag_count = 1;
  fx.board->dragging = TRUE;
  fx.board->drag_offset = GRAPHENE_POINT_INIT (0, 0);
  assert_drop_outline_exact (target);
  fx.board->dragging = FALSE;
  fx.board->drag_pile = fx.board->drop_pile = -1;

  /* The top three cards of a fanned pile slide together, at the end of
   * their way (a slide long begun): where they lie at rest. */
  /* Cruel's tableau has such piles from the deal on. */
  if (g_str_equal (game->id, "cruel"))
    assert_true (run >= 0);
  if (run < 0)
    return;
  plain = frame_pixels (board_node (), &width, &height);
  {
    guint n = felt_pile_size (st, run);
    GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (fx.board));

    fx.board->n_slides = 0;
    for (guint i = n - 3; i < n; i++)
      {
        FeltSlide *s = &fx.board->slides[fx.board->n_slides++];

        felt_board_card_origin (fx.board, run, i, &s->from);
        s->pile = (guint8) run;
        s->index = (guint8) i;
        s->from.x += 200;
        s->from.y -= 100;
      }
    fx.board->slide_start = gdk_frame_clock_get_frame_time (clock) - 10 * G_USEC_PER_SEC;
  }
  node = board_node ();
  assert_non_null (fx.board->slide_still.node);
  assert_ptr_equal (fx.board->slide_still.of, fx.board->slide_node);
  assert_true (holds (node, fx.board->slide_still.node));
  sliding = frame_pixels (node, &width, &height);
  assert_int_equal (differ (plain, sliding, width, height), 0);

  /* At rest again: the pile is its texture from the slide with the
   * run's texture over it, the same picture as its node drew before. */
  fx.board->n_slides = 0;
  node = board_node ();
  assert_non_null (fx.board->rest_run);
  assert_true (holds (node, fx.board->rest_run));
  assert_false (holds (node, fx.board->pile_node[run]));
  g_free (sliding);
  sliding = frame_pixels (node, &width, &height);
  assert_int_equal (differ (plain, sliding, width, height), 0);

  /* The run's texture belongs to another pile's slide: the pile's own
   * node again (or its texture), never the run drawn over it. */
  fx.board->slide_pile = (guint) (run == 0 ? 1 : 0);
  node = board_node ();
  assert_false (holds (node, fx.board->slide_still.node));
  g_free (sliding);
  sliding = frame_pixels (node, &width, &height);
  assert_int_equal (differ (plain, sliding, width, height), 0);
}

/* With GL the first frame already draws the baize as bands of one
 * colour each (felt-board-draw.c, cloth_node): the pixels cairo draws of
 * its gradient, which no GL shader then has to draw. */
static void
test_first_frame_bands (void **state)
{
  const FeltGame *game = test_game (state);
  g_autofree guchar *bands = NULL;
  cairo_surface_t *surface;
  GtkSnapshot *snapshot;
  GskRenderNode *node;
  int width, height;
  cairo_t *cr;

  open_board (felt_session_new (game, 3), 1280, 800);
  if (!GSK_IS_GL_RENDERER (gtk_native_get_renderer (GTK_NATIVE (fx.window))))
    skip ();
  /* No card has moved. */
  node = board_node ();
  assert_non_null (fx.board->cloth_bands);
  assert_true (holds (node, fx.board->cloth_bands));
  gsk_render_node_unref (node);
  bands = node_pixels (fx.board->cloth_bands, &width, &height);

  snapshot = gtk_snapshot_new ();
  gtk_widget_snapshot_child (GTK_WIDGET (fx.board), fx.board->cloth, snapshot);
  node = gtk_snapshot_free_to_node (snapshot);
  assert_false (gsk_render_node_get_node_type (node) == GSK_COLOR_NODE);
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  assert_int_equal (cairo_image_surface_get_stride (surface), width * 4);
  cr = cairo_create (surface);
  gsk_render_node_draw (node, cr);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  gsk_render_node_unref (node);
  assert_int_equal (differ (bands, cairo_image_surface_get_data (surface), width, height), 0);
  cairo_surface_destroy (surface);
}

int
main (void)
{
  static const BoardTest tests[] = {
    { "rest-after-drag", test_rest_after_drag, TRUE },
    { "textures-while-moving", test_textures_while_moving, TRUE },
    { "first-frame-bands", test_first_frame_bands, TRUE },
  };

  int failed;

  /* The renderer under test, whatever felt_application would choose. */
  g_setenv ("GSK_RENDERER", "gl", TRUE);
  failed = board_test_run ("board-gl", tests, G_N_ELEMENTS (tests));
  /* The faces rendered here go to the ui tests' shared face cache: a
   * file half written when the program ends would be left there, and
   * test-app-files finds it in its warm cache. */
  felt_face_cache_wait ();
  return failed;
}
