/* felt-application.h: the application: one instance, its actions.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define FELT_TYPE_APPLICATION (felt_application_get_type ())
G_DECLARE_FINAL_TYPE (FeltApplication, felt_application, FELT, APPLICATION, GtkApplication)

FeltApplication *felt_application_new (void);

/* Checks felt's command line before GApplication sees it: prints a
 * message and returns FALSE on anything it does not accept. */
gboolean felt_application_check_args (int argc, char **argv, GError **error);

/* The About window over parent (may be NULL): version, website, issue
 * tracker and credits, the translators' from the po file. */
GtkWindow *felt_application_about_new (GtkWindow *parent);

/* Chooses the cairo renderer for the display's windows where GL is a
 * software rasteriser (llvmpipe...), unless GSK_RENDERER is set; before
 * the first window is realized. */
void felt_application_choose_renderer (GdkDisplay *display);

G_END_DECLS
