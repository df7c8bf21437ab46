/* test-renderer.c: the renderer Felt chooses for its windows
 * (felt_application_choose_renderer): cairo where GL is drawn by the
 * processor, as Xvfb's is (Mesa's llvmpipe: an X server in memory has
 * no graphics card behind it), unless GSK_RENDERER says otherwise.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <gtk/gtk.h>
#include <gsk/gl/gskglrenderer.h>

#include "felt-application.h"

/* The renderer of a new window, realized after the choice. */
static GType
window_renderer (void)
{
  GtkWidget *window = gtk_window_new ();
  GType type;

  gtk_widget_realize (window);
  type = G_OBJECT_TYPE (gtk_native_get_renderer (GTK_NATIVE (window)));
  gtk_window_destroy (GTK_WINDOW (window));
  return type;
}

static gboolean
have_gl (void)
{
  g_autoptr (GdkGLContext) context = gdk_display_create_gl_context (gdk_display_get_default (), NULL);

  return context != NULL && gdk_gl_context_realize (context, NULL);
}

static void
reset (void)
{
  g_object_set_data (G_OBJECT (gdk_display_get_default ()), "gsk-renderer", NULL);
}

/* Nothing set: Xvfb's GL is software, the windows draw with cairo. */
static void
test_software_gl_means_cairo (void **state)
{
  (void) state;
  reset ();
  g_unsetenv ("GSK_RENDERER");
  if (!have_gl ())
    skip ();
  /* Without the choice, GTK would take GL here. */
  assert_true (g_type_is_a (window_renderer (), GSK_TYPE_GL_RENDERER));
  felt_application_choose_renderer (gdk_display_get_default ());
  assert_true (g_type_is_a (window_renderer (), GSK_TYPE_CAIRO_RENDERER));
}

/* The player's choice stands. */
static void
test_player_choice_stands (void **state)
{
  (void) state;
  reset ();
  g_setenv ("GSK_RENDERER", "gl", TRUE);
  if (!have_gl ())
    skip ();
  felt_application_choose_renderer (gdk_display_get_default ());
  assert_true (g_type_is_a (window_renderer (), GSK_TYPE_GL_RENDERER));
  g_unsetenv ("GSK_RENDERER");
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_software_gl_means_cairo),
    cmocka_unit_test (test_player_choice_stands),
  };

  /* The UI tests' environment asks for cairo; these tests choose. */
  g_unsetenv ("GSK_RENDERER");
  gtk_init ();
  return cmocka_run_group_tests (tests, NULL, NULL);
}
