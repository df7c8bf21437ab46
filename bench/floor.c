/* floor.c: the least a GTK 4 program does to put a window on the screen.
 *
 * A GtkApplication (like Felt) with one 1280x800 GtkWindow: a header bar
 * with a title and one button, and a widget that fills the rest with one
 * colour in its snapshot.  build-aux/bench starts it beside Felt under the
 * same X server and renderer, so that Felt's start-up, memory and idle
 * figures can be read against what GTK itself costs.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gtk/gtk.h>

#define FLOOR_TYPE_AREA (floor_area_get_type ())
G_DECLARE_FINAL_TYPE (FloorArea, floor_area, FLOOR, AREA, GtkWidget)

struct _FloorArea
{
  GtkWidget parent_instance;
};

G_DEFINE_FINAL_TYPE (FloorArea, floor_area, GTK_TYPE_WIDGET)

static void
floor_area_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  /* Felt's green, so that the bench's paint check sees the same colour. */
  const GdkRGBA green = { 0x2e / 255.0, 0x6b / 255.0, 0x3f / 255.0, 1 };

  gtk_snapshot_append_color (snapshot, &green,
                             &GRAPHENE_RECT_INIT (0, 0, gtk_widget_get_width (widget),
                                                  gtk_widget_get_height (widget)));
}

static void
floor_area_class_init (FloorAreaClass *klass)
{
  GTK_WIDGET_CLASS (klass)->snapshot = floor_area_snapshot;
}

static void
floor_area_init (FloorArea *self)
{
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);
}

static void
activate (GApplication *app)
{
  GtkWidget *window = gtk_application_window_new (GTK_APPLICATION (app));
  GtkWidget *header = gtk_header_bar_new ();

  gtk_header_bar_pack_start (GTK_HEADER_BAR (header), gtk_button_new_with_label ("Button"));
  gtk_window_set_titlebar (GTK_WINDOW (window), header);
  gtk_window_set_title (GTK_WINDOW (window), "Floor");
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_set_child (GTK_WINDOW (window), g_object_new (FLOOR_TYPE_AREA, NULL));
  gtk_window_present (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  g_autoptr (GtkApplication) app = gtk_application_new ("io.github.feltsolitaire.Floor",
                                                        G_APPLICATION_DEFAULT_FLAGS);

  g_signal_connect (app, "activate", G_CALLBACK (activate), NULL);
  return g_application_run (G_APPLICATION (app), argc, argv);
}
