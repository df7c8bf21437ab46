/* felt-store.h: Felt's files in the user's data folder, written atomically.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* <user data dir>/felt/<name>; FELT_DATA_DIR overrides the folder (tests). */
char *felt_store_path (const char *name);
/* Reads a file; FALSE without error when it does not exist. */
gboolean felt_store_read (const char *name, char **data, gsize *length, GError **error);
/* Writes to a temporary file and renames it over the old one. */
gboolean felt_store_write (const char *name, const char *data, gsize length, GError **error);
/* Keeps a damaged file beside the good ones as <name>.corrupt; returns
 * the path it was kept at (free it), or NULL. */
char *felt_store_keep_corrupt (const char *name);
gboolean felt_store_remove (const char *name);

G_END_DECLS
