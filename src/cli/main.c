/* main.c: felt-cli's entry point.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>
#include <locale.h>

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
  return felt_cli_main (argc, argv);
}
