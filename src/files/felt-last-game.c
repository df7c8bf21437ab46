/* felt-last-game.c: the player's last finished game (felt-last-game.h).
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "felt-last-game.h"

#include <string.h>
#include <glib/gi18n.h>

#include "felt-saved-game.h"
#include "felt-store.h"

/* The saved game's group: the file is a saved game with nothing to redo
 * and two keys more, so that one reader checks both (every move replayed
 * through the engine, the format number of game.ini). */
#define GROUP "Felt Game"
#define LAST_GAME "last-game.ini"

static const char *const result_ids[] = {
  [FELT_HISTORY_WON] = "won",
  [FELT_HISTORY_LOST] = "lost",
  [FELT_HISTORY_GIVEN_UP] = "given-up",
};

const char *
felt_last_game_result_id (FeltHistoryResult result)
{
  g_return_val_if_fail (result < G_N_ELEMENTS (result_ids), NULL);
  return result_ids[result];
}

FeltLastGame *
felt_last_game_new (const FeltSession *session, FeltHistoryResult result, gint64 finished, gint64 time_ms)
{
  FeltLastGame *game = g_new0 (FeltLastGame, 1);

  game->session = felt_session_new (felt_session_get_game (session), felt_session_get_seed (session));
  for (guint i = 0; i < felt_session_get_n_moves (session); i++)
    {
      FeltMove m = felt_session_get_move (session, i);
      felt_session_play_full (game->session, &m, felt_session_get_move_automatic (session, i));
    }
  game->result = result;
  game->finished = finished;
  game->time_ms = MAX (time_ms, 0);
  return game;
}

void
felt_last_game_free (FeltLastGame *game)
{
  if (game == NULL)
    return;
  felt_session_free (game->session);
  g_free (game);
}

char *
felt_last_game_to_data (const FeltLastGame *game, gsize *length)
{
  g_autofree char *saved = felt_saved_game_to_data ((FeltSession *) game->session, game->time_ms, NULL);
  g_autoptr (GKeyFile) file = g_key_file_new ();
  g_autofree char *date = felt_store_format_time (game->finished);

  /* The saved game's own text, read back to add the two keys. */
  if (!g_key_file_load_from_data (file, saved, strlen (saved), G_KEY_FILE_NONE, NULL))
    g_return_val_if_reached (NULL);
  g_key_file_set_string (file, GROUP, "result", felt_last_game_result_id (game->result));
  g_key_file_set_string (file, GROUP, "finished", date);
  return g_key_file_to_data (file, length, NULL);
}

static gboolean
corrupt (GError **error, const char *what)
{
  g_set_error_literal (error, FELT_SAVE_ERROR, FELT_SAVE_ERROR_CORRUPT, what);
  return FALSE;
}

/* The keys the saved game does not have, and what the position says. */
static gboolean
read_ending (GKeyFile *file, FeltLastGame *game, GError **error)
{
  g_autofree char *result = g_key_file_get_string (file, GROUP, "result", NULL);
  g_autofree char *date = g_key_file_get_string (file, GROUP, "finished", NULL);
  const FeltState *st = felt_session_get_state (game->session);
  guint r;

  for (r = 0; r < G_N_ELEMENTS (result_ids); r++)
    if (g_strcmp0 (result, result_ids[r]) == 0)
      break;
  if (r == G_N_ELEMENTS (result_ids))
    return corrupt (error, "bad result");
  game->result = r;
  /* A game is won or lost by its position; one given up was neither. */
  if ((game->result == FELT_HISTORY_WON) != felt_state_is_won (st) ||
      (game->result == FELT_HISTORY_LOST && !felt_state_is_over (st)) ||
      (game->result == FELT_HISTORY_GIVEN_UP && felt_state_is_over (st)))
    return corrupt (error, "the result is not the position's");
  if (!felt_store_parse_time (date, &game->finished))
    return corrupt (error, "bad date");
  return TRUE;
}

FeltLastGame *
felt_last_game_from_data (const char *data, gsize length, GError **error)
{
  g_autoptr (FeltLastGame) game = g_new0 (FeltLastGame, 1);
  g_autoptr (GKeyFile) file = g_key_file_new ();
  FeltGameHelp help = FELT_GAME_HELP_NONE;

  game->session = felt_saved_game_from_data_full (data, length, &game->time_ms, &help, error);
  if (game->session == NULL)
    return NULL;
  /* What the saved game allows and a finished game cannot have. */
  if (felt_session_get_n_redo (game->session) > 0 || felt_session_get_n_moves (game->session) == 0 ||
      help != FELT_GAME_HELP_NONE)
    {
      corrupt (error, "moves to redo, no move, or a game of the demo");
      return NULL;
    }
  /* Read already: it parses. */
  if (!g_key_file_load_from_data (file, data, length, G_KEY_FILE_NONE, NULL) || !read_ending (file, game, error))
    return NULL;
  return g_steal_pointer (&game);
}

/* ---- last-game.ini ------------------------------------------------------------ */

struct _FeltLastGameFile {
  FeltStoreFile *store;
  FeltLastGame *game;        /* the last game, or NULL */
  FeltLastGame *previous;    /* the one before it this run, for take_back */
  gboolean unsaved;          /* game is not on disk yet (NULL: the file is to go) */
};

static char *
unreadable_sentence (FeltStoreFile *file, int errsv)
{
  return g_strdup_printf (_("Felt cannot read your last game %s (%s), so it leaves the file as "
                            "it is and keeps the next game you finish only until it quits."),
                          felt_store_file_get_path (file), felt_store_reason (errsv));
}

