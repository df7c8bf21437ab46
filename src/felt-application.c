/* felt-application.c: the application: one instance, its actions.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE             /* RTLD_DEFAULT */
#endif
#include "config.h"

#include "felt-application.h"

#include <dlfcn.h>
#include <string.h>
#include <glib/gi18n.h>

#include "felt-face-cache.h"
#include "felt-format.h"
#include "felt-preferences.h"
#include "felt-style.h"
#include "felt-window.h"

struct _FeltApplication
{
  GtkApplication parent_instance;

  /* --game's help text, naming the games; GOption keeps a pointer to it. */
  char *game_option_help;
  FeltStyleManager *style; /* owned: the desktop's light or dark style */
};

G_DEFINE_FINAL_TYPE (FeltApplication, felt_application, GTK_TYPE_APPLICATION)

/* The one check of a --game value, before the window starts
 * (felt_application_check_args) and in the running instance that a
 * second launch hands its command line to. */
static gboolean
check_game (const char *value, GError **error)
{
  g_autofree char *games = NULL;

  if (value != NULL && felt_game_lookup (value) != NULL)
    return TRUE;
  games = felt_games_list_ids ();
  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
               _("unknown game “%s”; games are %s"), value ? value : "", games);
  return FALSE;
}

gboolean
felt_application_check_args (int argc, char **argv, GError **error)
{
  for (int i = 1; i < argc; i++)
    {
      const char *arg = argv[i];
      const char *value = NULL;
      gboolean is_game = g_str_equal (arg, "--game") || g_str_has_prefix (arg, "--game=");
      gboolean is_seed = g_str_equal (arg, "--seed") || g_str_has_prefix (arg, "--seed=");

      if (g_str_has_prefix (arg, "--help") || g_str_equal (arg, "-h") || g_str_equal (arg, "--version"))
        continue;
      if (!is_game && !is_seed)
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_UNKNOWN_OPTION,
                       _("unknown argument “%s”; felt takes --game ID and --seed N"), arg);
          return FALSE;
        }
      value = strchr (arg, '=') ? strchr (arg, '=') + 1 : (i + 1 < argc ? argv[++i] : NULL);
      if (value == NULL)
        {
          g_autofree char *games = felt_games_list_ids ();
          if (is_game)
            g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                         _("--game needs a game: one of %s"), games);
          else
            g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                                 _("--seed needs a deal number from 0 to 4294967295"));
          return FALSE;
        }
      if (is_game && !check_game (value, error))
        return FALSE;
      if (is_seed)
        {
          guint32 seed;
          if (value == NULL || !felt_seed_parse (value, &seed))
            {
              g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                           _("bad deal number “%s”; --seed takes a whole number from 0 to 4294967295"),
                           value ? value : "");
              return FALSE;
            }
        }
    }
  return TRUE;
}

static FeltWindow *
main_window (FeltApplication *self, gboolean *created)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));

  *created = window == NULL;
  if (window == NULL)
    window = GTK_WINDOW (felt_window_new (GTK_APPLICATION (self)));
  return FELT_WINDOW (window);
}

/* Starts the requested game, the last one played, or asks. */
static void
open_game (FeltApplication *self, const char *game_id, const char *seed_text)
{
  gboolean created;
  FeltWindow *window = main_window (self, &created);
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  g_autofree char *last = g_settings_get_string (settings, "last-game");
  const FeltGame *game = felt_game_lookup (game_id ? game_id : last);
  guint32 seed = g_random_int ();
  gboolean ask = FALSE;

  if (seed_text)
    felt_seed_parse (seed_text, &seed);
  if (game == NULL)
    {
      ask = TRUE;
      game = felt_game_get (FELT_GAME_HOPSCOTCH);
    }
  /* A new window picks up the game where the player left it. */
  if (created && !game_id && !seed_text && felt_window_resume (window))
    ask = FALSE;
  else if (created || game_id || seed_text)
    felt_window_start (window, game, seed);
  gtk_window_present (GTK_WINDOW (window));
  if (ask && created)
    felt_window_choose_game (window);
}

static void
felt_application_activate (GApplication *app)
{
  open_game (FELT_APPLICATION (app), NULL, NULL);
}

static int
felt_application_command_line (GApplication *app, GApplicationCommandLine *cmdline)
{
  GVariantDict *options = g_application_command_line_get_options_dict (cmdline);
  const char *game = NULL, *seed = NULL;
  g_autoptr (GError) error = NULL;

  g_variant_dict_lookup (options, "game", "&s", &game);
  g_variant_dict_lookup (options, "seed", "&s", &seed);
  if (game && !check_game (game, &error))
    {
      g_application_command_line_printerr (cmdline, "felt: %s\n", error->message);
      return 2;
    }
  open_game (FELT_APPLICATION (app), game, seed);
  return 0;
}

/* --version answers in this process, before the first instance is asked
 * (no display, no session bus needed), as packagers' scripts call it. */
