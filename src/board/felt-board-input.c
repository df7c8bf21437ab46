/* felt-board-input.c: the board's mouse, touch and keyboard input.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "felt-board-private.h"
#include "felt-phrases.h"

#include <glib/gi18n.h>
#include <math.h>

/* ---- hit testing --------------------------------------------------------- */

int
felt_board_pile_at (FeltBoard *self, double x, double y, int *index)
{
  const FeltGame *game;
  const FeltState *st;

  if (self->session == NULL || self->card_w <= 0)
    return -1;
  game = felt_board_game (self);
  st = felt_board_state (self);

  /* Cards first, from the pile drawn last: it lies on top (Backbone's
   * card across the ends of the columns). */
  for (int p = (int) game->n_piles - 1; p >= 0; p--)
    {
      guint n = felt_pile_size (st, p);
      graphene_point_t o;

      /* From the top card down: the upper card covers the lower. */
      for (int i = (int) n - 1; i >= 0; i--)
        {
          felt_board_card_origin (self, p, i, &o);
          if (x >= o.x && x < o.x + self->card_w && y >= o.y && y < o.y + self->card_h)
            {
              if (index)
                *index = i;
              return p;
            }
          if (self->fan_dx[p] == 0 && self->fan_dy[p] == 0)
            break;
        }
    }
  /* Then the places of the empty piles. */
  for (guint p = 0; p < game->n_piles; p++)
    {
      graphene_point_t o = self->origin[p];

      if (felt_pile_size (st, p) == 0 &&
          x >= o.x && x < o.x + self->card_w && y >= o.y && y < o.y + self->card_h)
        {
          if (index)
            *index = -1;
          return (int) p;
        }
    }
  return -1;
}

/* The pile that takes the dragged cards, by the largest overlap of the
 * dragged card with a pile's top card. */
static int
find_drop (FeltBoard *self)
{
  const FeltGame *game = felt_board_game (self);
  const FeltState *st = felt_board_state (self);
  guint n = felt_pile_size (st, self->drag_pile);
  graphene_point_t o;
  graphene_rect_t dragged;
  double best_area = 0;
  int best = -1;

  felt_board_card_origin (self, self->drag_pile, n - self->drag_count, &o);
  graphene_rect_init (&dragged, o.x + self->drag_offset.x, o.y + self->drag_offset.y,
                      self->card_w, self->card_h);

  for (guint p = 0; p < game->n_piles; p++)
    {
      FeltMove move = { self->drag_pile, p, self->drag_count, 0 };
      guint size = felt_pile_size (st, p);
      graphene_rect_t target, overlap;

      if ((int) p == self->drag_pile || felt_state_check_move (st, &move) != FELT_LEGAL)
        continue;
      felt_board_card_origin (self, p, size ? size - 1 : 0, &o);
      graphene_rect_init (&target, o.x, o.y, self->card_w, self->card_h);
      if (graphene_rect_intersection (&dragged, &target, &overlap) &&
          overlap.size.width * overlap.size.height > best_area)
        {
          best_area = overlap.size.width * overlap.size.height;
          best = (int) p;
        }
    }
  return best;
}

/* ---- actions of the player ---------------------------------------------------- */

