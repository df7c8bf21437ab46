/* felt-solver.c: winnable, lost or unknown, over the engine's own states.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every search here moves through positions with felt_state_apply and
 * felt_state_undo, and takes its moves from felt_state_legal_moves and
 * felt_state_can_stock (or checks them with felt_state_check_move): the
 * rules live in the engine only.  What the solver adds is knowledge of
 * which moves are worth trying first, which may be skipped because
 * another one is at least as good (dominance, proven in the comments),
 * and which positions can never be won (dead ends, proven likewise).
 * A "lost" verdict comes only from a search that skipped nothing but
 * dominated moves and dead ends.
 *
 * No global mutable state: everything a search needs lives in the call.
 */
#include "felt-solver.h"

#include <string.h>

#define STOCK_ACTION ((FeltMove) { 0, 0, 0, 1 })

/* ---- hashing -------------------------------------------------------------- */

static inline guint64
mix64 (guint64 z)
{
  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94d049bb133111eb);
  return z ^ (z >> 31);
}

/* A 64-bit hash of n bytes, folded into h: eight bytes at a time, each
 * step a bijection of the running value, then a full mix at the end. */
static guint64
hash_bytes (const guint8 *p, gsize n, guint64 h)
{
  while (n >= 8)
    {
      guint64 w;
      memcpy (&w, p, 8);
      h = (h ^ w) * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15);
      h ^= h >> 29;
      p += 8;
      n -= 8;
    }
  if (n > 0)
    {
      guint64 w = 0;
      memcpy (&w, p, n);
      h = (h ^ w ^ ((guint64) n << 59)) * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15);
      h ^= h >> 29;
    }
  return mix64 (h);
}

/* The whole position: cards, pile bounds, flags, and where they matter
 * the redeals made (a game with unlimited redeals does not care how many
 * were made) and the generator (only Scuffle reshuffles). */
static guint64
state_key (const FeltState *st, gboolean with_redeals, gboolean with_rng)
{
  const FeltGame *game = felt_state_game (st);
  guint64 h = hash_bytes (st->cards, st->n_cards, 0x46656c74);

  h = hash_bytes (st->start, game->n_piles + 1u, h);
  h ^= mix64 (((guint64) st->flags << 8) | (with_redeals ? (guint64) st->redeals << 16 : 0) | 1);
  if (with_rng)
    h = mix64 (h ^ st->rng);
  return h;
}

/* ---- a set of 64-bit keys -------------------------------------------------- */

/* Open addressing, linear probing, grown at half full.  Key 0 marks an
 * empty slot, so a key of 0 is stored as 1. */
typedef struct {
  guint64 *slots;
  gsize mask;
  gsize used;
} KeySet;

static void
keyset_init (KeySet *set, guint bits)
{
  set->mask = ((gsize) 1 << bits) - 1;
  set->slots = g_new0 (guint64, set->mask + 1);
  set->used = 0;
}

static void
keyset_free (KeySet *set)
{
  g_clear_pointer (&set->slots, g_free);
  set->mask = 0;
  set->used = 0;
}

static void
keyset_reset (KeySet *set)
{
  memset (set->slots, 0, (set->mask + 1) * sizeof (guint64));
  set->used = 0;
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
      {
        gsize j = (gsize) (old[i] >> 17) & set->mask;
        while (set->slots[j])
          j = (j + 1) & set->mask;
        set->slots[j] = old[i];
      }
  g_free (old);
}

/* TRUE when the key was not there yet (and is now). */
static gboolean
keyset_add (KeySet *set, guint64 key)
{
  gsize j;

  if (key == 0)
    key = 1;
  if (G_UNLIKELY (2 * (set->used + 1) > set->mask + 1))
    keyset_grow (set);
  j = (gsize) (key >> 17) & set->mask;
  while (set->slots[j])
    {
      if (set->slots[j] == key)
        return FALSE;
      j = (j + 1) & set->mask;
    }
  set->slots[j] = key;
  set->used++;
  return TRUE;
}

/* ---- budget and cancellation ----------------------------------------------- */

typedef struct {
  guint64 budget;
  guint64 nodes;
  const gint *cancel;
  gboolean cancelled;
  gboolean spent;
} Limits;

/* Counts one position; FALSE when the search must stop. */
static inline gboolean
limits_spend (Limits *lim)
{
  lim->nodes++;
  if (G_UNLIKELY ((lim->nodes & 1023) == 0) && lim->cancel && g_atomic_int_get (lim->cancel))
    lim->cancelled = TRUE;
  if (G_UNLIKELY (lim->nodes >= lim->budget))
    lim->spent = TRUE;
  return !lim->cancelled && !lim->spent;
}

static inline gboolean
limits_stopped (const Limits *lim)
{
  return lim->cancelled || lim->spent;
}

/* ---- helpers over the game table ------------------------------------------ */

static inline FeltRole
role_of (const FeltState *st, guint pile)
{
  return felt_state_game (st)->piles[pile].role;
}

/* ---- depth-first search with a table of positions seen -------------------- */

/* Lists the moves to try from st, best first, stock action included;
 * returns how many (at most FELT_MAX_MOVES + 1).  It may leave out only
 * moves that another listed move dominates, and list none from a position
 * proven lost: a search that runs out of positions claims a loss. */
typedef guint (*GenFunc) (gpointer data, const FeltState *st, FeltMove *moves);
typedef guint64 (*KeyFunc) (const FeltState *st);
/* TRUE when the search may stop: the game is won, or (Backbone) the rest
 * is sure to win. */
typedef gboolean (*GoalFunc) (const FeltState *st);

typedef struct {
  guint off;       /* first move of this frame in the move buffer */
  guint n;         /* moves listed */
  guint i;         /* next move to try */
  gboolean applied;
  FeltUndo undo;   /* of moves[off + i - 1] while applied */
} Frame;

