/* test-board-layout.c: the board's layout and drawing under Xvfb (issue 3,
 * item 7): every pile inside the board and clear of the others at three
 * window sizes, a press anywhere reaching the card the player sees there,
 * and a PNG of each game checked for its colours.  test-board-util.h
 * shows the board and drives it through XTest.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "test-board-util.h"

/* ---- layout ------------------------------------------------------------------------ */

static void
test_layout (void **state)
{
  static const int sizes[][2] = { { 800, 600 }, { 1280, 800 }, { 1920, 1080 } };
  const FeltGame *game = test_game (state);
  double last_w = 0, last_h = 0;

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      FeltBoard *board = open_board (felt_session_new (game, 7), sizes[s][0], sizes[s][1]);
      const FeltState *st = board_state ();
      double width = gtk_widget_get_width (GTK_WIDGET (board));
      double height = gtk_widget_get_height (GTK_WIDGET (board));
      double cw, ch;

      felt_board_get_card_size (board, &cw, &ch);
      assert_true (width >= sizes[s][0] * 0.9 && height >= sizes[s][1] * 0.9);

      for (guint p = 0; p < game->n_piles; p++)
        {
          guint n = felt_pile_size (st, p);
          int indices[] = { -1, 0, (int) n - 1 };

          for (guint k = 0; k < G_N_ELEMENTS (indices); k++)
            {
              graphene_rect_t r;
              if (indices[k] >= (int) n || (k > 0 && indices[k] < 0))
                continue;
              r = card_rect (p, indices[k]);
              assert_float_equal (r.size.width, cw, 0.01);
              if (!rect_inside (&r, width, height))
                fail_msg ("%s at %dx%d: pile %u card %d (%g,%g %gx%g) lies outside the board (%gx%g)",
                          game->id, sizes[s][0], sizes[s][1], p, indices[k],
                          r.origin.x, r.origin.y, r.size.width, r.size.height, width, height);
            }

          if (game->piles[p].fan != FELT_FAN_NONE)
            {
              /* All the room a fan may take lies inside the board, and
               * clear of the other piles (but where the table lays a pile
               * under another on purpose: Backbone's columns). */
              graphene_rect_t fan = card_rect (p, -1);

              if (game->piles[p].fan == FELT_FAN_DOWN)
                fan.size.height += board->fan_room[p];
              else
                fan.size.width += board->fan_room[p];
              if (!rect_inside (&fan, width, height))
                fail_msg ("%s at %dx%d: the fan of pile %u runs out of the board",
                          game->id, sizes[s][0], sizes[s][1], p);
              for (guint q = 0; q < game->n_piles; q++)
                {
                  graphene_rect_t b = card_rect (q, -1);
                  gboolean on_purpose = game->piles[p].room > 0 && game->piles[p].fan == FELT_FAN_DOWN &&
                                        q > p;   /* drawn over it */
                  if (q != p && !on_purpose && rects_overlap (&fan, &b))
                    fail_msg ("%s at %dx%d: the fan of pile %u runs into pile %u",
                              game->id, sizes[s][0], sizes[s][1], p, q);
                }
              continue;
            }
          for (guint q = p + 1; q < game->n_piles; q++)
            {
              graphene_rect_t a, b;
              if (game->piles[q].fan != FELT_FAN_NONE)
                continue;
              a = card_rect (p, -1);
              b = card_rect (q, -1);
              if (rects_overlap (&a, &b))
                fail_msg ("%s at %dx%d: piles %u and %u overlap", game->id, sizes[s][0], sizes[s][1], p, q);
            }
        }

      /* The cards grow with the window. */
      if (s > 0 && !(cw > last_w && ch > last_h))
        fail_msg ("%s: cards of %gx%g at %dx%d, %gx%g at the smaller size before",
                  game->id, cw, ch, sizes[s][0], sizes[s][1], last_w, last_h);
      last_w = cw;
      last_h = ch;
      close_board ();
    }
}
/* ---- hit testing ------------------------------------------------------------------------- */

