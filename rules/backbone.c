/* backbone.c: Backbone, as a table, with its covered reserve.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "felt-rules-private.h"

/* The reserve piles by index (doc/felt-cli.md): the two columns, then
 * the card lying across them. */
#define RESERVE_CROSS 2

/* The card lying across both columns covers their bottom cards. */
static gboolean
backbone_pile_blocked (const FeltState *state, guint pile)
{
  const FeltGame *game = felt_state_game (state);
  const FeltPileSpec *spec = &game->piles[pile];

  /* The piles of a role lie together in index order (tests/test-tables.c
   * checks it), so the covering card's pile follows from this one's
   * index without a search: this runs for every move generated. */
  return spec->role == FELT_ROLE_RESERVE && spec->index < RESERVE_CROSS &&
         felt_pile_size (state, pile - spec->index + RESERVE_CROSS) > 0;
}

#define FOUNDATION(i, x, y) { FELT_ROLE_FOUNDATION, i, x, y, FELT_FAN_NONE }
#define TABLEAU(i, x, y) { FELT_ROLE_TABLEAU, i, x, y, FELT_FAN_RIGHT, 2.4f }

const FeltGame felt_game_backbone = {
  .id = "backbone",
  .name = N_("Backbone"),
  .summary = N_("Two decks around a backbone of nineteen cards"),
  .n_decks = 2,
  .deal_salt = 0x6261636b,
  .status = FELT_SHOW_STOCK | FELT_SHOW_REDEALS,
  .n_piles = 21,
  .piles = {
    { FELT_ROLE_STOCK, 0, 0, 4.25f, FELT_FAN_NONE },
    { FELT_ROLE_WASTE, 0, 1, 4.25f, FELT_FAN_NONE },
    FOUNDATION (0, 3, 0), FOUNDATION (1, 4, 0), FOUNDATION (2, 5, 0), FOUNDATION (3, 6, 0),
    FOUNDATION (4, 3, 1.05f), FOUNDATION (5, 4, 1.05f), FOUNDATION (6, 5, 1.05f), FOUNDATION (7, 6, 1.05f),
    TABLEAU (0, 0, 0), TABLEAU (1, 0, 1.05f), TABLEAU (2, 0, 2.1f), TABLEAU (3, 0, 3.15f),
    TABLEAU (4, 7.1f, 0), TABLEAU (5, 7.1f, 1.05f), TABLEAU (6, 7.1f, 2.1f), TABLEAU (7, 7.1f, 3.15f),
    /* The columns fan down to the card lying across their ends, which
     * covers them, so their room is fixed rather than measured. */
    { FELT_ROLE_RESERVE, 0, 4, 2.2f, FELT_FAN_DOWN, 1.35f },
    { FELT_ROLE_RESERVE, 1, 5, 2.2f, FELT_FAN_DOWN, 1.35f },
    { FELT_ROLE_RESERVE, 2, 4.5f, 3.8f, FELT_FAN_NONE },
  },
  .roles = {
    [FELT_ROLE_FOUNDATION] = {
      .build = FELT_BUILD_UP_SUIT,
      .accepts_from = FELT_FROM (FELT_ROLE_WASTE) | FELT_FROM (FELT_ROLE_TABLEAU) |
                      FELT_FROM (FELT_ROLE_RESERVE),
      .empty_from = FELT_FROM (FELT_ROLE_WASTE) | FELT_FROM (FELT_ROLE_TABLEAU) |
                    FELT_FROM (FELT_ROLE_RESERVE),
      .empty_rank = FELT_ACE,
    },
    [FELT_ROLE_TABLEAU] = {
      .build = FELT_BUILD_DOWN_SUIT,
      .accepts_from = FELT_FROM (FELT_ROLE_WASTE) | FELT_FROM (FELT_ROLE_TABLEAU) |
                      FELT_FROM (FELT_ROLE_RESERVE),
      .empty_from = FELT_FROM (FELT_ROLE_WASTE) | FELT_FROM (FELT_ROLE_TABLEAU),
    },
  },
  .foundation_start = FELT_START_EMPTY,
  .deal = {
    { FELT_ROLE_RESERVE, 0, 2, 9 },
    { FELT_ROLE_RESERVE, 2, 1, 1 },
    { FELT_ROLE_TABLEAU, 0, 8, 1 },
  },
  .n_deal_steps = 3,
  .stock_deal = FELT_DEAL_TO_WASTE,
  .redeal = FELT_REDEAL_TURN_WASTE,
  .redeal_limit = 1,
  .pile_blocked = backbone_pile_blocked,
  .hook_piles = {
    { FELT_ROLE_RESERVE, 0 }, { FELT_ROLE_RESERVE, 1 }, { FELT_ROLE_RESERVE, RESERVE_CROSS },
  },
  .n_hook_piles = 3,
  .auto_home = FELT_AUTO_TWIN_FOUNDATION,
};
