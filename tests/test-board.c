/* test-board.c: the board widget under Xvfb, driven through its real input
 * path: X pointer and key events injected with XTest into the X server, so
 * that GDK reads them like any other and the board's gestures (GtkGestureDrag,
 * GtkGestureClick, the key controller) see them.  Issue 3, item 7: layout at
 * three window sizes, drag and drop, illegal drops, double-click, right-click,
 * stock clicks, click-to-move, keyboard play and accessible labels, and a PNG
 * of each game checked for its colours.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>
#include <math.h>
#include <cmocka.h>

#include <gtk/gtk.h>
#include <gdk/x11/gdkx.h>
#include <X11/Xlib.h>
#include <X11/keysym.h>
#include <X11/extensions/XTest.h>

#include "felt-board-private.h"
#include "felt-card-theme.h"
#include "felt-session.h"
#include "felt-ui-test-util.h"

/* FELT_UI_WAIT_UNTIL (felt-ui-test-util.h) waits 10 s: generous, since a
 * loaded two-core machine may take a while to draw a frame. */
#define WAIT_UNTIL FELT_UI_WAIT_UNTIL

static const char *const game_ids[FELT_N_GAMES] = {
  "hopscotch", "cruel", "straight-up", "scuffle", "backbone",
};

static const FeltMove stock_action = { 0, 0, 0, 1 };

/* ---- the window under test ---------------------------------------------------- */

typedef struct {
  GtkWidget *window;
  FeltBoard *board;
  Display *xdpy;
  Window xid;
  /* events the window has seen (capture phase, before the board) */
  guint n_presses, n_releases, n_keys;
  /* events sent */
  guint sent_presses, sent_releases, sent_keys;
  gboolean ticked;
  double press_x, press_y;   /* where the last press was seen, surface coordinates */
  guint slides_at_change;    /* cards sliding right after the last change */
} Fixture;

static Fixture fx;
static FeltCardTheme *theme;
static int default_double_click_time;
/* what the keyboard tests learnt of the board's arrow keys holds */
static gboolean edges_valid;

static gboolean
count_event (GtkEventControllerLegacy *controller, GdkEvent *event, Fixture *f)
{
  switch ((int) gdk_event_get_event_type (event))
    {
    case GDK_BUTTON_PRESS:
      f->n_presses++;
      gdk_event_get_position (event, &f->press_x, &f->press_y);
      break;
    case GDK_BUTTON_RELEASE:
      f->n_releases++;
      break;
    case GDK_KEY_PRESS:
      f->n_keys++;
      break;
    default:
      break;
    }
  return FALSE;
}

static void
board_changed (FeltBoard *board, Fixture *f)
{
  f->slides_at_change = board->n_slides;
}

static gboolean
first_tick (GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  fx.ticked = TRUE;
  return G_SOURCE_REMOVE;
}

static void
debug_pressed (GtkGestureClick *g, int n, double x, double y, const char *what)
{
  g_printerr ("%s n_press=%d at %g,%g\n", what, n, x, y);
}

static void
debug_stopped (const char *what)
{
  g_printerr ("%s\n", what);
}

static gboolean
x_viewable (void)
{
  XWindowAttributes attrs;

  if (fx.xid == 0 || !XGetWindowAttributes (fx.xdpy, fx.xid, &attrs))
    return FALSE;
  return attrs.map_state == IsViewable;
}

static FeltBoard *
open_board (FeltSession *session, int width, int height)
{
  GtkEventController *legacy;
  GdkSurface *surface;

  assert_null (fx.window);
  memset (&fx, 0, sizeof fx);
  edges_valid = FALSE;
  fx.window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (fx.window), width, height);
  gtk_window_set_title (GTK_WINDOW (fx.window), "test-board");
  fx.board = FELT_BOARD (felt_board_new ());
  felt_board_set_theme (fx.board, theme);
  felt_board_set_session (fx.board, session);
  gtk_window_set_child (GTK_WINDOW (fx.window), GTK_WIDGET (fx.board));
  g_signal_connect (fx.board, "changed", G_CALLBACK (board_changed), &fx);

  legacy = gtk_event_controller_legacy_new ();
  gtk_event_controller_set_propagation_phase (legacy, GTK_PHASE_CAPTURE);
  g_signal_connect (legacy, "event", G_CALLBACK (count_event), &fx);
  gtk_widget_add_controller (fx.window, legacy);

  gtk_widget_add_tick_callback (GTK_WIDGET (fx.board), first_tick, NULL, NULL);
  if (g_getenv ("FELT_TEST_DEBUG"))
    {
      GListModel *list = gtk_widget_observe_controllers (GTK_WIDGET (fx.board));
      for (guint i = 0; i < g_list_model_get_n_items (list); i++)
        {
          g_autoptr (GObject) c = g_list_model_get_item (list, i);
          if (GTK_IS_GESTURE_CLICK (c))
            {
              g_signal_connect (c, "pressed", G_CALLBACK (debug_pressed), (gpointer) "pressed");
              g_signal_connect (c, "released", G_CALLBACK (debug_pressed), (gpointer) "released");
              g_signal_connect_swapped (c, "stopped", G_CALLBACK (debug_stopped), (gpointer) "stopped");
              g_signal_connect_swapped (c, "cancel", G_CALLBACK (debug_stopped), (gpointer) "click cancel");
            }
          if (GTK_IS_GESTURE_DRAG (c))
            {
              g_signal_connect_swapped (c, "cancel", G_CALLBACK (debug_stopped), (gpointer) "drag cancel");
              g_signal_connect_swapped (c, "drag-begin", G_CALLBACK (debug_stopped), (gpointer) "drag begin");
              g_signal_connect_swapped (c, "drag-end", G_CALLBACK (debug_stopped), (gpointer) "drag end");
            }
        }
      g_object_unref (list);
    }
  gtk_window_present (GTK_WINDOW (fx.window));

  surface = gtk_native_get_surface (GTK_NATIVE (fx.window));
  fx.xdpy = gdk_x11_display_get_xdisplay (gtk_widget_get_display (fx.window));
  fx.xid = gdk_x11_surface_get_xid (surface);
  WAIT_UNTIL (gtk_widget_get_mapped (GTK_WIDGET (fx.board)) && x_viewable () && fx.ticked &&
              gtk_widget_get_width (fx.window) == width &&
              gtk_widget_get_height (fx.window) == height &&
              fx.board->card_w > 0,
              "the window is shown at %dx%d", width, height);

  /* No window manager: give the window the keyboard ourselves. */
  gdk_x11_display_error_trap_push (gtk_widget_get_display (fx.window));
  XSetInputFocus (fx.xdpy, fx.xid, RevertToParent, CurrentTime);
  gdk_x11_display_error_trap_pop_ignored (gtk_widget_get_display (fx.window));
  XSync (fx.xdpy, False);
  WAIT_UNTIL (gtk_window_is_active (GTK_WINDOW (fx.window)), "the window is active");
  return fx.board;
}

