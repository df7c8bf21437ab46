/* felt-help-window.c: the help window: a list of all pages beside the page
 * shown, rendered from Felt's Mallard pages (felt-mallard.h) with labels,
 * boxes and grids, so that help works without Yelp.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "felt-help-window.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "felt-mallard.h"

/* The longest line of text, in average characters: easy to read. */
#define LINE_CHARS 72

/* ---- a column that stays readable on a wide window -------------------------------- */

/* Holds one child, at most LINE_CHARS wide (plus its margins), centred. */
#define FELT_TYPE_HELP_CLAMP (felt_help_clamp_get_type ())
G_DECLARE_FINAL_TYPE (FeltHelpClamp, felt_help_clamp, FELT, HELP_CLAMP, GtkWidget)

struct _FeltHelpClamp
{
  GtkWidget parent_instance;

  GtkWidget *child; /* owned, may be NULL */
};

G_DEFINE_FINAL_TYPE (FeltHelpClamp, felt_help_clamp, GTK_TYPE_WIDGET)

static int
clamp_width (FeltHelpClamp *self)
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
felt_help_clamp_measure (GtkWidget *widget, GtkOrientation orientation, int for_size, int *minimum,
                         int *natural, int *minimum_baseline, int *natural_baseline)
{
  FeltHelpClamp *self = FELT_HELP_CLAMP (widget);
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
felt_help_clamp_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  FeltHelpClamp *self = FELT_HELP_CLAMP (widget);
  int child_min = 0, child_width;

  if (self->child == NULL)
    return;
  gtk_widget_measure (self->child, GTK_ORIENTATION_HORIZONTAL, -1, &child_min, NULL, NULL, NULL);
  child_width = MAX (child_min, MIN (width, clamp_width (self)));
  gtk_widget_size_allocate (self->child,
                            &(GtkAllocation) { MAX (0, (width - child_width) / 2), 0, child_width, height }, -1);
}

static GtkSizeRequestMode
felt_help_clamp_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
felt_help_clamp_set_child (FeltHelpClamp *self, GtkWidget *child)
{
  g_clear_pointer (&self->child, gtk_widget_unparent);
  if (child)
    {
      self->child = child;
      gtk_widget_set_parent (child, GTK_WIDGET (self));
    }
}

static void
felt_help_clamp_dispose (GObject *object)
{
  felt_help_clamp_set_child (FELT_HELP_CLAMP (object), NULL);
  G_OBJECT_CLASS (felt_help_clamp_parent_class)->dispose (object);
}

static void
felt_help_clamp_class_init (FeltHelpClampClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = felt_help_clamp_dispose;
  widget_class->measure = felt_help_clamp_measure;
  widget_class->size_allocate = felt_help_clamp_size_allocate;
  widget_class->get_request_mode = felt_help_clamp_get_request_mode;
}

static void
felt_help_clamp_init (FeltHelpClamp *self)
{
}

/* ---- the window ----------------------------------------------------------------------------- */

struct _FeltHelpWindow
{
  GtkWindow parent_instance;

  /* children */
  GtkListBox *sidebar;
  GtkScrolledWindow *scroller;
  FeltHelpClamp *clamp;

  /* owned */
  FeltMallardIndex *index;  /* NULL if the pages could not be read */
  GError *index_error;      /* why not */
  char *page_id;            /* the page shown */
  char *section_id;         /* its section scrolled to, or NULL */
  GPtrArray *history;       /* char *: "id" or "id#section", the pages shown before, last on top */
  GHashTable *sections;     /* section id → its heading (borrowed), on the page shown */

  guint scroll_tick;        /* scrolls to section_id once it has been laid out */
  gboolean syncing;         /* the sidebar follows the page: not a choice of the player */
};

G_DEFINE_FINAL_TYPE (FeltHelpWindow, felt_help_window, GTK_TYPE_WINDOW)

