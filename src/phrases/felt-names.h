/* felt-names.h: cards and piles named for people (no widgets).
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "felt-rules.h"

G_BEGIN_DECLS

/* Card names for people: "Seven of hearts". */
char *felt_card_describe (FeltCard card);
/* Pile names for people: "Tableau 3". */
char *felt_pile_describe (const FeltGame *game, guint pile);

G_END_DECLS
