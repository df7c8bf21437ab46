/* hopscotch.c: the solver's strategy for Hopscotch: beam search over the dealt
 * cards.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "felt-solver-private.h"

#include <string.h>

/* Depth-first search fails in Hopscotch: a card badly placed shows its
 * cost thirty cards later.  The beam keeps, after each card dealt, the
 * `width` best positions, ranked by a quick game played to the end from
 * each; the widths grow until the budget is spent.  At each width a
 * pruned beam runs first (it keeps no position where a reserve card could
 * still go home), then, while it is cheap, the complete one.  A beam
 * proves a loss only when it is complete and dropped no position.
 *
 * The beam and its quick games run on a small model of the position
 * (HopPos, 64 bytes): only ranks matter in Hopscotch, and the few rules
 * the model applies (deal one card onto an empty waste, a card home when
 * its rank is the one its foundation takes next, the waste card onto any
 * reserve pile) are read off the game at the start.  Through the engine
 * each position cost five times as much.  The engine stays the judge:
 * every winning line is replayed through it before it is reported, and
 * the tests check every "lost" against felt_solve_exhaustive. */

#define HOP_MAX_CARDS 52


typedef struct {
  guint8 top[4];      /* each foundation's top rank, 0 when empty */
  guint8 size[4];     /* its cards; 13 is complete */
  guint8 stock;       /* cards left in the stock */
  guint8 waste;       /* the waste card's rank, 0 when empty */
  guint8 len[4];      /* the reserve piles' sizes */
  guint8 pad[2];
  guint8 cards[HOP_MAX_CARDS]; /* the reserve piles' ranks, one after the other, bottom first */
} HopPos;

/* What a deal fixes: the ranks of the stock (the last one dealt first)
 * and the piles the moves of the line name. */
typedef struct {
  guint8 stock[HOP_MAX_CARDS];
  guint8 found_pile[4];
  guint8 res_pile[4];
  guint8 waste_pile;
  guint8 n_found, n_res;
} HopGame;

/* A move of the model: from 0-3 a reserve pile, 4 the waste, 5 the stock
 * (a deal); to 0-3 a foundation or a reserve pile. */
typedef struct {
  guint8 from, to;
} HopMove;

/* hop_next_tab[f][size]: the rank foundation f takes next at that size
 * (0: complete); hop_need_tab[f][size][rank]: in how many of its cards
 * it takes that rank (99: never).  Filled once (hop_tables_init). */
static guint8 hop_next_tab[4][14];
static guint8 hop_need_tab[4][14][14];

static gpointer
hop_tables_fill (gpointer unused)
{
  (void) unused;
  for (guint f = 0; f < 4; f++)
    for (guint size = 0; size <= 13; size++)
      {
        hop_next_tab[f][size] = size < 13 ? (guint8) ((f + size * (f + 1)) % 13 + 1) : 0;
        memset (hop_need_tab[f][size], 99, 14);
        for (guint k = 1; size + k <= 13; k++)
          {
            guint r = (f + (size + k - 1) * (f + 1)) % 13 + 1;
            hop_need_tab[f][size][r] = (guint8) MIN (hop_need_tab[f][size][r], k);
          }
      }
  return NULL;
}

static void
hop_tables_init (void)
{
  static GOnce once = G_ONCE_INIT;

  g_once (&once, hop_tables_fill, NULL);
}

#define HOP_FROM_WASTE 4
#define HOP_DEAL 5
#define HOP_TO_FOUND 0x10

static inline guint
hop_step (guint f)
{
  return f + 1;
}

/* The rank foundation f takes next, 0 when complete: its ranks follow
 * from its size (hop_read checks that they do). */
static inline guint
hop_next (const HopPos *p, guint f)
{
  return hop_next_tab[f][p->size[f]];
}

static inline guint
hop_first (const HopPos *p, guint r)
{
  guint o = 0;
  for (guint i = 0; i < r; i++)
    o += p->len[i];
  return o;
}

static inline guint
hop_res_top (const HopPos *p, guint r)
{
  return p->len[r] ? p->cards[hop_first (p, r) + p->len[r] - 1] : 0;
}

