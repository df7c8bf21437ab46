/* test-play.h: what the tests of the game in play (test-play*.c, each its
 * own program in the suite `play`) share, from test-play-util.c.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>
#include <sys/fsuid.h>
#include <sys/stat.h>
#include <unistd.h>
#include <time.h>

#include "felt-animation.h"
#include "felt-phrases.h"
#include "felt-play.h"
#include "felt-saved-game.h"
#include "felt-solver.h"
#include "felt-stats.h"
#include "felt-test-deals.h"

/* The data folder of the test in progress (FELT_DATA_DIR), made by setup
 * and removed by teardown. */
extern char *data_dir;

char *data_path (const char *name);
void write_file (const char *name, const char *text);
int setup (void **state);
int teardown (void **state);

typedef gboolean (*Condition) (FeltPlay *play, gconstpointer data);

/* Runs the main loop until the condition holds; FALSE after `seconds`. */
gboolean wait_for (FeltPlay *play, Condition condition, gconstpointer data, int seconds);
void wait_ms (guint ms);

const FeltState *state_of (FeltPlay *play);
guint n_moves (FeltPlay *play);
/* Plays some legal move: the first the engine lists, or the stock. */
void make_a_move (FeltPlay *play);
FeltPlay *new_play (const char *game, guint32 seed);
gboolean moves_at_least (FeltPlay *play, gconstpointer n);
gboolean elapsed_at_least (FeltPlay *play, gconstpointer seconds);
FeltStats read_stats (void);

/* Counts the notifications of each property of an object. */
typedef struct {
  GHashTable *counts;   /* property name -> count */
} Notes;

void notes_watch (Notes *notes, gpointer object);
guint notes_take (Notes *notes, const char *name);
void notes_clear (Notes *notes, gpointer object);

FeltSolveResult solve (const FeltState *state);
/* Plays the solver's winning line from the position in play but for its
 * last `keep` moves. */
void play_winning_line (FeltPlay *play, guint keep);

/* Signal handlers that count: a boolean signal's FALSE and TRUE in
 * counts[0] and counts[1], and any signal's calls. */
void count_signal (gpointer instance, gboolean value, guint *counts);
void count_calls (gpointer instance, guint *count);
