/* cruel-beam.c: Cruel searched round by round, the best layouts kept.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A round is what happens between two redeals, and a redeal leaves
 * nothing of the round but the sequence of the cards.  Depth-first runs
 * spend their positions deep in one round's lines and seldom try the
 * layouts after the second or third redeal that a win needs (2758: the
 * complete search finds no win in 400 million positions; this search wins
 * it after two redeals).  So this search goes round by round: from each
 * layout kept, every line of moves of the round (depth-first, up to
 * `per_round` positions), and at each position where a redeal is allowed
 * the layout it deals.  Of all the new layouts of a round, the `width`
 * best are kept for the next one: the most cards home, then the fewest
 * cards lying over a lower card of their suit in their pile (each must
 * leave that pile before the lower card can go home).  Some wins pass
 * through layouts with few cards home but many lying on their successor,
 * ready to go home together after the next redeal, which that order
 * drops: a share of the width can go to the best ordered layouts among
 * those it leaves out (README.md).  When no layout was left out for the
 * width and no round's search stopped at `per_round`, running out of
 * layouts is a complete search: the deal is lost.
 *
 * The winning line is rebuilt from the start: each round keeps, for each
 * layout, which layout of the round before dealt it and its key; the
 * round's search from that layout, run again in the same order, finds the
 * moves to the redeal that deals it.
 */
#include "cruel-beam.h"

#include <stdlib.h>
#include <string.h>

/* The layouts dealt so far, in every round, to deal each only once: at
 * most 2^17 slots (1 MiB, 98 thousand keys).  A full set lets a layout
 * in again, which costs positions: with 2^16, 2836 is no longer proven
 * lost within the budget. */
#define LAYOUTS_MAX_BITS 17

typedef struct {
  FeltState st;
  guint64 key;
  gint score;
  guint32 parent;   /* its dealer's index among the layouts kept before */
} Layout;

/* The layouts kept after one round, in order: their dealers and keys. */
typedef struct {
  GArray *parents;   /* guint32 */
  GArray *keys;      /* guint64 */
} Kept;

typedef struct {
  CruelDeadFunc dead;
  gconstpointer data;
  Limits *lim;
  guint per_round, width;
  guint by_home;       /* of the width, kept by cards home; the rest by order */
  guint first_tableau, n_tableau, first_found, n_found;
  KeySet round_seen;   /* the positions of this round from this layout */
  KeySet layouts;
  /* The best new layouts, heaps whose root is the worst: by cards home,
   * then by order among the layouts the first leaves out. */
  Layout *best, *ordered;
  guint n_best, n_ordered;
  guint32 parent;
  GArray *path;        /* FeltMove: from the layout to the position searched */
  gboolean won;
  /* A layout was left out for the width, or a round's positions for
   * per_round: running out of layouts then proves nothing. */
  gboolean truncated;
  /* Rebuilding the line: the round's search stops at the redeal that
   * deals `target`, and counts no position. */
  gboolean replay, found;
  guint64 target;
} Beam;

static gint
layout_score (const Beam *b, const FeltState *st)
{
  gint home = 0, over = 0;

  for (guint f = 0; f < b->n_found; f++)
    home += (gint) felt_pile_size (st, b->first_found + f);
  for (guint p = b->first_tableau; p < b->first_tableau + b->n_tableau; p++)
    {
      guint n = felt_pile_size (st, p);

      for (guint j = 1; j < n; j++)
        {
          FeltCard x = felt_pile_card (st, p, j);

          for (guint i = 0; i < j; i++)
            {
              FeltCard y = felt_pile_card (st, p, i);

              if (FELT_CARD_SUIT (y) == FELT_CARD_SUIT (x)
                  && FELT_CARD_RANK (y) < FELT_CARD_RANK (x))
                {
                  over++;
                  break;
                }
            }
        }
    }
  return home * 100 - over * 10;
}

/* The order of a layout: the cards lying directly on their successor,
 * less those lying over a lower card of their suit; cards home break
 * ties. */
static gint
order_score (const Beam *b, const FeltState *st)
{
  gint home = 0, on_next = 0, over = 0;

  for (guint f = 0; f < b->n_found; f++)
    home += (gint) felt_pile_size (st, b->first_found + f);
  for (guint p = b->first_tableau; p < b->first_tableau + b->n_tableau; p++)
    for (guint j = 1; j < felt_pile_size (st, p); j++)
      {
        FeltCard x = felt_pile_card (st, p, j);

        on_next += felt_pile_card (st, p, j - 1) == x + 1;
        for (guint i = 0; i < j; i++)
          {
            FeltCard y = felt_pile_card (st, p, i);

            if (FELT_CARD_SUIT (y) == FELT_CARD_SUIT (x) && FELT_CARD_RANK (y) < FELT_CARD_RANK (x))
              {
                over++;
                break;
              }
          }
      }
  return on_next * 10 - over * 10 + home;
}

/* Worse: a lower score, or the same and a higher key (so that the layouts
 * kept never depend on the order they came in). */
static gboolean
worse (const Layout *a, const Layout *b)
{
  return a->score < b->score || (a->score == b->score && a->key > b->key);
}

