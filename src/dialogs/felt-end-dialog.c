/* felt-end-dialog.c: the end of a game.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "felt-end-dialog.h"

#include <glib/gi18n.h>

struct _FeltEndDialog
{
  GtkWindow parent_instance;

  /* template children */
  GtkLabel *heading_label;
  GtkLabel *detail_label;
  GtkWidget *undo_button;
  GtkWidget *restart_button;
  GtkWidget *replay_button;
  GtkWidget *close_button;
};

G_DEFINE_FINAL_TYPE (FeltEndDialog, felt_end_dialog, GTK_TYPE_WINDOW)

/* Closes the dialog, then asks the window for `action`. */
static void
close_and_activate (FeltEndDialog *self, const char *action)
{
  g_autoptr (GtkWindow) parent = NULL;

  if (gtk_window_get_transient_for (GTK_WINDOW (self)))
    parent = g_object_ref (gtk_window_get_transient_for (GTK_WINDOW (self)));
  gtk_window_destroy (GTK_WINDOW (self));
  if (parent)
    gtk_widget_activate_action (GTK_WIDGET (parent), action, NULL);
}

static void
undo_clicked (FeltEndDialog *self)
{
  close_and_activate (self, "win.undo");
}

static void
restart_clicked (FeltEndDialog *self)
{
  close_and_activate (self, "win.restart");
}

static void
replay_clicked (FeltEndDialog *self)
{
  close_and_activate (self, "win.replay");
}

static void
new_game_clicked (FeltEndDialog *self)
{
  close_and_activate (self, "win.new-game");
}

static void
felt_end_dialog_class_init (FeltEndDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/feltsolitaire/Felt/ui/felt-end-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, FeltEndDialog, heading_label);
  gtk_widget_class_bind_template_child (widget_class, FeltEndDialog, detail_label);
  gtk_widget_class_bind_template_child (widget_class, FeltEndDialog, undo_button);
  gtk_widget_class_bind_template_child (widget_class, FeltEndDialog, restart_button);
  gtk_widget_class_bind_template_child (widget_class, FeltEndDialog, replay_button);
  gtk_widget_class_bind_template_child (widget_class, FeltEndDialog, close_button);
  /* For gtk_widget_get_template_child in felt_end_dialog_init. */
  gtk_widget_class_bind_template_child_full (widget_class, "new_game_button", FALSE, 0);
  gtk_widget_class_bind_template_callback (widget_class, undo_clicked);
  gtk_widget_class_bind_template_callback (widget_class, replay_clicked);
  gtk_widget_class_bind_template_callback (widget_class, restart_clicked);
  gtk_widget_class_bind_template_callback (widget_class, new_game_clicked);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_DIALOG);
}

/* The focus goes to New Game once the window is on screen: a window given its
 * focus widget before it is shown reaches AT-SPI as a "filler" in GTK 4.8
 * (not a dialog), and Orca then never reads it when it opens. */
static void
focus_on_map (GtkWidget *window, GtkWidget *widget)
{
  gtk_window_set_focus (GTK_WINDOW (window), widget);
}

static void
felt_end_dialog_init (FeltEndDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  GtkWidget *buttons[] = {
    self->undo_button, self->restart_button, self->close_button,
    GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (self), FELT_TYPE_END_DIALOG, "new_game_button")),
  };
  /* GTK 4.8 names a button with a mnemonic label by its label property,
   * underscore included, and then by the label child the mnemonic points
   * at: "_Close Close".  Without the property, the child names it. */
  for (guint i = 0; i < G_N_ELEMENTS (buttons); i++)
    gtk_accessible_reset_property (GTK_ACCESSIBLE (buttons[i]), GTK_ACCESSIBLE_PROPERTY_LABEL);
  g_signal_connect (self, "map", G_CALLBACK (focus_on_map), buttons[3]);
}

GtkWidget *
felt_end_dialog_new (GtkWindow *parent, gboolean won, gboolean by_demo, gboolean by_solution, const char *detail)
{
  FeltEndDialog *self = g_object_new (FELT_TYPE_END_DIALOG, "transient-for", parent, NULL);
  /* A deal the demo played in, or whose solution was shown, is not the
   * player's win. */
  const char *heading = !won ? _("Game over")
                        : by_demo ? _("The demo won this game")
                        : by_solution ? _("Won with the solution")
                        : _("You won!");

  gtk_window_set_title (GTK_WINDOW (self), heading);
  gtk_label_set_label (self->heading_label, heading);
  gtk_label_set_label (self->detail_label, detail);
  /* Without a name Orca says only "dialog": the heading is its name and
   * the detail its description, read when it opens. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, heading,
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, detail ? detail : "", -1);
  /* A lost game can be taken back or played again; a won one only closed. */
  gtk_widget_set_visible (self->undo_button, !won);
  gtk_widget_set_visible (self->restart_button, !won);
  gtk_widget_set_visible (self->close_button, won);
  /* The demo's game is not kept for Replay (the player just watched it):
   * Replay shows the player's own games. */
  gtk_widget_set_visible (self->replay_button, !by_demo);
  return GTK_WIDGET (self);
}
