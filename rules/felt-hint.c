/* felt-hint.c: the rule-based hint: one useful move, else the stock.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "felt-rules-private.h"

/* How much a move helps, 0 for a move that changes nothing that matters
 * (moving a card between two equally good places). */
static int
move_worth (const FeltState *st, const FeltGame *game, const FeltMove *m)
{
  FeltRole from = game->piles[m->from].role;
  FeltRole to = game->piles[m->to].role;
  guint from_size = felt_pile_size (st, m->from);
  guint to_size = felt_pile_size (st, m->to);

  if (to == FELT_ROLE_FOUNDATION)
    return 100 + (int) m->count;

  if (from == FELT_ROLE_TABLEAU && to == FELT_ROLE_TABLEAU)
    {
      /* A whole pile onto an empty one, or off a card that holds it just
       * as well, only shuffles cards around. */
      if (m->count == from_size)
        return to_size == 0 ? 0 : 40;
      {
        FeltCard under = felt_pile_card (st, m->from, from_size - m->count - 1);
        FeltCard moving = felt_pile_card (st, m->from, from_size - m->count);
        if (FELT_CARD_SUIT (under) == FELT_CARD_SUIT (moving) &&
            (int) FELT_CARD_RANK (under) - (int) FELT_CARD_RANK (moving) ==
            ((game->aces_high && FELT_CARD_RANK (under) == FELT_ACE) ? -12 : 1))
          return 0;
      }
      /* Uncovering a card that can go home is worth more. */
      {
        FeltState after = *st;
        FeltUndo undo;
        felt_state_apply (&after, m, &undo);
        return felt_state_foundation_for (&after, m->from, 1) >= 0 ? 60 : 20;
      }
    }

  if (from == FELT_ROLE_RESERVE)
    return 50;
  if (from == FELT_ROLE_WASTE && to == FELT_ROLE_TABLEAU)
    return 30;
  if (from == FELT_ROLE_WASTE && to == FELT_ROLE_RESERVE)
    {
      /* Hopscotch: rather an empty pile, else a short one. */
      return to_size == 0 ? 15 : 10 - (int) MIN (to_size, 9u);
    }
  return 1;
}

gboolean
felt_state_hint (const FeltState *st, FeltMove *out)
{
  const FeltGame *game = felt_state_game (st);
  FeltMove moves[FELT_MAX_MOVES];
  guint n = felt_state_legal_moves (st, moves);
  int best = 0;

  for (guint i = 0; i < n; i++)
    {
      int worth = move_worth (st, game, &moves[i]);
      if (worth > best)
        {
          best = worth;
          *out = moves[i];
        }
    }
  if (best > 0)
    return TRUE;
  if (felt_state_can_stock (st))
    {
      *out = FELT_MOVE_STOCK;
      return TRUE;
    }
  return FALSE;
}

/* Could any card still want to be built on `card`?  Only in Backbone,
 * where the twin of the card below it may still be out. */
static gboolean
twin_is_home (const FeltState *st, const FeltGame *game, guint from_pile, FeltCard card)
{
  guint rank = FELT_CARD_RANK (card);
  guint found = 0;

  if (rank <= 2)
    return TRUE;
  for (guint p = 0; p < game->n_piles; p++)
    {
      FeltCard top = felt_pile_top (st, p);
      if (game->piles[p].role == FELT_ROLE_FOUNDATION && top &&
          FELT_CARD_SUIT (top) == FELT_CARD_SUIT (card) && FELT_CARD_RANK (top) >= rank - 1)
        found++;
    }
  /* One foundation is about to take the card; the other must be there too. */
  return found >= 2;
}

gboolean
felt_state_safe_move (const FeltState *st, FeltMove *out)
{
  FeltMove moves[FELT_MAX_MOVES];

  if (felt_state_game (st)->auto_home == FELT_AUTO_NEVER)
    return FALSE;
  return felt_state_safe_among (st, moves, felt_state_legal_moves (st, moves), out);
}

gboolean
felt_state_safe_among (const FeltState *st, const FeltMove *moves, guint n, FeltMove *out)
{
  const FeltGame *game = felt_state_game (st);

  if (game->auto_home == FELT_AUTO_NEVER)
    return FALSE;
  for (guint i = 0; i < n; i++)
    {
      const FeltMove *m = &moves[i];
      guint choices = 0;

      if (game->piles[m->to].role != FELT_ROLE_FOUNDATION || m->count != 1)
        continue;
      switch (game->auto_home)
        {
        case FELT_AUTO_ALWAYS:
          break;
        case FELT_AUTO_ONLY_CHOICE:
          for (guint j = 0; j < n; j++)
            choices += moves[j].from == m->from && moves[j].count == 1 &&
                       game->piles[moves[j].to].role == FELT_ROLE_FOUNDATION;
          if (choices != 1)
            continue;
          break;
        case FELT_AUTO_TWIN_FOUNDATION:
          if (!twin_is_home (st, game, m->from, felt_pile_top (st, m->from)))
            continue;
          break;
        case FELT_AUTO_NEVER:
        default:
          continue;
        }
      *out = *m;
      return TRUE;
    }
  return FALSE;
}
