/* felt-preferences.c: the Preferences window.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "felt-preferences.h"

#include <glib/gi18n.h>

struct _FeltPreferences
{
  GtkWindow parent_instance;

  GSettings *settings;
  char **decks;              /* paths; index 0 of the drop-down is Felt's own */
};

G_DEFINE_FINAL_TYPE (FeltPreferences, felt_preferences, GTK_TYPE_WINDOW)

static void
add_decks_in (GPtrArray *found, const char *dir, gboolean recurse)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  if (d == NULL)
    return;
  while ((name = g_dir_read_name (d)))
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      if (recurse && g_file_test (path, G_FILE_TEST_IS_DIR))
        add_decks_in (found, path, FALSE);
      else if (g_str_has_suffix (name, ".svgz") || g_str_has_suffix (name, ".svg"))
        g_ptr_array_add (found, g_steal_pointer (&path));
    }
}

char **
felt_preferences_find_decks (void)
{
  GPtrArray *found = g_ptr_array_new ();
  const char *const *dirs = g_get_system_data_dirs ();

  for (guint i = 0; dirs[i]; i++)
    {
      g_autofree char *aisleriot = g_build_filename (dirs[i], "aisleriot", "cards", NULL);
      g_autofree char *kde = g_build_filename (dirs[i], "carddecks", NULL);
      add_decks_in (found, aisleriot, FALSE);
      add_decks_in (found, kde, TRUE);
    }
  g_ptr_array_sort (found, (GCompareFunc) g_strcmp0);
  g_ptr_array_add (found, NULL);
  return (char **) g_ptr_array_free (found, FALSE);
}

static char *
deck_label (const char *path)
{
  g_autofree char *base = g_path_get_basename (path);
  char *dot = strrchr (base, '.');

  if (dot)
    *dot = '\0';
  g_strdelimit (base, "_-", ' ');
  return g_steal_pointer (&base);
}

static void
deck_selected (GtkDropDown *dropdown, GParamSpec *pspec, FeltPreferences *self)
{
  guint i = gtk_drop_down_get_selected (dropdown);

  g_settings_set_string (self->settings, "card-deck", i == 0 ? "" : self->decks[i - 1]);
}

static GtkWidget *
row (const char *title, const char *subtitle, GtkWidget *control)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *labels = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *label = gtk_label_new_with_mnemonic (title);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), control);
  gtk_box_append (GTK_BOX (labels), label);
  if (subtitle)
    {
      GtkWidget *sub = gtk_label_new (subtitle);
      gtk_label_set_xalign (GTK_LABEL (sub), 0);
      gtk_label_set_wrap (GTK_LABEL (sub), TRUE);
      gtk_label_set_max_width_chars (GTK_LABEL (sub), 44);
      gtk_widget_add_css_class (sub, "dim-label");
      gtk_widget_add_css_class (sub, "caption");
      gtk_box_append (GTK_BOX (labels), sub);
    }
  gtk_widget_set_hexpand (labels, TRUE);
  gtk_widget_set_valign (control, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (box), labels);
  gtk_box_append (GTK_BOX (box), control);
  gtk_accessible_update_relation (GTK_ACCESSIBLE (control), GTK_ACCESSIBLE_RELATION_LABELLED_BY, label, NULL, -1);
  return box;
}

static GtkWidget *
switch_row (FeltPreferences *self, const char *key, const char *title, const char *subtitle)
{
  GtkWidget *toggle = gtk_switch_new ();

  g_settings_bind (self->settings, key, toggle, "active", G_SETTINGS_BIND_DEFAULT);
  return row (title, subtitle, toggle);
}

GtkWidget *
felt_preferences_new (GtkWindow *parent)
{
  return g_object_new (FELT_TYPE_PREFERENCES,
                       "transient-for", parent,
                       "modal", TRUE,
                       "title", _("Preferences"),
                       "default-width", 520,
                       NULL);
}

static void
felt_preferences_dispose (GObject *object)
{
  FeltPreferences *self = FELT_PREFERENCES (object);

  g_clear_object (&self->settings);
  g_clear_pointer (&self->decks, g_strfreev);
  G_OBJECT_CLASS (felt_preferences_parent_class)->dispose (object);
}

static void
felt_preferences_class_init (FeltPreferencesClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = felt_preferences_dispose;
}

static void
felt_preferences_init (FeltPreferences *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 18);
  g_autoptr (GtkStringList) names = gtk_string_list_new (NULL);
  g_autofree char *current = NULL;
  GtkWidget *dropdown;
  guint selected = 0;

  gtk_window_set_titlebar (GTK_WINDOW (self), gtk_header_bar_new ());
  self->settings = g_settings_new (APP_ID);
  self->decks = felt_preferences_find_decks ();
  current = g_settings_get_string (self->settings, "card-deck");

  gtk_string_list_append (names, _("Felt"));
  for (guint i = 0; self->decks[i]; i++)
    {
      g_autofree char *label = deck_label (self->decks[i]);
      gtk_string_list_append (names, label);
      if (g_strcmp0 (current, self->decks[i]) == 0)
        selected = i + 1;
    }
  dropdown = gtk_drop_down_new (G_LIST_MODEL (g_object_ref (names)), NULL);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (dropdown), selected);
  g_signal_connect (dropdown, "notify::selected", G_CALLBACK (deck_selected), self);

  gtk_widget_set_margin_start (box, 24);
  gtk_widget_set_margin_end (box, 24);
  gtk_widget_set_margin_top (box, 24);
  gtk_widget_set_margin_bottom (box, 24);
  gtk_box_append (GTK_BOX (box), row (_("Card _deck"),
                                      _("Felt’s own cards, or a deck of AisleRiot or KDE found on this computer"),
                                      dropdown));
  gtk_box_append (GTK_BOX (box), switch_row (self, "animations", _("_Animations"),
                                             _("Cards slide when the program moves them")));
  gtk_box_append (GTK_BOX (box), switch_row (self, "auto-foundations", _("Automatic moves to the _foundations"),
                                             _("Cards go home by themselves when that can never hurt")));
  gtk_box_append (GTK_BOX (box), switch_row (self, "click-to-move", _("_Click to move"),
                                             _("Click a card, then the pile it should go to")));
  gtk_box_append (GTK_BOX (box), switch_row (self, "show-winnable", _("Show whether the game can be _won"),
                                             _("The solver knows where every card lies and says so in the status line")));
  gtk_box_append (GTK_BOX (box), switch_row (self, "winnable-deals-only", _("Deal only _winnable games"),
                                             _("New Game looks for a deal the solver can win")));
  gtk_window_set_child (GTK_WINDOW (self), box);
}
