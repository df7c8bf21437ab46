/* felt-help-view.c: one help page, rendered from its Mallard blocks
 * (felt-mallard.h) with labels, boxes and grids, in a column that stays
 * readable on a wide window.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "felt-help-view.h"

#include <string.h>

#include <glib/gi18n.h>

/* The longest line of text, in average characters: easy to read. */
#define LINE_CHARS 72

struct _FeltHelpView
{
  GtkWidget parent_instance;

  GtkWidget *child;         /* owned: the page's column, or NULL */

  /* while rendering a page, and after it */
  const FeltMallardIndex *index; /* borrowed, only while rendering */
  char *page_id;            /* the page shown, or NULL */
  GHashTable *sections;     /* section id → its heading (borrowed), on the page shown */
};

enum {
  SIGNAL_FOLLOW_LINK,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (FeltHelpView, felt_help_view, GTK_TYPE_WIDGET)

/* The help's own style sheet (data/felt-help.css), once per process. */
static void
load_css (void)
{
  static gboolean loaded;
  g_autoptr (GtkCssProvider) provider = NULL;

  if (loaded)
    return;
  loaded = TRUE;
  provider = gtk_css_provider_new ();
  gtk_css_provider_load_from_resource (provider, "/io/github/feltsolitaire/Felt/felt-help.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (provider),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
}

/* ---- rendering ------------------------------------------------------------------------- */

static gboolean
activate_link (GtkLabel *label, const char *uri, FeltHelpView *self)
{
  if (!g_str_has_prefix (uri, "xref:"))
    return FALSE; /* the web: GtkLabel opens it */
  g_signal_emit (self, signals[SIGNAL_FOLLOW_LINK], 0, uri + strlen ("xref:"));
  return TRUE;
}

static GtkWidget *
text_label (FeltHelpView *self, const char *markup, const char *css_class)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_markup (GTK_LABEL (label), markup ? markup : "");
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_halign (label, GTK_ALIGN_FILL);
  if (css_class)
    gtk_widget_add_css_class (label, css_class);
  g_signal_connect (label, "activate-link", G_CALLBACK (activate_link), self);
  return label;
}

static GtkWidget *
heading_label (FeltHelpView *self, const char *markup, const char *css_class, int level)
{
  GtkWidget *label = g_object_new (GTK_TYPE_LABEL, "accessible-role", GTK_ACCESSIBLE_ROLE_HEADING, NULL);

  gtk_label_set_markup (GTK_LABEL (label), markup ? markup : "");
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, css_class);
  gtk_accessible_update_property (GTK_ACCESSIBLE (label), GTK_ACCESSIBLE_PROPERTY_LEVEL, level, -1);
  g_signal_connect (label, "activate-link", G_CALLBACK (activate_link), self);
  return label;
}

static GtkWidget *
vbox (int spacing)
{
  return gtk_box_new (GTK_ORIENTATION_VERTICAL, spacing);
}

static void render_blocks (FeltHelpView *self, GtkWidget *box, GPtrArray *blocks, const char *group,
                           int level);

/* The pages a guide lists in `group`, each as its title with its description. */
static void
render_group (FeltHelpView *self, GtkWidget *box, const char *group)
{
  g_autoptr (GPtrArray) pages = felt_mallard_index_get_group (self->index, group);

  for (guint i = 0; i < pages->len; i++)
    {
      const char *id = g_ptr_array_index (pages, i);
      const char *title = felt_mallard_index_get_title (self->index, id);
      const char *desc = felt_mallard_index_get_desc (self->index, id);
      g_autofree char *link = NULL;
      GtkWidget *topic;

      if (title == NULL)
        continue; /* a link to a page that does not exist */
      link = g_markup_printf_escaped ("<a href=\"xref:%s\">%s</a>", id, title);
      topic = vbox (2);
      gtk_widget_add_css_class (topic, "felt-help-topic");
      gtk_box_append (GTK_BOX (topic), text_label (self, link, "felt-help-topic-title"));
      if (desc)
        gtk_box_append (GTK_BOX (topic), text_label (self, desc, "dim-label"));
      gtk_box_append (GTK_BOX (box), topic);
    }
}

