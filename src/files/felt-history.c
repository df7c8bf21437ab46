/* felt-history.c: every finished game (felt-history.h).
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "felt-history.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <string.h>

#include "felt-saved-game.h"
#include "felt-solver.h"
#include "felt-store.h"

#define FORMAT 1
#define HEADER "Felt history"
#define MAX_COUNT G_MAXINT32

static const char *const result_ids[] = { "won", "lost", "given-up" };
static const char *const difficulty_ids[] = { "easy", "medium", "hard", "impossible", "unknown" };

FeltHistory *
felt_history_new (void)
{
  FeltHistory *self = g_new0 (FeltHistory, 1);

  self->entries = g_array_new (FALSE, FALSE, sizeof (FeltHistoryEntry));
  return self;
}

void
felt_history_free (FeltHistory *self)
{
  if (self == NULL)
    return;
  g_array_unref (self->entries);
  g_free (self);
}

FeltHistory *
felt_history_copy (const FeltHistory *history)
{
  FeltHistory *self = felt_history_new ();

  g_array_append_vals (self->entries, history->entries->data, history->entries->len);
  memcpy (self->older, history->older, sizeof self->older);
  return self;
}

static gboolean
players (const FeltHistoryEntry *e)
{
  return !e->demo && !e->solution;
}

void
felt_history_add (FeltHistory *self, const FeltHistoryEntry *entry)
{
  guint drop;

  g_array_append_vals (self->entries, entry, 1);
  if (self->entries->len <= FELT_HISTORY_MAX_GAMES)
    return;
  drop = self->entries->len - FELT_HISTORY_MAX_GAMES;
  for (guint i = 0; i < drop; i++)
    {
      const FeltHistoryEntry *e = &g_array_index (self->entries, FeltHistoryEntry, i);
      FeltHistoryOlder *o = &self->older[e->game];

      if (!players (e) || o->played >= MAX_COUNT)
        continue;
      o->played++;
      if (e->result == FELT_HISTORY_WON)
        o->won++;
    }
  g_array_remove_range (self->entries, 0, drop);
}

gboolean
felt_history_retract (FeltHistory *self, FeltGameId game, guint32 deal)
{
  for (guint i = self->entries->len; i-- > 0;)
    {
      const FeltHistoryEntry *e = &g_array_index (self->entries, FeltHistoryEntry, i);

      if (e->game == game && e->deal == deal && e->result == FELT_HISTORY_GIVEN_UP)
        {
          g_array_remove_index (self->entries, i);
          return TRUE;
        }
    }
  return FALSE;
}

void
felt_history_clear (FeltHistory *self)
{
  g_array_set_size (self->entries, 0);
  memset (self->older, 0, sizeof self->older);
}

void
felt_history_totals (const FeltHistory *self, FeltGameId game, guint *played, guint *won)
{
  *played = self->older[game].played;
  *won = self->older[game].won;
  for (guint i = 0; i < self->entries->len; i++)
    {
      const FeltHistoryEntry *e = &g_array_index (self->entries, FeltHistoryEntry, i);

      if (e->game != game || !players (e))
        continue;
      (*played)++;
      if (e->result == FELT_HISTORY_WON)
        (*won)++;
    }
}

GPtrArray *
felt_history_player_games (const FeltHistory *self, FeltGameId game, guint max)
{
  GPtrArray *games = g_ptr_array_new ();

  for (guint i = self->entries->len; i-- > 0 && (max == 0 || games->len < max);)
    {
      FeltHistoryEntry *e = &g_array_index (self->entries, FeltHistoryEntry, i);

      if (e->game == game && players (e))
        g_ptr_array_add (games, e);
    }
  /* gathered newest first */
  for (guint i = 0; i < games->len / 2; i++)
    {
      gpointer t = games->pdata[i];
      games->pdata[i] = games->pdata[games->len - 1 - i];
      games->pdata[games->len - 1 - i] = t;
    }
  return games;
}

