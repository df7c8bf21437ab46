/* fuzz-saved-game.c: libFuzzer target for felt_saved_game_from_data.
 *
 * Beyond "no crash", a saved game that loads must hold together:
 *  - it saves again (felt_saved_game_to_data) to data that loads to the
 *    same game, deal, position (felt_state_equal), moves, redo list and
 *    playing time, and saving that gives the same bytes again;
 *  - the position is the deal with its moves replayed: undoing every move
 *    gives the deal back, and redo then plays the moves again;
 *  - the redo list plays forward from the position with redo.
 * A file that does not load must leave nothing behind (LeakSanitizer).
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "felt-saved-game.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

#define CHECK(cond)                                                         \
  G_STMT_START {                                                            \
    if (!(cond))                                                            \
      {                                                                     \
        fprintf (stderr, "fuzz-saved-game: invariant failed: %s (%s:%d)\n", \
                 #cond, __FILE__, __LINE__);                                \
        abort ();                                                           \
      }                                                                     \
  } G_STMT_END

static gboolean
same_move (FeltMove a, FeltMove b)
{
  return a.from == b.from && a.to == b.to && a.count == b.count && a.stock == b.stock;
}

static void
check_same_session (FeltSession *a, FeltSession *b)
{
  CHECK (felt_session_get_game (a) == felt_session_get_game (b));
  CHECK (felt_session_get_seed (a) == felt_session_get_seed (b));
  CHECK (felt_state_equal (felt_session_get_state (a), felt_session_get_state (b)));
  CHECK (felt_session_get_n_moves (a) == felt_session_get_n_moves (b));
  CHECK (felt_session_get_n_redo (a) == felt_session_get_n_redo (b));
  for (guint i = 0; i < felt_session_get_n_moves (a); i++)
    CHECK (same_move (felt_session_get_move (a, i), felt_session_get_move (b, i)));
  for (guint i = 0; i < felt_session_get_n_redo (a); i++)
    CHECK (same_move (felt_session_get_redo (a, i), felt_session_get_redo (b, i)));
}

/* Walks the history of session: back to the deal and forward again to the
 * end of the redo list, then back to where it was.  The session is left
 * as it came. */
static void
check_history (FeltSession *session)
{
  guint n_moves = felt_session_get_n_moves (session);
  guint n_redo = felt_session_get_n_redo (session);
  FeltState now = *felt_session_get_state (session);
  FeltState deal;

  felt_state_deal (&deal, felt_session_get_game (session), felt_session_get_seed (session));

  for (guint i = 0; i < n_moves; i++)
    CHECK (felt_session_undo (session));
  CHECK (!felt_session_can_undo (session));
  CHECK (felt_state_equal (felt_session_get_state (session), &deal));
  CHECK (felt_session_get_n_redo (session) == n_moves + n_redo);

  for (guint i = 0; i < n_moves; i++)
    CHECK (felt_session_redo (session));
  CHECK (felt_state_equal (felt_session_get_state (session), &now));
  CHECK (felt_session_get_n_redo (session) == n_redo);

  /* The redo list is playable: each step is a legal move where it stands. */
  for (guint i = 0; i < n_redo; i++)
    {
      FeltMove next = felt_session_get_redo (session, 0);
      CHECK (felt_state_check_move (felt_session_get_state (session), &next) == FELT_LEGAL);
      CHECK (felt_session_redo (session));
    }
  CHECK (!felt_session_can_redo (session));
  for (guint i = 0; i < n_redo; i++)
    CHECK (felt_session_undo (session));
  CHECK (felt_state_equal (felt_session_get_state (session), &now));
  CHECK (felt_session_get_n_moves (session) == n_moves);
  CHECK (felt_session_get_n_redo (session) == n_redo);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (FeltSession) session = NULL;
  g_autoptr (FeltSession) again = NULL;
  g_autofree char *saved = NULL, *saved_again = NULL;
  gsize saved_len = 0, saved_again_len = 0;
  gint64 elapsed = -1, elapsed_again = -1;

  session = felt_saved_game_from_data ((const char *) data, size, &elapsed, &error);
  if (session == NULL)
    {
      CHECK (error != NULL);
      CHECK (error->domain == FELT_SAVE_ERROR);
      CHECK (g_utf8_validate (error->message, -1, NULL));
      return 0;
    }
  CHECK (error == NULL);
  CHECK (elapsed >= 0);
  CHECK (felt_session_get_n_moves (session) + felt_session_get_n_redo (session) <= FELT_SAVE_MAX_MOVES);

  saved = felt_saved_game_to_data (session, elapsed, &saved_len);
  CHECK (saved != NULL && strlen (saved) == saved_len);
  again = felt_saved_game_from_data (saved, saved_len, &elapsed_again, &error);
  if (again == NULL)
    {
      fprintf (stderr, "fuzz-saved-game: a saved game does not load again: %s\n%s\n",
               error->message, saved);
      abort ();
    }
  CHECK (elapsed_again == elapsed);
  check_same_session (session, again);

  saved_again = felt_saved_game_to_data (again, elapsed_again, &saved_again_len);
  CHECK (saved_again_len == saved_len && memcmp (saved, saved_again, saved_len) == 0);

  check_history (again);
  check_same_session (session, again);
  return 0;
}
