/* felt-saved-game.c: the game in progress as a small text file.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "felt-saved-game.h"

#include <errno.h>
#include <glib/gi18n.h>

#include "felt-format.h"
#include "felt-store.h"

#define GROUP "Felt Game"
#define FORMAT 1

G_DEFINE_QUARK (felt-save-error-quark, felt_save_error)

static void
append_move (GString *out, const FeltMove *m)
{
  if (out->len)
    g_string_append_c (out, ' ');
  if (m->stock)
    g_string_append_c (out, 's');
  else
    g_string_append_printf (out, "%u.%u.%u", m->from, m->count, m->to);
}

char *
felt_saved_game_to_data (FeltSession *session, gint64 elapsed_ms, gsize *length)
{
  return felt_saved_game_to_data_full (session, elapsed_ms, FELT_GAME_HELP_NONE, length);
}

/* The `help` key's values, as the history writes its HELP field. */
static const char *const help_ids[] = {
  [FELT_GAME_HELP_DEMO] = "demo",
  [FELT_GAME_HELP_SOLUTION] = "solution",
  [FELT_GAME_HELP_DEMO | FELT_GAME_HELP_SOLUTION] = "demo,solution",
};

char *
felt_saved_game_to_data_full (FeltSession *session, gint64 elapsed_ms, FeltGameHelp help, gsize *length)
{
  g_autoptr (GKeyFile) file = g_key_file_new ();
  g_autoptr (GString) moves = g_string_new (NULL);
  g_autoptr (GString) redo = g_string_new (NULL);
  g_autoptr (GString) moves_auto = g_string_new (NULL);
  g_autoptr (GString) redo_auto = g_string_new (NULL);

  for (guint i = 0; i < felt_session_get_n_moves (session); i++)
    {
      FeltMove m = felt_session_get_move (session, i);
      append_move (moves, &m);
      if (felt_session_get_move_automatic (session, i))
        g_string_append_printf (moves_auto, "%s%u", moves_auto->len ? " " : "", i);
    }
  for (guint i = 0; i < felt_session_get_n_redo (session); i++)
    {
      FeltMove m = felt_session_get_redo (session, i);
      append_move (redo, &m);
      if (felt_session_get_redo_automatic (session, i))
        g_string_append_printf (redo_auto, "%s%u", redo_auto->len ? " " : "", i);
    }

  g_key_file_set_integer (file, GROUP, "format", FORMAT);
  g_key_file_set_string (file, GROUP, "game", felt_session_get_game (session)->id);
  g_key_file_set_uint64 (file, GROUP, "seed", felt_session_get_seed (session));
  g_key_file_set_int64 (file, GROUP, "elapsed-ms", MAX (elapsed_ms, 0));
  g_key_file_set_string (file, GROUP, "moves", moves->str);
  g_key_file_set_string (file, GROUP, "redo", redo->str);
  /* Added in format 1 without a new number: an older Felt ignores the
   * key, and a file without it is a game the demo did not play in.  Set
   * for any help, so that an older Felt still keeps a game the solution
   * was shown in out of the statistics; `help` (added later, the same
   * way) says which help it was. */
  if (help != FELT_GAME_HELP_NONE)
    {
      g_key_file_set_boolean (file, GROUP, "demo-played", TRUE);
      g_key_file_set_string (file, GROUP, "help", help_ids[help]);
    }
  /* The same: which moves went by themselves (by their place in each
   * list), so that Undo takes them back with the move before them. */
  if (moves_auto->len)
    g_key_file_set_string (file, GROUP, "moves-automatic", moves_auto->str);
  if (redo_auto->len)
    g_key_file_set_string (file, GROUP, "redo-automatic", redo_auto->str);
  return g_key_file_to_data (file, length, NULL);
}

static gboolean
parse_move (const char *word, FeltMove *m)
{
  guint64 v[3];
  g_auto (GStrv) parts = NULL;

  if (g_str_equal (word, "s"))
    {
      *m = (FeltMove) { 0, 0, 0, 1 };
      return TRUE;
    }
  parts = g_strsplit (word, ".", -1);
  if (g_strv_length (parts) != 3)
    return FALSE;
  for (guint i = 0; i < 3; i++)
    if (!g_ascii_string_to_unsigned (parts[i], 10, 0, FELT_MAX_CARDS, &v[i], NULL))
      return FALSE;
  *m = (FeltMove) { (guint8) v[0], (guint8) v[2], (guint8) v[1], 0 };
  return TRUE;
}