static GtkWidget *
render_list (FeltHelpView *self, const FeltMallardBlock *block, int level)
{
  GtkWidget *list = vbox (8);

  if (block->markup)
    gtk_box_append (GTK_BOX (list), text_label (self, block->markup, "felt-help-caption"));
  for (guint i = 0; i < block->children->len; i++)
    {
      const FeltMallardBlock *item = g_ptr_array_index (block->children, i);
      GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
      GtkWidget *content = vbox (8);
      g_autofree char *number = g_strdup_printf ("%u.", i + 1);
      GtkWidget *marker = gtk_label_new (block->type == FELT_MALLARD_STEPS ? number : "•");

      gtk_widget_add_css_class (marker, "felt-help-marker");
      gtk_label_set_xalign (GTK_LABEL (marker), 1);
      gtk_label_set_width_chars (GTK_LABEL (marker), block->type == FELT_MALLARD_STEPS ? 3 : 2);
      gtk_widget_set_valign (marker, GTK_ALIGN_START);
      gtk_widget_set_hexpand (content, TRUE);
      render_blocks (self, content, item->children, NULL, level);
      gtk_box_append (GTK_BOX (row), marker);
      gtk_box_append (GTK_BOX (row), content);
      gtk_box_append (GTK_BOX (list), row);
    }
  return list;
}

static GtkWidget *
render_terms (FeltHelpView *self, const FeltMallardBlock *block, int level)
{
  GtkWidget *terms = vbox (12);

  if (block->markup)
    gtk_box_append (GTK_BOX (terms), text_label (self, block->markup, "felt-help-caption"));
  for (guint i = 0; i < block->children->len; i++)
    {
      const FeltMallardBlock *item = g_ptr_array_index (block->children, i);
      GtkWidget *entry = vbox (4);
      GtkWidget *content = vbox (8);

      gtk_box_append (GTK_BOX (entry), text_label (self, item->markup, "felt-help-term"));
      gtk_widget_set_margin_start (content, 24);
      render_blocks (self, content, item->children, NULL, level);
      gtk_box_append (GTK_BOX (entry), content);
      gtk_box_append (GTK_BOX (terms), entry);
    }
  return terms;
}

/* The number of characters the markup shows. */
static guint
markup_length (const char *markup)
{
  guint n = 0;

  for (const char *p = markup; *p; p = g_utf8_next_char (p))
    {
      if (*p == '<')
        p = strchr (p, '>') ? strchr (p, '>') : p;
      else if (*p == '&')
        {
          p = strchr (p, ';') ? strchr (p, ';') : p;
          n++;
        }
      else
        n++;
    }
  return n;
}

/* The longest paragraph in `blocks`, in characters. */
static guint
longest_text (GPtrArray *blocks)
{
  guint longest = 0;

  for (guint i = 0; i < blocks->len; i++)
    {
      const FeltMallardBlock *block = g_ptr_array_index (blocks, i);

      if (block->markup)
        longest = MAX (longest, markup_length (block->markup));
      longest = MAX (longest, longest_text (block->children));
    }
  return longest;
}

/* How wide each column of a table would like to be, in characters, when
 * the table has the whole width of the page: columns of short entries
 * are not wrapped; the others share what is left, the more text the more
 * room, but not in proportion, so that no column ends up very narrow. */
static guint *
table_column_chars (const FeltMallardBlock *table, guint *n_columns)
{
  const guint short_column = 24, cell_padding = 4;
  guint n = 0, budget, short_total = 0, left;
  gboolean keep_short;
  g_autofree guint *longest = NULL;
  guint *chars;
  double weights = 0;

  for (guint r = 0; r < table->children->len; r++)
    n = MAX (n, ((FeltMallardBlock *) g_ptr_array_index (table->children, r))->children->len);
  longest = g_new0 (guint, n + 1);
  chars = g_new0 (guint, n + 1);
  for (guint r = 0; r < table->children->len; r++)
    {
      const FeltMallardBlock *row = g_ptr_array_index (table->children, r);

      for (guint c = 0; c < row->children->len; c++)
        {
          const FeltMallardBlock *cell = g_ptr_array_index (row->children, c);
          longest[c] = MAX (longest[c], longest_text (cell->children));
        }
    }

  budget = LINE_CHARS > n * (cell_padding + 8) ? LINE_CHARS - n * cell_padding : n * 8;
  for (guint c = 0; c < n; c++)
    if (longest[c] <= short_column)
      short_total += longest[c] + 2;
  /* short columns keep their lines whole, unless they are most of the table */
  keep_short = short_total <= budget / 2;
  left = keep_short ? budget - short_total : budget;
  for (guint c = 0; c < n; c++)
    {
      if (keep_short && longest[c] <= short_column)
        chars[c] = longest[c] + 2; /* bold headers are wider than the average */
      else
        weights += sqrt (longest[c]);
    }
  for (guint c = 0; c < n; c++)
    if (chars[c] == 0)
      chars[c] = MAX (8, weights > 0 ? (guint) (left * sqrt (longest[c]) / weights) : 8);

  *n_columns = n;
  return chars;
}

