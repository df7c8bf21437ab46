/* felt-play.c: the game in play and everything about it (no widgets):
 * the session, the clock, the files, statistics, automatic moves and
 * the end of the game.  The solver's part is in felt-play-solver.c.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "felt-play-private.h"

#include <gio/gio.h>
#include <glib/gi18n.h>
#include <string.h>

#include "felt-saved-game.h"

G_DEFINE_FINAL_TYPE (FeltPlay, felt_play, G_TYPE_OBJECT)

static GParamSpec *properties[N_PROPS];

enum {
  SIGNAL_MOVE_PLAYED,
  SIGNAL_GAME_ENDED,
  SIGNAL_CONFIRM_ABANDON,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

GType
felt_solve_verdict_get_type (void)
{
  static gsize type;

  if (g_once_init_enter (&type))
    {
      static const GEnumValue values[] = {
        { FELT_SOLVE_UNKNOWN, "FELT_SOLVE_UNKNOWN", "unknown" },
        { FELT_SOLVE_WINNABLE, "FELT_SOLVE_WINNABLE", "winnable" },
        { FELT_SOLVE_LOST, "FELT_SOLVE_LOST", "lost" },
        { 0, NULL, NULL },
      };
      g_once_init_leave (&type, g_enum_register_static ("FeltSolveVerdict", values));
    }
  return type;
}

/* ---- properties that change ------------------------------------------------------ */

void
felt_play_notify (FeltPlay *self, FeltPlayProperty prop)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

