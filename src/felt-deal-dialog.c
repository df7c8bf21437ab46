/* felt-deal-dialog.c: Select Deal.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "felt-deal-dialog.h"

#include "felt-format.h"

struct _FeltDealDialog
{
  GtkWindow parent_instance;

  /* template children */
  GtkEntry *entry;
};

enum {
  SIGNAL_DEAL_CHOSEN,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (FeltDealDialog, felt_deal_dialog, GTK_TYPE_WINDOW)

/* Play (or Enter): a number in range is played, anything else is
 * marked and the dialog stays. */
static void
play_clicked (FeltDealDialog *self)
{
  g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->entry))));
  guint32 seed;

  if (!felt_seed_parse (text, &seed))
    {
      gtk_widget_add_css_class (GTK_WIDGET (self->entry), "error");
      gtk_widget_error_bell (GTK_WIDGET (self->entry));
      return;
    }
  g_object_ref (self);
  gtk_window_destroy (GTK_WINDOW (self));
  g_signal_emit (self, signals[SIGNAL_DEAL_CHOSEN], 0, seed);
  g_object_unref (self);
}

static void
felt_deal_dialog_class_init (FeltDealDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/feltsolitaire/Felt/ui/felt-deal-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, FeltDealDialog, entry);
  gtk_widget_class_bind_template_callback (widget_class, play_clicked);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_DIALOG);

  signals[SIGNAL_DEAL_CHOSEN] = g_signal_new ("deal-chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                              0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
}

static void
felt_deal_dialog_init (FeltDealDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
felt_deal_dialog_new (GtkWindow *parent, guint32 current)
{
  FeltDealDialog *self = g_object_new (FELT_TYPE_DEAL_DIALOG, "transient-for", parent, NULL);
  g_autofree char *text = g_strdup_printf ("%u", current);

  gtk_editable_set_text (GTK_EDITABLE (self->entry), text);
  return GTK_WIDGET (self);
}
