/* backbone-proofs.c: proofs that a position of Backbone is lost, for its
 * solver (backbone.c): reserve cards that can never leave, twins kept
 * apart, a jammed reserve, a reserve jammed by the foundations.
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

/* Foundations held exactly (backbone_foundations_jammed).  The relaxed
 * game above counts a card below as home whatever foundation it is on;
 * but a suit has two foundations, and a card goes home only onto one
 * standing just below it.  This game keeps each suit's two foundation
 * heights and the reserve exactly, and every other card free: a
 * foundation rises by one when a copy of the next card is neither home
 * nor in the reserve; a reserve card, once nothing lies above it, goes
 * home onto a foundation just below it, or onto a copy of its successor
 * neither home nor in the reserve (it is then free itself).  Every real
 * move is a move of this game or changes nothing in it, so when its
 * reserve cannot empty, the real one cannot either.
 *
 * Raising a foundation only ever takes a copy away that a reserve card
 * could have gone onto, so the search raises one only when a reserve
 * card goes home onto it, from its height to the card's: a line that
 * raises early can be replayed raising late, every foundation no higher
 * than in it at each step, every copy at least as free.  Its states are
 * then the reserve's three sizes and each suit's two heights, which only
 * take the ranks of the reserve cards of their suit: a few hundred. */
typedef struct {
  guint n_res;
  FeltCard card[FELT_MAX_PILES][FELT_MAX_CARDS];   /* the reserve, bottom first */
  guint8 depth[FELT_MAX_PILES];                    /* its piles' sizes now */
  guint8 hi[FELT_N_SUITS], lo[FELT_N_SUITS];       /* each suit's two foundations, higher first */
  guint8 in_reserve[64];                           /* copies of each card in it now */
  KeySet seen;                                     /* states that cannot empty the reserve */
  guint states;
} Jam;

/* Past this many states the search gives up (no proof); the reserves of
 * the survey's deals take far fewer. */
#define JAM_MAX_STATES 20000

static guint64
jam_key (const Jam *j)
{
  guint64 key = 0;

  for (guint k = 0; k < j->n_res; k++)
    key = key << 5 | j->depth[k];
  for (guint s = 0; s < FELT_N_SUITS; s++)
    key = key << 8 | (guint) j->hi[s] << 4 | j->lo[s];
  return key + 1;   /* never 0 */
}

/* Can x, on top of its reserve pile, go onto a copy of its successor
 * neither home nor in the reserve? */
static inline gboolean
jam_onto_base (const Jam *j, FeltCard x)
{
  guint rank = FELT_CARD_RANK (x), suit = FELT_CARD_SUIT (x);

  return rank < FELT_KING && (j->hi[suit] > rank) + (j->lo[suit] > rank) + j->in_reserve[(x + 1) & 63] < 2;
}

static int jam_search (Jam *j);

/* The choices left once no card can go onto a copy of its successor:
 * which card goes home, onto which foundation. */
static int
jam_branch (Jam *j)
{
  guint cross = j->n_res - 1;
  gboolean any = FALSE;

  for (guint k = 0; k < j->n_res; k++)
    any |= j->depth[k] > 0;
  if (!any)
    return 1;
  if (!keyset_add (&j->seen, jam_key (j)))
    return 0;
  if (++j->states > JAM_MAX_STATES || j->seen.full)
    return -1;
  for (guint k = 0; k < j->n_res; k++)
    {
      FeltCard x;
      guint rank, suit;
      int res = 0;

      if (j->depth[k] == 0 || (k != cross && j->depth[cross] > 0))
        continue;
      x = j->card[k][j->depth[k] - 1];
      rank = FELT_CARD_RANK (x);
      suit = FELT_CARD_SUIT (x);
      j->depth[k]--;
      j->in_reserve[x & 63]--;
      /* Home onto either foundation of its suit, raised first to the
       * card below it by copies neither home nor in the reserve. */
      for (guint which = 0; which < 2 && res == 0; which++)
        {
          guint8 h = which ? j->lo[suit] : j->hi[suit], other = which ? j->hi[suit] : j->lo[suit];
          guint8 save_hi = j->hi[suit], save_lo = j->lo[suit];
          gboolean ok = h < rank && (which == 0 || j->lo[suit] != j->hi[suit]);

          for (guint q = h + 1u; ok && q < rank; q++)
            ok = (other >= q) + j->in_reserve[FELT_CARD (q, suit)] < 2;
          if (!ok)
            continue;
          j->hi[suit] = (guint8) MAX (rank, other);
          j->lo[suit] = (guint8) MIN (rank, other);
          res = jam_search (j);
          j->hi[suit] = save_hi;
          j->lo[suit] = save_lo;
        }
      j->depth[k]++;
      j->in_reserve[x & 63]++;
      if (res != 0)
        return res;
    }
  return 0;
}