void
felt_play_set_bool (FeltPlay *self, gboolean *field, gboolean value, FeltPlayProperty prop)
{
  value = !!value;
  if (*field == value)
    return;
  *field = value;
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

void
felt_play_set_uint (FeltPlay *self, guint *field, guint value, FeltPlayProperty prop)
{
  if (*field == value)
    return;
  *field = value;
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

void
felt_play_set_text (FeltPlay *self, char **field, const char *value, FeltPlayProperty prop)
{
  if (g_strcmp0 (*field, value) == 0)
    return;
  g_free (*field);
  *field = g_strdup (value);
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

void
felt_play_set_message (FeltPlay *self, const char *text)
{
  felt_play_set_text (self, &self->message, text, PROP_MESSAGE);
}

/* ---- the clock -------------------------------------------------------------------- */

gint64
felt_play_elapsed_usec (FeltPlay *self)
{
  gint64 t = self->clock_elapsed;

  if (self->clock_started)
    t += g_get_monotonic_time () - self->clock_started;
  return t;
}

static void
show_time (FeltPlay *self)
{
  gint64 s = felt_play_elapsed_usec (self) / G_USEC_PER_SEC;
  g_autofree char *text = NULL;

  if (s >= 3600)
    text = g_strdup_printf ("%" G_GINT64_FORMAT ":%02d:%02d", s / 3600, (int) (s / 60 % 60), (int) (s % 60));
  else
    text = g_strdup_printf ("%d:%02d", (int) (s / 60), (int) (s % 60));
  felt_play_set_uint (self, &self->elapsed, (guint) MIN (s, G_MAXUINT), PROP_ELAPSED);
  felt_play_set_text (self, &self->elapsed_text, text, PROP_ELAPSED_TEXT);
}

static gboolean
clock_tick (gpointer data)
{
  show_time (FELT_PLAY (data));
  return G_SOURCE_CONTINUE;
}

static void
clock_run (FeltPlay *self, gboolean run)
{
  if (run && self->clock_started == 0)
    {
      self->clock_started = g_get_monotonic_time ();
      self->clock_id = g_timeout_add_seconds (1, clock_tick, self);
    }
  else if (!run && self->clock_started != 0)
    {
      self->clock_elapsed += g_get_monotonic_time () - self->clock_started;
      self->clock_started = 0;
      g_clear_handle_id (&self->clock_id, g_source_remove);
    }
  show_time (self);
}

static void
clock_reset (FeltPlay *self)
{
  clock_run (self, FALSE);
  self->clock_elapsed = 0;
  show_time (self);
}

/* ---- the position --------------------------------------------------------------------- */

static void
update_texts (FeltPlay *self)
{
  const FeltState *st = felt_session_get_state (self->session);
  const FeltGame *game = felt_session_get_game (self->session);
  g_autoptr (GString) status = g_string_new (NULL);
  g_autofree char *score = NULL;
  FeltStatus figures;

  felt_state_status (st, &figures);
  if (figures.stock >= 0)
    g_string_append_printf (status, ngettext ("Stock: %d card", "Stock: %d cards", figures.stock), figures.stock);
  if (figures.reserve >= 0)
    {
      if (status->len)
        g_string_append (status, "   ");
      g_string_append_printf (status, ngettext ("Reserve: %d card", "Reserve: %d cards", figures.reserve),
                              figures.reserve);
    }
  if (figures.redeals_left >= 0)
    {
      if (status->len)
        g_string_append (status, "   ");
      g_string_append_printf (status, ngettext ("%d redeal left", "%d redeals left", figures.redeals_left),
                              figures.redeals_left);
    }
  if (figures.not_on_foundations >= 0)
    {
      if (status->len)
        g_string_append (status, "   ");
      g_string_append_printf (status, ngettext ("%d card left", "%d cards left", figures.not_on_foundations),
                              figures.not_on_foundations);
    }
  felt_play_set_text (self, &self->status_text, status->str, PROP_STATUS_TEXT);

  score = g_strdup_printf (_("Score: %u of %u"), felt_state_score (st), felt_game_max_score (game));
  felt_play_set_uint (self, &self->score, felt_state_score (st), PROP_SCORE);
  felt_play_set_text (self, &self->score_text, score, PROP_SCORE_TEXT);
  felt_play_set_bool (self, &self->can_undo, felt_session_can_undo (self->session) || felt_play_get_undo_returns (self),
                      PROP_CAN_UNDO);
  felt_play_set_bool (self, &self->can_redo,
                      felt_session_can_redo (self->session) || !g_queue_is_empty (&self->next_games), PROP_CAN_REDO);
  felt_play_set_uint (self, &self->n_moves, felt_session_get_n_moves (self->session), PROP_N_MOVES);
  felt_play_set_bool (self, &self->won, felt_state_is_won (st), PROP_WON);
  felt_play_set_bool (self, &self->over, felt_state_is_over (st), PROP_OVER);
}

static void schedule_auto_move (FeltPlay *self);
static void left_game_free (gpointer data);
static void return_to_game (FeltPlay *self, GQueue *from, GQueue *to);

/* After every change of the position: the texts, the clock, the file,
 * the statistics, the solver and the end of the game. */
static void
position_changed (FeltPlay *self)
{
  gboolean won, over, ended = FALSE;

  g_object_freeze_notify (G_OBJECT (self));
  update_texts (self);
  won = self->won;
  over = self->over;
  if (won || over)
    {
      clock_run (self, FALSE);
      felt_play_count_result (self, won);
    }
  else if (self->n_moves > 0)
    clock_run (self, TRUE);
  felt_play_save_game_soon (self);
  schedule_auto_move (self);
  felt_play_analyse (self);

  felt_play_set_message (self, won ? (self->demo_played ? _("The demo won this game") : _("You won!"))
                     : over ? _("No move is left")
                     : self->demo_id ? _("Demo: any key or click stops it") : "");

  if ((won || over) && !self->game_ended)
    ended = self->game_ended = TRUE;
  else if (!won && !over)
    self->game_ended = FALSE;
  g_object_thaw_notify (G_OBJECT (self));
  if (ended)
    g_signal_emit (self, signals[SIGNAL_GAME_ENDED], 0, won);
}

/* The board slides the cards from `before`; then everything follows. */
static void
moved (FeltPlay *self, const FeltState *before, gboolean animate, FeltPlayChange change)
{
  self->change = change;
  g_signal_emit (self, signals[SIGNAL_MOVE_PLAYED], 0, before, animate);
  position_changed (self);
}

gboolean
felt_play_move (FeltPlay *self, const FeltMove *move, gboolean animate)
{
  FeltState before;

  g_return_val_if_fail (FELT_IS_PLAY (self), FALSE);
  if (self->session == NULL)
    return FALSE;
  before = *felt_session_get_state (self->session);
  if (felt_session_play_full (self->session, move, self->auto_moving) != FELT_LEGAL)
    return FALSE;
  if (self->demo_id)
    self->demo_played = TRUE;
  /* A move drops what Redo would do, the newer deals too. */
  g_queue_clear_full (&self->next_games, left_game_free);
  moved (self, &before, animate,
         self->auto_moving ? FELT_PLAY_CHANGE_AUTO : self->demo_id ? FELT_PLAY_CHANGE_DEMO : FELT_PLAY_CHANGE_MOVE);
  return TRUE;
}

typedef gboolean (*SessionStep) (FeltSession *session);

/* Takes `count` steps as one change: the cards slide once. */
static gboolean
take_steps (FeltPlay *self, SessionStep step, guint count, FeltPlayChange change)
{
  FeltState before;
  guint done = 0;

  if (self->session == NULL)
    return FALSE;
  before = *felt_session_get_state (self->session);
  while (done < count && step (self->session))
    done++;
  if (done == 0)
    return FALSE;
  /* An automatic move right after undo would take the undo back. */
  self->no_auto = TRUE;
  moved (self, &before, TRUE, change);
  self->no_auto = FALSE;
  return TRUE;
}

gboolean
felt_play_undo_many (FeltPlay *self, guint count)
{
  g_return_val_if_fail (FELT_IS_PLAY (self), FALSE);
  g_clear_handle_id (&self->auto_id, g_source_remove);
  return take_steps (self, felt_session_undo, count, FELT_PLAY_CHANGE_UNDO);
}

gboolean
felt_play_undo (FeltPlay *self)
{
  g_return_val_if_fail (FELT_IS_PLAY (self), FALSE);
  if (felt_play_get_undo_returns (self))
    {
      g_clear_handle_id (&self->auto_id, g_source_remove);
      return_to_game (self, &self->left_games, &self->next_games);
      return TRUE;
    }
  /* The player's move goes back with the cards that went home after it. */
  return felt_play_undo_many (self, self->session ? felt_session_get_turn_undo (self->session) : 1);
}

gboolean
felt_play_redo (FeltPlay *self)
{
  g_return_val_if_fail (FELT_IS_PLAY (self), FALSE);
  /* From where Undo came back to this deal, Redo goes to the newer one. */
  if (self->session && !g_queue_is_empty (&self->next_games) &&
      felt_session_get_n_moves (self->session) == self->next_at)
    {
      g_clear_handle_id (&self->auto_id, g_source_remove);
      return_to_game (self, &self->next_games, &self->left_games);
      return TRUE;
    }
  return take_steps (self, felt_session_redo, self->session ? felt_session_get_turn_redo (self->session) : 1,
                     FELT_PLAY_CHANGE_REDO);
}

gboolean
felt_play_get_undo_returns (FeltPlay *self)
{
  g_return_val_if_fail (FELT_IS_PLAY (self), FALSE);
  return self->session && !felt_session_can_undo (self->session) && !g_queue_is_empty (&self->left_games);
}

gboolean
felt_play_undo_to_winnable (FeltPlay *self)
{
  g_return_val_if_fail (FELT_IS_PLAY (self), FALSE);
  return self->moves_back > 0 && felt_play_undo_many (self, self->moves_back);
}

/* ---- automatic moves ---------------------------------------------------------------- */

static gboolean
auto_move (gpointer data)
{
  FeltPlay *self = FELT_PLAY (data);
  FeltMove move;

  self->auto_id = 0;
  if (felt_state_safe_move (felt_session_get_state (self->session), &move))
    {
      self->auto_moving = TRUE;
      felt_play_move (self, &move, TRUE);
      self->auto_moving = FALSE;
    }
  return G_SOURCE_REMOVE;
}

/* After the player's move, let safe cards go home one by one. */
static void
schedule_auto_move (FeltPlay *self)
{
  FeltMove move;

  if (self->auto_id || self->no_auto || !self->auto_foundations || self->session == NULL ||
      !felt_state_safe_move (felt_session_get_state (self->session), &move))
    return;
  self->auto_id = g_timeout_add (self->animate ? 220 : 0, auto_move, self);
}

FeltPlayChange
felt_play_get_change (FeltPlay *self)
{
  g_return_val_if_fail (FELT_IS_PLAY (self), FELT_PLAY_CHANGE_MOVE);
  return self->change;
}

gboolean
felt_play_get_auto_pending (FeltPlay *self)
{
  g_return_val_if_fail (FELT_IS_PLAY (self), FALSE);
  return self->auto_id != 0;
}

/* ---- games --------------------------------------------------------------------------- */

/* Undo brings back the last few deals left behind, not all: each holds
 * its whole history. */
#define MAX_LEFT_GAMES 10

/* A game left behind, as it was. */
typedef struct {
  FeltSession *session;
  gint64 elapsed_ms;
  gboolean counted;           /* its result is in the statistics */
  gboolean demo_played;
  gboolean loss_counted;      /* leaving it counted a loss: coming back takes it back */
  guint streak;               /* the streak that loss ended */
  guint played;               /* its game's played count right after the loss */
} LeftGame;

static void
left_game_free (gpointer data)
{
  LeftGame *left = data;

  felt_session_free (left->session);
  g_free (left);
}

/* The game in play goes, as it is, to the head of `queue` (the session
 * with it); leaving a deal in progress counts as a loss. */
static void
leave_game (FeltPlay *self, GQueue *queue)
{
  FeltGameId id = felt_state_get_game_id (felt_session_get_state (self->session));
  FeltGameStats before = felt_play_get_stats (self)->games[id];
  LeftGame *left = g_new0 (LeftGame, 1);

  if (felt_play_in_progress (self))
    felt_play_count_result (self, FALSE);
  left->played = felt_play_get_stats (self)->games[id].played;
  left->loss_counted = left->played != before.played;
  left->streak = before.streak;
  left->session = g_steal_pointer (&self->session);
  left->elapsed_ms = felt_play_elapsed_usec (self) / 1000;
  left->counted = self->counted;
  left->demo_played = self->demo_played;
  g_queue_push_head (queue, left);
  while (g_queue_get_length (queue) > MAX_LEFT_GAMES)
    left_game_free (g_queue_pop_tail (queue));
}

/* The session in play becomes `session` (taken), with `elapsed_ms` on
 * the clock, `counted` or not, played by the demo or not; the one in
 * play goes to the head of `keep` (NULL: it goes). */
static void
take_session (FeltPlay *self, FeltSession *session, gint64 elapsed_ms, gboolean counted, gboolean demo_played,
              GQueue *keep)
{
  const FeltGame *old = self->session ? felt_session_get_game (self->session) : NULL;
  guint32 old_seed = self->session ? felt_session_get_seed (self->session) : 0;

  g_object_freeze_notify (G_OBJECT (self));
  felt_play_stop_demo (self);
  if (keep && self->session)
    leave_game (self, keep);
  clock_reset (self);
  self->clock_elapsed = elapsed_ms * 1000;
  self->counted = self->game_ended = counted;
  self->demo_played = demo_played;
  self->was_winnable = FALSE;
  g_clear_pointer (&self->session, felt_session_free);
  self->session = session;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SESSION]);
  if (old != felt_session_get_game (session))
    {
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME_NAME]);
    }
  if (old == NULL || old_seed != felt_session_get_seed (session))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SEED]);
  g_object_thaw_notify (G_OBJECT (self));
  position_changed (self);
}

