/* felt-play-history.h: the history of finished games, as the game in
 * play keeps it (felt-play-history.c).
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "felt-history.h"
#include "felt-play.h"

G_BEGIN_DECLS

/* Every game finished in this data folder, this run's included. */
const FeltHistory *felt_play_get_history (FeltPlay *self);

G_END_DECLS