static int
best_first (const void *pa, const void *pb)
{
  const Layout *a = pa, *b = pb;

  return worse (a, b) ? 1 : worse (b, a) ? -1 : 0;
}

static void
sift_down (Layout *heap, guint n, guint i)
{
  for (;;)
    {
      guint l = 2 * i + 1, r = l + 1, m = i;
      Layout t;

      if (l < n && worse (&heap[l], &heap[m]))
        m = l;
      if (r < n && worse (&heap[r], &heap[m]))
        m = r;
      if (m == i)
        return;
      t = heap[i];
      heap[i] = heap[m];
      heap[m] = t;
      i = m;
    }
}

/* Whether a heap of at most cap layouts would take l. */
static gboolean
takes (const Layout *heap, guint n, guint cap, const Layout *l)
{
  return n < cap || (cap > 0 && worse (&heap[0], l));
}

/* Puts l into a heap that takes it; a full heap gives out its worst
 * (into out, which must not be l, and TRUE). */
static gboolean
heap_put (Layout *heap, guint *n, guint cap, const Layout *l, Layout *out)
{
  guint i;

  if (*n == cap)
    {
      *out = heap[0];
      heap[0] = *l;
      sift_down (heap, *n, 0);
      return TRUE;
    }
  i = (*n)++;
  heap[i] = *l;
  while (i > 0 && worse (&heap[i], &heap[(i - 1) / 2]))
    {
      Layout t = heap[i];
      heap[i] = heap[(i - 1) / 2];
      heap[(i - 1) / 2] = t;
      i = (i - 1) / 2;
    }
  return FALSE;
}

/* Keeps l by cards home, or else (l, or the layout it pushes out) by
 * order among the rest: a layout is left out only when neither takes it,
 * so that the layouts kept are the best by cards home and, of the
 * others, the best by order, whatever the order they came in. */
static void
offer (Beam *b, const Layout *l)
{
  guint by_order = b->width - b->by_home;
  Layout rest = *l, dropped;

  if (takes (b->best, b->n_best, b->by_home, l) && !heap_put (b->best, &b->n_best, b->by_home, l, &rest))
    return;
  rest.score = order_score (b, &rest.st);
  if (!takes (b->ordered, b->n_ordered, by_order, &rest))
    {
      b->truncated = TRUE;
      return;
    }
  b->truncated |= heap_put (b->ordered, &b->n_ordered, by_order, &rest, &dropped);
}

static void
redeal (Beam *b, const FeltState *st)
{
  const FeltMove stock = STOCK_ACTION;
  Layout l = { .st = *st, .parent = b->parent };
  FeltUndo undo;

  felt_state_apply (&l.st, &stock, &undo);
  l.key = felt_state_key (&l.st, FALSE, FALSE);
  if (b->replay)
    {
      b->found = l.key == b->target;
      return;
    }
  if (!keyset_add (&b->layouts, l.key))
    return;
  l.score = layout_score (b, &l.st);
  if (!takes (b->best, b->n_best, b->by_home, &l))
    {
      Layout o = l;

      o.score = order_score (b, &l.st);
      if (!takes (b->ordered, b->n_ordered, b->width - b->by_home, &o))
        {
          b->truncated = TRUE;
          return;
        }
    }
  /* Whether the game is over there costs a move generation, whether it
   * is lost a proof: asked only of a layout that would be kept. */
  if (felt_state_is_over (&l.st) || b->dead (b->data, &l.st))
    return;
  offer (b, &l);
}

/* Every line of the round from st; on a win (or, replaying, the redeal
 * sought) it returns at once, st and path left as they are there. */
static void
round_search (Beam *b, FeltState *st)
{
  FeltMove moves[FELT_MAX_MOVES];
  guint n;

  /* Counted as the depth-first search counts: every position reached,
   * new or not. */
  if (!b->replay && !limits_spend (b->lim))
    return;
  if (b->round_seen.used >= b->per_round)
    {
      b->truncated = TRUE;
      return;
    }
  if (!keyset_add (&b->round_seen, felt_state_key (st, FALSE, FALSE)))
    return;
  if (felt_state_is_won (st))
    {
      b->won = TRUE;
      return;
    }
  if (felt_state_can_stock (st))
    {
      redeal (b, st);
      if (b->found)
        return;
    }
  n = felt_state_legal_moves (st, moves);
  for (guint i = 0; i < n; i++)
    {
      FeltUndo undo;

      felt_state_apply (st, &moves[i], &undo);
      g_array_append_val (b->path, moves[i]);
      round_search (b, st);
      if (b->won || b->found)
        return;
      g_array_set_size (b->path, b->path->len - 1);
      felt_state_undo (st, &undo);
      if (!b->replay && limits_stopped (b->lim))
        return;
    }
}

static void
search_from (Beam *b, const FeltState *layout)
{
  FeltState st = *layout;

  keyset_reset (&b->round_seen);
  g_array_set_size (b->path, 0);
  round_search (b, &st);
}

/* The moves from start to the win: the round of each kept layout on the
 * way replayed from its dealer, then the winning round's own moves.
 * FALSE (never seen) when a replay does not deal the layout kept. */
