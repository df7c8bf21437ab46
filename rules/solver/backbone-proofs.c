/* backbone-proofs.c: proofs that a position of Backbone is lost, for its
 * solver (backbone.c): reserve cards that can never leave, twins kept
 * apart, a jammed reserve.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "backbone-proofs.h"

/* Blocked reserve cards.  Cards leave a reserve pile only from its top,
 * and the card lying across the columns (the last reserve pile) covers
 * both columns whole: every card beneath a reserve card X stays where it
 * is until X has left.  X leaves only to a foundation of its suit (when
 * every lower card of its suit is home, one copy of each rank) or onto a
 * tableau card one rank higher of its suit (never onto an empty pile).
 *
 * X is "forced home" when no copy of its successor can lie on the
 * tableau while X waits: X is a King, or every copy of the successor is
 * beneath X or home already.  A forced card with all copies of some lower
 * card of its suit beneath it can never leave: the position is lost.
 *
 * The twin rule: when the other copy of X lies above X (higher in the same
 * pile, or across the columns) and is forced home too, it leaves first
 * and takes one foundation of the suit from X-1 to X; X then needs the
 * other foundation at X-1, so both copies of every lower card home before
 * it leaves: one copy of a lower card beneath X is enough to bar it.  The
 * same holds when the twin is home already. */

typedef struct {
  guint n_res;
  guint res[FELT_MAX_PILES];   /* the reserve piles; the last lies across */
  /* forced[k][i]: the card at position i of reserve pile k is forced home
   * (backbone_mark_forced). */
  gboolean forced[FELT_MAX_PILES][FELT_MAX_CARDS];
} Reserves;

/* Does the card at (k2, j) lie beneath the one at (k, i)? */
static inline gboolean
backbone_lies_beneath (const Reserves *r, guint k, guint i, guint k2, guint j)
{
  return (k2 == k && j < i) || (k + 1 == r->n_res && k2 != k);
}

/* beneath[c]: the copies of card c that cannot leave before the card at
 * position i of reserve pile k does. */
static void
backbone_beneath (const FeltState *st, const Reserves *r, guint k, guint i, guint8 beneath[256])
{
  memset (beneath, 0, 256);
  if (k + 1 == r->n_res)
    for (guint q = 0; q + 1 < r->n_res; q++)
      for (guint j = 0; j < felt_pile_size (st, r->res[q]); j++)
        beneath[felt_pile_card (st, r->res[q], j)]++;
  for (guint j = 0; j < i; j++)
    beneath[felt_pile_card (st, r->res[k], j)]++;
}

/* Copies of the successor of the card x at (k, i) free to lie on the
 * tableau while x waits: neither beneath x, nor home, nor in the reserve
 * and forced home itself (such a copy goes from the reserve straight
 * home: it never lies on the tableau).  r->forced must be set for the
 * cards one rank higher. */
static guint
backbone_free_successors (const FeltState *st, const Reserves *r, guint k, guint i,
                          const guint8 beneath[256])
{
  const FeltGame *game = felt_state_game (st);
  FeltCard x = felt_pile_card (st, r->res[k], i);
  guint suit = FELT_CARD_SUIT (x), rank = FELT_CARD_RANK (x);
  guint free_succ;

  if (rank == FELT_KING)
    return 0;
  free_succ = game->n_decks - MIN (game->n_decks, beneath[x + 1]);
  for (guint p = 0; p < game->n_piles && free_succ > 0; p++)
    if (game->piles[p].role == FELT_ROLE_FOUNDATION && felt_pile_size (st, p) > rank &&
        FELT_CARD_SUIT (felt_pile_card (st, p, 0)) == suit)
      free_succ--;
  for (guint k2 = 0; k2 < r->n_res && free_succ > 0; k2++)
    for (guint j = 0; j < felt_pile_size (st, r->res[k2]) && free_succ > 0; j++)
      if (felt_pile_card (st, r->res[k2], j) == x + 1 && r->forced[k2][j] &&
          !backbone_lies_beneath (r, k, i, k2, j))
        free_succ--;
  return free_succ;
}

/* Marks the reserve cards forced home, Kings first and down each suit:
 * a card is forced when no copy of its successor is free (above). */
