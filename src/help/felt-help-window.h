/* felt-help-window.h: the help window: Felt's Mallard pages, shown
 * without Yelp.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Where the pages are: FELT_HELP_RESOURCE/<lang>/<page id>.page */
#define FELT_HELP_RESOURCE "/io/github/feltsolitaire/Felt/help"

#define FELT_TYPE_HELP_WINDOW (felt_help_window_get_type ())
G_DECLARE_FINAL_TYPE (FeltHelpWindow, felt_help_window, FELT, HELP_WINDOW, GtkWindow)

/* A help window over `parent` (may be NULL), showing the index.  The
 * pages are read in the first language of g_get_language_names () that
 * has them, English otherwise. */
GtkWidget *felt_help_window_new (GtkWindow *parent);
/* Shows page `page_id` ("cruel", "index", or "playing#keyboard" for a
 * section); the page shown before it goes into the Back history. */
void felt_help_window_show_page (FeltHelpWindow *self, const char *page_id);
/* The page shown ("cruel"), without any section. */
const char *felt_help_window_get_page (FeltHelpWindow *self);

G_END_DECLS
