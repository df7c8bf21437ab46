/* test-board-util.c: what the board's UI tests share (test-board-util.h).
 * They drive the board through its real input path: X pointer and key
 * events injected with XTest into the X server, so that GDK reads them
 * like any other and the board's gestures (GtkGestureDrag,
 * GtkGestureClick, the key controller) see them.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "test-board-util.h"

const FeltMove stock_action = { 0, 0, 0, 1 };

/* ---- the window under test ---------------------------------------------------- */

Fixture fx;
FeltCardTheme *theme;
int default_double_click_time;
gboolean edges_valid;

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

/* The window with the board, showing `session` (taken) through a game
 * in play or (`play` FALSE) only showing it. */
static FeltBoard *
open_window (FeltSession *session, int width, int height, gboolean play)
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
  if (play)
    play_session (session);
  else
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

FeltBoard *
open_board (FeltSession *session, int width, int height)
{
  return open_window (session, width, height, TRUE);
}

FeltBoard *
show_board (FeltSession *session, int width, int height)
{
  return open_window (session, width, height, FALSE);
}

void
close_board (void)
{
  if (fx.window == NULL)
    return;
  gtk_window_destroy (GTK_WINDOW (fx.window));
  fx.window = NULL;
  fx.board = NULL;
  g_clear_object (&fx.play);
  if (fx.play_dir)
    felt_ui_test_remove_dir (fx.play_dir);
  g_clear_pointer (&fx.play_dir, g_free);
  /* Let the X server forget the window before the next one. */
  XSync (fx.xdpy, False);
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

int
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

const FeltState *
board_state (void)
{
  return felt_session_get_state (felt_board_get_session (fx.board));
}

const FeltGame *
board_game (void)
{
  return felt_session_get_game (felt_board_get_session (fx.board));
}

guint
board_n_moves (void)
{
  return felt_session_get_n_moves (felt_board_get_session (fx.board));
}

/* Waits until no card slides any more. */
void
wait_animations (void)
{
  WAIT_UNTIL (fx.board->tick_id == 0 && fx.board->n_slides == 0, "the cards stop sliding");
}

/* ---- XTest -------------------------------------------------------------------- */

/* Root window coordinates of a point of the board. */
void
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

void
x_motion (int rx, int ry)
{
  XTestFakeMotionEvent (fx.xdpy, -1, rx, ry, CurrentTime);
  XSync (fx.xdpy, False);
}

void
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
void
wait_events (void)
{
  XSync (fx.xdpy, False);
  WAIT_UNTIL (fx.n_presses >= fx.sent_presses && fx.n_releases >= fx.sent_releases &&
              fx.n_keys >= fx.sent_keys,
              "the board sees the events (%u/%u presses, %u/%u releases, %u/%u keys)",
              fx.n_presses, fx.sent_presses, fx.n_releases, fx.sent_releases, fx.n_keys, fx.sent_keys);
}

/* n quick clicks of a button at a point of the board. */
void
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

void
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
int
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

graphene_rect_t
card_rect (guint pile, int index)
{
  graphene_rect_t r;

  assert_true (felt_board_get_card_rect (fx.board, pile, index, &r));
  return r;
}

/* The rectangle of the pile's top card, or of its empty place. */
graphene_rect_t
top_rect (guint pile)
{
  guint n = felt_pile_size (board_state (), pile);
  return card_rect (pile, n ? (int) n - 1 : -1);
}

/* The middle of the part of a card that shows: the whole card when it is
 * on top, else the strip the next card leaves free. */
graphene_point_t
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

graphene_point_t
top_point (guint pile)
{
  graphene_rect_t r = top_rect (pile);
  graphene_point_t p;

  graphene_rect_get_center (&r, &p);
  p.x = floor (p.x);
  p.y = floor (p.y);
  return p;
}

gboolean
rect_inside (const graphene_rect_t *r, double width, double height)
{
  return r->origin.x >= 0 && r->origin.y >= 0 &&
         r->origin.x + r->size.width <= width + 0.01 &&
         r->origin.y + r->size.height <= height + 0.01;
}

/* Open rectangles overlap (touching edges do not count). */
gboolean
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
FeltSession *
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

gboolean
any_position (const FeltState *st, gpointer data)
{
  return TRUE;
}

gboolean
has_legal_move (const FeltState *st, gpointer data)
{
  FeltMove moves[FELT_MAX_MOVES];
  return felt_state_legal_moves (st, moves) > 0;
}


/* A playable card a double-click sends home: the first found, or the
 * last one. */
gboolean
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

gboolean
has_home_move (const FeltState *st, gpointer data)
{
  return find_home_move (st, NULL, FALSE);
}


void
assert_state (const FeltState *want, const char *what)
{
  if (!felt_state_equal (board_state (), want))
    fail_msg ("%s: %s: the position is not the expected one", board_game ()->id, what);
}

FeltState
apply_copy (const FeltState *st, const FeltMove *move)
{
  FeltState copy = *st;
  FeltUndo undo;

  assert_int_equal (felt_state_check_move (&copy, move), FELT_LEGAL);
  felt_state_apply (&copy, move, &undo);
  return copy;
}

FeltPlay *
board_play (void)
{
  assert_non_null (fx.play);
  return fx.play;
}

void
play_session (FeltSession *session)
{
  if (fx.play == NULL)
    {
      fx.play_dir = g_strdup (g_getenv ("FELT_DATA_DIR"));
      assert_int_equal (g_mkdir_with_parents (fx.play_dir, 0700), 0);
      fx.play = felt_play_new ();
      g_object_set (fx.play, "show-winnable", FALSE, "active", FALSE, NULL);
    }
  felt_play_start (fx.play, felt_session_get_game (session), felt_session_get_seed (session));
  for (guint i = 0; i < felt_session_get_n_moves (session); i++)
    {
      FeltMove move = felt_session_get_move (session, i);
      assert_true (felt_play_move (fx.play, &move, FALSE));
    }
  felt_session_free (session);
  if (felt_board_get_play (fx.board) != fx.play)
    felt_board_set_play (fx.board, fx.play);
}

/* Plays the stock action through the game in play (not the input path)
 * until a legal card move exists; FALSE when none comes. */
gboolean
advance_to_move (void)
{
  for (guint i = 0; i < 200; i++)
    {
      FeltMove moves[FELT_MAX_MOVES];
      if (felt_state_legal_moves (board_state (), moves) > 0)
        return TRUE;
      if (!felt_play_move (board_play (), &stock_action, TRUE))
        return FALSE;
      wait_animations ();
    }
  return FALSE;
}

const FeltGame *
test_game (void **state)
{
  const FeltGame *game = felt_game_lookup (*(const char **) *state);

  assert_non_null (game);
  return game;
}

/* ---- the runner ---------------------------------------------------------------------------------- */

int
board_test_run (const char *group, const BoardTest *tests, guint n_tests)
{
  g_autofree char *play_root = NULL, *play_data = NULL;
  g_autoptr (GArray) cm_tests = g_array_new (FALSE, TRUE, sizeof (struct CMUnitTest));
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  int failed;

  felt_ui_test_init ();
  /* The data folder of a test's game, made and removed by each test, at
   * one place: the environment is set before any thread runs (a setenv
   * while a worker reads the environment can crash it). */
  play_root = felt_ui_test_make_dir ("felt-test-board", NULL);
  play_data = g_build_filename (play_root, "felt", NULL);
  g_setenv ("FELT_DATA_DIR", play_data, TRUE);
  theme = felt_card_theme_new_default ();
  g_object_get (gtk_settings_get_default (), "gtk-double-click-time", &default_double_click_time, NULL);

  /* Every game of the engine's list (rules/felt-games.h); a test's state
   * points at the id in the game's own table, which lives as long as the
   * program. */
  for (guint t = 0; t < n_tests; t++)
    for (guint g = 0; g < (tests[t].per_game ? FELT_N_GAMES : 1); g++)
      {
        const FeltGame *game = felt_game_get ((FeltGameId) g);
        const char *name = tests[t].name;

        if (tests[t].per_game)
          {
            name = g_strdup_printf ("%s/%s", tests[t].name, game->id);
            g_ptr_array_add (names, (char *) name);
          }
        struct CMUnitTest test = {
          .name = name,
          .test_func = tests[t].fn,
          .teardown_func = teardown,
          .initial_state = (void *) &game->id,
        };
        g_array_append_val (cm_tests, test);
      }
  if (g_getenv ("FELT_TEST_FILTER"))
    cmocka_set_test_filter (g_getenv ("FELT_TEST_FILTER"));
  failed = _cmocka_run_group_tests (group, (const struct CMUnitTest *) cm_tests->data, cm_tests->len, NULL, NULL);
  g_clear_object (&theme);
  felt_ui_test_remove_dir (play_root);
  return failed;
}
