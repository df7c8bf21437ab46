/* felt-rsvg.c: librsvg, opened when a deck is first parsed.
 *
 * Linked, librsvg (and libxml2 with it) is loaded and relocated before
 * main: 37 thousand relocations, 10-15 ms of processor time in a start of
 * 300 (bench/floor linked with it and without, under Xvfb with the cairo
 * renderer), spent for nothing at nearly every start, whose faces come
 * from the disk cache or from those installed with Felt.  So Felt opens it
 * the first time a deck is parsed (a new window size, another deck), in
 * whichever thread that is, and calls it through these pointers.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "felt-rsvg.h"

#include <gmodule.h>

static gboolean
find (GModule *module, const char *name, gpointer *symbol)
{
  return g_module_symbol (module, name, symbol) && *symbol != NULL;
}

static const FeltRsvg *
open_library (void)
{
  static FeltRsvg rsvg;
  /* Kept open for the program's life. */
  static GModule *module;

  module = g_module_open (LIBRSVG_SONAME, G_MODULE_BIND_LAZY | G_MODULE_BIND_LOCAL);
  /* Felt's package depends on librsvg: only a broken installation gets
   * here, and no card can be drawn without it. */
  if (module == NULL)
    g_error ("librsvg (%s) cannot be opened, so no card can be drawn: %s. Reinstalling Felt repairs it.",
             LIBRSVG_SONAME, g_module_error ());
  if (!find (module, "rsvg_handle_new_from_data", (gpointer *) &rsvg.handle_new_from_data) ||
      !find (module, "rsvg_handle_has_sub", (gpointer *) &rsvg.handle_has_sub) ||
      !find (module, "rsvg_handle_get_intrinsic_size_in_pixels",
             (gpointer *) &rsvg.handle_get_intrinsic_size_in_pixels) ||
      !find (module, "rsvg_handle_get_geometry_for_element", (gpointer *) &rsvg.handle_get_geometry_for_element) ||
      !find (module, "rsvg_handle_get_geometry_for_layer", (gpointer *) &rsvg.handle_get_geometry_for_layer) ||
      !find (module, "rsvg_handle_render_element", (gpointer *) &rsvg.handle_render_element) ||
      !find (module, "rsvg_handle_render_layer", (gpointer *) &rsvg.handle_render_layer))
    g_error ("librsvg (%s) lacks %s: Felt needs librsvg 2.52 or newer.", LIBRSVG_SONAME, g_module_error ());
  g_module_make_resident (module);
  return &rsvg;
}

const FeltRsvg *
felt_rsvg (void)
{
  static const FeltRsvg *rsvg;

  if (g_once_init_enter (&rsvg))
    g_once_init_leave (&rsvg, open_library ());
  return rsvg;
}
