/* felt-solver-private.h: what the search shares with the per-game
 * strategies (rules/solver/<game>.c).
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A strategy is a FeltSolverStrategy: the game it plays (by id, as in
 * the game table), its default node budget and its solve function.
 * felt-solver.c looks the strategy up by the game's id in its registry,
 * which the build makes from the files rules/solver/<id>.c
 * (felt-solver-strategies.h): a game's strategy is one file here.
 */
#pragma once

#include "felt-solver.h"
#include "felt-solver-strategies.h"

G_BEGIN_DECLS

#define STOCK_ACTION ((FeltMove) { 0, 0, 0, 1 })

/* ---- hashing ---- */

static inline guint64
felt_mix64 (guint64 z)
{
  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94d049bb133111eb);
  return z ^ (z >> 31);
}

guint64 felt_hash_bytes (const guint8 *p, gsize n, guint64 h);
/* The whole position; with_redeals / with_rng add how many redeals were
 * made and the generator, where they matter. */
guint64 felt_state_key (const FeltState *st, gboolean with_redeals, gboolean with_rng);
/* Sorts n 64-bit values (few: piles), for keys of sets of alike piles. */
void felt_sort_keys (guint64 *v, guint n);

/* ---- a set of 64-bit keys, bounded ---- */

typedef struct {
  guint64 *slots;
  gsize mask;
  gsize used;
  guint max_bits;   /* never grows past 2^max_bits slots */
  gboolean full;    /* a key could not be added: the set is no longer exact */
} KeySet;

void keyset_init (KeySet *set, guint bits);
void keyset_free (KeySet *set);
void keyset_reset (KeySet *set);
/* TRUE when the key was not there yet (and is now).  A full set at its
 * maximum size answers TRUE without storing (and sets full): a search
 * then may repeat work but never skips any. */
gboolean keyset_add (KeySet *set, guint64 key);
/* TRUE when the key is there. */
gboolean keyset_contains (const KeySet *set, guint64 key);

/* ---- budget and cancellation ---- */

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

static inline FeltRole
role_of (const FeltState *st, guint pile)
{
  return felt_state_game (st)->piles[pile].role;
}

/* ---- depth-first search with a table of positions seen ---- */

/* Lists the moves to try from st, best first, stock action included;
 * returns how many (at most FELT_MAX_MOVES + 1).  It may leave out only
 * moves that another listed move dominates, and list none from a position
 * proven lost: a search that runs out of positions claims a loss. */
typedef guint (*GenFunc) (gpointer data, const FeltState *st, FeltMove *moves);
typedef guint64 (*KeyFunc) (const FeltState *st);
/* TRUE when the search may stop: the game is won, or the rest is sure to
 * win (Backbone). */
typedef gboolean (*GoalFunc) (const FeltState *st);

typedef enum {
  DFS_WON,
  DFS_EXHAUSTED,   /* every position reachable (as gen lists moves) was seen */
  DFS_STOPPED,     /* budget or cancel */
} DfsOutcome;

DfsOutcome felt_dfs (FeltState *st, GenFunc gen, gpointer data, KeyFunc key, GoalFunc goal,
                     KeySet *seen, Limits *lim, GArray *line);
/* What a search's outcome says of the position: stopped says nothing. */
FeltSolveVerdict felt_dfs_verdict (DfsOutcome outcome);

/* The line felt_dfs_visit has followed from its start to where it is. */
typedef struct _DfsPath DfsPath;
/* Appends those moves to out. */
void felt_dfs_path_moves (const DfsPath *path, GArray *out);
/* Called at every new position that has moves to try. */
typedef void (*VisitFunc) (gpointer data, const FeltState *st, const DfsPath *path);
/* felt_dfs, telling visit (when not NULL) each new position. */
DfsOutcome felt_dfs_visit (FeltState *st, GenFunc gen, gpointer data, KeyFunc key, GoalFunc goal,
                           VisitFunc visit, KeySet *seen, Limits *lim, GArray *line);

/* One complete depth-first search: won, lost (exhausted) or unknown. */
FeltSolveVerdict felt_solve_complete_dfs (FeltState *st, GenFunc gen, gpointer data, KeyFunc key,
                                          Limits *lim, GArray *line);

/* Restarts in shuffled orders. */
typedef struct {
  guint64 rng;         /* 0: the plain order */
  guint stock_first;   /* percent: how often the stock action goes first */
  gboolean alternate;  /* ... only in every other run, the others keep it last */
  guint odds;          /* the percent of this run (felt_solve_restarts sets it) */
} Shuffle;

gboolean felt_shuffle_moves (Shuffle *sh, FeltMove *moves, guint n);
void felt_run_begin (KeySet *seen, Limits *lim, GArray *line, guint64 budget, guint64 run_budget);
FeltSolveVerdict felt_runs_end (FeltSolveVerdict verdict, guint64 budget, KeySet *seen, Limits *lim,
                                GArray *line);
FeltSolveVerdict felt_solve_restarts (FeltState *st, GenFunc gen, Shuffle *sh, gpointer data,
                                      KeyFunc key, GoalFunc goal, guint64 run_budget,
                                      guint64 seed, Limits *lim, GArray *line);

/* Every legal move and the stock action (foundation moves first). */
guint felt_all_moves_gen (gpointer data, const FeltState *st, FeltMove *out);

/* ---- the strategies ---- */

typedef struct {
  const char *game;    /* FeltGame.id */
  /* About a second of search (three in Backbone, up to four in Cruel's
   * hardest deals, 50 ms in Scuffle). */
  guint64 default_budget;
  /* Where the search part of a rating is full (felt-rate.c); 0: the
   * default budget.  Kept when a strategy's budget grows, so that no
   * deal's rating moves. */
  guint64 rate_budget;
  /* Solves st (neither won nor without any move); may fill *win_chance. */
  FeltSolveVerdict (*solve) (FeltState *st, Limits *lim, GArray *line, double *win_chance);
  /* felt_solver_rate: a winnable deal with a figure up to easy_max is
   * easy, up to medium_max medium, else hard (calibrated so that each
   * holds about a third of the winnable deals: README.md). */
  int easy_max, medium_max;
} FeltSolverStrategy;

const FeltSolverStrategy *felt_solver_strategy_for (const FeltGame *game);

/* Scuffle's win chance: quick games are played in batches of 64, from
 * FELT_SCUFFLE_MIN_ROLLOUTS up to FELT_SCUFFLE_MAX_ROLLOUTS, until
 * felt_scuffle_close_enough: 1.96 standard errors of won / played are at
 * most 3 points (rules/solver/scuffle.c). */
#define FELT_SCUFFLE_MIN_ROLLOUTS 256
#define FELT_SCUFFLE_MAX_ROLLOUTS 1088
gboolean felt_scuffle_close_enough (guint64 won, guint64 played);

/* For the tests: Backbone's model of a position (rules/solver/backbone.c)
 * walked `steps` random moves from st beside the engine; FALSE at the
 * first difference, or when st does not fit the model. */
gboolean felt_backbone_model_check (const FeltState *st, guint64 seed, guint steps);

#define FELT_SOLVER_EXTERN(name) extern const FeltSolverStrategy name;
FELT_SOLVER_STRATEGIES (FELT_SOLVER_EXTERN)
#undef FELT_SOLVER_EXTERN

G_END_DECLS
