/* test-board-a11y.c: the board's piles as accessible objects (issue 16,
 * part 3), under Xvfb: one child a pile, of role list, named after the
 * pile and describing what it holds, placed over the pile, following
 * every move and undo; never focused, never hit by the pointer, and
 * sending a description only when it changed.  test-board-util.h shows
 * the board and drives it.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "test-board-util.h"

#include <time.h>

#include "felt-names.h"
#include "felt-phrases.h"
#include "felt-pile-widget.h"

/* The board's pile children, in the board's order. */
static guint
pile_children (GtkWidget *piles[FELT_MAX_PILES])
{
  guint n = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (fx.board)); child;
       child = gtk_widget_get_next_sibling (child))
    if (FELT_IS_PILE_WIDGET (child))
      {
        assert_true (n < FELT_MAX_PILES);
        piles[n++] = child;
      }
  return n;
}

/* What a pile should say, written out here in English from the pile
 * itself, not by the code under test. */
static char *
expected_description (const FeltState *st, guint pile)
{
  guint n = felt_pile_size (st, pile), down = 0;
  g_autofree char *top = NULL;
  GString *s;

  for (guint i = 0; i < n; i++)
    down += felt_state_card_face_down (st, pile, i);
  if (n == 0)
    return g_strdup ("Empty");
  if (down == n)
    return g_strdup_printf ("%u card%s, face down", n, n == 1 ? "" : "s");
  s = g_string_new (NULL);
  g_string_append_printf (s, "%u card%s", n, n == 1 ? "" : "s");
  if (down)
    g_string_append_printf (s, ", %u face down", down);
  if (!felt_state_card_face_down (st, pile, n - 1))
    {
      top = felt_phrase_card (felt_pile_top (st, pile), FELT_CARD_FORM_NAME);
      g_string_append_printf (s, "; top: %s", top);
    }
  return g_string_free (s, FALSE);
}

static void
check_pile (GtkWidget *child, guint p)
{
  const FeltGame *game = board_game ();
  g_autofree char *name = felt_pile_describe (game, p);
  g_autofree char *want = expected_description (board_state (), p);
  g_autofree char *wrong_name = NULL, *wrong_description = NULL;

  if (!gtk_test_accessible_has_role (GTK_ACCESSIBLE (child), GTK_ACCESSIBLE_ROLE_LIST))
    fail_msg ("%s: pile %u is not of role list", game->id, p);
  wrong_name = gtk_test_accessible_check_property (GTK_ACCESSIBLE (child), GTK_ACCESSIBLE_PROPERTY_LABEL, name);
  if (wrong_name)
    fail_msg ("%s: pile %u is named \"%s\", expected \"%s\"", game->id, p, wrong_name, name);
  wrong_description = gtk_test_accessible_check_property (GTK_ACCESSIBLE (child), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                                          want);
  if (wrong_description)
    fail_msg ("%s: %s says \"%s\", expected \"%s\"", game->id, name, wrong_description, want);
}

/* Every pile named and described as it is now; and nothing left to send
 * again (a second look changes nothing). */
static void
check_piles (const char *when)
{
  GtkWidget *piles[FELT_MAX_PILES];
  guint n = pile_children (piles);

  if (n != board_game ()->n_piles)
    fail_msg ("%s, %s: %u pile children for %u piles", board_game ()->id, when, n, board_game ()->n_piles);
  for (guint p = 0; p < n; p++)
    {
      check_pile (piles[p], p);
      assert_false (felt_pile_widget_show (FELT_PILE_WIDGET (piles[p]), board_state (), p));
    }
}

