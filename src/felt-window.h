/* felt-window.h: the main window.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "felt-board.h"
#include "felt-play.h"

G_BEGIN_DECLS

#define FELT_TYPE_WINDOW (felt_window_get_type ())
G_DECLARE_FINAL_TYPE (FeltWindow, felt_window, FELT, WINDOW, GtkApplicationWindow)

FeltWindow *felt_window_new (GtkApplication *app);
/* Deals game number `seed` of `game` and plays it. */
void felt_window_start (FeltWindow *self, const FeltGame *game, guint32 seed);
/* Resumes the saved game; FALSE (and a notice when the file was bad)
 * when there is none to resume. */
gboolean felt_window_resume (FeltWindow *self);
/* Opens the help at a page ("cruel", "index"). */
void felt_window_show_help (FeltWindow *self, const char *page);
/* Shows the game chooser. */
void felt_window_choose_game (FeltWindow *self);
FeltBoard *felt_window_get_board (FeltWindow *self);
/* The game in play that the window shows. */
FeltPlay *felt_window_get_play (FeltWindow *self);
/* The notice shown above the board (a damaged file...), or NULL. */
const char *felt_window_get_notice (FeltWindow *self);
/* The status bar's texts: the solver's ("Winnable", "Chance of winning: 40%", or
 * empty) and the message ("Hint: …", "Looking for a winnable deal…"). */
const char *felt_window_get_solver_status (FeltWindow *self);
const char *felt_window_get_message (FeltWindow *self);

G_END_DECLS