static const char help_css[] =
  ".felt-help-trail { font-size: 0.9em; }\n"
  ".felt-help-title { font-size: 2em; font-weight: 800; margin-bottom: 6px; }\n"
  ".felt-help-heading { font-size: 1.4em; font-weight: bold; margin-top: 18px; }\n"
  ".felt-help-subheading { font-size: 1.15em; font-weight: bold; margin-top: 12px; }\n"
  ".felt-help-caption { font-weight: bold; }\n"
  ".felt-help-term { font-weight: bold; }\n"
  ".felt-help-marker { font-feature-settings: \"tnum\"; }\n"
  ".felt-help-note { background-color: alpha(@theme_selected_bg_color, 0.12);"
  "  border-left: 4px solid @theme_selected_bg_color; border-radius: 6px; padding: 12px 14px; }\n"
  ".felt-help-code { font-family: monospace; background-color: alpha(currentColor, 0.06);"
  "  border-radius: 6px; padding: 8px 12px; }\n"
  ".felt-help-table { border: 1px solid alpha(currentColor, 0.25); border-radius: 6px; }\n"
  ".felt-help-cell { padding: 7px 12px; border-right: 1px solid alpha(currentColor, 0.15);"
  "  border-bottom: 1px solid alpha(currentColor, 0.15); }\n"
  ".felt-help-cell.last-column { border-right-style: none; }\n"
  ".felt-help-cell.last-row { border-bottom-style: none; }\n"
  ".felt-help-cell.header { background-color: alpha(currentColor, 0.07); font-weight: bold; }\n"
  ".felt-help-topic { margin-top: 6px; }\n"
  ".felt-help-topic-title { font-size: 1.1em; }\n"
  ".felt-help-sidebar-group { font-size: 0.9em; font-weight: bold; padding: 12px 12px 4px 12px; }\n";

static void
load_css (void)
{
  static gboolean loaded;
  g_autoptr (GtkCssProvider) provider = NULL;

  if (loaded)
    return;
  loaded = TRUE;
  provider = gtk_css_provider_new ();
  gtk_css_provider_load_from_data (provider, help_css, -1);
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (provider),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
}

/* ---- rendering ---- */

static gboolean
activate_link (GtkLabel *label, const char *uri, FeltHelpWindow *self)
{
  if (!g_str_has_prefix (uri, "xref:"))
    return FALSE; /* the web: GtkLabel opens it */
  felt_help_window_show_page (self, uri + strlen ("xref:"));
  return TRUE;
}

static GtkWidget *
text_label (FeltHelpWindow *self, const char *markup, const char *css_class)
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
heading_label (FeltHelpWindow *self, const char *markup, const char *css_class, int level)
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

static void render_blocks (FeltHelpWindow *self, GtkWidget *box, GPtrArray *blocks, const char *group,
                           int level);

/* The pages a guide lists in `group`, each as its title with its description. */
static void
render_group (FeltHelpWindow *self, GtkWidget *box, const char *group)
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
render_list (FeltHelpWindow *self, const FeltMallardBlock *block, int level)
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
render_terms (FeltHelpWindow *self, const FeltMallardBlock *block, int level)
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
render_table (FeltHelpWindow *self, const FeltMallardBlock *block, int level)
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
render_note (FeltHelpWindow *self, const FeltMallardBlock *block, int level)
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
render_blocks (FeltHelpWindow *self, GtkWidget *box, GPtrArray *blocks, const char *group, int level)
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
render_trail (FeltHelpWindow *self, const FeltMallardPage *page)
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
render_page (FeltHelpWindow *self, const FeltMallardPage *page)
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
render_error (FeltHelpWindow *self, const char *title, const char *message)
{
  GtkWidget *column = page_column ();
  g_autofree char *escaped_title = g_markup_escape_text (title, -1);
  g_autofree char *escaped = g_markup_escape_text (message, -1);

  gtk_box_append (GTK_BOX (column), heading_label (self, escaped_title, "felt-help-title", 1));
  gtk_box_append (GTK_BOX (column), text_label (self, escaped, NULL));
  return column;
}

/* ---- moving between pages ---- */

