/* felt-search.c: the search the strategies share: hashing, a bounded set
 * of positions seen, depth-first search, restarts in shuffled orders.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every search moves through positions with felt_state_apply and
 * felt_state_undo and takes its moves from the engine (through a
 * strategy's GenFunc): the rules live in the engine only.
 */
#include "felt-solver-private.h"

#include <string.h>

/* ---- hashing -------------------------------------------------------------- */

/* A 64-bit hash of n bytes, folded into h: eight bytes at a time, each
 * step a bijection of the running value, then a full mix at the end. */
guint64
felt_hash_bytes (const guint8 *p, gsize n, guint64 h)
{
  while (n >= 8)
    {
      guint64 w;
      memcpy (&w, p, 8);
      w = GUINT64_FROM_LE (w);  /* the same key on every machine */
      h = (h ^ w) * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15);
      h ^= h >> 29;
      p += 8;
      n -= 8;
    }
  if (n > 0)
    {
      guint64 w = 0;
      memcpy (&w, p, n);
      w = GUINT64_FROM_LE (w);
      h = (h ^ w ^ ((guint64) n << 59)) * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15);
      h ^= h >> 29;
    }
  return felt_mix64 (h);
}

/* The whole position: cards, pile bounds, flags, and where they matter
 * the redeals made (a game with unlimited redeals does not care how many
 * were made) and the generator (only Scuffle reshuffles). */
guint64
felt_state_key (const FeltState *st, gboolean with_redeals, gboolean with_rng)
{
  const FeltGame *game = felt_state_game (st);
  guint64 h = felt_hash_bytes (st->cards, st->n_cards, 0x46656c74);

  h = felt_hash_bytes (st->start, game->n_piles + 1u, h);
  h ^= felt_mix64 (((guint64) st->flags << 8) | (with_redeals ? (guint64) st->redeals << 16 : 0) | 1);
  if (with_rng)
    h = felt_mix64 (h ^ st->rng);
  return h;
}

void
felt_sort_keys (guint64 *v, guint n)
{
  for (guint i = 1; i < n; i++)
    for (guint j = i; j > 0 && v[j - 1] > v[j]; j--)
      {
        guint64 t = v[j];
        v[j] = v[j - 1];
        v[j - 1] = t;
      }
}

/* ---- a set of 64-bit keys -------------------------------------------------- */

/* Open addressing, linear probing, grown at half full up to 2^22 slots
 * (32 MiB): the bound on the solver's memory.  Key 0 marks an empty slot,
 * so a key of 0 is stored as 1. */
#define KEYSET_MAX_BITS 22

void
keyset_init (KeySet *set, guint bits)
{
  set->mask = ((gsize) 1 << bits) - 1;
  set->slots = g_new0 (guint64, set->mask + 1);
  set->used = 0;
  set->max_bits = KEYSET_MAX_BITS;
  set->full = FALSE;
}

void
keyset_free (KeySet *set)
{
  g_clear_pointer (&set->slots, g_free);
  set->mask = 0;
  set->used = 0;
}

void
keyset_reset (KeySet *set)
{
  memset (set->slots, 0, (set->mask + 1) * sizeof (guint64));
  set->used = 0;
  set->full = FALSE;
}

/* The slot holding key, or the empty one where it would go (linear
 * probing; the table is never full). */
static inline gsize
keyset_slot (const KeySet *set, guint64 key)
{
  gsize j = (gsize) (key >> 17) & set->mask;

  while (set->slots[j] && set->slots[j] != key)
    j = (j + 1) & set->mask;
  return j;
}

static void
keyset_grow (KeySet *set)
{
  guint64 *old = set->slots;
  gsize old_size = set->mask + 1;

  set->mask = old_size * 2 - 1;
  set->slots = g_new0 (guint64, set->mask + 1);
  for (gsize i = 0; i < old_size; i++)
    if (old[i])
      set->slots[keyset_slot (set, old[i])] = old[i];
  g_free (old);
}

gboolean
keyset_add (KeySet *set, guint64 key)
{
  gsize j;

  if (key == 0)
    key = 1;
  if (G_UNLIKELY (2 * (set->used + 1) > set->mask + 1))
    {
      if (set->mask + 1 < ((gsize) 1 << set->max_bits))
        keyset_grow (set);
      else if (4 * (set->used + 1) > 3 * (set->mask + 1))
        {
          /* Full: forget nothing, store nothing more.  Answering "new"
           * only costs repeated work (a loop is then cut by the budget,
           * never mistaken for a dead end). */
          set->full = TRUE;
          return set->slots[keyset_slot (set, key)] != key;
        }
    }
  j = keyset_slot (set, key);
  if (set->slots[j] == key)
    return FALSE;
  set->slots[j] = key;
  set->used++;
  return TRUE;
}

