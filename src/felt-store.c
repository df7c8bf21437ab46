/* felt-store.c: Felt's files in the user's data folder, written atomically.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "felt-store.h"

#include <errno.h>
#include <glib/gstdio.h>

static char *
store_dir (void)
{
  const char *dir = g_getenv ("FELT_DATA_DIR");

  if (dir && *dir)
    return g_strdup (dir);
  return g_build_filename (g_get_user_data_dir (), "felt", NULL);
}

char *
felt_store_path (const char *name)
{
  g_autofree char *dir = store_dir ();

  return g_build_filename (dir, name, NULL);
}

gboolean
felt_store_read (const char *name, char **data, gsize *length, GError **error)
{
  g_autofree char *path = felt_store_path (name);
  g_autoptr (GError) local = NULL;

  *data = NULL;
  *length = 0;
  if (g_file_get_contents (path, data, length, &local))
    return TRUE;
  if (!g_error_matches (local, G_FILE_ERROR, G_FILE_ERROR_NOENT))
    g_propagate_error (error, g_steal_pointer (&local));
  return FALSE;
}

gboolean
felt_store_write (const char *name, const char *data, gsize length, GError **error)
{
  g_autofree char *dir = store_dir ();
  g_autofree char *path = felt_store_path (name);

  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved = errno;
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                   "cannot create %s: %s", dir, g_strerror (saved));
      return FALSE;
    }
  /* g_file_set_contents writes a temporary file beside it and renames it
   * into place, so a crash leaves the old file or the new one, never half. */
  return g_file_set_contents_full (path, data, (gssize) length,
                                   G_FILE_SET_CONTENTS_CONSISTENT, 0600, error);
}

char *
felt_store_keep_corrupt (const char *name)
{
  g_autofree char *path = felt_store_path (name);
  g_autofree char *kept = g_strconcat (path, ".corrupt", NULL);

  if (g_rename (path, kept) != 0)
    return NULL;
  return g_steal_pointer (&kept);
}

gboolean
felt_store_remove (const char *name)
{
  g_autofree char *path = felt_store_path (name);

  return g_remove (path) == 0 || errno == ENOENT;
}