/* The places of the automatic moves in a list, or NULL.  They only group
 * moves for Undo, so a list that cannot be read (or names a move past
 * the end) is left out rather than costing the player the game: the
 * moves then go back one at a time. */
static GHashTable *
automatic_places (GKeyFile *file, const char *key)
{
  g_autofree char *text = g_key_file_get_string (file, GROUP, key, NULL);
  g_autoptr (GHashTable) places = NULL;
  g_auto (GStrv) words = NULL;

  if (text == NULL)
    return NULL;
  places = g_hash_table_new (NULL, NULL);
  words = g_strsplit (text, " ", -1);
  for (guint i = 0; words[i]; i++)
    {
      guint64 v;
      if (words[i][0] == '\0')
        continue;
      if (!g_ascii_string_to_unsigned (words[i], 10, 0, FELT_SAVE_MAX_MOVES - 1, &v, NULL))
        return NULL;
      g_hash_table_add (places, GUINT_TO_POINTER ((guint) v + 1));
    }
  return g_steal_pointer (&places);
}

/* Plays a list of moves (those at the places in `automatic` as automatic
 * moves); returns how many, or -1 with error set. */
static int
replay (FeltSession *session, const char *list, GHashTable *automatic, const char *what, GError **error)
{
  g_auto (GStrv) words = g_strsplit (list, " ", -1);
  int n = 0;

  for (guint i = 0; words[i]; i++)
    {
      FeltMove m;
      FeltIllegal why;

      if (words[i][0] == '\0')
        continue;
      if (n >= FELT_SAVE_MAX_MOVES)
        {
          g_set_error (error, FELT_SAVE_ERROR, FELT_SAVE_ERROR_CORRUPT,
                       "too many moves in “%s”", what);
          return -1;
        }
      if (!parse_move (words[i], &m))
        {
          /* The file's bytes, cut at 20: made valid UTF-8 for the message. */
          g_autofree char *message = g_strdup_printf ("unreadable move “%.20s” in “%s”", words[i], what);
          g_autofree char *valid = g_utf8_make_valid (message, -1);
          g_set_error_literal (error, FELT_SAVE_ERROR, FELT_SAVE_ERROR_CORRUPT, valid);
          return -1;
        }
      why = felt_session_play_full (session, &m,
                                    automatic && g_hash_table_contains (automatic, GUINT_TO_POINTER ((guint) n + 1)));
      if (why != FELT_LEGAL)
        {
          g_set_error (error, FELT_SAVE_ERROR, FELT_SAVE_ERROR_ILLEGAL,
                       "move %d of “%s” is not legal: %s", n + 1, what, felt_illegal_message (why));
          return -1;
        }
      n++;
    }
  return n;
}

FeltSession *
felt_saved_game_from_data (const char *data, gsize length, gint64 *elapsed_ms, GError **error)
{
  return felt_saved_game_from_data_full (data, length, elapsed_ms, NULL, error);
}

/* The help the game had: `help` when the file has it (only beside
 * demo-played, as Felt writes it), else the demo flag alone, as a file
 * of before `help` says it.  FALSE for a value Felt does not write. */
static gboolean
read_help (GKeyFile *file, gboolean demo, FeltGameHelp *help)
{
  /* Raw: a value that is not UTF-8 is damage too, not a missing key. */
  g_autofree char *text = g_key_file_get_value (file, GROUP, "help", NULL);

  if (text == NULL)
    {
      *help = demo ? FELT_GAME_HELP_DEMO : FELT_GAME_HELP_NONE;
      return TRUE;
    }
  if (!demo)
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (help_ids); i++)
    if (help_ids[i] && g_str_equal (text, help_ids[i]))
      {
        *help = i;
        return TRUE;
      }
  return FALSE;
}

