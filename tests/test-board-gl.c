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

int
main (void)
{
  static const BoardTest tests[] = {
    { "rest-after-drag", test_rest_after_drag, TRUE },
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
