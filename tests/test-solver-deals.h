/* test-solver-deals.h: the tests of felt-cli's solve and survey
 * (test-solver-deals-cli.c) in the list of the test-solver-deals program
 * (test-solver-deals.c).
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "felt-test-util.h"

G_BEGIN_DECLS

void test_cli_solve_replays (void **unused);
void test_cli_solve_lost (void **unused);
void test_cli_time_limit (void **unused);
void test_cli_survey (void **unused);
void test_cli_survey_files (void **unused);
void test_cli_errors (void **unused);

G_END_DECLS