FeltSession *
felt_saved_game_from_data_full (const char *data, gsize length, gint64 *elapsed_ms, FeltGameHelp *help,
                                GError **error)
{
  g_autoptr (GKeyFile) file = g_key_file_new ();
  g_autoptr (GError) local = NULL;
  g_autoptr (FeltSession) session = NULL;
  g_autofree char *game_id = NULL, *moves = NULL, *redo = NULL, *seed_text = NULL;
  g_autoptr (GHashTable) moves_auto = NULL, redo_auto = NULL;
  const FeltGame *game;
  FeltGameHelp helped;
  gint64 format, elapsed;
  gboolean demo;
  guint32 seed;
  int n_redo;

  if (!g_key_file_load_from_data (file, data, length, G_KEY_FILE_NONE, &local))
    {
      /* GKeyFile quotes the file's bytes, valid UTF-8 or not. */
      g_autofree char *valid = g_utf8_make_valid (local->message, -1);
      g_set_error (error, FELT_SAVE_ERROR, FELT_SAVE_ERROR_CORRUPT, "not a saved game: %s", valid);
      return NULL;
    }

  format = g_key_file_get_int64 (file, GROUP, "format", &local);
  if (local)
    {
      g_autofree char *valid = g_utf8_make_valid (local->message, -1);
      g_set_error (error, FELT_SAVE_ERROR, FELT_SAVE_ERROR_CORRUPT, "no format version: %s", valid);
      return NULL;
    }
  if (format > FORMAT)
    {
      g_set_error (error, FELT_SAVE_ERROR, FELT_SAVE_ERROR_VERSION,
                   "written by a newer version of Felt (format %" G_GINT64_FORMAT ")", format);
      return NULL;
    }
  if (format < 1)
    {
      g_set_error (error, FELT_SAVE_ERROR, FELT_SAVE_ERROR_CORRUPT, "bad format version");
      return NULL;
    }

  game_id = g_key_file_get_string (file, GROUP, "game", NULL);
  game = felt_game_lookup (game_id);
  if (game == NULL)
    {
      g_set_error (error, FELT_SAVE_ERROR, FELT_SAVE_ERROR_CORRUPT, "unknown game");
      return NULL;
    }
  seed_text = g_key_file_get_value (file, GROUP, "seed", NULL);
  if (!felt_seed_parse (seed_text, &seed))
    {
      g_set_error (error, FELT_SAVE_ERROR, FELT_SAVE_ERROR_CORRUPT, "bad deal number");
      return NULL;
    }
  elapsed = g_key_file_get_int64 (file, GROUP, "elapsed-ms", &local);
  if (local || elapsed < 0 || elapsed > G_GINT64_CONSTANT (100) * 365 * 24 * 3600 * 1000)
    {
      g_set_error (error, FELT_SAVE_ERROR, FELT_SAVE_ERROR_CORRUPT, "bad playing time");
      return NULL;
    }
  moves = g_key_file_get_string (file, GROUP, "moves", NULL);
  redo = g_key_file_get_string (file, GROUP, "redo", NULL);
  if (moves == NULL || redo == NULL)
    {
      g_set_error (error, FELT_SAVE_ERROR, FELT_SAVE_ERROR_CORRUPT, "no list of moves");
      return NULL;
    }

  demo = g_key_file_get_boolean (file, GROUP, "demo-played", &local);
  if (local && !g_error_matches (local, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_KEY_NOT_FOUND))
    {
      g_set_error (error, FELT_SAVE_ERROR, FELT_SAVE_ERROR_CORRUPT, "bad demo flag");
      return NULL;
    }
  g_clear_error (&local);
  if (!read_help (file, demo, &helped))
    {
      g_set_error (error, FELT_SAVE_ERROR, FELT_SAVE_ERROR_CORRUPT, "bad help");
      return NULL;
    }

  moves_auto = automatic_places (file, "moves-automatic");
  redo_auto = automatic_places (file, "redo-automatic");
  session = felt_session_new (game, seed);
  if (replay (session, moves, moves_auto, "moves", error) < 0)
    return NULL;
  /* Playing the redo list forward checks it; undoing it again puts it
   * back on the redo list in the same order. */
  n_redo = replay (session, redo, redo_auto, "redo", error);
  if (n_redo < 0)
    return NULL;
  for (int i = 0; i < n_redo; i++)
    felt_session_undo (session);

  *elapsed_ms = elapsed;
  if (help)
    *help = helped;
  return g_steal_pointer (&session);
}

/* ---- game.ini ----------------------------------------------------------------- */

#define SAVED_GAME "game.ini"

struct _FeltGameFile {
  FeltStoreFile *store;
  gboolean told_shared;   /* the player knows another Felt saves here too */
  gboolean seen;          /* this run looked at the file (load or save) */
  FeltGameHelp help;      /* the help the game last loaded had */
};

static char *
unreadable_sentence (FeltStoreFile *file, int errsv)
{
  return g_strdup_printf (_("Felt cannot read your saved game %s (%s), so it leaves the file "
                            "as it is and does not save this game over it."),
                          felt_store_file_get_path (file), felt_store_reason (errsv));
}

static char *
newer_sentence (FeltStoreFile *file)
{
  return g_strdup_printf (_("Your saved game %s comes from a newer version of Felt, so this "
                            "version leaves it as it is and does not save this game over it."),
                          felt_store_file_get_path (file));
}

