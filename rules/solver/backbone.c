/* backbone.c: the solver's strategy for Backbone: restarts of a depth-first
 * search that stops once only the tableau is left.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "felt-solver-private.h"

#include <stddef.h>
#include <string.h>

/* A tableau pile of Backbone is always a run of one suit, descending (it
 * starts with one card, takes only the next lower card of its suit, and
 * an empty pile takes any card).  So once the stock, the waste and the
 * reserve are empty the game is won: in each suit the lowest card not yet
 * home lies on top of its pile, since every card above it is lower still
 * and so already home.  The search stops there and plays the rest home. */
static gboolean
backbone_done (const FeltState *st)
{
  const FeltGame *game = felt_state_game (st);

  for (guint p = 0; p < game->n_piles; p++)
    {
      FeltRole role = game->piles[p].role;
      if ((role == FELT_ROLE_STOCK || role == FELT_ROLE_WASTE || role == FELT_ROLE_RESERVE) &&
          felt_pile_size (st, p) > 0)
        return FALSE;
    }
  return TRUE;
}

/* Plays every card home, any that fits first; TRUE when that wins. */
static gboolean
backbone_finish (FeltState *st, GArray *line)
{
  while (!felt_state_is_won (st))
    {
      FeltMove moves[FELT_MAX_MOVES];
      guint n = felt_state_legal_moves (st, moves);
      gboolean moved = FALSE;
      for (guint i = 0; i < n && !moved; i++)
        if (role_of (st, moves[i].to) == FELT_ROLE_FOUNDATION)
          {
            FeltUndo undo;
            felt_state_apply (st, &moves[i], &undo);
            g_array_append_val (line, moves[i]);
            moved = TRUE;
          }
      if (!moved)
        return FALSE;
    }
  return TRUE;
}

/* The bottom card and size of a pile that is a run of one suit, each
 * card one rank `step` from the one beneath it (a tableau pile: -1, a
 * foundation: +1): 0 when the pile is empty, -1 when it is no such run
 * (a position set up by hand may hold one). */
static int
backbone_run_id (const FeltState *st, guint p, int step)
{
  guint size = felt_pile_size (st, p);
  const FeltCard *c = st->cards + st->start[p];

  if (size == 0)
    return 0;
  for (guint i = 1; i < size; i++)
    if ((int) c[i] != (int) c[i - 1] + step)
      return -1;
  return (int) (c[0] << 5 | size);
}

/* Backbone's tableau piles are alike, and so are the two foundations of
 * a suit: the key reads them as sorted sets.  Both are runs of one suit
 * (a tableau pile built down from the card that started it, a foundation
 * up from an ace), known by their bottom card and size, which is quicker
 * to hash than their cards; a pile that is no run is hashed whole. */
static guint64
backbone_key (const FeltState *st)
{
  const FeltGame *game = felt_state_game (st);
  guint16 tab[FELT_MAX_PILES], fnd[FELT_MAX_PILES];
  guint nt = 0, nf = 0;
  guint64 h = 0x6262;

  for (guint p = 0; p < game->n_piles; p++)
    {
      guint size = felt_pile_size (st, p);
      FeltRole role = game->piles[p].role;
      int id = role == FELT_ROLE_TABLEAU ? backbone_run_id (st, p, -1)
             : role == FELT_ROLE_FOUNDATION ? backbone_run_id (st, p, 1) : -1;

      if (id >= 0 && role == FELT_ROLE_TABLEAU)
        tab[nt++] = (guint16) id;
      else if (id >= 0)
        fnd[nf++] = (guint16) id;
      else
        h = felt_hash_bytes (st->cards + st->start[p], size,
                             h + ((guint64) p << 8 | size) * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15));
    }
  for (guint i = 1; i < nt; i++)
    for (guint j = i; j > 0 && tab[j - 1] > tab[j]; j--)
      {
        guint16 t = tab[j]; tab[j] = tab[j - 1]; tab[j - 1] = t;
      }
  for (guint i = 1; i < nf; i++)
    for (guint j = i; j > 0 && fnd[j - 1] > fnd[j]; j--)
      {
        guint16 t = fnd[j]; fnd[j] = fnd[j - 1]; fnd[j - 1] = t;
      }
  /* The counts keep the two sets apart. */
  h = felt_hash_bytes ((const guint8 *) tab, nt * sizeof (guint16), h ^ nt);
  h = felt_hash_bytes ((const guint8 *) fnd, nf * sizeof (guint16), h ^ (guint64) nf << 8);
  return felt_mix64 (h ^ ((guint64) st->redeals << 40));
}

/* Is this card move worth trying?  Moving a pile's only card to an empty
 * pile changes nothing (the piles are alike); of several empty piles, or
 * of alike foundations, one is enough. */
static gboolean
backbone_move_useful (const FeltState *st, const FeltMove *m, const FeltMove *moves, guint i)
{
  FeltRole from = role_of (st, m->from), to = role_of (st, m->to);

  if (to == FELT_ROLE_TABLEAU && felt_pile_size (st, m->to) == 0 &&
      from == FELT_ROLE_TABLEAU && felt_pile_size (st, m->from) == 1)
    return FALSE;
  for (guint j = 0; j < i; j++)
    if (moves[j].from == m->from && role_of (st, moves[j].to) == to &&
        felt_pile_size (st, moves[j].to) == felt_pile_size (st, m->to) &&
        (to == FELT_ROLE_FOUNDATION || felt_pile_size (st, m->to) == 0))
      return FALSE;
  return TRUE;
}

/* Whether a position is hopeless depends only on the reserve and the
 * foundations, which change far less often than the rest: a small table
 * remembers the answer, keyed exactly on what it depends on. */