/* ---- the file's text ----------------------------------------------------------------- */

char *
felt_history_to_data (const FeltHistory *self, gsize *length)
{
  GString *out = g_string_new (NULL);

  g_string_append_printf (out, "%s\t%d\n", HEADER, FORMAT);
  for (guint g = 0; g < FELT_N_GAMES; g++)
    if (self->older[g].played)
      g_string_append_printf (out, "older\t%s\t%u\t%u\n", felt_game_get (g)->id, self->older[g].played,
                              self->older[g].won);
  for (guint i = 0; i < self->entries->len; i++)
    {
      const FeltHistoryEntry *e = &g_array_index (self->entries, FeltHistoryEntry, i);
      g_autofree char *date = felt_store_format_time (e->finished);
      int d = e->difficulty >= 0 && e->difficulty < (int) G_N_ELEMENTS (difficulty_ids) ? e->difficulty
                                                                                      : FELT_DIFFICULTY_UNKNOWN;

      g_string_append_printf (out, "%s\t%s\t%u\t%s\t%" G_GINT64_FORMAT "\t%u\t%s\t%s\n", date,
                              felt_game_get (e->game)->id, e->deal, result_ids[e->result], e->time_ms, e->moves,
                              difficulty_ids[d],
                              e->demo && e->solution ? "demo,solution"
                              : e->demo ? "demo" : e->solution ? "solution" : "-");
    }
  if (length)
    *length = out->len;
  return g_string_free (out, FALSE);
}

static gboolean G_GNUC_PRINTF (3, 4)
damaged (GError **error, guint line, const char *format, ...)
{
  g_autofree char *what = NULL, *valid = NULL;
  va_list ap;

  va_start (ap, format);
  what = g_strdup_vprintf (format, ap);
  va_end (ap);
  /* The file's bytes: made valid UTF-8 for the message. */
  valid = g_utf8_make_valid (what, -1);
  g_set_error (error, FELT_SAVE_ERROR, FELT_SAVE_ERROR_CORRUPT, "line %u: %s", line, valid);
  return FALSE;
}

static int
lookup (const char *const *ids, guint n, const char *text)
{
  for (guint i = 0; i < n; i++)
    if (g_str_equal (ids[i], text))
      return (int) i;
  return -1;
}

static gboolean
number (const char *text, guint64 max, guint64 *out)
{
  return g_ascii_string_to_unsigned (text, 10, 0, max, out, NULL);
}

static gboolean
parse_game (const char *text, FeltGameId *out)
{
  for (guint i = 0; i < FELT_N_GAMES; i++)
    if (g_str_equal (felt_game_get (i)->id, text))
      {
        *out = i;
        return TRUE;
      }
  return FALSE;
}

static gboolean
parse_line (FeltHistory *self, char **f, guint n, guint line, gboolean *seen_older, GError **error)
{
  FeltHistoryEntry e = { 0 };
  guint64 deal, time, moves;
  int result, difficulty;

  if (n == 4 && g_str_equal (f[0], "older"))
    {
      FeltGameId game;
      guint64 played, won;

      if (!parse_game (f[1], &game) || !number (f[2], MAX_COUNT, &played) || !number (f[3], played, &won))
        return damaged (error, line, "bad totals “%.40s”", f[1]);
      if (seen_older[game])
        return damaged (error, line, "two totals for %s", f[1]);
      seen_older[game] = TRUE;
      self->older[game] = (FeltHistoryOlder) { (guint) played, (guint) won };
      return TRUE;
    }
  if (n != 8)
    return damaged (error, line, "%u fields", n);
  if (!felt_store_parse_time (f[0], &e.finished))
    return damaged (error, line, "bad date “%.40s”", f[0]);
  result = lookup (result_ids, G_N_ELEMENTS (result_ids), f[3]);
  difficulty = lookup (difficulty_ids, G_N_ELEMENTS (difficulty_ids), f[6]);
  if (!parse_game (f[1], &e.game) || !number (f[2], G_MAXUINT32, &deal) || result < 0 ||
      !number (f[4], G_MAXINT64, &time) || !number (f[5], MAX_COUNT, &moves) || difficulty < 0)
    return damaged (error, line, "bad game “%.40s”", f[1]);
  if (g_str_equal (f[7], "demo"))
    e.demo = TRUE;
  else if (g_str_equal (f[7], "solution"))
    e.solution = TRUE;
  else if (g_str_equal (f[7], "demo,solution"))
    e.demo = e.solution = TRUE;
  else if (!g_str_equal (f[7], "-"))
    return damaged (error, line, "bad help “%.40s”", f[7]);
  e.deal = (guint32) deal;
  e.result = result;
  e.time_ms = (gint64) time;
  e.moves = (guint) moves;
  e.difficulty = difficulty;
  felt_history_add (self, &e);
  return TRUE;
}