static void
backbone_mark_forced (const FeltState *st, Reserves *r)
{
  guint8 beneath[256];

  for (guint rank = FELT_KING; rank >= FELT_ACE; rank--)
    for (guint k = 0; k < r->n_res; k++)
      for (guint i = 0; i < felt_pile_size (st, r->res[k]); i++)
        if (FELT_CARD_RANK (felt_pile_card (st, r->res[k], i)) == rank)
          {
            backbone_beneath (st, r, k, i, beneath);
            r->forced[k][i] = backbone_free_successors (st, r, k, i, beneath) == 0;
          }
}

/* Is the other copy of the card at (k, i) above it and forced home? */
static gboolean
backbone_twin_forced_above (const FeltState *st, const Reserves *r, guint k, guint i)
{
  FeltCard x = felt_pile_card (st, r->res[k], i);

  for (guint j = i + 1; j < felt_pile_size (st, r->res[k]); j++)
    if (felt_pile_card (st, r->res[k], j) == x)
      return r->forced[k][j];
  if (k + 1 < r->n_res)
    {
      guint cross = r->n_res - 1;
      for (guint j = 0; j < felt_pile_size (st, r->res[cross]); j++)
        if (felt_pile_card (st, r->res[cross], j) == x)
          return r->forced[cross][j];
    }
  return FALSE;
}

/* Twin home: is a foundation of x's suit at x or above?  Then x needs the
 * other one just below it, so (as with a twin above) both copies of every
 * lower card home: one beneath x bars it. */
static gboolean
backbone_twin_home (const FeltState *st, FeltCard x)
{
  const FeltGame *game = felt_state_game (st);

  for (guint p = 0; p < game->n_piles; p++)
    if (game->piles[p].role == FELT_ROLE_FOUNDATION && felt_pile_size (st, p) >= FELT_CARD_RANK (x) &&
        FELT_CARD_SUIT (felt_pile_card (st, p, 0)) == FELT_CARD_SUIT (x))
      return TRUE;
  return FALSE;
}

static gboolean
backbone_card_stuck (const FeltState *st, const Reserves *r, guint k, guint i)
{
  const FeltGame *game = felt_state_game (st);
  FeltCard x = felt_pile_card (st, r->res[k], i);
  guint suit = FELT_CARD_SUIT (x), rank = FELT_CARD_RANK (x);
  guint8 beneath[256];
  gboolean barred = FALSE, any_beneath = FALSE;

  if (!r->forced[k][i])
    return FALSE;
  backbone_beneath (st, r, k, i, beneath);
  for (guint q = FELT_ACE; q < rank && !barred; q++)
    {
      barred = beneath[FELT_CARD (q, suit)] >= game->n_decks;
      any_beneath |= beneath[FELT_CARD (q, suit)] > 0;
    }
  if (barred)
    return TRUE;
  return any_beneath && game->n_decks == 2 &&
         (backbone_twin_forced_above (st, r, k, i) || backbone_twin_home (st, x));
}

/* Is the card at (k, i) forced home with a copy of a lower card of its
 * suit beneath it? */
static gboolean
backbone_forced_over_lower (const FeltState *st, const Reserves *r, guint k, guint i)
{
  FeltCard x = felt_pile_card (st, r->res[k], i);
  guint8 beneath[256];

  if (!r->forced[k][i])
    return FALSE;
  backbone_beneath (st, r, k, i, beneath);
  for (guint q = FELT_ACE; q < FELT_CARD_RANK (x); q++)
    if (beneath[FELT_CARD (q, FELT_CARD_SUIT (x))] > 0)
      return TRUE;
  return FALSE;
}

/* Twins apart: both copies of a card X in the reserve, in different
 * piles, each forced home with a copy of some lower card of its suit
 * beneath it.  The first to leave takes one foundation of the suit to X
 * (and it stays at X or above); the second then needs the other one at
 * X - 1, so both copies of every lower card home, one of which lies
 * beneath it: whichever goes second never can, and a win needs both home.
 * (The twin rule above is the case of one copy above the other.)  Two
 * Kings of hearts, one in each column, one over a 3 of hearts, the other
 * over a 9, are lost this way. */
