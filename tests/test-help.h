/* test-help.h: what the tests of the help (test-help.c: the pages and
 * the reader; test-help-window.c: the help window) share, from
 * test-help-util.c.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>
#include <cmocka.h>

#include <gtk/gtk.h>

#include "felt-rules.h"
#include "felt-ui-test-util.h"

/* The pages the index lists, in its order: one per game, named by its
 * id (from the engine's list), then those about playing. */
extern const char *game_pages[FELT_N_GAMES + 1];
extern const char *const playing_pages[];

/* Fills game_pages and starts GTK for the tests. */
void help_test_init (void);
