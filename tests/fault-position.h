/* fault-position.h: the position of a game as one word, as the crash
 * test's driver logs it and the test reads it back.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "felt-session.h"

G_BEGIN_DECLS

char *fault_position_key (FeltSession *session);

G_END_DECLS