typedef enum {
  DFS_WON,
  DFS_EXHAUSTED,   /* every position reachable (as gen lists moves) was seen */
  DFS_STOPPED,     /* budget or cancel */
} DfsOutcome;

/* Searches from *st (left as it was unless the goal is reached) for the
 * goal (NULL: a win).  seen holds the keys of positions already searched
 * (or being searched): a position met again is not searched again, which
 * is exact for the question "does some path reach the goal?" even with
 * cycles.  On success the moves from *st are appended to line. */
static DfsOutcome
dfs (FeltState *st, GenFunc gen, gpointer data, KeyFunc key, GoalFunc goal, KeySet *seen,
     Limits *lim, GArray *line)
{
  g_autoptr (GArray) frames = g_array_new (FALSE, FALSE, sizeof (Frame));
  g_autoptr (GArray) buf = g_array_new (FALSE, FALSE, sizeof (FeltMove));
  DfsOutcome outcome = DFS_EXHAUSTED;
  Frame root = { 0 };

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
          for (guint k = 0; k < frames->len; k++)
            {
              Frame *g = &g_array_index (frames, Frame, k);
              g_array_append_val (line, g_array_index (buf, FeltMove, g->off + g->i - 1));
            }
          return DFS_WON;
        }
      if (!keyset_add (seen, key (st)))
        continue;
      next.off = buf->len;
      g_array_set_size (buf, next.off + FELT_MAX_MOVES + 1);
      next.n = gen (data, st, &g_array_index (buf, FeltMove, next.off));
      g_array_set_size (buf, next.off + next.n);
      g_array_append_val (frames, next);
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

/* ---- restarts -------------------------------------------------------------- */

/* A depth-first search that went wrong early spends its whole budget under
 * that mistake.  Many short searches in shuffled orders find wins that one
 * long search does not; each is complete in itself, so one that runs out
 * of positions before its budget proves the position lost.  The first
 * search keeps the plain order. */
typedef struct {
  guint64 rng;         /* 0: the plain order */
  guint stock_first;   /* percent: how often the stock action goes first */
} Shuffle;

/* Shuffles the moves (when rng is set); TRUE when the stock action should
 * be tried first this time. */
static gboolean
shuffle_moves (Shuffle *sh, FeltMove *moves, guint n)
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
  return sh->stock_first && felt_rng_below (&sh->rng, 100) < sh->stock_first;
}

/* On a win *st is left where the line ends. */
static FeltSolveVerdict
solve_restarts (FeltState *st, GenFunc gen, Shuffle *sh, gpointer data, KeyFunc key,
                GoalFunc goal, guint64 run_budget, guint64 seed, Limits *lim, GArray *line)
{
  guint64 budget = lim->budget;
  FeltSolveVerdict verdict = FELT_SOLVE_UNKNOWN;
  KeySet seen;

  keyset_init (&seen, 10);
  for (guint64 run = 0; !lim->cancelled && lim->nodes < budget; run++)
    {
      DfsOutcome outcome;

      sh->rng = run ? mix64 (seed + run) | 1 : 0;
      keyset_reset (&seen);
      g_array_set_size (line, 0);
      lim->budget = MIN (budget, lim->nodes + run_budget);
      lim->spent = FALSE;
      outcome = dfs (st, gen, data, key, goal, &seen, lim, line);
      if (outcome == DFS_WON)
        {
          verdict = FELT_SOLVE_WINNABLE;
          break;
        }
      if (outcome == DFS_EXHAUSTED)
        {
          verdict = FELT_SOLVE_LOST;
          break;
        }
    }
  lim->budget = budget;
  lim->spent = lim->nodes >= budget;
  keyset_free (&seen);
  if (verdict != FELT_SOLVE_WINNABLE)
    g_array_set_size (line, 0);
  return verdict;
}

/* ===========================================================================
 * Cruel
 * ======================================================================== */

typedef struct {
  Shuffle shuffle;     /* first: the restarts set it */
  guint first_tableau, n_tableau;
} Cruel;

/* The bottom group of the first non-empty pile is never separated or
 * reordered: a redeal reads the piles in order from the bottom, so those
 * cards (at most four) stay the bottom of pile 1, in the same order, and
 * cards only ever leave a pile from its top.  A card X there can leave
 * only to its foundation (after every lower card of its suit) or onto its
 * successor (same suit, one rank higher).  If X is a King, or its
 * successor lies beneath it in that group, it can never go onto it; then
 * a lower card of its suit beneath X can never get home before X, nor X
 * before it: the position is lost. */
static gboolean
cruel_hopeless (const Cruel *c, const FeltState *st)
{
  guint pile = c->first_tableau, end = c->first_tableau + c->n_tableau;
  guint n;

  while (pile < end && felt_pile_size (st, pile) == 0)
    pile++;
  if (pile == end)
    return FALSE;
  n = MIN (felt_pile_size (st, pile), 4u);
  for (guint j = 1; j < n; j++)
    {
      FeltCard x = felt_pile_card (st, pile, j);
      gboolean stuck = FELT_CARD_RANK (x) == FELT_KING;

      for (guint i = 0; i < j && !stuck; i++)
        stuck = felt_pile_card (st, pile, i) == x + 1;
      if (!stuck)
        continue;
      for (guint i = 0; i < j; i++)
        {
          FeltCard y = felt_pile_card (st, pile, i);
          if (FELT_CARD_SUIT (y) == FELT_CARD_SUIT (x) && FELT_CARD_RANK (y) < FELT_CARD_RANK (x))
            return TRUE;
        }
    }
  return FALSE;
}

/* Every legal move: cards home first, then onto other piles, the redeal
 * last (in shuffled runs sometimes first: redealing early, before every
 * card that can move has moved, is what the plain order tries last). */