static inline gboolean
hop_won (const HopPos *p)
{
  return p->size[0] + p->size[1] + p->size[2] + p->size[3] == 52 ||
         (p->stock == 0 && p->waste == 0 && p->len[0] + p->len[1] + p->len[2] + p->len[3] == 0);
}

static void
hop_home (HopPos *p, guint from, guint f)
{
  guint rank;

  if (from == HOP_FROM_WASTE)
    {
      rank = p->waste;
      p->waste = 0;
    }
  else
    {
      guint end = hop_first (p, from) + p->len[from] - 1u;
      guint total = p->len[0] + p->len[1] + p->len[2] + p->len[3];
      rank = p->cards[end];
      memmove (p->cards + end, p->cards + end + 1, total - end - 1u);
      p->len[from]--;
    }
  p->top[f] = (guint8) rank;
  p->size[f]++;
}

static void
hop_to_reserve (HopPos *p, guint r)
{
  guint end = hop_first (p, r) + p->len[r];
  guint total = p->len[0] + p->len[1] + p->len[2] + p->len[3];

  memmove (p->cards + end + 1, p->cards + end, total - end);
  p->cards[end] = p->waste;
  p->len[r]++;
  p->waste = 0;
}

static void
hop_deal (const HopGame *g, HopPos *p)
{
  p->waste = g->stock[--p->stock];
}

static void
hop_apply (const HopGame *g, HopPos *p, HopMove m)
{
  if (m.from == HOP_DEAL)
    hop_deal (g, p);
  else if (m.to & HOP_TO_FOUND)
    hop_home (p, m.from, m.to & 3u);
  else
    hop_to_reserve (p, m.to);
}

/* In Hopscotch suits never matter and reserve piles are alike: a
 * foundation is known by its size (its ranks follow from it), the stock
 * by its size, the waste by its rank, the reserve piles by their ranks,
 * as a set. */
static guint64
hop_key (const HopPos *p)
{
  guint64 res[4];
  guint64 h = 0x686f70;
  guint o = 0;

  for (guint f = 0; f < 4; f++)
    h = (h ^ (p->size[f] | (guint64) p->top[f] << 8)) * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15);
  h = (h ^ (p->stock | (guint64) p->waste << 8)) * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15);
  for (guint r = 0; r < 4; r++)
    {
      guint64 ph = p->len[r] + 1u;
      for (guint i = 0; i < p->len[r]; i++)
        ph = ph * 31 + p->cards[o + i];
      o += p->len[r];
      res[r] = felt_mix64 (ph);
    }
  felt_sort_keys (res, 4);
  return felt_hash_bytes ((const guint8 *) res, sizeof res, h);
}

/* need[r]: in how many cards the soonest foundation takes rank r (99:
 * none will). */
static void
hop_need (const HopPos *p, guint need[14])
{
  const guint8 *a = hop_need_tab[0][p->size[0]], *b = hop_need_tab[1][p->size[1]];
  const guint8 *c = hop_need_tab[2][p->size[2]], *d = hop_need_tab[3][p->size[3]];

  for (guint r = 0; r < 14; r++)
    need[r] = MIN (MIN (a[r], b[r]), MIN (c[r], d[r]));
}

/* How long the cards of a reserve pile wait because of cards above them:
 * a card can go no sooner than it is needed, nor before every card above
 * it went; the sum over the pile of that wait. */
static int
hop_pile_delay (const HopPos *p, guint r, const guint need[14])
{
  guint first = hop_first (p, r);
  guint t = 0;
  int delay = 0;

  for (guint j = p->len[r]; j > 0; j--)
    {
      guint nd = MIN (need[p->cards[first + j - 1]], 14u);
      t = MAX (t, nd);
      delay += (int) (t - nd);
    }
  return delay;
}

/* What putting a card of rank `extra` on top of reserve pile r adds to
 * its hop_pile_delay, in one pass from the top: with the card each card
 * below waits for t1, the later of its need and the extra card's, without
 * it for t0; once the pile's own maximum t0 reaches t1 the two agree for
 * every card further down. */