void
felt_board_cancel_pick (FeltBoard *self)
{
  if (self->picked_pile < 0 && self->drag_pile < 0)
    return;
  self->picked_pile = self->drag_pile = self->drop_pile = -1;
  self->dragging = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Double-click, right-click: to the first foundation that takes it. */
static gboolean
send_home (FeltBoard *self, guint pile, int index)
{
  const FeltState *st = felt_board_state (self);
  guint n = felt_pile_size (st, pile);
  int to;

  if (index < 0 || !felt_state_card_playable (st, pile, index))
    return FALSE;
  to = felt_state_foundation_for (st, pile, n - index);
  if (to < 0)
    return FALSE;
  felt_board_cancel_pick (self);
  return felt_board_play_move (self, &(FeltMove) { pile, to, n - index, 0 }, TRUE);
}

/* A click or Space on a place: the stock acts, a playable card is picked
 * up, and with cards picked up a pile takes them.  From the keyboard a
 * pile that cannot take the cards held says why, and they stay held (a
 * player who cannot see the board would not know what else was picked
 * up instead). */
static void
activate_place (FeltBoard *self, int pile, int index, gboolean keyboard)
{
  const FeltGame *game = felt_board_game (self);
  const FeltState *st = felt_board_state (self);

  /* The Solution mode shows its steps: the game waits for the player. */
  if (self->shown)
    {
      gtk_widget_error_bell (GTK_WIDGET (self));
      felt_board_announce (self, _("The solution is shown: take over or leave it to play"));
      return;
    }
  if (self->picked_pile >= 0)
    {
      FeltMove move = { self->picked_pile, pile, self->picked_count, 0 };
      if (pile < 0 || pile == self->picked_pile)
        {
          felt_board_cancel_pick (self);
          return;
        }
      FeltIllegal why = felt_state_check_move (st, &move);
      if (why == FELT_LEGAL)
        {
          felt_board_cancel_pick (self);
          felt_board_play_move (self, &move, TRUE);
          return;
        }
      if (keyboard)
        {
          g_autofree char *sentence = felt_phrase_illegal (st, &move, why);
          gtk_widget_error_bell (GTK_WIDGET (self));
          felt_board_announce (self, sentence);
          return;
        }
      /* Another playable card: pick that one instead. */
      felt_board_cancel_pick (self);
    }

  if (pile < 0)
    return;
  if (game->piles[pile].role == FELT_ROLE_STOCK)
    {
      FeltMove deal = { 0, 0, 0, 1 };
      FeltIllegal why = felt_state_check_move (st, &deal);
      if (why != FELT_LEGAL || !felt_board_play_move (self, &deal, TRUE))
        {
          g_autofree char *sentence = why != FELT_LEGAL ? felt_phrase_illegal (st, &deal, why) : NULL;
          gtk_widget_error_bell (GTK_WIDGET (self));
          felt_board_announce (self, sentence);
        }
      return;
    }
  if (index >= 0 && felt_state_card_playable (st, pile, index))
    {
      self->picked_pile = pile;
      self->picked_count = felt_pile_size (st, pile) - index;
      gtk_widget_queue_draw (GTK_WIDGET (self));
      felt_board_update_accessible (self);
    }
}

/* ---- pointer --------------------------------------------------------------------- */

static void
click_pressed (GtkGestureClick *gesture, int n_press, double x, double y, FeltBoard *self)
{
  guint button = gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (gesture));
  int index = -1;
  int pile = felt_board_pile_at (self, x, y, &index);

  self->show_focus = FALSE;
  self->click_start = GRAPHENE_POINT_INIT (x, y);
  if (pile < 0)
    {
      felt_board_cancel_pick (self);
      return;
    }
  self->focus_pile = pile;
  self->focus_index = index;

  if (button == GDK_BUTTON_SECONDARY || button == GDK_BUTTON_MIDDLE)
    {
      send_home (self, pile, index);
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
      return;
    }
  if (n_press == 2 && felt_board_game (self)->piles[pile].role != FELT_ROLE_STOCK)
    {
      send_home (self, pile, index);
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
    }
}

static void
click_released (GtkGestureClick *gesture, int n_press, double x, double y, FeltBoard *self)
{
  guint button = gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (gesture));
  int index = -1;
  int pile;

  if (button != GDK_BUTTON_PRIMARY || n_press != 1 || self->dragging)
    return;
  /* A press that wandered off (say, from a card that cannot move) is no
   * click on the place where it ends. */
  if (gtk_drag_check_threshold (GTK_WIDGET (self), (int) self->click_start.x, (int) self->click_start.y,
                                (int) x, (int) y))
    return;
  pile = felt_board_pile_at (self, x, y, &index);
  /* Without click-to-move a click only works the stock. */
  if (!self->click_to_move && self->picked_pile < 0 &&
      (pile < 0 || felt_board_game (self)->piles[pile].role != FELT_ROLE_STOCK))
    return;
  activate_place (self, pile, index, FALSE);
}

static void
drag_begin (GtkGestureDrag *gesture, double x, double y, FeltBoard *self)
{
  int index = -1;
  int pile = felt_board_pile_at (self, x, y, &index);
  const FeltState *st;

  self->drag_pile = -1;
  self->dragging = FALSE;
  if (pile < 0 || index < 0 || self->shown)
    return;
  st = felt_board_state (self);
  if (!felt_state_card_playable (st, pile, index))
    return;
  self->drag_pile = pile;
  self->drag_count = felt_pile_size (st, pile) - index;
  self->drag_start = GRAPHENE_POINT_INIT (x, y);
  self->drag_offset = GRAPHENE_POINT_INIT (0, 0);
}