gboolean
keyset_contains (const KeySet *set, guint64 key)
{
  if (key == 0)
    key = 1;
  return set->slots[keyset_slot (set, key)] == key;
}

/* ---- depth-first search with a table of positions seen -------------------- */

typedef struct {
  guint off;       /* first move of this frame in the move buffer */
  guint n;         /* moves listed */
  guint i;         /* next move to try */
  gboolean applied;
  FeltUndo undo;   /* of moves[off + i - 1] while applied */
} Frame;

/* Searches from *st (left as it was unless the goal is reached) for the
 * goal (NULL: a win).  seen holds the keys of positions already searched
 * (or being searched): a position met again is not searched again, which
 * is exact for the question "does some path reach the goal?" even with
 * cycles.  On success the moves from *st are appended to line. */
struct _DfsPath {
  GArray *frames;
  GArray *buf;
};

void
felt_dfs_path_moves (const DfsPath *path, GArray *out)
{
  for (guint k = 0; k < path->frames->len; k++)
    {
      Frame *g = &g_array_index (path->frames, Frame, k);
      if (g->applied)
        g_array_append_val (out, g_array_index (path->buf, FeltMove, g->off + g->i - 1));
    }
}

DfsOutcome
felt_dfs (FeltState *st, GenFunc gen, gpointer data, KeyFunc key, GoalFunc goal, KeySet *seen,
          Limits *lim, GArray *line)
{
  return felt_dfs_visit (st, gen, data, key, goal, NULL, seen, lim, line);
}

DfsOutcome
felt_dfs_visit (FeltState *st, GenFunc gen, gpointer data, KeyFunc key, GoalFunc goal, VisitFunc visit,
                KeySet *seen, Limits *lim, GArray *line)
{
  g_autoptr (GArray) frames = g_array_new (FALSE, FALSE, sizeof (Frame));
  g_autoptr (GArray) buf = g_array_new (FALSE, FALSE, sizeof (FeltMove));
  DfsOutcome outcome = DFS_EXHAUSTED;
  Frame root = { 0 };
  DfsPath path = { frames, buf };

  if (goal == NULL)
    goal = felt_state_is_won;
  if (goal (st))
    return DFS_WON;
  keyset_add (seen, key (st));
  g_array_set_size (buf, FELT_MAX_MOVES + 1);
  root.n = gen (data, st, (FeltMove *) buf->data);
  g_array_set_size (buf, root.n);
  g_array_append_val (frames, root);

  while (frames->len > 0)
    {
      Frame *f = &g_array_index (frames, Frame, frames->len - 1);
      FeltMove m;
      Frame next = { 0 };

      if (f->applied)
        {
          felt_state_undo (st, &f->undo);
          f->applied = FALSE;
        }
      if (f->i == f->n)
        {
          g_array_set_size (buf, f->off);
          g_array_set_size (frames, frames->len - 1);
          continue;
        }
      m = g_array_index (buf, FeltMove, f->off + f->i);
      f->i++;
      felt_state_apply (st, &m, &f->undo);
      f->applied = TRUE;
      if (!limits_spend (lim))
        {
          outcome = DFS_STOPPED;
          break;
        }
      if (goal (st))
        {
          felt_dfs_path_moves (&path, line);
          return DFS_WON;
        }
      if (!keyset_add (seen, key (st)))
        continue;
      next.off = buf->len;
      g_array_set_size (buf, next.off + FELT_MAX_MOVES + 1);
      next.n = gen (data, st, &g_array_index (buf, FeltMove, next.off));
      g_array_set_size (buf, next.off + next.n);
      g_array_append_val (frames, next);
      if (visit && next.n > 0)
        visit (data, st, &path);
    }

  /* Stopped: take the moves back so that *st is what the caller gave. */
  for (guint k = frames->len; k > 0; k--)
    {
      Frame *f = &g_array_index (frames, Frame, k - 1);
      if (f->applied)
        felt_state_undo (st, &f->undo);
    }
  return outcome;
}