static void
close_board (void)
{
  if (fx.window == NULL)
    return;
  gtk_window_destroy (GTK_WINDOW (fx.window));
  fx.window = NULL;
  fx.board = NULL;
  /* Let the X server forget the window before the next one. */
  XSync (fx.xdpy, False);
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

static int
teardown (void **state)
{
  /* A failed test may leave a button down: later presses would be lost. */
  if (fx.xdpy != NULL)
    {
      Window root, child;
      int rx, ry, wx, wy;
      unsigned int mask = 0;

      XQueryPointer (fx.xdpy, DefaultRootWindow (fx.xdpy), &root, &child, &rx, &ry, &wx, &wy, &mask);
      for (guint b = 1; b <= 3; b++)
        if (mask & (Button1Mask << (b - 1)))
          XTestFakeButtonEvent (fx.xdpy, b, False, CurrentTime);
      XSync (fx.xdpy, False);
    }
  close_board ();
  g_object_set (gtk_settings_get_default (),
                "gtk-enable-animations", TRUE,
                "gtk-double-click-time", default_double_click_time,
                NULL);
  return 0;
}

static const FeltState *
board_state (void)
{
  return felt_session_get_state (felt_board_get_session (fx.board));
}

static const FeltGame *
board_game (void)
{
  return felt_session_get_game (felt_board_get_session (fx.board));
}

static guint
board_n_moves (void)
{
  return felt_session_get_n_moves (felt_board_get_session (fx.board));
}

/* Waits until no card slides any more. */
static void
wait_animations (void)
{
  WAIT_UNTIL (fx.board->tick_id == 0 && fx.board->n_slides == 0, "the cards stop sliding");
}

/* ---- XTest -------------------------------------------------------------------- */

/* Root window coordinates of a point of the board. */
static void
board_to_root (double x, double y, int *rx, int *ry)
{
  GtkNative *native = gtk_widget_get_native (GTK_WIDGET (fx.board));
  graphene_point_t in = GRAPHENE_POINT_INIT (x, y), out;
  double sx, sy;
  int wx, wy;
  Window child;

  assert_true (gtk_widget_compute_point (GTK_WIDGET (fx.board), GTK_WIDGET (native), &in, &out));
  gtk_native_get_surface_transform (native, &sx, &sy);
  XTranslateCoordinates (fx.xdpy, fx.xid, DefaultRootWindow (fx.xdpy), 0, 0, &wx, &wy, &child);
  *rx = wx + (int) floor (out.x + sx);
  *ry = wy + (int) floor (out.y + sy);
}

static void
x_motion (int rx, int ry)
{
  XTestFakeMotionEvent (fx.xdpy, -1, rx, ry, CurrentTime);
  XSync (fx.xdpy, False);
}

static void
x_button (guint button, gboolean press)
{
  XTestFakeButtonEvent (fx.xdpy, button, press, CurrentTime);
  if (press)
    fx.sent_presses++;
  else
    fx.sent_releases++;
}

/* Until the window has seen every button and key event sent: what came
 * before them has been handled too, since GDK keeps the order. */
static void
wait_events (void)
{
  XSync (fx.xdpy, False);
  WAIT_UNTIL (fx.n_presses >= fx.sent_presses && fx.n_releases >= fx.sent_releases &&
              fx.n_keys >= fx.sent_keys,
              "the board sees the events (%u/%u presses, %u/%u releases, %u/%u keys)",
              fx.n_presses, fx.sent_presses, fx.n_releases, fx.sent_releases, fx.n_keys, fx.sent_keys);
}

/* n quick clicks of a button at a point of the board. */
static void
click_at (double x, double y, guint button, guint n)
{
  int rx, ry;

  board_to_root (x, y, &rx, &ry);
  x_motion (rx, ry);
  for (guint i = 0; i < n; i++)
    {
      x_button (button, TRUE);
      x_button (button, FALSE);
    }
  wait_events ();
}

static void
press_key (KeySym sym)
{
  KeyCode code = XKeysymToKeycode (fx.xdpy, sym);

  assert_int_not_equal (code, 0);
  XTestFakeKeyEvent (fx.xdpy, code, True, CurrentTime);
  XTestFakeKeyEvent (fx.xdpy, code, False, CurrentTime);
  fx.sent_keys++;
  wait_events ();
}

/* Presses at (x0, y0), moves in steps to (x1, y1), checking on the way
 * that the cards follow the pointer, and releases there.  Returns the
 * pile the board highlighted as the drop target just before the release. */
static int
drag (double x0, double y0, double x1, double y1)
{
  int sx, sy, ex, ey, highlighted;
  const int n_steps = 6;

  board_to_root (x0, y0, &sx, &sy);
  board_to_root (x1, y1, &ex, &ey);
  x_motion (sx, sy);
  x_button (1, TRUE);
  wait_events ();
  if (fx.board->drag_pile == -1)
    {
      int index = -2, pile = felt_board_pile_at (fx.board, x0, y0, &index);
      fail_msg ("%s: a press at %g,%g (seen at %g,%g in the surface) picks nothing up; "
                "pile %d card %d lies there, %s",
                board_game ()->id, x0, y0, fx.press_x, fx.press_y, pile, index,
                pile >= 0 && index >= 0 && felt_state_card_playable (board_state (), pile, index)
                ? "playable" : "not playable");
    }

  for (int i = 1; i <= n_steps; i++)
    {
      /* The first step goes beyond the drag threshold at once. */
      int dx = ex - sx, dy = ey - sy, px, py;
      double t = (double) i / n_steps;

      px = sx + (int) round (dx * t);
      py = sy + (int) round (dy * t);
      if (i == 1 && MAX (abs (px - sx), abs (py - sy)) < 16)
        {
          px = sx + (abs (dx) >= abs (dy) ? (dx >= 0 ? 16 : -16) : 0);
          py = sy + (abs (dy) > abs (dx) ? (dy >= 0 ? 16 : -16) : 0);
        }
      x_motion (px, py);
      WAIT_UNTIL (fx.board->dragging &&
                  fabs (fx.board->drag_offset.x - (px - sx)) < 0.5 &&
                  fabs (fx.board->drag_offset.y - (py - sy)) < 0.5,
                  "the cards follow the pointer to step %d (offset %g,%g, want %d,%d)",
                  i, fx.board->drag_offset.x, fx.board->drag_offset.y, px - sx, py - sy);
    }
  highlighted = fx.board->drop_pile;
  x_button (1, FALSE);
  wait_events ();
  WAIT_UNTIL (!fx.board->dragging && fx.board->drag_pile == -1, "the drag ends");
  wait_animations ();
  /* Nothing stays picked up after a drag. */
  assert_int_equal (fx.board->picked_pile, -1);
  return highlighted;
}

/* ---- geometry --------------------------------------------------------------------- */

static graphene_rect_t
card_rect (guint pile, int index)
{
  graphene_rect_t r;

  assert_true (felt_board_get_card_rect (fx.board, pile, index, &r));
  return r;
}

/* The rectangle of the pile's top card, or of its empty place. */
static graphene_rect_t
top_rect (guint pile)
{
  guint n = felt_pile_size (board_state (), pile);
  return card_rect (pile, n ? (int) n - 1 : -1);
}

/* The middle of the part of a card that shows: the whole card when it is
 * on top, else the strip the next card leaves free. */
static graphene_point_t
card_point (guint pile, guint index)
{
  const FeltState *st = board_state ();
  graphene_rect_t r = card_rect (pile, (int) index);
  graphene_point_t p;
  int hit_index = -2, hit;

  if (index + 1 < felt_pile_size (st, pile))
    {
      graphene_rect_t next = card_rect (pile, (int) index + 1);
      if (next.origin.y > r.origin.y)
        r.size.height = next.origin.y - r.origin.y;
      if (next.origin.x > r.origin.x)
        r.size.width = next.origin.x - r.origin.x;
    }
  graphene_rect_get_center (&r, &p);
  p.x = floor (p.x);
  p.y = floor (p.y);
  /* The board agrees on what lies there. */
  hit = felt_board_pile_at (fx.board, p.x, p.y, &hit_index);
  if (hit != (int) pile || hit_index != (int) index)
    fail_msg ("%s: the board finds pile %d card %d at the middle of pile %u card %u",
              board_game ()->id, hit, hit_index, pile, index);
  return p;
}

static graphene_point_t
top_point (guint pile)
{
  graphene_rect_t r = top_rect (pile);
  graphene_point_t p;

  graphene_rect_get_center (&r, &p);
  p.x = floor (p.x);
  p.y = floor (p.y);
  return p;
}

static gboolean
rect_inside (const graphene_rect_t *r, double width, double height)
{
  return r->origin.x >= 0 && r->origin.y >= 0 &&
         r->origin.x + r->size.width <= width + 0.01 &&
         r->origin.y + r->size.height <= height + 0.01;
}

/* Open rectangles overlap (touching edges do not count). */
static gboolean
rects_overlap (const graphene_rect_t *a, const graphene_rect_t *b)
{
  return a->origin.x < b->origin.x + b->size.width - 0.01 &&
         b->origin.x < a->origin.x + a->size.width - 0.01 &&
         a->origin.y < b->origin.y + b->size.height - 0.01 &&
         b->origin.y < a->origin.y + a->size.height - 0.01;
}

/* ---- positions to test with ----------------------------------------------------------- */

typedef gboolean (*Predicate) (const FeltState *st, gpointer data);

/* A session of `game` whose position satisfies `pred`: deals seeds from 1
 * and plays stock actions and legal moves (deterministically) until one
 * does. */
static FeltSession *
prepare_session (const FeltGame *game, Predicate pred, gpointer data)
{
  for (guint32 seed = 1; seed < 400; seed++)
    {
      FeltSession *s = felt_session_new (game, seed);

      for (guint step = 0; step < 300; step++)
        {
          const FeltState *st = felt_session_get_state (s);
          FeltMove moves[FELT_MAX_MOVES];
          guint n;

          if (pred (st, data))
            return s;
          if (felt_state_is_over (st) || felt_state_is_won (st))
            break;
          n = felt_state_legal_moves (st, moves);
          if (n > 0 && (step % 2 == 0 || !felt_state_can_stock (st)))
            assert_int_equal (felt_session_play (s, &moves[(seed * 7 + step * 13) % n]), FELT_LEGAL);
          else if (felt_state_can_stock (st))
            assert_int_equal (felt_session_play (s, &stock_action), FELT_LEGAL);
          else
            break;
        }
      felt_session_free (s);
    }
  fail_msg ("%s: no position found for the test", game->id);
  return NULL;
}

static gboolean
any_position (const FeltState *st, gpointer data)
{
  return TRUE;
}

static gboolean
has_legal_move (const FeltState *st, gpointer data)
{
  FeltMove moves[FELT_MAX_MOVES];
  return felt_state_legal_moves (st, moves) > 0;
}

static gboolean
has_run_move (const FeltState *st, gpointer data)
{
  FeltMove moves[FELT_MAX_MOVES];
  guint n = felt_state_legal_moves (st, moves);

  for (guint i = 0; i < n; i++)
    if (moves[i].count >= 2)
      return TRUE;
  return FALSE;
}

/* A playable card a double-click sends home: the first found, or the
 * last one. */
static gboolean
find_home_move (const FeltState *st, FeltMove *out, gboolean last)
{
  const FeltGame *game = felt_state_game (st);
  gboolean found = FALSE;

  for (guint p = 0; p < game->n_piles; p++)
    {
      guint n = felt_pile_size (st, p);
      if (game->piles[p].role == FELT_ROLE_FOUNDATION)
        continue;
      for (guint i = 0; i < n; i++)
        {
          int to;
          if (!felt_state_card_playable (st, p, i))
            continue;
          to = felt_state_foundation_for (st, p, n - i);
          if (to >= 0)
            {
              if (out)
                *out = (FeltMove) { p, (guint8) to, n - i, 0 };
              found = TRUE;
              if (!last)
                return TRUE;
            }
        }
    }
  return found;
}

static gboolean
has_home_move (const FeltState *st, gpointer data)
{
  return find_home_move (st, NULL, FALSE);
}

static gboolean
can_stock (const FeltState *st, gpointer data)
{
  return felt_state_can_stock (st);
}

static gboolean
can_redeal (const FeltState *st, gpointer data)
{
  return felt_state_can_stock (st) && felt_pile_size (st, 0) == 0;
}

static void
assert_state (const FeltState *want, const char *what)
{
  if (!felt_state_equal (board_state (), want))
    fail_msg ("%s: %s: the position is not the expected one", board_game ()->id, what);
}

static FeltState
apply_copy (const FeltState *st, const FeltMove *move)
{
  FeltState copy = *st;
  FeltUndo undo;

  assert_int_equal (felt_state_check_move (&copy, move), FELT_LEGAL);
  felt_state_apply (&copy, move, &undo);
  return copy;
}

static const FeltGame *
test_game (void **state)
{
  const FeltGame *game = felt_game_lookup (*(const char **) *state);

  assert_non_null (game);
  return game;
}

/* ---- 1. layout ------------------------------------------------------------------------ */

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

/* ---- 2. drag and drop ------------------------------------------------------------------- */

/* Drags the moving cards of a legal move onto its target and checks the
 * exact position the engine reaches. */
static void
drag_move (const FeltMove *move)
{
  const FeltState *st = board_state ();
  guint n = felt_pile_size (st, move->from);
  FeltState want = apply_copy (st, move);
  guint moves_before = board_n_moves ();
  graphene_point_t from = card_point (move->from, n - move->count);
  graphene_point_t to = top_point (move->to);
  int highlighted;

  if (g_getenv ("FELT_TEST_DEBUG"))
    g_printerr ("%s: drag %u card(s) from pile %u (%s) to pile %u (%s)\n", board_game ()->id, move->count,
                move->from, felt_role_id (board_game ()->piles[move->from].role),
                move->to, felt_role_id (board_game ()->piles[move->to].role));
  highlighted = drag (from.x, from.y, to.x, to.y);
  if (highlighted != move->to)
    fail_msg ("%s: dragging %u card(s) from pile %u over pile %u highlights pile %d",
              board_game ()->id, move->count, move->from, move->to, highlighted);
  assert_state (&want, "drag and drop");
  assert_int_equal (board_n_moves (), moves_before + 1);
}

/* Plays the stock action through the board (not the input path) until a
 * legal card move exists; FALSE when none comes. */
static gboolean
advance_to_move (void)
{
  for (guint i = 0; i < 200; i++)
    {
      FeltMove moves[FELT_MAX_MOVES];
      if (felt_state_legal_moves (board_state (), moves) > 0)
        return TRUE;
      if (!felt_board_play (fx.board, &stock_action))
        return FALSE;
      wait_animations ();
    }
  return FALSE;
}

/* A kind of move: from a pile of one role to a pile of another. */
typedef struct {
  FeltRole from, to;
  gboolean onto_empty;    /* onto an empty pile, or onto a card */
  FeltMove move;
} MoveKind;

static gboolean
has_move_kind (const FeltState *st, gpointer data)
{
  const FeltGame *game = felt_state_game (st);
  MoveKind *kind = data;
  FeltMove moves[FELT_MAX_MOVES];
  guint n = felt_state_legal_moves (st, moves);

  for (guint i = 0; i < n; i++)
    if (game->piles[moves[i].from].role == kind->from && game->piles[moves[i].to].role == kind->to &&
        (felt_pile_size (st, moves[i].to) == 0) == kind->onto_empty)
      {
        kind->move = moves[i];
        return TRUE;
      }
  return FALSE;
}

/* Gives the board another game and waits until it is laid out and drawn. */
static void
after_paint (GdkFrameClock *clock, gboolean *painted)
{
  *painted = TRUE;
}

static void
switch_session (FeltSession *session)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (fx.board));
  gboolean painted = FALSE;
  gulong id = g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint), &painted);

  felt_board_set_session (fx.board, session);
  WAIT_UNTIL (painted, "the board shows the new game");
  g_signal_handler_disconnect (clock, id);
}

