/* felt-abandon-dialog.c: "Give up this game?".
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "felt-abandon-dialog.h"

struct _FeltAbandonDialog
{
  GtkWindow parent_instance;
};

enum {
  SIGNAL_GIVE_UP,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (FeltAbandonDialog, felt_abandon_dialog, GTK_TYPE_WINDOW)

static void
give_up_clicked (FeltAbandonDialog *self)
{
  g_object_ref (self);
  gtk_window_destroy (GTK_WINDOW (self));
  g_signal_emit (self, signals[SIGNAL_GIVE_UP], 0);
  g_object_unref (self);
}

static void
felt_abandon_dialog_class_init (FeltAbandonDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/feltsolitaire/Felt/ui/felt-abandon-dialog.ui");
  gtk_widget_class_bind_template_callback (widget_class, give_up_clicked);
  /* For gtk_widget_get_template_child in felt_abandon_dialog_init. */
  gtk_widget_class_bind_template_child_full (widget_class, "keep_playing_button", FALSE, 0);
  gtk_widget_class_bind_template_child_full (widget_class, "give_up_button", FALSE, 0);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_DIALOG);

  signals[SIGNAL_GIVE_UP] = g_signal_new ("give-up", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                          0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

/* The focus goes to Give Up once the window is on screen: a window given its
 * focus widget before it is shown reaches AT-SPI as a "filler" in GTK 4.8
 * (not a dialog), and Orca then never reads it when it opens. */
static void
focus_on_map (GtkWidget *window, GtkWidget *widget)
{
  gtk_window_set_focus (GTK_WINDOW (window), widget);
}

static void
felt_abandon_dialog_init (FeltAbandonDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* GTK 4.8 names a button with a mnemonic label by its label property,
   * underscore included, and then by the label child the mnemonic points
   * at: "_Give Up Give Up".  Without the property, the child names it. */
  for (guint i = 0; i < 2; i++)
    gtk_accessible_reset_property (GTK_ACCESSIBLE (gtk_widget_get_template_child (GTK_WIDGET (self), FELT_TYPE_ABANDON_DIALOG,
                                                                                  i ? "give_up_button" : "keep_playing_button")),
                                   GTK_ACCESSIBLE_PROPERTY_LABEL);
  g_signal_connect (self, "map", G_CALLBACK (focus_on_map),
                    gtk_widget_get_template_child (GTK_WIDGET (self), FELT_TYPE_ABANDON_DIALOG, "give_up_button"));
}

GtkWidget *
felt_abandon_dialog_new (GtkWindow *parent)
{
  return g_object_new (FELT_TYPE_ABANDON_DIALOG, "transient-for", parent, NULL);
}