static int
felt_application_handle_local_options (GApplication *app, GVariantDict *options)
{
  if (g_variant_dict_contains (options, "version"))
    {
      g_print ("felt %s\n", PACKAGE_VERSION);
      return 0;
    }
  return -1;
}

static void
quit (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  /* A copy: closing a window takes it off the application's list. */
  g_autoptr (GList) windows = g_list_copy (gtk_application_get_windows (GTK_APPLICATION (user_data)));

  /* Closing (not just quitting) lets the window save its state. */
  for (GList *l = windows; l; l = l->next)
    if (FELT_IS_WINDOW (l->data))
      gtk_window_close (GTK_WINDOW (l->data));
  g_application_quit (G_APPLICATION (user_data));
}

GtkWindow *
felt_application_about_new (GtkWindow *parent)
{
  const char *authors[] = { _("The Felt developers"), NULL };
  /* GtkAboutDialog has no field for the issue tracker: a credits section
   * shows its address as a link. */
  const char *tracker[] = { PACKAGE_BUGREPORT, NULL };
  GtkAboutDialog *dialog = g_object_new (GTK_TYPE_ABOUT_DIALOG,
                                         "transient-for", parent,
                                         "modal", parent != NULL,
                                         "destroy-with-parent", TRUE,
                                         "program-name", _("Felt"),
                                         "logo-icon-name", APP_ID,
                                         "version", PACKAGE_VERSION,
                                         "comments", _("Five classic patience games, played exactly"),
                                         "website", PACKAGE_URL,
                                         "license-type", GTK_LICENSE_GPL_3_0,
                                         "authors", authors,
                                         /* The card deck is drawn for Felt
                                          * (data/cards/README.md). */
                                         "artists", authors,
                                         /* TRANSLATORS: the translators named
                                          * at the top of your po file, one per
                                          * line (build-aux/check-translations.py
                                          * checks that they agree) */
                                         "translator-credits", _("translator-credits"),
                                         "copyright", "© 2026 The Felt developers",
                                         NULL);

  gtk_about_dialog_add_credit_section (dialog, _("Report a problem"), tracker);
  return GTK_WINDOW (dialog);
}

static void
about (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (user_data));

  gtk_window_present (felt_application_about_new (parent));
}

static void
preferences (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (user_data));

  gtk_window_present (GTK_WINDOW (felt_preferences_new (window)));
}

/* ---- the renderer ------------------------------------------------------------------ */

/* Where GL is Mesa's software rasteriser (llvmpipe, softpipe: a computer
 * without a graphics card, a virtual machine without 3D), GTK 4.8's GL
 * renderer redraws the whole window on every frame (no buffer age there)
 * and the processor shades every pixel, while the cairo renderer redraws
 * only what changed.  Measured with bench-draw (doc/performance.md), a
 * drag frame with GL on llvmpipe costs a whole core and misses 16 ms in
 * some frames even for a window of one texture; with cairo it costs a
 * tenth of that.  So unless the player chose a renderer (GSK_RENDERER),
 * software GL means cairo.
 *
 * GTK 4.8 says nothing of the GL it found: a GL context of the display is
 * made current and asked for GL_RENDERER through libepoxy, which GTK
 * itself is linked with (its exported pointer to glGetString, found with
 * dlsym, so that Felt links nothing more).  It costs what GTK's GL
 * renderer spends to start anyway (the driver loaded, a context), and a
 * software GL's start is spent for nothing: measured in the bench's
 * start-up figures ("auto").  Where anything is missing it answers "not
 * software", and GTK chooses as always. */
static gboolean
gl_is_software (GdkDisplay *display)
{
  static const char *const software[] = { "llvmpipe", "softpipe", "swrast", "Software Rasterizer",
                                          "SWR (", "Basic Render" };
  typedef const unsigned char *(*GetString) (unsigned int name);
  g_autoptr (GdkGLContext) context = gdk_display_create_gl_context (display, NULL);
  GetString *get_string = dlsym (RTLD_DEFAULT, "epoxy_glGetString");
  const char *renderer = NULL;
  gboolean found = FALSE;

  if (context == NULL || get_string == NULL || *get_string == NULL || !gdk_gl_context_realize (context, NULL))
    return FALSE;
  gdk_gl_context_make_current (context);
  renderer = (const char *) (*get_string) (0x1F01 /* GL_RENDERER */);
  for (guint i = 0; renderer && i < G_N_ELEMENTS (software); i++)
    found |= strstr (renderer, software[i]) != NULL;
  gdk_gl_context_clear_current ();
  return found;
}

/* GTK 4.8 reads the display's "gsk-renderer" before GSK_RENDERER, when
 * a window is realized: no environment is changed (the deck's thread
 * reads it). */