static void
drag_update (GtkGestureDrag *gesture, double dx, double dy, FeltBoard *self)
{
  if (self->drag_pile < 0)
    return;
  if (!self->dragging)
    {
      if (!gtk_drag_check_threshold (GTK_WIDGET (self), 0, 0, (int) dx, (int) dy))
        return;
      self->dragging = TRUE;
      self->picked_pile = -1;
      self->hint_from = self->hint_to = -1;
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
    }
  self->drag_offset = GRAPHENE_POINT_INIT (dx, dy);
  self->drop_pile = find_drop (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* A press that turned into a drag is no click: without this, GTK counts a
 * press at the same place soon after the drag as the second click of a
 * double-click, which sends the card there home instead of dragging it. */
static void
drag_resets_click (GtkGestureDrag *gesture, double dx, double dy, GtkEventController *click)
{
  FeltBoard *self = FELT_BOARD (gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (gesture)));

  if (self->dragging)
    gtk_event_controller_reset (click);
}

static void
drag_end (GtkGestureDrag *gesture, double dx, double dy, FeltBoard *self)
{
  FeltMove move;
  int target;

  if (self->drag_pile < 0 || !self->dragging)
    {
      self->drag_pile = -1;
      self->dragging = FALSE;
      return;
    }
  self->drag_offset = GRAPHENE_POINT_INIT (dx, dy);
  target = find_drop (self);
  move = (FeltMove) { self->drag_pile, target < 0 ? 0 : target, self->drag_count, 0 };

  /* The cards slide from where they were dropped: onto the new pile, or
   * back home when no pile takes them. */
  if (target < 0 || !felt_board_play_move (self, &move, TRUE))
    felt_board_slide_home (self);
  self->drag_pile = self->drop_pile = -1;
  self->dragging = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* ---- keyboard ------------------------------------------------------------------------ */

/* The nearest pile in a direction, by the centres of the piles. */
static int
pile_towards (FeltBoard *self, int from, int dx, int dy)
{
  const FeltGame *game = felt_board_game (self);
  graphene_point_t a = self->origin[from];
  double best = G_MAXDOUBLE;
  int found = -1;

  for (guint p = 0; p < game->n_piles; p++)
    {
      graphene_point_t b = self->origin[p];
      double along = (b.x - a.x) * dx + (b.y - a.y) * dy;
      double across = fabs ((b.x - a.x) * dy) + fabs ((b.y - a.y) * dx);
      double score;

      if ((int) p == from || along <= 1)
        continue;
      score = along + 3 * across;
      if (score < best)
        {
          best = score;
          found = (int) p;
        }
    }
  return found;
}

static void
move_focus (FeltBoard *self, int dx, int dy)
{
  const FeltGame *game = felt_board_game (self);
  const FeltState *st = felt_board_state (self);
  int n = (int) felt_pile_size (st, self->focus_pile);
  gboolean fanned = game->piles[self->focus_pile].fan != FELT_FAN_NONE;
  int next;

  /* Within a fanned pile, along its fan, step through the face-up cards. */
  if (fanned && n > 1)
    {
      gboolean along = (game->piles[self->focus_pile].fan == FELT_FAN_DOWN && dy) ||
                       (game->piles[self->focus_pile].fan == FELT_FAN_RIGHT && dx);
      int step = dx + dy;
      int i = self->focus_index < 0 ? n - 1 : self->focus_index;

      if (along && i + step >= 0 && i + step < n &&
          !felt_state_card_face_down (st, self->focus_pile, i + step))
        {
          self->focus_index = i + step;
          goto done;
        }
    }

  next = pile_towards (self, self->focus_pile, dx, dy);
  if (next < 0)
    {
      gtk_widget_error_bell (GTK_WIDGET (self));
      return;
    }
  self->focus_pile = next;
  n = (int) felt_pile_size (st, next);
  self->focus_index = n - 1;

done:
  self->show_focus = TRUE;
  /* The last action's sentence is old news where the focus goes now. */
  felt_board_announce (self, NULL);
  felt_board_update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* ---- review keys ---------------------------------------------------------------------- */

/* Keys for a player who cannot see the board: plain letters and the
 * digits of the main row, which Orca (Insert or Caps Lock with keys, the
 * keypad) leaves to the focused board.  Each says its answer through the
 * board's description, or moves the focus, whose label Orca says. */

/* The `number`-th pile of `role`, or -1. */
static int
pile_of_role (FeltBoard *self, FeltRole role, guint number)
{
  const FeltGame *game = felt_board_game (self);
  guint seen = 0;

  for (guint p = 0; p < game->n_piles; p++)
    if (game->piles[p].role == role && ++seen == number)
      return (int) p;
  return -1;
}

static void
focus_pile (FeltBoard *self, int pile)
{
  self->focus_pile = pile;
  self->focus_index = (int) felt_pile_size (felt_board_state (self), pile) - 1;
  self->show_focus = TRUE;
  felt_board_announce (self, NULL);
  felt_board_update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* A digit: the pile of that number in the role chosen by F (foundation)
 * or T (tableau; the reserves in a game without tableau).  A second
 * digit soon after makes a two-digit number when there is such a pile
 * ("1", "2": tableau 12). */
static void
jump_digit (FeltBoard *self, guint digit)
{
  gint64 now = g_get_monotonic_time ();
  int pile = -1;

  if (self->jump_number && now - self->jump_time < 1500 * 1000)
    pile = pile_of_role (self, self->jump_role, self->jump_number * 10 + digit);
  if (pile >= 0)
    self->jump_number = self->jump_number * 10 + digit;
  else
    {
      if (!self->jump_number && self->jump_role != FELT_ROLE_FOUNDATION)
        self->jump_role = pile_of_role (self, FELT_ROLE_TABLEAU, 1) >= 0 ? FELT_ROLE_TABLEAU : FELT_ROLE_RESERVE;
      self->jump_number = digit;
      pile = pile_of_role (self, self->jump_role, digit);
    }
  self->jump_time = now;
  if (pile < 0)
    {
      self->jump_number = 0;
      gtk_widget_error_bell (GTK_WIDGET (self));
      return;
    }
  focus_pile (self, pile);
}

/* S: the score, the stock, the redeals, the solver's verdict and the time. */
static char *
status_sentence (FeltBoard *self)
{
  g_autofree char *status = felt_phrase_status (felt_board_state (self));
  GString *s = g_string_new (status);

  if (self->play)
    {
      const char *solver = felt_play_get_solver_status (self->play);
      const char *time = felt_play_get_elapsed_text (self->play);

      if (solver && solver[0])
        g_string_append_printf (s, ". %s", solver);
      if (time && time[0])
        {
          /* TRANSLATORS: the time the game has taken, said by a screen reader: "Time: 3:25" */
          g_autofree char *said = g_strdup_printf (_("Time: %s"), time);
          g_string_append_printf (s, ". %s", said);
        }
    }
  return g_string_free (s, FALSE);
}

static gboolean
review_key (FeltBoard *self, guint keyval)
{
  g_autofree char *sentence = NULL;
  const FeltState *st = felt_board_state (self);
  guint key = gdk_keyval_to_lower (keyval);

  if (key >= GDK_KEY_0 && key <= GDK_KEY_9)
    {
      jump_digit (self, key - GDK_KEY_0);
      return TRUE;
    }
  /* Any other key ends the number. */
  self->jump_number = 0;
  self->jump_role = -1;
  switch (key)
    {
    case GDK_KEY_f:
      self->jump_role = FELT_ROLE_FOUNDATION;
      return TRUE;
    case GDK_KEY_t:
      self->jump_role = pile_of_role (self, FELT_ROLE_TABLEAU, 1) >= 0 ? FELT_ROLE_TABLEAU : FELT_ROLE_RESERVE;
      return TRUE;
    case GDK_KEY_r:
      sentence = felt_phrase_pile_contents (st, self->focus_pile);
      break;
    case GDK_KEY_w:
      {
        int n = (int) felt_pile_size (st, self->focus_pile);
        int index = self->focus_index < 0 || self->focus_index >= n ? n - 1 : self->focus_index;
        sentence = index < 0 ? felt_phrase_pile_contents (st, self->focus_pile)
                             : felt_phrase_destinations (st, self->focus_pile, (guint) index);
      }
      break;
    case GDK_KEY_s:
      sentence = status_sentence (self);
      break;
    default:
      return FALSE;
    }
  felt_board_announce (self, sentence);
  return TRUE;
}

static gboolean
key_pressed (GtkEventControllerKey *controller, guint keyval, guint keycode,
             GdkModifierType state, FeltBoard *self)
{
  if (self->session == NULL || (state & (GDK_CONTROL_MASK | GDK_ALT_MASK)))
    return FALSE;

  /* Any key but a digit ends a number being typed, so that "1", Space,
   * "2" goes to tableau 2, not 12; a modifier alone (Shift, Orca's
   * Insert) does not. */
  if (!(keyval >= GDK_KEY_0 && keyval <= GDK_KEY_9) && !(keyval >= GDK_KEY_Shift_L && keyval <= GDK_KEY_Hyper_R)
      && keyval != GDK_KEY_Insert && keyval != GDK_KEY_Caps_Lock)
    self->jump_number = 0;

  switch (keyval)
    {
    case GDK_KEY_Left:
    case GDK_KEY_KP_Left:
      move_focus (self, -1, 0);
      return TRUE;
    case GDK_KEY_Right:
    case GDK_KEY_KP_Right:
      move_focus (self, 1, 0);
      return TRUE;
    case GDK_KEY_Up:
    case GDK_KEY_KP_Up:
      move_focus (self, 0, -1);
      return TRUE;
    case GDK_KEY_Down:
    case GDK_KEY_KP_Down:
      move_focus (self, 0, 1);
      return TRUE;
    case GDK_KEY_space:
    case GDK_KEY_Return:
    case GDK_KEY_KP_Enter:
      {
        int n = (int) felt_pile_size (felt_board_state (self), self->focus_pile);
        if (self->focus_index >= n)
          self->focus_index = n - 1;
        self->show_focus = TRUE;
        activate_place (self, self->focus_pile, self->focus_index, TRUE);
        felt_board_update_accessible (self);
      }
      return TRUE;
    case GDK_KEY_Escape:
      if (self->picked_pile < 0)
        return FALSE;
      felt_board_cancel_pick (self);
      felt_board_update_accessible (self);
      return TRUE;
    default:
      return review_key (self, keyval);
    }
}

static void
focus_changed (FeltBoard *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
felt_board_update_accessible (FeltBoard *self)
{
  g_autofree char *label = NULL;
  int n;

  if (self->session == NULL)
    return;
  self->label_stale = FALSE;
  n = (int) felt_pile_size (felt_board_state (self), self->focus_pile);
  if (self->focus_index >= n)
    self->focus_index = n - 1;
  label = felt_board_describe (self, self->focus_pile, self->focus_index);
  if (self->picked_pile >= 0)
    {
      int held = (int) (felt_pile_size (felt_board_state (self), self->picked_pile) - self->picked_count);
      char *both;

      /* On the held card itself, say it once. */
      if (self->focus_pile == self->picked_pile && self->focus_index == held)
        /* TRANSLATORS: the focus is on the card picked up: "Holding five of
           hearts, Tableau 3" */
        both = g_strdup_printf (_("Holding %s"), label);
      else
        {
          g_autofree char *picked = felt_board_describe (self, self->picked_pile, held);
          both = g_strdup_printf (_("%s; holding %s"), label, picked);
        }
      g_free (label);
      label = both;
    }
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

void
felt_board_input_init (FeltBoard *self)
{
  GtkGesture *click, *drag;
  GtkEventController *key, *focus;

  click = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), 0);
  g_signal_connect (click, "pressed", G_CALLBACK (click_pressed), self);
  g_signal_connect (click, "released", G_CALLBACK (click_released), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));

  drag = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), GDK_BUTTON_PRIMARY);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (drag_begin), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (drag_update), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (drag_resets_click), click);
  g_signal_connect (drag, "drag-end", G_CALLBACK (drag_end), self);
  g_signal_connect_swapped (drag, "cancel", G_CALLBACK (felt_board_cancel_pick), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));

  key = gtk_event_controller_key_new ();
  g_signal_connect (key, "key-pressed", G_CALLBACK (key_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), key);

  focus = gtk_event_controller_focus_new ();
  g_signal_connect_swapped (focus, "enter", G_CALLBACK (focus_changed), self);
  g_signal_connect_swapped (focus, "leave", G_CALLBACK (focus_changed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), focus);
}
