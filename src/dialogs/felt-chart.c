/* felt-chart.c: a line or bar chart in the style's colours (felt-chart.h).
 *
 * Sizes come from the font: the chart grows with the text size.  Colours
 * come from the style: the text colour for the labels and the grid, the
 * accent colour for the data; with a high-contrast theme (the window's
 * .high-contrast class, felt-style.c) the data too is in the text colour
 * and the grid is stronger.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "felt-chart.h"

#include <math.h>

struct _FeltChart
{
  GtkWidget parent_instance;

  FeltChartKind kind;
  GArray *values;       /* of double */
  double max;
  char **y_labels;
  char **x_labels;
  char *description;
};

G_DEFINE_FINAL_TYPE (FeltChart, felt_chart, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_KIND,
  PROP_DESCRIPTION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

GType
felt_chart_kind_get_type (void)
{
  static gsize type = 0;
  static const GEnumValue values[] = {
    { FELT_CHART_LINE, "FELT_CHART_LINE", "line" },
    { FELT_CHART_BARS, "FELT_CHART_BARS", "bars" },
    { 0, NULL, NULL },
  };

  if (g_once_init_enter (&type))
    g_once_init_leave (&type, g_enum_register_static ("FeltChartKind", values));
  return type;
}

GtkWidget *
felt_chart_new (FeltChartKind kind)
{
  return g_object_new (FELT_TYPE_CHART, "kind", kind, NULL);
}

void
felt_chart_set_values (FeltChart *self, const double *values, guint n, double max)
{
  g_return_if_fail (FELT_IS_CHART (self));
  g_array_set_size (self->values, 0);
  g_array_append_vals (self->values, values, n);
  self->max = max > 0 ? max : 1;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
felt_chart_set_labels (FeltChart *self, const char *const *y_labels, const char *const *x_labels)
{
  g_return_if_fail (FELT_IS_CHART (self));
  g_strfreev (self->y_labels);
  g_strfreev (self->x_labels);
  self->y_labels = g_strdupv ((char **) y_labels);
  self->x_labels = g_strdupv ((char **) x_labels);
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

void
felt_chart_set_description (FeltChart *self, const char *description)
{
  g_return_if_fail (FELT_IS_CHART (self));
  if (g_strcmp0 (self->description, description) == 0)
    return;
  g_free (self->description);
  self->description = g_strdup (description);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  description ? description : "", -1);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self), description);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DESCRIPTION]);
}

const char *
felt_chart_get_description (FeltChart *self)
{
  g_return_val_if_fail (FELT_IS_CHART (self), NULL);
  return self->description;
}

/* ---- drawing ------------------------------------------------------------------------ */

static gboolean
high_contrast (FeltChart *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  return root && gtk_widget_has_css_class (GTK_WIDGET (root), "high-contrast");
}

static void
colours (FeltChart *self, GdkRGBA *fg, GdkRGBA *accent)
{
  GtkStyleContext *context = gtk_widget_get_style_context (GTK_WIDGET (self));

  gtk_style_context_get_color (context, fg);
  /* accent_color is the accent meant to stand on the window's
   * background: lighter in the dark style */
  if (high_contrast (self) ||
      (!gtk_style_context_lookup_color (context, "accent_color", accent) &&
       !gtk_style_context_lookup_color (context, "accent_bg_color", accent) &&
       !gtk_style_context_lookup_color (context, "theme_selected_bg_color", accent)))
    *accent = *fg;
  else if (0.2126 * fg->red + 0.7152 * fg->green + 0.0722 * fg->blue > 0.5)
    {
      /* Light text: a dark style.  Its accent is made for filled buttons
       * and is too dark for thin lines on the dark background. */
      accent->red += (fg->red - accent->red) * 0.35;
      accent->green += (fg->green - accent->green) * 0.35;
      accent->blue += (fg->blue - accent->blue) * 0.35;
    }
}

/* The height of a line of text, in pixels: the unit of every size. */
static double
text_height (GtkWidget *widget)
{
  g_autoptr (PangoLayout) layout = gtk_widget_create_pango_layout (widget, "0:00%");
  int w, h;

  pango_layout_get_pixel_size (layout, &w, &h);
  return MAX (h, 8);
}

static double
label_width (GtkWidget *widget, char **labels)
{
  int widest = 0;

  for (guint i = 0; labels && labels[i]; i++)
    {
      g_autoptr (PangoLayout) layout = gtk_widget_create_pango_layout (widget, labels[i]);
      int w, h;

      pango_layout_get_pixel_size (layout, &w, &h);
      widest = MAX (widest, w);
    }
  return widest;
}

