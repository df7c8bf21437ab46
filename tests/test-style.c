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
#include <math.h>
#include <string.h>
#include <gtk/gtk.h>

#include "config.h"
#include "felt-board-private.h"
#include "felt-card-theme.h"
#include "felt-style.h"
#include "felt-ui-test-util.h"
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

/* ---- the four-colour deck ---- */

typedef struct {
  guint green, blue, red, dark, all;
} Inks;

/* The ink of a card's face as the board draws it: its pixels counted by
 * colour (B G R A bytes, as cairo keeps them). */
static Inks
face_inks (const guchar *pixels, int stride, const graphene_rect_t *card)
{
  Inks inks = { 0 };
  /* Inside the edge: the face alone, no baize, no outline. */
  int x0 = (int) ceil (card->origin.x + card->size.width * 0.08);
  int x1 = (int) floor (card->origin.x + card->size.width * 0.92);
  int y0 = (int) ceil (card->origin.y + card->size.height * 0.06);
  int y1 = (int) floor (card->origin.y + card->size.height * 0.94);

  for (int y = y0; y < y1; y++)
    for (int x = x0; x < x1; x++)
      {
        const guchar *px = pixels + y * stride + 4 * x;
        int b = px[0], g = px[1], r = px[2];

        inks.all++;
        if (g > r + 60 && g > b + 15)
          inks.green++;
        else if (b > r + 60 && b > g + 40)
          inks.blue++;
        else if (r > g + 80 && r > b + 60)
          inks.red++;
        else if (r < 80 && g < 80 && b < 80)
          inks.dark++;
      }
  return inks;
}

/* Each suit's ink over the top cards of the board's piles (aces to tens:
 * the court cards have colours of their own). */
static void
suit_inks (FeltBoard *board, const char *png_name, Inks inks[FELT_N_SUITS])
{
  g_autoptr (GdkTexture) texture = felt_ui_test_render (GTK_WIDGET (board), png_name);
  const FeltState *st = felt_session_get_state (felt_board_get_session (board));
  const FeltGame *game = felt_state_game (st);
  int width = gdk_texture_get_width (texture), height = gdk_texture_get_height (texture);
  g_autofree guchar *pixels = g_malloc ((gsize) 4 * width * height);

  gdk_texture_download (texture, pixels, 4 * width);
  memset (inks, 0, sizeof (Inks) * FELT_N_SUITS);
  for (guint p = 0; p < game->n_piles; p++)
    {
      guint n = felt_pile_size (st, p);
      graphene_rect_t card;
      FeltCard top;
      Inks one;

      if (n == 0 || felt_state_card_face_down (st, p, n - 1))
        continue;
      top = felt_pile_top (st, p);
      if (FELT_CARD_RANK (top) > 10)
        continue;
      assert_true (felt_board_get_card_rect (board, p, (int) n - 1, &card));
      one = face_inks (pixels, 4 * width, &card);
      inks[FELT_CARD_SUIT (top)].green += one.green;
      inks[FELT_CARD_SUIT (top)].blue += one.blue;
      inks[FELT_CARD_SUIT (top)].red += one.red;
      inks[FELT_CARD_SUIT (top)].dark += one.dark;
      inks[FELT_CARD_SUIT (top)].all += one.all;
    }
}

/* The board's deck (the board keeps it). */
static FeltCardTheme *
board_theme (FeltBoard *board)
{
  FeltCardTheme *theme = NULL;

  g_object_get (board, "card-theme", &theme, NULL);
  assert_non_null (theme);
  g_object_unref (theme);
  return theme;
}

/* Until the board draws every face on show at its size (not a blank card
 * or another size scaled). */
static void
wait_faces (FeltBoard *board, FeltCardTheme *theme)
{
  const FeltState *st = felt_session_get_state (felt_board_get_session (board));
  const FeltGame *game = felt_state_game (st);
  double cw, ch;
  int scale = gtk_widget_get_scale_factor (GTK_WIDGET (board));

  for (int tries = 0; tries < 200; tries++)
    {
      gboolean all = TRUE;

      felt_board_get_card_size (board, &cw, &ch);
      for (guint p = 0; p < game->n_piles && all; p++)
        {
          guint n = felt_pile_size (st, p);
          gboolean exact = FALSE;

          if (n && !felt_state_card_face_down (st, p, n - 1))
            all = felt_card_theme_lookup (theme, felt_pile_top (st, p), (int) cw * scale, (int) ch * scale,
                                          &exact) != NULL && exact;
        }
      if (all && cw > 0)
        {
          wait_ms (100);   /* drawn */
          return;
        }
      wait_ms (50);
    }
  fail_msg ("the board's faces were never rendered");
}

/* Choosing the four-colour deck (the setting Preferences sets) changes
 * the faces the board draws: clubs green and diamonds blue instead of
 * black and red; hearts stay red and spades black. */
