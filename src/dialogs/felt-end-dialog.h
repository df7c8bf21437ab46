/* felt-end-dialog.h: the end of a game: "You won!" (or "The demo won
 * this game") or "Game over", with
 * Undo, Restart (a lost game), Close (a won one) and New Game.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define FELT_TYPE_END_DIALOG (felt_end_dialog_get_type ())
G_DECLARE_FINAL_TYPE (FeltEndDialog, felt_end_dialog, FELT, END_DIALOG, GtkWindow)

/* A modal dialog over `parent`; its buttons close it and activate
 * win.undo, win.restart or win.new-game on `parent`.  `by_demo`: the
 * demo made moves in the won deal; `by_solution`: the player took over
 * from the solution. */
GtkWidget *felt_end_dialog_new (GtkWindow *parent, gboolean won, gboolean by_demo, gboolean by_solution,
                                const char *detail);

G_END_DECLS
