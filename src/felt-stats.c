/* felt-stats.c: the player's statistics per game.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "felt-stats.h"

#include <string.h>

#include "felt-saved-game.h"

#define FORMAT 1
#define MAX_COUNT G_MAXINT32

void
felt_stats_record_win (FeltStats *stats, FeltGameId game, gint64 time_ms, guint moves)
{
  FeltGameStats *s = &stats->games[game];

  /* Past the most the file can hold the figures stay where they are, so
   * that they still load. */
  if (s->played >= MAX_COUNT)
    return;
  s->played++;
  s->won++;
  s->streak++;
  s->best_streak = MAX (s->best_streak, s->streak);
  if (s->best_time_ms == 0 || (time_ms > 0 && time_ms < s->best_time_ms))
    s->best_time_ms = MAX (time_ms, 1);
  if (s->fewest_moves == 0 || moves < s->fewest_moves)
    s->fewest_moves = CLAMP (moves, 1, MAX_COUNT);
}

void
felt_stats_record_loss (FeltStats *stats, FeltGameId game)
{
  FeltGameStats *s = &stats->games[game];

  if (s->played >= MAX_COUNT)
    return;
  s->played++;
  s->streak = 0;
}

guint
felt_stats_win_rate (const FeltGameStats *s)
{
  return s->played ? (guint) (((guint64) s->won * 100 + s->played / 2) / s->played) : 0;
}

char *
felt_stats_to_data (const FeltStats *stats, gsize *length)
{
  g_autoptr (GKeyFile) file = g_key_file_new ();

  g_key_file_set_integer (file, "Felt Statistics", "format", FORMAT);
  for (guint i = 0; i < FELT_N_GAMES; i++)
    {
      const FeltGameStats *s = &stats->games[i];
      const char *group = felt_game_get (i)->id;

      g_key_file_set_uint64 (file, group, "played", s->played);
      g_key_file_set_uint64 (file, group, "won", s->won);
      g_key_file_set_uint64 (file, group, "streak", s->streak);
      g_key_file_set_uint64 (file, group, "best-streak", s->best_streak);
      g_key_file_set_int64 (file, group, "best-time-ms", s->best_time_ms);
      g_key_file_set_uint64 (file, group, "fewest-moves", s->fewest_moves);
    }
  return g_key_file_to_data (file, length, NULL);
}

static gboolean
read_count (GKeyFile *file, const char *group, const char *key, guint64 max, guint64 *out, GError **error)
{
  g_autofree char *text = g_key_file_get_value (file, group, key, NULL);

  /* A game never played may be missing; anything there must be a count. */
  if (text == NULL)
    {
      *out = 0;
      return TRUE;
    }
  if (!g_ascii_string_to_unsigned (text, 10, 0, max, out, NULL))
    {
      /* The file's bytes, cut at 20: made valid UTF-8 for the message. */
      g_autofree char *message = g_strdup_printf ("bad value “%.20s” for %s in %s", text, key, group);
      g_autofree char *valid = g_utf8_make_valid (message, -1);
      g_set_error_literal (error, FELT_SAVE_ERROR, FELT_SAVE_ERROR_CORRUPT, valid);
      return FALSE;
    }
  return TRUE;
}

gboolean
felt_stats_from_data (FeltStats *stats, const char *data, gsize length, GError **error)
{
  g_autoptr (GKeyFile) file = g_key_file_new ();
  g_autoptr (GError) local = NULL;
  FeltStats read = { 0 };
  gint64 format;

  memset (stats, 0, sizeof *stats);
  if (!g_key_file_load_from_data (file, data, length, G_KEY_FILE_NONE, &local))
    {
      /* GKeyFile quotes the file's bytes, valid UTF-8 or not. */
      g_autofree char *valid = g_utf8_make_valid (local->message, -1);
      g_set_error (error, FELT_SAVE_ERROR, FELT_SAVE_ERROR_CORRUPT, "not a statistics file: %s", valid);
      return FALSE;
    }
  format = g_key_file_get_int64 (file, "Felt Statistics", "format", &local);
  if (local || format < 1)
    {
      g_set_error (error, FELT_SAVE_ERROR, FELT_SAVE_ERROR_CORRUPT, "no format version");
      return FALSE;
    }
  if (format > FORMAT)
    {
      g_set_error (error, FELT_SAVE_ERROR, FELT_SAVE_ERROR_VERSION,
                   "written by a newer version of Felt (format %" G_GINT64_FORMAT ")", format);
      return FALSE;
    }

  for (guint i = 0; i < FELT_N_GAMES; i++)
    {
      FeltGameStats *s = &read.games[i];
      const char *group = felt_game_get (i)->id;
      guint64 played, won, streak, best_streak, time, moves;

      if (!read_count (file, group, "played", MAX_COUNT, &played, error) ||
          !read_count (file, group, "won", MAX_COUNT, &won, error) ||
          !read_count (file, group, "streak", MAX_COUNT, &streak, error) ||
          !read_count (file, group, "best-streak", MAX_COUNT, &best_streak, error) ||
          !read_count (file, group, "best-time-ms", G_MAXINT64, &time, error) ||
          !read_count (file, group, "fewest-moves", MAX_COUNT, &moves, error))
        return FALSE;
      /* Figures that contradict each other are damage, not statistics. */
      if (won > played || streak > won || best_streak > won || streak > best_streak ||
          (won > 0) != (time > 0) || (won > 0) != (moves > 0))
        {
          g_set_error (error, FELT_SAVE_ERROR, FELT_SAVE_ERROR_CORRUPT,
                       "the figures for %s do not add up", group);
          return FALSE;
        }
      s->played = (guint) played;
      s->won = (guint) won;
      s->streak = (guint) streak;
      s->best_streak = (guint) best_streak;
      s->best_time_ms = (gint64) time;
      s->fewest_moves = (guint) moves;
    }
  *stats = read;
  return TRUE;
}
