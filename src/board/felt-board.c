/* felt-board.c: the widget that shows the piles: layout, animation, play.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "felt-board-private.h"
#include "felt-phrases.h"

#include <glib/gi18n.h>
#include <math.h>

#define FAN_DOWN 0.26        /* natural fan offsets, in card heights/widths */
#define FAN_DOWN_HIDDEN 0.10
#define FAN_RIGHT 0.24
/* A slide at the normal speed (felt-animation.h scales it). */
#define SLIDE_MS 200

enum {
  SIGNAL_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

enum {
  PROP_0,
  PROP_PLAY,
  PROP_CARD_THEME,
  PROP_ANIMATION_SPEED,
  PROP_CLICK_TO_MOVE,
  PROP_INTERACTIVE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (FeltBoard, felt_board, GTK_TYPE_WIDGET)

/* ---- layout ---------------------------------------------------------------- */

static void
felt_board_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  FeltBoard *self = FELT_BOARD (widget);
  const FeltGame *game;
  double ew, eh, margin, cw, ch, x0, y0;
  int scale;

  felt_board_draw_allocate (self, width, height);
  if (self->session == NULL || self->theme == NULL)
    return;
  game = felt_board_game (self);
  felt_game_extent (game, &ew, &eh);
  margin = felt_game_card_size (game, felt_card_theme_get_aspect (self->theme), width, height, &cw, &ch);
  self->card_w = cw;
  self->card_h = ch;
  x0 = floor ((width - ew * cw) / 2);
  y0 = floor ((height - eh * ch) / 2);

  for (guint p = 0; p < game->n_piles; p++)
    {
      const FeltPileSpec *s = &game->piles[p];
      double limit;

      self->origin[p].x = round (x0 + s->x * (1 + FELT_LAYOUT_GAP) * cw);
      self->origin[p].y = round (y0 + s->y * ch);
      self->fan_room[p] = 0;
      if (s->room > 0 && s->fan == FELT_FAN_DOWN && felt_game_room_beyond (game, p, TRUE, &limit))
        self->fan_room[p] = s->room * ch;
      else if (s->fan == FELT_FAN_DOWN)
        self->fan_room[p] = felt_game_room_beyond (game, p, TRUE, &limit)
                            ? (limit - 1 - 0.08) * ch : (eh - s->y - 1) * ch + margin * 0.5;
      else if (s->fan == FELT_FAN_RIGHT)
        self->fan_room[p] = felt_game_room_beyond (game, p, FALSE, &limit)
                            ? (limit - 1 - FELT_LAYOUT_GAP) * cw : (ew - s->x * (1 + FELT_LAYOUT_GAP) - 1) * cw;
    }
  felt_board_layout_fans (self);
  felt_board_piles_allocate (self);

