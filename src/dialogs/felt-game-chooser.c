/* felt-game-chooser.c: the five games, each with a preview of its deal
 * (data/ui/felt-game-chooser.ui, one FeltGameCard a game).
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "felt-game-chooser.h"

#include "felt-game-card.h"

struct _FeltGameChooser
{
  GtkWindow parent_instance;

  /* template children */
  GtkFlowBox *games;

  char *notice;    /* the window's notice bar, which the chooser covers */
};

enum {
  PROP_0,
  PROP_NOTICE,
  N_PROPS
};

static GParamSpec *props[N_PROPS];

enum {
  SIGNAL_GAME_CHOSEN,
  SIGNAL_SHOW_RULES,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (FeltGameChooser, felt_game_chooser, GTK_TYPE_WINDOW)

static void
game_activated (GtkFlowBox *box, GtkFlowBoxChild *child, FeltGameChooser *self)
{
  const FeltGame *game = felt_game_card_get_game (FELT_GAME_CARD (child));

  /* closed first: the window starts the game, and may open other windows */
  g_object_ref (self);
  gtk_window_destroy (GTK_WINDOW (self));
  g_signal_emit (self, signals[SIGNAL_GAME_CHOSEN], 0, game->id);
  g_object_unref (self);
}

/* chooser.show-rules (s): a card's Rules button */
static void
show_rules (GtkWidget *widget, const char *action, GVariant *param)
{
  g_signal_emit (widget, signals[SIGNAL_SHOW_RULES], 0, g_variant_get_string (param, NULL));
}

GtkWidget *
felt_game_chooser_new (GtkWindow *parent, FeltCardTheme *theme)
{
  FeltGameChooser *self = g_object_new (FELT_TYPE_GAME_CHOOSER, "transient-for", parent, NULL);

  for (guint i = 0; i < FELT_N_GAMES; i++)
    gtk_flow_box_append (self->games, felt_game_card_new (felt_game_get (i), theme));
  return GTK_WIDGET (self);
}

/* The notice shows while there is one (a closure of the .ui). */
static gboolean
has_text (gpointer unused, const char *text)
{
  return text != NULL && text[0] != '\0';
}

static void
felt_game_chooser_get_property (GObject *object, guint id, GValue *value, GParamSpec *pspec)
{
  FeltGameChooser *self = FELT_GAME_CHOOSER (object);

  switch (id)
    {
    case PROP_NOTICE: g_value_set_string (value, self->notice); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, pspec);
    }
}

static void
felt_game_chooser_set_property (GObject *object, guint id, const GValue *value, GParamSpec *pspec)
{
  FeltGameChooser *self = FELT_GAME_CHOOSER (object);

  switch (id)
    {
    case PROP_NOTICE:
      if (g_strcmp0 (self->notice, g_value_get_string (value)) != 0)
        {
          g_free (self->notice);
          self->notice = g_value_dup_string (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, pspec);
    }
}

static void
felt_game_chooser_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), FELT_TYPE_GAME_CHOOSER);
  G_OBJECT_CLASS (felt_game_chooser_parent_class)->dispose (object);
}

static void
felt_game_chooser_finalize (GObject *object)
{
  g_free (FELT_GAME_CHOOSER (object)->notice);
  G_OBJECT_CLASS (felt_game_chooser_parent_class)->finalize (object);
}

static void
felt_game_chooser_class_init (FeltGameChooserClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = felt_game_chooser_dispose;
  G_OBJECT_CLASS (klass)->finalize = felt_game_chooser_finalize;
  G_OBJECT_CLASS (klass)->get_property = felt_game_chooser_get_property;
  G_OBJECT_CLASS (klass)->set_property = felt_game_chooser_set_property;

  /* What the window's notice bar says: a notice raised while the chooser
   * is open (a damaged file at the very first start) is seen here. */
  props[PROP_NOTICE] = g_param_spec_string ("notice", NULL, NULL, NULL,
                                            G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (G_OBJECT_CLASS (klass), N_PROPS, props);

  /* The player chose a game: its id. */
  signals[SIGNAL_GAME_CHOSEN] = g_signal_new ("game-chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                              0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  /* The player asked for the rules of a game: its id. */
  signals[SIGNAL_SHOW_RULES] = g_signal_new ("show-rules", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                             0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/feltsolitaire/Felt/ui/felt-game-chooser.ui");
  gtk_widget_class_bind_template_child (widget_class, FeltGameChooser, games);
  gtk_widget_class_bind_template_callback (widget_class, game_activated);
  gtk_widget_class_bind_template_callback (widget_class, has_text);
  gtk_widget_class_install_action (widget_class, "chooser.show-rules", "s", show_rules);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
felt_game_chooser_init (FeltGameChooser *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
