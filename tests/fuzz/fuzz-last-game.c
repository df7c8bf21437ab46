/* fuzz-last-game.c: libFuzzer target for felt_last_game_from_data (the
 * last finished game, last-game.ini).
 *
 * Beyond "no crash", a last game that loads must hold together:
 *  - it is a finished game: moves, none to redo, and a result its
 *    position bears out (won, lost with no move left, given up neither);
 *  - it saves again (felt_last_game_to_data) to data that loads to the
 *    same deal, moves, result, date and time, and saving that gives the
 *    same bytes again.
 * A file that does not load says why, in valid UTF-8, and leaves nothing
 * behind (LeakSanitizer).
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "felt-last-game.h"
#include "felt-saved-game.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

#define CHECK(cond)                                                        \
  G_STMT_START {                                                           \
    if (!(cond))                                                           \
      {                                                                    \
        fprintf (stderr, "fuzz-last-game: invariant failed: %s (%s:%d)\n", \
                 #cond, __FILE__, __LINE__);                               \
        abort ();                                                          \
      }                                                                    \
  } G_STMT_END

static void
check_same_game (const FeltLastGame *a, const FeltLastGame *b)
{
  CHECK (felt_session_get_game (a->session) == felt_session_get_game (b->session));
  CHECK (felt_session_get_seed (a->session) == felt_session_get_seed (b->session));
  CHECK (felt_state_equal (felt_session_get_state (a->session), felt_session_get_state (b->session)));
  CHECK (felt_session_get_n_moves (a->session) == felt_session_get_n_moves (b->session));
  for (guint i = 0; i < felt_session_get_n_moves (a->session); i++)
    {
      FeltMove x = felt_session_get_move (a->session, i), y = felt_session_get_move (b->session, i);

      CHECK (x.from == y.from && x.to == y.to && x.count == y.count && x.stock == y.stock);
      CHECK (felt_session_get_move_automatic (a->session, i) == felt_session_get_move_automatic (b->session, i));
    }
  CHECK (a->result == b->result);
  CHECK (a->finished == b->finished);
  CHECK (a->time_ms == b->time_ms);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (FeltLastGame) game = NULL;
  g_autoptr (FeltLastGame) again = NULL;
  g_autofree char *saved = NULL, *saved_again = NULL;
  gsize saved_len = 0, saved_again_len = 0;
  const FeltState *st;

  game = felt_last_game_from_data ((const char *) data, size, &error);
  if (game == NULL)
    {
      CHECK (error != NULL);
      CHECK (error->domain == FELT_SAVE_ERROR);
      CHECK (g_utf8_validate (error->message, -1, NULL));
      return 0;
    }
  CHECK (error == NULL);
  CHECK (game->time_ms >= 0);
  CHECK (felt_session_get_n_moves (game->session) > 0);
  CHECK (felt_session_get_n_moves (game->session) <= FELT_SAVE_MAX_MOVES);
  CHECK (felt_session_get_n_redo (game->session) == 0);
  st = felt_session_get_state (game->session);
  CHECK ((game->result == FELT_HISTORY_WON) == felt_state_is_won (st));
  CHECK (game->result != FELT_HISTORY_LOST || felt_state_is_over (st));
  CHECK (game->result != FELT_HISTORY_GIVEN_UP || !felt_state_is_over (st));

  saved = felt_last_game_to_data (game, &saved_len);
  CHECK (saved != NULL && strlen (saved) == saved_len);
  again = felt_last_game_from_data (saved, saved_len, &error);
  if (again == NULL)
    {
      fprintf (stderr, "fuzz-last-game: a last game does not load again: %s\n%s\n", error->message, saved);
      abort ();
    }
  check_same_game (game, again);
  saved_again = felt_last_game_to_data (again, &saved_again_len);
  CHECK (saved_again_len == saved_len && memcmp (saved, saved_again, saved_len) == 0);
  return 0;
}