#define HOPELESS_CACHE 4096

typedef struct {
  Shuffle shuffle;
  guint64 cache_key[HOPELESS_CACHE];   /* the exact key + 1; 0: empty */
  gboolean cache_hopeless[HOPELESS_CACHE];
  /* The furthest position the runs reached (backbone_progress), and the
   * line to it from the root. */
  int best;
  GArray *best_line;
  const GArray *prefix;   /* the line to where the run started */
  struct _BbModel *model; /* the position the search is at (below) */
} Backbone;

/* How far a position is: cards home and cards out of the reserve. */
static int
backbone_progress (const FeltState *st)
{
  const FeltGame *game = felt_state_game (st);
  int score = 0;

  for (guint p = 0; p < game->n_piles; p++)
    if (game->piles[p].role == FELT_ROLE_FOUNDATION)
      score += (int) felt_pile_size (st, p);
    else if (game->piles[p].role == FELT_ROLE_RESERVE)
      score -= (int) felt_pile_size (st, p);
  return score;
}

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

static gboolean
backbone_hopeless (const FeltState *st)
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

/* The reserve (cards only leave it, from the top, so within one search
 * its piles' sizes say what it holds) and the foundations (each one suit
 * from its ace up: its size and suit say what it holds), packed into 64
 * bits: 4 bits a reserve pile size, 6 a foundation.  Backbone has 3 and 8
 * piles (60 bits); a layout that does not fit is not cached. */
static gboolean
backbone_hopeless_cached (Backbone *b, const FeltState *st)
{
  const FeltGame *game = felt_state_game (st);
  guint64 key = 0;
  guint bits = 0;
  guint slot;

  for (guint p = 0; p < game->n_piles; p++)
    {
      guint size = felt_pile_size (st, p);
      if (game->piles[p].role == FELT_ROLE_RESERVE)
        {
          key = key << 4 | MIN (size, 15u);
          bits += 4;
          if (size > 15)
            bits = 99;
        }
      else if (game->piles[p].role == FELT_ROLE_FOUNDATION)
        {
          key = key << 6 | size << 2 | (size ? FELT_CARD_SUIT (felt_pile_card (st, p, 0)) : 0);
          bits += 6;
        }
    }
  if (bits > 63)
    return backbone_hopeless (st);
  key++;
  slot = (guint) (felt_mix64 (key) & (HOPELESS_CACHE - 1));
  if (b->cache_key[slot] != key)
    {
      b->cache_key[slot] = key;
      b->cache_hopeless[slot] = backbone_hopeless (st);
    }
  return b->cache_hopeless[slot];
}

/* A safe move home (felt_state_safe_move: the other foundation of the
 * suit is as far, so nothing could ever want the card elsewhere) is made
 * alone.  Otherwise every useful move: reserve cards first (the reserve is
 * what blocks), then waste cards onto piles, cards home, cards onto
 * piles, cards into empty piles; the stock last. */
static guint
backbone_gen (gpointer data, const FeltState *st, FeltMove *out)
{
  Backbone *b = data;
  FeltMove moves[FELT_MAX_MOVES];
  guint n, k = 0;
  gboolean stock_first = FALSE;
  if (backbone_hopeless_cached (b, st))
    return 0;
  n = felt_state_legal_moves (st, moves);
  /* On the moves listed: one move generation a position, not two. */
  if (felt_state_safe_among (st, moves, n, &out[0]))
    return 1;
  if (felt_shuffle_moves (&b->shuffle, moves, n) && felt_state_can_stock (st))
    {
      stock_first = TRUE;
      out[k++] = STOCK_ACTION;
    }
  for (int rank = 0; rank < 5; rank++)
    for (guint i = 0; i < n; i++)
      {
        FeltRole from = role_of (st, moves[i].from), to = role_of (st, moves[i].to);
        gboolean space = to == FELT_ROLE_TABLEAU && felt_pile_size (st, moves[i].to) == 0;
        int r = from == FELT_ROLE_RESERVE ? 0
              : (from == FELT_ROLE_WASTE && !space) ? 1
              : to == FELT_ROLE_FOUNDATION ? 2
              : !space ? 3 : 4;
        if (r == rank && backbone_move_useful (st, &moves[i], moves, i))
          out[k++] = moves[i];
      }
  if (!stock_first && felt_state_can_stock (st))
    out[k++] = STOCK_ACTION;
  return k;
}

static gboolean
backbone_goal (const FeltState *st)
{
  return felt_state_is_won (st) || backbone_done (st);
}


/* Each new position of the search: keeps in b the line to the furthest
 * one reached (b->prefix is the line from the root to where the run
 * started). */
static void
backbone_visit (gpointer data, const FeltState *st, const DfsPath *path)
{
  Backbone *b = data;
  int progress = backbone_progress (st);

  if (progress <= b->best)
    return;
  b->best = progress;
  g_array_set_size (b->best_line, 0);
  g_array_append_vals (b->best_line, b->prefix->data, b->prefix->len);
  felt_dfs_path_moves (path, b->best_line);
}

/* ---- the search on a model of the position ------------------------------ */

/* Most of a position's cost through the engine is its general move
 * generation and a key hashed afresh from every card.  Backbone's piles
 * are simple enough to hold in a few bytes each: a tableau pile is a run
 * of one suit (its top card and size say which), a foundation a suit and
 * a size, a reserve pile only shrinks from the top (its size says what is
 * left), and the stock and the waste are what remains of one sequence of
 * cards that never changes its order (dealing moves a cursor along it,
 * the redeal turns the waste back in the same order, and only the card
 * at the cursor leaves): a linked list with the cursor.  A move changes a
 * few bytes and the key (each part's random number, added or taken away)
 * and is taken back the same way, with no copy.  The moves are listed in
 * the engine's order (sources, then targets, by pile), so the search goes
 * through the same positions as on the engine; every winning line is
 * played through the engine before it is reported (solve_backbone), and
 * the tests walk the model and the engine side by side. */