static int
hop_pile_cost (const HopPos *p, guint r, const guint need[14], guint extra)
{
  guint first = hop_first (p, r);
  guint t0 = 0, t1 = MIN (need[extra], 14u);
  int cost = 0;

  for (guint j = p->len[r]; j > 0 && t0 < t1; j--)
    {
      guint nd = MIN (need[p->cards[first + j - 1]], 14u);
      t0 = MAX (t0, nd);
      t1 = MAX (t1, nd);
      cost += (int) (t1 - t0);
    }
  return cost;
}

/* Higher is better: cards out, reserve piles that make cards wait cost,
 * empty piles count. */
static int
hop_score (const HopPos *p)
{
  guint need[14];
  int score = 0;

  hop_need (p, need);
  for (guint f = 0; f < 4; f++)
    score += 100 * (int) p->size[f];
  for (guint r = 0; r < 4; r++)
    score += (p->len[r] == 0 ? 30 : 0) - 12 * hop_pile_delay (p, r, need);
  return score;
}

/* A quick game to the end: a card goes home when it can (the waste card
 * first), the waste card goes onto the reserve pile where it makes cards
 * wait least, else the stock deals.  The moves are appended to `moves`
 * (when not NULL); returns how many were made, *won tells whether it won. */
static guint
hop_playout (const HopGame *g, HopPos *p, GArray *moves, gboolean *won)
{
  guint made = 0;

  for (;;)
    {
      guint next[4], tops[5];
      gboolean avail[14];
      gboolean moved = FALSE;

      if (hop_won (p))
        {
          *won = TRUE;
          return made;
        }
      for (guint f = 0; f < 4; f++)
        next[f] = hop_next (p, f);
      /* Ranks that could go next: the waste card and the piles' tops.  A
       * card that fits two foundations goes first where the rank after it
       * is at hand. */
      memset (avail, 0, sizeof avail);
      tops[0] = p->waste;
      for (guint r = 0; r < 4; r++)
        tops[r + 1] = hop_res_top (p, r);
      for (guint i = 0; i < 5; i++)
        avail[tops[i]] = TRUE;
      for (int pass = 0; pass < 2 && !moved; pass++)
        for (guint i = 0; i < 5 && !moved; i++)
          {
            guint top = tops[i];
            for (guint f = 0; f < 4 && top && !moved; f++)
              {
                guint after = (top - 1 + hop_step (f)) % 13 + 1;
                if (next[f] == top && (pass == 1 || avail[after]))
                  {
                    HopMove m = { i == 0 ? HOP_FROM_WASTE : i - 1, HOP_TO_FOUND | f };
                    hop_home (p, m.from, f);
                    if (moves)
                      g_array_append_val (moves, m);
                    made++;
                    moved = TRUE;
                  }
              }
          }
      if (moved)
        continue;
      if (p->waste)
        {
          guint need[14];
          int best = 0, best_cost = G_MAXINT;

          hop_need (p, need);
          for (guint r = 0; r < 4; r++)
            {
              int cost = hop_pile_cost (p, r, need, p->waste);
              if (cost < best_cost)
                {
                  best_cost = cost;
                  best = (int) r;
                }
            }
          hop_to_reserve (p, (guint) best);
          if (moves)
            g_array_append_val (moves, ((HopMove) { HOP_FROM_WASTE, (guint8) best }));
          made++;
          continue;
        }
      if (p->stock == 0)
        {
          *won = FALSE;
          return made;
        }
      hop_deal (g, p);
      if (moves)
        g_array_append_val (moves, ((HopMove) { HOP_DEAL, 0 }));
      made++;
    }
}

typedef struct {
  guint parent;       /* index in the previous layer */
  guint move_off;     /* its moves from the parent */
  guint n_moves;
} BeamLink;

typedef struct {
  HopPos pos;
  BeamLink link;
} BeamNode;

/* A layer keeps, for the line, each node's parent and moves; the
 * positions only until the next layer is built. */
typedef struct {
  GArray *links;      /* BeamLink */
  GArray *states;     /* HopPos, NULL once the next layer is built */
  GArray *moves;      /* HopMove */
} BeamLayer;

typedef struct {
  int score;
  guint index;
} Ranked;

