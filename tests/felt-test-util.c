/* felt-test-util.c: building positions for the rules tests.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "felt-test-util.h"

#include <stdarg.h>

void
felt_test_position (FeltState *state, const char *game_id, ...)
{
  const FeltGame *game = felt_game_lookup (game_id);
  const char *piles[FELT_MAX_PILES] = { NULL };
  g_autoptr (GError) error = NULL;
  const char *name;
  va_list args;

  if (game == NULL)
    g_error ("no game %s", game_id);
  va_start (args, game_id);
  while ((name = va_arg (args, const char *)) != NULL)
    {
      int pile = felt_pile_parse (game, name);
      if (pile < 0)
        g_error ("no pile %s in %s", name, game_id);
      piles[pile] = va_arg (args, const char *);
    }
  va_end (args);
  if (!felt_state_set_piles (state, game, piles, &error))
    g_error ("%s", error->message);
}

guint
felt_test_pile (const FeltState *state, const char *name)
{
  int pile = felt_pile_parse (felt_state_game (state), name);

  if (pile < 0)
    g_error ("no pile %s", name);
  return (guint) pile;
}

FeltMove
felt_test_move (const FeltState *state, const char *from, guint count, const char *to)
{
  return (FeltMove) { felt_test_pile (state, from), felt_test_pile (state, to), count, 0 };
}

char *
felt_test_pile_cards (const FeltState *state, const char *name)
{
  guint pile = felt_test_pile (state, name);
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < felt_pile_size (state, pile); i++)
    {
      char card[3];
      felt_card_to_string (felt_pile_card (state, pile, i), card);
      if (i)
        g_string_append_c (out, ' ');
      g_string_append (out, card);
    }
  return g_string_free (out, FALSE);
}

gboolean
felt_test_move_listed (const FeltState *state, const FeltMove *move)
{
  FeltMove moves[FELT_MAX_MOVES];
  guint n = felt_state_legal_moves (state, moves);

  for (guint i = 0; i < n; i++)
    if (moves[i].from == move->from && moves[i].to == move->to && moves[i].count == move->count)
      return TRUE;
  return FALSE;
}