/* Every kind of move the game has (by the roles its piles take cards
 * from), each in a position where it is legal, dragged and dropped. */
static void
test_drag (void **state)
{
  const FeltGame *game = test_game (state);
  guint n_kinds = 0;

  for (FeltRole to = 0; to < FELT_N_ROLES; to++)
    for (FeltRole from = 0; from < FELT_N_ROLES; from++)
      for (int onto_empty = 0; onto_empty < 2; onto_empty++)
        {
          const FeltRoleRules *rules = &game->roles[to];
          MoveKind kind = { from, to, onto_empty };
          FeltSession *session;

          if (!felt_game_has_role (game, from) || !felt_game_has_role (game, to) ||
              !((onto_empty ? rules->empty_from : rules->accepts_from) & FELT_FROM (from)))
            continue;
          session = prepare_session (game, has_move_kind, &kind);
          if (fx.window == NULL)
            open_board (session, 1280, 800);
          else
            switch_session (session);
          assert_true (has_move_kind (board_state (), &kind));
          drag_move (&kind.move);
          n_kinds++;
        }
  assert_true (n_kinds > 0);
}

/* Straight Up: a run of cards moves as a unit, picked by any card of it. */
static void
test_drag_run (void **state)
{
  const FeltGame *game = felt_game_lookup ("straight-up");
  FeltMove moves[FELT_MAX_MOVES];
  guint n;

  open_board (prepare_session (game, has_run_move, NULL), 1280, 800);
  n = felt_state_legal_moves (board_state (), moves);
  for (guint i = 0; i < n; i++)
    if (moves[i].count >= 2)
      {
        drag_move (&moves[i]);
        return;
      }
  fail ();
}

