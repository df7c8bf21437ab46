/* felt-game-chooser.c: the five games, each with a preview of its deal.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "felt-game-chooser.h"

#include <glib/gi18n.h>

#include "felt-board.h"

/* The deal the previews show: any deal shows the layout. */
#define PREVIEW_SEED 1

struct _FeltGameChooser
{
  GtkWindow parent_instance;
};

enum {
  SIGNAL_GAME_CHOSEN,
  SIGNAL_SHOW_RULES,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (FeltGameChooser, felt_game_chooser, GTK_TYPE_WINDOW)

static void
child_activated (GtkFlowBox *box, GtkFlowBoxChild *child, FeltGameChooser *self)
{
  const char *id = g_object_get_data (G_OBJECT (child), "game-id");

  g_object_ref (self);
  gtk_window_destroy (GTK_WINDOW (self));
  g_signal_emit (self, signals[SIGNAL_GAME_CHOSEN], 0, id);
  g_object_unref (self);
}

static void
rules_clicked (GtkButton *button, FeltGameChooser *self)
{
  g_signal_emit (self, signals[SIGNAL_SHOW_RULES], 0, g_object_get_data (G_OBJECT (button), "game-id"));
}

static GtkWidget *
game_card (FeltGameChooser *self, const FeltGame *game, FeltCardTheme *theme)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *rules = gtk_button_new_with_label (_("Rules"));
  g_autofree char *rules_label = g_strdup_printf (_("Rules of %s"), _(game->name));
  GtkWidget *board = felt_board_new ();
  GtkWidget *name = gtk_label_new (_(game->name));
  GtkWidget *summary = gtk_label_new (_(game->summary));

  gtk_widget_add_css_class (box, "chooser-card");
  felt_board_set_theme (FELT_BOARD (board), theme);
  felt_board_set_session (FELT_BOARD (board), felt_session_new (game, PREVIEW_SEED));
  felt_board_set_interactive (FELT_BOARD (board), FALSE);
  gtk_widget_set_size_request (board, 270, 180);
  gtk_widget_add_css_class (board, "preview");
  gtk_widget_set_overflow (board, GTK_OVERFLOW_HIDDEN);

  gtk_widget_add_css_class (name, "game-name");
  gtk_label_set_wrap (GTK_LABEL (summary), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (summary), 34);
  gtk_label_set_justify (GTK_LABEL (summary), GTK_JUSTIFY_CENTER);
  gtk_widget_add_css_class (summary, "dim-label");

  g_object_set_data (G_OBJECT (rules), "game-id", (gpointer) game->id);
  gtk_widget_set_halign (rules, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (rules, "flat");
  gtk_widget_set_tooltip_text (rules, rules_label);
  gtk_accessible_update_property (GTK_ACCESSIBLE (rules), GTK_ACCESSIBLE_PROPERTY_LABEL, rules_label, -1);
  g_signal_connect (rules, "clicked", G_CALLBACK (rules_clicked), self);

  gtk_box_append (GTK_BOX (box), board);
  gtk_box_append (GTK_BOX (box), name);
  gtk_box_append (GTK_BOX (box), summary);
  gtk_box_append (GTK_BOX (box), rules);
  return box;
}

GtkWidget *
felt_game_chooser_new (GtkWindow *parent, FeltCardTheme *theme)
{
  FeltGameChooser *self = g_object_new (FELT_TYPE_GAME_CHOOSER,
                                        "transient-for", parent,
                                        "modal", TRUE,
                                        "title", _("Select Game"),
                                        "default-width", 980,
                                        "default-height", 690,
                                        NULL);
  GtkWidget *scroller = gtk_scrolled_window_new ();
  GtkWidget *flow = gtk_flow_box_new ();

  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (flow), GTK_SELECTION_NONE);
  gtk_flow_box_set_activate_on_single_click (GTK_FLOW_BOX (flow), TRUE);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (flow), 3);
  gtk_flow_box_set_homogeneous (GTK_FLOW_BOX (flow), TRUE);
  gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (flow), 12);
  gtk_flow_box_set_row_spacing (GTK_FLOW_BOX (flow), 12);
  gtk_widget_set_margin_start (flow, 18);
  gtk_widget_set_margin_end (flow, 18);
  gtk_widget_set_margin_top (flow, 18);
  gtk_widget_set_margin_bottom (flow, 18);
  gtk_widget_set_valign (flow, GTK_ALIGN_START);

  for (guint i = 0; i < FELT_N_GAMES; i++)
    {
      const FeltGame *game = felt_game_get (i);
      GtkWidget *child = gtk_flow_box_child_new ();
      gtk_flow_box_child_set_child (GTK_FLOW_BOX_CHILD (child), game_card (self, game, theme));
      g_object_set_data (G_OBJECT (child), "game-id", (gpointer) game->id);
      gtk_accessible_update_property (GTK_ACCESSIBLE (child),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, _(game->name),
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, _(game->summary),
                                      -1);
      gtk_flow_box_append (GTK_FLOW_BOX (flow), child);
    }
  g_signal_connect (flow, "child-activated", G_CALLBACK (child_activated), self);

  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), flow);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_window_set_child (GTK_WINDOW (self), scroller);
  return GTK_WIDGET (self);
}

static void
felt_game_chooser_class_init (FeltGameChooserClass *klass)
{
  /* The player chose a game: its id. */
  signals[SIGNAL_GAME_CHOSEN] = g_signal_new ("game-chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                              0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  /* The player asked for the rules of a game: its id. */
  signals[SIGNAL_SHOW_RULES] = g_signal_new ("show-rules", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                             0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
felt_game_chooser_init (FeltGameChooser *self)
{
  GtkWidget *header = gtk_header_bar_new ();

  gtk_window_set_titlebar (GTK_WINDOW (self), header);
}