/* 1: the reserve can empty from here; 0: it cannot; -1: too many states
 * to tell.  A card that can go onto a copy of its successor goes at
 * once, and no other way: that leaves every foundation where it is and
 * the card free, so whatever a line could do with it still in the
 * reserve, or home, it can do from there (as with raising late, above). */
static int
jam_search (Jam *j)
{
  guint cross = j->n_res - 1;
  guint8 gone[FELT_MAX_PILES] = { 0 };
  gboolean moved = TRUE;
  int res;

  while (moved)
    {
      moved = FALSE;
      for (guint k = 0; k < j->n_res; k++)
        while (j->depth[k] > 0 && (k == cross || j->depth[cross] == 0) &&
               jam_onto_base (j, j->card[k][j->depth[k] - 1]))
          {
            j->depth[k]--;
            j->in_reserve[j->card[k][j->depth[k]] & 63]--;
            gone[k]++;
            moved = TRUE;
          }
    }
  res = jam_branch (j);
  for (guint k = 0; k < j->n_res; k++)
    for (; gone[k] > 0; gone[k]--)
      {
        j->in_reserve[j->card[k][j->depth[k]] & 63]++;
        j->depth[k]++;
      }
  return res;
}

static gboolean
backbone_foundations_jammed (const FeltState *st, const Reserves *r)
{
  const FeltGame *game = felt_state_game (st);
  g_autofree Jam *j = NULL;
  guint started[FELT_N_SUITS] = { 0 };
  int res;

  if (game->n_decks != 2)
    return FALSE;
  j = g_new0 (Jam, 1);
  j->n_res = r->n_res;
  for (guint k = 0; k < r->n_res; k++)
    {
      guint size = felt_pile_size (st, r->res[k]);
      if (size > 31)
        return FALSE;
      j->depth[k] = (guint8) size;
      for (guint i = 0; i < size; i++)
        {
          j->card[k][i] = felt_pile_card (st, r->res[k], i);
          j->in_reserve[j->card[k][i] & 63]++;
        }
    }
  for (guint p = 0; p < game->n_piles; p++)
    if (game->piles[p].role == FELT_ROLE_FOUNDATION && felt_pile_size (st, p) > 0)
      {
        guint suit = FELT_CARD_SUIT (felt_pile_card (st, p, 0));
        guint h = felt_pile_size (st, p);
        /* A position set up by hand may hold what no game reaches. */
        if (h > FELT_KING || started[suit] == 2)
          return FALSE;
        for (guint i = 0; i < h; i++)
          if (felt_pile_card (st, p, i) != FELT_CARD (FELT_ACE + i, suit))
            return FALSE;
        if (started[suit]++ == 0)
          j->hi[suit] = (guint8) h;
        else
          {
            j->lo[suit] = (guint8) MIN (h, j->hi[suit]);
            j->hi[suit] = (guint8) MAX (h, j->hi[suit]);
          }
      }
  keyset_init (&j->seen, 8);
  res = jam_search (j);
  keyset_free (&j->seen);
  return res == 0;
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
  return backbone_twins_apart (st, &r) || backbone_reserve_jammed (st, &r) ||
         backbone_foundations_jammed (st, &r);
}