typedef struct {
  const HopGame *game;
  GArray *cand;       /* BeamNode: the positions of the next layer */
  GArray *cand_moves; /* HopMove: their moves from their parents */
  GArray *ranked;     /* Ranked */
  GArray *path;       /* HopMove: the moves of the closure so far */
  GArray *playout;    /* HopMove: scratch for quick games */
  KeySet seen;
  guint parent;
  Limits *lim;
  gboolean won;
  gboolean prune;     /* keep no position where a reserve card can go home */
  guint won_index;    /* in cand */
} Beam;

/* A candidate is ranked by how far a quick game from it gets and by its
 * score, each card home in the quick game worth 30 (a card home now is
 * worth 100, a card made to wait one card 12).  The quick game is greedy
 * and often stalls early from a good position: ranking by it first (1000
 * a card, as before) kept positions that suit the greedy game, not the
 * ones a search can finish, and left 2.6% of the deals undecided in a
 * second; 30 (tuned on deals 1-150: 30, 50, 70, 100, 300, 1000) wins most
 * of those and halves the mean time.  A quick game that wins ends the
 * search. */
#define HOPSCOTCH_PLAYOUT_WEIGHT 30

static void
beam_add (Beam *b, const HopPos *p)
{
  BeamNode node;
  Ranked r;
  HopPos end = *p;
  gboolean won = FALSE;
  guint made;

  node.pos = *p;
  node.link.parent = b->parent;
  node.link.move_off = b->cand_moves->len;
  node.link.n_moves = b->path->len;
  g_array_append_vals (b->cand_moves, b->path->data, b->path->len);
  g_array_set_size (b->playout, 0);
  made = hop_playout (b->game, &end, b->playout, &won);
  b->lim->nodes += made;
  if (won)
    {
      g_array_append_vals (b->cand_moves, b->playout->data, b->playout->len);
      node.link.n_moves += b->playout->len;
      node.pos = end;
      g_array_append_val (b->cand, node);
      b->won = TRUE;
      b->won_index = b->cand->len - 1;
      return;
    }
  g_array_append_val (b->cand, node);
  r.score = HOPSCOTCH_PLAYOUT_WEIGHT * (end.size[0] + end.size[1] + end.size[2] + end.size[3]) +
            hop_score (p);
  r.index = b->cand->len - 1;
  g_array_append_val (b->ranked, r);
}

/* Whether some reserve pile's top card can go home. */
static gboolean
hop_can_home (const HopPos *p)
{
  for (guint r = 0; r < 4; r++)
    {
      guint top = hop_res_top (p, r);
      for (guint f = 0; top && f < 4; f++)
        if (hop_next (p, f) == top)
          return TRUE;
    }
  return FALSE;
}

/* Everything reachable from p without dealing: each position with an
 * empty waste becomes a candidate for the next layer.  A pruned beam
 * passes over the positions where a reserve card could still go home (it
 * goes on to those where it went): holding a card back seldom pays, and
 * those positions crowded the beam.  On the hardest deals of 20001-25000
 * (the 135 that took the first beam over 0.25 s or were left undecided)
 * the pruned beam alone won 113 in 6 million positions, the complete one
 * 95; each won some the other missed, so both run, the complete one while
 * cheap (HOP_COMPLETE_WIDTH): 119 in 9 million. */
static void
beam_closure (Beam *b, HopPos *p)
{
  HopMove moves[4 * 5 + 4];
  guint n = 0;
  gboolean tried_empty = FALSE;

  if (p->waste == 0 && b->path->len > 0 && !(b->prune && hop_can_home (p)))
    {
      beam_add (b, p);
      if (b->won)
        return;
    }
  /* Home moves, from the waste then the reserve piles. */
  for (guint f = 0; f < 4; f++)
    {
      guint next = hop_next (p, f);
      if (!next)
        continue;
      if (p->waste == next)
        moves[n++] = (HopMove) { HOP_FROM_WASTE, HOP_TO_FOUND | f };
      for (guint r = 0; r < 4; r++)
        if (hop_res_top (p, r) == next)
          moves[n++] = (HopMove) { (guint8) r, (guint8) (HOP_TO_FOUND | f) };
    }
  if (p->waste)
    for (guint r = 0; r < 4; r++)
      {
        /* Empty reserve piles are alike: try one. */
        if (p->len[r] == 0)
          {
            if (tried_empty)
              continue;
            tried_empty = TRUE;
          }
        moves[n++] = (HopMove) { HOP_FROM_WASTE, (guint8) r };
      }
  for (guint i = 0; i < n && !b->won; i++)
    {
      HopPos child = *p;
      if (!limits_spend (b->lim))
        return;
      hop_apply (b->game, &child, moves[i]);
      if (keyset_add (&b->seen, hop_key (&child)))
        {
          g_array_append_val (b->path, moves[i]);
          beam_closure (b, &child);
          g_array_set_size (b->path, b->path->len - 1);
        }
    }
}