static guint
cruel_gen (gpointer data, const FeltState *st, FeltMove *out)
{
  Cruel *c = data;
  FeltMove moves[FELT_MAX_MOVES];
  guint n, k = 0;
  gboolean stock, stock_first;

  if (cruel_hopeless (c, st))
    return 0;
  n = felt_state_legal_moves (st, moves);
  stock = felt_state_can_stock (st);
  stock_first = shuffle_moves (&c->shuffle, moves, n);
  if (stock && stock_first)
    out[k++] = STOCK_ACTION;
  for (guint i = 0; i < n; i++)
    if (role_of (st, moves[i].to) == FELT_ROLE_FOUNDATION)
      out[k++] = moves[i];
  for (guint i = 0; i < n; i++)
    if (role_of (st, moves[i].to) != FELT_ROLE_FOUNDATION)
      out[k++] = moves[i];
  if (stock && !stock_first)
    out[k++] = STOCK_ACTION;
  return k;
}

/* Unlimited redeals: how many were made does not matter. */
static guint64
cruel_key (const FeltState *st)
{
  return state_key (st, FALSE, FALSE);
}

/* Nearly every deal called lost is lost by the dead-end rule at once; the
 * rest of the budget goes to finding wins, by short restarts. */
#define CRUEL_RUN 2000
#define CRUEL_STOCK_FIRST 20

static FeltSolveVerdict
solve_cruel (FeltState *st, Limits *lim, GArray *line)
{
  const FeltGame *game = felt_state_game (st);
  Cruel c = {
    .shuffle = { .stock_first = CRUEL_STOCK_FIRST },
    .first_tableau = (guint) felt_game_find_pile (game, FELT_ROLE_TABLEAU, 0),
    .n_tableau = felt_game_count_piles (game, FELT_ROLE_TABLEAU),
  };

  return solve_restarts (st, cruel_gen, &c.shuffle, &c, cruel_key, NULL, CRUEL_RUN,
                         state_key (st, FALSE, FALSE), lim, line);
}

/* ===========================================================================
 * Straight Up
 * ======================================================================== */

/* Every card move but one kind is dominant: making it at once loses
 * nothing, so the search makes it without trying the alternatives.
 *
 *  - A card (or run) to its foundation: nothing else can use it (the card
 *    below it in its suit is home, so nothing builds on it), and what it
 *    uncovers, or the refill of its emptied pile from the reserve, only
 *    adds playable cards.
 *  - A run (always all of a pile's top run) onto its successor, a waste or
 *    reserve card onto its successor: a card has one successor in a
 *    single deck, the moved cards stay just as playable on top of it,
 *    they still move together with it, and what they uncover (a card, the
 *    next waste or reserve card, or an empty pile refilled from the
 *    reserve) only adds playable cards.
 *
 * What remains is a real choice: dealing (or redealing), and which waste
 * card fills a space once the reserve is gone.  The tableau piles are
 * alike, so only the first empty one is tried. */
static guint
straight_up_gen (gpointer data, const FeltState *st, FeltMove *out)
{
  FeltMove moves[FELT_MAX_MOVES];
  guint n = felt_state_legal_moves (st, moves);
  guint k = 0;

  for (guint i = 0; i < n; i++)
    {
      const FeltMove *m = &moves[i];
      gboolean to_space = role_of (st, m->from) == FELT_ROLE_WASTE &&
                          role_of (st, m->to) == FELT_ROLE_TABLEAU &&
                          felt_pile_size (st, m->to) == 0;
      if (!to_space)
        {
          out[0] = *m;
          return 1;
        }
    }
  /* All that is left fills a space from the waste: one is enough. */
  if (n > 0)
    out[k++] = moves[0];
  if (felt_state_can_stock (st))
    out[k++] = STOCK_ACTION;
  return k;
}

static guint64
full_key (const FeltState *st)
{
  return state_key (st, TRUE, FALSE);
}

static FeltSolveVerdict
solve_complete_dfs (FeltState *st, GenFunc gen, gpointer data, KeyFunc key, Limits *lim,
                    GArray *line)
{
  KeySet seen;
  DfsOutcome outcome;

  keyset_init (&seen, 10);
  outcome = dfs (st, gen, data, key, NULL, &seen, lim, line);
  keyset_free (&seen);
  switch (outcome)
    {
    case DFS_WON: return FELT_SOLVE_WINNABLE;
    case DFS_EXHAUSTED: return FELT_SOLVE_LOST;
    case DFS_STOPPED:
    default: return FELT_SOLVE_UNKNOWN;
    }
}

/* Every legal move and the stock action, nothing skipped: the complete
 * search that proves small positions lost in any game. */
