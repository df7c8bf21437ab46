/* felt-help-window.c: the help window (data/ui/felt-help-window.ui): a
 * list of all pages beside the page shown (felt-help-view.h), Back, and
 * links between pages, so that help works without Yelp.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "felt-help-window.h"

#include <glib/gi18n.h>

#include "felt-help-view.h"
#include "felt-mallard.h"

struct _FeltHelpWindow
{
  GtkWindow parent_instance;

  /* template children */
  GtkListBox *sidebar;
  GtkScrolledWindow *scroller;
  FeltHelpView *view;

  /* owned */
  FeltMallardIndex *index;  /* NULL if the pages could not be read */
  GError *index_error;      /* why not */
  char *page_id;            /* the page shown */
  char *section_id;         /* its section scrolled to, or NULL */
  GPtrArray *history;       /* char *: "id" or "id#section", the pages shown before, last on top */
  GPtrArray *row_groups;    /* char *: the group heading of each sidebar row, or NULL */

  guint scroll_tick;        /* scrolls to section_id once it has been laid out */
  gboolean syncing;         /* the sidebar follows the page: not a choice of the player */
};

G_DEFINE_FINAL_TYPE (FeltHelpWindow, felt_help_window, GTK_TYPE_WINDOW)

/* ---- moving between pages ---- */

/* The page a sidebar row shows: the target of its help.show-page action. */
static const char *
row_page (GtkListBoxRow *row)
{
  GVariant *target = gtk_actionable_get_action_target_value (GTK_ACTIONABLE (row));

  return target ? g_variant_get_string (target, NULL) : NULL;
}

static void
sync_sidebar (FeltHelpWindow *self)
{
  GtkListBoxRow *row;

  self->syncing = TRUE;
  gtk_list_box_unselect_all (self->sidebar);
  for (int i = 0; (row = gtk_list_box_get_row_at_index (self->sidebar, i)); i++)
    if (g_strcmp0 (row_page (row), self->page_id) == 0)
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
  GtkWidget *heading = felt_help_view_get_section (self->view, self->section_id);
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (self->scroller);
  double x, y;

  if (heading == NULL)
    {
      self->scroll_tick = 0;
      return G_SOURCE_REMOVE;
    }
  if (gtk_widget_get_height (heading) == 0)
    return G_SOURCE_CONTINUE; /* not laid out yet */
  if (gtk_widget_translate_coordinates (heading, GTK_WIDGET (self->view), 0, 0, &x, &y))
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
  GBytes *source;

  source = self->index ? felt_mallard_index_get_source (self->index, self->page_id) : NULL;
  if (source)
    {
      gsize size;
      const char *data = g_bytes_get_data (source, &size);
      page = felt_mallard_page_parse (data, (gssize) size, self->index, &error);
    }

  if (page)
    {
      felt_help_view_show_page (self->view, page, self->index);
      gtk_window_set_title (GTK_WINDOW (self), page->title);
      /* The page's pane is named by the page (GTK 4.8 would name an
       * unnamed scrolled window by its class, or not at all). */
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->scroller), GTK_ACCESSIBLE_PROPERTY_LABEL, page->title, -1);
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
      felt_help_view_show_error (self->view, _("Page Not Found"), message);
      gtk_window_set_title (GTK_WINDOW (self), _("Help"));
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->scroller), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Page Not Found"), -1);
    }
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

/* help.back */
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

/* help.show-page (s): a sidebar row, activated */
static void
show_page (GtkWidget *widget, const char *action, GVariant *param)
{
  felt_help_window_show_page (FELT_HELP_WINDOW (widget), g_variant_get_string (param, NULL));
}

static void
follow_link (FeltHelpView *view, const char *xref, FeltHelpWindow *self)
{
  felt_help_window_show_page (self, xref);
}

/* The arrow keys move the selection: show that page at once. */
static void
row_selected (GtkListBox *box, GtkListBoxRow *row, FeltHelpWindow *self)
{
  const char *id = row ? row_page (row) : NULL;

  /* GtkListBox selects its focus row again when it gets the focus */
  if (!self->syncing && id && g_strcmp0 (id, self->page_id) != 0)
    felt_help_window_show_page (self, id);
}

/* ---- the list of pages ---- */

static void
sidebar_header (GtkListBoxRow *row, GtkListBoxRow *before, gpointer data)
{
  FeltHelpWindow *self = data;
  const char *group = g_ptr_array_index (self->row_groups, gtk_list_box_row_get_index (row));
  const char *previous = before ? g_ptr_array_index (self->row_groups, gtk_list_box_row_get_index (before)) : NULL;
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

/* One row a page: its title; activating it shows the page. */
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
  /* GTK 4.8 does not name a row by its child: a screen reader would say
   * an empty list item. */
  gtk_accessible_update_relation (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_RELATION_LABELLED_BY, label, NULL, -1);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (row), "help.show-page");
  gtk_actionable_set_action_target (GTK_ACTIONABLE (row), "s", id);
  g_ptr_array_add (self->row_groups, g_strdup (group));
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
  FeltHelpWindow *self = g_object_new (FELT_TYPE_HELP_WINDOW, "transient-for", parent, NULL);

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
  gtk_widget_dispose_template (GTK_WIDGET (self), FELT_TYPE_HELP_WINDOW);
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
  g_ptr_array_unref (self->row_groups);
  G_OBJECT_CLASS (felt_help_window_parent_class)->finalize (object);
}

static void
felt_help_window_class_init (FeltHelpWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = felt_help_window_dispose;
  object_class->finalize = felt_help_window_finalize;

  g_type_ensure (FELT_TYPE_HELP_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/feltsolitaire/Felt/ui/felt-help-window.ui");
  gtk_widget_class_bind_template_child (widget_class, FeltHelpWindow, sidebar);
  gtk_widget_class_bind_template_child (widget_class, FeltHelpWindow, scroller);
  gtk_widget_class_bind_template_child (widget_class, FeltHelpWindow, view);
  gtk_widget_class_bind_template_callback (widget_class, row_selected);
  gtk_widget_class_bind_template_callback (widget_class, follow_link);

  gtk_widget_class_install_action (widget_class, "help.back", NULL, go_back);
  gtk_widget_class_install_action (widget_class, "help.show-page", "s", show_page);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, GDK_ALT_MASK, "help.back", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK, "window.close", NULL);
  /* Escape closes it, as it closes every other window over the game: a
   * player who cannot see it would not look for its close button. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
felt_help_window_init (FeltHelpWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->history = g_ptr_array_new_with_free_func (g_free);
  self->row_groups = g_ptr_array_new_with_free_func (g_free);
  self->index = felt_mallard_index_load (FELT_HELP_RESOURCE, (const char *const *) g_get_language_names (),
                                         &self->index_error);

  gtk_list_box_set_header_func (self->sidebar, sidebar_header, self, NULL);
  if (self->index)
    fill_sidebar (self);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "help.back", FALSE);
}