/* A legal single-card move off an unfanned pile, after which the card
 * uncovered at the very same place has a move of its own. */
static gboolean
has_move_then_move_below (const FeltState *st, gpointer data)
{
  const FeltGame *game = felt_state_game (st);
  FeltMove *out = data, moves[FELT_MAX_MOVES], next[FELT_MAX_MOVES];
  guint n = felt_state_legal_moves (st, moves);

  for (guint i = 0; i < n; i++)
    {
      FeltState after;
      guint n_next;

      if (moves[i].count != 1 || game->piles[moves[i].from].fan != FELT_FAN_NONE ||
          felt_pile_size (st, moves[i].from) < 2)
        continue;
      after = apply_copy (st, &moves[i]);
      n_next = felt_state_legal_moves (&after, next);
      for (guint j = 0; j < n_next; j++)
        if (next[j].from == moves[i].from && next[j].count == 1)
          {
            out[0] = moves[i];
            out[1] = next[j];
            return TRUE;
          }
    }
  return FALSE;
}

/* Dragging a card and at once the one it uncovers, from the same place:
 * the second press is a new drag, not the second click of a double-click
 * (the double-click time is made long so that the test cannot miss it). */
static void
test_drag_twice (void **state)
{
  static const char *const ids[] = { "straight-up", "backbone" };
  GtkSettings *settings = gtk_settings_get_default ();

  for (guint g = 0; g < G_N_ELEMENTS (ids); g++)
    {
      FeltMove two[2];
      FeltState want;
      graphene_point_t from, to;
      guint n_moves;

      open_board (prepare_session (felt_game_lookup (ids[g]), has_move_then_move_below, two), 1280, 800);
      g_object_set (settings, "gtk-double-click-time", 20000, NULL);
      want = apply_copy (board_state (), &two[0]);
      want = apply_copy (&want, &two[1]);
      n_moves = board_n_moves ();

      from = card_point (two[0].from, felt_pile_size (board_state (), two[0].from) - 1);
      to = top_point (two[0].to);
      drag (from.x, from.y, to.x, to.y);
      assert_int_equal (board_n_moves (), n_moves + 1);
      to = top_point (two[1].to);
      drag (from.x, from.y, to.x, to.y);
      g_object_set (settings, "gtk-double-click-time", default_double_click_time, NULL);
      assert_state (&want, "two drags from the same place");
      assert_int_equal (board_n_moves (), n_moves + 2);
      close_board ();
    }
}