/* Sets how wide the labels in `widget` would like to be. */
static void
set_natural_chars (GtkWidget *widget, int chars)
{
  if (GTK_IS_LABEL (widget))
    gtk_label_set_max_width_chars (GTK_LABEL (widget), chars);
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    set_natural_chars (c, chars);
}

static GtkWidget *
render_table (FeltHelpView *self, const FeltMallardBlock *block, int level)
{
  guint n_columns;
  g_autofree guint *column_chars = table_column_chars (block, &n_columns);
  GtkWidget *table = vbox (6);
  GtkWidget *grid = gtk_grid_new ();
  guint n_rows = block->children->len;

  if (block->markup)
    gtk_box_append (GTK_BOX (table), text_label (self, block->markup, "felt-help-caption"));
  gtk_widget_add_css_class (grid, "felt-help-table");
  gtk_widget_set_overflow (grid, GTK_OVERFLOW_HIDDEN);
  for (guint r = 0; r < n_rows; r++)
    {
      const FeltMallardBlock *row = g_ptr_array_index (block->children, r);

      for (guint c = 0; c < row->children->len; c++)
        {
          const FeltMallardBlock *cell = g_ptr_array_index (row->children, c);
          GtkWidget *box = vbox (6);

          gtk_widget_add_css_class (box, "felt-help-cell");
          if (row->header)
            gtk_widget_add_css_class (box, "header");
          if (c + 1 == row->children->len)
            gtk_widget_add_css_class (box, "last-column");
          if (r + 1 == n_rows)
            gtk_widget_add_css_class (box, "last-row");
          /* the grid gives each column up to its natural width, narrow
           * columns first; the last column takes what is left */
          gtk_widget_set_hexpand (box, c + 1 == row->children->len);
          render_blocks (self, box, cell->children, NULL, level);
          set_natural_chars (box, (int) column_chars[c]);
          gtk_grid_attach (GTK_GRID (grid), box, (int) c, (int) r, 1, 1);
        }
    }
  gtk_box_append (GTK_BOX (table), grid);
  return table;
}

