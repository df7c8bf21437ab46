/* main.c: felt's entry point.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <stdio.h>

#include "felt-application.h"

int
main (int argc, char **argv)
{
  g_autoptr (FeltApplication) app = NULL;
  g_autoptr (GError) error = NULL;

  setlocale (LC_ALL, "");
  /* FELT_LOCALEDIR: the translations of a build directory, to run
   * uninstalled (build-aux/felt-dev run, the tests). */
  bindtextdomain (GETTEXT_PACKAGE, g_getenv ("FELT_LOCALEDIR") ? g_getenv ("FELT_LOCALEDIR") : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  if (!felt_application_check_args (argc, argv, &error))
    {
      fprintf (stderr, "felt: %s\n", error->message);
      return 2;
    }
  app = felt_application_new ();
  return g_application_run (G_APPLICATION (app), argc, argv);
}