/* A point where a dragged card covers no card and no place of the board. */
static gboolean
empty_point (const graphene_point_t *grab, graphene_point_t *out)
{
  const FeltState *st = board_state ();
  const FeltGame *game = board_game ();
  double width = gtk_widget_get_width (GTK_WIDGET (fx.board));
  double height = gtk_widget_get_height (GTK_WIDGET (fx.board));
  double cw, ch;

  felt_board_get_card_size (fx.board, &cw, &ch);
  for (double y = 2; y + ch < height - 2; y += 4)
    for (double x = 2; x + cw < width - 2; x += 4)
      {
        graphene_rect_t dragged = GRAPHENE_RECT_INIT (x, y, cw, ch);
        gboolean clear = TRUE;

        for (guint p = 0; p < game->n_piles && clear; p++)
          {
            guint n = felt_pile_size (st, p);
            for (int i = -1; i < (int) n && clear; i++)
              {
                graphene_rect_t r = card_rect (p, i);
                clear = !rects_overlap (&dragged, &r);
              }
          }
        if (clear)
          {
            *out = GRAPHENE_POINT_INIT (x + grab->x, y + grab->y);
            return TRUE;
          }
      }
  return FALSE;
}

static void
test_illegal_drop (void **state)
{
  const FeltGame *game = test_game (state);
  FeltMove moves[FELT_MAX_MOVES], move;
  FeltState before;
  graphene_point_t from, to = { 0, 0 }, grab;
  graphene_rect_t r;
  guint n, n_moves;
  int refusing = -1;

  open_board (prepare_session (game, has_legal_move, NULL), 1280, 800);
  assert_true (felt_state_legal_moves (board_state (), moves) > 0);
  move = moves[0];
  before = *board_state ();
  n_moves = board_n_moves ();
  n = felt_pile_size (&before, move.from);
  from = card_point (move.from, n - move.count);
  r = card_rect (move.from, (int) (n - move.count));
  grab = GRAPHENE_POINT_INIT (from.x - r.origin.x, from.y - r.origin.y);

  /* Onto the bare table. */
  if (!empty_point (&grab, &to))
    fail_msg ("%s: no empty place on the board", game->id);
  assert_int_equal (drag (from.x, from.y, to.x, to.y), -1);
  assert_state (&before, "a drop on the table");
  assert_int_equal (board_n_moves (), n_moves);

  /* Onto a pile that refuses the cards, lying square on its top card and
   * touching no pile that would take them. */
  for (guint p = 0; p < game->n_piles && refusing < 0; p++)
    {
      FeltMove m = { move.from, p, move.count, 0 };
      graphene_rect_t target = top_rect (p);
      gboolean clear = TRUE;

      if (p == move.from || felt_state_check_move (&before, &m) == FELT_LEGAL)
        continue;
      for (guint q = 0; q < game->n_piles && clear; q++)
        {
          FeltMove mq = { move.from, q, move.count, 0 };
          graphene_rect_t rq = top_rect (q);
          if (q != move.from && felt_state_check_move (&before, &mq) == FELT_LEGAL)
            clear = !rects_overlap (&target, &rq);
        }
      if (clear)
        refusing = (int) p;
    }
  assert_int_not_equal (refusing, -1);
  r = top_rect (refusing);
  assert_int_equal (drag (from.x, from.y, r.origin.x + grab.x, r.origin.y + grab.y), -1);
  assert_state (&before, "a drop on a pile that refuses the cards");
  assert_int_equal (board_n_moves (), n_moves);
}

/* Pressing on a card that cannot be played and dragging moves nothing. */
static void
test_illegal_pick (void **state)
{
  const FeltGame *game = test_game (state);
  const FeltState *st;
  FeltState before;
  int rx, ry, tx, ty;
  guint n_moves;
  int pile = -1, index = -1;

  open_board (prepare_session (game, any_position, NULL), 1280, 800);
  st = board_state ();
  for (guint p = 0; p < game->n_piles && pile < 0; p++)
    for (guint i = 0; i < felt_pile_size (st, p); i++)
      if (!felt_state_card_playable (st, p, i) && game->piles[p].role != FELT_ROLE_STOCK &&
          (i + 1 == felt_pile_size (st, p) || game->piles[p].fan != FELT_FAN_NONE))
        {
          pile = (int) p;
          index = (int) i;
          break;
        }
  if (pile < 0)
    {
      /* Every visible card plays (Scuffle, Hopscotch): the stock's cards
       * are face down and do not. */
      pile = 0;
      index = (int) felt_pile_size (st, 0) - 1;
      assert_true (index >= 0);
    }
  before = *st;
  n_moves = board_n_moves ();
  {
    graphene_point_t p = card_point (pile, index);
    board_to_root (p.x, p.y, &rx, &ry);
  }
  /* The pointer goes well away from the card, towards the middle. */
  board_to_root (gtk_widget_get_width (GTK_WIDGET (fx.board)) / 2.0,
                 gtk_widget_get_height (GTK_WIDGET (fx.board)) / 2.0, &tx, &ty);
  x_motion (rx, ry);
  x_button (1, TRUE);
  wait_events ();
  assert_int_equal (fx.board->drag_pile, -1);
  for (int i = 1; i <= 4; i++)
    x_motion (rx + (tx - rx) * i / 4, ry + (ty - ry) * i / 4 + 40);
  x_button (1, FALSE);
  wait_events ();
  wait_animations ();
  assert_false (fx.board->dragging);
  assert_int_equal (fx.board->picked_pile, -1);
  assert_state (&before, "dragging a card that does not play");
  assert_int_equal (board_n_moves (), n_moves);
}

