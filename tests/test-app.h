/* test-app.h: what the tests of the window (test-app*.c, each its own
 * program in the suite `ui`) share, from test-app-util.c.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <errno.h>
#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <math.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <utime.h>

#include "felt-card-theme.h"
#include "felt-face-cache.h"
#include "felt-format.h"
#include "felt-solver.h"
#include "felt-abandon-dialog.h"
#include "felt-board-private.h"
#include "felt-deal-dialog.h"
#include "felt-end-dialog.h"
#include "felt-game-chooser.h"
#include "felt-window.h"
#include "felt-play.h"
#include "felt-ui-test-util.h"
#include "felt-analysis.h"

/* The data folder of the test in progress (FELT_DATA_DIR), made by setup
 * and removed by teardown. */
extern char *data_dir;
/* The program test_kill_and_resume started and has not killed yet. */
extern GPid felt_child;

void wait_ms (guint ms);
char *data_path (const char *name);
void write_file (const char *name, const char *text);
int setup (void **state);
/* Also kills felt_child, if a failed check left it running. */
int teardown (void **state);

FeltWindow *new_window (void);
void close_window (FeltWindow *window);
GtkWidget *find_toplevel (GType type);
/* The button of `widget`'s tree with this label or icon, shown or not. */
GtkWidget *find_button (GtkWidget *widget, const char *label);
GtkWidget *find_type (GtkWidget *widget, GType type);
void click (GtkWidget *button);
GtkWidget *find_label_with_class (GtkWidget *widget, const char *css_class);
FeltSession *session_of (FeltWindow *window);

/* Kills a program with SIGKILL and waits for it; forgets felt_child. */
void kill_hard (GPid pid);