static void
set_colour (cairo_t *cr, const GdkRGBA *c, double alpha)
{
  cairo_set_source_rgba (cr, c->red, c->green, c->blue, c->alpha * alpha);
}

/* Text with its anchor at (x, y): xalign/yalign 0 left/top, 1 right/bottom. */
static void
draw_text (GtkWidget *widget, cairo_t *cr, const char *text, double x, double y, double xalign, double yalign)
{
  g_autoptr (PangoLayout) layout = gtk_widget_create_pango_layout (widget, text);
  int w, h;

  pango_layout_get_pixel_size (layout, &w, &h);
  cairo_move_to (cr, round (x - w * xalign), round (y - h * yalign));
  pango_cairo_show_layout (cr, layout);
}

/* Where the values go, in the widget's pixels. */
typedef struct {
  double left, right, top, bottom, pw, ph;
  double lh;          /* a line of text's height */
  double line;        /* a thin line's width */
  gboolean hc;        /* high contrast */
} Plot;

/* Nothing to chart: the words say why. */
static void
draw_empty (FeltChart *self, cairo_t *cr, double width, double height, double lh, const GdkRGBA *fg, gboolean hc)
{
  g_autoptr (PangoLayout) layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), self->description);
  int w, h;

  pango_layout_set_width (layout, (int) (width - 2 * lh) * PANGO_SCALE);
  pango_layout_set_alignment (layout, PANGO_ALIGN_CENTER);
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  pango_layout_get_pixel_size (layout, &w, &h);
  set_colour (cr, fg, hc ? 1 : 0.6);
  cairo_move_to (cr, lh, round ((height - h) / 2));
  pango_cairo_show_layout (cr, layout);
}

/* Grid lines with their labels, bottom to top, and the x labels. */
static void
draw_grid (FeltChart *self, cairo_t *cr, const Plot *p, const GdkRGBA *fg)
{
  GtkWidget *widget = GTK_WIDGET (self);
  guint ny = self->y_labels ? g_strv_length (self->y_labels) : 0;
  guint nx = self->x_labels ? g_strv_length (self->x_labels) : 0;

  cairo_set_line_width (cr, p->line);
  for (guint i = 0; i < ny; i++)
    {
      double y = ny > 1 ? p->bottom - p->ph * i / (ny - 1) : p->bottom;

      set_colour (cr, fg, i == 0 ? (p->hc ? 1 : 0.5) : (p->hc ? 0.6 : 0.15));
      cairo_move_to (cr, p->left, round (y) + 0.5 * ((int) p->line % 2));
      cairo_line_to (cr, p->right, round (y) + 0.5 * ((int) p->line % 2));
      cairo_stroke (cr);
      set_colour (cr, fg, p->hc ? 1 : 0.7);
      draw_text (widget, cr, self->y_labels[i], p->left - p->lh * 0.3, y, 1, 0.5);
    }
  set_colour (cr, fg, p->hc ? 1 : 0.7);
  for (guint i = 0; i < nx; i++)
    draw_text (widget, cr, self->x_labels[i], nx > 1 ? p->left + p->pw * i / (nx - 1) : p->left,
               p->bottom + p->lh * 0.2, 0.5, 0);
}

/* The area under the line, faint, then the line and its last point. */
static void
draw_line (FeltChart *self, cairo_t *cr, const Plot *p, const GdkRGBA *accent)
{
  guint n = self->values->len;
  double step = n > 1 ? p->pw / (n - 1) : 0;

  for (guint pass = 0; pass < 2; pass++)
    {
      for (guint i = 0; i < n; i++)
        {
          double v = CLAMP (g_array_index (self->values, double, i) / self->max, 0, 1);
          double x = n > 1 ? p->left + step * i : p->left + p->pw / 2, y = p->bottom - p->ph * v;

          if (i == 0)
            cairo_move_to (cr, x, y);
          else
            cairo_line_to (cr, x, y);
        }
      if (pass == 0)
        {
          cairo_line_to (cr, n > 1 ? p->right : p->left + p->pw / 2, p->bottom);
          cairo_line_to (cr, n > 1 ? p->left : p->left + p->pw / 2, p->bottom);
          cairo_close_path (cr);
          set_colour (cr, accent, p->hc ? 0.25 : 0.18);
          cairo_fill (cr);
        }
      else
        {
          cairo_set_line_width (cr, p->line * 2.5);
          cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
          set_colour (cr, accent, 1);
          cairo_stroke (cr);
        }
    }
  {
    double v = CLAMP (g_array_index (self->values, double, n - 1) / self->max, 0, 1);

    cairo_arc (cr, n > 1 ? p->right : p->left + p->pw / 2, p->bottom - p->ph * v, p->line * 4, 0, 2 * G_PI);
    set_colour (cr, accent, 1);
    cairo_fill (cr);
  }
}

