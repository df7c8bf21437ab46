/* felt-layout.c: a game's board in card sizes, and its cards in pixels.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The board widget lays the piles out with these, and the build renders
 * the card faces of a default window with them (src/felt-prerender-faces.c):
 * one computation, so that the two agree for every game of the list.
 */
#include "felt-rules-private.h"

#include <math.h>

gboolean
felt_game_room_beyond (const FeltGame *game, guint p, gboolean down, double *limit)
{
  const FeltPileSpec *a = &game->piles[p];
  double best = G_MAXDOUBLE;

  for (guint q = 0; q < game->n_piles; q++)
    {
      const FeltPileSpec *b = &game->piles[q];
      if (q == p)
        continue;
      if (down && b->y > a->y && fabs (b->x - a->x) < 1.0)
        best = MIN (best, b->y - a->y);
      if (!down && b->x > a->x && fabs (b->y - a->y) < 1.0)
        best = MIN (best, (b->x - a->x) * (1 + FELT_LAYOUT_GAP));
    }
  *limit = best;
  return best < G_MAXDOUBLE;
}

void
felt_game_extent (const FeltGame *game, double *width, double *height)
{
  double w = 0, h = 0;

  for (guint p = 0; p < game->n_piles; p++)
    {
      const FeltPileSpec *s = &game->piles[p];
      double limit, right = s->x * (1 + FELT_LAYOUT_GAP) + 1, bottom = s->y + 1;

      if (s->fan == FELT_FAN_DOWN && !felt_game_room_beyond (game, p, TRUE, &limit))
        bottom += s->room > 0 ? s->room : FELT_LAYOUT_ROOM_DOWN;
      if (s->fan == FELT_FAN_RIGHT && !felt_game_room_beyond (game, p, FALSE, &limit))
        right += s->room > 0 ? s->room : FELT_LAYOUT_ROOM_RIGHT;
      w = MAX (w, right);
      h = MAX (h, bottom);
    }
  *width = w;
  *height = h;
}

double
felt_game_card_size (const FeltGame *game, double aspect, int width, int height,
                     double *card_w, double *card_h)
{
  double ew, eh, cw;
  double margin = MAX (6.0, MIN (width, height) * 0.025);

  felt_game_extent (game, &ew, &eh);
  cw = MIN ((width - 2 * margin) / ew, (height - 2 * margin) * aspect / eh);
  cw = MAX (cw, 8.0);
  /* Whole pixels keep the cards sharp. */
  *card_w = floor (cw);
  *card_h = floor (cw / aspect);
  return margin;
}