static int
ranked_cmp (gconstpointer a, gconstpointer b)
{
  const Ranked *x = a, *y = b;

  if (x->score != y->score)
    return (x->score < y->score) - (x->score > y->score);
  return (x->index > y->index) - (x->index < y->index);
}

static void
beam_layer_free (gpointer data)
{
  BeamLayer *layer = data;

  g_array_unref (layer->links);
  g_clear_pointer (&layer->states, g_array_unref);
  g_array_unref (layer->moves);
  g_free (layer);
}

static void
beam_line (GPtrArray *layers, guint index, GArray *line)
{
  for (guint l = layers->len; l > 1; l--)
    {
      BeamLayer *layer = g_ptr_array_index (layers, l - 1);
      BeamLink *link = &g_array_index (layer->links, BeamLink, index);
      for (guint k = link->n_moves; k > 0; k--)
        g_array_append_val (line, g_array_index (layer->moves, HopMove, link->move_off + k - 1));
      index = link->parent;
    }
  /* Collected last move first. */
  for (guint i = 0, j = line->len; i + 1 < j; i++, j--)
    {
      HopMove t = g_array_index (line, HopMove, i);
      g_array_index (line, HopMove, i) = g_array_index (line, HopMove, j - 1);
      g_array_index (line, HopMove, j - 1) = t;
    }
}

/* One beam search of the given width; TRUE when won (line filled with
 * HopMoves).  *dropped tells whether it left out any position: when it
 * did not, and found no win, every position reachable was searched. */
