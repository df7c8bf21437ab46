/* felt-deal-dialog.c: Select Deal.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "felt-deal-dialog.h"

#include <glib/gi18n.h>

#include "felt-analysis.h"
#include "felt-format.h"

struct _FeltDealDialog
{
  GtkWindow parent_instance;

  /* template children */
  GtkEntry *entry;
  GtkLabel *rating_label;

  const FeltGame *game;
  GCancellable *rating;       /* the rating of the number typed, under way */
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
rated (GObject *source, GAsyncResult *res, gpointer data)
{
  FeltRating rating;
  FeltDealDialog *self;
  const char *label;
  g_autofree char *text = NULL;

  /* Cancelled: the dialog may be gone, or another number typed. */
  if (!felt_analysis_rate_deal_finish (res, &rating, NULL))
    return;
  self = FELT_DEAL_DIALOG (data);
  g_clear_object (&self->rating);
  label = felt_difficulty_label (rating.difficulty);
  /* TRANSLATORS: in Select Deal, e.g. "Difficulty: Easy" */
  text = label ? g_strdup_printf (_("Difficulty: %s"), label) : g_strdup ("");
  gtk_label_set_label (self->rating_label, text);
}

/* Each number typed is rated in a worker thread; typing on cancels it. */
static void
entry_changed (FeltDealDialog *self)
{
  g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->entry))));
  guint32 seed;

  if (self->rating)
    g_cancellable_cancel (self->rating);
  g_clear_object (&self->rating);
  gtk_widget_remove_css_class (GTK_WIDGET (self->entry), "error");
  if (self->game == NULL || !felt_seed_parse (text, &seed))
    {
      gtk_label_set_label (self->rating_label, "");
      return;
    }
  gtk_label_set_label (self->rating_label, _("Rating…"));
  self->rating = g_cancellable_new ();
  felt_analysis_rate_deal_async (self->game, seed, self->rating, rated, self);
}

const char *
felt_deal_dialog_get_rating (FeltDealDialog *self)
{
  g_return_val_if_fail (FELT_IS_DEAL_DIALOG (self), NULL);
  return gtk_label_get_label (self->rating_label);
}

static void
felt_deal_dialog_dispose (GObject *object)
{
  FeltDealDialog *self = FELT_DEAL_DIALOG (object);

  if (self->rating)
    g_cancellable_cancel (self->rating);
  g_clear_object (&self->rating);
  G_OBJECT_CLASS (felt_deal_dialog_parent_class)->dispose (object);
}

static void
felt_deal_dialog_class_init (FeltDealDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = felt_deal_dialog_dispose;
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/feltsolitaire/Felt/ui/felt-deal-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, FeltDealDialog, entry);
  gtk_widget_class_bind_template_child (widget_class, FeltDealDialog, rating_label);
  /* For gtk_widget_get_template_child in felt_deal_dialog_init. */
  gtk_widget_class_bind_template_child_full (widget_class, "cancel_button", FALSE, 0);
  gtk_widget_class_bind_template_child_full (widget_class, "play_button", FALSE, 0);
  gtk_widget_class_bind_template_callback (widget_class, play_clicked);
  gtk_widget_class_bind_template_callback (widget_class, entry_changed);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_DIALOG);

  signals[SIGNAL_DEAL_CHOSEN] = g_signal_new ("deal-chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                              0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
}

/* The focus goes to the entry once the window is on screen: a window given its
 * focus widget before it is shown reaches AT-SPI as a "filler" in GTK 4.8
 * (not a dialog), and Orca then never reads it when it opens. */
static void
focus_on_map (GtkWidget *window, GtkWidget *widget)
{
  gtk_window_set_focus (GTK_WINDOW (window), widget);
}

static void
felt_deal_dialog_init (FeltDealDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect (self, "map", G_CALLBACK (focus_on_map), self->entry);
  /* GTK 4.8 names a button with a mnemonic label by its label property,
   * underscore included, and then by the label child the mnemonic points
   * at: "_Play Play".  Without the property, the child names it. */
  for (guint i = 0; i < 2; i++)
    gtk_accessible_reset_property (GTK_ACCESSIBLE (gtk_widget_get_template_child (GTK_WIDGET (self), FELT_TYPE_DEAL_DIALOG,
                                                                                  i ? "play_button" : "cancel_button")),
                                   GTK_ACCESSIBLE_PROPERTY_LABEL);
}

GtkWidget *
felt_deal_dialog_new (GtkWindow *parent, const FeltGame *game, guint32 current)
{
  FeltDealDialog *self = g_object_new (FELT_TYPE_DEAL_DIALOG, "transient-for", parent, NULL);
  g_autofree char *text = g_strdup_printf ("%u", current);

  self->game = game;
  gtk_editable_set_text (GTK_EDITABLE (self->entry), text);
  return GTK_WIDGET (self);
}
