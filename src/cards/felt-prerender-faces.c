/* felt-prerender-faces.c: the built-in deck's faces at the sizes a default
 * window gets, rendered at build time (data/meson.build) and installed, so
 * that a first launch reads them as a second start reads its cache
 * (felt-face-cache.h) instead of rendering the SVG before its first frame.
 *
 *   felt-prerender-faces FOLDER WIDTHxHEIGHT...
 *
 * writes FOLDER/cards-WIDTHxHEIGHT.faces for each size.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdio.h>
#include <glib/gstdio.h>

#include "felt-card-theme.h"
#include "felt-face-cache.h"

int
main (int argc, char **argv)
{
  g_autoptr (FeltCardTheme) theme = NULL;

  if (argc < 3)
    {
      fprintf (stderr, "usage: felt-prerender-faces FOLDER WIDTHxHEIGHT...\n");
      return 2;
    }
  /* The faces are drawn into files with no name in the cache folder
   * (felt_face_cache_surface_new): the build's, not the user's. */
  g_setenv ("FELT_CACHE_DIR", argv[1], TRUE);
  g_setenv ("FELT_FACES_DIR", argv[1], TRUE);
  theme = felt_card_theme_new_default ();
  for (int i = 2; i < argc; i++)
    {
      g_autoptr (GError) error = NULL;
      g_autofree char *path = NULL;
      int width, height;

      if (sscanf (argv[i], "%dx%d", &width, &height) != 2 || width < 1 || height < 1)
        {
          fprintf (stderr, "felt-prerender-faces: not a size: %s\n", argv[i]);
          return 2;
        }
      path = felt_face_cache_prerendered_path (width, height);
      if (!felt_card_theme_write_faces (theme, width, height, path, &error))
        {
          fprintf (stderr, "felt-prerender-faces: %s\n", error->message);
          return 1;
        }
    }
  return 0;
}
