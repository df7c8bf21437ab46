/* felt-cli.h: the headless tool, as a library so the tests can drive it.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "felt-session.h"

G_BEGIN_DECLS

/* Parses a deal number 0..4294967295 (digits only). */
gboolean felt_cli_parse_seed (const char *text, guint32 *seed);
/* One line of the play protocol in, one line of answer out. */
char *felt_cli_command (FeltSession *session, const char *line);
/* The whole tool; returns the exit status. */
int felt_cli_main (int argc, char **argv);

G_END_DECLS
