/* hopscotch.c: Hopscotch, as a table.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "felt-rules-private.h"

const FeltGame felt_game_hopscotch = {
  .id = "hopscotch",
  .name = N_("Hopscotch"),
  .summary = N_("Build four foundations by ones, twos, threes and fours"),
  .n_decks = 1,
  .deal_salt = 0x686f7073,
  .status = FELT_SHOW_STOCK,
  .n_piles = 10,
  .piles = {
    { FELT_ROLE_STOCK, 0, 0, 0, FELT_FAN_NONE },
    { FELT_ROLE_WASTE, 0, 1, 0, FELT_FAN_NONE },
    { FELT_ROLE_FOUNDATION, 0, 3, 0, FELT_FAN_NONE },
    { FELT_ROLE_FOUNDATION, 1, 4, 0, FELT_FAN_NONE },
    { FELT_ROLE_FOUNDATION, 2, 5, 0, FELT_FAN_NONE },
    { FELT_ROLE_FOUNDATION, 3, 6, 0, FELT_FAN_NONE },
    { FELT_ROLE_RESERVE, 0, 3, 1.25f, FELT_FAN_DOWN },
    { FELT_ROLE_RESERVE, 1, 4, 1.25f, FELT_FAN_DOWN },
    { FELT_ROLE_RESERVE, 2, 5, 1.25f, FELT_FAN_DOWN },
    { FELT_ROLE_RESERVE, 3, 6, 1.25f, FELT_FAN_DOWN },
  },
  .roles = {
    [FELT_ROLE_FOUNDATION] = {
      .build = FELT_BUILD_STEP,
      .accepts_from = FELT_FROM (FELT_ROLE_WASTE) | FELT_FROM (FELT_ROLE_RESERVE),
    },
    [FELT_ROLE_RESERVE] = {
      .build = FELT_BUILD_ANY,
      .accepts_from = FELT_FROM (FELT_ROLE_WASTE),
      .empty_from = FELT_FROM (FELT_ROLE_WASTE),
    },
  },
  .foundation_start = FELT_START_CLUB_STEPS,
  .stock_deal = FELT_DEAL_TO_WASTE,
  .waste_max = 1,
  .redeal = FELT_REDEAL_NONE,
  .auto_home = FELT_AUTO_ONLY_CHOICE,
};
