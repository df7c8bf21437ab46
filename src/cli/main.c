/* main.c: felt-cli's entry point.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>
#include <locale.h>
#include <stdio.h>

#include "config.h"
#include "felt-cli.h"

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  /* FELT_LOCALEDIR: the translations of a build directory, to run
   * uninstalled (build-aux/felt-dev run, the tests). */
  bindtextdomain (GETTEXT_PACKAGE, g_getenv ("FELT_LOCALEDIR") ? g_getenv ("FELT_LOCALEDIR") : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  /* The one command that needs the build's configuration (config.h);
   * felt_cli_main's usage lists it with the others. */
  if (argc >= 2 && g_str_equal (argv[1], "--version"))
    {
      if (argc > 2)
        {
          fprintf (stderr, "felt-cli: “--version” takes no arguments\n");
          return 2;
        }
      printf ("felt-cli %s\n", PACKAGE_VERSION);
      return 0;
    }
  return felt_cli_main (argc, argv);
}