static void
draw_bars (FeltChart *self, cairo_t *cr, const Plot *p, const GdkRGBA *accent)
{
  guint n = self->values->len;
  double slot = p->pw / n, gap = MAX (p->line, slot * 0.15);

  set_colour (cr, accent, 1);
  for (guint i = 0; i < n; i++)
    {
      double v = CLAMP (g_array_index (self->values, double, i) / self->max, 0, 1);
      double h = round (p->ph * v);

      if (h <= 0)
        continue;
      cairo_rectangle (cr, round (p->left + slot * i + gap / 2), p->bottom - h, MAX (1, round (slot - gap)), h);
    }
  cairo_fill (cr);
}

static void
felt_chart_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  FeltChart *self = FELT_CHART (widget);
  double width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  double lh = text_height (widget);
  guint nx = self->x_labels ? g_strv_length (self->x_labels) : 0;
  gboolean hc = high_contrast (self);
  GdkRGBA fg, accent;
  Plot p;
  cairo_t *cr;

  if (width <= 0 || height <= 0)
    return;
  colours (self, &fg, &accent);
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));

  if (self->values->len == 0)
    {
      draw_empty (self, cr, width, height, lh, &fg, hc);
      cairo_destroy (cr);
      return;
    }

  p.lh = lh;
  p.line = MAX (1.0, round (lh / 8));
  p.hc = hc;
  p.left = label_width (widget, self->y_labels) + lh * 0.5;
  /* the last x label is centred on the right edge */
  p.right = width - MAX (lh * 0.5, nx ? label_width (widget, (char *[]) { self->x_labels[nx - 1], NULL }) / 2 : 0);
  p.top = lh * 0.6;
  p.bottom = height - lh * (nx ? 1.4 : 0.5);
  p.pw = p.right - p.left;
  p.ph = p.bottom - p.top;
  if (p.pw > 0 && p.ph > 0)
    {
      draw_grid (self, cr, &p, &fg);
      if (self->kind == FELT_CHART_LINE)
        draw_line (self, cr, &p, &accent);
      else
        draw_bars (self, cr, &p, &accent);
    }
  cairo_destroy (cr);
}

static void
felt_chart_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                    int *minimum, int *natural, int *minimum_baseline, int *natural_baseline)
{
  double lh = text_height (widget);

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = (int) (lh * 12);
      *natural = (int) (lh * 24);
    }
  else
    {
      *minimum = (int) (lh * 6);
      *natural = (int) (lh * 8);
    }
}

static void
felt_chart_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  FeltChart *self = FELT_CHART (object);

  switch (prop_id)
    {
    case PROP_KIND: g_value_set_enum (value, self->kind); break;
    case PROP_DESCRIPTION: g_value_set_string (value, self->description); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
felt_chart_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  FeltChart *self = FELT_CHART (object);

  switch (prop_id)
    {
    case PROP_KIND: self->kind = g_value_get_enum (value); break;
    case PROP_DESCRIPTION: felt_chart_set_description (self, g_value_get_string (value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
felt_chart_finalize (GObject *object)
{
  FeltChart *self = FELT_CHART (object);

  g_array_unref (self->values);
  g_strfreev (self->y_labels);
  g_strfreev (self->x_labels);
  g_free (self->description);
  G_OBJECT_CLASS (felt_chart_parent_class)->finalize (object);
}

static void
felt_chart_class_init (FeltChartClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = felt_chart_get_property;
  object_class->set_property = felt_chart_set_property;
  object_class->finalize = felt_chart_finalize;
  widget_class->snapshot = felt_chart_snapshot;
  widget_class->measure = felt_chart_measure;

  properties[PROP_KIND] = g_param_spec_enum ("kind", NULL, NULL, FELT_TYPE_CHART_KIND, FELT_CHART_LINE,
                                             G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  /* The text alternative: the accessible name and the tooltip. */
  properties[PROP_DESCRIPTION] = g_param_spec_string ("description", NULL, NULL, NULL,
                                                      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
                                                      G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "chart");
  /* A picture with its words: Orca reads the name. */
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
felt_chart_init (FeltChart *self)
{
  self->values = g_array_new (FALSE, FALSE, sizeof (double));
  self->max = 1;
  /* Reached with Tab, so that a screen reader's user hears it. */
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
}
