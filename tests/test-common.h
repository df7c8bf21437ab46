/* test-common.h: what the files of the test-common program share
 * (test-common.c, test-common-hint.c, test-common-json.c): the helpers,
 * the values the docs pin for each game, and the tests each file brings
 * to the program's one list in test-common.c.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "felt-test-util.h"

G_BEGIN_DECLS

void assert_same_move (FeltMove got, FeltMove want);
gboolean is_foundation (const FeltGame *game, guint p);
/* One step of a seeded random game, checking the hint on the way; FALSE
 * when nothing is possible (test-common.c). */
gboolean random_step (FeltSession *session, GRand *rand, int stock_percent, FeltMove *played);

/* What doc/rules.md and doc/felt-cli.md fix for each of the five games,
 * by id (test-common.c). */
typedef struct {
  const char *id;
  guint max_score;
  int redeals_left;        /* at the deal */
  guint hidden;            /* face-down cards outside the stock at the deal */
  const char *json_piles;  /* the pile ids of the state JSON, in order */
} Pinned;

extern const Pinned pinned[];
extern const guint n_pinned;
const Pinned *pinned_for (const char *id);

/* test-common-hint.c: hint and score */
void test_hint_hopscotch (void **unused);
void test_hint_cruel (void **unused);
void test_hint_straight_up (void **unused);
void test_hint_scuffle (void **unused);
void test_hint_backbone (void **unused);
void test_hint_on_real_deals (void **unused);
void test_score_real_deals (void **unused);
void test_score_run_to_foundation (void **unused);
void test_max_scores (void **unused);

/* test-common-json.c: the state JSON */
void test_json_of_deals (void **unused);
void test_json_exact (void **unused);
void test_json_won (void **unused);

G_END_DECLS