FeltHistory *
felt_history_from_data (const char *data, gsize length, GError **error)
{
  g_autoptr (FeltHistory) self = felt_history_new ();
  g_autofree char *text = NULL;
  g_auto (GStrv) lines = NULL;
  gboolean seen_older[FELT_N_GAMES] = { FALSE };
  guint64 format;
  guint n_lines;

  if (memchr (data, '\0', length) || !g_utf8_validate_len (data, length, NULL))
    {
      g_set_error (error, FELT_SAVE_ERROR, FELT_SAVE_ERROR_CORRUPT, "not a history file: not text");
      return NULL;
    }
  text = g_strndup (data, length);
  lines = g_strsplit (text, "\n", -1);
  n_lines = g_strv_length (lines);
  /* A whole file ends with a newline: the last piece is empty. */
  if (n_lines < 2 || *lines[n_lines - 1] != '\0' || !g_str_has_prefix (lines[0], HEADER "\t") ||
      !number (lines[0] + strlen (HEADER "\t"), G_MAXINT32, &format) || format < 1)
    {
      g_set_error (error, FELT_SAVE_ERROR, FELT_SAVE_ERROR_CORRUPT, "not a history file");
      return NULL;
    }
  if (format > FORMAT)
    {
      g_set_error (error, FELT_SAVE_ERROR, FELT_SAVE_ERROR_VERSION,
                   "written by a newer version of Felt (format %" G_GUINT64_FORMAT ")", format);
      return NULL;
    }
  for (guint i = 1; i + 1 < n_lines; i++)
    {
      g_auto (GStrv) fields = g_strsplit (lines[i], "\t", 9);

      if (!parse_line (self, fields, g_strv_length (fields), i + 1, seen_older, error))
        return NULL;
    }
  return g_steal_pointer (&self);
}

/* ---- history.tsv ------------------------------------------------------------------------ */

#define HISTORY "history.tsv"

typedef enum {
  EVENT_ADD,
  EVENT_RETRACT,
  EVENT_CLEAR,
} EventKind;

typedef struct {
  EventKind kind;
  FeltHistoryEntry entry;  /* EVENT_RETRACT: its game and deal */
} Event;

struct _FeltHistoryFile {
  FeltStoreLog *log;   /* of Event, the games a FeltHistory */
};

static void
apply (gpointer value, gconstpointer event)
{
  FeltHistory *history = value;
  const Event *e = event;

  switch (e->kind)
    {
    case EVENT_ADD: felt_history_add (history, &e->entry); break;
    case EVENT_RETRACT: felt_history_retract (history, e->entry.game, e->entry.deal); break;
    case EVENT_CLEAR: felt_history_clear (history); break;
    }
}

static gpointer
parse (const char *data, gsize length, gboolean *newer, GError **error)
{
  FeltHistory *history = felt_history_from_data (data, length, error);

  if (history == NULL)
    *newer = g_error_matches (*error, FELT_SAVE_ERROR, FELT_SAVE_ERROR_VERSION);
  return history;
}