static void
sync_sidebar (FeltHelpWindow *self)
{
  GtkListBoxRow *row;

  self->syncing = TRUE;
  gtk_list_box_unselect_all (self->sidebar);
  for (int i = 0; (row = gtk_list_box_get_row_at_index (self->sidebar, i)); i++)
    if (g_strcmp0 (g_object_get_data (G_OBJECT (row), "page-id"), self->page_id) == 0)
      {
        gtk_list_box_select_row (self->sidebar, row);
        break;
      }
  self->syncing = FALSE;
}

static gboolean
scroll_to_section (GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  FeltHelpWindow *self = FELT_HELP_WINDOW (data);
  GtkWidget *heading = self->section_id ? g_hash_table_lookup (self->sections, self->section_id) : NULL;
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (self->scroller);
  double x, y;

  if (heading == NULL)
    {
      self->scroll_tick = 0;
      return G_SOURCE_REMOVE;
    }
  if (gtk_widget_get_height (heading) == 0)
    return G_SOURCE_CONTINUE; /* not laid out yet */
  if (gtk_widget_translate_coordinates (heading, GTK_WIDGET (self->clamp), 0, 0, &x, &y))
    gtk_adjustment_set_value (adjustment, y - gtk_widget_get_margin_top (heading) - 12);
  self->scroll_tick = 0;
  return G_SOURCE_REMOVE;
}

/* Reads and renders self->page_id. */
static void
render_current (FeltHelpWindow *self)
{
  g_autoptr (FeltMallardPage) page = NULL;
  g_autoptr (GError) error = NULL;
  GtkWidget *column;
  GBytes *source;

  g_hash_table_remove_all (self->sections);
  source = self->index ? felt_mallard_index_get_source (self->index, self->page_id) : NULL;
  if (source)
    {
      gsize size;
      const char *data = g_bytes_get_data (source, &size);
      page = felt_mallard_page_parse (data, (gssize) size, self->index, &error);
    }

  if (page)
    {
      column = render_page (self, page);
      gtk_window_set_title (GTK_WINDOW (self), page->title);
    }
  else
    {
      g_autofree char *message = NULL;

      if (self->index == NULL)
        message = g_strdup_printf (_("The help pages could not be read: %s"), self->index_error->message);
      else if (error)
        message = g_strdup_printf (_("The help page “%s” could not be read: %s"), self->page_id, error->message);
      else
        message = g_strdup_printf (_("There is no help page “%s”."), self->page_id);
      column = render_error (self, _("Page Not Found"), message);
      gtk_window_set_title (GTK_WINDOW (self), _("Help"));
    }
  felt_help_clamp_set_child (self->clamp, column);
}

/* Shows "id" or "id#section", without touching the history. */
static void
show (FeltHelpWindow *self, const char *xref)
{
  g_auto (GStrv) parts = g_strsplit (xref, "#", 2);

  g_free (self->section_id);
  self->section_id = g_strdup (parts[1]);
  if (self->scroll_tick)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self->scroller), self->scroll_tick);
  self->scroll_tick = 0;

  if (g_strcmp0 (parts[0], self->page_id) != 0)
    {
      g_free (self->page_id);
      self->page_id = g_strdup (parts[0]);
      render_current (self);
      sync_sidebar (self);
    }
  gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (self->scroller), 0);
  if (self->section_id)
    self->scroll_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self->scroller), scroll_to_section, self, NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "help.back", self->history->len > 0);
}

void
felt_help_window_show_page (FeltHelpWindow *self, const char *page_id)
{
  g_return_if_fail (FELT_IS_HELP_WINDOW (self));
  g_return_if_fail (page_id != NULL);

  if (self->page_id)
    {
      g_autofree char *current = self->section_id ? g_strconcat (self->page_id, "#", self->section_id, NULL)
                                                  : g_strdup (self->page_id);
      if (g_str_equal (current, page_id))
        return;
      g_ptr_array_add (self->history, g_steal_pointer (&current));
    }
  show (self, page_id);
}

