/* felt-names.c: cards and piles named for people, for hints and the
 * accessible labels of the board.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "felt-names.h"

#include <glib/gi18n.h>

char *
felt_card_describe (FeltCard card)
{
  static const char *const ranks[] = {
    NULL, N_("Ace"), N_("Two"), N_("Three"), N_("Four"), N_("Five"), N_("Six"),
    N_("Seven"), N_("Eight"), N_("Nine"), N_("Ten"), N_("Jack"), N_("Queen"), N_("King"),
  };
  static const char *const suits[] = {
    N_("clubs"), N_("diamonds"), N_("hearts"), N_("spades"),
  };

  /* TRANSLATORS: a card, e.g. "Seven of hearts" */
  return g_strdup_printf (_("%s of %s"), _(ranks[FELT_CARD_RANK (card)]), _(suits[FELT_CARD_SUIT (card)]));
}

char *
felt_pile_describe (const FeltGame *game, guint pile)
{
  const FeltPileSpec *spec = &game->piles[pile];
  guint n = 0;

  for (guint p = 0; p < game->n_piles; p++)
    n += game->piles[p].role == spec->role;

  switch (spec->role)
    {
    case FELT_ROLE_STOCK:
      return g_strdup (_("Stock"));
    case FELT_ROLE_WASTE:
      return g_strdup (_("Waste"));
    case FELT_ROLE_FOUNDATION:
      return n > 1 ? g_strdup_printf (_("Foundation %u"), spec->index + 1) : g_strdup (_("Foundation"));
    case FELT_ROLE_TABLEAU:
      return n > 1 ? g_strdup_printf (_("Tableau %u"), spec->index + 1) : g_strdup (_("Tableau"));
    case FELT_ROLE_RESERVE:
      return n > 1 ? g_strdup_printf (_("Reserve %u"), spec->index + 1) : g_strdup (_("Reserve"));
    case FELT_N_ROLES:
    default:
      g_return_val_if_reached (NULL);
    }
}