void
felt_play_start (FeltPlay *self, const FeltGame *game, guint32 seed)
{
  g_return_if_fail (FELT_IS_PLAY (self));
  g_return_if_fail (game != NULL);

  /* The deal left waits for Undo; a newer one Undo left is dropped. */
  g_queue_clear_full (&self->next_games, left_game_free);
  take_session (self, felt_session_new (game, seed), 0, FALSE, FALSE, &self->left_games);
}

/* Undo or Redo across deals: the game at the head of `from` comes back
 * as it was left (its loss taken back), the one in play goes to `to`. */
static void
return_to_game (FeltPlay *self, GQueue *from, GQueue *to)
{
  LeftGame *left = g_queue_pop_head (from);
  FeltGameId id = felt_state_get_game_id (felt_session_get_state (left->session));
  guint played = felt_play_get_stats (self)->games[id].played;

  /* Back at its position: no automatic move changes it. */
  self->no_auto = TRUE;
  if (left->loss_counted)
    {
      /* The streak comes back only if no other game ended since. */
      felt_stats_file_unrecord_loss (self->stats_file, id, played == left->played ? left->streak : 0);
      felt_play_update_problem (self);
    }
  take_session (self, g_steal_pointer (&left->session), left->elapsed_ms,
                left->counted && !left->loss_counted, left->demo_played, to);
  self->no_auto = FALSE;
  self->next_at = felt_session_get_n_moves (self->session);
  left_game_free (left);
}