/* ---- 3. double-click, right-click, stock ----------------------------------------------- */

static void
home_click (void **state, guint button, guint n_clicks, gboolean animations)
{
  const FeltGame *game = test_game (state);
  FeltMove move;
  FeltState want;
  graphene_point_t p;
  guint n_moves;

  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", animations, NULL);
  open_board (prepare_session (game, has_home_move, NULL), 1280, 800);
  /* Right-click takes another card than double-click where there is one. */
  assert_true (find_home_move (board_state (), &move, button != 1));
  assert_int_equal (move.to, felt_state_foundation_for (board_state (), move.from, move.count));
  want = apply_copy (board_state (), &move);
  n_moves = board_n_moves ();
  p = card_point (move.from, felt_pile_size (board_state (), move.from) - move.count);
  click_at (p.x, p.y, button, n_clicks);
  WAIT_UNTIL (board_n_moves () == n_moves + 1, "%s: the card goes home", game->id);
  /* The cards slide there (and a refill, if any), unless animations are off. */
  if (animations)
    assert_true (fx.slides_at_change >= move.count);
  else
    assert_int_equal (fx.slides_at_change, 0);
  wait_animations ();
  assert_state (&want, button == 1 ? "double-click" : "right-click");
  assert_int_equal (fx.board->picked_pile, -1);
}

static void
test_double_click (void **state)
{
  home_click (state, 1, 2, TRUE);
}

/* And with animations off. */
static void
test_right_click (void **state)
{
  home_click (state, 3, 1, FALSE);
}

/* A double-click on a card with no foundation to go to does nothing. */
static gboolean
has_card_without_home (const FeltState *st, gpointer data)
{
  const FeltGame *game = felt_state_game (st);

  for (guint p = 0; p < game->n_piles; p++)
    {
      guint n = felt_pile_size (st, p);
      if (n > 0 && game->piles[p].role != FELT_ROLE_FOUNDATION &&
          game->piles[p].role != FELT_ROLE_STOCK &&
          felt_state_card_playable (st, p, n - 1) && felt_state_foundation_for (st, p, 1) < 0)
        {
          *(guint *) data = p;
          return TRUE;
        }
    }
  return FALSE;
}

static void
test_double_click_nowhere (void **state)
{
  const FeltGame *game = test_game (state);
  guint pile = 0, n_moves;
  FeltState before;
  graphene_point_t p;

  open_board (prepare_session (game, has_card_without_home, &pile), 1280, 800);
  before = *board_state ();
  n_moves = board_n_moves ();
  p = card_point (pile, felt_pile_size (&before, pile) - 1);
  click_at (p.x, p.y, 1, 2);
  wait_animations ();
  assert_state (&before, "double-click on a card that has no foundation to go to");
  assert_int_equal (board_n_moves (), n_moves);
}

static void
test_stock_click (void **state)
{
  const FeltGame *game = test_game (state);
  FeltState want;
  graphene_point_t p;
  guint n_moves;

  if (game->stock_deal == FELT_DEAL_NONE)
    {
      /* Cruel: the stock only redeals, and not before a card moved. */
      FeltState before;

      open_board (felt_session_new (game, 5), 1280, 800);
      assert_false (felt_state_can_stock (board_state ()));
      before = *board_state ();
      p = top_point (0);
      click_at (p.x, p.y, 1, 1);
      wait_animations ();
      assert_state (&before, "a click on the stock before any move");
      close_board ();
    }

  /* A deal, then (where the game has one) a redeal from the empty stock. */
  for (int redeal = 0; redeal < 2; redeal++)
    {
      if (redeal && (game->redeal == FELT_REDEAL_NONE || game->stock_deal == FELT_DEAL_NONE))
        break;
      open_board (prepare_session (game, redeal ? can_redeal : can_stock, NULL), 1280, 800);
      want = apply_copy (board_state (), &stock_action);
      n_moves = board_n_moves ();
      p = top_point (0);
      click_at (p.x, p.y, 1, 1);
      WAIT_UNTIL (board_n_moves () == n_moves + 1, "%s: the stock acts", game->id);
      assert_true (fx.slides_at_change > 0);
      wait_animations ();
      assert_state (&want, redeal ? "a click on the empty stock" : "a click on the stock");
      close_board ();
    }
}

/* ---- 4. click-to-move -------------------------------------------------------------------- */

