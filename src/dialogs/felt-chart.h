/* felt-chart.h: a small chart drawn in the style's colours: a line (the
 * win rate over the last games) or bars (how many wins took how long).
 * Its text alternative is its accessible name and its tooltip.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

typedef enum {
  FELT_CHART_LINE,
  FELT_CHART_BARS,
} FeltChartKind;

#define FELT_TYPE_CHART_KIND (felt_chart_kind_get_type ())
GType felt_chart_kind_get_type (void);

#define FELT_TYPE_CHART (felt_chart_get_type ())
G_DECLARE_FINAL_TYPE (FeltChart, felt_chart, FELT, CHART, GtkWidget)

GtkWidget *felt_chart_new (FeltChartKind kind);
/* The values, from 0 to `max` (the top of the chart): a line's points
 * from left to right, or the bars'. */
void felt_chart_set_values (FeltChart *self, const double *values, guint n, double max);
/* Labels spaced evenly up the left side (NULL-terminated; the first at
 * the bottom) and along the bottom (the first at the left edge, the last
 * at the right edge). */
void felt_chart_set_labels (FeltChart *self, const char *const *y_labels, const char *const *x_labels);
/* What the chart says in words, for a screen reader and the tooltip;
 * shown in the chart when it has no values. */
void felt_chart_set_description (FeltChart *self, const char *description);
const char *felt_chart_get_description (FeltChart *self);

G_END_DECLS
