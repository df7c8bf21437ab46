/* felt-pile-widget.h: one pile of the board as an object a screen reader
 * can find: a child of the board that draws nothing and takes no input.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "felt-rules.h"

G_BEGIN_DECLS

#define FELT_TYPE_PILE_WIDGET (felt_pile_widget_get_type ())
G_DECLARE_FINAL_TYPE (FeltPileWidget, felt_pile_widget, FELT, PILE_WIDGET, GtkWidget)

GtkWidget *felt_pile_widget_new (void);

/* Names the widget after pile `pile` of `state` ("Tableau 3") and
 * describes what the pile holds ("5 cards, 2 face down; top: ten of
 * clubs"); only what changed since the last call is passed on to the
 * accessibility layer.  Returns whether anything changed. */
gboolean felt_pile_widget_show (FeltPileWidget *self, const FeltState *state, guint pile);

/* What felt_pile_widget_show () says of the pile: a new string. */
char *felt_pile_widget_describe (const FeltState *state, guint pile);

G_END_DECLS
