/* felt-rsvg.h: librsvg, opened when a deck is first parsed.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <librsvg/rsvg.h>

G_BEGIN_DECLS

/* The librsvg functions Felt calls, with librsvg's own prototypes. */
typedef struct {
  __typeof__ (rsvg_handle_new_from_data) *handle_new_from_data;
  __typeof__ (rsvg_handle_has_sub) *handle_has_sub;
  __typeof__ (rsvg_handle_get_intrinsic_size_in_pixels) *handle_get_intrinsic_size_in_pixels;
  __typeof__ (rsvg_handle_get_geometry_for_element) *handle_get_geometry_for_element;
  __typeof__ (rsvg_handle_get_geometry_for_layer) *handle_get_geometry_for_layer;
  __typeof__ (rsvg_handle_render_element) *handle_render_element;
  __typeof__ (rsvg_handle_render_layer) *handle_render_layer;
} FeltRsvg;

const FeltRsvg *felt_rsvg (void);

G_END_DECLS