  scale = gtk_widget_get_scale_factor (widget);
  self->texture_w = (int) cw * scale;
  self->texture_h = (int) ch * scale;
  {
    /* The faces on show now, and the back, are rendered before the first
     * frame; the rest follow in the background. */
    const FeltState *st = felt_board_state (self);
    FeltCard cards[FELT_MAX_CARDS + 1];
    guint n = 0;

    /* A preview can wait for the worker. */
    if (self->interactive)
      cards[n++] = 0;
    for (guint p = 0; p < game->n_piles && self->interactive; p++)
      for (guint i = 0; i < felt_pile_size (st, p); i++)
        if (!felt_state_card_face_down (st, p, i))
          cards[n++] = felt_pile_card (st, p, i);
    /* The previews of the game chooser share the theme: they never take
     * the board's faces from it. */
    if (self->interactive)
      felt_card_theme_keep_size (self->theme, self->texture_w, self->texture_h);
    felt_card_theme_prepare (self->theme, self->texture_w, self->texture_h, cards, n);
  }
}

/* Squeezes each fan so that the pile fits its room. */
void
felt_board_layout_fans (FeltBoard *self)
{
  const FeltGame *game = felt_board_game (self);
  const FeltState *st = felt_board_state (self);

  for (guint p = 0; p < game->n_piles; p++)
    {
      guint n = felt_pile_size (st, p);
      FeltFan fan = game->piles[p].fan;

      self->fan_dx[p] = self->fan_dy[p] = 0;
      if (fan == FELT_FAN_DOWN)
        {
          gboolean hidden = n > 1 && felt_state_card_face_down (st, p, 0);
          double natural = (hidden ? FAN_DOWN_HIDDEN : FAN_DOWN) * self->card_h;
          self->fan_dy[p] = n > 1 ? MIN (natural, self->fan_room[p] / (n - 1)) : natural;
        }
      else if (fan == FELT_FAN_RIGHT)
        {
          double natural = FAN_RIGHT * self->card_w;
          self->fan_dx[p] = n > 1 ? MIN (natural, self->fan_room[p] / (n - 1)) : natural;
        }
    }
}

void
felt_board_card_origin (FeltBoard *self, guint pile, guint index, graphene_point_t *out)
{
  out->x = self->origin[pile].x + index * self->fan_dx[pile];
  out->y = self->origin[pile].y + index * self->fan_dy[pile];
}

gboolean
felt_board_get_card_rect (FeltBoard *self, guint pile, int index, graphene_rect_t *rect)
{
  graphene_point_t o;

  g_return_val_if_fail (FELT_IS_BOARD (self), FALSE);
  if (self->session == NULL || pile >= felt_board_game (self)->n_piles ||
      index >= (int) felt_pile_size (felt_board_state (self), pile))
    return FALSE;
  felt_board_card_origin (self, pile, MAX (index, 0), &o);
  graphene_rect_init (rect, o.x, o.y, self->card_w, self->card_h);
  return TRUE;
}

void
felt_board_get_card_size (FeltBoard *self, double *width, double *height)
{
  *width = self->card_w;
  *height = self->card_h;
}

static void
felt_board_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                    int *minimum, int *natural, int *minimum_baseline, int *natural_baseline)
{
  FeltBoard *self = FELT_BOARD (widget);
  double ew = 7, eh = 4;

  if (self->session)
    felt_game_extent (felt_board_game (self), &ew, &eh);
  /* A preview takes the size it is given. */
  if (!self->interactive)
    {
      *minimum = *natural = 0;
      return;
    }
  /* Small enough for any window; the cards follow the window's size. */
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = (int) (ew * 30);
      *natural = (int) (ew * 110);
    }
  else
    {
      *minimum = (int) (eh * 42);
      *natural = (int) (eh * 150);
    }
}

/* ---- animation -------------------------------------------------------------- */

static gboolean
animations_enabled (FeltBoard *self)
{
  gboolean enabled = TRUE;

  g_object_get (gtk_widget_get_settings (GTK_WIDGET (self)), "gtk-enable-animations", &enabled, NULL);
  return enabled && self->animation_speed != FELT_ANIMATION_OFF && gtk_widget_get_mapped (GTK_WIDGET (self));
}

static gint64
slide_usec (FeltBoard *self)
{
  return MAX (felt_animation_ms (self->animation_speed, SLIDE_MS), 1) * G_GINT64_CONSTANT (1000);
}

static gboolean
slide_tick (GtkWidget *widget, GdkFrameClock *clock, gpointer user_data)
{
  FeltBoard *self = FELT_BOARD (widget);

  if (gdk_frame_clock_get_frame_time (clock) - self->slide_start >= slide_usec (self))
    {
      self->n_slides = 0;
      self->tick_id = 0;
      gtk_widget_queue_draw (widget);
      return G_SOURCE_REMOVE;
    }
  gtk_widget_queue_draw (widget);
  return G_SOURCE_CONTINUE;
}