const char *
felt_help_window_get_page (FeltHelpWindow *self)
{
  g_return_val_if_fail (FELT_IS_HELP_WINDOW (self), NULL);
  return self->page_id;
}

static void
go_back (GtkWidget *widget, const char *action, GVariant *param)
{
  FeltHelpWindow *self = FELT_HELP_WINDOW (widget);
  g_autofree char *previous = NULL;

  if (self->history->len == 0)
    return;
  previous = g_ptr_array_steal_index (self->history, self->history->len - 1);
  show (self, previous);
}

static void
row_selected (GtkListBox *box, GtkListBoxRow *row, FeltHelpWindow *self)
{
  const char *id = row ? g_object_get_data (G_OBJECT (row), "page-id") : NULL;

  /* GtkListBox selects its focus row again when it gets the focus */
  if (!self->syncing && id && g_strcmp0 (id, self->page_id) != 0)
    felt_help_window_show_page (self, id);
}

/* ---- the list of pages ---- */

static void
sidebar_header (GtkListBoxRow *row, GtkListBoxRow *before, gpointer data)
{
  const char *group = g_object_get_data (G_OBJECT (row), "group");
  const char *previous = before ? g_object_get_data (G_OBJECT (before), "group") : NULL;
  GtkWidget *header = NULL;

  if (group && g_strcmp0 (group, previous) != 0)
    {
      header = gtk_label_new (group);
      gtk_label_set_xalign (GTK_LABEL (header), 0);
      gtk_widget_add_css_class (header, "felt-help-sidebar-group");
      gtk_widget_add_css_class (header, "dim-label");
    }
  gtk_list_box_row_set_header (row, header);
}

static void
add_row (FeltHelpWindow *self, const char *id, const char *group, GHashTable *listed)
{
  const char *title = felt_mallard_index_get_title (self->index, id);
  GtkWidget *row, *label;

  if (title == NULL || g_hash_table_contains (listed, id))
    return;
  g_hash_table_add (listed, g_strdup (id));
  label = gtk_label_new (title);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  row = gtk_list_box_row_new ();
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), label);
  g_object_set_data_full (G_OBJECT (row), "page-id", g_strdup (id), g_free);
  g_object_set_data_full (G_OBJECT (row), "group", g_strdup (group), g_free);
  gtk_list_box_append (self->sidebar, row);
}

/* The index first, then the pages in each section of the index ("Games",
 * "Playing"), then any page no section lists. */
static void
fill_sidebar (FeltHelpWindow *self)
{
  g_autoptr (GHashTable) listed = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr (GPtrArray) sections = felt_mallard_index_get_sections (self->index, "index");
  g_autoptr (GPtrArray) top_pages = felt_mallard_index_get_group (self->index, "index");
  g_autoptr (GPtrArray) all = felt_mallard_index_get_pages (self->index);

  add_row (self, "index", NULL, listed);
  for (guint i = 0; i < top_pages->len; i++)
    add_row (self, g_ptr_array_index (top_pages, i), NULL, listed);
  for (guint i = 0; i < sections->len; i++)
    {
      g_autofree char *group = g_strconcat ("index#", (char *) g_ptr_array_index (sections, i), NULL);
      g_autoptr (GPtrArray) pages = felt_mallard_index_get_group (self->index, group);
      const char *title = felt_mallard_index_get_title (self->index, group);

      for (guint j = 0; j < pages->len; j++)
        add_row (self, g_ptr_array_index (pages, j), title, listed);
    }
  for (guint i = 0; i < all->len; i++)
    add_row (self, g_ptr_array_index (all, i), _("More Topics"), listed);
}

/* ---- the object ---- */

GtkWidget *
felt_help_window_new (GtkWindow *parent)
{
  FeltHelpWindow *self = g_object_new (FELT_TYPE_HELP_WINDOW,
                                       "transient-for", parent,
                                       "destroy-with-parent", TRUE,
                                       NULL);

  felt_help_window_show_page (self, "index");
  return GTK_WIDGET (self);
}

