/* felt-ui-test-util.h: what the tests of real widgets share: starting GTK
 * on the test's display, temporary folders, finding widgets in a tree,
 * waiting for the main loop, and pictures of a widget.
 *
 * A UI test never skips: without a display it fails (tests/meson.build
 * decides whether UI tests run at all, with the ui_tests option).
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* ---- the display ---- */

/* Starts GTK on $DISPLAY with the test accessibility context (it keeps the
 * accessible properties for the tests to read) and Felt's style sheet;
 * exits with a failure, saying why, when there is no display. */
void felt_ui_test_init (void);
/* The folders a test sees as the user's and the system's are its own:
 * HOME and XDG_CONFIG_HOME, XDG_DATA_HOME, XDG_CACHE_HOME and
 * XDG_STATE_HOME in a temporary folder; XDG_DATA_DIRS the system's data
 * folders without other programs' card decks (AisleRiot's aisleriot/,
 * KDE's carddecks/), after own_data (may be NULL).  Before GLib reads them:
 * felt_ui_test_init calls it (with NULL) unless the test did.  The
 * folder goes when the test ends. */
void felt_ui_test_isolate (const char *own_data);

/* ---- temporary folders ---- */

/* A new empty folder under the system's temporary folder, named from
 * `prefix`; if `env_var` is not NULL, it is set to the folder's path (e.g.
 * "FELT_DATA_DIR", so that the code under test writes there). */
char *felt_ui_test_make_dir (const char *prefix, const char *env_var);
/* Removes `dir` and everything in it (a test's folder: no symlinks are
 * followed out of it). */
void felt_ui_test_remove_dir (const char *dir);

/* ---- finding widgets (the widget and its descendants, depth first) ---- */

typedef gboolean (*FeltUiTestMatch) (GtkWidget *widget, gconstpointer data);

GtkWidget *felt_ui_test_find (GtkWidget *root, FeltUiTestMatch match, gconstpointer data);
/* The visible window whose transient parent is `parent`, or NULL. */
GtkWidget *felt_ui_test_window_over (GtkWidget *parent);
/* A widget of `type` that has the CSS class `css_class` (NULL: any). */
GtkWidget *felt_ui_test_find_type (GtkWidget *root, GType type, const char *css_class);
/* The widget whose template or builder id (or widget name) is `name`. */
GtkWidget *felt_ui_test_find_named (GtkWidget *root, const char *name);
/* The widget a screen reader names `label`: its accessible label, the text
 * of the label it is labelled by, or a button's own label (mnemonic
 * underscores removed). */
GtkWidget *felt_ui_test_find_labelled (GtkWidget *root, const char *label);
/* A GtkLabel whose text contains `text`. */
GtkWidget *felt_ui_test_find_text (GtkWidget *root, const char *text);
/* A button whose action is `action` ("help.back"). */
GtkWidget *felt_ui_test_find_action (GtkWidget *root, const char *action);
/* The accessible name of `widget` as felt_ui_test_find_labelled () sees it,
 * or NULL. */
char *felt_ui_test_accessible_name (GtkWidget *widget);
/* All the text the widget shows, one label a line. */
char *felt_ui_test_text (GtkWidget *root);

/* ---- the main loop ---- */

/* Runs the main loop for `ms` milliseconds. */
void felt_ui_test_wait_ms (guint ms);
/* Runs the main loop until `window` is mapped and two frames have passed
 * (laid out and drawn as it is now);
 * fails after 10 s. */
void felt_ui_test_wait_shown (GtkWidget *window);

#define FELT_UI_TEST_TIMEOUT_US (10 * G_USEC_PER_SEC)

gboolean felt_ui_test_wake_up (gpointer data);

/* Runs the main loop until `cond` holds; fails after 10 s. */
#define FELT_UI_WAIT_UNTIL(cond, ...)                                       \
  G_STMT_START {                                                            \
    gint64 deadline__ = g_get_monotonic_time () + FELT_UI_TEST_TIMEOUT_US;  \
    guint wake__ = g_timeout_add (5, felt_ui_test_wake_up, NULL);           \
    while (!(cond))                                                         \
      {                                                                     \
        if (g_get_monotonic_time () > deadline__)                           \
          {                                                                 \
            g_source_remove (wake__);                                       \
            fail_msg ("timed out waiting until " #cond ": " __VA_ARGS__);   \
          }                                                                 \
        g_main_context_iteration (NULL, TRUE);                              \
      }                                                                     \
    g_source_remove (wake__);                                               \
  } G_STMT_END

/* ---- pictures ---- */

/* Renders `widget` as it is on screen (it must be shown) and, if `png_name`
 * is not NULL, saves it as FELT_TEST_OUTPUT/png_name (the current folder
 * without FELT_TEST_OUTPUT) for a person to look at.  Fails if the widget
 * draws nothing or the file cannot be written. */
GdkTexture *felt_ui_test_render (GtkWidget *widget, const char *png_name);

G_END_DECLS
