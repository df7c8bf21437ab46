/* test-style.c: Felt follows the desktop's dark style, from the settings
 * portal or, where there is none, from GNOME's color-scheme setting, and
 * follows it while running.  Under Xvfb, on the tests' own session bus
 * (which has no portal unless a test plays one).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "felt-style.h"
#include "felt-window.h"

#define APPEARANCE "org.freedesktop.appearance"

static char *data_dir;

static void
wait_ms (guint ms)
{
  gint64 end = g_get_monotonic_time () + ms * 1000;

  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
}

static gboolean
prefers_dark (void)
{
  gboolean dark = FALSE;

  g_object_get (gtk_settings_get_default (), "gtk-application-prefer-dark-theme", &dark, NULL);
  return dark;
}

static void
set_desktop_scheme (const char *value)
{
  g_autoptr (GSettings) settings = g_settings_new ("org.gnome.desktop.interface");

  assert_true (g_settings_set_string (settings, "color-scheme", value));
}

/* The mean brightness (0 to 1) of the window's header bar as drawn, the
 * picture saved as FELT_TEST_OUTPUT/NAME for a person to look at. */
static double
header_brightness (GtkWindow *window, const char *name)
{
  GtkWidget *bar = gtk_window_get_titlebar (window);
  int width = gtk_widget_get_width (bar), height = gtk_widget_get_height (bar);
  g_autoptr (GdkPaintable) paintable = gtk_widget_paintable_new (bar);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  g_autoptr (GskRenderNode) node = NULL;
  g_autoptr (GdkTexture) texture = NULL;
  g_autofree guchar *pixels = NULL;
  const char *out = g_getenv ("FELT_TEST_OUTPUT");
  double sum = 0;

  assert_true (width > 100 && height > 20);
  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (snapshot);
  assert_non_null (node);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, width, height));
  if (out)
    {
      g_autofree char *path = g_build_filename (out, name, NULL);
      gdk_texture_save_to_png (texture, path);
    }
  width = gdk_texture_get_width (texture);
  height = gdk_texture_get_height (texture);
  pixels = g_malloc (4 * width * height);
  gdk_texture_download (texture, pixels, 4 * width);
  /* Cairo's byte order on little-endian machines: B G R A. */
  for (int i = 0; i < width * height; i++)
    sum += (0.0722 * pixels[4 * i] + 0.7152 * pixels[4 * i + 1] + 0.2126 * pixels[4 * i + 2]) / 255.0;
  return sum / (width * height);
}

/* The header bar's brightness once it is drawn dark (or light): restyling
 * after a theme change takes a frame or two, longer on a loaded machine. */
static double
settled_header (GtkWindow *window, gboolean dark, const char *name)
{
  double brightness = header_brightness (window, name);

  for (int i = 0; i < 30 && (dark ? brightness >= 0.35 : brightness <= 0.75); i++)
    {
      wait_ms (100);
      brightness = header_brightness (window, name);
    }
  return brightness;
}

static FeltWindow *
new_window (void)
{
  FeltWindow *window = felt_window_new (NULL);

  gtk_window_set_default_size (GTK_WINDOW (window), 800, 600);
  gtk_window_present (GTK_WINDOW (window));
  wait_ms (300);
  return window;
}

static int
setup (void **state)
{
  g_autoptr (GSettingsSchema) schema =
    g_settings_schema_source_lookup (g_settings_schema_source_get_default (), "org.gnome.desktop.interface", TRUE);

  /* Installed by build-aux/felt-dev (gsettings-desktop-schemas). */
  if (schema == NULL || !g_settings_schema_has_key (schema, "color-scheme"))
    {
      print_message ("org.gnome.desktop.interface color-scheme is not installed\n");
      return -1;
    }
  data_dir = g_dir_make_tmp ("felt-test-style-XXXXXX", NULL);
  assert_non_null (data_dir);
  g_setenv ("FELT_DATA_DIR", data_dir, TRUE);
  set_desktop_scheme ("default");
  return 0;
}

static int
teardown (void **state)
{
  g_autofree char *game = g_build_filename (data_dir, "game.ini", NULL);
  g_autofree char *stats = g_build_filename (data_dir, "statistics.ini", NULL);

  g_remove (game);
  g_remove (stats);
  g_rmdir (data_dir);
  g_clear_pointer (&data_dir, g_free);
  return 0;
}

