/* cruel.c: Cruel, as a table, with its loop check.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "felt-rules-private.h"

#define N_TABLEAU 12

/* Right after a (re)deal, the last pile holding a single card that can
 * only go onto the pile before it: moving it and redealing rebuilds the
 * very same layout, so the game can go nowhere (doc/rules.md, Cruel). */
static gboolean
cruel_dead_end (const FeltState *state)
{
  const FeltGame *game = felt_state_game (state);
  FeltMove moves[FELT_MAX_MOVES];
  int first, last = -1, before;

  if (state->flags & FELT_STATE_MOVED_SINCE_DEAL)
    return FALSE;
  /* The tableau piles lie together in index order (tests/test-tables.c
   * checks it): the last non-empty one, and the one before it. */
  first = felt_game_find_pile (game, FELT_ROLE_TABLEAU, 0);
  for (int p = first + (int) felt_game_count_piles (game, FELT_ROLE_TABLEAU) - 1; p >= first; p--)
    if (felt_pile_size (state, p) > 0)
      {
        last = p;
        break;
      }
  before = last - 1;
  if (last <= first || felt_pile_size (state, last) != 1)
    return FALSE;
  /* Cheap first: the card must go onto the pile before (built down by
   * suit); only then list every move.  Every move check asks this. */
  {
    FeltCard card = felt_pile_top (state, last);
    FeltCard under = felt_pile_top (state, before);
    if (under == 0 || FELT_CARD_SUIT (under) != FELT_CARD_SUIT (card) ||
        FELT_CARD_RANK (under) != FELT_CARD_RANK (card) + 1)
      return FALSE;
  }
  if (felt_state_card_moves (state, moves) != 1)
    return FALSE;
  return moves[0].from == last && moves[0].to == before;
}

#define TABLEAU(i, x, y) { FELT_ROLE_TABLEAU, i, x, y, FELT_FAN_RIGHT, 0.8f }

const FeltGame felt_game_cruel = {
  .id = "cruel",
  .name = N_("Cruel"),
  .summary = N_("Twelve piles of four, regrouped at every redeal"),
  .n_decks = 1,
  .deal_salt = 0x6372756c,
  .status = FELT_SHOW_NOT_ON_FOUNDATIONS,
  .n_piles = 17,
  .piles = {
    { FELT_ROLE_STOCK, 0, 0, 0, FELT_FAN_NONE },
    { FELT_ROLE_FOUNDATION, 0, 1.6f, 0, FELT_FAN_NONE },
    { FELT_ROLE_FOUNDATION, 1, 3.2f, 0, FELT_FAN_NONE },
    { FELT_ROLE_FOUNDATION, 2, 4.8f, 0, FELT_FAN_NONE },
    { FELT_ROLE_FOUNDATION, 3, 6.4f, 0, FELT_FAN_NONE },
    TABLEAU (0, 0, 1.25f), TABLEAU (1, 1.6f, 1.25f), TABLEAU (2, 3.2f, 1.25f),
    TABLEAU (3, 4.8f, 1.25f), TABLEAU (4, 6.4f, 1.25f), TABLEAU (5, 8.0f, 1.25f),
    TABLEAU (6, 0, 2.5f), TABLEAU (7, 1.6f, 2.5f), TABLEAU (8, 3.2f, 2.5f),
    TABLEAU (9, 4.8f, 2.5f), TABLEAU (10, 6.4f, 2.5f), TABLEAU (11, 8.0f, 2.5f),
  },
  .roles = {
    [FELT_ROLE_FOUNDATION] = {
      .build = FELT_BUILD_UP_SUIT,
      .accepts_from = FELT_FROM (FELT_ROLE_TABLEAU),
    },
    [FELT_ROLE_TABLEAU] = {
      .build = FELT_BUILD_DOWN_SUIT,
      .accepts_from = FELT_FROM (FELT_ROLE_TABLEAU),
    },
  },
  .foundation_start = FELT_START_RANK,
  .start_rank = FELT_ACE,
  .deal = { { FELT_ROLE_TABLEAU, 0, N_TABLEAU, 4 } },
  .n_deal_steps = 1,
  .stock_deal = FELT_DEAL_NONE,
  .redeal = FELT_REDEAL_REGROUP,
  .redeal_limit = -1,
  .redeal_needs_move = TRUE,
  .dead_end = cruel_dead_end,
  /* The loop check reads the tableau from its last pile to its first. */
  .hook_piles = { { FELT_ROLE_TABLEAU, 0 }, { FELT_ROLE_TABLEAU, N_TABLEAU - 1 } },
  .n_hook_piles = 2,
  .auto_home = FELT_AUTO_NEVER,
};
