/* test-help-util.c: what the tests of the help share (test-help.h).
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "test-help.h"

const char *game_pages[FELT_N_GAMES + 1];

const char *const playing_pages[] = {
  "playing", "shortcuts", "hints", "learning", "deals", "statistics", "replay", "preferences", "accessibility", NULL,
};

void
help_test_init (void)
{
  for (guint g = 0; g < FELT_N_GAMES; g++)
    game_pages[g] = felt_game_get (g)->id;
  felt_ui_test_init ();
}
