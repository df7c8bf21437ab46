/* felt-deal.c: the list of games, card names and the seeded deal.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "felt-rules-private.h"

#include <string.h>

G_DEFINE_QUARK (felt-rules-error-quark, felt_rules_error)

#define FELT_GAME_ENTRY(suffix, id, table) [FELT_GAME_##suffix] = &table,
static const FeltGame *const games[FELT_N_GAMES] = {
  FELT_GAMES (FELT_GAME_ENTRY)
};
#undef FELT_GAME_ENTRY

const FeltGame *
felt_game_get (FeltGameId id)
{
  g_return_val_if_fail (id < FELT_N_GAMES, NULL);
  return games[id];
}

const FeltGame *
felt_game_lookup (const char *id)
{
  for (guint i = 0; i < FELT_N_GAMES; i++)
    if (g_strcmp0 (games[i]->id, id) == 0)
      return games[i];
  return NULL;
}

char *
felt_games_list_ids (void)
{
  GString *list = g_string_new (NULL);

  for (guint i = 0; i < FELT_N_GAMES; i++)
    g_string_append_printf (list, "%s%s", i ? ", " : "", games[i]->id);
  return g_string_free (list, FALSE);
}

static guint8
game_number (const FeltGame *game)
{
  for (guint i = 0; i < FELT_N_GAMES; i++)
    if (games[i] == game)
      return (guint8) i;
  g_return_val_if_reached (0);
}

guint
felt_game_n_cards (const FeltGame *game)
{
  return 52u * game->n_decks;
}

guint
felt_game_max_score (const FeltGame *game)
{
  return game->foundation_start == FELT_START_EMPTY ? felt_game_n_cards (game)
                                                    : felt_game_n_cards (game) - 4;
}

int
felt_game_find_pile (const FeltGame *game, FeltRole role, guint index)
{
  for (guint p = 0; p < game->n_piles; p++)
    if (game->piles[p].role == role && game->piles[p].index == index)
      return (int) p;
  return -1;
}

gboolean
felt_game_has_role (const FeltGame *game, FeltRole role)
{
  return felt_game_find_pile (game, role, 0) >= 0;
}

const char *
felt_role_id (FeltRole role)
{
  static const char *const ids[FELT_N_ROLES] = {
    "stock", "waste", "foundation", "tableau", "reserve",
  };
  g_return_val_if_fail (role < FELT_N_ROLES, NULL);
  return ids[role];
}

/* ---- card names ----------------------------------------------------------- */

static const char ranks[] = "?A23456789TJQK";
static const char suits[] = "CDHS";

gboolean
felt_card_to_string (FeltCard card, char out[3])
{
  guint rank = FELT_CARD_RANK (card), suit = FELT_CARD_SUIT (card);

  if (rank < 1 || rank > 13 || suit >= FELT_N_SUITS)
    {
      strcpy (out, "??");
      return FALSE;
    }
  out[0] = ranks[rank];
  out[1] = suits[suit];
  out[2] = '\0';
  return TRUE;
}

gboolean
felt_card_parse (const char *text, FeltCard *out)
{
  const char *r, *s;

  if (text == NULL || text[0] == '\0' || text[1] == '\0' || text[2] != '\0')
    return FALSE;
  r = strchr (ranks + 1, text[0]);
  s = strchr (suits, text[1]);
  if (r == NULL || s == NULL)
    return FALSE;
  *out = FELT_CARD (r - ranks, s - suits);
  return TRUE;
}

/* ---- dealing -------------------------------------------------------------- */

/* Lay out per-pile card lists into the flat state. */
static void
assemble (FeltState *st, const FeltGame *game,
          FeltCard piles[FELT_MAX_PILES][FELT_MAX_CARDS], const guint sizes[FELT_MAX_PILES])
{
  guint total = 0;

  for (guint p = 0; p < game->n_piles; p++)
    {
      st->start[p] = total;
      memcpy (st->cards + total, piles[p], sizes[p]);
      total += sizes[p];
    }
  st->start[game->n_piles] = total;
  st->n_cards = total;
}