/* The portal's answer wins when there is one; otherwise GNOME's setting;
 * "default" (no preference) is light. */
static void
test_decision (void **unused)
{
  assert_true (felt_style_decide_dark (FELT_COLOR_SCHEME_PREFER_DARK, NULL));
  assert_true (felt_style_decide_dark (FELT_COLOR_SCHEME_PREFER_DARK, "default"));
  assert_true (felt_style_decide_dark (FELT_COLOR_SCHEME_PREFER_DARK, "prefer-light"));
  assert_false (felt_style_decide_dark (FELT_COLOR_SCHEME_DEFAULT, "prefer-dark"));
  assert_false (felt_style_decide_dark (FELT_COLOR_SCHEME_PREFER_LIGHT, "prefer-dark"));
  assert_true (felt_style_decide_dark (FELT_COLOR_SCHEME_UNKNOWN, "prefer-dark"));
  assert_false (felt_style_decide_dark (FELT_COLOR_SCHEME_UNKNOWN, "default"));
  assert_false (felt_style_decide_dark (FELT_COLOR_SCHEME_UNKNOWN, "prefer-light"));
  assert_false (felt_style_decide_dark (FELT_COLOR_SCHEME_UNKNOWN, NULL));
}

/* No portal on this bus: GNOME's setting decides, at once (before any
 * frame) and again when it changes; the header bar is drawn dark. */
static void
test_gsettings_dark (void **unused)
{
  g_autoptr (GDBusConnection) bus = g_bus_get_sync (G_BUS_TYPE_SESSION, NULL, NULL);
  g_autoptr (FeltStyleManager) style = NULL;
  FeltWindow *window;
  double dark_header, light_header;

  set_desktop_scheme ("prefer-dark");
  style = felt_style_manager_new (gtk_settings_get_default (), bus);
  assert_true (prefers_dark ());
  assert_true (felt_style_manager_get_dark (style));

  window = new_window ();
  assert_true (gtk_widget_has_css_class (GTK_WIDGET (window), "dark"));
  /* The portal's failure to answer changes nothing. */
  assert_true (prefers_dark ());
  dark_header = settled_header (GTK_WINDOW (window), TRUE, "style-header-dark.png");
  assert_true (dark_header < 0.35);

  set_desktop_scheme ("default");
  wait_ms (300);
  assert_false (prefers_dark ());
  assert_false (felt_style_manager_get_dark (style));
  assert_false (gtk_widget_has_css_class (GTK_WIDGET (window), "dark"));
  light_header = settled_header (GTK_WINDOW (window), FALSE, "style-header-light.png");
  assert_true (light_header > 0.75);

  set_desktop_scheme ("prefer-dark");
  wait_ms (300);
  assert_true (prefers_dark ());
  assert_true (gtk_widget_has_css_class (GTK_WIDGET (window), "dark"));

  gtk_window_destroy (GTK_WINDOW (window));
  g_clear_object (&style);
  set_desktop_scheme ("default");
  g_object_set (gtk_settings_get_default (), "gtk-application-prefer-dark-theme", FALSE, NULL);
  wait_ms (50);
}

/* A settings portal of the test's own on the session bus. */
static guint32 portal_scheme;

static void
portal_method (GDBusConnection *connection, const char *sender, const char *path,
               const char *interface, const char *method, GVariant *params,
               GDBusMethodInvocation *invocation, gpointer user_data)
{
  const char *namespace, *key;

  g_variant_get (params, "(&s&s)", &namespace, &key);
  if (g_str_equal (method, "Read") && g_str_equal (namespace, APPEARANCE) && g_str_equal (key, "color-scheme"))
    g_dbus_method_invocation_return_value (invocation,
                                           g_variant_new ("(v)", g_variant_new_variant (g_variant_new_uint32 (portal_scheme))));
  else
    g_dbus_method_invocation_return_dbus_error (invocation, "org.freedesktop.portal.Error.NotFound",
                                                "no such setting");
}

static void
name_acquired (GDBusConnection *connection, const char *name, gpointer user_data)
{
  *(gboolean *) user_data = TRUE;
}