/* What the board draws on top at a point: the last card drawn there
 * (piles in order, each from its bottom card; an unfanned pile shows only
 * its top card), else an empty place. */
static int
drawn_at (double x, double y, int *index)
{
  const FeltState *st = board_state ();
  const FeltGame *game = board_game ();
  int found = -1;

  for (guint p = 0; p < game->n_piles; p++)
    {
      guint n = felt_pile_size (st, p);
      guint first = game->piles[p].fan == FELT_FAN_NONE && n > 0 ? n - 1 : 0;
      for (guint i = first; i < n; i++)
        {
          graphene_rect_t r = card_rect (p, (int) i);
          if (graphene_rect_contains_point (&r, &GRAPHENE_POINT_INIT (x, y)) &&
              x < r.origin.x + r.size.width && y < r.origin.y + r.size.height)
            {
              found = (int) p;
              *index = (int) i;
            }
        }
    }
  if (found >= 0)
    return found;
  for (guint p = 0; p < game->n_piles; p++)
    if (felt_pile_size (st, p) == 0)
      {
        graphene_rect_t r = card_rect (p, -1);
        if (graphene_rect_contains_point (&r, &GRAPHENE_POINT_INIT (x, y)) &&
            x < r.origin.x + r.size.width && y < r.origin.y + r.size.height)
          {
            *index = -1;
            return (int) p;
          }
      }
  *index = -1;
  return -1;
}

/* A press anywhere reaches the card the player sees there. */
static void
check_hits (void)
{
  double width = gtk_widget_get_width (GTK_WIDGET (fx.board));
  double height = gtk_widget_get_height (GTK_WIDGET (fx.board));

  for (double y = 0.5; y < height; y += 3)
    for (double x = 0.5; x < width; x += 3)
      {
        int want_index, got_index = -1;
        int want = drawn_at (x, y, &want_index);
        int got = felt_board_pile_at (fx.board, x, y, &got_index);

        if (got != want || (want >= 0 && got_index != want_index))
          fail_msg ("%s: at %g,%g the board finds pile %d card %d where pile %d card %d shows",
                    board_game ()->id, x, y, got, got_index, want, want_index);
      }
}

static void
test_hit_testing (void **state)
{
  const FeltGame *game = test_game (state);

  open_board (felt_session_new (game, 11), 1024, 768);
  check_hits ();
  close_board ();
  open_board (prepare_session (game, has_home_move, NULL), 1024, 768);
  check_hits ();
}
/* ---- screenshots -------------------------------------------------------------------------- */

typedef struct {
  guint green, white, red, blue, total;
} Colours;

static void
count_colours (const guchar *data, gsize stride, int x0, int y0, int w, int h, Colours *c)
{
  memset (c, 0, sizeof *c);
  for (int y = y0; y < y0 + h; y++)
    for (int x = x0; x < x0 + w; x++)
      {
        /* GDK_MEMORY_DEFAULT: B G R A in memory, alpha premultiplied. */
        const guchar *px = data + y * stride + x * 4;
        int b = px[0], g = px[1], r = px[2];

        c->total++;
        if (g > r + 25 && g > b + 15 && g >= 60 && g <= 170 && r <= 90)
          c->green++;
        else if (r >= 235 && g >= 235 && b >= 230)
          c->white++;
        else if (r >= 150 && g <= 90 && b <= 110 && r - g >= 100)
          c->red++;
        else if (b >= r + 40 && b >= g + 20)
          c->blue++;
      }
}

/* A face-up red card lies on top somewhere (or in a fan). */
static gboolean
red_card_shows (const FeltState *st)
{
  const FeltGame *game = felt_state_game (st);

  for (guint p = 0; p < game->n_piles; p++)
    {
      guint n = felt_pile_size (st, p);
      guint first = game->piles[p].fan == FELT_FAN_NONE && n > 0 ? n - 1 : 0;
      for (guint i = first; i < n; i++)
        {
          FeltCard c = felt_pile_card (st, p, i);
          if (!felt_state_card_face_down (st, p, i) &&
              (FELT_CARD_SUIT (c) == FELT_DIAMONDS || FELT_CARD_SUIT (c) == FELT_HEARTS))
            return TRUE;
        }
    }
  return FALSE;
}