static char *
save_failed_sentence (FeltStoreFile *file, int errsv)
{
  return g_strdup_printf (_("Felt cannot save your game in %s (%s); it will try again at your next move."),
                          felt_store_file_get_dir (file), felt_store_reason (errsv));
}

static char *
damaged_sentence (const char *kept)
{
  if (kept == NULL)
    return g_strdup (_("Your saved game could not be read, so a new game was started."));
  return g_strdup_printf (_("Your saved game could not be read, so a new game was started. "
                            "The damaged file was kept as %s."), kept);
}

static const FeltStoreFileKind game_kind = {
  .what = "game",
  .unreadable_sentence = unreadable_sentence,
  .newer_sentence = newer_sentence,
  .save_failed_sentence = save_failed_sentence,
  .damaged_sentence = damaged_sentence,
};

FeltGameFile *
felt_game_file_new (void)
{
  FeltGameFile *self = g_new0 (FeltGameFile, 1);

  self->store = felt_store_file_new (SAVED_GAME);
  return self;
}

void
felt_game_file_free (FeltGameFile *self)
{
  if (self == NULL)
    return;
  felt_store_file_free (self->store);
  g_free (self);
}

FeltSession *
felt_game_file_load (FeltGameFile *self, gint64 *elapsed_ms, char **notice)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *data = NULL;
  FeltSession *session;
  gsize length;
  int errsv;

  *notice = NULL;
  *elapsed_ms = 0;
  self->help = FELT_GAME_HELP_NONE;
  errsv = felt_store_file_load (self->store, &game_kind, &data, &length);
  self->seen = errsv == 0 || errsv == ENOENT;
  if (errsv != 0)
    return NULL;
  session = felt_saved_game_from_data_full (data, length, elapsed_ms, &self->help, &error);
  if (session == NULL)
    *notice = felt_store_file_refuse (self->store, &game_kind, error,
                                      g_error_matches (error, FELT_SAVE_ERROR, FELT_SAVE_ERROR_VERSION));
  return session;
}

gboolean
felt_game_file_save (FeltGameFile *self, FeltSession *session, gint64 elapsed_ms, char **notice)
{
  return felt_game_file_save_full (self, session, elapsed_ms, FELT_GAME_HELP_NONE, notice);
}

typedef struct {
  FeltGameFile *self;
  FeltSession *session;
  gint64 elapsed_ms;
  FeltGameHelp help;
  gboolean shared;        /* another Felt had saved its game there */
} GameSave;

static int
write_game (FeltStoreFile *store, gpointer data)
{
  GameSave *save = data;
  g_autofree char *text = NULL;
  gsize length;

  /* Another Felt wrote the file since this one read or wrote it (one
   * removed by hand is no other Felt).  A run that starts a deal of its
   * own without looking (felt --game) replaces an earlier run's file:
   * no other Felt is known then. */
  save->shared = save->self->seen && felt_store_file_changed_on_disk (store) &&
                 g_file_test (felt_store_file_get_path (store), G_FILE_TEST_EXISTS);
  text = felt_saved_game_to_data_full (save->session, save->elapsed_ms, save->help, &length);
  return felt_store_file_write (store, text, length);
}

gboolean
felt_game_file_save_full (FeltGameFile *self, FeltSession *session, gint64 elapsed_ms, FeltGameHelp help,
                          char **notice)
{
  GameSave save = { self, session, elapsed_ms, help, FALSE };

  if (notice)
    *notice = NULL;
  if (!felt_store_file_save (self->store, &game_kind, write_game, &save))
    return FALSE;
  self->seen = TRUE;
  if (save.shared && !self->told_shared)
    {
      self->told_shared = TRUE;
      if (notice)
        *notice = g_strdup_printf (_("Another copy of Felt also saves its game in %s; the game kept there "
                                     "is always the one moved last, now this one."),
                                   felt_store_file_get_dir (self->store));
    }
  return TRUE;
}

const char *
felt_game_file_get_problem (FeltGameFile *self)
{
  return felt_store_file_get_problem (self->store);
}

FeltGameHelp
felt_game_file_get_help (FeltGameFile *self)
{
  return self->help;
}

gboolean
felt_game_file_is_waiting (FeltGameFile *self)
{
  return felt_store_file_is_waiting (self->store);
}

void
felt_game_file_set_lock_wait (FeltGameFile *self, guint wait_ms)
{
  felt_store_file_set_lock_wait (self->store, wait_ms);
}

gboolean
felt_game_file_may_write (FeltGameFile *self)
{
  return felt_store_file_may_write (self->store);
}