#define BBM_HEAD 0                      /* the list's first node, before any card */
#define BBM_NONE 0xff

typedef enum { BBM_STOCK, BBM_WASTE, BBM_FND, BBM_TAB, BBM_RES, BBM_OTHER } BbmKind;

typedef struct _BbModel {
  /* What each pile of the game is: kind and index within its kind. */
  guint8 kind[FELT_MAX_PILES], idx[FELT_MAX_PILES];
  guint8 n_piles, n_tab, n_fnd, n_res, redeal_limit;
  guint8 tab_pile[FELT_MAX_PILES], fnd_pile[FELT_MAX_PILES], res_pile[FELT_MAX_PILES];
  guint8 stock_pile, waste_pile;
  guint8 src_pile[FELT_MAX_PILES], n_src;   /* the piles cards leave, in order */

  guint8 top[FELT_MAX_PILES], size[FELT_MAX_PILES];      /* tableau: top card, size */
  guint8 fsuit[FELT_MAX_PILES], fsize[FELT_MAX_PILES];   /* foundations */
  guint8 res[FELT_MAX_PILES][FELT_MAX_CARDS];            /* reserve, bottom first */
  guint8 rsize[FELT_MAX_PILES];
  /* The stock and the waste: node 0 heads the list, nodes 1..tail-1 are
   * the cards in dealing order, node tail ends it; cursor is the waste's
   * top card (BBM_HEAD: the waste is empty). */
  guint8 card[FELT_MAX_CARDS + 2], next[FELT_MAX_CARDS + 2], prev[FELT_MAX_CARDS + 2];
  guint8 tail, cursor, redeals, in_reserve;
  int progress;       /* backbone_progress */
  guint64 key, kx;    /* the key: the sum of the parts that add, and the others' exclusive-or */
  FeltState root;     /* what the model does not hold (the game, the flags) */
} BbModel;

/* The random number of each part of a position, in a few multiplications
 * (no table to fill).  Tableau piles and foundations add theirs (alike
 * piles are a multiset, as in backbone_key); the rest exclusive-or. */
static inline guint64
bbm_z (guint tag, guint a, guint b)
{
  return felt_mix64 (((guint64) tag << 32 | (guint64) a << 16 | b) + G_GUINT64_CONSTANT (0x6262626262));
}
#define BBM_Z_TAB(top, size) ((size) ? bbm_z (1, top, size) : 0)
#define BBM_Z_FND(suit, size) ((size) ? bbm_z (2, suit, size) : 0)
#define BBM_Z_RES(k, size) bbm_z (3, k, size)
#define BBM_Z_NODE(x) bbm_z (4, x, 0)
#define BBM_Z_CURSOR(x) bbm_z (5, x, 0)
#define BBM_Z_REDEALS(r) bbm_z (6, r, 0)

static inline guint64
bbm_key (const BbModel *m)
{
  return m->key ^ m->kx;
}

/* Fills m from st; FALSE when the position does not fit the model (a
 * pile set up by hand that is no run, another layout of piles). */
static gboolean
bbm_init (BbModel *m, const FeltState *st)
{
  const FeltGame *game = felt_state_game (st);
  guint n = 0;

  memset (m, 0, offsetof (BbModel, root));
  m->root = *st;
  m->n_piles = game->n_piles;
  /* gint8: at most 127 redeals, which fits; 255 stands for unlimited. */
  m->redeal_limit = game->redeal_limit < 0 ? 255 : (guint8) game->redeal_limit;
  m->stock_pile = m->waste_pile = BBM_NONE;
  if (game->n_decks > 2 || game->pile_blocked == NULL)
    return FALSE;
  for (guint p = 0; p < game->n_piles; p++)
    {
      FeltRole role = game->piles[p].role;
      guint size = felt_pile_size (st, p);
      const FeltCard *c = st->cards + st->start[p];

      switch (role)
        {
        case FELT_ROLE_STOCK:
          if (m->stock_pile != BBM_NONE)
            return FALSE;
          m->kind[p] = BBM_STOCK;
          m->stock_pile = (guint8) p;
          break;
        case FELT_ROLE_WASTE:
          if (m->waste_pile != BBM_NONE)
            return FALSE;
          m->kind[p] = BBM_WASTE;
          m->waste_pile = (guint8) p;
          break;
        case FELT_ROLE_FOUNDATION:
          m->kind[p] = BBM_FND;
          m->idx[p] = m->n_fnd;
          m->fnd_pile[m->n_fnd] = (guint8) p;
          for (guint i = 0; i < size; i++)
            if (c[i] != FELT_CARD (FELT_ACE + i, FELT_CARD_SUIT (c[0])))
              return FALSE;
          m->fsuit[m->n_fnd] = size ? (guint8) FELT_CARD_SUIT (c[0]) : 0;
          m->fsize[m->n_fnd] = (guint8) size;
          m->progress += (int) size;
          m->key += BBM_Z_FND (m->fsuit[m->n_fnd], size);
          m->n_fnd++;
          break;
        case FELT_ROLE_TABLEAU:
          m->kind[p] = BBM_TAB;
          m->idx[p] = m->n_tab;
          m->tab_pile[m->n_tab] = (guint8) p;
          for (guint i = 1; i < size; i++)
            if (c[i] + 1 != c[i - 1])
              return FALSE;
          m->top[m->n_tab] = size ? c[size - 1] : 0;
          m->size[m->n_tab] = (guint8) size;
          m->key += BBM_Z_TAB (m->top[m->n_tab], size);
          m->n_tab++;
          break;
        case FELT_ROLE_RESERVE:
          m->kind[p] = BBM_RES;
          m->idx[p] = m->n_res;
          m->res_pile[m->n_res] = (guint8) p;
          memcpy (m->res[m->n_res], c, size);
          m->rsize[m->n_res] = (guint8) size;
          m->in_reserve += (guint8) size;
          m->progress -= (int) size;
          m->kx ^= BBM_Z_RES (m->n_res, size);
          m->n_res++;
          break;
        case FELT_N_ROLES:
        default:
          return FALSE;
        }
    }
  for (guint p = 0; p < game->n_piles; p++)
    if (m->kind[p] == BBM_WASTE || m->kind[p] == BBM_TAB || m->kind[p] == BBM_RES)
      m->src_pile[m->n_src++] = (guint8) p;
  /* Backbone's layout: one stock, one waste, the last reserve pile lying
   * across the others (the engine's pile_blocked). */
  if (m->stock_pile == BBM_NONE || m->waste_pile == BBM_NONE || m->n_res != 3 || m->n_fnd == 0 ||
      m->n_tab == 0)
    return FALSE;
  /* The waste bottom first, then the stock from its top. */
  for (guint i = 0; i < felt_pile_size (st, m->waste_pile); i++)
    m->card[++n] = felt_pile_card (st, m->waste_pile, i);
  m->cursor = (guint8) n;
  for (guint i = felt_pile_size (st, m->stock_pile); i > 0; i--)
    m->card[++n] = felt_pile_card (st, m->stock_pile, i - 1);
  m->tail = (guint8) (n + 1);
  for (guint x = 0; x <= n + 1; x++)
    {
      m->next[x] = (guint8) (x + 1);
      m->prev[x] = (guint8) (x ? x - 1 : 0);
      if (x >= 1 && x <= n)
        m->kx ^= BBM_Z_NODE (x);
    }
  m->redeals = st->redeals;
  m->kx ^= BBM_Z_CURSOR (m->cursor) ^ BBM_Z_REDEALS (m->redeals);
  return TRUE;
}

