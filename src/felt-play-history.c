/* felt-play-history.c: the game in play records each finished game in the
 * history (felt-history.h); felt-play-files.c calls these hooks where it
 * counts a result, saves and reads its files.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "felt-play-history.h"
#include "felt-play-private.h"

void
felt_play_history_load (FeltPlay *self)
{
  self->history_file = felt_history_file_new ();
  felt_play_tell (self, felt_history_file_load (self->history_file));
}

/* The result of the deal in play, as felt_play_count_result counts it:
 * the demo's games too, marked, since the history shows every game. */
void
felt_play_history_record (FeltPlay *self, gboolean won)
{
  const FeltState *st = felt_session_get_state (self->session);
  FeltHistoryEntry e = {
    .finished = g_get_real_time () / G_USEC_PER_SEC,
    .game = felt_state_get_game_id (st),
    .deal = felt_play_get_seed (self),
    .result = won ? FELT_HISTORY_WON : felt_state_is_over (st) ? FELT_HISTORY_LOST : FELT_HISTORY_GIVEN_UP,
    .time_ms = felt_play_elapsed_usec (self) / 1000,
    .moves = felt_session_get_n_moves (self->session),
    .difficulty = felt_play_get_difficulty (self),
    .demo = self->demo_played,
  };

  felt_history_file_record (self->history_file, &e);
}

/* The player went back to a deal left behind: its "given up" goes. */
void
felt_play_history_retract (FeltPlay *self, FeltGameId game, guint32 deal)
{
  felt_history_file_retract (self->history_file, game, deal);
}

/* TRUE when a save waits for another Felt's lock. */
gboolean
felt_play_history_save (FeltPlay *self, guint wait_ms)
{
  felt_history_file_set_lock_wait (self->history_file, wait_ms);
  felt_history_file_save (self->history_file);
  return felt_history_file_is_waiting (self->history_file);
}

const char *
felt_play_history_problem (FeltPlay *self)
{
  return felt_history_file_get_problem (self->history_file);
}

const FeltHistory *
felt_play_get_history (FeltPlay *self)
{
  g_return_val_if_fail (FELT_IS_PLAY (self), NULL);
  return felt_history_file_get (self->history_file);
}