static void
test_piles (void **state)
{
  const FeltGame *game = test_game (state);
  GtkWidget *piles[FELT_MAX_PILES];
  FeltMove moves[FELT_MAX_MOVES], move;
  FeltState before;
  guint n;

  open_board (prepare_session (game, has_legal_move, NULL), 1280, 800);
  check_piles ("dealt");

  /* Over its pile, out of the pointer's way and the focus's. */
  n = pile_children (piles);
  for (guint p = 0; p < n; p++)
    {
      graphene_rect_t bounds, top = top_rect (p), first = card_rect (p, -1);

      assert_true (gtk_widget_compute_bounds (piles[p], GTK_WIDGET (fx.board), &bounds));
      assert_float_equal (bounds.origin.x, first.origin.x, 0.5);
      assert_float_equal (bounds.origin.y, first.origin.y, 0.5);
      graphene_rect_inset (&top, 0.5, 0.5);
      if (!graphene_rect_contains_rect (&bounds, &top))
        fail_msg ("%s: pile %u's child (%g,%g %gx%g) does not cover its top card (%g,%g %gx%g)", game->id, p,
                  bounds.origin.x, bounds.origin.y, bounds.size.width, bounds.size.height,
                  top.origin.x, top.origin.y, top.size.width, top.size.height);
      assert_false (gtk_widget_get_can_target (piles[p]));
      assert_false (gtk_widget_get_focusable (piles[p]));
      assert_false (gtk_widget_get_can_focus (piles[p]));
    }
  /* The pointer finds the board under every pile. */
  for (guint p = 0; p < n; p++)
    {
      graphene_point_t at = top_point (p);
      assert_ptr_equal (gtk_widget_pick (GTK_WIDGET (fx.board), at.x, at.y, GTK_PICK_DEFAULT),
                        GTK_WIDGET (fx.board));
    }

  /* A move, then Undo: each pile says what it holds after both. */
  n = felt_state_legal_moves (board_state (), moves);
  assert_true (n > 0);
  move = moves[0];
  before = *board_state ();
  assert_true (felt_play_move (board_play (), &move, TRUE));
  assert_false (felt_state_equal (&before, board_state ()));
  check_piles ("after a move");
  assert_true (felt_play_undo (board_play ()));
  assert_true (felt_state_equal (&before, board_state ()));
  check_piles ("after undo");
  if (advance_to_move ())
    check_piles ("after the stock");

  /* The keys still go to the board, which keeps the focus. */
  gtk_widget_grab_focus (GTK_WIDGET (fx.board));
  {
    int focus = fx.board->focus_pile;
    press_key (XK_Right);
    WAIT_UNTIL (fx.board->focus_pile != focus, "%s: Right did not move the focus", game->id);
    assert_true (gtk_widget_has_focus (GTK_WIDGET (fx.board)));
  }

  /* They draw nothing: the board looks the same without them (every
   * face rendered, nothing sliding: nothing else changes in between). */
  felt_card_theme_render_all (theme, fx.board->texture_w, fx.board->texture_h);
  gtk_widget_queue_draw (GTK_WIDGET (fx.board));
  wait_animations ();
  {
    g_autoptr (GdkTexture) with = felt_ui_test_render (GTK_WIDGET (fx.board), NULL);
    g_autoptr (GdkTexture) without = NULL;
    int w = gdk_texture_get_width (with), h = gdk_texture_get_height (with);
    g_autofree guchar *a = g_malloc ((gsize) 4 * w * h), *b = g_malloc ((gsize) 4 * w * h);

    felt_board_piles_dispose (fx.board);
    assert_int_equal (pile_children (piles), 0);
    gtk_widget_queue_draw (GTK_WIDGET (fx.board));
    without = felt_ui_test_render (GTK_WIDGET (fx.board), NULL);
    assert_int_equal (gdk_texture_get_width (without), w);
    assert_int_equal (gdk_texture_get_height (without), h);
    gdk_texture_download (with, a, 4 * w);
    gdk_texture_download (without, b, 4 * w);
    assert_memory_equal (a, b, (size_t) 4 * w * h);
    felt_board_piles_update (fx.board);
    check_piles ("back");
  }

  /* A preview (the game chooser's) has none: its game is named instead. */
  felt_board_set_interactive (fx.board, FALSE);
  assert_int_equal (pile_children (piles), 0);
  felt_board_set_interactive (fx.board, TRUE);
  check_piles ("interactive again");
}

static double
cpu_seconds (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* What the piles cost a move: the descriptions of the piles that changed
 * (a look at the others finds nothing to send), against what the board
 * already does on every move: the layout of the fans, and its own
 * accessible label. */
static double
per_move (FeltSession *own, const FeltMove *move, void (*update) (FeltBoard *board))
{
  const guint rounds = 2000;
  double t0 = cpu_seconds ();

  for (guint i = 0; i < rounds; i++)
    {
      if (i % 2 == 0)
        assert_int_equal (felt_session_play (own, move), FELT_LEGAL);
      else
        assert_true (felt_session_undo (own));
      if (update)
        update (fx.board);
    }
  return (cpu_seconds () - t0) / rounds * 1e6;
}

static void
test_cost (void **state)
{
  const FeltGame *game = felt_game_lookup ("backbone");
  FeltSession *own;
  FeltMove moves[FELT_MAX_MOVES];
  double moves_only, piles, unchanged, fans, label;
  double t0;

  /* The board shows a session the test changes itself, as a replay's
   * owner does: no game in play. */
  show_board (prepare_session (game, has_legal_move, NULL), 1280, 800);
  own = felt_board_get_session (fx.board);
  assert_true (felt_state_legal_moves (felt_session_get_state (own), moves) > 0);

  moves_only = per_move (own, &moves[0], NULL);
  piles = per_move (own, &moves[0], felt_board_piles_update) - moves_only;
  fans = per_move (own, &moves[0], felt_board_layout_fans) - moves_only;
  label = per_move (own, &moves[0], felt_board_update_accessible) - moves_only;
  t0 = cpu_seconds ();
  for (guint i = 0; i < 2000; i++)
    felt_board_piles_update (fx.board);
  unchanged = (cpu_seconds () - t0) / 2000 * 1e6;
  print_message ("a move (%s, %u piles): piles' descriptions %.2f µs (nothing changed: %.2f µs); "
                 "the board's own label %.2f µs; layout of the fans %.2f µs\n",
                 game->id, game->n_piles, piles, unchanged, label, fans);
  /* Far below a frame (16 ms) even under the sanitizers. */
  assert_true (piles < 1000);
  assert_true (unchanged < piles);
  check_piles ("after the bench");
}

int
main (void)
{
  static const BoardTest tests[] = {
    { "piles", test_piles, TRUE },
    { "cost", test_cost, FALSE },
  };

  return board_test_run ("board-a11y", tests, G_N_ELEMENTS (tests));
}
