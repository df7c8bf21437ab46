/* test-board-keyboard.c: the board played with the keyboard under Xvfb
 * (issue 3, item 7), through real X key events (XTest): the arrow keys
 * reach every pile and every face-up card of a fan, Space picks up, Enter
 * puts down, Escape cancels, and the accessible label follows the focus;
 * and the descriptions a screen reader speaks.  test-board-util.h shows
 * the board and drives it.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "test-board-util.h"

/* ---- keyboard ---------------------------------------------------------------------------- */

static void
check_accessible_label (void)
{
  g_autofree char *want = felt_board_describe (fx.board, fx.board->focus_pile, fx.board->focus_index);
  g_autofree char *got = NULL;

  if (fx.board->picked_pile >= 0)
    {
      guint n = felt_pile_size (board_state (), fx.board->picked_pile);
      int held = (int) (n - fx.board->picked_count);
      g_autofree char *picked = felt_board_describe (fx.board, fx.board->picked_pile, held);
      char *both;

      /* The focus on the held card: said once. */
      if (fx.board->focus_pile == fx.board->picked_pile && fx.board->focus_index == held)
        both = g_strdup_printf ("Holding %s", want);
      else
        both = g_strdup_printf ("%s; holding %s", want, picked);
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

/* The `number`-th pile of `role`, or -1. */
static int
nth_pile (const FeltGame *game, FeltRole role, guint number)
{
  guint seen = 0;

  for (guint p = 0; p < game->n_piles; p++)
    if (game->piles[p].role == role && ++seen == number)
      return (int) p;
  return -1;
}

/* T or F then a number jumps to that pile; a second digit soon after
 * makes a two-digit number; any other key in between ends the number. */
static void
test_jump (void **state)
{
  const FeltGame *game = test_game (state);
  FeltRole role = nth_pile (game, FELT_ROLE_TABLEAU, 1) >= 0 ? FELT_ROLE_TABLEAU : FELT_ROLE_RESERVE;
  int first = nth_pile (game, role, 1), second = nth_pile (game, role, 2);
  int twelfth = nth_pile (game, role, 12), foundation = nth_pile (game, FELT_ROLE_FOUNDATION, 2);

  open_board (prepare_session (game, has_legal_move, NULL), 1280, 800);
  focus_board ();
  assert_true (first >= 0 && second >= 0 && foundation >= 0);

  press_key (XK_t);
  press_key (XK_2);
  assert_int_equal (fx.board->focus_pile, second);
  press_key (XK_f);
  press_key (XK_2);
  assert_int_equal (fx.board->focus_pile, foundation);
  if (twelfth >= 0)
    {
      press_key (XK_t);
      press_key (XK_1);
      press_key (XK_2);
      assert_int_equal (fx.board->focus_pile, twelfth);
    }
  /* "1", Space, "2": the Space ends the number, so tableau 2. */
  press_key (XK_t);
  press_key (XK_1);
  assert_int_equal (fx.board->focus_pile, first);
  press_key (XK_space);
  if (fx.board->picked_pile >= 0)
    press_key (XK_Escape);
  press_key (XK_2);
  assert_int_equal (fx.board->focus_pile, second);
}

int
main (void)
{
  static const BoardTest tests[] = {
    { "keyboard", test_keyboard, TRUE },
    { "describe", test_describe, TRUE },
    { "jump", test_jump, TRUE },
  };

  return board_test_run ("board-keyboard", tests, G_N_ELEMENTS (tests));
}
