/* felt-preferences.c: the Preferences window (data/ui/felt-preferences.ui):
 * each control bound to its setting.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "felt-preferences.h"
#include "felt-card-theme.h"

#include <glib/gi18n.h>

struct _FeltPreferences
{
  GtkWindow parent_instance;

  /* template children */
  GtkDropDown *deck_dropdown;
  GtkDropDown *animations_dropdown;
  GtkSwitch *auto_foundations_switch;
  GtkSwitch *click_to_move_switch;
  GtkSwitch *show_winnable_switch;
  GtkDropDown *new_deal_dropdown;
  GtkSwitch *show_clock_switch;

  /* owned */
  GSettings *settings;
  char **decks;              /* paths: the drop-down's items from N_FELT_DECKS on */
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

/* Felt's own decks, the drop-down's first items: their "card-deck"
 * values, names and what sets them apart. */
static const struct {
  const char *setting;
  const char *name;
  const char *subtitle;
} felt_decks[] = {
  { "", N_("Felt"), N_("Two colours: hearts and diamonds red") },
  /* TRANSLATORS: the card deck whose four suits have four colours */
  { FELT_CARD_DECK_FOUR_COLOUR, N_("Felt, four colours"), N_("Four colours: clubs green, diamonds blue") },
};
#define N_FELT_DECKS G_N_ELEMENTS (felt_decks)

/* "card-deck" (a path, or one of Felt's decks) to the drop-down's item: a
 * deck no longer on this computer shows as Felt's own, and the setting
 * stays until the player picks another. */
static gboolean
deck_to_item (GValue *value, GVariant *variant, gpointer data)
{
  FeltPreferences *self = data;
  const char *deck = g_variant_get_string (variant, NULL);
  guint item = 0;

  for (guint i = 0; i < N_FELT_DECKS; i++)
    if (g_str_equal (deck, felt_decks[i].setting))
      item = i;
  for (guint i = 0; self->decks[i]; i++)
    if (g_str_equal (deck, self->decks[i]))
      item = N_FELT_DECKS + i;
  g_value_set_uint (value, item);
  return TRUE;
}

static GVariant *
item_to_deck (const GValue *value, const GVariantType *type, gpointer data)
{
  FeltPreferences *self = data;
  guint item = g_value_get_uint (value);

  if (item == GTK_INVALID_LIST_POSITION || item >= N_FELT_DECKS + g_strv_length (self->decks))
    return NULL;
  if (item < N_FELT_DECKS)
    return g_variant_new_string (felt_decks[item].setting);
  return g_variant_new_string (self->decks[item - N_FELT_DECKS]);
}

/* The drop-down's list: each of Felt's decks with a line saying how it
 * looks, under its name (the button shows the name alone). */
static void
deck_row_setup (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *name = gtk_label_new (NULL);
  GtkWidget *subtitle = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (name), 0);
  gtk_label_set_xalign (GTK_LABEL (subtitle), 0);
  gtk_widget_add_css_class (subtitle, "dim-label");
  gtk_widget_add_css_class (subtitle, "caption");
  gtk_box_append (GTK_BOX (box), name);
  gtk_box_append (GTK_BOX (box), subtitle);
  gtk_list_item_set_child (item, box);
}

static void
deck_row_bind (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  GtkWidget *name = gtk_widget_get_first_child (gtk_list_item_get_child (item));
  GtkWidget *subtitle = gtk_widget_get_next_sibling (name);
  guint position = gtk_list_item_get_position (item);

  gtk_label_set_label (GTK_LABEL (name), gtk_string_object_get_string (gtk_list_item_get_item (item)));
  gtk_label_set_label (GTK_LABEL (subtitle), position < N_FELT_DECKS ? _(felt_decks[position].subtitle) : "");
  gtk_widget_set_visible (subtitle, position < N_FELT_DECKS);
}

/* The choices of "new-deal" and "animation-speed", in the order of their
 * drop-downs' items (the mappings' data). */
static const char *const new_deal_choices[] = { "any", "winnable", "easy", "medium", "hard", NULL };
static const char *const animation_choices[] = { "off", "fast", "normal", "slow", NULL };

static gboolean
choice_to_item (GValue *value, GVariant *variant, gpointer data)
{
  const char *const *choices = data;
  const char *choice = g_variant_get_string (variant, NULL);

  for (guint i = 0; choices[i]; i++)
    if (g_str_equal (choice, choices[i]))
      {
        g_value_set_uint (value, i);
        return TRUE;
      }
  g_value_set_uint (value, 0);
  return TRUE;
}

