/* felt-play-files.c: the game in play's files: the saved game, the
 * statistics and what the player is told about them.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "felt-play-private.h"

/* ---- files and statistics ----------------------------------------------------------------
 * Every use of FeltGameFile and FeltStatsFile (felt-saved-game.h,
 * felt-stats.h) is in this section: the saved game, the statistics file
 * and the counting.  They never move or write over a file Felt cannot
 * read or that a newer Felt wrote, and merge the statistics under a lock.
 *
 * What the player is told goes into the one `notice` property (the
 * window's notice bar), made of two parts:
 *  - told: a sentence said once (a damaged file kept aside, another
 *    Felt's saved game replaced, or what the window sets);
 *  - problem: what stays wrong now (a file that cannot be read, one from
 *    a newer Felt, a save that fails), as FeltGameFile and FeltStatsFile
 *    word it.  It shows when it appears or changes, and goes by itself
 *    once a save works again; closed by the player, it stays closed
 *    until it changes.
 * No second property: the window has one bar and needs one text. */

/* The notice: what was told, then the problem unless it was closed. */
static void
update_notice (FeltPlay *self)
{
  const char *problem = self->problem_closed ? NULL : self->problem;
  g_autofree char *text = NULL;

  if (self->told && problem)
    text = g_strconcat (self->told, "\n", problem, NULL);
  else
    text = g_strdup (self->told ? self->told : problem);
  felt_play_set_text (self, &self->notice, text, PROP_NOTICE);
}

/* Takes the lasting problems of both files after a load or a save. */
void
felt_play_update_problem (FeltPlay *self)
{
  const char *game = felt_game_file_get_problem (self->game_file);
  const char *stats = felt_stats_file_get_problem (self->stats_file);
  g_autofree char *problem = NULL;

  if (game && stats)
    problem = g_strconcat (game, "\n", stats, NULL);
  else
    problem = g_strdup (game ? game : stats);
  if (g_strcmp0 (problem, self->problem) == 0)
    return;
  g_free (self->problem);
  self->problem = g_steal_pointer (&problem);
  self->problem_closed = FALSE;
  update_notice (self);
}

/* Something to say once (taken; NULL: nothing). */
void
felt_play_tell (FeltPlay *self, char *text)
{
  if (text == NULL)
    return;
  g_free (self->told);
  self->told = text;
  update_notice (self);
}

/* Another Felt process (or one that hangs) holds a file's lock: the
 * game and the results wait in memory and are tried again this often,
 * without a move, rather than the window waiting for the lock. */
#define RETRY_MS 250

static gboolean
retry_save (gpointer data)
{
  FeltPlay *self = data;

  self->retry_id = 0;
  felt_play_save_files (self, FALSE);
  return G_SOURCE_REMOVE;
}

/* Saves the game and, while they wait, the statistics: a save that
 * failed is tried again at each move, one that found the lock taken
 * also after a moment.  `quiet` while the object goes: then, the last
 * chance, it waits a moment for the lock. */
void
felt_play_save_files (FeltPlay *self, gboolean quiet)
{
  g_autofree char *told = NULL;
  guint wait_ms = quiet ? 1000 : 0;

  self->save_pending = FALSE;
  g_clear_handle_id (&self->retry_id, g_source_remove);
  felt_game_file_set_lock_wait (self->game_file, wait_ms);
  felt_stats_file_set_lock_wait (self->stats_file, wait_ms);
  felt_game_file_save_full (self->game_file, self->session, felt_play_elapsed_usec (self) / 1000,
                            self->demo_played, &told);
  felt_stats_file_save (self->stats_file);
  if (quiet)
    return;
  if (felt_game_file_is_waiting (self->game_file) || felt_stats_file_is_waiting (self->stats_file))
    self->retry_id = g_timeout_add (RETRY_MS, retry_save, self);
  felt_play_tell (self, g_steal_pointer (&told));
  felt_play_update_problem (self);
}

void
felt_play_save_game (FeltPlay *self)
{
  felt_play_save_files (self, FALSE);
}

/* A change of the game is saved at once, or, before the game is on the
 * screen (a new deal, a resumed game), once it is. */
void
felt_play_save_game_soon (FeltPlay *self)
{
  if (self->on_screen)
    felt_play_save_game (self);
  else
    self->save_pending = TRUE;
}

void
felt_play_load_files (FeltPlay *self)
{
  self->stats_file = felt_stats_file_new ();
  self->game_file = felt_game_file_new ();
  felt_play_tell (self, felt_stats_file_load (self->stats_file));
  felt_play_update_problem (self);
}

/* A deal counts as played once a move is made; record its result once. */
void
felt_play_count_result (FeltPlay *self, gboolean won)
{
  FeltGameId id = felt_state_get_game_id (felt_session_get_state (self->session));

  if (self->counted || felt_session_get_n_moves (self->session) == 0)
    return;
  self->counted = TRUE;
  /* A deal the demo played in is not the player's game: neither a win
   * (nor a best time, fewest moves or streak) nor a loss. */
  if (self->demo_played)
    return;
  if (won)
    felt_stats_file_record_win_rated (self->stats_file, id, felt_play_elapsed_usec (self) / 1000,
                                      felt_session_get_n_moves (self->session), felt_play_get_difficulty (self));
  else
    felt_stats_file_record_loss (self->stats_file, id);
  if (felt_stats_file_is_waiting (self->stats_file) && self->retry_id == 0)
    self->retry_id = g_timeout_add (RETRY_MS, retry_save, self);
  felt_play_update_problem (self);
}

gboolean
felt_play_in_progress (FeltPlay *self)
{
  g_return_val_if_fail (FELT_IS_PLAY (self), FALSE);
  /* The demo's games are not counted: leaving one is no loss. */
  return self->session && !self->counted && !self->demo_played && felt_session_get_n_moves (self->session) > 0;
}

const FeltStats *
felt_play_get_stats (FeltPlay *self)
{
  g_return_val_if_fail (FELT_IS_PLAY (self), NULL);
  return felt_stats_file_get_stats (self->stats_file);
}

void
felt_play_reset_stats (FeltPlay *self)
{
  g_return_if_fail (FELT_IS_PLAY (self));
  felt_stats_file_reset (self->stats_file);
  felt_play_update_problem (self);
}

void
felt_play_set_notice (FeltPlay *self, const char *notice)
{
  g_return_if_fail (FELT_IS_PLAY (self));
  /* Closing the bar puts away the problem too, until it changes. */
  g_free (self->told);
  self->told = g_strdup (notice);
  if (notice == NULL)
    self->problem_closed = TRUE;
  update_notice (self);
}
