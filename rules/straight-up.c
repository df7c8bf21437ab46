/* straight-up.c: Straight Up, as a table, with the refill from the reserve.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "felt-rules-private.h"

/* A tableau pile emptied by a move takes the reserve's top card at once,
 * as part of the same move. */
static gboolean
straight_up_refill (const FeltState *state, const FeltMove *done, FeltMove *out)
{
  const FeltGame *game = felt_state_game (state);
  int reserve;

  if (game->piles[done->from].role != FELT_ROLE_TABLEAU ||
      felt_pile_size (state, done->from) != 0)
    return FALSE;
  /* Looked up only now: a pile emptied is rare next to every move. */
  reserve = felt_game_find_pile (game, FELT_ROLE_RESERVE, 0);
  if (felt_pile_size (state, reserve) == 0)
    return FALSE;
  *out = (FeltMove) { (guint8) reserve, done->from, 1, 0 };
  return TRUE;
}

#define FOUNDATION(i) { FELT_ROLE_FOUNDATION, i, 3 + i, 0, FELT_FAN_NONE }
#define TABLEAU(i) { FELT_ROLE_TABLEAU, i, 3 + i, 1.25f, FELT_FAN_DOWN, 1.8f }

const FeltGame felt_game_straight_up = {
  .id = "straight-up",
  .name = N_("Straight Up"),
  .summary = N_("Aces high: build up from the twos, fed by a reserve"),
  .n_decks = 1,
  .deal_salt = 0x73747570,
  .aces_high = TRUE,
  .reserve_face_down = TRUE,
  .status = FELT_SHOW_STOCK | FELT_SHOW_RESERVE | FELT_SHOW_REDEALS,
  .n_piles = 11,
  .piles = {
    { FELT_ROLE_STOCK, 0, 0, 0, FELT_FAN_NONE },
    { FELT_ROLE_WASTE, 0, 1, 0, FELT_FAN_NONE },
    FOUNDATION (0), FOUNDATION (1), FOUNDATION (2), FOUNDATION (3),
    TABLEAU (0), TABLEAU (1), TABLEAU (2), TABLEAU (3),
    { FELT_ROLE_RESERVE, 0, 0, 1.25f, FELT_FAN_NONE },
  },
  .roles = {
    [FELT_ROLE_FOUNDATION] = {
      .build = FELT_BUILD_UP_SUIT,
      .accepts_from = FELT_FROM (FELT_ROLE_WASTE) | FELT_FROM (FELT_ROLE_TABLEAU) |
                      FELT_FROM (FELT_ROLE_RESERVE),
    },
    [FELT_ROLE_TABLEAU] = {
      .build = FELT_BUILD_DOWN_SUIT,
      .accepts_from = FELT_FROM (FELT_ROLE_WASTE) | FELT_FROM (FELT_ROLE_TABLEAU) |
                      FELT_FROM (FELT_ROLE_RESERVE),
      /* While the reserve lasts an empty pile is refilled at once, so an
       * empty pile only meets the player once the reserve is gone. */
      .empty_from = FELT_FROM (FELT_ROLE_WASTE),
      .runs_move = TRUE,
    },
  },
  .foundation_start = FELT_START_RANK,
  .start_rank = 2,
  .deal = {
    { FELT_ROLE_RESERVE, 0, 1, 13 },
    { FELT_ROLE_TABLEAU, 0, 4, 1 },
  },
  .n_deal_steps = 2,
  .stock_deal = FELT_DEAL_TO_WASTE,
  .redeal = FELT_REDEAL_TURN_WASTE,
  .redeal_limit = 2,
  .follow_up = straight_up_refill,
  .hook_piles = { { FELT_ROLE_RESERVE, 0 } },
  .n_hook_piles = 1,
  .auto_home = FELT_AUTO_ALWAYS,
};