/* The position as the engine holds it. */
static void
bbm_to_state (const BbModel *m, FeltState *st)
{
  guint n = 0;

  *st = m->root;
  for (guint p = 0; p < m->n_piles; p++)
    {
      guint j = m->idx[p];
      st->start[p] = (guint8) n;
      switch (m->kind[p])
        {
        case BBM_STOCK:
          for (guint x = m->prev[m->tail]; x != m->cursor; x = m->prev[x])
            st->cards[n++] = m->card[x];
          break;
        case BBM_WASTE:
          for (guint x = m->next[BBM_HEAD]; m->cursor != BBM_HEAD; x = m->next[x])
            {
              st->cards[n++] = m->card[x];
              if (x == m->cursor)
                break;
            }
          break;
        case BBM_FND:
          for (guint i = 0; i < m->fsize[j]; i++)
            st->cards[n++] = FELT_CARD (FELT_ACE + i, m->fsuit[j]);
          break;
        case BBM_TAB:
          for (guint i = m->size[j]; i > 0; i--)
            st->cards[n++] = (FeltCard) (m->top[j] + i - 1);
          break;
        case BBM_RES:
          memcpy (st->cards + n, m->res[j], m->rsize[j]);
          n += m->rsize[j];
          break;
        default:
          break;
        }
    }
  st->start[m->n_piles] = (guint8) n;
  st->redeals = m->redeals;
}

static inline guint
bbm_pile_size (const BbModel *m, guint p)
{
  switch (m->kind[p])
    {
    case BBM_FND: return m->fsize[m->idx[p]];
    case BBM_TAB: return m->size[m->idx[p]];
    case BBM_RES: return m->rsize[m->idx[p]];
    case BBM_WASTE: return m->cursor != BBM_HEAD;   /* only "is it empty" is asked */
    default: return 0;
    }
}

static inline gboolean
bbm_can_stock (const BbModel *m)
{
  return m->next[m->cursor] != m->tail || (m->cursor != BBM_HEAD && m->redeals < m->redeal_limit);
}

/* Only the tableau is left: won (backbone_done). */
static inline gboolean
bbm_done (const BbModel *m)
{
  return m->in_reserve == 0 && m->next[BBM_HEAD] == m->tail;
}

/* The playable card of pile p (FELT_CARD of rank 0 when none). */
static inline guint
bbm_source (const BbModel *m, guint p)
{
  guint j = m->idx[p];

  switch (m->kind[p])
    {
    case BBM_WASTE: return m->cursor != BBM_HEAD ? m->card[m->cursor] : 0;
    case BBM_TAB: return m->size[j] ? m->top[j] : 0;
    case BBM_RES:
      if (j + 1u < m->n_res && m->rsize[m->n_res - 1] > 0)
        return 0;
      return m->rsize[j] ? m->res[j][m->rsize[j] - 1] : 0;
    default: return 0;
    }
}

/* Every legal card move, in the engine's order (felt_state_card_moves):
 * by source pile, then by target pile.  The targets of a card are looked
 * up by the card: bit masks of piles by the card each one takes. */
