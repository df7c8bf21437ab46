/* backbone-proofs.h: proofs that a position of Backbone is lost
 * (backbone-proofs.c), for its solver (backbone.c).
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "felt-solver-private.h"

G_BEGIN_DECLS

/* TRUE when the reserve proves the position lost: a card that can never
 * leave it, twins kept apart, a jammed reserve, or one jammed by the
 * foundations held exactly (the rules are told in backbone-proofs.c). */
gboolean felt_backbone_hopeless (const FeltState *st);

G_END_DECLS