/* Where every card of `st` is drawn now (drag included), to slide from. */
static void
card_positions (FeltBoard *self, const FeltState *st, graphene_point_t pos[FELT_MAX_PILES][FELT_MAX_CARDS])
{
  const FeltGame *game = felt_board_game (self);

  for (guint p = 0; p < game->n_piles; p++)
    {
      guint n = felt_pile_size (st, p);
      for (guint i = 0; i < n; i++)
        {
          felt_board_card_origin (self, p, i, &pos[p][i]);
          if (self->dragging && (int) p == self->drag_pile && i >= n - self->drag_count)
            {
              pos[p][i].x += self->drag_offset.x;
              pos[p][i].y += self->drag_offset.y;
            }
        }
    }
}

static void
run_slides (FeltBoard *self)
{
  if (self->n_slides == 0 || !animations_enabled (self))
    {
      self->n_slides = 0;
      return;
    }
  self->slide_start = gdk_frame_clock_get_frame_time (gtk_widget_get_frame_clock (GTK_WIDGET (self)));
  if (self->tick_id == 0)
    self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), slide_tick, NULL, NULL);
}

/* Finds which cards changed place between two states and slides them. */
static void
start_slides (FeltBoard *self, const FeltState *before,
              graphene_point_t pos[FELT_MAX_PILES][FELT_MAX_CARDS])
{
  const FeltGame *game = felt_board_game (self);
  const FeltState *after = felt_board_state (self);
  guint8 gone_pile[FELT_MAX_CARDS], gone_index[FELT_MAX_CARDS];
  gboolean used[FELT_MAX_CARDS] = { FALSE };
  guint prefix[FELT_MAX_PILES];
  guint n_gone = 0;

  self->n_slides = 0;
  for (guint p = 0; p < game->n_piles; p++)
    {
      guint a = felt_pile_size (before, p), b = felt_pile_size (after, p), k = 0;
      while (k < a && k < b && felt_pile_card (before, p, k) == felt_pile_card (after, p, k))
        k++;
      prefix[p] = k;
      for (guint i = k; i < a; i++)
        {
          gone_pile[n_gone] = p;
          gone_index[n_gone++] = i;
        }
    }
  for (guint p = 0; p < game->n_piles; p++)
    for (guint i = prefix[p]; i < felt_pile_size (after, p); i++)
      {
        FeltCard c = felt_pile_card (after, p, i);
        for (guint g = 0; g < n_gone; g++)
          if (!used[g] && felt_pile_card (before, gone_pile[g], gone_index[g]) == c)
            {
              FeltSlide *s = &self->slides[self->n_slides++];
              used[g] = TRUE;
              s->pile = p;
              s->index = i;
              s->from = pos[gone_pile[g]][gone_index[g]];
              break;
            }
      }

  run_slides (self);
}

/* The dragged cards go back where they came from. */
void
felt_board_slide_home (FeltBoard *self)
{
  static graphene_point_t pos[FELT_MAX_PILES][FELT_MAX_CARDS];
  guint n;

  if (self->drag_pile < 0)
    return;
  card_positions (self, felt_board_state (self), pos);
  n = felt_pile_size (felt_board_state (self), self->drag_pile);
  self->n_slides = 0;
  for (guint i = n - self->drag_count; i < n; i++)
    self->slides[self->n_slides++] = (FeltSlide) { self->drag_pile, i, pos[self->drag_pile][i] };
  run_slides (self);
}

/* Where a sliding card is drawn now, or FALSE when it is not sliding. */
gboolean
felt_board_slide_position (FeltBoard *self, guint pile, guint index, graphene_point_t *out)
{
  for (guint s = 0; s < self->n_slides; s++)
    if (self->slides[s].pile == pile && self->slides[s].index == index)
      {
        GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (self));
        double t = clock ? (gdk_frame_clock_get_frame_time (clock) - self->slide_start) / (double) slide_usec (self) : 1;
        graphene_point_t to;

        t = CLAMP (t, 0, 1);
        t = 1 - pow (1 - t, 3);    /* ease out */
        felt_board_card_origin (self, pile, index, &to);
        out->x = self->slides[s].from.x + (to.x - self->slides[s].from.x) * t;
        out->y = self->slides[s].from.y + (to.y - self->slides[s].from.y) * t;
        return TRUE;
      }
  return FALSE;
}

