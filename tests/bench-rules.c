/* bench-rules.c: how fast the rules engine plays, per game, on one core.
 *
 *   bench-rules [SECONDS [GAME]]
 *
 * For every game it measures, for SECONDS (default 2) of CPU time each,
 * taking the best of five slices:
 *  - playout: generate the legal moves (plus the stock action) and apply
 *    one at random, starting a new deal when the game is won or over or
 *    after MAX_PLAYOUT moves (Cruel's unlimited redeals can go on for
 *    ever); moves per second;
 *  - apply+undo: apply a legal move and undo it, over positions recorded
 *    from random playouts; pairs per second;
 *  - generate: felt_state_legal_moves alone; positions per second.
 * Targets: 1 million playout moves and 5 million apply+undo pairs per
 * second for every game.  Not a test: it only prints figures.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "felt-rules.h"

#define MAX_PLAYOUT 1000
#define N_POSITIONS 8192
#define PLAYOUT_TARGET 1e6
#define APPLY_UNDO_TARGET 5e6
#define SLICES 5

static guint64
bench_rand (guint64 *s)
{
  guint64 z = (*s += G_GUINT64_CONSTANT (0x9e3779b97f4a7c15));

  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94d049bb133111eb);
  return z ^ (z >> 31);
}

static guint
bench_below (guint64 *s, guint n)
{
  return (guint) (((bench_rand (s) >> 32) * n) >> 32);
}

/* The legal moves plus the stock action; 0 when won or over. */
static guint
all_moves (const FeltState *st, FeltMove moves[FELT_MAX_MOVES + 1])
{
  guint n = felt_state_legal_moves (st, moves);

  if (felt_state_can_stock (st))
    moves[n++] = (FeltMove) { 0, 0, 0, 1 };
  return n;
}

/* CPU time of this thread: what one core does, whatever else runs. */
static gint64
cpu_now (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return (gint64) ts.tv_sec * G_USEC_PER_SEC + ts.tv_nsec / 1000;
}

static double
seconds_since (gint64 begin)
{
  return (cpu_now () - begin) / 1e6;
}

static double
bench_playout (const FeltGame *game, double seconds)
{
  FeltMove moves[FELT_MAX_MOVES + 1];
  FeltState st;
  FeltUndo undo;
  guint64 rand = 1;
  guint32 seed = 0;
  guint64 done = 0;
  guint length = 0;
  gint64 begin = cpu_now ();
  double elapsed;

  felt_state_deal (&st, game, seed++);
  for (;;)
    {
      guint n = all_moves (&st, moves);

      if (n == 0 || length == MAX_PLAYOUT)
        {
          felt_state_deal (&st, game, seed++);
          length = 0;
          continue;
        }
      felt_state_apply (&st, &moves[bench_below (&rand, n)], &undo);
      length++;
      if (++done % 4096 == 0 && (elapsed = seconds_since (begin)) >= seconds)
        break;
    }
  return done / elapsed;
}

typedef struct {
  FeltState state;
  guint first, n;      /* its moves in the shared array */
} Position;

/* Positions from random playouts, each with its moves. */
static Position *
record_positions (const FeltGame *game, FeltMove **moves_out, guint *n_moves_out)
{
  Position *positions = g_new (Position, N_POSITIONS);
  GArray *all = g_array_new (FALSE, FALSE, sizeof (FeltMove));
  FeltMove moves[FELT_MAX_MOVES + 1];
  FeltState st;
  FeltUndo undo;
  guint64 rand = 2;
  guint32 seed = 1000;
  guint length = 0;

  felt_state_deal (&st, game, seed++);
  for (guint i = 0; i < N_POSITIONS;)
    {
      guint n = all_moves (&st, moves);

      if (n == 0 || length == MAX_PLAYOUT)
        {
          felt_state_deal (&st, game, seed++);
          length = 0;
          continue;
        }
      positions[i] = (Position) { st, all->len, n };
      g_array_append_vals (all, moves, n);
      i++;
      felt_state_apply (&st, &moves[bench_below (&rand, n)], &undo);
      length++;
    }
  *n_moves_out = all->len;
  *moves_out = (FeltMove *) g_array_free (all, FALSE);
  return positions;
}

static double
bench_apply_undo (Position *positions, const FeltMove *moves, double seconds)
{
  guint64 done = 0;
  gint64 begin = cpu_now ();
  double elapsed;

  for (;;)
    {
      for (guint i = 0; i < N_POSITIONS; i++)
        {
          FeltState *st = &positions[i].state;
          const FeltMove *m = moves + positions[i].first;
          FeltUndo undo;

          for (guint k = 0; k < positions[i].n; k++)
            {
              felt_state_apply (st, &m[k], &undo);
              felt_state_undo (st, &undo);
            }
          done += positions[i].n;
        }
      if ((elapsed = seconds_since (begin)) >= seconds)
        break;
    }
  return done / elapsed;
}

static double
bench_generate (const Position *positions, double seconds)
{
  FeltMove moves[FELT_MAX_MOVES];
  guint64 done = 0, sum = 0;
  gint64 begin = cpu_now ();
  double elapsed;

  for (;;)
    {
      for (guint i = 0; i < N_POSITIONS; i++)
        sum += felt_state_legal_moves (&positions[i].state, moves);
      done += N_POSITIONS;
      if ((elapsed = seconds_since (begin)) >= seconds)
        break;
    }
  /* Keep the work observable. */
  if (sum == G_MAXUINT64)
    puts ("");
  return done / elapsed;
}

int
main (int argc, char **argv)
{
  double seconds = argc > 1 ? g_ascii_strtod (argv[1], NULL) : 2.0;
  const char *only = argc > 2 ? argv[2] : NULL;
  gboolean all_met = TRUE;

  if (!(seconds > 0))
    {
      fprintf (stderr, "usage: bench-rules [SECONDS [GAME]]\n");
      return 2;
    }

  printf ("%-12s %16s %16s %16s %8s\n", "game", "playout moves/s", "apply+undo/s",
          "generate/s", "moves");
  for (guint id = 0; id < FELT_N_GAMES; id++)
    {
      const FeltGame *game = felt_game_get (id);
      FeltMove *moves;
      guint n_moves;
      Position *positions;
      double playout = 0, apply_undo = 0, generate = 0;
      gboolean met;

      if (only != NULL && !g_str_equal (only, game->id))
        continue;
      positions = record_positions (game, &moves, &n_moves);

      /* The best of a few slices: other work on the machine only ever
       * makes a slice slower. */
      for (guint slice = 0; slice < SLICES; slice++)
        {
          playout = MAX (playout, bench_playout (game, seconds / SLICES));
          apply_undo = MAX (apply_undo, bench_apply_undo (positions, moves, seconds / SLICES));
          generate = MAX (generate, bench_generate (positions, seconds / SLICES));
        }
      met = playout >= PLAYOUT_TARGET && apply_undo >= APPLY_UNDO_TARGET;

      printf ("%-12s %14.2f M %14.2f M %14.2f M %8.1f%s\n", game->id, playout / 1e6,
              apply_undo / 1e6, generate / 1e6, (double) n_moves / N_POSITIONS,
              met ? "" : "  (below target)");
      all_met &= met;
      g_free (positions);
      g_free (moves);
    }
  printf ("targets: %.0f M playout moves/s, %.0f M apply+undo/s: %s\n",
          PLAYOUT_TARGET / 1e6, APPLY_UNDO_TARGET / 1e6, all_met ? "met" : "MISSED");
  return 0;
}