static gboolean
beam_search (const HopGame *game, const HopPos *root, guint width, gboolean prune, Limits *lim,
             GArray *line, gboolean *dropped, guint *largest)
{
  Beam b = { 0 };
  GPtrArray *layers = g_ptr_array_new_with_free_func (beam_layer_free);
  BeamLayer *first = g_new0 (BeamLayer, 1);
  BeamLink start = { 0, 0, 0 };
  gboolean won = FALSE;

  first->links = g_array_new (FALSE, FALSE, sizeof (BeamLink));
  first->states = g_array_new (FALSE, FALSE, sizeof (HopPos));
  first->moves = g_array_new (FALSE, FALSE, sizeof (HopMove));
  g_array_append_val (first->links, start);
  g_array_append_val (first->states, *root);
  g_ptr_array_add (layers, first);
  b.game = game;
  b.cand = g_array_new (FALSE, FALSE, sizeof (BeamNode));
  b.cand_moves = g_array_new (FALSE, FALSE, sizeof (HopMove));
  b.ranked = g_array_new (FALSE, FALSE, sizeof (Ranked));
  b.path = g_array_new (FALSE, FALSE, sizeof (HopMove));
  b.playout = g_array_new (FALSE, FALSE, sizeof (HopMove));
  b.lim = lim;
  b.prune = prune;
  if (prune)
    *dropped = TRUE;
  keyset_init (&b.seen, 10);

  while (!limits_stopped (lim))
    {
      BeamLayer *cur = g_ptr_array_index (layers, layers->len - 1);
      BeamLayer *next;
      guint keep;

      g_array_set_size (b.cand, 0);
      g_array_set_size (b.cand_moves, 0);
      g_array_set_size (b.ranked, 0);
      keyset_reset (&b.seen);
      for (guint i = 0; i < cur->states->len && !b.won && !limits_stopped (lim); i++)
        {
          HopPos p = g_array_index (cur->states, HopPos, i);
          b.parent = i;
          g_array_set_size (b.path, 0);
          if (p.stock > 0 && p.waste == 0)
            {
              HopMove deal = { HOP_DEAL, 0 };
              hop_deal (game, &p);
              g_array_append_val (b.path, deal);
            }
          /* With the stock empty this plays out what the reserves hold. */
          beam_closure (&b, &p);
        }
      g_clear_pointer (&cur->states, g_array_unref);
      if (limits_stopped (lim) || (b.cand->len == 0 && !b.won))
        break;

      next = g_new0 (BeamLayer, 1);
      next->links = g_array_new (FALSE, FALSE, sizeof (BeamLink));
      next->states = g_array_new (FALSE, FALSE, sizeof (HopPos));
      next->moves = g_array_new (FALSE, FALSE, sizeof (HopMove));
      g_ptr_array_add (layers, next);
      if (b.won)
        {
          Ranked r = { 0, b.won_index };
          g_array_set_size (b.ranked, 0);
          g_array_append_val (b.ranked, r);
        }
      else
        g_array_sort (b.ranked, ranked_cmp);
      keep = MIN (width, b.ranked->len);
      *largest = MAX (*largest, b.ranked->len);
      if (keep < b.ranked->len)
        *dropped = TRUE;
      for (guint i = 0; i < keep; i++)
        {
          BeamNode *node = &g_array_index (b.cand, BeamNode, g_array_index (b.ranked, Ranked, i).index);
          BeamLink link = node->link;
          g_array_append_vals (next->moves, &g_array_index (b.cand_moves, HopMove, link.move_off),
                               link.n_moves);
          link.move_off = next->moves->len - link.n_moves;
          g_array_append_val (next->links, link);
          g_array_append_val (next->states, node->pos);
        }
      if (b.won)
        {
          beam_line (layers, 0, line);
          won = TRUE;
          break;
        }
    }

  keyset_free (&b.seen);
  g_array_unref (b.cand);
  g_array_unref (b.cand_moves);
  g_array_unref (b.ranked);
  g_array_unref (b.path);
  g_array_unref (b.playout);
  g_ptr_array_unref (layers);
  return won;
}

static guint64
hopscotch_state_key (const FeltState *st)
{
  return felt_state_key (st, FALSE, FALSE);
}

/* Reads the model off the position; FALSE when it does not fit (then the
 * plain complete search is left to answer). */
static gboolean
hop_read (const FeltState *st, HopGame *g, HopPos *p)
{
  const FeltGame *game = felt_state_game (st);
  int stock = felt_game_find_pile (game, FELT_ROLE_STOCK, 0);
  int waste = felt_game_find_pile (game, FELT_ROLE_WASTE, 0);
  guint o = 0;

  memset (g, 0, sizeof *g);
  memset (p, 0, sizeof *p);
  g->n_found = (guint8) felt_game_count_piles (game, FELT_ROLE_FOUNDATION);
  g->n_res = (guint8) felt_game_count_piles (game, FELT_ROLE_RESERVE);
  if (stock < 0 || waste < 0 || g->n_found != 4 || g->n_res != 4 ||
      felt_pile_size (st, (guint) waste) > 1 || felt_pile_size (st, (guint) stock) > HOP_MAX_CARDS)
    return FALSE;
  g->waste_pile = (guint8) waste;
  for (guint f = 0; f < 4; f++)
    {
      int pile = felt_game_find_pile (game, FELT_ROLE_FOUNDATION, f);
      if (pile < 0)
        return FALSE;
      g->found_pile[f] = (guint8) pile;
      p->size[f] = (guint8) felt_pile_size (st, (guint) pile);
      p->top[f] = (guint8) FELT_CARD_RANK (felt_pile_top (st, (guint) pile));
      if (p->size[f] > 13 ||
          (p->size[f] > 0 && p->top[f] != (f + (p->size[f] - 1u) * (f + 1)) % 13 + 1))
        return FALSE;
    }
  for (guint r = 0; r < 4; r++)
    {
      int pile = felt_game_find_pile (game, FELT_ROLE_RESERVE, r);
      if (pile < 0 || o + felt_pile_size (st, (guint) pile) > HOP_MAX_CARDS)
        return FALSE;
      g->res_pile[r] = (guint8) pile;
      p->len[r] = (guint8) felt_pile_size (st, (guint) pile);
      for (guint i = 0; i < p->len[r]; i++)
        p->cards[o++] = (guint8) FELT_CARD_RANK (felt_pile_card (st, (guint) pile, i));
    }
  p->stock = (guint8) felt_pile_size (st, (guint) stock);
  for (guint i = 0; i < p->stock; i++)
    g->stock[i] = (guint8) FELT_CARD_RANK (felt_pile_card (st, (guint) stock, i));
  p->waste = (guint8) FELT_CARD_RANK (felt_pile_top (st, (guint) waste));
  return TRUE;
}

