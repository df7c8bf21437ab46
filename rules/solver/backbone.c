/* backbone.c: the solver's strategy for Backbone: restarts of a depth-first
 * search that stops once only the tableau is left.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "felt-solver-private.h"
#include "backbone-beam.h"
#include "backbone-model.h"
#include "backbone-proofs.h"

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
  /* The runs go on where they stopped when the beam has had its turn. */
  guint64 run;
  guint64 jump_rng;
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
    return felt_backbone_hopeless (st);
  key++;
  slot = (guint) (felt_mix64 (key) & (HOPELESS_CACHE - 1));
  if (b->cache_key[slot] != key)
    {
      b->cache_key[slot] = key;
      b->cache_hopeless[slot] = felt_backbone_hopeless (st);
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

/* The model (BbModel) is in backbone-model.c. */

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
      felt_bbm_to_state (m, &st);
      return felt_backbone_hopeless (&st);
    }
  key++;
  slot = (guint) (felt_mix64 (key) & (HOPELESS_CACHE - 1));
  if (b->cache_key[slot] != key)
    {
      FeltState st;
      felt_bbm_to_state (m, &st);
      b->cache_key[slot] = key;
      b->cache_hopeless[slot] = felt_backbone_hopeless (&st);
    }
  return b->cache_hopeless[slot];
}