static GtkWidget *
render_note (FeltHelpView *self, const FeltMallardBlock *block, int level)
{
  GtkWidget *note = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *content = vbox (8);
  const char *icon = "dialog-information-symbolic";
  const char *label = _("Note");

  if (block->style && strstr (block->style, "warning"))
    icon = "dialog-warning-symbolic", label = _("Warning");
  else if (block->style && strstr (block->style, "tip"))
    label = _("Tip");
  gtk_widget_add_css_class (note, "felt-help-note");
  gtk_box_append (GTK_BOX (note), gtk_image_new_from_icon_name (icon));
  gtk_widget_set_valign (gtk_widget_get_first_child (note), GTK_ALIGN_START);
  gtk_accessible_update_property (GTK_ACCESSIBLE (note), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  if (block->markup)
    gtk_box_append (GTK_BOX (content), text_label (self, block->markup, "felt-help-caption"));
  render_blocks (self, content, block->children, NULL, level);
  gtk_widget_set_hexpand (content, TRUE);
  gtk_box_append (GTK_BOX (note), content);
  return note;
}

/* Renders a page's or a section's blocks into `box`; its sections come
 * last, and the pages it lists in `group`, if any, just before them. */
static void
render_blocks (FeltHelpView *self, GtkWidget *box, GPtrArray *blocks, const char *group, int level)
{
  gboolean group_done = group == NULL;

  for (guint i = 0; i < blocks->len; i++)
    {
      const FeltMallardBlock *block = g_ptr_array_index (blocks, i);
      GtkWidget *widget = NULL;

      if (block->type == FELT_MALLARD_SECTION && !group_done)
        {
          render_group (self, box, group);
          group_done = TRUE;
        }
      switch (block->type)
        {
        case FELT_MALLARD_PARAGRAPH:
          widget = text_label (self, block->markup, NULL);
          break;
        case FELT_MALLARD_CODE:
          widget = text_label (self, block->markup, "felt-help-code");
          gtk_label_set_wrap_mode (GTK_LABEL (widget), PANGO_WRAP_CHAR);
          break;
        case FELT_MALLARD_SECTION:
          {
            g_autofree char *section_group = g_strconcat (self->page_id, "#", block->id, NULL);
            GtkWidget *heading = heading_label (self, block->markup,
                                                level == 0 ? "felt-help-heading" : "felt-help-subheading",
                                                level + 2);
            gtk_box_append (GTK_BOX (box), heading);
            if (block->id)
              g_hash_table_replace (self->sections, g_strdup (block->id), heading);
            render_blocks (self, box, block->children, block->id ? section_group : NULL, level + 1);
          }
          break;
        case FELT_MALLARD_LIST:
        case FELT_MALLARD_STEPS:
          widget = render_list (self, block, level);
          break;
        case FELT_MALLARD_TERMS:
          widget = render_terms (self, block, level);
          break;
        case FELT_MALLARD_TABLE:
          widget = render_table (self, block, level);
          break;
        case FELT_MALLARD_NOTE:
          widget = render_note (self, block, level);
          break;
        case FELT_MALLARD_ITEM:
        case FELT_MALLARD_ROW:
        case FELT_MALLARD_CELL:
        default:
          break; /* only inside lists and tables */
        }
      if (widget)
        gtk_box_append (GTK_BOX (box), widget);
    }
  if (!group_done)
    render_group (self, box, group);
}

/* The guides a topic page belongs to, as links: "Felt Help › Games". */
static GtkWidget *
render_trail (FeltHelpView *self, const FeltMallardPage *page)
{
  g_autoptr (GString) trail = g_string_new (NULL);

  for (guint i = 0; i < page->guides->len; i++)
    {
      const char *xref = g_ptr_array_index (page->guides, i);
      g_auto (GStrv) parts = g_strsplit (xref, "#", 2);
      const char *guide = felt_mallard_index_get_title (self->index, parts[0]);
      const char *section = felt_mallard_index_get_title (self->index, xref);
      g_autofree char *link = NULL;

      if (guide == NULL)
        continue;
      if (trail->len)
        g_string_append (trail, "   ");
      link = g_markup_printf_escaped ("<a href=\"xref:%s\">%s</a>", parts[0], guide);
      g_string_append (trail, link);
      if (parts[1] && section)
        {
          g_autofree char *text = g_markup_printf_escaped (" › <a href=\"xref:%s\">%s</a>", xref, section);
          g_string_append (trail, text);
        }
    }
  if (trail->len == 0)
    return NULL;
  return text_label (self, trail->str, "felt-help-trail");
}

/* The column a page goes in, with room around it. */
static GtkWidget *
page_column (void)
{
  GtkWidget *column = vbox (12);

  gtk_widget_add_css_class (column, "felt-help-page");
  gtk_widget_set_margin_start (column, 36);
  gtk_widget_set_margin_end (column, 36);
  gtk_widget_set_margin_top (column, 18);
  gtk_widget_set_margin_bottom (column, 48);
  return column;
}

static GtkWidget *
render_page (FeltHelpView *self, const FeltMallardPage *page)
{
  GtkWidget *column = page_column ();
  GtkWidget *trail = render_trail (self, page);

  if (trail)
    gtk_box_append (GTK_BOX (column), trail);
  gtk_box_append (GTK_BOX (column), heading_label (self, page->title_markup, "felt-help-title", 1));
  render_blocks (self, column, page->blocks, page->id, 0);
  return column;
}

static GtkWidget *
render_error (FeltHelpView *self, const char *title, const char *message)
{
  GtkWidget *column = page_column ();
  g_autofree char *escaped_title = g_markup_escape_text (title, -1);
  g_autofree char *escaped = g_markup_escape_text (message, -1);

  gtk_box_append (GTK_BOX (column), heading_label (self, escaped_title, "felt-help-title", 1));
  gtk_box_append (GTK_BOX (column), text_label (self, escaped, NULL));
  return column;
}

/* ---- the column ------------------------------------------------------------------------- */

static int
clamp_width (FeltHelpView *self)
{
  PangoContext *context = gtk_widget_get_pango_context (GTK_WIDGET (self));
  PangoFontMetrics *metrics = pango_context_get_metrics (context, NULL, NULL);
  int width = pango_font_metrics_get_approximate_char_width (metrics) * LINE_CHARS / PANGO_SCALE;

  pango_font_metrics_unref (metrics);
  if (self->child)
    width += gtk_widget_get_margin_start (self->child) + gtk_widget_get_margin_end (self->child);
  return width;
}

static void
felt_help_view_measure (GtkWidget *widget, GtkOrientation orientation, int for_size, int *minimum,
                         int *natural, int *minimum_baseline, int *natural_baseline)
{
  FeltHelpView *self = FELT_HELP_VIEW (widget);
  int child_min = 0;

  *minimum = *natural = 0;
  if (self->child == NULL)
    return;
  gtk_widget_measure (self->child, GTK_ORIENTATION_HORIZONTAL, -1, &child_min, NULL, NULL, NULL);
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = child_min;
      *natural = MAX (child_min, clamp_width (self));
    }
  else
    {
      int width = for_size < 0 ? -1 : MAX (child_min, MIN (for_size, clamp_width (self)));
      gtk_widget_measure (self->child, GTK_ORIENTATION_VERTICAL, width, minimum, natural, NULL, NULL);
    }
}