/* ---- celebration ---------------------------------------------------------------- */

#define CELEBRATE_USEC (2600 * 1000)

static void
stop_celebration (FeltBoard *self)
{
  if (self->celebrate_id)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->celebrate_id);
  self->celebrate_id = 0;
  self->n_confetti = 0;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static gboolean
celebrate_tick (GtkWidget *widget, GdkFrameClock *clock, gpointer user_data)
{
  FeltBoard *self = FELT_BOARD (widget);
  gint64 now = gdk_frame_clock_get_frame_time (clock);
  double dt = MIN ((now - self->celebrate_last) / 1e6, 0.05);
  double t = (now - self->celebrate_start) / 1e6;
  double floor_y = gtk_widget_get_height (widget) - self->card_h;

  if (now - self->celebrate_start > CELEBRATE_USEC)
    {
      self->celebrate_id = 0;
      self->n_confetti = 0;
      gtk_widget_queue_draw (widget);
      return G_SOURCE_REMOVE;
    }
  self->celebrate_last = now;
  for (guint i = 0; i < self->n_confetti; i++)
    {
      if (t < self->confetti[i].delay)
        continue;
      self->confetti[i].vy += 2600 * dt;
      self->confetti[i].x += self->confetti[i].vx * dt;
      self->confetti[i].y += self->confetti[i].vy * dt;
      if (self->confetti[i].y > floor_y)
        {
          self->confetti[i].y = floor_y;
          self->confetti[i].vy *= -0.72;
        }
    }
  gtk_widget_queue_draw (widget);
  return G_SOURCE_CONTINUE;
}

void
felt_board_celebrate (FeltBoard *self)
{
  const FeltGame *game;
  const FeltState *st;
  guint n = 0;

  g_return_if_fail (FELT_IS_BOARD (self));
  stop_celebration (self);
  if (self->session == NULL || !animations_enabled (self))
    return;
  game = felt_board_game (self);
  st = felt_board_state (self);
  /* The kings leave first, then the queens, and so on. */
  for (guint depth = 0; depth < 13; depth++)
    for (guint p = 0; p < game->n_piles; p++)
      {
        guint size = felt_pile_size (st, p);
        if (game->piles[p].role != FELT_ROLE_FOUNDATION || depth >= size)
          continue;
        self->confetti[n].card = felt_pile_card (st, p, size - 1 - depth);
        self->confetti[n].x = self->origin[p].x;
        self->confetti[n].y = self->origin[p].y;
        self->confetti[n].vx = (g_random_double () < 0.5 ? -1 : 1) * g_random_double_range (250, 650);
        self->confetti[n].vy = -g_random_double_range (0, 700);
        self->confetti[n].delay = n * 0.035;
        n++;
      }
  self->n_confetti = n;
  self->celebrate_start = self->celebrate_last =
    gdk_frame_clock_get_frame_time (gtk_widget_get_frame_clock (GTK_WIDGET (self)));
  self->celebrate_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), celebrate_tick, NULL, NULL);
}

/* ---- playing ----------------------------------------------------------------- */