static gboolean
red_shows (const FeltState *st, gpointer data)
{
  return red_card_shows (st);
}

static void
screenshot (const char *name, gboolean want_red)
{
  GtkWidget *widget = GTK_WIDGET (fx.board);
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  g_autoptr (GdkTexture) texture = felt_ui_test_render (widget, name);
  g_autofree guchar *data = NULL;
  g_autofree char *path = g_build_filename (g_getenv ("FELT_TEST_OUTPUT") ? g_getenv ("FELT_TEST_OUTPUT") : ".",
                                            name, NULL);
  const FeltState *st = board_state ();
  const FeltGame *game = board_game ();
  gsize stride;
  Colours all;

  assert_int_equal (gdk_texture_get_width (texture), width);
  assert_int_equal (gdk_texture_get_height (texture), height);

  stride = (gsize) width * 4;
  data = g_malloc (stride * height);
  gdk_texture_download (texture, data, stride);

  count_colours (data, stride, 0, 0, width, height, &all);
  print_message ("%s: %u%% green, %u%% white, %u red pixels\n", path,
                 all.green * 100 / all.total, all.white * 100 / all.total, all.red);
  if (all.green < all.total / 4)
    fail_msg ("%s: only %u of %u pixels are the table's green", path, all.green, all.total);
  if (all.white < all.total / 50)
    fail_msg ("%s: only %u of %u pixels are white card faces", path, all.white, all.total);
  if (want_red && all.red < 100)
    fail_msg ("%s: only %u pixels of red suits", path, all.red);

  /* Each pile's top card is drawn where the board says it lies: a face
   * shows mostly white, a back does not. */
  for (guint p = 0; p < game->n_piles; p++)
    {
      guint n = felt_pile_size (st, p);
      graphene_rect_t r;
      Colours c;

      if (n == 0)
        continue;
      r = card_rect (p, (int) n - 1);
      count_colours (data, stride, (int) ceil (r.origin.x), (int) ceil (r.origin.y),
                     (int) r.size.width - 1, (int) r.size.height - 1, &c);
      if (felt_state_card_face_down (st, p, n - 1))
        {
          if (c.blue < c.total / 2 || c.white > c.total / 5)
            fail_msg ("%s: the back of pile %u's top card does not show (%u%% blue, %u%% white)",
                      path, p, c.blue * 100 / c.total, c.white * 100 / c.total);
        }
      else if (c.white < c.total / 10 || c.green > c.total / 3)
        fail_msg ("%s: the face of pile %u's top card does not show (%u%% white, %u%% green)",
                  path, p, c.white * 100 / c.total, c.green * 100 / c.total);
    }
}

static void
test_screenshot (void **state)
{
  const FeltGame *game = test_game (state);
  g_autofree char *name = g_strdup_printf ("board-%s.png", game->id);

  open_board (felt_session_new (game, 1), 1280, 800);
  screenshot (name, red_card_shows (board_state ()));
  if (!red_card_shows (board_state ()))
    {
      /* Hopscotch starts with the clubs alone: deal until red shows. */
      g_autofree char *later = g_strdup_printf ("board-%s-play.png", game->id);
      close_board ();
      open_board (prepare_session (game, red_shows, NULL), 1280, 800);
      screenshot (later, TRUE);
    }
}

int
main (void)
{
  static const BoardTest tests[] = {
    { "layout", test_layout, TRUE },
    { "hit-testing", test_hit_testing, TRUE },
    { "screenshot", test_screenshot, TRUE },
  };

  return board_test_run ("board-layout", tests, G_N_ELEMENTS (tests));
}
