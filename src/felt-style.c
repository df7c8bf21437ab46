/* felt-style.c: follows the desktop's light or dark style, and tells the
 * style sheet when the theme is a high-contrast one.
 *
 * GTK 4.8 does not read the desktop's colour scheme itself (libadwaita's
 * style manager does, and Felt does not use libadwaita), so this asks the
 * settings portal, as a sandboxed or GNOME application does, and where
 * there is no portal reads GNOME's own setting.  GSettings is read at once,
 * so the first frame already has the right style; the portal answers
 * later, and its answer wins from then on.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "felt-style.h"

#define PORTAL_NAME "org.freedesktop.portal.Desktop"
#define PORTAL_PATH "/org/freedesktop/portal/desktop"
#define PORTAL_SETTINGS "org.freedesktop.portal.Settings"
#define APPEARANCE "org.freedesktop.appearance"
#define INTERFACE_SCHEMA "org.gnome.desktop.interface"

struct _FeltStyleManager
{
  GObject parent_instance;

  /* Owned; the style is written into settings. */
  GtkSettings *settings;
  GSettings *interface; /* NULL where the schema or key is missing */
  GDBusConnection *bus; /* NULL: no portal to ask */
  GCancellable *cancellable;
  guint changed_signal;

  /* Not owned: GTK's list of every window, each given the .dark class. */
  GListModel *toplevels;

  FeltColorScheme portal;
  gboolean user_prefers_dark; /* GTK's own settings.ini asked for dark */
  gboolean dark;
  gboolean high_contrast;     /* windows have the .high-contrast class */
};

enum { PROP_0, PROP_DARK, N_PROPS };
static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (FeltStyleManager, felt_style_manager, G_TYPE_OBJECT)

/* The portal's answer when it gave one, else GNOME's setting.  Only "prefer
 * dark" is dark: "default" means the desktop has no preference, and Felt's
 * default is light. */
gboolean
felt_style_decide_dark (FeltColorScheme portal, const char *gsettings_value)
{
  if (portal != FELT_COLOR_SCHEME_UNKNOWN)
    return portal == FELT_COLOR_SCHEME_PREFER_DARK;
  return g_strcmp0 (gsettings_value, "prefer-dark") == 0;
}

/* GTK_THEME=Adwaita:dark shows the dark style whatever the desktop says;
 * the board is then drawn for it too. */
static gboolean
theme_forces_dark (void)
{
  const char *theme = g_getenv ("GTK_THEME");

  return theme != NULL && g_str_has_suffix (theme, ":dark");
}

static void
mark_windows (FeltStyleManager *self)
{
  guint n = g_list_model_get_n_items (self->toplevels);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr (GtkWidget) window = g_list_model_get_item (self->toplevels, i);
      if (self->dark)
        gtk_widget_add_css_class (window, "dark");
      else
        gtk_widget_remove_css_class (window, "dark");
      if (self->high_contrast)
        gtk_widget_add_css_class (window, "high-contrast");
      else
        gtk_widget_remove_css_class (window, "high-contrast");
    }
}

gboolean
felt_style_is_high_contrast (const char *theme)
{
  return theme != NULL && g_str_has_prefix (theme, "HighContrast");
}

/* GTK_THEME wins over the theme setting, as in GTK; GNOME's high-contrast
 * switch sets the theme to HighContrast. */
static void
update_contrast (FeltStyleManager *self)
{
  const char *forced = g_getenv ("GTK_THEME");
  g_autofree char *theme = NULL;
  gboolean high_contrast;

  if (forced && forced[0])
    high_contrast = felt_style_is_high_contrast (forced);
  else
    {
      g_object_get (self->settings, "gtk-theme-name", &theme, NULL);
      high_contrast = felt_style_is_high_contrast (theme);
    }
  if (high_contrast == self->high_contrast)
    return;
  self->high_contrast = high_contrast;
  mark_windows (self);
}

static void
update (FeltStyleManager *self)
{
  g_autofree char *value = self->interface ? g_settings_get_string (self->interface, "color-scheme") : NULL;
  gboolean dark = felt_style_decide_dark (self->portal, value) || theme_forces_dark () ||
                  self->user_prefers_dark;
  gboolean prefers_dark = FALSE;

  /* Setting it, even to the value it has, makes GTK parse its whole theme
   * again (some 30 ms): start-up must not spend that for nothing. */
  g_object_get (self->settings, "gtk-application-prefer-dark-theme", &prefers_dark, NULL);
  if (prefers_dark != dark)
    g_object_set (self->settings, "gtk-application-prefer-dark-theme", dark, NULL);
  if (dark == self->dark)
    return;
  self->dark = dark;
  mark_windows (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DARK]);
}

/* The portal wraps its value in one or two variants. */
static FeltColorScheme
scheme_from_variant (GVariant *value)
{
  g_autoptr (GVariant) inner = g_variant_ref (value);

  while (g_variant_is_of_type (inner, G_VARIANT_TYPE_VARIANT))
    {
      GVariant *next = g_variant_get_variant (inner);
      g_variant_unref (inner);
      inner = next;
    }
  if (!g_variant_is_of_type (inner, G_VARIANT_TYPE_UINT32) || g_variant_get_uint32 (inner) > 2)
    return FELT_COLOR_SCHEME_UNKNOWN;
  return (FeltColorScheme) g_variant_get_uint32 (inner);
}

static void
portal_read_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GVariant) reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (source), result, &error);
  g_autoptr (GVariant) value = NULL;
  FeltStyleManager *self;

  /* No portal, or one without the setting: GSettings stays in charge. */
  if (reply == NULL)
    return;
  self = FELT_STYLE_MANAGER (user_data);
  g_variant_get (reply, "(v)", &value);
  self->portal = scheme_from_variant (value);
  update (self);
}

