/* fault-position.c: the position of a game as one word.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "fault-position.h"

/* Game, deal, number of moves and a hash of them: fault-driver writes it
 * before each save and test-crash compares it with the game it loads,
 * so both must build it the same way (one function for both). */
char *
fault_position_key (FeltSession *session)
{
  guint32 hash = 5381;

  for (guint i = 0; i < felt_session_get_n_moves (session); i++)
    {
      FeltMove m = felt_session_get_move (session, i);

      hash = hash * 33 + (guint32) (m.from << 16 | m.to << 8 | m.count << 1 | m.stock);
    }
  return g_strdup_printf ("%s/%u/%u/%08x", felt_session_get_game (session)->id, felt_session_get_seed (session),
                          felt_session_get_n_moves (session), hash);
}
