/* felt-left-games.c: the games left behind, for Undo and Redo across
 * deals.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "felt-left-games.h"

/* A game left behind, as it was. */
typedef struct {
  FeltSession *session;
  gint64 elapsed_ms;
  gboolean counted;           /* its result is in the statistics */
  FeltGameHelp help;
  gboolean loss_counted;      /* leaving it counted a loss: coming back takes it back */
  guint streak;               /* the streak that loss ended */
  guint played;               /* its game's played count right after the loss */
} LeftGame;

struct _FeltLeftGames
{
  GObject parent_instance;

  FeltRecord *record;         /* where the losses were counted (kept) */
  /* the latest first, at most FELT_MAX_LEFT_GAMES each */
  GQueue games[FELT_LEFT_AHEAD + 1];
  guint returned_at;
};

G_DEFINE_FINAL_TYPE (FeltLeftGames, felt_left_games, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_N_BEHIND,
  PROP_N_AHEAD,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
left_game_free (gpointer data)
{
  LeftGame *left = data;

  felt_session_free (left->session);
  g_free (left);
}

static void
count_changed (FeltLeftGames *self, FeltLeftWay way)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[way == FELT_LEFT_BEHIND ? PROP_N_BEHIND : PROP_N_AHEAD]);
}

void
felt_left_games_push (FeltLeftGames *self, FeltLeftWay way, FeltSession *session, gint64 elapsed_ms,
                      gboolean counted, FeltGameHelp help, const FeltGameStats *before)
{
  FeltGameId id = felt_state_get_game_id (felt_session_get_state (session));
  GQueue *queue = &self->games[way];
  LeftGame *left = g_new0 (LeftGame, 1);

  g_return_if_fail (FELT_IS_LEFT_GAMES (self));
  left->played = felt_record_get_stats (self->record)->games[id].played;
  left->loss_counted = left->played != before->played;
  left->streak = before->streak;
  left->session = session;
  left->elapsed_ms = elapsed_ms;
  left->counted = counted;
  left->help = help;
  g_queue_push_head (queue, left);
  while (g_queue_get_length (queue) > FELT_MAX_LEFT_GAMES)
    left_game_free (g_queue_pop_tail (queue));
  count_changed (self, way);
}

FeltSession *
felt_left_games_pop (FeltLeftGames *self, FeltLeftWay way, gint64 *elapsed_ms, gboolean *counted,
                     FeltGameHelp *help)
{
  LeftGame *left;
  FeltGameId id;
  FeltSession *session;

  g_return_val_if_fail (FELT_IS_LEFT_GAMES (self), NULL);
  left = g_queue_pop_head (&self->games[way]);
  g_return_val_if_fail (left != NULL, NULL);
  id = felt_state_get_game_id (felt_session_get_state (left->session));
  if (left->loss_counted)
    {
      guint played = felt_record_get_stats (self->record)->games[id].played;

      /* The streak comes back only if no other game ended since. */
      felt_record_uncount_loss (self->record, id, played == left->played ? left->streak : 0);
      felt_record_retract_history (self->record, id, felt_session_get_seed (left->session));
      felt_record_take_back_last_game (self->record, id, felt_session_get_seed (left->session));
    }
  session = g_steal_pointer (&left->session);
  *elapsed_ms = left->elapsed_ms;
  *counted = left->counted && !left->loss_counted;
  *help = left->help;
  self->returned_at = felt_session_get_n_moves (session);
  left_game_free (left);
  count_changed (self, way);
  return session;
}

void
felt_left_games_clear (FeltLeftGames *self, FeltLeftWay way)
{
  g_return_if_fail (FELT_IS_LEFT_GAMES (self));
  if (g_queue_is_empty (&self->games[way]))
    return;
  g_queue_clear_full (&self->games[way], left_game_free);
  count_changed (self, way);
}

guint
felt_left_games_get_count (FeltLeftGames *self, FeltLeftWay way)
{
  g_return_val_if_fail (FELT_IS_LEFT_GAMES (self), 0);
  return g_queue_get_length (&self->games[way]);
}

guint
felt_left_games_get_returned_at (FeltLeftGames *self)
{
  g_return_val_if_fail (FELT_IS_LEFT_GAMES (self), 0);
  return self->returned_at;
}

gboolean
felt_left_games_undo_returns (FeltLeftGames *self, FeltSession *session)
{
  g_return_val_if_fail (FELT_IS_LEFT_GAMES (self), FALSE);
  return session && !felt_session_can_undo (session) && !g_queue_is_empty (&self->games[FELT_LEFT_BEHIND]);
}

gboolean
felt_left_games_redo_goes_ahead (FeltLeftGames *self, FeltSession *session)
{
  g_return_val_if_fail (FELT_IS_LEFT_GAMES (self), FALSE);
  return session && !g_queue_is_empty (&self->games[FELT_LEFT_AHEAD]) &&
         felt_session_get_n_moves (session) == self->returned_at;
}

static void
felt_left_games_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  FeltLeftGames *self = FELT_LEFT_GAMES (object);

  switch (prop_id)
    {
    case PROP_N_BEHIND: g_value_set_uint (value, felt_left_games_get_count (self, FELT_LEFT_BEHIND)); break;
    case PROP_N_AHEAD: g_value_set_uint (value, felt_left_games_get_count (self, FELT_LEFT_AHEAD)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
felt_left_games_dispose (GObject *object)
{
  FeltLeftGames *self = FELT_LEFT_GAMES (object);

  g_queue_clear_full (&self->games[FELT_LEFT_BEHIND], left_game_free);
  g_queue_clear_full (&self->games[FELT_LEFT_AHEAD], left_game_free);
  g_clear_object (&self->record);
  G_OBJECT_CLASS (felt_left_games_parent_class)->dispose (object);
}

static void
felt_left_games_class_init (FeltLeftGamesClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY;

  object_class->get_property = felt_left_games_get_property;
  object_class->dispose = felt_left_games_dispose;

  /* The games Undo goes back to, and those Redo goes forward to. */
  properties[PROP_N_BEHIND] = g_param_spec_uint ("n-behind", NULL, NULL, 0, FELT_MAX_LEFT_GAMES, 0, flags);
  properties[PROP_N_AHEAD] = g_param_spec_uint ("n-ahead", NULL, NULL, 0, FELT_MAX_LEFT_GAMES, 0, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
felt_left_games_init (FeltLeftGames *self)
{
  g_queue_init (&self->games[FELT_LEFT_BEHIND]);
  g_queue_init (&self->games[FELT_LEFT_AHEAD]);
}

FeltLeftGames *
felt_left_games_new (FeltRecord *record)
{
  FeltLeftGames *self;

  g_return_val_if_fail (FELT_IS_RECORD (record), NULL);
  self = g_object_new (FELT_TYPE_LEFT_GAMES, NULL);
  self->record = g_object_ref (record);
  return self;
}