static void
felt_help_view_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  FeltHelpView *self = FELT_HELP_VIEW (widget);
  int child_min = 0, child_width;

  if (self->child == NULL)
    return;
  gtk_widget_measure (self->child, GTK_ORIENTATION_HORIZONTAL, -1, &child_min, NULL, NULL, NULL);
  child_width = MAX (child_min, MIN (width, clamp_width (self)));
  gtk_widget_size_allocate (self->child,
                            &(GtkAllocation) { MAX (0, (width - child_width) / 2), 0, child_width, height }, -1);
}

static GtkSizeRequestMode
felt_help_view_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
felt_help_view_set_child (FeltHelpView *self, GtkWidget *child)
{
  g_clear_pointer (&self->child, gtk_widget_unparent);
  if (child)
    {
      self->child = child;
      gtk_widget_set_parent (child, GTK_WIDGET (self));
    }
}

/* ---- the object ------------------------------------------------------------------------- */

void
felt_help_view_show_page (FeltHelpView *self, const FeltMallardPage *page, const FeltMallardIndex *index)
{
  GtkWidget *column;

  g_return_if_fail (FELT_IS_HELP_VIEW (self));
  g_return_if_fail (page != NULL && index != NULL);

  g_hash_table_remove_all (self->sections);
  g_free (self->page_id);
  self->page_id = g_strdup (page->id);
  self->index = index;
  column = render_page (self, page);
  self->index = NULL;
  felt_help_view_set_child (self, column);
}

void
felt_help_view_show_error (FeltHelpView *self, const char *title, const char *message)
{
  g_return_if_fail (FELT_IS_HELP_VIEW (self));

  g_hash_table_remove_all (self->sections);
  g_clear_pointer (&self->page_id, g_free);
  felt_help_view_set_child (self, render_error (self, title, message));
}

GtkWidget *
felt_help_view_get_section (FeltHelpView *self, const char *section_id)
{
  g_return_val_if_fail (FELT_IS_HELP_VIEW (self), NULL);
  return section_id ? g_hash_table_lookup (self->sections, section_id) : NULL;
}

static void
felt_help_view_dispose (GObject *object)
{
  FeltHelpView *self = FELT_HELP_VIEW (object);

  felt_help_view_set_child (self, NULL);
  g_clear_pointer (&self->sections, g_hash_table_unref);
  g_clear_pointer (&self->page_id, g_free);
  G_OBJECT_CLASS (felt_help_view_parent_class)->dispose (object);
}

static void
felt_help_view_class_init (FeltHelpViewClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = felt_help_view_dispose;
  widget_class->measure = felt_help_view_measure;
  widget_class->size_allocate = felt_help_view_size_allocate;
  widget_class->get_request_mode = felt_help_view_get_request_mode;

  /* A link to another page was followed: "id" or "id#section". */
  signals[SIGNAL_FOLLOW_LINK] = g_signal_new ("follow-link", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                              0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
felt_help_view_init (FeltHelpView *self)
{
  load_css ();
  self->sections = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
}