gboolean
felt_play_resume (FeltPlay *self)
{
  g_autofree char *told = NULL;
  FeltSession *session;
  const FeltState *st;
  gint64 elapsed_ms = 0;

  g_return_val_if_fail (FELT_IS_PLAY (self), FALSE);
  session = felt_game_file_load (self->game_file, &elapsed_ms, &told);
  felt_play_tell (self, g_steal_pointer (&told));
  felt_play_update_problem (self);
  if (session == NULL)
    return FALSE;
  /* A game that had already ended was counted when it ended. */
  st = felt_session_get_state (session);
  g_queue_clear_full (&self->left_games, left_game_free);
  g_queue_clear_full (&self->next_games, left_game_free);
  /* A game the demo played in still counts nowhere once resumed. */
  take_session (self, session, elapsed_ms, felt_state_is_won (st) || felt_state_is_over (st),
                felt_game_file_get_demo_played (self->game_file), NULL);
  return TRUE;
}

void
felt_play_request_start (FeltPlay *self, const FeltGame *game, guint32 seed)
{
  g_return_if_fail (FELT_IS_PLAY (self));

  if (!felt_play_in_progress (self))
    {
      felt_play_start (self, game, seed);
      return;
    }
  self->pending_game = game;
  self->pending_seed = seed;
  g_signal_emit (self, signals[SIGNAL_CONFIRM_ABANDON], 0);
}

