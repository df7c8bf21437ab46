/* felt-board-piles.c: the board's piles as accessible objects, one
 * FeltPileWidget a pile (felt-pile-widget.c says why widgets), kept in
 * step with the game: named, described, and placed over the piles.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "felt-board-private.h"
#include "felt-pile-widget.h"

#include <math.h>

/* Adds or takes away children until there is one a pile; a preview
 * (not interactive) has none: the game chooser names its games, not the
 * piles of their pictures. */
static void
piles_count (FeltBoard *self, guint n)
{
  while (self->n_pile_widgets > n)
    g_clear_pointer (&self->pile_widget[--self->n_pile_widgets], gtk_widget_unparent);
  while (self->n_pile_widgets < n)
    {
      GtkWidget *pile = felt_pile_widget_new ();
      /* After the board's other parts: the piles in the board's order. */
      gtk_widget_insert_before (pile, GTK_WIDGET (self), NULL);
      self->pile_widget[self->n_pile_widgets++] = pile;
    }
}

void
felt_board_piles_update (FeltBoard *self)
{
  const FeltState *st;
  guint n = 0;

  if (self->session && self->interactive)
    n = felt_session_get_game (self->session)->n_piles;
  if (n != self->n_pile_widgets)
    {
      piles_count (self, n);
      gtk_widget_queue_allocate (GTK_WIDGET (self));
    }
  if (n == 0)
    return;
  /* Each compares what it says with the pile first: a move changes two
   * or three descriptions, and sends no more than those. */
  st = felt_session_get_state (self->session);
  for (guint p = 0; p < n; p++)
    felt_pile_widget_show (FELT_PILE_WIDGET (self->pile_widget[p]), st, p);
}

/* Each over its pile's room: the first card and all the room its fan may
 * take (what a screen reader's review by position finds there). */
void
felt_board_piles_allocate (FeltBoard *self)
{
  const FeltGame *game;
  int ignored;

  if (self->session == NULL || self->n_pile_widgets == 0)
    return;
  game = felt_session_get_game (self->session);
  for (guint p = 0; p < self->n_pile_widgets && p < game->n_piles; p++)
    {
      FeltFan fan = game->piles[p].fan;
      double w = self->card_w + (fan == FELT_FAN_RIGHT ? self->fan_room[p] : 0);
      double h = self->card_h + (fan == FELT_FAN_DOWN ? self->fan_room[p] : 0);
      GskTransform *at = gsk_transform_translate (NULL, &self->origin[p]);

      /* GTK wants a child measured before it is allocated. */
      gtk_widget_measure (self->pile_widget[p], GTK_ORIENTATION_HORIZONTAL, -1, &ignored, NULL, NULL, NULL);
      gtk_widget_measure (self->pile_widget[p], GTK_ORIENTATION_VERTICAL, -1, &ignored, NULL, NULL, NULL);
      gtk_widget_allocate (self->pile_widget[p], (int) ceil (MAX (w, 1)), (int) ceil (MAX (h, 1)), -1, at);
    }
}

static void
interactive_changed (FeltBoard *self, GParamSpec *pspec, gpointer data)
{
  felt_board_piles_update (self);
}

void
felt_board_piles_init (FeltBoard *self)
{
  g_signal_connect (self, "notify::interactive", G_CALLBACK (interactive_changed), NULL);
}

void
felt_board_piles_dispose (FeltBoard *self)
{
  piles_count (self, 0);
}