static char *
newer_sentence (FeltStoreFile *file)
{
  return g_strdup_printf (_("Your last game %s comes from a newer version of Felt, so this "
                            "version leaves it as it is and keeps the next game you finish "
                            "only until it quits."),
                          felt_store_file_get_path (file));
}

static char *
save_failed_sentence (FeltStoreFile *file, int errsv)
{
  return g_strdup_printf (_("Felt cannot save your last game in %s (%s); it will try again at your next move."),
                          felt_store_file_get_dir (file), felt_store_reason (errsv));
}

static char *
damaged_sentence (const char *kept)
{
  if (kept == NULL)
    return g_strdup (_("Your last game could not be read, so it cannot be replayed."));
  return g_strdup_printf (_("Your last game could not be read, so it cannot be replayed. "
                            "The damaged file was kept as %s."), kept);
}

static const FeltStoreFileKind last_game_kind = {
  .what = "last game",
  .unreadable_sentence = unreadable_sentence,
  .newer_sentence = newer_sentence,
  .save_failed_sentence = save_failed_sentence,
  .damaged_sentence = damaged_sentence,
};

FeltLastGameFile *
felt_last_game_file_new (void)
{
  FeltLastGameFile *self = g_new0 (FeltLastGameFile, 1);

  self->store = felt_store_file_new (LAST_GAME);
  return self;
}

void
felt_last_game_file_free (FeltLastGameFile *self)
{
  if (self == NULL)
    return;
  felt_store_file_free (self->store);
  felt_last_game_free (self->game);
  felt_last_game_free (self->previous);
  g_free (self);
}

char *
felt_last_game_file_load (FeltLastGameFile *self)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *data = NULL;
  FeltLastGame *game;
  gsize length;

  if (felt_store_file_load (self->store, &last_game_kind, &data, &length) != 0)
    return NULL;
  game = felt_last_game_from_data (data, length, &error);
  if (game == NULL)
    return felt_store_file_refuse (self->store, &last_game_kind, error,
                                   g_error_matches (error, FELT_SAVE_ERROR, FELT_SAVE_ERROR_VERSION));
  felt_last_game_free (self->game);
  self->game = game;
  return NULL;
}

const FeltLastGame *
felt_last_game_file_get (FeltLastGameFile *self)
{
  return self->game;
}

gboolean
felt_last_game_file_keep (FeltLastGameFile *self, FeltLastGame *game)
{
  felt_last_game_free (self->previous);
  self->previous = self->game;
  self->game = game;
  self->unsaved = TRUE;
  return felt_last_game_file_save (self);
}

gboolean
felt_last_game_file_take_back (FeltLastGameFile *self, FeltGameId game, guint32 deal)
{
  const FeltState *st;

  if (self->game == NULL || self->previous == NULL || self->game->result != FELT_HISTORY_GIVEN_UP)
    return FALSE;
  st = felt_session_get_state (self->game->session);
  if (felt_state_get_game_id (st) != game || felt_session_get_seed (self->game->session) != deal)
    return FALSE;
  felt_last_game_free (self->game);
  self->game = g_steal_pointer (&self->previous);
  self->unsaved = TRUE;
  felt_last_game_file_save (self);
  return TRUE;
}

gboolean
felt_last_game_file_forget (FeltLastGameFile *self)
{
  g_clear_pointer (&self->game, felt_last_game_free);
  g_clear_pointer (&self->previous, felt_last_game_free);
  self->unsaved = TRUE;
  return felt_last_game_file_save (self);
}

/* Another Felt wrote the file since this one read or wrote it: a game it
 * finished later than ours stays, and becomes ours.  TRUE then. */
static gboolean
later_on_disk (FeltLastGameFile *self)
{
  g_autofree char *data = NULL;
  FeltLastGame *theirs;
  gsize length;

  if (!felt_store_file_changed_on_disk (self->store) || felt_store_file_read (self->store, &data, &length) != 0)
    return FALSE;
  theirs = felt_last_game_from_data (data, length, NULL);
  if (theirs == NULL || theirs->finished <= self->game->finished)
    {
      felt_last_game_free (theirs);
      return FALSE;
    }
  felt_last_game_free (self->game);
  self->game = theirs;
  return TRUE;
}

/* Under the lock: the last game on disk, or, forgotten, no file. */
static int
write_last_game (FeltStoreFile *store, gpointer data)
{
  FeltLastGameFile *self = data;
  g_autofree char *text = NULL;
  gsize length;

  /* Forgotten: whatever game is in the file goes, another Felt's too
   * (the reset is of every game's results). */
  if (self->game == NULL)
    return felt_store_file_remove (store);
  if (later_on_disk (self))
    return 0;
  text = felt_last_game_to_data (self->game, &length);
  return felt_store_file_write (store, text, length);
}

gboolean
felt_last_game_file_save (FeltLastGameFile *self)
{
  if (!self->unsaved)
    return TRUE;
  /* Left alone, the file is not written: the game stays in memory, for
   * a replay until Felt quits (forgotten, it stays forgotten in this run
   * only). */
  if (!felt_store_file_save (self->store, &last_game_kind, write_last_game, self))
    return FALSE;
  self->unsaved = FALSE;
  return TRUE;
}

const char *
felt_last_game_file_get_problem (FeltLastGameFile *self)
{
  return felt_store_file_get_problem (self->store);
}

gboolean
felt_last_game_file_is_waiting (FeltLastGameFile *self)
{
  return felt_store_file_is_waiting (self->store);
}

void
felt_last_game_file_set_lock_wait (FeltLastGameFile *self, guint wait_ms)
{
  felt_store_file_set_lock_wait (self->store, wait_ms);
}