static GVariant *
item_to_choice (const GValue *value, const GVariantType *type, gpointer data)
{
  const char *const *choices = data;
  guint item = g_value_get_uint (value);

  if (item >= g_strv_length ((char **) choices))
    return NULL;
  return g_variant_new_string (choices[item]);
}

GtkWidget *
felt_preferences_new (GtkWindow *parent)
{
  return g_object_new (FELT_TYPE_PREFERENCES, "transient-for", parent, NULL);
}

static void
felt_preferences_dispose (GObject *object)
{
  FeltPreferences *self = FELT_PREFERENCES (object);

  /* the binding's mapping reads self->decks */
  if (self->deck_dropdown)
    g_settings_unbind (self->deck_dropdown, "selected");
  if (self->new_deal_dropdown)
    g_settings_unbind (self->new_deal_dropdown, "selected");
  if (self->animations_dropdown)
    g_settings_unbind (self->animations_dropdown, "selected");
  gtk_widget_dispose_template (GTK_WIDGET (self), FELT_TYPE_PREFERENCES);
  g_clear_object (&self->settings);
  G_OBJECT_CLASS (felt_preferences_parent_class)->dispose (object);
}

static void
felt_preferences_finalize (GObject *object)
{
  FeltPreferences *self = FELT_PREFERENCES (object);

  g_strfreev (self->decks);
  G_OBJECT_CLASS (felt_preferences_parent_class)->finalize (object);
}

static void
felt_preferences_class_init (FeltPreferencesClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = felt_preferences_dispose;
  object_class->finalize = felt_preferences_finalize;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/feltsolitaire/Felt/ui/felt-preferences.ui");
  gtk_widget_class_bind_template_child (widget_class, FeltPreferences, deck_dropdown);
  gtk_widget_class_bind_template_child (widget_class, FeltPreferences, animations_dropdown);
  gtk_widget_class_bind_template_child (widget_class, FeltPreferences, auto_foundations_switch);
  gtk_widget_class_bind_template_child (widget_class, FeltPreferences, click_to_move_switch);
  gtk_widget_class_bind_template_child (widget_class, FeltPreferences, show_winnable_switch);
  gtk_widget_class_bind_template_child (widget_class, FeltPreferences, new_deal_dropdown);
  gtk_widget_class_bind_template_child (widget_class, FeltPreferences, show_clock_switch);

  /* Escape closes it, as every GNOME dialog */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
felt_preferences_init (FeltPreferences *self)
{
  g_autoptr (GtkStringList) names = gtk_string_list_new (NULL);
  g_autoptr (GtkListItemFactory) rows = gtk_signal_list_item_factory_new ();

  gtk_widget_init_template (GTK_WIDGET (self));
  self->settings = g_settings_new (APP_ID);

  /* the decks found on this computer: known only now */
  self->decks = felt_preferences_find_decks ();
  for (guint i = 0; i < N_FELT_DECKS; i++)
    gtk_string_list_append (names, _(felt_decks[i].name));
  for (guint i = 0; self->decks[i]; i++)
    {
      g_autofree char *label = deck_label (self->decks[i]);
      gtk_string_list_append (names, label);
    }
  gtk_drop_down_set_model (self->deck_dropdown, G_LIST_MODEL (names));
  g_signal_connect (rows, "setup", G_CALLBACK (deck_row_setup), NULL);
  g_signal_connect (rows, "bind", G_CALLBACK (deck_row_bind), NULL);
  gtk_drop_down_set_list_factory (self->deck_dropdown, rows);
  g_settings_bind_with_mapping (self->settings, "card-deck", self->deck_dropdown, "selected",
                                G_SETTINGS_BIND_DEFAULT, deck_to_item, item_to_deck, self, NULL);

  g_settings_bind_with_mapping (self->settings, "animation-speed", self->animations_dropdown, "selected",
                                G_SETTINGS_BIND_DEFAULT, choice_to_item, item_to_choice,
                                (gpointer) animation_choices, NULL);
  g_settings_bind (self->settings, "auto-foundations", self->auto_foundations_switch, "active",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "click-to-move", self->click_to_move_switch, "active", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "show-winnable", self->show_winnable_switch, "active", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind_with_mapping (self->settings, "new-deal", self->new_deal_dropdown, "selected",
                                G_SETTINGS_BIND_DEFAULT, choice_to_item, item_to_choice,
                                (gpointer) new_deal_choices, NULL);
  g_settings_bind (self->settings, "show-clock", self->show_clock_switch, "active", G_SETTINGS_BIND_DEFAULT);
}