void
felt_play_give_up (FeltPlay *self)
{
  const FeltGame *game;

  g_return_if_fail (FELT_IS_PLAY (self));
  game = g_steal_pointer (&self->pending_game);
  if (game)
    felt_play_start (self, game, self->pending_seed);
}

void
felt_play_restart (FeltPlay *self)
{
  g_return_if_fail (FELT_IS_PLAY (self));
  if (self->session)
    felt_play_request_start (self, felt_session_get_game (self->session), felt_session_get_seed (self->session));
}

/* ---- getters and setters -------------------------------------------------------------- */

gboolean
felt_play_get_demo_played (FeltPlay *self)
{
  g_return_val_if_fail (FELT_IS_PLAY (self), FALSE);
  return self->demo_played;
}

FeltSession *
felt_play_get_session (FeltPlay *self)
{
  g_return_val_if_fail (FELT_IS_PLAY (self), NULL);
  return self->session;
}

const FeltGame *
felt_play_get_game (FeltPlay *self)
{
  g_return_val_if_fail (FELT_IS_PLAY (self), NULL);
  return self->session ? felt_session_get_game (self->session) : NULL;
}

guint32
felt_play_get_seed (FeltPlay *self)
{
  g_return_val_if_fail (FELT_IS_PLAY (self), 0);
  return self->session ? felt_session_get_seed (self->session) : 0;
}

gboolean
felt_play_get_can_undo (FeltPlay *self)
{
  g_return_val_if_fail (FELT_IS_PLAY (self), FALSE);
  return self->can_undo;
}

gboolean
felt_play_get_can_redo (FeltPlay *self)
{
  g_return_val_if_fail (FELT_IS_PLAY (self), FALSE);
  return self->can_redo;
}

guint
felt_play_get_score (FeltPlay *self)
{
  g_return_val_if_fail (FELT_IS_PLAY (self), 0);
  return self->score;
}

const char *
felt_play_get_status_text (FeltPlay *self)
{
  g_return_val_if_fail (FELT_IS_PLAY (self), NULL);
  return self->status_text;
}

const char *
felt_play_get_score_text (FeltPlay *self)
{
  g_return_val_if_fail (FELT_IS_PLAY (self), NULL);
  return self->score_text;
}

const char *
felt_play_get_solver_status (FeltPlay *self)
{
  g_return_val_if_fail (FELT_IS_PLAY (self), NULL);
  return self->solver_status;
}

FeltSolveVerdict
felt_play_get_solver_verdict (FeltPlay *self)
{
  g_return_val_if_fail (FELT_IS_PLAY (self), FELT_SOLVE_UNKNOWN);
  return self->verdict;
}

guint
felt_play_get_moves_back (FeltPlay *self)
{
  g_return_val_if_fail (FELT_IS_PLAY (self), 0);
  return self->moves_back;
}

guint
felt_play_get_elapsed (FeltPlay *self)
{
  g_return_val_if_fail (FELT_IS_PLAY (self), 0);
  return self->elapsed;
}

const char *
felt_play_get_elapsed_text (FeltPlay *self)
{
  g_return_val_if_fail (FELT_IS_PLAY (self), NULL);
  return self->elapsed_text;
}

const char *
felt_play_get_message (FeltPlay *self)
{
  g_return_val_if_fail (FELT_IS_PLAY (self), NULL);
  return self->message;
}

gboolean
felt_play_get_won (FeltPlay *self)
{
  g_return_val_if_fail (FELT_IS_PLAY (self), FALSE);
  return self->won;
}

gboolean
felt_play_get_over (FeltPlay *self)
{
  g_return_val_if_fail (FELT_IS_PLAY (self), FALSE);
  return self->over;
}