static void
test_click_to_move (void **state)
{
  const FeltGame *game = test_game (state);
  FeltMove moves[FELT_MAX_MOVES], move;
  FeltState want;
  graphene_point_t from, to;
  guint n_moves, n;

  open_board (prepare_session (game, has_legal_move, NULL), 1280, 800);
  assert_true (felt_state_legal_moves (board_state (), moves) > 0);
  move = moves[0];
  want = apply_copy (board_state (), &move);
  n_moves = board_n_moves ();
  n = felt_pile_size (board_state (), move.from);

  from = card_point (move.from, n - move.count);
  click_at (from.x, from.y, 1, 1);
  WAIT_UNTIL (fx.board->picked_pile == move.from, "%s: the card is picked up", game->id);
  assert_int_equal (fx.board->picked_count, move.count);
  assert_int_equal (board_n_moves (), n_moves);

  to = top_point (move.to);
  click_at (to.x, to.y, 1, 1);
  WAIT_UNTIL (board_n_moves () == n_moves + 1, "%s: the card moves", game->id);
  wait_animations ();
  assert_state (&want, "click-to-move");
  assert_int_equal (fx.board->picked_pile, -1);
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

/* ---- 5. keyboard ---------------------------------------------------------------------------- */

static void
check_accessible_label (void)
{
  g_autofree char *want = felt_board_describe (fx.board, fx.board->focus_pile, fx.board->focus_index);
  g_autofree char *got = NULL;

  if (fx.board->picked_pile >= 0)
    {
      guint n = felt_pile_size (board_state (), fx.board->picked_pile);
      g_autofree char *picked = felt_board_describe (fx.board, fx.board->picked_pile,
                                                     (int) (n - fx.board->picked_count));
      char *both = g_strdup_printf ("%s; holding %s", want, picked);
      g_free (want);
      want = both;
    }
  got = gtk_test_accessible_check_property (GTK_ACCESSIBLE (fx.board), GTK_ACCESSIBLE_PROPERTY_LABEL, want);
  if (got != NULL)
    fail_msg ("%s: the board's accessible label is \"%s\", expected \"%s\"", board_game ()->id, got, want);
}

/* Keyboard navigation as a graph of focus places (pile, card), learnt by
 * pressing the arrow keys: edge[place][direction] is where the key led,
 * or UNKNOWN.  It holds for one position of the game. */
#define SLOTS (FELT_MAX_CARDS + 2)
#define N_PLACES (FELT_MAX_PILES * SLOTS)
#define UNKNOWN (-1)

static const KeySym arrows[4] = { XK_Left, XK_Right, XK_Up, XK_Down };
static int edges[N_PLACES][4];
static FeltState edges_state;

static int
focus_place (void)
{
  return fx.board->focus_pile * SLOTS + fx.board->focus_index + 1;
}

/* The first arrow of a shortest known path from `from` to a place that
 * `goal` accepts, or -1. */
static int
first_arrow (int from, gboolean (*goal) (int place, int target), int target)
{
  static int prev_arrow[N_PLACES], queue[N_PLACES];
  static gboolean seen[N_PLACES];
  int head = 0, tail = 0;

  memset (seen, 0, sizeof seen);
  seen[from] = TRUE;
  queue[tail++] = from;
  prev_arrow[from] = -1;
  while (head < tail)
    {
      int u = queue[head++];
      if (u != from && goal (u, target))
        return prev_arrow[u];
      for (int d = 0; d < 4; d++)
        {
          int v = edges[u][d];
          if (v == UNKNOWN || seen[v])
            continue;
          seen[v] = TRUE;
          prev_arrow[v] = u == from ? d : prev_arrow[u];
          queue[tail++] = v;
        }
    }
  return -1;
}

static gboolean
is_place (int place, int target)
{
  return place == target;
}

static gboolean
has_unknown_arrow (int place, int target)
{
  for (int d = 0; d < 4; d++)
    if (edges[place][d] == UNKNOWN)
      return TRUE;
  return FALSE;
}

/* Moves the keyboard focus with the arrow keys to a card (or the place of
 * an empty pile), by the shortest way known, exploring where none is;
 * checks the accessible label at every step. */
static void
key_focus_to (guint pile, int index)
{
  int target = (int) pile * SLOTS + index + 1;

  if (!edges_valid || !felt_state_equal (&edges_state, board_state ()))
    {
      for (int i = 0; i < N_PLACES; i++)
        for (int d = 0; d < 4; d++)
          edges[i][d] = UNKNOWN;
      edges_state = *board_state ();
      edges_valid = TRUE;
    }

  for (guint step = 0; step < 600; step++)
    {
      int here = focus_place (), arrow;

      if (here == target)
        return;
      arrow = first_arrow (here, is_place, target);
      if (arrow < 0)
        {
          /* Try an arrow not pressed here yet, towards the target first. */
          graphene_point_t a = fx.board->origin[fx.board->focus_pile], b = fx.board->origin[pile];
          int order[4];
          gboolean vertical = fabs (b.y - a.y) > fabs (b.x - a.x);
          int h = b.x < a.x ? 0 : 1, v = b.y < a.y ? 2 : 3;

          order[0] = vertical ? v : h;
          order[1] = vertical ? h : v;
          order[2] = vertical ? (h ^ 1) : (v ^ 1);
          order[3] = vertical ? (v ^ 1) : (h ^ 1);
          for (int k = 0; k < 4 && arrow < 0; k++)
            if (edges[here][order[k]] == UNKNOWN)
              arrow = order[k];
        }
      if (arrow < 0)
        arrow = first_arrow (here, has_unknown_arrow, 0);
      if (arrow < 0)
        break;
      press_key (arrows[arrow]);
      edges[here][arrow] = focus_place ();
      check_accessible_label ();
    }
  fail_msg ("%s: the arrow keys do not reach pile %u card %d (focus on pile %d card %d)",
            board_game ()->id, pile, index, fx.board->focus_pile, fx.board->focus_index);
}

static void
focus_board (void)
{
  gtk_widget_grab_focus (GTK_WIDGET (fx.board));
  WAIT_UNTIL (gtk_widget_has_focus (GTK_WIDGET (fx.board)), "the board has the keyboard focus");
}

static void
test_keyboard (void **state)
{
  const FeltGame *game = test_game (state);
  FeltMove moves[FELT_MAX_MOVES], move;
  FeltState want, before;
  guint n_moves, n;
  g_autofree char *label_before = NULL;

  open_board (prepare_session (game, has_legal_move, NULL), 1280, 800);
  focus_board ();
  /* The label can be read back, and a wrong one is told apart. */
  {
    g_autofree char *wrong = gtk_test_accessible_check_property (GTK_ACCESSIBLE (fx.board),
                                                                 GTK_ACCESSIBLE_PROPERTY_LABEL,
                                                                 "no such label");
    assert_non_null (wrong);
    check_accessible_label ();
  }

  /* Pick up with Space, put down with Enter. */
  assert_true (felt_state_legal_moves (board_state (), moves) > 0);
  move = moves[0];
  want = apply_copy (board_state (), &move);
  n_moves = board_n_moves ();
  n = felt_pile_size (board_state (), move.from);
  key_focus_to (move.from, (int) (n - move.count));
  label_before = felt_board_describe (fx.board, move.from, (int) (n - move.count));
  press_key (XK_space);
  assert_int_equal (fx.board->picked_pile, move.from);
  assert_int_equal (fx.board->picked_count, move.count);
  check_accessible_label ();
  {
    guint to_n = felt_pile_size (board_state (), move.to);
    key_focus_to (move.to, to_n ? (int) to_n - 1 : -1);
  }
  /* The label followed the focus away from the card. */
  {
    g_autofree char *now = felt_board_describe (fx.board, fx.board->focus_pile, fx.board->focus_index);
    assert_string_not_equal (now, label_before);
  }
  press_key (XK_Return);
  WAIT_UNTIL (board_n_moves () == n_moves + 1, "%s: the keyboard move is played", game->id);
  wait_animations ();
  assert_state (&want, "a move with the keyboard");
  assert_int_equal (fx.board->picked_pile, -1);
  check_accessible_label ();

  /* Escape puts the cards back down. */
  assert_true (advance_to_move ());
  assert_true (felt_state_legal_moves (board_state (), moves) > 0);
  move = moves[0];
  before = *board_state ();
  n_moves = board_n_moves ();
  n = felt_pile_size (&before, move.from);
  key_focus_to (move.from, (int) (n - move.count));
  press_key (XK_space);
  assert_int_equal (fx.board->picked_pile, move.from);
  press_key (XK_Escape);
  assert_int_equal (fx.board->picked_pile, -1);
  check_accessible_label ();
  /* Space on the target now plays nothing: the pick is gone. */
  {
    guint to_n = felt_pile_size (board_state (), move.to);
    key_focus_to (move.to, to_n ? (int) to_n - 1 : -1);
  }
  press_key (XK_space);
  if (fx.board->picked_pile >= 0)
    press_key (XK_Escape);
  assert_int_equal (fx.board->picked_pile, -1);
  assert_state (&before, "Escape after a pick");
  assert_int_equal (board_n_moves (), n_moves);

  /* The arrow keys reach every pile, and every face-up card of a fan. */
  for (guint p = 0; p < game->n_piles; p++)
    {
      const FeltState *st = board_state ();
      guint size = felt_pile_size (st, p);

      key_focus_to (p, size ? (int) size - 1 : -1);
      if (game->piles[p].fan != FELT_FAN_NONE)
        for (int i = (int) size - 2; i >= 0 && !felt_state_card_face_down (st, p, i); i--)
          key_focus_to (p, i);
    }
}

/* The descriptions a screen reader speaks. */
static char *
expected_description (const FeltState *st, guint pile, int index)
{
  static const char *const ranks[] = {
    NULL, "Ace", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine",
    "Ten", "Jack", "Queen", "King",
  };
  static const char *const suits[] = { "clubs", "diamonds", "hearts", "spades" };
  static const char *const roles[] = { "Stock", "Waste", "Foundation", "Tableau", "Reserve" };
  const FeltGame *game = felt_state_game (st);
  const FeltPileSpec *spec = &game->piles[pile];
  guint n = felt_pile_size (st, pile), same = 0;
  g_autofree char *where = NULL, *what = NULL;

  for (guint p = 0; p < game->n_piles; p++)
    same += game->piles[p].role == spec->role;
  where = same > 1 ? g_strdup_printf ("%s %u", roles[spec->role], spec->index + 1)
                   : g_strdup (roles[spec->role]);
  if (n == 0)
    return g_strdup_printf ("%s, empty", where);
  if (index < 0)
    index = (int) n - 1;
  if (felt_state_card_face_down (st, pile, index))
    what = g_strdup ("Face-down card");
  else
    {
      FeltCard c = felt_pile_card (st, pile, index);
      what = g_strdup_printf ("%s of %s", ranks[FELT_CARD_RANK (c)], suits[FELT_CARD_SUIT (c)]);
    }
  if (felt_state_card_playable (st, pile, index) && felt_state_foundation_for (st, pile, n - index) >= 0)
    return g_strdup_printf ("%s, %s, can move to a foundation", what, where);
  return g_strdup_printf ("%s, %s", what, where);
}

static void
test_describe (void **state)
{
  const FeltGame *game = test_game (state);
  FeltMove home;
  const FeltState *st;
  g_autofree char *seven = felt_card_describe (FELT_CARD (7, FELT_HEARTS));
  g_autofree char *queen = felt_card_describe (FELT_CARD (12, FELT_SPADES));

  assert_string_equal (seven, "Seven of hearts");
  assert_string_equal (queen, "Queen of spades");

  open_board (prepare_session (game, has_home_move, NULL), 1024, 768);
  st = board_state ();
  for (guint p = 0; p < game->n_piles; p++)
    for (int i = -1; i < (int) felt_pile_size (st, p); i++)
      {
        g_autofree char *want = expected_description (st, p, i);
        g_autofree char *got = felt_board_describe (fx.board, p, i);
        assert_string_equal (got, want);
      }
  /* The card a double-click would send home says so. */
  assert_true (find_home_move (st, &home, FALSE));
  {
    g_autofree char *got = felt_board_describe (fx.board, home.from,
                                                (int) (felt_pile_size (st, home.from) - home.count));
    assert_true (g_str_has_suffix (got, ", can move to a foundation"));
  }
}

/* ---- 6. screenshots -------------------------------------------------------------------------- */

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

/* ---- main ----------------------------------------------------------------------------------------- */

typedef struct {
  const char *name;
  CMUnitTestFunction fn;
  gboolean per_game;
} BoardTest;

static const BoardTest board_tests[] = {
  { "layout", test_layout, TRUE },
  { "hit-testing", test_hit_testing, TRUE },
  { "drag", test_drag, TRUE },
  { "drag-run", test_drag_run, FALSE },
  { "drag-twice", test_drag_twice, FALSE },
  { "illegal-drop", test_illegal_drop, TRUE },
  { "illegal-pick", test_illegal_pick, TRUE },
  { "double-click", test_double_click, TRUE },
  { "right-click", test_right_click, TRUE },
  { "double-click-nowhere", test_double_click_nowhere, TRUE },
  { "stock-click", test_stock_click, TRUE },
  { "click-to-move", test_click_to_move, TRUE },
  { "keyboard", test_keyboard, TRUE },
  { "describe", test_describe, TRUE },
  { "screenshot", test_screenshot, TRUE },
};

int
main (void)
{
  g_autoptr (GArray) tests = g_array_new (FALSE, TRUE, sizeof (struct CMUnitTest));
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  int failed;

  felt_ui_test_init ();
  theme = felt_card_theme_new_default ();
  g_object_get (gtk_settings_get_default (), "gtk-double-click-time", &default_double_click_time, NULL);

  for (guint t = 0; t < G_N_ELEMENTS (board_tests); t++)
    for (guint g = 0; g < (board_tests[t].per_game ? FELT_N_GAMES : 1); g++)
      {
        const char *name = board_tests[t].name;

        if (board_tests[t].per_game)
          {
            name = g_strdup_printf ("%s/%s", board_tests[t].name, game_ids[g]);
            g_ptr_array_add (names, (char *) name);
          }
        struct CMUnitTest test = {
          .name = name,
          .test_func = board_tests[t].fn,
          .teardown_func = teardown,
          .initial_state = (void *) &game_ids[g],
        };
        g_array_append_val (tests, test);
      }
  if (g_getenv ("FELT_TEST_FILTER"))
    cmocka_set_test_filter (g_getenv ("FELT_TEST_FILTER"));
  failed = _cmocka_run_group_tests ("board", (const struct CMUnitTest *) tests->data, tests->len, NULL, NULL);
  g_clear_object (&theme);
  return failed;
}