static guint
bbm_moves (const BbModel *m, FeltMove *out)
{
  guint32 takes[64 + 2];   /* piles (bits by index) a non-empty foundation or tableau pile: the card each takes */
  guint32 fnd_empty = 0, tab_empty = 0;
  guint n = 0;

  memset (takes, 0, sizeof takes);
  for (guint j = 0; j < m->n_fnd; j++)
    if (m->fsize[j] == 0)
      fnd_empty |= 1u << m->fnd_pile[j];
    else if (m->fsize[j] < FELT_KING)
      takes[FELT_CARD (m->fsize[j] + 1u, m->fsuit[j])] |= 1u << m->fnd_pile[j];
  for (guint j = 0; j < m->n_tab; j++)
    if (m->size[j] == 0)
      tab_empty |= 1u << m->tab_pile[j];
    else if (FELT_CARD_RANK (m->top[j]) > FELT_ACE)
      takes[m->top[j] - 1u] |= 1u << m->tab_pile[j];
  for (guint s = 0; s < m->n_src; s++)
    {
      guint from = m->src_pile[s];
      guint c = bbm_source (m, from);
      guint32 targets;
      if (c == 0)
        continue;
      targets = takes[c] | (FELT_CARD_RANK (c) == FELT_ACE ? fnd_empty : 0) |
                (m->kind[from] != BBM_RES ? tab_empty : 0);
      targets &= ~(1u << from);
      for (; targets != 0; targets &= targets - 1)
        out[n++] = (FeltMove) { (guint8) from, (guint8) __builtin_ctz (targets), 1, 0 };
    }
  return n;
}

/* felt_state_safe_among on the model: the first move home whose card no
 * other card could want (twin_is_home: a 2 or lower, or both foundations
 * of its suit at least as far as the card below it). */
static gboolean
bbm_safe_among (const BbModel *m, const FeltMove *moves, guint n, FeltMove *out)
{
  for (guint i = 0; i < n; i++)
    {
      guint c, rank, found = 0;
      if (m->kind[moves[i].to] != BBM_FND)
        continue;
      c = bbm_source (m, moves[i].from);
      rank = FELT_CARD_RANK (c);
      if (rank > 2)
        for (guint j = 0; j < m->n_fnd; j++)
          found += m->fsize[j] > 0 && m->fsuit[j] == FELT_CARD_SUIT (c) && m->fsize[j] >= rank - 1;
      if (rank <= 2 || found >= 2)
        {
          *out = moves[i];
          return TRUE;
        }
    }
  return FALSE;
}

/* What a move needs to be taken back. */
typedef struct {
  FeltMove move;
  guint8 node;     /* a card from the waste: its node; the stock action: the cursor before */
  guint8 redeal;   /* the stock action was the redeal */
} BbmUndo;

static void
bbm_apply (BbModel *m, const FeltMove *mv, BbmUndo *u)
{
  guint c = 0, j;

  u->move = *mv;
  if (mv->stock)
    {
      u->node = m->cursor;
      u->redeal = m->next[m->cursor] == m->tail;
      m->kx ^= BBM_Z_CURSOR (m->cursor);
      if (u->redeal)
        {
          m->kx ^= BBM_Z_REDEALS (m->redeals) ^ BBM_Z_REDEALS (m->redeals + 1);
          m->redeals++;
          m->cursor = BBM_HEAD;
        }
      else
        m->cursor = m->next[m->cursor];
      m->kx ^= BBM_Z_CURSOR (m->cursor);
      return;
    }
  j = m->idx[mv->from];
  switch (m->kind[mv->from])
    {
    case BBM_WASTE:
      {
        guint x = m->cursor;
        c = m->card[x];
        u->node = (guint8) x;
        m->next[m->prev[x]] = m->next[x];
        m->prev[m->next[x]] = m->prev[x];
        m->cursor = m->prev[x];
        m->kx ^= BBM_Z_NODE (x) ^ BBM_Z_CURSOR (x) ^ BBM_Z_CURSOR (m->cursor);
        break;
      }
    case BBM_TAB:
      c = m->top[j];
      m->key -= BBM_Z_TAB (c, m->size[j]);
      m->size[j]--;
      m->top[j] = m->size[j] ? (guint8) (c + 1) : 0;
      m->key += BBM_Z_TAB (m->top[j], m->size[j]);
      break;
    case BBM_RES:
      c = m->res[j][m->rsize[j] - 1];
      m->kx ^= BBM_Z_RES (j, m->rsize[j]) ^ BBM_Z_RES (j, m->rsize[j] - 1u);
      m->rsize[j]--;
      m->in_reserve--;
      m->progress++;
      break;
    default:
      g_assert_not_reached ();
    }
  j = m->idx[mv->to];
  if (m->kind[mv->to] == BBM_FND)
    {
      m->key -= BBM_Z_FND (m->fsuit[j], m->fsize[j]);
      m->fsuit[j] = (guint8) FELT_CARD_SUIT (c);
      m->fsize[j]++;
      m->key += BBM_Z_FND (m->fsuit[j], m->fsize[j]);
      m->progress++;
    }
  else
    {
      m->key -= BBM_Z_TAB (m->top[j], m->size[j]);
      m->top[j] = (guint8) c;
      m->size[j]++;
      m->key += BBM_Z_TAB (m->top[j], m->size[j]);
    }
}