static void
portal_setting_changed (GDBusConnection *bus, const char *sender, const char *path,
                        const char *interface, const char *signal, GVariant *params,
                        gpointer user_data)
{
  FeltStyleManager *self = FELT_STYLE_MANAGER (user_data);
  const char *namespace, *key;
  g_autoptr (GVariant) value = NULL;

  if (!g_variant_is_of_type (params, G_VARIANT_TYPE ("(ssv)")))
    return;
  g_variant_get (params, "(&s&sv)", &namespace, &key, &value);
  if (g_str_equal (namespace, APPEARANCE) && g_str_equal (key, "color-scheme"))
    {
      self->portal = scheme_from_variant (value);
      update (self);
    }
}

static void
interface_changed (GSettings *settings, const char *key, gpointer user_data)
{
  update (FELT_STYLE_MANAGER (user_data));
}

static void
toplevels_changed (GListModel *model, guint position, guint removed, guint added, gpointer user_data)
{
  if (added > 0)
    mark_windows (FELT_STYLE_MANAGER (user_data));
}

/* Reads org.gnome.desktop.interface color-scheme where it exists: GSettings
 * aborts on a schema or key it does not know. */
static GSettings *
interface_settings (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr (GSettingsSchema) schema = NULL;

  if (source == NULL)
    return NULL;
  schema = g_settings_schema_source_lookup (source, INTERFACE_SCHEMA, TRUE);
  if (schema == NULL || !g_settings_schema_has_key (schema, "color-scheme"))
    return NULL;
  return g_settings_new_full (schema, NULL, NULL);
}

static void
felt_style_manager_dispose (GObject *object)
{
  FeltStyleManager *self = FELT_STYLE_MANAGER (object);

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  if (self->changed_signal)
    g_dbus_connection_signal_unsubscribe (self->bus, self->changed_signal);
  self->changed_signal = 0;
  g_clear_object (&self->bus);
  if (self->interface)
    g_signal_handlers_disconnect_by_data (self->interface, self);
  g_clear_object (&self->interface);
  if (self->toplevels)
    g_signal_handlers_disconnect_by_data (self->toplevels, self);
  self->toplevels = NULL;
  if (self->settings)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  g_clear_object (&self->settings);
  G_OBJECT_CLASS (felt_style_manager_parent_class)->dispose (object);
}

static void
felt_style_manager_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  FeltStyleManager *self = FELT_STYLE_MANAGER (object);

  switch (prop_id)
    {
    case PROP_DARK:
      g_value_set_boolean (value, self->dark);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
felt_style_manager_class_init (FeltStyleManagerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = felt_style_manager_dispose;
  object_class->get_property = felt_style_manager_get_property;

  properties[PROP_DARK] =
    g_param_spec_boolean ("dark", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
felt_style_manager_init (FeltStyleManager *self)
{
  self->portal = FELT_COLOR_SCHEME_UNKNOWN;
}

/* Sets settings' gtk-application-prefer-dark-theme from the desktop's
 * colour scheme now and whenever it changes, and gives every window the
 * .dark style class while it is set (data/style.css draws the board for
 * it).  bus: the session bus to ask the portal on, or NULL. */
FeltStyleManager *
felt_style_manager_new (GtkSettings *settings, GDBusConnection *bus)
{
  FeltStyleManager *self = g_object_new (FELT_TYPE_STYLE_MANAGER, NULL);

  self->settings = g_object_ref (settings);
  /* A desktop without a colour scheme (no portal, GNOME's setting absent or
   * "default") leaves a player's gtk-4.0/settings.ini choice alone. */
  g_object_get (settings, "gtk-application-prefer-dark-theme", &self->user_prefers_dark, NULL);
  self->toplevels = gtk_window_get_toplevels ();
  g_signal_connect (self->toplevels, "items-changed", G_CALLBACK (toplevels_changed), self);
  self->interface = interface_settings ();
  if (self->interface)
    g_signal_connect (self->interface, "changed::color-scheme", G_CALLBACK (interface_changed), self);
  g_signal_connect_swapped (settings, "notify::gtk-theme-name", G_CALLBACK (update_contrast), self);
  update_contrast (self);
  update (self);

  if (bus)
    {
      self->bus = g_object_ref (bus);
      self->cancellable = g_cancellable_new ();
      /* Subscribed first, so no change between the answer and the
       * subscription is lost. */
      self->changed_signal =
        g_dbus_connection_signal_subscribe (bus, PORTAL_NAME, PORTAL_SETTINGS, "SettingChanged",
                                            PORTAL_PATH, APPEARANCE, G_DBUS_SIGNAL_FLAGS_NONE,
                                            portal_setting_changed, self, NULL);
      g_dbus_connection_call (bus, PORTAL_NAME, PORTAL_PATH, PORTAL_SETTINGS, "Read",
                              g_variant_new ("(ss)", APPEARANCE, "color-scheme"),
                              G_VARIANT_TYPE ("(v)"), G_DBUS_CALL_FLAGS_NONE, -1,
                              self->cancellable, portal_read_done, self);
    }
  return self;
}

gboolean
felt_style_manager_get_high_contrast (FeltStyleManager *self)
{
  g_return_val_if_fail (FELT_IS_STYLE_MANAGER (self), FALSE);

  return self->high_contrast;
}

gboolean
felt_style_manager_get_dark (FeltStyleManager *self)
{
  g_return_val_if_fail (FELT_IS_STYLE_MANAGER (self), FALSE);

  return self->dark;
}