void
felt_board_changed (FeltBoard *self)
{
  if (self->n_confetti)
    stop_celebration (self);
  self->hint_from = self->hint_to = -1;
  self->hint_stock = FALSE;
  felt_board_layout_fans (self);
  if (self->label_waits)
    {
      int n = (int) felt_pile_size (felt_board_state (self), self->focus_pile);
      self->focus_index = MIN (self->focus_index, n - 1);
      self->label_stale = TRUE;
    }
  else
    felt_board_update_accessible (self);
  felt_board_piles_update (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
}

/* ---- the game in play ------------------------------------------------------------ */

/* With a game in play, the board shows its session and plays through it:
 * every change, the player's or the program's, comes back as
 * "move-played" and slides the cards from where they were.  Without one
 * (a preview, a replay) the board only shows its session: the one path
 * that changes a game is FeltPlay's. */
gboolean
felt_board_play_move (FeltBoard *self, const FeltMove *move, gboolean animate)
{
  gboolean played;

  /* No game in play, or the Solution mode's steps shown instead. */
  if (self->play == NULL || self->shown)
    return FALSE;
  self->player_move = TRUE;
  played = felt_play_move (self->play, move, animate);
  self->player_move = FALSE;
  return played;
}

static void
play_move_played (FeltBoard *self, const FeltState *before, gboolean animate)
{
  static graphene_point_t pos[FELT_MAX_PILES][FELT_MAX_CARDS];
  guint n_moves = felt_session_get_n_moves (self->session);

  /* A program's move puts back what the player held. */
  if (!self->player_move)
    felt_board_cancel_pick (self);
  /* The player's move: the focus follows the cards it put down, so that
   * the label names them. */
  else if (n_moves > 0)
    {
      FeltMove move = felt_session_get_move (self->session, n_moves - 1);
      if (!move.stock && (int) move.to == self->focus_pile)
        self->focus_index = (int) (felt_pile_size (felt_board_state (self), move.to) - move.count);
    }
  card_positions (self, before, pos);
  felt_board_layout_fans (self);
  if (animate)
    start_slides (self, before, pos);
  self->label_waits = felt_play_get_change (self->play) == FELT_PLAY_CHANGE_AUTO;
  felt_board_changed (self);
  self->label_waits = FALSE;
  felt_board_say_change (self, before, felt_play_get_change (self->play));
}

static void session_replaced (FeltBoard *self);

static void
play_session_changed (FeltBoard *self)
{
  /* The game in play's session waits behind the one shown. */
  if (self->shown)
    return;
  self->session = felt_play_get_session (self->play);
  session_replaced (self);
}

void
felt_board_show_session (FeltBoard *self, FeltSession *session)
{
  int pile = self->focus_pile, index = self->focus_index;

  g_return_if_fail (FELT_IS_BOARD (self));
  g_return_if_fail (self->play != NULL);
  if (self->shown == session)
    return;
  self->shown = session;
  self->session = session ? session : felt_play_get_session (self->play);
  session_replaced (self);
  /* The same deal: the focus stays on the place the player was on. */
  if (self->session)
    {
      self->focus_pile = pile;
      self->focus_index = MIN (index, (int) felt_pile_size (felt_board_state (self), pile) - 1);
      felt_board_update_accessible (self);
    }
}

void
felt_board_set_play (FeltBoard *self, FeltPlay *play)
{
  g_return_if_fail (FELT_IS_BOARD (self));
  g_return_if_fail (play == NULL || FELT_IS_PLAY (play));

  if (self->play == play)
    return;
  self->shown = NULL;
  if (self->play)
    {
      g_signal_handlers_disconnect_by_data (self->play, self);
      self->session = NULL;
    }
  else
    g_clear_pointer (&self->session, felt_session_free);
  g_set_object (&self->play, play);
  if (play)
    {
      g_signal_connect_object (play, "move-played", G_CALLBACK (play_move_played), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (play, "notify::session", G_CALLBACK (play_session_changed), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (play, "notify::solver-status", G_CALLBACK (felt_board_solver_status_changed), self,
                               G_CONNECT_SWAPPED);
      self->session = felt_play_get_session (play);
    }
  session_replaced (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PLAY]);
}

FeltPlay *
felt_board_get_play (FeltBoard *self)
{
  g_return_val_if_fail (FELT_IS_BOARD (self), NULL);
  return self->play;
}

/* A session shown without a game in play (a replay) was changed by its
 * owner: the cards slide from where they were in `before`. */
void
felt_board_show_change (FeltBoard *self, const FeltState *before)
{
  static graphene_point_t pos[FELT_MAX_PILES][FELT_MAX_CARDS];

  g_return_if_fail (FELT_IS_BOARD (self));
  g_return_if_fail ((self->play == NULL || self->shown) && self->session != NULL);
  felt_board_cancel_pick (self);
  card_positions (self, before, pos);
  felt_board_layout_fans (self);
  start_slides (self, before, pos);
  felt_board_changed (self);
}

gboolean
felt_board_show_hint (FeltBoard *self, FeltMove *hint)
{
  FeltMove move;

  g_return_val_if_fail (FELT_IS_BOARD (self), FALSE);
  if (self->session == NULL || !felt_state_hint (felt_board_state (self), &move))
    return FALSE;
  felt_board_show_move (self, &move);
  if (hint)
    *hint = move;
  return TRUE;
}

void
felt_board_show_move (FeltBoard *self, const FeltMove *move)
{
  g_return_if_fail (FELT_IS_BOARD (self));

  self->hint_stock = move->stock;
  self->hint_from = move->stock ? -1 : move->from;
  self->hint_to = move->stock ? -1 : move->to;
  self->hint_count = move->count;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  if (self->session)
    {
      g_autofree char *sentence = felt_phrase_hint (felt_board_state (self), move);
      const FeltGame *game = felt_board_game (self);

      /* The focus goes to the card to move (or the stock), its label
       * first, then the hint. */
      felt_board_cancel_pick (self);
      if (move->stock)
        {
          for (guint p = 0; p < game->n_piles; p++)
            if (game->piles[p].role == FELT_ROLE_STOCK)
              self->focus_pile = (int) p;
          self->focus_index = -1;
        }
      else
        {
          self->focus_pile = move->from;
          self->focus_index = (int) (felt_pile_size (felt_board_state (self), move->from) - move->count);
        }
      self->show_focus = TRUE;
      felt_board_update_accessible (self);
      felt_board_announce (self, sentence);
    }
}

gboolean
felt_board_get_hint (FeltBoard *self, FeltMove *move)
{
  g_return_val_if_fail (FELT_IS_BOARD (self), FALSE);

  if (!self->hint_stock && self->hint_from < 0)
    return FALSE;
  *move = (FeltMove) {
    .from = self->hint_stock ? 0 : (guint8) self->hint_from,
    .to = self->hint_stock ? 0 : (guint8) self->hint_to,
    .count = self->hint_stock ? 0 : (guint8) self->hint_count,
    .stock = self->hint_stock,
  };
  return TRUE;
}

/* ---- names for people ------------------------------------------------------------ */

char *
felt_board_describe (FeltBoard *self, guint pile, int index)
{
  const FeltState *st = felt_board_state (self);
  g_autofree char *where = felt_pile_describe (felt_board_game (self), pile);
  guint n = felt_pile_size (st, pile);
  g_autofree char *what = NULL;

  if (n == 0)
    /* TRANSLATORS: a pile with no card, e.g. "Tableau 3, empty" */
    return g_strdup_printf (_("%s, empty"), where);
  if (index < 0 || index >= (int) n)
    index = (int) n - 1;
  if (felt_state_card_face_down (st, pile, index))
    what = g_strdup (_("Face-down card"));
  else
    what = felt_card_describe (felt_pile_card (st, pile, index));

  if (felt_state_card_playable (st, pile, index) &&
      felt_state_foundation_for (st, pile, n - index) >= 0)
    /* TRANSLATORS: e.g. "Seven of hearts, Tableau 3, can move to a foundation" */
    return g_strdup_printf (_("%s, %s, can move to a foundation"), what, where);
  /* TRANSLATORS: e.g. "Seven of hearts, Tableau 3" */
  return g_strdup_printf (_("%s, %s"), what, where);
}

/* ---- the object -------------------------------------------------------------------- */

/* Another game: nothing held, nothing sliding. */
static void
session_replaced (FeltBoard *self)
{
  self->n_slides = 0;
  self->drag_pile = self->picked_pile = self->drop_pile = -1;
  self->dragging = FALSE;
  self->focus_pile = 0;
  self->focus_index = -1;
  /* A new deal: nothing of the last one is news any more. */
  g_clear_handle_id (&self->news_id, g_source_remove);
  self->n_auto = 0;
  if (self->news)
    g_string_truncate (self->news, 0);
  self->verdict_known = FALSE;
  felt_board_announce (self, NULL);
  gtk_widget_queue_resize (GTK_WIDGET (self));
  if (self->session)
    felt_board_changed (self);
}

void
felt_board_set_session (FeltBoard *self, FeltSession *session)
{
  g_return_if_fail (FELT_IS_BOARD (self));
  g_return_if_fail (self->play == NULL);

  g_clear_pointer (&self->session, felt_session_free);
  self->session = session;
  session_replaced (self);
}

FeltSession *
felt_board_get_session (FeltBoard *self)
{
  g_return_val_if_fail (FELT_IS_BOARD (self), NULL);
  return self->session;
}

void
felt_board_set_theme (FeltBoard *self, FeltCardTheme *theme)
{
  g_return_if_fail (FELT_IS_BOARD (self));

  if (self->theme == theme)
    return;
  if (self->theme)
    g_signal_handlers_disconnect_by_data (self->theme, self);
  g_set_object (&self->theme, theme);
  if (theme)
    g_signal_connect_swapped (theme, "changed", G_CALLBACK (gtk_widget_queue_draw), self);
  self->card_w = 0;
  gtk_widget_queue_resize (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CARD_THEME]);
}

void
felt_board_set_animation_speed (FeltBoard *self, FeltAnimationSpeed speed)
{
  g_return_if_fail (FELT_IS_BOARD (self));

  if (self->animation_speed == speed)
    return;
  self->animation_speed = speed;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANIMATION_SPEED]);
}