static char *
to_data (gconstpointer value, gsize *length)
{
  return felt_history_to_data (value, length);
}

static gpointer
copy (gconstpointer value)
{
  return felt_history_copy (value);
}

static char *
unreadable_sentence (FeltStoreFile *store, int errsv)
{
  return g_strdup_printf (_("Felt cannot read your history of games %s (%s), so it leaves the file as it is "
                            "and adds this session’s games to it once it can be read."),
                          felt_store_file_get_path (store), felt_store_reason (errsv));
}

static char *
newer_sentence (FeltStoreFile *store)
{
  return g_strdup_printf (_("Your history of games %s was written by a newer version of Felt, so this version "
                            "leaves it as it is and does not add to it."),
                          felt_store_file_get_path (store));
}

static char *
save_failed_sentence (FeltStoreFile *store, int errsv)
{
  return g_strdup_printf (_("Felt cannot save your history of games in %s (%s); it will try again at your "
                            "next move."),
                          felt_store_file_get_dir (store), felt_store_reason (errsv));
}

static char *
damaged_sentence (const char *kept)
{
  if (kept)
    return g_strdup_printf (_("Your history of games could not be read, so Felt starts it again. "
                              "The damaged file was kept as %s."), kept);
  return g_strdup (_("Your history of games could not be read, so Felt starts it again."));
}

static const FeltStoreLogKind history_kind = {
  .what = "history",
  .event_size = sizeof (Event),
  .parse = parse,
  .to_data = to_data,
  .copy = copy,
  .free = (GDestroyNotify) felt_history_free,
  .apply = apply,
  .unreadable_sentence = unreadable_sentence,
  .newer_sentence = newer_sentence,
  .save_failed_sentence = save_failed_sentence,
  .damaged_sentence = damaged_sentence,
};

FeltHistoryFile *
felt_history_file_new (void)
{
  FeltHistoryFile *self = g_new0 (FeltHistoryFile, 1);

  self->log = felt_store_log_new (&history_kind, HISTORY, felt_history_new ());
  return self;
}

void
felt_history_file_free (FeltHistoryFile *self)
{
  if (self == NULL)
    return;
  felt_store_log_free (self->log);
  g_free (self);
}

char *
felt_history_file_load (FeltHistoryFile *self)
{
  return felt_store_log_load (self->log);
}

const FeltHistory *
felt_history_file_get (FeltHistoryFile *self)
{
  return felt_store_log_get (self->log);
}

const char *
felt_history_file_get_problem (FeltHistoryFile *self)
{
  return felt_store_file_get_problem (felt_store_log_get_file (self->log));
}

gboolean
felt_history_file_is_waiting (FeltHistoryFile *self)
{
  return felt_store_file_is_waiting (felt_store_log_get_file (self->log));
}

void
felt_history_file_set_lock_wait (FeltHistoryFile *self, guint wait_ms)
{
  felt_store_file_set_lock_wait (felt_store_log_get_file (self->log), wait_ms);
}

gboolean
felt_history_file_save (FeltHistoryFile *self)
{
  return felt_store_log_save (self->log);
}

static gboolean
record (FeltHistoryFile *self, const Event *e)
{
  return felt_store_log_record (self->log, e);
}

gboolean
felt_history_file_record (FeltHistoryFile *self, const FeltHistoryEntry *entry)
{
  Event e = { EVENT_ADD, *entry };

  return record (self, &e);
}

gboolean
felt_history_file_retract (FeltHistoryFile *self, FeltGameId game, guint32 deal)
{
  Event e = { EVENT_RETRACT, { .game = game, .deal = deal } };

  return record (self, &e);
}

gboolean
felt_history_file_clear (FeltHistoryFile *self)
{
  Event e = { EVENT_CLEAR, { 0 } };

  return record (self, &e);
}