const char *
felt_play_get_notice (FeltPlay *self)
{
  g_return_val_if_fail (FELT_IS_PLAY (self), NULL);
  return self->notice;
}

void
felt_play_set_on_screen (FeltPlay *self, gboolean on_screen)
{
  g_return_if_fail (FELT_IS_PLAY (self));

  on_screen = !!on_screen;
  if (self->on_screen == on_screen)
    return;
  self->on_screen = on_screen;
  if (on_screen && self->save_pending)
    felt_play_save_game (self);
  if (self->session)
    felt_play_analyse (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ON_SCREEN]);
}

/* A preference that changes what is shown or done now. */
static void
set_preference (FeltPlay *self, guint prop, gboolean value)
{
  gboolean *field = prop == PROP_AUTO_FOUNDATIONS ? &self->auto_foundations
                  : prop == PROP_SHOW_WINNABLE ? &self->show_winnable
                  : prop == PROP_WINNABLE_DEALS_ONLY ? &self->winnable_deals_only
                  : &self->animate;

  value = !!value;
  /* The switch before new-deal: on is "winnable" unless a difficulty is asked. */
  if (prop == PROP_WINNABLE_DEALS_ONLY)
    {
      if (value != *field)
        felt_play_set_new_deal (self, value ? "winnable" : "any");
      return;
    }
  if (*field == value)
    return;
  *field = value;
  if (prop == PROP_AUTO_FOUNDATIONS && self->session)
    schedule_auto_move (self);
  else if (prop == PROP_SHOW_WINNABLE)
    felt_play_solver_allowed_changed (self);   /* off: the solver stops too */
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

/* ---- the object ------------------------------------------------------------------------ */

static void
felt_play_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  FeltPlay *self = FELT_PLAY (object);
  const FeltGame *game = felt_play_get_game (self);

  switch (prop_id)
    {
    case PROP_SESSION: g_value_set_pointer (value, self->session); break;
    case PROP_GAME: g_value_set_string (value, game ? game->id : NULL); break;
    case PROP_GAME_NAME: g_value_set_string (value, game ? _(game->name) : NULL); break;
    case PROP_SEED: g_value_set_uint (value, felt_play_get_seed (self)); break;
    case PROP_CAN_UNDO: g_value_set_boolean (value, self->can_undo); break;
    case PROP_CAN_REDO: g_value_set_boolean (value, self->can_redo); break;
    case PROP_N_MOVES: g_value_set_uint (value, self->n_moves); break;
    case PROP_SCORE: g_value_set_uint (value, self->score); break;
    case PROP_SCORE_TEXT: g_value_set_string (value, self->score_text); break;
    case PROP_STATUS_TEXT: g_value_set_string (value, self->status_text); break;
    case PROP_SOLVER_STATUS: g_value_set_string (value, self->solver_status); break;
    case PROP_SOLVER_VERDICT: g_value_set_enum (value, self->verdict); break;
    case PROP_MOVES_BACK: g_value_set_uint (value, self->moves_back); break;
    case PROP_CAN_UNDO_TO_WINNABLE: g_value_set_boolean (value, self->moves_back > 0); break;
    case PROP_ELAPSED: g_value_set_uint (value, self->elapsed); break;
    case PROP_ELAPSED_TEXT: g_value_set_string (value, self->elapsed_text); break;
    case PROP_MESSAGE: g_value_set_string (value, self->message); break;
    case PROP_WON: g_value_set_boolean (value, self->won); break;
    case PROP_OVER: g_value_set_boolean (value, self->over); break;
    case PROP_DEMO_RUNNING: g_value_set_boolean (value, self->demo_id != 0); break;
    case PROP_SEARCHING: g_value_set_boolean (value, self->deal_search != NULL); break;
    case PROP_NOTICE: g_value_set_string (value, self->notice); break;
    case PROP_AUTO_FOUNDATIONS: g_value_set_boolean (value, self->auto_foundations); break;
    case PROP_SHOW_WINNABLE: g_value_set_boolean (value, self->show_winnable); break;
    case PROP_WINNABLE_DEALS_ONLY: g_value_set_boolean (value, self->winnable_deals_only); break;
    case PROP_ANIMATE: g_value_set_boolean (value, self->animate); break;
    case PROP_ON_SCREEN: g_value_set_boolean (value, self->on_screen); break;
    case PROP_ACTIVE: g_value_set_boolean (value, self->active); break;
    case PROP_THINKING: g_value_set_boolean (value, self->thinking); break;
    case PROP_DIFFICULTY: g_value_set_string (value, felt_difficulty_id (felt_play_get_difficulty (self))); break;
    case PROP_NEW_DEAL: g_value_set_string (value, self->new_deal); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
felt_play_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  FeltPlay *self = FELT_PLAY (object);

  switch (prop_id)
    {
    case PROP_NOTICE: felt_play_set_notice (self, g_value_get_string (value)); break;
    case PROP_ON_SCREEN: felt_play_set_on_screen (self, g_value_get_boolean (value)); break;
    case PROP_ACTIVE: felt_play_set_active (self, g_value_get_boolean (value)); break;
    case PROP_NEW_DEAL: felt_play_set_new_deal (self, g_value_get_string (value)); break;
    case PROP_AUTO_FOUNDATIONS:
    case PROP_SHOW_WINNABLE:
    case PROP_WINNABLE_DEALS_ONLY:
    case PROP_ANIMATE:
      set_preference (self, prop_id, g_value_get_boolean (value));
      break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
felt_play_dispose (GObject *object)
{
  FeltPlay *self = FELT_PLAY (object);

  /* The clock stops here: save the time played with the game (or a
   * change not saved yet, or one waiting for another process's lock). */
  if (self->session && (self->clock_started || self->save_pending || self->retry_id))
    {
      clock_run (self, FALSE);
      felt_play_save_files (self, TRUE);
    }
  if (self->clock_started)
    {
      self->clock_elapsed += g_get_monotonic_time () - self->clock_started;
      self->clock_started = 0;
    }
  g_clear_handle_id (&self->clock_id, g_source_remove);
  g_clear_handle_id (&self->auto_id, g_source_remove);
  g_clear_handle_id (&self->retry_id, g_source_remove);
  felt_play_solver_dispose (self);
  G_OBJECT_CLASS (felt_play_parent_class)->dispose (object);
}

static void
felt_play_finalize (GObject *object)
{
  FeltPlay *self = FELT_PLAY (object);

  g_clear_pointer (&self->session, felt_session_free);
  g_clear_pointer (&self->game_file, felt_game_file_free);
  g_clear_pointer (&self->stats_file, felt_stats_file_free);
  g_free (self->told);
  g_free (self->problem);
  g_queue_clear_full (&self->left_games, left_game_free);
  g_queue_clear_full (&self->next_games, left_game_free);
  g_free (self->status_text);
  g_free (self->score_text);
  g_free (self->solver_status);
  g_free (self->elapsed_text);
  g_free (self->message);
  g_free (self->notice);
  G_OBJECT_CLASS (felt_play_parent_class)->finalize (object);
}

static GParamSpec *
text_property (const char *name)
{
  return g_param_spec_string (name, NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
}

static GParamSpec *
bool_property (const char *name, gboolean value, gboolean writable)
{
  return g_param_spec_boolean (name, NULL, NULL, value,
                               (writable ? G_PARAM_READWRITE : G_PARAM_READABLE) |
                               G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
}

static GParamSpec *
uint_property (const char *name)
{
  return g_param_spec_uint (name, NULL, NULL, 0, G_MAXUINT, 0,
                            G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
}

static void
felt_play_class_init (FeltPlayClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = felt_play_get_property;
  object_class->set_property = felt_play_set_property;
  object_class->dispose = felt_play_dispose;
  object_class->finalize = felt_play_finalize;

  /* The FeltSession in play (borrowed), replaced by a start or a resume. */
  properties[PROP_SESSION] = g_param_spec_pointer ("session", NULL, NULL,
                                                   G_PARAM_READABLE | G_PARAM_STATIC_STRINGS |
                                                   G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_GAME] = text_property ("game");                 /* the game's id: "cruel" */
  properties[PROP_GAME_NAME] = text_property ("game-name");       /* translated: "Cruel" */
  properties[PROP_SEED] = uint_property ("seed");                 /* the deal number */
  properties[PROP_CAN_UNDO] = bool_property ("can-undo", FALSE, FALSE);
  properties[PROP_CAN_REDO] = bool_property ("can-redo", FALSE, FALSE);
  properties[PROP_N_MOVES] = uint_property ("n-moves");
  properties[PROP_SCORE] = uint_property ("score");
  properties[PROP_SCORE_TEXT] = text_property ("score-text");     /* "Score: 3 of 52" */
  properties[PROP_STATUS_TEXT] = text_property ("status-text");   /* "Stock: 20 cards   1 redeal left" */
  properties[PROP_SOLVER_STATUS] = text_property ("solver-status");  /* "Winnable", or empty */
  properties[PROP_SOLVER_VERDICT] = g_param_spec_enum ("solver-verdict", NULL, NULL, FELT_TYPE_SOLVE_VERDICT,
                                                       FELT_SOLVE_UNKNOWN,
                                                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS |
                                                       G_PARAM_EXPLICIT_NOTIFY);
  /* Moves to take back to the latest position proven winnable; 0: none. */
  properties[PROP_MOVES_BACK] = uint_property ("moves-back");
  properties[PROP_CAN_UNDO_TO_WINNABLE] = bool_property ("can-undo-to-winnable", FALSE, FALSE);
  properties[PROP_ELAPSED] = uint_property ("elapsed");           /* seconds on the clock */
  properties[PROP_ELAPSED_TEXT] = text_property ("elapsed-text"); /* "1:05" */
  properties[PROP_MESSAGE] = text_property ("message");           /* hints, the demo, the end */
  properties[PROP_WON] = bool_property ("won", FALSE, FALSE);
  properties[PROP_OVER] = bool_property ("over", FALSE, FALSE);
  properties[PROP_DEMO_RUNNING] = bool_property ("demo-running", FALSE, FALSE);
  properties[PROP_SEARCHING] = bool_property ("searching", FALSE, FALSE);  /* for a winnable deal */
  /* What the notice bar says, or NULL: a sentence said once (a damaged
   * file kept aside...) and what stays wrong with the files (one Felt
   * cannot read, a save that fails...) until it is right again. */
  properties[PROP_NOTICE] = g_param_spec_string ("notice", NULL, NULL, NULL,
                                                 G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
                                                 G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_AUTO_FOUNDATIONS] = bool_property ("auto-foundations", FALSE, TRUE);
  properties[PROP_SHOW_WINNABLE] = bool_property ("show-winnable", TRUE, TRUE);
  properties[PROP_WINNABLE_DEALS_ONLY] = bool_property ("winnable-deals-only", FALSE, TRUE);
  /* The cards slide: automatic moves wait for the slide before. */
  properties[PROP_ANIMATE] = bool_property ("animate", TRUE, TRUE);
  properties[PROP_ON_SCREEN] = bool_property ("on-screen", TRUE, TRUE);
  /* The window is shown, not minimised: the solver searches only then. */
  properties[PROP_ACTIVE] = bool_property ("active", TRUE, TRUE);
  /* The solver has searched this position for a while ("Thinking…"). */
  properties[PROP_THINKING] = bool_property ("thinking", FALSE, FALSE);
  /* The deal's difficulty: felt_difficulty_id, "unknown" until rated. */
  properties[PROP_DIFFICULTY] = text_property ("difficulty");
  /* What New Game deals: "any", "winnable", "easy", "medium" or "hard". */
  properties[PROP_NEW_DEAL] = g_param_spec_string ("new-deal", NULL, NULL, "any",
                                                   G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
                                                   G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* The position changed by a move, undo or redo, from `before` (a
   * const FeltState *): the board slides the cards when `animate`, and
   * says the change by its kind (felt_play_get_change).  Emitted before
   * the properties follow the change. */
  signals[SIGNAL_MOVE_PLAYED] = g_signal_new ("move-played", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                              0, NULL, NULL, NULL, G_TYPE_NONE, 2,
                                              G_TYPE_POINTER, G_TYPE_BOOLEAN);
  /* The game was just won (TRUE) or is over: once per ending. */
  signals[SIGNAL_GAME_ENDED] = g_signal_new ("game-ended", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                             0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_BOOLEAN);
  /* A new deal waits for the player to give up the one in progress. */
  signals[SIGNAL_CONFIRM_ABANDON] = g_signal_new ("confirm-abandon", G_TYPE_FROM_CLASS (klass),
                                                  G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
felt_play_init (FeltPlay *self)
{
  self->verdict = FELT_SOLVE_UNKNOWN;
  self->show_winnable = TRUE;
  self->animate = TRUE;
  self->on_screen = TRUE;
  self->status_text = g_strdup ("");
  self->score_text = g_strdup ("");
  self->solver_status = g_strdup ("");
  self->message = g_strdup ("");
  self->elapsed_text = g_strdup ("0:00");
  felt_play_solver_init (self);
  felt_play_load_files (self);
}

FeltPlay *
felt_play_new (void)
{
  return g_object_new (FELT_TYPE_PLAY, NULL);
}