static void
felt_help_window_dispose (GObject *object)
{
  FeltHelpWindow *self = FELT_HELP_WINDOW (object);

  if (self->scroll_tick)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self->scroller), self->scroll_tick);
  self->scroll_tick = 0;
  g_clear_pointer (&self->sections, g_hash_table_unref);
  G_OBJECT_CLASS (felt_help_window_parent_class)->dispose (object);
}

static void
felt_help_window_finalize (GObject *object)
{
  FeltHelpWindow *self = FELT_HELP_WINDOW (object);

  g_clear_pointer (&self->index, felt_mallard_index_free);
  g_clear_error (&self->index_error);
  g_free (self->page_id);
  g_free (self->section_id);
  g_ptr_array_unref (self->history);
  G_OBJECT_CLASS (felt_help_window_parent_class)->finalize (object);
}

static void
felt_help_window_class_init (FeltHelpWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = felt_help_window_dispose;
  object_class->finalize = felt_help_window_finalize;

  gtk_widget_class_install_action (widget_class, "help.back", NULL, go_back);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, GDK_ALT_MASK, "help.back", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK, "window.close", NULL);
}

static void
felt_help_window_init (FeltHelpWindow *self)
{
  GtkWidget *header = gtk_header_bar_new ();
  GtkWidget *back = gtk_button_new_from_icon_name ("go-previous-symbolic");
  GtkWidget *paned = gtk_paned_new (GTK_ORIENTATION_HORIZONTAL);
  GtkWidget *sidebar_scroller = gtk_scrolled_window_new ();
  GtkWidget *sidebar = gtk_list_box_new ();
  GtkWidget *scroller = gtk_scrolled_window_new ();
  GtkWidget *clamp = g_object_new (FELT_TYPE_HELP_CLAMP, NULL);

  load_css ();
  self->history = g_ptr_array_new_with_free_func (g_free);
  self->sections = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->index = felt_mallard_index_load (FELT_HELP_RESOURCE, (const char *const *) g_get_language_names (),
                                         &self->index_error);

  gtk_window_set_title (GTK_WINDOW (self), _("Help"));
  gtk_window_set_default_size (GTK_WINDOW (self), 1000, 760);

  gtk_actionable_set_action_name (GTK_ACTIONABLE (back), "help.back");
  gtk_widget_set_tooltip_text (back, _("Back"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (back), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Back"), -1);
  gtk_header_bar_pack_start (GTK_HEADER_BAR (header), back);
  gtk_window_set_titlebar (GTK_WINDOW (self), header);

  self->sidebar = GTK_LIST_BOX (sidebar);
  gtk_widget_add_css_class (sidebar, "navigation-sidebar");
  gtk_list_box_set_selection_mode (self->sidebar, GTK_SELECTION_SINGLE);
  gtk_list_box_set_header_func (self->sidebar, sidebar_header, NULL, NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (sidebar), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Help pages"), -1);
  if (self->index)
    fill_sidebar (self);
  g_signal_connect (sidebar, "row-selected", G_CALLBACK (row_selected), self);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (sidebar_scroller), sidebar);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (sidebar_scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_size_request (sidebar_scroller, 200, -1);

  self->scroller = GTK_SCROLLED_WINDOW (scroller);
  self->clamp = FELT_HELP_CLAMP (clamp);
  gtk_scrolled_window_set_child (self->scroller, clamp);
  gtk_scrolled_window_set_policy (self->scroller, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_widget_add_css_class (scroller, "view");
  gtk_widget_set_size_request (scroller, 320, -1);

  gtk_paned_set_start_child (GTK_PANED (paned), sidebar_scroller);
  gtk_paned_set_resize_start_child (GTK_PANED (paned), FALSE);
  gtk_paned_set_shrink_start_child (GTK_PANED (paned), FALSE);
  gtk_paned_set_end_child (GTK_PANED (paned), scroller);
  gtk_paned_set_shrink_end_child (GTK_PANED (paned), FALSE);
  gtk_paned_set_position (GTK_PANED (paned), 230);
  gtk_window_set_child (GTK_WINDOW (self), paned);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "help.back", FALSE);
}
