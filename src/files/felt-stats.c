/* felt-stats.c: the player's statistics per game.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "felt-stats.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <string.h>

#include "felt-saved-game.h"
#include "felt-store.h"

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

void
felt_stats_unrecord_loss (FeltStats *stats, FeltGameId game, guint streak)
{
  FeltGameStats *s = &stats->games[game];

  if (s->played <= s->won)
    return;
  s->played--;
  if (s->streak == 0)
    s->streak = streak;
}

void
felt_stats_record_difficulty (FeltStats *stats, FeltGameId game, int difficulty)
{
  FeltGameStats *s = &stats->games[game];

  if (difficulty >= 0 && difficulty < (int) G_N_ELEMENTS (s->won_by_difficulty) &&
      s->won_by_difficulty[difficulty] < MAX_COUNT)
    s->won_by_difficulty[difficulty]++;
}

/* Keys added after format 1: an older Felt ignores them. */
static const char *const won_by_difficulty_keys[] = { "won-easy", "won-medium", "won-hard" };

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
      for (guint d = 0; d < G_N_ELEMENTS (won_by_difficulty_keys); d++)
        g_key_file_set_uint64 (file, group, won_by_difficulty_keys[d], s->won_by_difficulty[d]);
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
      /* Missing in files from before the ratings: zero. */
      for (guint d = 0; d < G_N_ELEMENTS (won_by_difficulty_keys); d++)
        {
          guint64 count;
          if (!read_count (file, group, won_by_difficulty_keys[d], won, &count, error))
            return FALSE;
          s->won_by_difficulty[d] = (guint) count;
        }
    }
  *stats = read;
  return TRUE;
}

/* ---- statistics.ini ----------------------------------------------------------- */

#define STATISTICS "statistics.ini"

typedef enum {
  EVENT_WIN,
  EVENT_LOSS,
  EVENT_UNLOSS,   /* a loss taken back: the player returned to the game */
  EVENT_RESET,
} EventKind;

typedef struct {
  EventKind kind;
  FeltGameId game;
  gint64 time_ms;
  guint moves;    /* EVENT_UNLOSS: the streak the loss broke */
  int difficulty; /* EVENT_WIN: the deal's FeltDifficulty, or -1 */
} Event;

struct _FeltStatsFile {
  FeltStoreLog *log;   /* of Event, the figures a FeltStats */
};

static void
apply (gpointer value, gconstpointer event)
{
  FeltStats *stats = value;
  const Event *e = event;

  switch (e->kind)
    {
    case EVENT_WIN:
      felt_stats_record_win (stats, e->game, e->time_ms, e->moves);
      felt_stats_record_difficulty (stats, e->game, e->difficulty);
      break;
    case EVENT_LOSS:
      felt_stats_record_loss (stats, e->game);
      break;
    case EVENT_UNLOSS:
      felt_stats_unrecord_loss (stats, e->game, e->moves);
      break;
    case EVENT_RESET:
      memset (stats, 0, sizeof *stats);
      break;
    }
}

static gpointer
parse (const char *data, gsize length, gboolean *newer, GError **error)
{
  g_autofree FeltStats *stats = g_new0 (FeltStats, 1);

  if (felt_stats_from_data (stats, data, length, error))
    return g_steal_pointer (&stats);
  *newer = g_error_matches (*error, FELT_SAVE_ERROR, FELT_SAVE_ERROR_VERSION);
  return NULL;
}

static char *
to_data (gconstpointer value, gsize *length)
{
  return felt_stats_to_data (value, length);
}

static gpointer
copy (gconstpointer value)
{
  return g_memdup2 (value, sizeof (FeltStats));
}

static char *
unreadable_sentence (FeltStoreFile *store, int errsv)
{
  return g_strdup_printf (_("Felt cannot read your statistics file %s (%s), so it leaves the file as it is "
                            "and adds this session’s games to it once it can be read."),
                          felt_store_file_get_path (store), felt_store_reason (errsv));
}

