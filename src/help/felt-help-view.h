/* felt-help-view.h: one help page, rendered from its Mallard blocks with
 * GTK widgets, in a column that stays readable on a wide window.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "felt-mallard.h"
#include "felt-mallard-index.h"

G_BEGIN_DECLS

#define FELT_TYPE_HELP_VIEW (felt_help_view_get_type ())
G_DECLARE_FINAL_TYPE (FeltHelpView, felt_help_view, FELT, HELP_VIEW, GtkWidget)

/* Shows `page`; `index` gives the titles of the pages it links to and lists
 * (it is not kept).  A link to another page emits "follow-link" with its
 * xref ("deals", "playing#undo"); links to the web open in the browser. */
void felt_help_view_show_page (FeltHelpView *self, const FeltMallardPage *page, const FeltMallardIndex *index);
/* Shows `title` and `message` instead of a page. */
void felt_help_view_show_error (FeltHelpView *self, const char *title, const char *message);
/* The heading of section `section_id` on the page shown, or NULL. */
GtkWidget *felt_help_view_get_section (FeltHelpView *self, const char *section_id);

G_END_DECLS
