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
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_DIALOG);

  signals[SIGNAL_GIVE_UP] = g_signal_new ("give-up", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                          0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
felt_abandon_dialog_init (FeltAbandonDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
felt_abandon_dialog_new (GtkWindow *parent)
{
  return g_object_new (FELT_TYPE_ABANDON_DIALOG, "transient-for", parent, NULL);
}