FeltSolveVerdict
felt_dfs_verdict (DfsOutcome outcome)
{
  switch (outcome)
    {
    case DFS_WON: return FELT_SOLVE_WINNABLE;
    case DFS_EXHAUSTED: return FELT_SOLVE_LOST;
    case DFS_STOPPED:
    default: return FELT_SOLVE_UNKNOWN;
    }
}

FeltSolveVerdict
felt_solve_complete_dfs (FeltState *st, GenFunc gen, gpointer data, KeyFunc key, Limits *lim,
                         GArray *line)
{
  KeySet seen;
  DfsOutcome outcome;

  keyset_init (&seen, 10);
  outcome = felt_dfs (st, gen, data, key, NULL, &seen, lim, line);
  keyset_free (&seen);
  return felt_dfs_verdict (outcome);
}

/* Every legal move and the stock action, nothing skipped: the complete
 * search that proves small positions lost in any game. */
guint
felt_all_moves_gen (gpointer data, const FeltState *st, FeltMove *out)
{
  guint n = felt_state_legal_moves (st, out);

  (void) data;
  /* Foundation moves first: they lead to wins soonest. */
  for (guint i = 0, k = 0; i < n; i++)
    if (role_of (st, out[i].to) == FELT_ROLE_FOUNDATION)
      {
        FeltMove t = out[k];
        out[k++] = out[i];
        out[i] = t;
      }
  if (felt_state_can_stock (st))
    out[n++] = STOCK_ACTION;
  return n;
}

/* ---- restarts -------------------------------------------------------------- */

/* A depth-first search that went wrong early spends its whole budget under
 * that mistake.  Many short searches in shuffled orders find wins that one
 * long search does not; each is complete in itself, so one that runs out
 * of positions before its budget proves the position lost.  The first
 * search keeps the plain order.  With `alternate`, the runs take turns:
 * one keeps the stock action last, the next sometimes puts it first (a
 * portfolio: each finds wins the other misses). */

/* Shuffles the moves (when rng is set); TRUE when the stock action should
 * be tried first this time. */
gboolean
felt_shuffle_moves (Shuffle *sh, FeltMove *moves, guint n)
{
  if (sh->rng == 0)
    return FALSE;
  for (guint i = n; i > 1; i--)
    {
      guint j = felt_rng_below (&sh->rng, i);
      FeltMove t = moves[i - 1];
      moves[i - 1] = moves[j];
      moves[j] = t;
    }
  return sh->odds && felt_rng_below (&sh->rng, 100) < sh->odds;
}

/* A run of restarts starts afresh: an empty table and line, and at most
 * run_budget positions of what is left of the whole budget. */
void
felt_run_begin (KeySet *seen, Limits *lim, GArray *line, guint64 budget, guint64 run_budget)
{
  keyset_reset (seen);
  g_array_set_size (line, 0);
  lim->budget = MIN (budget, lim->nodes + run_budget);
  lim->spent = FALSE;
}

/* After the runs: the whole budget back in lim, the table freed, and a
 * line only for a win. */
FeltSolveVerdict
felt_runs_end (FeltSolveVerdict verdict, guint64 budget, KeySet *seen, Limits *lim, GArray *line)
{
  lim->budget = budget;
  lim->spent = lim->nodes >= budget;
  keyset_free (seen);
  if (verdict != FELT_SOLVE_WINNABLE)
    g_array_set_size (line, 0);
  return verdict;
}

/* On a win *st is left where the line ends. */
FeltSolveVerdict
felt_solve_restarts (FeltState *st, GenFunc gen, Shuffle *sh, gpointer data, KeyFunc key,
                     GoalFunc goal, guint64 run_budget, guint64 seed, Limits *lim, GArray *line)
{
  guint64 budget = lim->budget;
  FeltSolveVerdict verdict = FELT_SOLVE_UNKNOWN;
  KeySet seen;

  keyset_init (&seen, 10);
  for (guint64 run = 0; !lim->cancelled && lim->nodes < budget; run++)
    {
      DfsOutcome outcome;

      sh->rng = run ? felt_mix64 (seed + run) | 1 : 0;
      sh->odds = sh->alternate && (run & 1) == 0 ? 0 : sh->stock_first;
      felt_run_begin (&seen, lim, line, budget, run_budget);
      outcome = felt_dfs (st, gen, data, key, goal, &seen, lim, line);
      verdict = felt_dfs_verdict (outcome);
      if (verdict != FELT_SOLVE_UNKNOWN)
        break;
    }
  return felt_runs_end (verdict, budget, &seen, lim, line);
}