/* The portal answers after the first frame and wins over GSettings; its
 * SettingChanged signal is followed. */
static void
test_portal (void **unused)
{
  static const char xml[] =
    "<node><interface name='org.freedesktop.portal.Settings'>"
    "<method name='Read'><arg type='s' direction='in'/><arg type='s' direction='in'/>"
    "<arg type='v' direction='out'/></method>"
    "<signal name='SettingChanged'><arg type='s'/><arg type='s'/><arg type='v'/></signal>"
    "</interface></node>";
  static const GDBusInterfaceVTable vtable = { portal_method, NULL, NULL, { 0 } };
  g_autoptr (GDBusNodeInfo) info = g_dbus_node_info_new_for_xml (xml, NULL);
  g_autofree char *address = g_dbus_address_get_for_bus_sync (G_BUS_TYPE_SESSION, NULL, NULL);
  g_autoptr (GDBusConnection) portal = NULL;
  g_autoptr (GDBusConnection) bus = g_bus_get_sync (G_BUS_TYPE_SESSION, NULL, NULL);
  g_autoptr (FeltStyleManager) style = NULL;
  gboolean owned = FALSE;
  guint object, name;
  FeltWindow *window;

  assert_non_null (address);
  portal = g_dbus_connection_new_for_address_sync (address,
                                                   G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT |
                                                   G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION,
                                                   NULL, NULL, NULL);
  assert_non_null (portal);
  object = g_dbus_connection_register_object (portal, "/org/freedesktop/portal/desktop",
                                              info->interfaces[0], &vtable, NULL, NULL, NULL);
  assert_true (object > 0);
  name = g_bus_own_name_on_connection (portal, "org.freedesktop.portal.Desktop", G_BUS_NAME_OWNER_FLAGS_NONE,
                                       name_acquired, NULL, &owned, NULL);
  for (int i = 0; i < 200 && !owned; i++)
    wait_ms (10);
  assert_true (owned);

  /* GNOME says light, the portal dark: light at first, then dark. */
  portal_scheme = 1;
  set_desktop_scheme ("prefer-light");
  style = felt_style_manager_new (gtk_settings_get_default (), bus);
  assert_false (prefers_dark ());
  window = new_window ();
  for (int i = 0; i < 300 && !prefers_dark (); i++)
    wait_ms (10);
  assert_true (prefers_dark ());
  assert_true (felt_style_manager_get_dark (style));
  assert_true (gtk_widget_has_css_class (GTK_WIDGET (window), "dark"));
  assert_true (settled_header (GTK_WINDOW (window), TRUE, "style-header-portal.png") < 0.35);

  /* The desktop changes to light: the portal says so. */
  assert_true (g_dbus_connection_emit_signal (portal, NULL, "/org/freedesktop/portal/desktop",
                                              "org.freedesktop.portal.Settings", "SettingChanged",
                                              g_variant_new ("(ssv)", APPEARANCE, "color-scheme",
                                                             g_variant_new_uint32 (2)),
                                              NULL));
  g_dbus_connection_flush_sync (portal, NULL, NULL);
  for (int i = 0; i < 100 && prefers_dark (); i++)
    wait_ms (10);
  assert_false (prefers_dark ());
  assert_false (gtk_widget_has_css_class (GTK_WIDGET (window), "dark"));

  /* Once the portal has answered, GNOME's setting no longer counts. */
  set_desktop_scheme ("prefer-dark");
  wait_ms (100);
  assert_false (prefers_dark ());

  gtk_window_destroy (GTK_WINDOW (window));
  g_clear_object (&style);
  g_bus_unown_name (name);
  g_dbus_connection_unregister_object (portal, object);
  set_desktop_scheme ("default");
  g_object_set (gtk_settings_get_default (), "gtk-application-prefer-dark-theme", FALSE, NULL);
  wait_ms (50);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_decision),
    cmocka_unit_test_setup_teardown (test_gsettings_dark, setup, teardown),
    cmocka_unit_test_setup_teardown (test_portal, setup, teardown),
  };

  gtk_init ();
  return cmocka_run_group_tests (tests, NULL, NULL);
}