static guint
all_moves_gen (gpointer data, const FeltState *st, FeltMove *out)
{
  guint n = felt_state_legal_moves (st, out);

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

static guint64
scuffle_key (const FeltState *st)
{
  return state_key (st, TRUE, TRUE);
}

/* The whole position, as far as it matters for the future: how many
 * redeals were made matters only where they are limited, the generator
 * only where the game reshuffles. */
static guint64
exhaustive_key (const FeltState *st)
{
  const FeltGame *game = felt_state_game (st);

  return state_key (st, game->redeal_limit >= 0, game->redeal == FELT_REDEAL_SHUFFLE_RESERVES);
}

/* ===========================================================================
 * Scuffle
 * ======================================================================== */

/* With the game's own generator: cards home first, one move per source
 * and rank on the target (foundations of the same rank are alike: suits
 * never matter in Scuffle), then the stock action.  `forcing` (a first
 * pass, for wins only) deals only when no card can go home: with a known
 * generator, holding a card back over a reshuffle changes the shuffle, so
 * that is no dominance. */
static guint
scuffle_gen (gpointer data, const FeltState *st, FeltMove *out)
{
  gboolean forcing = GPOINTER_TO_INT (data);
  FeltMove moves[FELT_MAX_MOVES];
  guint n = felt_state_legal_moves (st, moves);
  guint k = 0;

  for (guint i = 0; i < n; i++)
    {
      gboolean dup = FALSE;
      for (guint j = 0; j < k && !dup; j++)
        dup = out[j].from == moves[i].from &&
              FELT_CARD_RANK (felt_pile_top (st, out[j].to)) ==
              FELT_CARD_RANK (felt_pile_top (st, moves[i].to));
      if (!dup)
        out[k++] = moves[i];
    }
  if ((k == 0 || !forcing) && felt_state_can_stock (st))
    out[k++] = STOCK_ACTION;
  return k;
}

/* One quick game from st with random reshuffles: every card that can go
 * home goes (the one whose pile then shows the lowest card first), else
 * the stock acts; before a redeal the generator is replaced by a random
 * one, so the engine shuffles at random.  Moves are proposed from the
 * ranks on the foundations and checked by the engine.  TRUE when won. */
static gboolean
scuffle_rollout (FeltState *st, guint64 *rng, Limits *lim)
{
  const FeltGame *game = felt_state_game (st);
  guint found[FELT_MAX_PILES], res[FELT_MAX_PILES], nf = 0, nr = 0;

  for (guint p = 0; p < game->n_piles; p++)
    {
      if (game->piles[p].role == FELT_ROLE_FOUNDATION)
        found[nf++] = p;
      else if (game->piles[p].role == FELT_ROLE_RESERVE)
        res[nr++] = p;
    }
  for (;;)
    {
      FeltMove best = { 0, 0, 0, 0 };
      guint best_under = 99;
      FeltUndo undo;

      if (felt_state_is_won (st))
        return TRUE;
      lim->nodes++;
      for (guint r = 0; r < nr; r++)
        {
          guint size = felt_pile_size (st, res[r]);
          FeltCard top = felt_pile_top (st, res[r]);
          guint under = size >= 2 ? FELT_CARD_RANK (felt_pile_card (st, res[r], size - 2)) : 0;
          if (top == 0 || under >= best_under)
            continue;
          for (guint f = 0; f < nf; f++)
            {
              FeltCard ftop = felt_pile_top (st, found[f]);
              if (ftop && felt_pile_size (st, found[f]) < 13 &&
                  FELT_CARD_RANK (ftop) + 1 == FELT_CARD_RANK (top))
                {
                  best = (FeltMove) { (guint8) res[r], (guint8) found[f], 1, 0 };
                  best_under = under;
                  break;
                }
            }
        }
      if (best.count && felt_state_check_move (st, &best) == FELT_LEGAL)
        {
          felt_state_apply (st, &best, &undo);
          continue;
        }
      if (!felt_state_can_stock (st))
        return FALSE;
      if (felt_pile_size (st, 0) == 0)
        st->rng = felt_rng_next (rng);
      felt_state_apply (st, &STOCK_ACTION, &undo);
    }
}

#define SCUFFLE_ROLLOUTS 2000

static double
scuffle_win_chance (const FeltState *st, Limits *lim)
{
  guint64 rng = state_key (st, TRUE, TRUE);
  guint won = 0, played = 0;

  for (guint i = 0; i < SCUFFLE_ROLLOUTS; i++)
    {
      FeltState copy = *st;
      won += scuffle_rollout (&copy, &rng, lim);
      played++;
      if ((i & 63) == 63 && lim->cancel && g_atomic_int_get (lim->cancel))
        {
          lim->cancelled = TRUE;
          break;
        }
    }
  return played ? (double) won / played : -1;
}

static FeltSolveVerdict
solve_scuffle (FeltState *st, Limits *lim, GArray *line, double *chance)
{
  KeySet seen;
  DfsOutcome outcome;
  guint64 budget = lim->budget;

  *chance = scuffle_win_chance (st, lim);
  if (lim->cancelled)
    return FELT_SOLVE_UNKNOWN;

  keyset_init (&seen, 10);
  /* First cards home whenever they can go (wins only), then everything. */
  lim->budget = MIN (budget, lim->nodes + budget / 2);
  outcome = dfs (st, scuffle_gen, GINT_TO_POINTER (TRUE), scuffle_key, NULL, &seen, lim, line);
  lim->budget = budget;
  lim->spent = lim->nodes >= budget;
  if (outcome == DFS_WON)
    {
      keyset_free (&seen);
      return FELT_SOLVE_WINNABLE;
    }
  if (limits_stopped (lim))
    {
      keyset_free (&seen);
      return FELT_SOLVE_UNKNOWN;
    }
  keyset_reset (&seen);
  outcome = dfs (st, scuffle_gen, GINT_TO_POINTER (FALSE), scuffle_key, NULL, &seen, lim, line);
  keyset_free (&seen);
  switch (outcome)
    {
    case DFS_WON: return FELT_SOLVE_WINNABLE;
    case DFS_EXHAUSTED: return FELT_SOLVE_LOST;
    case DFS_STOPPED:
    default: return FELT_SOLVE_UNKNOWN;
    }
}

/* ===========================================================================
 * Hopscotch: beam search over the dealt cards
 * ======================================================================== */

/* Depth-first search fails in Hopscotch: a card badly placed shows its
 * cost thirty cards later.  The beam keeps, after each card dealt, the
 * `width` best positions, ranked by a quick game played to the end from
 * each; the widths grow until the budget is spent.  A beam proves a loss
 * only when it dropped no position. */

typedef struct {
  guint parent;       /* index in the previous layer */
  guint move_off;     /* its moves from the parent */
  guint n_moves;
} BeamLink;

typedef struct {
  FeltState state;
  BeamLink link;
} BeamNode;

/* A layer keeps, for the line, each node's parent and moves; the
 * positions only until the next layer is built. */
typedef struct {
  GArray *links;      /* BeamLink */
  GArray *states;     /* FeltState, NULL once the next layer is built */
  GArray *moves;      /* FeltMove */
} BeamLayer;

typedef struct {
  int score;
  guint index;
} Ranked;

typedef struct {
  GArray *cand;       /* BeamNode: the positions of the next layer */
  GArray *cand_moves; /* FeltMove: their moves from their parents */
  GArray *ranked;     /* Ranked */
  GArray *path;       /* FeltMove: the moves of the closure so far */
  GArray *playout;    /* FeltMove: scratch for quick games */
  KeySet seen;
  guint parent;
  Limits *lim;
  gboolean won;
  guint won_index;    /* in cand */
} Beam;

/* In Hopscotch suits never matter and reserve piles are alike: a
 * foundation is known by its size (its ranks follow from it), the stock
 * by its size, the waste by its rank, the reserve piles by their ranks,
 * as a set. */
static guint64
hopscotch_key (const FeltState *st)
{
  const FeltGame *game = felt_state_game (st);
  guint64 res[FELT_MAX_PILES];
  guint64 h = 0x686f70;
  guint n = 0;

  for (guint p = 0; p < game->n_piles; p++)
    {
      guint size = felt_pile_size (st, p);
      if (game->piles[p].role == FELT_ROLE_RESERVE)
        {
          guint64 ph = size + 1;
          for (guint i = 0; i < size; i++)
            ph = ph * 31 + FELT_CARD_RANK (felt_pile_card (st, p, i));
          res[n++] = mix64 (ph);
        }
      else
        h = (h ^ (size | (guint64) FELT_CARD_RANK (felt_pile_top (st, p)) << 8)) *
            G_GUINT64_CONSTANT (0x9e3779b97f4a7c15);
    }
  for (guint i = 1; i < n; i++)
    for (guint j = i; j > 0 && res[j - 1] > res[j]; j--)
      {
        guint64 t = res[j];
        res[j] = res[j - 1];
        res[j - 1] = t;
      }
  return hash_bytes ((const guint8 *) res, n * sizeof (guint64), h);
}

/* need[r]: in how many cards the soonest foundation takes rank r (99:
 * none will). */
static void
hopscotch_need (const FeltState *st, guint need[14])
{
  const FeltGame *game = felt_state_game (st);

  for (guint r = 0; r < 14; r++)
    need[r] = 99;
  for (guint p = 0; p < game->n_piles; p++)
    {
      guint size, top, step;
      if (game->piles[p].role != FELT_ROLE_FOUNDATION)
        continue;
      size = felt_pile_size (st, p);
      top = FELT_CARD_RANK (felt_pile_top (st, p));
      step = game->piles[p].index + 1u;
      for (guint k = 1; size + k <= 13; k++)
        {
          guint r = (top - 1 + k * step) % 13 + 1;
          need[r] = MIN (need[r], k);
        }
    }
}

/* How long the cards of a reserve pile wait because of cards above them:
 * a card can go no sooner than it is needed, nor before every card above
 * it went; the sum over the pile of that wait (with `extra` put on top
 * first, when not 0). */
static int
hopscotch_pile_delay (const FeltState *st, guint pile, const guint need[14], FeltCard extra)
{
  guint size = felt_pile_size (st, pile);
  guint t = extra ? MIN (need[FELT_CARD_RANK (extra)], 14u) : 0;
  int delay = 0;

  for (guint j = size; j > 0; j--)
    {
      guint nd = MIN (need[FELT_CARD_RANK (felt_pile_card (st, pile, j - 1))], 14u);
      t = MAX (t, nd);
      delay += (int) (t - nd);
    }
  return delay;
}

/* Higher is better: cards out, reserve piles that make cards wait cost,
 * empty piles count. */
static int
hopscotch_score (const FeltState *st)
{
  const FeltGame *game = felt_state_game (st);
  guint need[14];
  int score = 0;

  hopscotch_need (st, need);
  for (guint p = 0; p < game->n_piles; p++)
    {
      guint size = felt_pile_size (st, p);
      if (game->piles[p].role == FELT_ROLE_FOUNDATION)
        score += 100 * (int) size;
      else if (game->piles[p].role == FELT_ROLE_RESERVE)
        score += (size == 0 ? 30 : 0) - 12 * hopscotch_pile_delay (st, p, need, 0);
    }
  return score;
}

/* The rank foundation `pile` takes next, or 0 when complete. */
static guint
hopscotch_next_rank (const FeltState *st, guint pile)
{
  const FeltGame *game = felt_state_game (st);

  if (felt_pile_size (st, pile) >= 13)
    return 0;
  return (FELT_CARD_RANK (felt_pile_top (st, pile)) - 1 + game->piles[pile].index + 1u) % 13 + 1;
}

/* Applies the move if the engine finds it legal. */
static gboolean
try_move (FeltState *st, const FeltMove *m, GArray *moves)
{
  FeltUndo undo;

  if (felt_state_check_move (st, m) != FELT_LEGAL)
    return FALSE;
  felt_state_apply (st, m, &undo);
  g_array_append_val (moves, *m);
  return TRUE;
}

/* A quick game to the end: a card goes home when it can (the waste card
 * first), the waste card goes onto the reserve pile where it makes cards
 * wait least, else the stock deals.  It only
 * proposes moves, from the ranks the foundations take next; the engine
 * checks each one.  The moves are appended to `moves`; TRUE when won. */
static gboolean
hopscotch_playout (FeltState *st, GArray *moves)
{
  const FeltGame *game = felt_state_game (st);
  guint found[FELT_MAX_PILES], res[FELT_MAX_PILES], nf = 0, nr = 0;
  int waste = felt_game_find_pile (game, FELT_ROLE_WASTE, 0);

  for (guint p = 0; p < game->n_piles; p++)
    {
      if (game->piles[p].role == FELT_ROLE_FOUNDATION)
        found[nf++] = p;
      else if (game->piles[p].role == FELT_ROLE_RESERVE)
        res[nr++] = p;
    }
  for (;;)
    {
      guint next[FELT_MAX_PILES];
      gboolean avail[14];
      FeltCard card;
      gboolean moved = FALSE;

      if (felt_state_is_won (st))
        return TRUE;
      for (guint f = 0; f < nf; f++)
        next[f] = hopscotch_next_rank (st, found[f]);
      /* Home: the waste card, then the reserve piles' top cards. */
      card = felt_pile_top (st, (guint) waste);
      /* Ranks that could go next: the waste card and the piles' tops.  A
       * card that fits two foundations goes first where the rank after it
       * is at hand. */
      memset (avail, 0, sizeof avail);
      if (card)
        avail[FELT_CARD_RANK (card)] = TRUE;
      for (guint r = 0; r < nr; r++)
        avail[FELT_CARD_RANK (felt_pile_top (st, res[r]))] = TRUE;
      for (int pass = 0; pass < 2 && !moved; pass++)
        for (guint i = 0; i <= nr && !moved; i++)
          {
            /* i == 0: the waste; then the reserve piles. */
            guint from = i == 0 ? (guint) waste : res[i - 1];
            FeltCard top = felt_pile_top (st, from);
            for (guint f = 0; f < nf && top && !moved; f++)
              {
                guint after = (FELT_CARD_RANK (top) - 1 + game->piles[found[f]].index + 1u) % 13 + 1;
                if (next[f] == FELT_CARD_RANK (top) && (pass == 1 || avail[after]))
                  moved = try_move (st, &(FeltMove) { (guint8) from, (guint8) found[f], 1, 0 }, moves);
              }
          }
      if (moved)
        continue;
      if (card)
        {
          guint need[14];
          int best = -1, best_cost = G_MAXINT;

          hopscotch_need (st, need);
          for (guint r = 0; r < nr; r++)
            {
              int cost = hopscotch_pile_delay (st, res[r], need, card) -
                         hopscotch_pile_delay (st, res[r], need, 0);
              if (cost < best_cost)
                {
                  best_cost = cost;
                  best = (int) r;
                }
            }
          if (best < 0 ||
              !try_move (st, &(FeltMove) { (guint8) waste, (guint8) res[best], 1, 0 }, moves))
            return FALSE;
          continue;
        }
      if (!try_move (st, &STOCK_ACTION, moves))
        return FALSE;
    }
}

/* A candidate is ranked by how far a quick game from it gets, then by
 * its score; a quick game that wins ends the search. */
static void
beam_add (Beam *b, const FeltState *st)
{
  BeamNode node;
  Ranked r;
  FeltState end = *st;
  gboolean won;

  node.state = *st;
  node.link.parent = b->parent;
  node.link.move_off = b->cand_moves->len;
  node.link.n_moves = b->path->len;
  g_array_append_vals (b->cand_moves, b->path->data, b->path->len);
  g_array_set_size (b->playout, 0);
  won = hopscotch_playout (&end, b->playout);
  b->lim->nodes += b->playout->len;
  if (won)
    {
      g_array_append_vals (b->cand_moves, b->playout->data, b->playout->len);
      node.link.n_moves += b->playout->len;
      node.state = end;
      g_array_append_val (b->cand, node);
      b->won = TRUE;
      b->won_index = b->cand->len - 1;
      return;
    }
  g_array_append_val (b->cand, node);
  r.score = 1000 * (int) felt_state_pile_count (&end, FELT_ROLE_FOUNDATION) + hopscotch_score (st);
  r.index = b->cand->len - 1;
  g_array_append_val (b->ranked, r);
}

/* Everything reachable from st without dealing: each position with an
 * empty waste becomes a candidate for the next layer. */
static void
beam_closure (Beam *b, FeltState *st)
{
  FeltMove moves[FELT_MAX_MOVES];
  guint n;
  gboolean tried_empty = FALSE;

  if (felt_pile_size (st, 1) == 0 && b->path->len > 0)
    {
      beam_add (b, st);
      if (b->won)
        return;
    }
  n = felt_state_legal_moves (st, moves);
  for (guint i = 0; i < n && !b->won; i++)
    {
      FeltUndo undo;
      /* Empty reserve piles are alike: try one. */
      if (role_of (st, moves[i].to) == FELT_ROLE_RESERVE && felt_pile_size (st, moves[i].to) == 0)
        {
          if (tried_empty)
            continue;
          tried_empty = TRUE;
        }
      if (!limits_spend (b->lim))
        return;
      felt_state_apply (st, &moves[i], &undo);
      if (keyset_add (&b->seen, hopscotch_key (st)))
        {
          g_array_append_val (b->path, moves[i]);
          beam_closure (b, st);
          g_array_set_size (b->path, b->path->len - 1);
        }
      felt_state_undo (st, &undo);
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
  g_autoptr (GArray) rev = g_array_new (FALSE, FALSE, sizeof (FeltMove));

  for (guint l = layers->len; l > 1; l--)
    {
      BeamLayer *layer = g_ptr_array_index (layers, l - 1);
      BeamLink *link = &g_array_index (layer->links, BeamLink, index);
      for (guint k = link->n_moves; k > 0; k--)
        g_array_append_val (rev, g_array_index (layer->moves, FeltMove, link->move_off + k - 1));
      index = link->parent;
    }
  for (guint k = rev->len; k > 0; k--)
    g_array_append_val (line, g_array_index (rev, FeltMove, k - 1));
}

/* One beam search of the given width; TRUE when won (line filled).
 * *dropped tells whether it left out any position: when it did not, and
 * found no win, every position reachable was searched. */
static gboolean
beam_search (const FeltState *root, guint width, Limits *lim, GArray *line, gboolean *dropped)
{
  Beam b = { 0 };
  GPtrArray *layers = g_ptr_array_new_with_free_func (beam_layer_free);
  BeamLayer *first = g_new0 (BeamLayer, 1);
  BeamLink start = { 0, 0, 0 };
  gboolean won = FALSE;

  first->links = g_array_new (FALSE, FALSE, sizeof (BeamLink));
  first->states = g_array_new (FALSE, FALSE, sizeof (FeltState));
  first->moves = g_array_new (FALSE, FALSE, sizeof (FeltMove));
  g_array_append_val (first->links, start);
  g_array_append_val (first->states, *root);
  g_ptr_array_add (layers, first);
  b.cand = g_array_new (FALSE, FALSE, sizeof (BeamNode));
  b.cand_moves = g_array_new (FALSE, FALSE, sizeof (FeltMove));
  b.ranked = g_array_new (FALSE, FALSE, sizeof (Ranked));
  b.path = g_array_new (FALSE, FALSE, sizeof (FeltMove));
  b.playout = g_array_new (FALSE, FALSE, sizeof (FeltMove));
  b.lim = lim;
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
          FeltState st = g_array_index (cur->states, FeltState, i);
          b.parent = i;
          g_array_set_size (b.path, 0);
          if (felt_state_can_stock (&st) && felt_pile_size (&st, 1) == 0)
            {
              FeltUndo undo;
              felt_state_apply (&st, &STOCK_ACTION, &undo);
              g_array_append_val (b.path, STOCK_ACTION);
            }
          /* With the stock empty this plays out what the reserves hold. */
          beam_closure (&b, &st);
        }
      g_clear_pointer (&cur->states, g_array_unref);
      if (limits_stopped (lim) || (b.cand->len == 0 && !b.won))
        break;

      next = g_new0 (BeamLayer, 1);
      next->links = g_array_new (FALSE, FALSE, sizeof (BeamLink));
      next->states = g_array_new (FALSE, FALSE, sizeof (FeltState));
      next->moves = g_array_new (FALSE, FALSE, sizeof (FeltMove));
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
      if (keep < b.ranked->len)
        *dropped = TRUE;
      for (guint i = 0; i < keep; i++)
        {
          BeamNode *node = &g_array_index (b.cand, BeamNode, g_array_index (b.ranked, Ranked, i).index);
          BeamLink link = node->link;
          g_array_append_vals (next->moves, &g_array_index (b.cand_moves, FeltMove, link.move_off),
                               link.n_moves);
          link.move_off = next->moves->len - link.n_moves;
          g_array_append_val (next->links, link);
          g_array_append_val (next->states, node->state);
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

/* The closure of each layer tries every move (of alike empty reserve
 * piles one) and merges only positions alike up to suits and the order of
 * the reserve piles, so a beam that dropped nothing searched everything:
 * then no win means lost. */
static FeltSolveVerdict
solve_hopscotch (FeltState *st, Limits *lim, GArray *line)
{
  for (guint width = 4; !limits_stopped (lim); width *= 4)
    {
      gboolean dropped = FALSE;
      g_array_set_size (line, 0);
      if (beam_search (st, width, lim, line, &dropped))
        return FELT_SOLVE_WINNABLE;
      if (!dropped && !limits_stopped (lim))
        return FELT_SOLVE_LOST;
      if (width >= (1u << 20))
        break;
    }
  g_array_set_size (line, 0);
  return FELT_SOLVE_UNKNOWN;
}

/* ===========================================================================
 * Backbone: restarts of a depth-first search
 * ======================================================================== */

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

/* Backbone's tableau piles are alike, and so are the two foundations of
 * a suit: the key reads them as sorted sets. */
static guint64
backbone_key (const FeltState *st)
{
  const FeltGame *game = felt_state_game (st);
  guint64 tab[FELT_MAX_PILES], fnd[FELT_MAX_PILES];
  guint nt = 0, nf = 0;
  guint64 h = 0x6262;

  for (guint p = 0; p < game->n_piles; p++)
    {
      guint size = felt_pile_size (st, p);
      guint64 ph = hash_bytes (st->cards + st->start[p], size, 7) + size;
      switch (game->piles[p].role)
        {
        case FELT_ROLE_TABLEAU:
          tab[nt++] = ph;
          break;
        case FELT_ROLE_FOUNDATION:
          fnd[nf++] = ph;
          break;
        case FELT_ROLE_STOCK:
        case FELT_ROLE_WASTE:
        case FELT_ROLE_RESERVE:
        case FELT_N_ROLES:
        default:
          h = mix64 (h ^ (ph + p));
          break;
        }
    }
  for (guint i = 1; i < nt; i++)
    for (guint j = i; j > 0 && tab[j - 1] > tab[j]; j--)
      {
        guint64 t = tab[j]; tab[j] = tab[j - 1]; tab[j - 1] = t;
      }
  for (guint i = 1; i < nf; i++)
    for (guint j = i; j > 0 && fnd[j - 1] > fnd[j]; j--)
      {
        guint64 t = fnd[j]; fnd[j] = fnd[j - 1]; fnd[j - 1] = t;
      }
  h = hash_bytes ((const guint8 *) tab, nt * sizeof (guint64), h);
  h = hash_bytes ((const guint8 *) fnd, nf * sizeof (guint64), h);
  return mix64 (h ^ ((guint64) st->redeals << 40));
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

typedef struct {
  Shuffle shuffle;
} Backbone;

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

  if (felt_state_safe_move (st, &out[0]))
    return 1;
  n = felt_state_legal_moves (st, moves);
  shuffle_moves (&b->shuffle, moves, n);
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
  if (felt_state_can_stock (st))
    out[k++] = STOCK_ACTION;
  return k;
}

static gboolean
backbone_goal (const FeltState *st)
{
  return felt_state_is_won (st) || backbone_done (st);
}

#define BACKBONE_RUN 2000

static FeltSolveVerdict
solve_backbone (FeltState *st, Limits *lim, GArray *line)
{
  Backbone b = { { 0 } };
  FeltSolveVerdict verdict;
  FeltState end = *st;

  verdict = solve_restarts (st, backbone_gen, &b.shuffle, &b, backbone_key, backbone_goal,
                            BACKBONE_RUN, state_key (st, TRUE, FALSE), lim, line);
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

/* ===========================================================================
 * The entry point
 * ======================================================================== */

/* Measured on a 2-core AMD EPYC (one core): about a second for Cruel
 * (short restarts, about 2.5 million positions a second) and Hopscotch
 * (about 6 million a second, quick games included), three for Backbone
 * (about 0.8 million a second), under 50 ms for Scuffle (2000 quick games,
 * then the search), a few milliseconds for Straight Up. */
guint64
felt_solve_default_budget (FeltGameId game)
{
  switch (game)
    {
    case FELT_GAME_CRUEL: return 2200000;
    case FELT_GAME_STRAIGHT_UP: return 100000;
    case FELT_GAME_HOPSCOTCH: return 5500000;
    case FELT_GAME_BACKBONE: return 2000000;
    case FELT_GAME_SCUFFLE: return 190000;
    case FELT_N_GAMES:
    default: return 1000000;
    }
}

const char *
felt_solve_verdict_id (FeltSolveVerdict verdict)
{
  switch (verdict)
    {
    case FELT_SOLVE_WINNABLE: return "winnable";
    case FELT_SOLVE_LOST: return "lost";
    case FELT_SOLVE_UNKNOWN:
    default: return "unknown";
    }
}

void
felt_solve_result_clear (FeltSolveResult *result)
{
  g_clear_pointer (&result->line, g_array_unref);
  result->verdict = FELT_SOLVE_UNKNOWN;
  result->nodes = 0;
  result->seconds = 0;
  result->win_chance = -1;
}

gboolean
felt_solve_exhaustive (const FeltState *state, guint64 node_budget, const gint *cancel,
                       FeltSolveResult *out)
{
  gint64 t0 = g_get_monotonic_time ();
  FeltState st = *state;
  Limits lim = {
    .budget = node_budget ? node_budget : felt_solve_default_budget (felt_state_get_game_id (state)),
    .cancel = cancel,
  };
  FeltSolveVerdict verdict;

  out->line = g_array_new (FALSE, FALSE, sizeof (FeltMove));
  out->win_chance = -1;
  verdict = solve_complete_dfs (&st, all_moves_gen, NULL, exhaustive_key, &lim, out->line);
  if (verdict != FELT_SOLVE_WINNABLE || lim.cancelled)
    g_array_set_size (out->line, 0);
  out->verdict = lim.cancelled ? FELT_SOLVE_UNKNOWN : verdict;
  out->nodes = lim.nodes;
  out->seconds = (g_get_monotonic_time () - t0) / 1e6;
  return !lim.cancelled;
}

gboolean
felt_solve (const FeltState *state, guint64 node_budget, const gint *cancel,
            FeltSolveResult *out)
{
  gint64 t0 = g_get_monotonic_time ();
  FeltState st = *state;
  FeltGameId game = felt_state_get_game_id (state);
  Limits lim = {
    .budget = node_budget ? node_budget : felt_solve_default_budget (game),
    .cancel = cancel,
  };
  FeltSolveVerdict verdict;
  FeltMove moves[FELT_MAX_MOVES];

  out->line = g_array_new (FALSE, FALSE, sizeof (FeltMove));
  out->win_chance = -1;

  if (felt_state_is_won (&st))
    {
      verdict = FELT_SOLVE_WINNABLE;
      if (game == FELT_GAME_SCUFFLE)
        out->win_chance = 1;
    }
  else if (felt_state_legal_moves (&st, moves) == 0 && !felt_state_can_stock (&st))
    {
      verdict = FELT_SOLVE_LOST;
      if (game == FELT_GAME_SCUFFLE)
        out->win_chance = 0;
    }
  else
    switch (game)
      {
      case FELT_GAME_CRUEL:
        verdict = solve_cruel (&st, &lim, out->line);
        break;
      case FELT_GAME_STRAIGHT_UP:
        verdict = solve_complete_dfs (&st, straight_up_gen, NULL, full_key, &lim, out->line);
        break;
      case FELT_GAME_SCUFFLE:
        verdict = solve_scuffle (&st, &lim, out->line, &out->win_chance);
        break;
      case FELT_GAME_HOPSCOTCH:
        verdict = solve_hopscotch (&st, &lim, out->line);
        break;
      case FELT_GAME_BACKBONE:
        verdict = solve_backbone (&st, &lim, out->line);
        break;
      case FELT_N_GAMES:
      default:
        verdict = solve_complete_dfs (&st, all_moves_gen, NULL, exhaustive_key, &lim, out->line);
        break;
      }

  if (verdict != FELT_SOLVE_WINNABLE)
    g_array_set_size (out->line, 0);
  if (lim.cancelled)
    {
      verdict = FELT_SOLVE_UNKNOWN;
      g_array_set_size (out->line, 0);
    }
  out->verdict = verdict;
  out->nodes = lim.nodes;
  out->seconds = (g_get_monotonic_time () - t0) / 1e6;
  return !lim.cancelled;
}