static gboolean
backbone_twins_apart (const FeltState *st, const Reserves *r)
{
  if (felt_state_game (st)->n_decks != 2)
    return FALSE;
  for (guint k = 0; k < r->n_res; k++)
    for (guint i = 0; i < felt_pile_size (st, r->res[k]); i++)
      {
        FeltCard x = felt_pile_card (st, r->res[k], i);
        gboolean first = FALSE, checked = FALSE;
        for (guint k2 = k + 1; k2 < r->n_res; k2++)
          for (guint j = 0; j < felt_pile_size (st, r->res[k2]); j++)
            if (felt_pile_card (st, r->res[k2], j) == x)
              {
                if (!checked)
                  {
                    first = backbone_forced_over_lower (st, r, k, i);
                    checked = TRUE;
                  }
                if (first && backbone_forced_over_lower (st, r, k2, j))
                  return TRUE;
              }
      }
  return FALSE;
}

/* A relaxed game that only the reserve can lose.  Every card outside the
 * reserve is "free": it may go home as soon as any copy of the card below
 * it is home (in the real game a foundation must stop just below it, and
 * the card must be on top of its pile: both only make the real game
 * harder).  A reserve card leaves, once every card above it has left (the
 * card across the columns first), to a foundation on the same terms, or
 * onto a copy of its successor that is neither home in this position nor
 * still in the reserve (in the real game that copy must lie on top of a
 * tableau pile, which it can only do if it is neither).  Every condition
 * only grows as cards leave and go home, so playing every enabled step
 * until none is left reaches the relaxed game's best; and every real line
 * maps onto a relaxed one (by induction over its moves: what the real
 * game has home or out of the reserve, the relaxed one has too).  So when
 * the relaxed reserve cannot empty, the real one cannot, and the position
 * is lost (a win needs the reserve empty).  This catches the cycles
 * across both columns and both decks: X waits for a card beneath Y, Y for
 * one beneath X. */
static gboolean
backbone_reserve_jammed (const FeltState *st, const Reserves *r)
{
  const FeltGame *game = felt_state_game (st);
  guint8 home[64] = { 0 }, home_now[64], held[64] = { 0 };
  guint depth[FELT_MAX_PILES];
  guint cross = r->n_res - 1;
  gboolean changed = TRUE;

  for (guint p = 0; p < game->n_piles; p++)
    if (game->piles[p].role == FELT_ROLE_FOUNDATION)
      for (guint i = 0; i < felt_pile_size (st, p); i++)
        home[felt_pile_card (st, p, i) & 63]++;
  memcpy (home_now, home, sizeof home);
  for (guint k = 0; k < r->n_res; k++)
    {
      depth[k] = felt_pile_size (st, r->res[k]);
      for (guint i = 0; i < depth[k]; i++)
        held[felt_pile_card (st, r->res[k], i) & 63]++;
    }
  while (changed)
    {
      changed = FALSE;
      /* Free cards home, each suit from the ace up. */
      for (guint suit = 0; suit < FELT_N_SUITS; suit++)
        for (guint rank = FELT_ACE; rank <= FELT_KING; rank++)
          {
            guint c = FELT_CARD (rank, suit);
            if (rank > FELT_ACE && home[c - 1] == 0)
              break;
            if (home[c] + held[c] < game->n_decks)
              home[c] = game->n_decks - held[c];
          }
      for (guint k = 0; k < r->n_res; k++)
        {
          FeltCard x;
          guint rank;
          if (depth[k] == 0 || (k != cross && depth[cross] > 0))
            continue;
          x = felt_pile_card (st, r->res[k], depth[k] - 1);
          rank = FELT_CARD_RANK (x);
          if (rank == FELT_ACE || home[(x - 1) & 63] > 0 ||
              (rank < FELT_KING && home_now[(x + 1) & 63] + held[(x + 1) & 63] < game->n_decks))
            {
              held[x & 63]--;
              depth[k]--;
              changed = TRUE;
            }
        }
    }
  for (guint k = 0; k < r->n_res; k++)
    if (depth[k] > 0)
      return TRUE;
  return FALSE;
}

gboolean
felt_backbone_hopeless (const FeltState *st)
{
  const FeltGame *game = felt_state_game (st);
  Reserves r;

  r.n_res = felt_game_count_piles (game, FELT_ROLE_RESERVE);
  for (guint k = 0; k < r.n_res; k++)
    r.res[k] = (guint) felt_game_find_pile (game, FELT_ROLE_RESERVE, k);
  backbone_mark_forced (st, &r);
  for (guint k = 0; k < r.n_res; k++)
    for (guint i = 0; i < felt_pile_size (st, r.res[k]); i++)
      if (backbone_card_stuck (st, &r, k, i))
        return TRUE;
  return backbone_twins_apart (st, &r) || backbone_reserve_jammed (st, &r);
}
