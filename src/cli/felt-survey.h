/* felt-survey.h: felt-cli's survey, many deals solved in parallel, kept
 * one line per deal in a file that a rerun resumes and that merges with
 * the files of other runs (doc/felt-cli.md).
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "felt-solver.h"

G_BEGIN_DECLS

typedef struct {
  const FeltGame *game;
  guint32 first, last;   /* the deals, both included */
  guint64 budget;        /* positions per deal; 0: the game's default */
  guint64 ms;            /* milliseconds per deal; 0: no limit */
  guint jobs;            /* threads solving at once, at least 1 */
  gboolean verbose;      /* one line per deal on standard output */
  const char *output;    /* the file of per-deal lines, or NULL */
} FeltSurvey;

/* felt_solve with a node budget (0: the game's default, or no limit when
 * a time limit is given) and a time limit in milliseconds (0: none). */
void felt_cli_solve_within (const FeltState *state, guint64 budget, guint64 ms,
                            FeltSolveResult *result);
/* Prints "felt-cli: MESSAGE" as one line on standard error; returns 2
 * (the exit status of a bad command line or survey file). */
int felt_cli_error (const char *fmt, ...) G_GNUC_PRINTF (1, 2);

/* Runs the survey and prints its summary; returns the exit status. */
int felt_survey_run (const FeltSurvey *survey);
/* The summary of the survey files (--output) of one game, budget and
 * version; returns the exit status. */
int felt_survey_merge (const char *const *files, guint n_files);

G_END_DECLS
