/* test-play-util.c: what the tests of the game in play (test-play*.c)
 * share: a data folder of their own for each test, waiting on the main
 * loop, the position in play, the statistics on disk, notifications
 * counted, and the solver's verdict on a deal.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "test-play.h"

#include "felt-test-util.h"

char *data_dir;

char *
data_path (const char *name)
{
  return g_build_filename (data_dir, name, NULL);
}

void
write_file (const char *name, const char *text)
{
  g_autofree char *path = data_path (name);

  assert_true (g_file_set_contents (path, text, -1, NULL));
}


int
setup (void **state)
{
  data_dir = felt_test_make_dir ("felt-test-play", "FELT_DATA_DIR");
  return 0;
}

int
teardown (void **state)
{
  felt_test_remove_dir (data_dir);
  g_clear_pointer (&data_dir, g_free);
  return 0;
}

/* Runs the main loop until the condition holds; FALSE after `seconds`. */
gboolean
wait_for (FeltPlay *play, Condition condition, gconstpointer data, int seconds)
{
  gint64 end = g_get_monotonic_time () + seconds * G_USEC_PER_SEC;

  while (g_get_monotonic_time () < end)
    {
      if (condition (play, data))
        return TRUE;
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (1000);
    }
  return condition (play, data);
}

void
wait_ms (guint ms)
{
  gint64 end = g_get_monotonic_time () + ms * 1000;

  while (g_get_monotonic_time () < end)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (1000);
}

const FeltState *
state_of (FeltPlay *play)
{
  return felt_session_get_state (felt_play_get_session (play));
}

guint
n_moves (FeltPlay *play)
{
  return felt_session_get_n_moves (felt_play_get_session (play));
}

/* Plays some legal move: the first the engine lists, or the stock. */
void
make_a_move (FeltPlay *play)
{
  FeltMove moves[FELT_MAX_MOVES];

  if (felt_state_legal_moves (state_of (play), moves) > 0)
    assert_true (felt_play_move (play, &moves[0], TRUE));
  else
    assert_true (felt_play_move (play, &(FeltMove) { 0, 0, 0, 1 }, TRUE));
}

FeltPlay *
new_play (const char *game, guint32 seed)
{
  FeltPlay *play = felt_play_new ();

  if (game)
    felt_play_start (play, felt_game_lookup (game), seed);
  return play;
}

FeltStats
read_stats (void)
{
  g_autofree char *path = data_path ("statistics.ini");
  g_autofree char *text = NULL;
  gsize length;
  FeltStats stats;

  memset (&stats, 0, sizeof stats);
  if (g_file_get_contents (path, &text, &length, NULL))
    assert_true (felt_stats_from_data (&stats, text, length, NULL));
  return stats;
}

static void
noted (GObject *object, GParamSpec *pspec, Notes *notes)
{
  guint n = GPOINTER_TO_UINT (g_hash_table_lookup (notes->counts, pspec->name));

  g_hash_table_insert (notes->counts, (gpointer) pspec->name, GUINT_TO_POINTER (n + 1));
}

void
notes_watch (Notes *notes, gpointer object)
{
  notes->counts = g_hash_table_new (g_str_hash, g_str_equal);
  g_signal_connect (object, "notify", G_CALLBACK (noted), notes);
}

guint
notes_take (Notes *notes, const char *name)
{
  guint n = GPOINTER_TO_UINT (g_hash_table_lookup (notes->counts, name));

  g_hash_table_remove (notes->counts, name);
  return n;
}

void
notes_clear (Notes *notes, gpointer object)
{
  g_signal_handlers_disconnect_by_data (object, notes);
  g_hash_table_unref (notes->counts);
}

FeltSolveResult
solve (const FeltState *state)
{
  FeltSolveResult result;

  felt_solve (state, 0, NULL, &result);
  return result;
}

/* Plays the solver's winning line from the position in play but for its
 * last `keep` moves. */
void
play_winning_line (FeltPlay *play, guint keep)
{
  FeltSolveResult result = solve (state_of (play));

  assert_int_equal (result.verdict, FELT_SOLVE_WINNABLE);
  assert_true (result.line->len > keep);
  for (guint i = 0; i + keep < result.line->len; i++)
    assert_true (felt_play_move (play, &g_array_index (result.line, FeltMove, i), TRUE));
  felt_solve_result_clear (&result);
}

void
count_signal (gpointer instance, gboolean value, guint *counts)
{
  counts[value ? 1 : 0]++;
}

void
count_calls (gpointer instance, guint *count)
{
  (*count)++;
}

gboolean
moves_at_least (FeltPlay *play, gconstpointer n)
{
  return n_moves (play) >= GPOINTER_TO_UINT (n);
}

gboolean
elapsed_at_least (FeltPlay *play, gconstpointer seconds)
{
  return felt_play_get_elapsed (play) >= GPOINTER_TO_UINT (seconds);
}
