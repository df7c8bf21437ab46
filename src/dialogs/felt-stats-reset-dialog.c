/* felt-stats-reset-dialog.c: "Reset all statistics?"
 * (data/ui/felt-stats-reset-dialog.ui).
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "felt-stats-reset-dialog.h"

struct _FeltStatsResetDialog
{
  GtkWindow parent_instance;
};

enum {
  SIGNAL_CONFIRMED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (FeltStatsResetDialog, felt_stats_reset_dialog, GTK_TYPE_WINDOW)

static void
reset_clicked (FeltStatsResetDialog *self)
{
  /* closed first: whoever listens may open or close other windows */
  g_object_ref (self);
  gtk_window_destroy (GTK_WINDOW (self));
  g_signal_emit (self, signals[SIGNAL_CONFIRMED], 0);
  g_object_unref (self);
}

GtkWidget *
felt_stats_reset_dialog_new (GtkWindow *parent)
{
  return g_object_new (FELT_TYPE_STATS_RESET_DIALOG, "transient-for", parent, NULL);
}

static void
felt_stats_reset_dialog_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), FELT_TYPE_STATS_RESET_DIALOG);
  G_OBJECT_CLASS (felt_stats_reset_dialog_parent_class)->dispose (object);
}

static void
felt_stats_reset_dialog_class_init (FeltStatsResetDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = felt_stats_reset_dialog_dispose;

  /* The player confirmed: reset every statistic. */
  signals[SIGNAL_CONFIRMED] = g_signal_new ("confirmed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                            0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/feltsolitaire/Felt/ui/felt-stats-reset-dialog.ui");
  gtk_widget_class_bind_template_callback (widget_class, reset_clicked);
  /* For gtk_widget_get_template_child in felt_stats_reset_dialog_init. */
  gtk_widget_class_bind_template_child_full (widget_class, "cancel_button", FALSE, 0);
  gtk_widget_class_bind_template_child_full (widget_class, "reset_button", FALSE, 0);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
felt_stats_reset_dialog_init (FeltStatsResetDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* The .ui names the buttons without their underscores; GTK 4.8 would
   * add the name of the label child each mnemonic points at: "Cancel
   * Cancel". */
  for (guint i = 0; i < 2; i++)
    gtk_accessible_reset_relation (GTK_ACCESSIBLE (gtk_widget_get_template_child (GTK_WIDGET (self),
                                                                                  FELT_TYPE_STATS_RESET_DIALOG,
                                                                                  i ? "reset_button" : "cancel_button")),
                                   GTK_ACCESSIBLE_RELATION_LABELLED_BY);
}