static char *
newer_sentence (FeltStoreFile *store)
{
  return g_strdup_printf (_("Your statistics file %s was written by a newer version of Felt, so this version "
                            "leaves it as it is and does not save statistics."),
                          felt_store_file_get_path (store));
}

static char *
save_failed_sentence (FeltStoreFile *store, int errsv)
{
  return g_strdup_printf (_("Felt cannot save your statistics in %s (%s); it will try again at your next move."),
                          felt_store_file_get_dir (store), felt_store_reason (errsv));
}

static char *
damaged_sentence (const char *kept)
{
  if (kept)
    return g_strdup_printf (_("Your statistics could not be read, so Felt starts counting again. "
                              "The damaged file was kept as %s."), kept);
  return g_strdup (_("Your statistics could not be read, so Felt starts counting again."));
}

static const FeltStoreLogKind statistics_kind = {
  .what = "statistics",
  .event_size = sizeof (Event),
  .parse = parse,
  .to_data = to_data,
  .copy = copy,
  .free = g_free,
  .apply = apply,
  .unreadable_sentence = unreadable_sentence,
  .newer_sentence = newer_sentence,
  .save_failed_sentence = save_failed_sentence,
  .damaged_sentence = damaged_sentence,
};

FeltStatsFile *
felt_stats_file_new (void)
{
  FeltStatsFile *self = g_new0 (FeltStatsFile, 1);

  self->log = felt_store_log_new (&statistics_kind, STATISTICS, g_new0 (FeltStats, 1));
  return self;
}

void
felt_stats_file_free (FeltStatsFile *self)
{
  if (self == NULL)
    return;
  felt_store_log_free (self->log);
  g_free (self);
}

char *
felt_stats_file_load (FeltStatsFile *self)
{
  return felt_store_log_load (self->log);
}

const FeltStats *
felt_stats_file_get_stats (FeltStatsFile *self)
{
  return felt_store_log_get (self->log);
}

const char *
felt_stats_file_get_problem (FeltStatsFile *self)
{
  return felt_store_file_get_problem (felt_store_log_get_file (self->log));
}

gboolean
felt_stats_file_is_waiting (FeltStatsFile *self)
{
  return felt_store_file_is_waiting (felt_store_log_get_file (self->log));
}

void
felt_stats_file_set_lock_wait (FeltStatsFile *self, guint wait_ms)
{
  felt_store_file_set_lock_wait (felt_store_log_get_file (self->log), wait_ms);
}

gboolean
felt_stats_file_may_write (FeltStatsFile *self)
{
  return felt_store_log_may_write (self->log);
}

gboolean
felt_stats_file_save (FeltStatsFile *self)
{
  return felt_store_log_save (self->log);
}

static gboolean
record (FeltStatsFile *self, const Event *e)
{
  return felt_store_log_record (self->log, e);
}

gboolean
felt_stats_file_record_win_rated (FeltStatsFile *self, FeltGameId game, gint64 time_ms, guint moves,
                                  int difficulty)
{
  Event e = { EVENT_WIN, game, time_ms, moves, difficulty };

  return record (self, &e);
}

gboolean
felt_stats_file_record_win (FeltStatsFile *self, FeltGameId game, gint64 time_ms, guint moves)
{
  return felt_stats_file_record_win_rated (self, game, time_ms, moves, -1);
}

gboolean
felt_stats_file_record_loss (FeltStatsFile *self, FeltGameId game)
{
  Event e = { EVENT_LOSS, game, 0, 0, -1 };

  return record (self, &e);
}

gboolean
felt_stats_file_unrecord_loss (FeltStatsFile *self, FeltGameId game, guint streak)
{
  Event e = { EVENT_UNLOSS, game, 0, streak, -1 };

  return record (self, &e);
}

gboolean
felt_stats_file_reset (FeltStatsFile *self)
{
  Event e = { EVENT_RESET, 0, 0, 0, -1 };

  return record (self, &e);
}