static void
bbm_undo (BbModel *m, const BbmUndo *u)
{
  const FeltMove *mv = &u->move;
  guint c, j;

  if (mv->stock)
    {
      m->kx ^= BBM_Z_CURSOR (m->cursor) ^ BBM_Z_CURSOR (u->node);
      m->cursor = u->node;
      if (u->redeal)
        {
          m->kx ^= BBM_Z_REDEALS (m->redeals) ^ BBM_Z_REDEALS (m->redeals - 1u);
          m->redeals--;
        }
      return;
    }
  j = m->idx[mv->to];
  if (m->kind[mv->to] == BBM_FND)
    {
      c = FELT_CARD (m->fsize[j], m->fsuit[j]);
      m->key -= BBM_Z_FND (m->fsuit[j], m->fsize[j]);
      m->fsize[j]--;
      m->key += BBM_Z_FND (m->fsuit[j], m->fsize[j]);
      m->progress--;
    }
  else
    {
      c = m->top[j];
      m->key -= BBM_Z_TAB (m->top[j], m->size[j]);
      m->size[j]--;
      m->top[j] = m->size[j] ? (guint8) (c + 1) : 0;
      m->key += BBM_Z_TAB (m->top[j], m->size[j]);
    }
  j = m->idx[mv->from];
  switch (m->kind[mv->from])
    {
    case BBM_WASTE:
      {
        guint x = u->node;
        m->kx ^= BBM_Z_NODE (x) ^ BBM_Z_CURSOR (x) ^ BBM_Z_CURSOR (m->cursor);
        m->next[m->prev[x]] = (guint8) x;
        m->prev[m->next[x]] = (guint8) x;
        m->cursor = (guint8) x;
        break;
      }
    case BBM_TAB:
      m->key -= BBM_Z_TAB (m->top[j], m->size[j]);
      m->size[j]++;
      m->top[j] = (guint8) c;
      m->key += BBM_Z_TAB (m->top[j], m->size[j]);
      break;
    case BBM_RES:
      m->kx ^= BBM_Z_RES (j, m->rsize[j]) ^ BBM_Z_RES (j, m->rsize[j] + 1u);
      m->rsize[j]++;
      m->in_reserve++;
      m->progress--;
      break;
    default:
      g_assert_not_reached ();
    }
}

/* backbone_hopeless_cached on the model: the same key (reserve sizes,
 * foundations), the engine's position built only on a miss. */
static gboolean
bbm_hopeless_cached (Backbone *b, const BbModel *m)
{
  guint64 key = 0;
  guint slot;

  for (guint k = 0; k < m->n_res; k++)
    key = key << 4 | MIN (m->rsize[k], 15u);
  for (guint j = 0; j < m->n_fnd; j++)
    key = key << 6 | (guint) m->fsize[j] << 2 | (m->fsize[j] ? m->fsuit[j] : 0);
  if (m->n_res * 4 + m->n_fnd * 6 > 63 || m->rsize[0] > 15 || m->rsize[1] > 15 || m->rsize[2] > 15)
    {
      FeltState st;
      bbm_to_state (m, &st);
      return backbone_hopeless (&st);
    }
  key++;
  slot = (guint) (felt_mix64 (key) & (HOPELESS_CACHE - 1));
  if (b->cache_key[slot] != key)
    {
      FeltState st;
      bbm_to_state (m, &st);
      b->cache_key[slot] = key;
      b->cache_hopeless[slot] = backbone_hopeless (&st);
    }
  return b->cache_hopeless[slot];
}

/* Is this card move worth trying?  (backbone_move_useful) */
static gboolean
bbm_move_useful (const BbModel *m, const FeltMove *mv, const FeltMove *moves, guint i)
{
  guint from = m->kind[mv->from], to = m->kind[mv->to];
  guint to_size = bbm_pile_size (m, mv->to);

  if (to == BBM_TAB && to_size == 0 && from == BBM_TAB && bbm_pile_size (m, mv->from) == 1)
    return FALSE;
  for (guint j = 0; j < i; j++)
    if (moves[j].from == mv->from && m->kind[moves[j].to] == to && bbm_pile_size (m, moves[j].to) == to_size &&
        (to == BBM_FND || to_size == 0))
      return FALSE;
  return TRUE;
}

/* backbone_gen on the model: the same moves in the same order. */
static guint
bbm_gen (Backbone *b, const BbModel *m, FeltMove *out)
{
  FeltMove moves[FELT_MAX_MOVES];
  guint n, k = 0;
  gboolean stock_first = FALSE, can_stock;

  if (bbm_hopeless_cached (b, m))
    return 0;
  n = bbm_moves (m, moves);
  if (bbm_safe_among (m, moves, n, &out[0]))
    return 1;
  can_stock = bbm_can_stock (m);
  if (felt_shuffle_moves (&b->shuffle, moves, n) && can_stock)
    {
      stock_first = TRUE;
      out[k++] = STOCK_ACTION;
    }
  {
    guint16 order[5][FELT_MAX_MOVES];
    guint count[5] = { 0 };
    for (guint i = 0; i < n; i++)
      {
        guint from = m->kind[moves[i].from], to = m->kind[moves[i].to];
        gboolean space = to == BBM_TAB && m->size[m->idx[moves[i].to]] == 0;
        int r = from == BBM_RES ? 0
              : (from == BBM_WASTE && !space) ? 1
              : to == BBM_FND ? 2
              : !space ? 3 : 4;
        if (bbm_move_useful (m, &moves[i], moves, i))
          order[r][count[r]++] = (guint16) i;
      }
    for (guint r = 0; r < 5; r++)
      for (guint i = 0; i < count[r]; i++)
        out[k++] = moves[order[r][i]];
  }
  if (!stock_first && can_stock)
    out[k++] = STOCK_ACTION;
  return k;
}

typedef struct {
  guint off, n, i;
  gboolean applied;
  BbmUndo undo;
} BbmFrame;

/* The moves of the frames applied so far. */
static void
bbm_path_moves (const GArray *frames, const GArray *buf, GArray *out)
{
  for (guint k = 0; k < frames->len; k++)
    {
      const BbmFrame *g = &g_array_index (frames, BbmFrame, k);
      if (g->applied)
        g_array_append_val (out, g_array_index (buf, FeltMove, g->off + g->i - 1));
    }
}

/* felt_dfs_visit with backbone_gen, backbone_key, backbone_goal and
 * backbone_visit, on the model (left as it was unless the goal is
 * reached). */
