/* test-board-mouse.c: the board played with the mouse under Xvfb (issue 3,
 * item 7), through real X pointer events (XTest): drag and drop of every
 * kind of move, illegal drops and picks, double-click, right-click, stock
 * clicks and click-to-move, each checked against the exact position the
 * engine reaches.  test-board-util.h shows the board and drives it.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "test-board-util.h"

/* ---- positions to test with ----------------------------------------------------------- */

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

/* ---- drag and drop ------------------------------------------------------------------- */

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

  play_session (session);
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

/* ---- double-click, right-click, stock ----------------------------------------------- */

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

/* ---- click-to-move -------------------------------------------------------------------- */

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

int
main (void)
{
  static const BoardTest tests[] = {
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
  };

  return board_test_run ("board-mouse", tests, G_N_ELEMENTS (tests));
}
