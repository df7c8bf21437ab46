/* felt-replay-window.h: a finished game replayed move by move, on a board
 * of its own (data/ui/felt-replay-window.ui): the game in play and its
 * undo history are never touched.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "felt-animation.h"
#include "felt-card-theme.h"
#include "felt-session.h"

G_BEGIN_DECLS

#define FELT_TYPE_REPLAY_WINDOW (felt_replay_window_get_type ())
G_DECLARE_FINAL_TYPE (FeltReplayWindow, felt_replay_window, FELT, REPLAY_WINDOW, GtkWindow)

/* The moves of `game` (its undone moves left out), from its deal; shown
 * with `theme` (NULL: Felt's deck) at `speed`. */
GtkWidget *felt_replay_window_new (GtkWindow *parent, const FeltSession *game, FeltCardTheme *theme,
                                   FeltAnimationSpeed speed);
/* The moves shown so far, and in all. */
guint felt_replay_window_get_position (FeltReplayWindow *self);
guint felt_replay_window_get_length (FeltReplayWindow *self);

G_END_DECLS