/* Is this card move worth trying?  (backbone_move_useful) */
static gboolean
bbm_move_useful (const BbModel *m, const FeltMove *mv, const FeltMove *moves, guint i)
{
  guint from = m->kind[mv->from], to = m->kind[mv->to];
  guint to_size = felt_bbm_pile_size (m, mv->to);

  if (to == BBM_TAB && to_size == 0 && from == BBM_TAB && felt_bbm_pile_size (m, mv->from) == 1)
    return FALSE;
  for (guint j = 0; j < i; j++)
    if (moves[j].from == mv->from && m->kind[moves[j].to] == to && felt_bbm_pile_size (m, moves[j].to) == to_size &&
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
  n = felt_bbm_moves (m, moves);
  if (felt_bbm_safe_among (m, moves, n, &out[0]))
    return 1;
  can_stock = felt_bbm_can_stock (m);
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

  if (felt_bbm_done (m))
    return DFS_WON;
  keyset_add (seen, felt_bbm_key (m));
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
          felt_bbm_undo (m, &f->undo);
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
      felt_bbm_apply (m, &mv, &f->undo);
      f->applied = TRUE;
      if (!limits_spend (lim))
        {
          outcome = DFS_STOPPED;
          break;
        }
      if (felt_bbm_done (m))
        {
          bbm_path_moves (frames, buf, line);
          return DFS_WON;
        }
      if (!keyset_add (seen, felt_bbm_key (m)))
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
        felt_bbm_undo (m, &f->undo);
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

  if (!felt_bbm_init (m, st))
    return FALSE;
  for (guint step = 0; step < steps; step++)
    {
      FeltMove a[FELT_MAX_MOVES + 1], e[FELT_MAX_MOVES + 1], sa, se;
      guint na, ne;
      gboolean safe_a, safe_e;
      BbmUndo u;
      FeltUndo eu;
      g_autofree BbModel *fresh = g_new0 (BbModel, 1);

      felt_bbm_to_state (m, &built);
      if (memcmp (built.cards, eng.cards, eng.n_cards) != 0 ||
          memcmp (built.start, eng.start, sizeof eng.start) != 0 || built.redeals != eng.redeals)
        return FALSE;
      /* Equal positions, equal keys: the model built afresh here. */
      if (!felt_bbm_init (fresh, &eng))
        return FALSE;
      /* (Node numbers differ from a fresh model once cards left the
       * waste, so only a position with the whole list is compared.) */
      if (bbm_talon_size (m) + 1u == m->tail && felt_bbm_key (m) != felt_bbm_key (fresh))
        return FALSE;
      if (m->progress != backbone_progress (&eng) || felt_bbm_done (m) != backbone_done (&eng))
        return FALSE;
      na = felt_bbm_moves (m, a);
      ne = felt_state_legal_moves (&eng, e);
      if (na != ne || memcmp (a, e, na * sizeof (FeltMove)) != 0)
        return FALSE;
      safe_a = felt_bbm_safe_among (m, a, na, &sa);
      safe_e = felt_state_safe_among (&eng, e, ne, &se);
      if (safe_a != safe_e || (safe_a && memcmp (&sa, &se, sizeof sa) != 0))
        return FALSE;
      if (felt_bbm_can_stock (m) != felt_state_can_stock (&eng))
        return FALSE;
      if (felt_bbm_can_stock (m))
        a[na++] = STOCK_ACTION;
      if (na == 0)
        break;
      sa = a[felt_rng_below (&rng, na)];
      felt_bbm_apply (m, &sa, &u);
      felt_state_apply (&eng, &sa, &eu);
      /* Now and then a move taken back on both. */
      if (felt_rng_below (&rng, 4) == 0)
        {
          guint64 key = felt_bbm_key (m);
          felt_bbm_undo (m, &u);
          felt_state_undo (&eng, &eu);
          felt_bbm_to_state (m, &built);
          if (memcmp (built.cards, eng.cards, eng.n_cards) != 0)
            return FALSE;
          felt_bbm_apply (m, &sa, &u);
          felt_state_apply (&eng, &sa, &eu);
          if (felt_bbm_key (m) != key)
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

/* The runs, from where they stopped, up to `until` positions in all. */
static FeltSolveVerdict
backbone_restarts (FeltState *st, Backbone *b, guint64 seed, guint64 until, Limits *lim, GArray *line)
{
  guint64 budget = MIN (until, lim->budget);
  FeltSolveVerdict verdict = FELT_SOLVE_UNKNOWN;
  g_autoptr (GArray) prefix = g_array_new (FALSE, FALSE, sizeof (FeltMove));
  guint64 *jump_rng = &b->jump_rng;
  KeySet seen;

  keyset_init (&seen, 10);
  for (; !lim->cancelled && lim->nodes < budget; b->run++)
    {
      guint64 run = b->run;
      DfsOutcome outcome;
      FeltState from = *st;

      b->shuffle.rng = run ? felt_mix64 (seed + run) | 1 : 0;
      b->shuffle.odds = (run & 1) == 0 ? 0 : BACKBONE_STOCK_FIRST;
      g_array_set_size (prefix, 0);
      if (run > 0 && b->best_line->len > 0 && felt_rng_below (jump_rng, 100) < BACKBONE_JUMP)
        {
          guint cut = felt_rng_below (jump_rng, b->best_line->len);
          cut = MIN (cut, felt_rng_below (jump_rng, b->best_line->len));
          g_array_append_vals (prefix, b->best_line->data, cut);
          for (guint k = 0; k < cut; k++)
            {
              FeltUndo undo;
              felt_state_apply (&from, &g_array_index (prefix, FeltMove, k), &undo);
            }
        }
      felt_run_begin (&seen, lim, line, budget, BACKBONE_RUN);
      b->prefix = prefix;
      if (felt_bbm_init (b->model, &from))
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
  return felt_runs_end (verdict, budget, &seen, lim, line);
}

static guint
bbm_gen_plain (gpointer data, const BbModel *m, FeltMove *out)
{
  Backbone *b = data;

  b->shuffle.rng = 0;
  b->shuffle.odds = 0;
  return bbm_gen (b, m, out);
}

/* The runs alone first (they decide all but a few deals within their
 * first million positions), then the beam and the runs take turns, the
 * beam twice as wide each time and the runs given as many positions as
 * it took.  Only the runs prove a loss; the beam only wins.  Its memory
 * grows with its width (a survey's peak went from 3.6 to 16 MiB with
 * 1024 the widest; 4096, reached within the budget, took 21): past the
 * widest, the beam is run again at that width with its ranking stirred.
 * rules/solver/README.md, "Backbone's beam", has the figures. */
#define BACKBONE_RUNS_FIRST 1000000
#define BACKBONE_BEAM_WIDTH 16
#define BACKBONE_BEAM_MAX_WIDTH 1024

static FeltSolveVerdict
backbone_search (FeltState *st, Backbone *b, Limits *lim, GArray *line)
{
  guint64 budget = lim->budget, seed = felt_state_key (st, TRUE, FALSE);
  FeltSolveVerdict verdict;

  b->best = G_MININT;
  b->best_line = g_array_new (FALSE, FALSE, sizeof (FeltMove));
  b->run = 0;
  b->jump_rng = felt_mix64 (seed ^ 0x6a756d70) | 1;
  verdict = backbone_restarts (st, b, seed, BACKBONE_RUNS_FIRST, lim, line);
  for (guint round = 0, width = BACKBONE_BEAM_WIDTH; verdict == FELT_SOLVE_UNKNOWN; round++)
    {
      guint64 start, salt = 0;

      lim->budget = budget;
      lim->spent = lim->nodes >= budget;
      if (limits_stopped (lim))
        break;
      start = lim->nodes;
      if (width > BACKBONE_BEAM_MAX_WIDTH)
        {
          width = BACKBONE_BEAM_MAX_WIDTH;
          salt = felt_mix64 (seed + round) | 1;
        }
      verdict = felt_bb_beam (st, b->model, bbm_gen_plain, b, width, salt, lim, line);
      width *= 2;
      if (verdict != FELT_SOLVE_UNKNOWN)
        break;
      g_array_set_size (line, 0);
      verdict = backbone_restarts (st, b, seed, lim->nodes + (lim->nodes - start), lim, line);
    }
  lim->budget = budget;
  lim->spent = lim->nodes >= budget;
  g_clear_pointer (&b->best_line, g_array_unref);
  return verdict;
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
  verdict = backbone_search (st, b, lim, line);
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