void
felt_state_deal (FeltState *st, const FeltGame *game, guint32 seed)
{
  FeltCard deck[FELT_MAX_CARDS];
  FeltCard piles[FELT_MAX_PILES][FELT_MAX_CARDS];
  guint sizes[FELT_MAX_PILES] = { 0 };
  guint n = 0, next = 0;
  int stock = felt_game_find_pile (game, FELT_ROLE_STOCK, 0);
  guint64 rng;

  memset (st, 0, sizeof *st);
  st->game = game_number (game);

  for (guint d = 0; d < game->n_decks; d++)
    for (guint suit = 0; suit < FELT_N_SUITS; suit++)
      for (guint rank = 1; rank <= 13; rank++)
        deck[n++] = FELT_CARD (rank, suit);

  rng = ((guint64) game->deal_salt << 32) | seed;
  for (guint i = n; i > 1; i--)
    {
      guint j = felt_rng_below (&rng, i);
      FeltCard t = deck[i - 1];
      deck[i - 1] = deck[j];
      deck[j] = t;
    }

  /* Cards that start the foundations leave the deck first; deck[0] is
   * the top of the shuffled deck, the first card dealt. */
  if (game->foundation_start != FELT_START_EMPTY)
    {
      guint kept = 0, found = 0;

      for (guint i = 0; i < n; i++)
        {
          FeltCard c = deck[i];
          gboolean starts;

          if (game->foundation_start == FELT_START_CLUB_STEPS)
            starts = FELT_CARD_SUIT (c) == FELT_CLUBS && FELT_CARD_RANK (c) <= 4;
          else
            starts = FELT_CARD_RANK (c) == game->start_rank;

          if (starts)
            {
              guint f = game->foundation_start == FELT_START_CLUB_STEPS
                        ? FELT_CARD_RANK (c) - 1 : found;
              int p = felt_game_find_pile (game, FELT_ROLE_FOUNDATION, f);
              piles[p][0] = c;
              sizes[p] = 1;
              found++;
            }
          else
            deck[kept++] = c;
        }
      n = kept;
    }

  for (guint s = 0; s < game->n_deal_steps; s++)
    {
      const FeltDealStep *step = &game->deal[s];
      for (guint i = 0; i < step->n_piles; i++)
        {
          int p = felt_game_find_pile (game, step->role, step->first + i);
          for (guint k = 0; k < step->count; k++)
            piles[p][sizes[p]++] = deck[next++];
        }
    }

  /* The rest is the stock, the next card of the deck on top. */
  for (guint i = n; i > next; i--)
    piles[stock][sizes[stock]++] = deck[i - 1];

  assemble (st, game, piles, sizes);
  st->rng = rng;
  st->flags = 0;

  if (game->deal_round_at_start)
    {
      FeltUndo ignored;
      felt_state_apply (st, &FELT_MOVE_STOCK, &ignored);
    }
}

gboolean
felt_state_set_piles (FeltState *st, const FeltGame *game,
                      const char *const *pile_cards, GError **error)
{
  FeltCard piles[FELT_MAX_PILES][FELT_MAX_CARDS];
  guint sizes[FELT_MAX_PILES] = { 0 };
  guint total = 0;

  memset (st, 0, sizeof *st);
  st->game = game_number (game);

  for (guint p = 0; p < game->n_piles; p++)
    {
      g_auto (GStrv) names = NULL;

      if (pile_cards[p] == NULL)
        continue;
      names = g_strsplit_set (pile_cards[p], " ", -1);
      for (guint i = 0; names[i]; i++)
        {
          FeltCard c;
          if (names[i][0] == '\0')
            continue;
          if (!felt_card_parse (names[i], &c) || total >= FELT_MAX_CARDS)
            {
              g_set_error (error, FELT_RULES_ERROR, 0,
                           "bad card “%s” in pile %u", names[i], p);
              return FALSE;
            }
          piles[p][sizes[p]++] = c;
          total++;
        }
    }
  assemble (st, game, piles, sizes);
  return TRUE;
}