static DfsOutcome
bbm_dfs (Backbone *b, BbModel *m, KeySet *seen, Limits *lim, GArray *line)
{
  g_autoptr (GArray) frames = g_array_new (FALSE, FALSE, sizeof (BbmFrame));
  g_autoptr (GArray) buf = g_array_new (FALSE, FALSE, sizeof (FeltMove));
  DfsOutcome outcome = DFS_EXHAUSTED;
  BbmFrame root = { 0 };

  if (bbm_done (m))
    return DFS_WON;
  keyset_add (seen, bbm_key (m));
  g_array_set_size (buf, FELT_MAX_MOVES + 1);
  root.n = bbm_gen (b, m, (FeltMove *) buf->data);
  g_array_set_size (buf, root.n);
  g_array_append_val (frames, root);

  while (frames->len > 0)
    {
      BbmFrame *f = &g_array_index (frames, BbmFrame, frames->len - 1);
      BbmFrame next = { 0 };
      FeltMove mv;

      if (f->applied)
        {
          bbm_undo (m, &f->undo);
          f->applied = FALSE;
        }
      if (f->i == f->n)
        {
          g_array_set_size (buf, f->off);
          g_array_set_size (frames, frames->len - 1);
          continue;
        }
      mv = g_array_index (buf, FeltMove, f->off + f->i);
      f->i++;
      bbm_apply (m, &mv, &f->undo);
      f->applied = TRUE;
      if (!limits_spend (lim))
        {
          outcome = DFS_STOPPED;
          break;
        }
      if (bbm_done (m))
        {
          bbm_path_moves (frames, buf, line);
          return DFS_WON;
        }
      if (!keyset_add (seen, bbm_key (m)))
        continue;
      next.off = buf->len;
      g_array_set_size (buf, next.off + FELT_MAX_MOVES + 1);
      next.n = bbm_gen (b, m, &g_array_index (buf, FeltMove, next.off));
      g_array_set_size (buf, next.off + next.n);
      g_array_append_val (frames, next);
      if (next.n > 0 && m->progress > b->best)
        {
          b->best = m->progress;
          g_array_set_size (b->best_line, 0);
          g_array_append_vals (b->best_line, b->prefix->data, b->prefix->len);
          bbm_path_moves (frames, buf, b->best_line);
        }
    }
  for (guint k = frames->len; k > 0; k--)
    {
      BbmFrame *f = &g_array_index (frames, BbmFrame, k - 1);
      if (f->applied)
        bbm_undo (m, &f->undo);
    }
  return outcome;
}

static guint
bbm_talon_size (const BbModel *m)
{
  guint n = 0;

  for (guint x = m->next[BBM_HEAD]; x != m->tail; x = m->next[x])
    n++;
  return n;
}

/* For the tests: plays `steps` random moves from st on the model and on
 * the engine side by side; FALSE at the first difference (the position,
 * the moves listed, the key of equal positions). */
gboolean
felt_backbone_model_check (const FeltState *st, guint64 seed, guint steps)
{
  g_autofree BbModel *m = g_new0 (BbModel, 1);
  FeltState eng = *st, built;
  guint64 rng = seed | 1;

  if (!bbm_init (m, st))
    return FALSE;
  for (guint step = 0; step < steps; step++)
    {
      FeltMove a[FELT_MAX_MOVES + 1], e[FELT_MAX_MOVES + 1], sa, se;
      guint na, ne;
      gboolean safe_a, safe_e;
      BbmUndo u;
      FeltUndo eu;
      g_autofree BbModel *fresh = g_new0 (BbModel, 1);

      bbm_to_state (m, &built);
      if (memcmp (built.cards, eng.cards, eng.n_cards) != 0 ||
          memcmp (built.start, eng.start, sizeof eng.start) != 0 || built.redeals != eng.redeals)
        return FALSE;
      /* Equal positions, equal keys: the model built afresh here. */
      if (!bbm_init (fresh, &eng))
        return FALSE;
      /* (Node numbers differ from a fresh model once cards left the
       * waste, so only a position with the whole list is compared.) */
      if (bbm_talon_size (m) + 1u == m->tail && bbm_key (m) != bbm_key (fresh))
        return FALSE;
      if (m->progress != backbone_progress (&eng) || bbm_done (m) != backbone_done (&eng))
        return FALSE;
      na = bbm_moves (m, a);
      ne = felt_state_legal_moves (&eng, e);
      if (na != ne || memcmp (a, e, na * sizeof (FeltMove)) != 0)
        return FALSE;
      safe_a = bbm_safe_among (m, a, na, &sa);
      safe_e = felt_state_safe_among (&eng, e, ne, &se);
      if (safe_a != safe_e || (safe_a && memcmp (&sa, &se, sizeof sa) != 0))
        return FALSE;
      if (bbm_can_stock (m) != felt_state_can_stock (&eng))
        return FALSE;
      if (bbm_can_stock (m))
        a[na++] = STOCK_ACTION;
      if (na == 0)
        break;
      sa = a[felt_rng_below (&rng, na)];
      bbm_apply (m, &sa, &u);
      felt_state_apply (&eng, &sa, &eu);
      /* Now and then a move taken back on both. */
      if (felt_rng_below (&rng, 4) == 0)
        {
          guint64 key = bbm_key (m);
          bbm_undo (m, &u);
          felt_state_undo (&eng, &eu);
          bbm_to_state (m, &built);
          if (memcmp (built.cards, eng.cards, eng.n_cards) != 0)
            return FALSE;
          bbm_apply (m, &sa, &u);
          felt_state_apply (&eng, &sa, &eu);
          if (bbm_key (m) != key)
            return FALSE;
        }
    }
  return TRUE;
}

