/* felt-prerender-faces.c: the built-in deck's faces at the sizes a default
 * window gets, rendered at build time (data/meson.build) and installed, so
 * that a first launch reads them as a second start reads its cache
 * (felt-face-cache.h) instead of rendering the SVG before its first frame.
 *
 *   felt-prerender-faces FOLDER WIDTHxHEIGHT
 *
 * writes FOLDER/cards-WxH.faces for the card size of each game of the
 * list on a board of WIDTHxHEIGHT pixels (felt_game_card_size, as the
 * board lays itself out), each size once.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdio.h>
#include <glib/gstdio.h>

#include "felt-card-theme.h"
#include "felt-face-cache.h"
#include "felt-rules.h"

int
main (int argc, char **argv)
{
  g_autoptr (FeltCardTheme) theme = NULL;
  g_autoptr (GHashTable) done = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr (GDir) dir = NULL;
  const char *name;
  int board_w, board_h;

  if (argc != 3 || sscanf (argv[2], "%dx%d", &board_w, &board_h) != 2 || board_w < 1 || board_h < 1)
    {
      fprintf (stderr, "usage: felt-prerender-faces FOLDER WIDTHxHEIGHT\n");
      return 2;
    }
  /* The faces are drawn into files with no name in the cache folder
   * (felt_face_cache_surface_new): the build's, not the user's. */
  g_setenv ("FELT_CACHE_DIR", argv[1], TRUE);
  g_setenv ("FELT_FACES_DIR", argv[1], TRUE);
  if (g_mkdir_with_parents (argv[1], 0755) != 0)
    {
      fprintf (stderr, "felt-prerender-faces: cannot make %s\n", argv[1]);
      return 1;
    }
  /* A size no game asks for any more must not be installed. */
  dir = g_dir_open (argv[1], 0, NULL);
  while (dir && (name = g_dir_read_name (dir)))
    if (g_str_has_prefix (name, "cards-") && g_str_has_suffix (name, ".faces"))
      {
        g_autofree char *old = g_build_filename (argv[1], name, NULL);
        g_remove (old);
      }
  theme = felt_card_theme_new_default ();
  for (guint g = 0; g < FELT_N_GAMES; g++)
    {
      g_autoptr (GError) error = NULL;
      g_autofree char *path = NULL;
      double width, height;

      felt_game_card_size (felt_game_get (g), felt_card_theme_get_aspect (theme), board_w, board_h,
                           &width, &height);
      if (!g_hash_table_add (done, g_strdup_printf ("%.0fx%.0f", width, height)))
        continue;
      path = felt_face_cache_prerendered_path ((int) width, (int) height);
      if (!felt_card_theme_write_faces (theme, (int) width, (int) height, path, &error))
        {
          fprintf (stderr, "felt-prerender-faces: %s\n", error->message);
          return 1;
        }
    }
  return 0;
}