static gboolean
rebuild_line (Beam *b, const FeltState *start, GPtrArray *rounds, guint32 parent, GArray *line)
{
  g_autoptr (GArray) last = g_array_copy (b->path);
  g_autoptr (GArray) keys = g_array_new (FALSE, FALSE, sizeof (guint64));
  const FeltMove stock = STOCK_ACTION;
  FeltState st = *start;

  for (guint r = rounds->len; r > 0; r--)
    {
      const Kept *k = g_ptr_array_index (rounds, r - 1);

      g_array_prepend_val (keys, g_array_index (k->keys, guint64, parent));
      parent = g_array_index (k->parents, guint32, parent);
    }
  g_array_set_size (line, 0);
  b->replay = TRUE;
  b->won = FALSE;
  for (guint r = 0; r < keys->len; r++)
    {
      FeltUndo undo;

      b->target = g_array_index (keys, guint64, r);
      b->found = FALSE;
      search_from (b, &st);
      if (!b->found)
        return FALSE;
      for (guint i = 0; i < b->path->len; i++)
        felt_state_apply (&st, &g_array_index (b->path, FeltMove, i), &undo);
      felt_state_apply (&st, &stock, &undo);
      g_array_append_vals (line, b->path->data, b->path->len);
      g_array_append_val (line, stock);
    }
  g_array_append_vals (line, last->data, last->len);
  return TRUE;
}

static void
kept_free (gpointer data)
{
  Kept *k = data;

  g_array_unref (k->parents);
  g_array_unref (k->keys);
  g_free (k);
}

FeltSolveVerdict
felt_cruel_beam (const FeltState *st, guint width, guint ordered, guint per_round,
                 CruelDeadFunc dead, gconstpointer data, Limits *lim, GArray *line)
{
  const FeltGame *game = felt_state_game (st);
  Beam b = {
    .dead = dead,
    .data = data,
    .lim = lim,
    .per_round = per_round,
    .width = width,
    .by_home = width - width * MIN (ordered, 100u) / 100,
    .first_tableau = (guint) felt_game_find_pile (game, FELT_ROLE_TABLEAU, 0),
    .n_tableau = felt_game_count_piles (game, FELT_ROLE_TABLEAU),
    .first_found = (guint) felt_game_find_pile (game, FELT_ROLE_FOUNDATION, 0),
    .n_found = felt_game_count_piles (game, FELT_ROLE_FOUNDATION),
  };
  g_autoptr (GPtrArray) rounds = g_ptr_array_new_with_free_func (kept_free);
  Layout *kept = g_new (Layout, width);
  guint n_kept = 1;
  FeltSolveVerdict verdict = FELT_SOLVE_UNKNOWN;

  kept[0] = (Layout) { .st = *st, .key = felt_state_key (st, FALSE, FALSE) };
  keyset_init (&b.layouts, 10);
  b.layouts.max_bits = LAYOUTS_MAX_BITS;
  keyset_init (&b.round_seen, 8);
  b.best = g_new (Layout, width);
  b.ordered = g_new (Layout, width - b.by_home);
  b.path = g_array_new (FALSE, FALSE, sizeof (FeltMove));
  keyset_add (&b.layouts, kept[0].key);

  while (n_kept > 0 && !b.won && !limits_stopped (lim))
    {
      Kept *k;
      Layout *t;

      b.n_best = b.n_ordered = 0;
      for (guint i = 0; i < n_kept && !b.won && !limits_stopped (lim); i++)
        {
          b.parent = i;
          search_from (&b, &kept[i].st);
        }
      if (b.won || limits_stopped (lim))
        break;
      /* Kept: the best by cards home, then the best by order. */
      qsort (b.best, b.n_best, sizeof (Layout), best_first);
      if (b.n_ordered > 0)   /* b.ordered is NULL when the share is 0 */
        {
          qsort (b.ordered, b.n_ordered, sizeof (Layout), best_first);
          memcpy (b.best + b.n_best, b.ordered, b.n_ordered * sizeof (Layout));
          b.n_best += b.n_ordered;
        }
      k = g_new (Kept, 1);
      k->parents = g_array_sized_new (FALSE, FALSE, sizeof (guint32), b.n_best);
      k->keys = g_array_sized_new (FALSE, FALSE, sizeof (guint64), b.n_best);
      for (guint i = 0; i < b.n_best; i++)
        {
          g_array_append_val (k->parents, b.best[i].parent);
          g_array_append_val (k->keys, b.best[i].key);
        }
      g_ptr_array_add (rounds, k);
      t = kept;
      kept = b.best;
      b.best = t;
      n_kept = b.n_best;
    }
  if (b.won && rebuild_line (&b, st, rounds, b.parent, line))
    verdict = FELT_SOLVE_WINNABLE;
  else if (!b.won && n_kept == 0 && !b.truncated && !limits_stopped (lim))
    verdict = FELT_SOLVE_LOST;

  keyset_free (&b.layouts);
  keyset_free (&b.round_seen);
  g_array_unref (b.path);
  g_free (b.best);
  g_free (b.ordered);
  g_free (kept);
  return verdict;
}