/* Runs of 2000 positions; every other run deals before playing at 30%
 * of its positions.  Dealing last everywhere misses the wins that need a
 * waste card left where it is; dealing first at 30% everywhere misses
 * many wins that playing first finds at once.  Taking turns decided 97
 * of deals 20001-20100 within 3 s (95 with dealing always last, 95 with
 * 30% in every run; 96 with 0, 10, 20, 30% in turn), mean 0.22 s.
 *
 * A run that starts at the root plays its early choices blind; a deal
 * whose win needs many right choices is rarely won that way.  So 30% of
 * the runs start instead partway along the line to the furthest position
 * any run has reached (backbone_progress), cut at the smaller of two
 * random points (early cuts more often: the mistake that stopped that
 * line is rarely near its end), and search on from there: the choices
 * before the cut are kept, the ones after it tried again.  Only a run
 * from the root proves a loss; a run from a cut that runs out of
 * positions shows that line leads nowhere, and the next furthest
 * position is looked for afresh.  On deals 20001-20200 this won 2 more
 * (6 left undecided instead of 8, none lost that was won), and 8 of the
 * 25 undecided among 20001-20400 (runs of 4000 positions: 3; Luby's
 * growing runs, or 0/15/30% in turn, or tableau moves after the stock:
 * worse than today's on 20001-20200). */
#define BACKBONE_RUN 2000
#define BACKBONE_STOCK_FIRST 30
#define BACKBONE_JUMP 30

static FeltSolveVerdict
backbone_restarts (FeltState *st, Backbone *b, guint64 seed, Limits *lim, GArray *line)
{
  guint64 budget = lim->budget;
  FeltSolveVerdict verdict = FELT_SOLVE_UNKNOWN;
  g_autoptr (GArray) prefix = g_array_new (FALSE, FALSE, sizeof (FeltMove));
  guint64 jump_rng = felt_mix64 (seed ^ 0x6a756d70) | 1;
  KeySet seen;

  b->best = G_MININT;
  b->best_line = g_array_new (FALSE, FALSE, sizeof (FeltMove));
  keyset_init (&seen, 10);
  for (guint64 run = 0; !lim->cancelled && lim->nodes < budget; run++)
    {
      DfsOutcome outcome;
      FeltState from = *st;

      b->shuffle.rng = run ? felt_mix64 (seed + run) | 1 : 0;
      b->shuffle.odds = (run & 1) == 0 ? 0 : BACKBONE_STOCK_FIRST;
      g_array_set_size (prefix, 0);
      if (run > 0 && b->best_line->len > 0 && felt_rng_below (&jump_rng, 100) < BACKBONE_JUMP)
        {
          guint cut = felt_rng_below (&jump_rng, b->best_line->len);
          cut = MIN (cut, felt_rng_below (&jump_rng, b->best_line->len));
          g_array_append_vals (prefix, b->best_line->data, cut);
          for (guint k = 0; k < cut; k++)
            {
              FeltUndo undo;
              felt_state_apply (&from, &g_array_index (prefix, FeltMove, k), &undo);
            }
        }
      felt_run_begin (&seen, lim, line, budget, BACKBONE_RUN);
      b->prefix = prefix;
      if (bbm_init (b->model, &from))
        outcome = bbm_dfs (b, b->model, &seen, lim, line);
      else
        outcome = felt_dfs_visit (&from, backbone_gen, b, backbone_key, backbone_goal, backbone_visit, &seen,
                                  lim, line);
      if (outcome == DFS_WON)
        {
          g_array_prepend_vals (line, prefix->data, prefix->len);
          verdict = FELT_SOLVE_WINNABLE;
          break;
        }
      if (outcome == DFS_EXHAUSTED && prefix->len == 0)
        {
          verdict = FELT_SOLVE_LOST;
          break;
        }
      if (outcome == DFS_EXHAUSTED)
        {
          b->best = G_MININT;
          g_array_set_size (b->best_line, 0);
        }
    }
  g_clear_pointer (&b->best_line, g_array_unref);
  return felt_runs_end (verdict, budget, &seen, lim, line);
}

static FeltSolveVerdict
solve_backbone (FeltState *st, Limits *lim, GArray *line, double *win_chance)
{
  (void) win_chance;

  g_autofree Backbone *b = g_new0 (Backbone, 1);  /* 48 KiB: not on a thread's stack */
  g_autofree BbModel *model = g_new0 (BbModel, 1);
  FeltSolveVerdict verdict;
  FeltState end = *st;

  b->model = model;
  verdict = backbone_restarts (st, b, felt_state_key (st, TRUE, FALSE), lim, line);
  if (verdict != FELT_SOLVE_WINNABLE)
    return verdict;
  /* Play the line from the start, then the rest home. */
  for (guint i = 0; i < line->len; i++)
    {
      FeltUndo undo;
      felt_state_apply (&end, &g_array_index (line, FeltMove, i), &undo);
    }
  if (!backbone_finish (&end, line))
    {
      g_critical ("Backbone: the piles could not all go home");
      g_array_set_size (line, 0);
      return FELT_SOLVE_UNKNOWN;
    }
  return FELT_SOLVE_WINNABLE;
}

/* Two to three seconds: the model goes through 2.5 to 4 million
 * positions a second on the shared machine of the surveys (the engine
 * went through 0.8 to 1.3 million). */
const FeltSolverStrategy felt_solver_backbone = {
  .game = "backbone",
  .default_budget = 8000000,
  .solve = solve_backbone,
  /* Thirds of the winnable deals among 30001-30400 (the search of 8
   * million positions). */
  .easy_max = 700,
  .medium_max = 808,
};