void
felt_application_choose_renderer (GdkDisplay *display)
{
  const char *chosen = g_getenv ("GSK_RENDERER");

  if (display == NULL || (chosen && *chosen))
    return;
  if (gl_is_software (display))
    {
      g_debug ("GL is drawn by the processor: the cairo renderer");
      g_object_set_data (G_OBJECT (display), "gsk-renderer", (gpointer) "cairo");
    }
}

static void
felt_application_startup (GApplication *app)
{
  static const GActionEntry entries[] = {
    { "quit", quit, NULL, NULL, NULL, { 0 } },
    { "about", about, NULL, NULL, NULL, { 0 } },
    { "preferences", preferences, NULL, NULL, NULL, { 0 } },
  };
  static const struct { const char *action; const char *accels[3]; } accels[] = {
    { "win.new-game", { "<Control>n", NULL } },
    { "win.restart", { "<Control>r", NULL } },
    { "win.undo", { "<Control>z", NULL } },
    { "win.redo", { "<Control><Shift>z", NULL } },
    { "win.hint", { "<Control>h", NULL } },
    /* The Solution bar's keys are the window's own (felt-window.c). */
    { "win.show-solution", { "<Control><Shift>h", NULL } },
    { "win.select-deal", { "<Control>d", NULL } },
    { "win.select-game", { "<Control>o", NULL } },
    { "win.replay", { "<Control><Shift>r", NULL } },
    { "win.fullscreen", { "F11", NULL } },
    { "win.show-help-overlay", { "<Control>question", NULL } },
    { "win.help", { "F1", NULL } },
    { "app.quit", { "<Control>q", NULL } },
    { "app.preferences", { "<Control>comma", NULL } },
  };
  g_autoptr (GtkCssProvider) css = NULL;

  /* The built-in deck is read while GTK starts, on another core. */
  {
    g_autoptr (GSettings) settings = g_settings_new (APP_ID);
    g_autofree char *deck = g_settings_get_string (settings, "card-deck");
    if (deck[0] == '\0')
      felt_card_theme_preload_default ();
  }

  G_APPLICATION_CLASS (felt_application_parent_class)->startup (app);
  felt_application_choose_renderer (gdk_display_get_default ());
  css = gtk_css_provider_new ();

  g_action_map_add_action_entries (G_ACTION_MAP (app), entries, G_N_ELEMENTS (entries), app);
  for (guint i = 0; i < G_N_ELEMENTS (accels); i++)
    gtk_application_set_accels_for_action (GTK_APPLICATION (app), accels[i].action, accels[i].accels);

  gtk_css_provider_load_from_resource (css, "/io/github/feltsolitaire/Felt/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  gtk_window_set_default_icon_name (APP_ID);
  FELT_APPLICATION (app)->style =
    felt_style_manager_new (gtk_settings_get_default (), g_application_get_dbus_connection (app));
}

static void
felt_application_shutdown (GApplication *app)
{
  G_APPLICATION_CLASS (felt_application_parent_class)->shutdown (app);
  g_clear_object (&FELT_APPLICATION (app)->style);
  /* Faces rendered just before quitting are still kept for next time. */
  felt_face_cache_wait ();
}

static void
felt_application_finalize (GObject *object)
{
  FeltApplication *self = FELT_APPLICATION (object);

  g_free (self->game_option_help);
  G_OBJECT_CLASS (felt_application_parent_class)->finalize (object);
}

static void
felt_application_class_init (FeltApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  object_class->finalize = felt_application_finalize;

  app_class->startup = felt_application_startup;
  app_class->shutdown = felt_application_shutdown;
  app_class->activate = felt_application_activate;
  app_class->command_line = felt_application_command_line;
  app_class->handle_local_options = felt_application_handle_local_options;
}

static void
felt_application_init (FeltApplication *self)
{
  g_autofree char *games = felt_games_list_ids ();
  GOptionEntry options[] = {
    { "game", 0, 0, G_OPTION_ARG_STRING, NULL, NULL, N_("ID") },
    { "seed", 0, 0, G_OPTION_ARG_STRING, NULL,
      N_("The deal number, from 0 to 4294967295"), N_("N") },
    { "version", 0, 0, G_OPTION_ARG_NONE, NULL, N_("Show the version and quit"), NULL },
    { NULL }
  };

  /* The games come from the engine's list; GOption copies the entries
   * but not their strings, so the text lives as long as the application. */
  self->game_option_help = g_strdup_printf (_("The game to play: one of %s"), games);
  options[0].description = self->game_option_help;
  g_application_add_main_option_entries (G_APPLICATION (self), options);
}

FeltApplication *
felt_application_new (void)
{
  /* No resource base path: GtkApplication would build the keyboard
   * shortcuts window (gtk/help-overlay.ui) with the main window, before
   * its first frame; the window builds it when it is first asked for. */
  return g_object_new (FELT_TYPE_APPLICATION,
                       "application-id", APP_ID,
                       "flags", G_APPLICATION_HANDLES_COMMAND_LINE,
                       "resource-base-path", NULL,
                       NULL);
}