static void
test_four_colour_deck (void **unused)
{
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  FeltWindow *window;
  FeltBoard *board;
  FeltCardTheme *theme;
  Inks two[FELT_N_SUITS], four[FELT_N_SUITS];

  g_settings_set_string (settings, "card-deck", "");
  window = new_window ();
  /* Cruel: every card face up, the aces on the foundations. */
  felt_window_start (window, felt_game_lookup ("cruel"), 7);
  board = felt_window_get_board (window);
  wait_faces (board, board_theme (board));
  suit_inks (board, "style-deck-two-colours.png", two);

  g_settings_set_string (settings, "card-deck", FELT_CARD_DECK_FOUR_COLOUR);
  theme = board_theme (board);
  wait_faces (board, theme);
  suit_inks (board, "style-deck-four-colours.png", four);

  for (guint suit = 0; suit < FELT_N_SUITS; suit++)
    print_message ("suit %u: two colours: green %u blue %u red %u dark %u of %u; "
                   "four colours: green %u blue %u red %u dark %u of %u\n", suit,
                   two[suit].green, two[suit].blue, two[suit].red, two[suit].dark, two[suit].all,
                   four[suit].green, four[suit].blue, four[suit].red, four[suit].dark, four[suit].all);
  for (guint suit = 0; suit < FELT_N_SUITS; suit++)
    {
      /* some ink of every suit on show, none of it green or blue in Felt's deck */
      assert_true (two[suit].all > 0);
      assert_true (two[suit].green + two[suit].blue < two[suit].all / 500 + 1);
    }
  /* Felt's deck: clubs black, diamonds red */
  assert_true (two[0].dark > two[0].all / 50);
  assert_true (two[1].red > two[1].all / 50);
  /* four colours: clubs green, diamonds blue, and not black or red */
  assert_true (four[0].green > four[0].all / 50);
  assert_true (four[0].dark < four[0].green / 20);
  assert_true (four[1].blue > four[1].all / 50);
  assert_true (four[1].red < four[1].blue / 20);
  /* hearts red and spades black in both */
  assert_true (four[2].red > four[2].all / 50);
  assert_true (four[3].dark > four[3].all / 50);
  assert_true (four[3].green + four[3].blue + four[3].red < four[3].all / 500 + 1);

  gtk_window_destroy (GTK_WINDOW (window));
  g_settings_reset (settings, "card-deck");
  wait_ms (50);
}

/* ---- high contrast ---- */

/* WCAG's relative luminance of a pixel (B G R A bytes, opaque). */
static double
luminance (const guchar *px)
{
  double c[3];

  for (int i = 0; i < 3; i++)
    {
      double v = px[2 - i] / 255.0;
      c[i] = v <= 0.03928 ? v / 12.92 : pow ((v + 0.055) / 1.055, 2.4);
    }
  return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
}

static double
contrast (const guchar *a, const guchar *b)
{
  double la = luminance (a), lb = luminance (b);

  return (MAX (la, lb) + 0.05) / (MIN (la, lb) + 0.05);
}

typedef struct {
  double ring_on_baize;    /* the focus ring against the baize beside it */
  double shadow_on_card;   /* its outer ring against a card */
  double hint_on_baize;    /* the hint's outline against the baize */
} Contrasts;

/* The board of `window` drawn with the keyboard focus on a foundation's
 * card and a hint shown, its highlights' contrasts read off the pixels. */
static Contrasts
highlight_contrasts (FeltWindow *window, const char *png_name)
{
  FeltBoard *board = felt_window_get_board (window);
  const FeltState *st = felt_session_get_state (felt_board_get_session (board));
  const FeltGame *game = felt_state_game (st);
  int foundation = felt_game_find_pile (game, FELT_ROLE_FOUNDATION, 0);
  FeltMove moves[FELT_MAX_MOVES], hint;
  g_autoptr (GdkTexture) texture = NULL;
  g_autofree guchar *pixels = NULL;
  graphene_rect_t card, to;
  guint n = felt_state_legal_moves (st, moves);
  int width, x, y, tx, ty;
  Contrasts out;

#define PIXEL(px, py) (pixels + (py) * 4 * width + 4 * (px))
  /* A hint to a pile of another row than the foundation's. */
  assert_true (foundation >= 0);
  hint = moves[0];
  for (guint i = 0; i < n; i++)
    if (!moves[i].stock && moves[i].to != foundation && game->piles[moves[i].to].y != game->piles[foundation].y)
      hint = moves[i];
  assert_false (hint.stock);
  felt_board_show_move (board, &hint);
  gtk_widget_grab_focus (GTK_WIDGET (board));
  board->show_focus = TRUE;
  board->focus_pile = foundation;
  board->focus_index = 0;
  gtk_widget_queue_draw (GTK_WIDGET (board));
  wait_ms (200);
  assert_true (gtk_widget_has_focus (GTK_WIDGET (board)));

  texture = felt_ui_test_render (GTK_WIDGET (board), png_name);
  width = gdk_texture_get_width (texture);
  pixels = g_malloc ((gsize) 4 * width * gdk_texture_get_height (texture));
  gdk_texture_download (texture, pixels, 4 * width);

  /* The ring is drawn 4 to 1 pixels outside the card, its outer ring 6 to
   * 4 (felt-board-draw.c); the baize lies beyond, the card inside. */
  assert_true (felt_board_get_card_rect (board, foundation, 0, &card));
  x = (int) card.origin.x;
  y = (int) (card.origin.y + card.size.height / 2);
  out.ring_on_baize = contrast (PIXEL (x - 3, y), PIXEL (x - 14, y));
  out.shadow_on_card = contrast (PIXEL (x - 6, y), PIXEL (x + (int) (card.size.width * 0.06), y));
  /* The hint's outline: 2 pixels outside the pile to 1 inside, here
   * across the top of the pile it goes to. */
  assert_true (felt_board_get_card_rect (board, hint.to, -1, &to));
  tx = (int) (to.origin.x + to.size.width / 2);
  ty = (int) to.origin.y;
  out.hint_on_baize = contrast (PIXEL (tx, ty - 1), PIXEL (tx, ty - 12));
#undef PIXEL
  return out;
}

