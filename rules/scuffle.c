/* scuffle.c: Scuffle, as a table.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "felt-rules-private.h"

#define FOUNDATION(i) { FELT_ROLE_FOUNDATION, i, 2 + i, 0, FELT_FAN_NONE }
#define RESERVE(i) { FELT_ROLE_RESERVE, i, 2 + i, 1.25f, FELT_FAN_DOWN }

const FeltGame felt_game_scuffle = {
  .id = "scuffle",
  .name = N_("Scuffle"),
  .summary = N_("Deal onto four piles and build up regardless of suit"),
  .n_decks = 1,
  .deal_salt = 0x73637566,
  .status = FELT_SHOW_STOCK | FELT_SHOW_REDEALS,
  .n_piles = 9,
  .piles = {
    { FELT_ROLE_STOCK, 0, 0, 0, FELT_FAN_NONE },
    FOUNDATION (0), FOUNDATION (1), FOUNDATION (2), FOUNDATION (3),
    RESERVE (0), RESERVE (1), RESERVE (2), RESERVE (3),
  },
  .roles = {
    [FELT_ROLE_FOUNDATION] = {
      .build = FELT_BUILD_UP_ANY_SUIT,
      .accepts_from = FELT_FROM (FELT_ROLE_RESERVE),
    },
  },
  .foundation_start = FELT_START_RANK,
  .start_rank = FELT_ACE,
  .deal_round_at_start = TRUE,
  .stock_deal = FELT_DEAL_TO_RESERVES,
  .redeal = FELT_REDEAL_SHUFFLE_RESERVES,
  .redeal_limit = 2,
  .auto_home = FELT_AUTO_ALWAYS,
};
