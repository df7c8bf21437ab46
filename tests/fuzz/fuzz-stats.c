/* fuzz-stats.c: libFuzzer target for felt_stats_from_data.
 *
 * Beyond "no crash":
 *  - a file that does not load leaves the statistics all zero, with an
 *    error of FELT_SAVE_ERROR;
 *  - statistics that load hold together (won <= played, streaks <= won,
 *    a best time and fewest moves exactly when something was won, a win
 *    rate of at most 100%), save again (felt_stats_to_data) to data that
 *    loads to the same figures, and saving those gives the same bytes;
 *  - recording a win and a loss on loaded statistics gives statistics
 *    that still save and load again: a hostile file must not make Felt
 *    write a statistics file it then refuses.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "felt-saved-game.h"
#include "felt-stats.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

#define CHECK(cond)                                                    \
  G_STMT_START {                                                       \
    if (!(cond))                                                       \
      {                                                                \
        fprintf (stderr, "fuzz-stats: invariant failed: %s (%s:%d)\n", \
                 #cond, __FILE__, __LINE__);                           \
        abort ();                                                      \
      }                                                                \
  } G_STMT_END

static gboolean
all_zero (const FeltStats *stats)
{
  static const FeltStats zero;

  return memcmp (stats, &zero, sizeof zero) == 0;
}

static void
check_figures (const FeltStats *stats)
{
  for (guint i = 0; i < FELT_N_GAMES; i++)
    {
      const FeltGameStats *s = &stats->games[i];

      CHECK (s->won <= s->played);
      CHECK (s->streak <= s->best_streak);
      CHECK (s->best_streak <= s->won);
      CHECK ((s->won > 0) == (s->best_time_ms > 0));
      CHECK ((s->won > 0) == (s->fewest_moves > 0));
      CHECK (felt_stats_win_rate (s) <= 100);
      /* Rounded to the nearest percent, with no overflow on the way. */
      if (s->played)
        CHECK (felt_stats_win_rate (s) ==
               (guint) (((guint64) s->won * 200 + s->played) / ((guint64) s->played * 2)));
      else
        CHECK (felt_stats_win_rate (s) == 0);
    }
}

/* Saves stats, loads the data and checks the figures come back. */
static void
check_round_trip (const FeltStats *stats)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *saved = NULL, *saved_again = NULL;
  gsize saved_len = 0, saved_again_len = 0;
  FeltStats again;

  saved = felt_stats_to_data (stats, &saved_len);
  CHECK (saved != NULL && strlen (saved) == saved_len);
  if (!felt_stats_from_data (&again, saved, saved_len, &error))
    {
      fprintf (stderr, "fuzz-stats: saved statistics do not load again: %s\n%s\n",
               error->message, saved);
      abort ();
    }
  CHECK (memcmp (&again, stats, sizeof again) == 0);
  saved_again = felt_stats_to_data (&again, &saved_again_len);
  CHECK (saved_again_len == saved_len && memcmp (saved, saved_again, saved_len) == 0);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr (GError) error = NULL;
  FeltStats stats;

  memset (&stats, 0x5a, sizeof stats);
  if (!felt_stats_from_data (&stats, (const char *) data, size, &error))
    {
      CHECK (error != NULL);
      CHECK (error->domain == FELT_SAVE_ERROR);
      CHECK (g_utf8_validate (error->message, -1, NULL));
      CHECK (all_zero (&stats));
      return 0;
    }
  CHECK (error == NULL);
  check_figures (&stats);
  check_round_trip (&stats);

  /* Play on: one win and one loss in games the input picks, with a time
   * and a number of moves a real game could have. */
  {
    guint8 a = size > 0 ? data[0] : 0, b = size > 1 ? data[size - 1] : 0;
    FeltGameId win = (FeltGameId) (a % FELT_N_GAMES);
    FeltGameId loss = (FeltGameId) (b % FELT_N_GAMES);

    felt_stats_record_win (&stats, win, 1 + (gint64) a * 997, 1 + b);
    check_figures (&stats);
    check_round_trip (&stats);
    felt_stats_record_loss (&stats, loss);
    check_figures (&stats);
    check_round_trip (&stats);
  }
  return 0;
}