/* The model's line as the engine's moves, each checked and played by the
 * engine from st; FALSE if the engine refuses one or the game is not won
 * at the end. */
static gboolean
hop_line_to_engine (const HopGame *g, const FeltState *st, GArray *hop_line, GArray *line)
{
  FeltState cur = *st;

  for (guint i = 0; i < hop_line->len; i++)
    {
      HopMove m = g_array_index (hop_line, HopMove, i);
      FeltMove fm;
      FeltUndo undo;

      if (m.from == HOP_DEAL)
        fm = STOCK_ACTION;
      else
        fm = (FeltMove) { m.from == HOP_FROM_WASTE ? g->waste_pile : g->res_pile[m.from],
                          (m.to & HOP_TO_FOUND) ? g->found_pile[m.to & 3u] : g->res_pile[m.to], 1, 0 };
      if (fm.stock ? !felt_state_can_stock (&cur) : felt_state_check_move (&cur, &fm) != FELT_LEGAL)
        return FALSE;
      felt_state_apply (&cur, &fm, &undo);
      g_array_append_val (line, fm);
    }
  return felt_state_is_won (&cur);
}

/* The closure of each layer in a complete beam tries every move (of
 * alike empty reserve piles one) and merges only positions alike up to
 * suits and the order of the reserve piles, so a complete beam that
 * dropped nothing searched everything: then no win means lost. */
#define HOP_COMPLETE_WIDTH 64

static FeltSolveVerdict
solve_hopscotch (FeltState *st, Limits *lim, GArray *line, double *win_chance)
{
  g_autoptr (GArray) hop_line = g_array_new (FALSE, FALSE, sizeof (HopMove));
  HopGame game;
  HopPos root;
  guint full_largest = 0;

  (void) win_chance;
  hop_tables_init ();
  if (!hop_read (st, &game, &root))
    return felt_solve_complete_dfs (st, felt_all_moves_gen, NULL, hopscotch_state_key, lim, line);

  for (guint width = 4; width <= (1u << 20) && !limits_stopped (lim); width *= 4)
    for (int complete = 0; complete < 2 && !limits_stopped (lim); complete++)
      {
        gboolean dropped = FALSE;
        guint largest = 0;

        /* The complete beam where it is cheap, or where the last one
         * nearly kept everything (it may then prove a loss). */
        if (complete && width > HOP_COMPLETE_WIDTH && full_largest > width)
          break;
        g_array_set_size (hop_line, 0);
        if (beam_search (&game, &root, width, !complete, lim, hop_line, &dropped, &largest))
          {
            g_array_set_size (line, 0);
            if (hop_line_to_engine (&game, st, hop_line, line))
              return FELT_SOLVE_WINNABLE;
            /* The model and the engine disagree: a bug, never a verdict. */
            g_warn_if_reached ();
            return FELT_SOLVE_UNKNOWN;
          }
        if (complete)
          {
            if (!dropped && !limits_stopped (lim))
              return FELT_SOLVE_LOST;
            full_largest = largest;
          }
      }
  g_array_set_size (line, 0);
  return FELT_SOLVE_UNKNOWN;
}
/* About a second (about 8 million positions a second, quick games
 * included, on the shared machine). */
const FeltSolverStrategy felt_solver_hopscotch = {
  .game = "hopscotch",
  .default_budget = 8000000,
  .solve = solve_hopscotch,
  .easy_max = 778,
  .medium_max = 814,
};