static void
test_high_contrast_names (void **unused)
{
  assert_true (felt_style_is_high_contrast ("HighContrast"));
  assert_true (felt_style_is_high_contrast ("HighContrastInverse"));
  assert_true (felt_style_is_high_contrast ("HighContrast:dark"));
  assert_false (felt_style_is_high_contrast ("Adwaita"));
  assert_false (felt_style_is_high_contrast ("Default"));
  assert_false (felt_style_is_high_contrast (NULL));
}

/* With a high-contrast theme the keyboard focus ring and the hint stand
 * out clearly (WCAG's 7:1 and 4.5:1) from the baize, and the focus ring's
 * outer ring from the cards; GTK's theme setting is followed while Felt
 * runs. */
static void
test_high_contrast (void **unused)
{
  g_autoptr (GDBusConnection) bus = g_bus_get_sync (G_BUS_TYPE_SESSION, NULL, NULL);
  g_autoptr (FeltStyleManager) style = NULL;
  GtkSettings *settings = gtk_settings_get_default ();
  g_autofree char *theme = NULL;
  FeltWindow *window;
  Contrasts normal, high;

  g_object_get (settings, "gtk-theme-name", &theme, NULL);
  style = felt_style_manager_new (settings, bus);
  assert_false (felt_style_manager_get_high_contrast (style));
  window = new_window ();
  felt_window_start (window, felt_game_lookup ("cruel"), 7);
  wait_ms (300);
  assert_false (gtk_widget_has_css_class (GTK_WIDGET (window), "high-contrast"));
  normal = highlight_contrasts (window, "style-highlights.png");

  for (guint inverse = 0; inverse < 2; inverse++)
    {
      g_object_set (settings, "gtk-theme-name", inverse ? "HighContrastInverse" : "HighContrast", NULL);
      wait_ms (300);
      assert_true (felt_style_manager_get_high_contrast (style));
      assert_true (gtk_widget_has_css_class (GTK_WIDGET (window), "high-contrast"));
      high = highlight_contrasts (window, inverse ? "style-highlights-hc-inverse.png" : "style-highlights-hc.png");
      print_message ("focus ring on the baize %.1f:1 (without high contrast %.1f:1), its outer ring on a card "
                     "%.1f:1 (%.1f:1), the hint on the baize %.1f:1 (%.1f:1)\n",
                     high.ring_on_baize, normal.ring_on_baize, high.shadow_on_card, normal.shadow_on_card,
                     high.hint_on_baize, normal.hint_on_baize);
      assert_true (high.ring_on_baize >= 7);
      assert_true (high.shadow_on_card >= 7);
      assert_true (high.hint_on_baize >= 4.5);
    }

  g_object_set (settings, "gtk-theme-name", theme, NULL);
  wait_ms (300);
  assert_false (gtk_widget_has_css_class (GTK_WIDGET (window), "high-contrast"));
  gtk_window_destroy (GTK_WINDOW (window));
  g_clear_object (&style);
  wait_ms (50);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_decision),
    cmocka_unit_test_setup_teardown (test_gsettings_dark, setup, teardown),
    cmocka_unit_test_setup_teardown (test_portal, setup, teardown),
    cmocka_unit_test_setup_teardown (test_four_colour_deck, setup, teardown),
    cmocka_unit_test (test_high_contrast_names),
    cmocka_unit_test_setup_teardown (test_high_contrast, setup, teardown),
  };

  /* The theme is the tests' to choose; Felt's style sheet, as Felt loads it. */
  g_unsetenv ("GTK_THEME");
  felt_ui_test_init ();
  return cmocka_run_group_tests (tests, NULL, NULL);
}
