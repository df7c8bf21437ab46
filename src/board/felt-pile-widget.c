/* felt-pile-widget.c: one pile of the board as an accessible object.
 *
 * GTK 4.8 has no public way to give a widget accessible children of its
 * own making (GtkAccessible outside widgets came with 4.10), so each pile
 * is a child widget of the board: allocated over the pile's room (for a
 * screen reader's review by position), never drawn (the board snapshots
 * its children itself and leaves these out), never the target of the
 * pointer and never focused: the board keeps the focus and the keys.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "felt-pile-widget.h"
#include "felt-names.h"
#include "felt-phrases.h"

#include <glib/gi18n.h>

struct _FeltPileWidget
{
  GtkWidget parent_instance;

  /* what the accessible name and description say now */
  const FeltGame *game;      /* static; NULL: nothing said yet */
  guint pile;
  guint32 look;              /* size, face-down cards and top card (pile_look) */
};

G_DEFINE_FINAL_TYPE (FeltPileWidget, felt_pile_widget, GTK_TYPE_WIDGET)

static guint
count_face_down (const FeltState *state, guint pile)
{
  guint n = felt_pile_size (state, pile), down = 0;

  for (guint i = 0; i < n; i++)
    down += felt_state_card_face_down (state, pile, i) ? 1 : 0;
  return down;
}

/* Everything the description says, in one number: it changes when the
 * description does, and costs next to nothing to compare. */
static guint32
pile_look (const FeltState *state, guint pile)
{
  guint n = felt_pile_size (state, pile);
  guint top = n ? felt_pile_top (state, pile) : 0;

  return (guint32) n | (guint32) count_face_down (state, pile) << 8 | (guint32) top << 16;
}

char *
felt_pile_widget_describe (const FeltState *state, guint pile)
{
  guint n = felt_pile_size (state, pile), down = count_face_down (state, pile);
  g_autofree char *count = NULL;
  g_autofree char *top = NULL;

  if (n == 0)
    /* TRANSLATORS: what a pile of the board holds, read by a screen reader */
    return g_strdup (C_("pile contents", "Empty"));
  if (down == n)
    /* TRANSLATORS: what a pile of the board holds: "24 cards, face down" */
    return g_strdup_printf (ngettext ("%u card, face down", "%u cards, face down", n), n);
  count = g_strdup_printf (ngettext ("%u card", "%u cards", n), n);
  if (down > 0)
    {
      /* TRANSLATORS: how many of a pile's cards lie face down: "5 cards,
         2 face down" (the first %s is "5 cards") */
      char *both = g_strdup_printf (ngettext ("%s, %u face down", "%s, %u face down", down), count, down);
      g_free (count);
      count = both;
    }
  if (felt_state_card_face_down (state, pile, n - 1))
    return g_steal_pointer (&count);
  top = felt_phrase_card (felt_pile_top (state, pile), FELT_CARD_FORM_NAME);
  /* TRANSLATORS: what a pile of the board holds and its top card: "5
     cards, 2 face down; top: ten of clubs" */
  return g_strdup_printf (_("%s; top: %s"), count, top);
}

gboolean
felt_pile_widget_show (FeltPileWidget *self, const FeltState *state, guint pile)
{
  const FeltGame *game = felt_state_game (state);
  guint32 look = pile_look (state, pile);
  g_autofree char *description = NULL;

  g_return_val_if_fail (FELT_IS_PILE_WIDGET (self), FALSE);
  if (self->game == game && self->pile == pile && self->look == look)
    return FALSE;
  if (self->game != game || self->pile != pile)
    {
      g_autofree char *name = felt_pile_describe (game, pile);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
    }
  description = felt_pile_widget_describe (state, pile);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
  self->game = game;
  self->pile = pile;
  self->look = look;
  return TRUE;
}

GtkWidget *
felt_pile_widget_new (void)
{
  return g_object_new (FELT_TYPE_PILE_WIDGET, NULL);
}

static void
felt_pile_widget_class_init (FeltPileWidgetClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_set_css_name (widget_class, "pile");
  /* A pile is an ordered list of cards. */
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_LIST);
}

static void
felt_pile_widget_init (FeltPileWidget *self)
{
  gtk_widget_set_can_target (GTK_WIDGET (self), FALSE);
  gtk_widget_set_can_focus (GTK_WIDGET (self), FALSE);
  gtk_widget_set_focusable (GTK_WIDGET (self), FALSE);
}