void
felt_board_set_click_to_move (FeltBoard *self, gboolean click_to_move)
{
  g_return_if_fail (FELT_IS_BOARD (self));

  click_to_move = !!click_to_move;
  if (self->click_to_move == click_to_move)
    return;
  self->click_to_move = click_to_move;
  felt_board_cancel_pick (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CLICK_TO_MOVE]);
}

void
felt_board_set_interactive (FeltBoard *self, gboolean interactive)
{
  g_return_if_fail (FELT_IS_BOARD (self));

  interactive = !!interactive;
  gtk_widget_set_focusable (GTK_WIDGET (self), interactive);
  gtk_widget_set_can_target (GTK_WIDGET (self), interactive);
  if (self->interactive == interactive)
    return;
  self->interactive = interactive;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_INTERACTIVE]);
}

static void
felt_board_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  FeltBoard *self = FELT_BOARD (object);

  switch (prop_id)
    {
    case PROP_PLAY: g_value_set_object (value, self->play); break;
    case PROP_CARD_THEME: g_value_set_object (value, self->theme); break;
    case PROP_ANIMATION_SPEED: g_value_set_enum (value, self->animation_speed); break;
    case PROP_CLICK_TO_MOVE: g_value_set_boolean (value, self->click_to_move); break;
    case PROP_INTERACTIVE: g_value_set_boolean (value, self->interactive); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
felt_board_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  FeltBoard *self = FELT_BOARD (object);

  switch (prop_id)
    {
    case PROP_PLAY: felt_board_set_play (self, g_value_get_object (value)); break;
    case PROP_CARD_THEME: felt_board_set_theme (self, g_value_get_object (value)); break;
    case PROP_ANIMATION_SPEED: felt_board_set_animation_speed (self, g_value_get_enum (value)); break;
    case PROP_CLICK_TO_MOVE: felt_board_set_click_to_move (self, g_value_get_boolean (value)); break;
    case PROP_INTERACTIVE: felt_board_set_interactive (self, g_value_get_boolean (value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
install_properties (GObjectClass *object_class)
{
  const GParamFlags flags = G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY;

  object_class->get_property = felt_board_get_property;
  object_class->set_property = felt_board_set_property;
  /* The game in play the board shows and plays; NULL: it only shows its session. */
  properties[PROP_PLAY] = g_param_spec_object ("play", NULL, NULL, FELT_TYPE_PLAY, flags);
  properties[PROP_CARD_THEME] = g_param_spec_object ("card-theme", NULL, NULL, FELT_TYPE_CARD_THEME, flags);
  /* Cards slide when the program moves them. */
  properties[PROP_ANIMATION_SPEED] = g_param_spec_enum ("animation-speed", NULL, NULL, FELT_TYPE_ANIMATION_SPEED,
                                                       FELT_ANIMATION_NORMAL, flags);
  /* Click a card, then its target. */
  properties[PROP_CLICK_TO_MOVE] = g_param_spec_boolean ("click-to-move", NULL, NULL, TRUE, flags);
  /* FALSE: a preview, showing the deal and taking no input. */
  properties[PROP_INTERACTIVE] = g_param_spec_boolean ("interactive", NULL, NULL, TRUE, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

GtkWidget *
felt_board_new (void)
{
  return g_object_new (FELT_TYPE_BOARD, NULL);
}

static void
felt_board_dispose (GObject *object)
{
  FeltBoard *self = FELT_BOARD (object);

  if (self->tick_id)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
      self->tick_id = 0;
    }
  if (self->celebrate_id)
    stop_celebration (self);
  g_clear_handle_id (&self->release_id, g_source_remove);
  g_clear_handle_id (&self->news_id, g_source_remove);
  if (self->news)
    {
      g_string_free (self->news, TRUE);
      self->news = NULL;
    }
  felt_board_set_play (self, NULL);
  g_clear_pointer (&self->session, felt_session_free);
  felt_board_set_theme (self, NULL);
  felt_board_draw_dispose (self);
  felt_board_highlights_dispose (self);
  felt_board_piles_dispose (self);
  G_OBJECT_CLASS (felt_board_parent_class)->dispose (object);
}

/* The labels' font may have changed: draw every pile anew. */
static void
felt_board_system_setting_changed (GtkWidget *widget, GtkSystemSetting setting)
{
  GTK_WIDGET_CLASS (felt_board_parent_class)->system_setting_changed (widget, setting);
  felt_board_drop_pile_nodes (FELT_BOARD (widget));
  gtk_widget_queue_draw (widget);
}

static void
felt_board_class_init (FeltBoardClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = felt_board_dispose;
  install_properties (object_class);
  widget_class->measure = felt_board_measure;
  widget_class->size_allocate = felt_board_size_allocate;
  widget_class->snapshot = felt_board_snapshot;
  widget_class->system_setting_changed = felt_board_system_setting_changed;

  /* Emitted after every change of the position. */
  signals[SIGNAL_CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                          0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_css_name (widget_class, "feltboard");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
felt_board_init (FeltBoard *self)
{
  self->drag_pile = self->picked_pile = self->drop_pile = -1;
  self->hint_from = self->hint_to = -1;
  self->focus_index = -1;
  self->jump_role = -1;
  self->interactive = TRUE;
  self->animation_speed = FELT_ANIMATION_NORMAL;
  self->click_to_move = TRUE;
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);
  felt_board_input_init (self);
  felt_board_highlights_init (self);
  felt_board_draw_init (self);
  felt_board_piles_init (self);
}
