/* felt-game-card.c: one game in the game chooser
 * (data/ui/felt-game-card.ui).
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "felt-game-card.h"

#include <glib/gi18n.h>

#include "felt-board.h"

/* The deal the previews show: any deal shows the layout. */
#define PREVIEW_SEED 1

struct _FeltGameCard
{
  GtkFlowBoxChild parent_instance;

  /* template children */
  FeltBoard *preview;
  GtkLabel *name_label;
  GtkLabel *summary_label;
  GtkButton *rules_button;

  const FeltGame *game;       /* static */
};

G_DEFINE_FINAL_TYPE (FeltGameCard, felt_game_card, GTK_TYPE_FLOW_BOX_CHILD)

GtkWidget *
felt_game_card_new (const FeltGame *game, FeltCardTheme *theme)
{
  FeltGameCard *self = g_object_new (FELT_TYPE_GAME_CARD, NULL);
  g_autofree char *rules_label = g_strdup_printf (_("Rules of %s"), _(game->name));

  self->game = game;
  felt_board_set_theme (self->preview, theme);
  felt_board_set_session (self->preview, felt_session_new (game, PREVIEW_SEED));
  felt_board_set_interactive (self->preview, FALSE);
  gtk_label_set_label (self->name_label, _(game->name));
  gtk_label_set_label (self->summary_label, _(game->summary));
  gtk_actionable_set_action_target (GTK_ACTIONABLE (self->rules_button), "s", game->id);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->rules_button), rules_label);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->rules_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, rules_label, -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _(game->name),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, _(game->summary),
                                  -1);
  return GTK_WIDGET (self);
}

const FeltGame *
felt_game_card_get_game (FeltGameCard *self)
{
  g_return_val_if_fail (FELT_IS_GAME_CARD (self), NULL);
  return self->game;
}

static void
felt_game_card_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), FELT_TYPE_GAME_CARD);
  G_OBJECT_CLASS (felt_game_card_parent_class)->dispose (object);
}

static void
felt_game_card_class_init (FeltGameCardClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = felt_game_card_dispose;

  g_type_ensure (FELT_TYPE_BOARD);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/feltsolitaire/Felt/ui/felt-game-card.ui");
  gtk_widget_class_bind_template_child (widget_class, FeltGameCard, preview);
  gtk_widget_class_bind_template_child (widget_class, FeltGameCard, name_label);
  gtk_widget_class_bind_template_child (widget_class, FeltGameCard, summary_label);
  gtk_widget_class_bind_template_child (widget_class, FeltGameCard, rules_button);
}

static void
felt_game_card_init (FeltGameCard *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
