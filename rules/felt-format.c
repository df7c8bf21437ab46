/* felt-format.c: pile names and the JSON and text forms of a state.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "felt-format.h"

#include <stdlib.h>
#include <string.h>

gboolean
felt_seed_parse (const char *text, guint32 *seed)
{
  guint64 value;

  /* g_ascii_string_to_unsigned takes a leading sign or blank: refuse them. */
  if (text == NULL || text[0] < '0' || text[0] > '9')
    return FALSE;
  if (!g_ascii_string_to_unsigned (text, 10, 0, G_MAXUINT32, &value, NULL))
    return FALSE;
  *seed = (guint32) value;
  return TRUE;
}

const char *
felt_pile_name (const FeltGame *game, guint pile, char buf[16])
{
  const FeltPileSpec *spec = &game->piles[pile];

  if (spec->role == FELT_ROLE_STOCK || spec->role == FELT_ROLE_WASTE)
    g_strlcpy (buf, felt_role_id (spec->role), 16);
  else
    g_snprintf (buf, 16, "%s.%u", felt_role_id (spec->role), spec->index);
  return buf;
}

int
felt_pile_parse (const FeltGame *game, const char *name)
{
  for (guint p = 0; p < game->n_piles; p++)
    {
      char buf[16];
      if (g_strcmp0 (felt_pile_name (game, p, buf), name) == 0)
        return (int) p;
    }
  return -1;
}

static void
append_move (GString *out, const FeltGame *game, const FeltMove *move)
{
  char from[16], to[16];

  if (move->stock)
    {
      g_string_append (out, "{\"stock\":true}");
      return;
    }
  g_string_append_printf (out, "{\"from\":\"%s\",\"count\":%u,\"to\":\"%s\"}",
                          felt_pile_name (game, move->from, from), move->count,
                          felt_pile_name (game, move->to, to));
}

char *
felt_move_to_json (const FeltGame *game, const FeltMove *move)
{
  GString *out = g_string_new (NULL);

  append_move (out, game, move);
  return g_string_free (out, FALSE);
}

char *
felt_moves_to_json (const FeltGame *game, const FeltMove *moves, guint n)
{
  GString *out = g_string_new ("[");

  for (guint i = 0; i < n; i++)
    {
      if (i)
        g_string_append_c (out, ',');
      append_move (out, game, &moves[i]);
    }
  g_string_append_c (out, ']');
  return g_string_free (out, FALSE);
}

static void
append_card (GString *out, const FeltState *st, guint pile, guint i)
{
  char name[3];

  felt_card_to_string (felt_pile_card (st, pile, i), name);
  if (felt_state_card_face_down (st, pile, i))
    g_string_append_c (out, '#');
  g_string_append (out, name);
}

char *
felt_state_to_json (const FeltState *st, guint32 seed, guint n_moves)
{
  const FeltGame *game = felt_state_game (st);
  GString *out = g_string_new (NULL);

  g_string_append_printf (out,
                          "{\"game\":\"%s\",\"seed\":%u,\"score\":%u,\"moves\":%u,"
                          "\"redeals_left\":%d,\"won\":%s,\"over\":%s,\"piles\":[",
                          game->id, seed, felt_state_score (st), n_moves,
                          felt_state_redeals_left (st),
                          felt_state_is_won (st) ? "true" : "false",
                          felt_state_is_over (st) ? "true" : "false");
  for (guint p = 0; p < game->n_piles; p++)
    {
      char name[16];
      if (p)
        g_string_append_c (out, ',');
      g_string_append_printf (out, "{\"id\":\"%s\",\"cards\":[", felt_pile_name (game, p, name));
      for (guint i = 0; i < felt_pile_size (st, p); i++)
        {
          if (i)
            g_string_append_c (out, ',');
          g_string_append_c (out, '"');
          append_card (out, st, p, i);
          g_string_append_c (out, '"');
        }
      g_string_append (out, "]}");
    }
  g_string_append (out, "]}");
  return g_string_free (out, FALSE);
}

char *
felt_state_to_text (const FeltState *st, guint32 seed)
{
  const FeltGame *game = felt_state_game (st);
  GString *out = g_string_new (NULL);
  FeltStatus status;

  g_string_append_printf (out, "%s, deal %u\n", game->id, seed);
  for (guint p = 0; p < game->n_piles; p++)
    {
      char name[16];
      g_string_append_printf (out, "%-13s", felt_pile_name (game, p, name));
      if (felt_pile_size (st, p) == 0)
        g_string_append (out, " --");
      for (guint i = 0; i < felt_pile_size (st, p); i++)
        {
          g_string_append_c (out, ' ');
          append_card (out, st, p, i);
        }
      g_string_append_c (out, '\n');
    }

  felt_state_status (st, &status);
  g_string_append_printf (out, "score %u of %u", felt_state_score (st), felt_game_max_score (game));
  if (status.stock >= 0)
    g_string_append_printf (out, ", stock %d", status.stock);
  if (status.reserve >= 0)
    g_string_append_printf (out, ", reserve %d", status.reserve);
  if (status.redeals_left >= 0)
    g_string_append_printf (out, ", redeals left %d", status.redeals_left);
  if (status.not_on_foundations >= 0)
    g_string_append_printf (out, ", cards left %d", status.not_on_foundations);
  if (felt_state_is_won (st))
    g_string_append (out, ", won");
  else if (felt_state_is_over (st))
    g_string_append (out, ", over");
  g_string_append_c (out, '\n');
  return g_string_free (out, FALSE);
}
