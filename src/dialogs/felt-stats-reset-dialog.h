/* felt-stats-reset-dialog.h: "Reset all statistics?", asked before
 * Statistics forgets them.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define FELT_TYPE_STATS_RESET_DIALOG (felt_stats_reset_dialog_get_type ())
G_DECLARE_FINAL_TYPE (FeltStatsResetDialog, felt_stats_reset_dialog, FELT, STATS_RESET_DIALOG, GtkWindow)

/* A modal question over `parent`; emits "confirmed" and closes when the
 * player chooses Reset; Cancel and Escape close it and nothing else. */
GtkWidget *felt_stats_reset_dialog_new (GtkWindow *parent);

G_END_DECLS
