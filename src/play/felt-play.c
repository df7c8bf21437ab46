/* felt-play.c: the game in play: the session, its moves, undo and redo
 * across deals, automatic moves and the end of the game.  It owns the
 * parts that follow the game (each a file pair of its own, none of which
 * knows FeltPlay): the clock (felt-clock.c), the record on disk
 * (felt-record.c), the solver's view of the deal (felt-solver-view.c),
 * the demo (felt-demo.c) and the search for a new deal
 * (felt-deal-finder.c); its properties forward theirs.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "felt-play.h"

#include <glib/gi18n.h>

#include "felt-animation.h"
#include "felt-clock.h"
#include "felt-deal-finder.h"
#include "felt-demo.h"
#include "felt-phrases.h"
#include "felt-record.h"
#include "felt-solution.h"
#include "felt-solver-view.h"

/* What the properties of the position show (update_texts). */
typedef struct
{
  gboolean can_undo, can_redo, won, over;
  guint n_moves, score;
  char *status_text, *score_text;
} Figures;

struct _FeltPlay
{
  GObject parent_instance;

  /* the game in play (owned) */
  FeltSession *session;
  Figures figures;
  char *message;
  FeltPlayChange change;      /* the kind of the last change ("move-played") */

  /* the parts, each with its own properties */
  FeltClock *clock;           /* runs from the first move until the game ends */
  FeltRecord *record;         /* the saved game and the statistics */
  FeltSolverView *view;       /* the verdict, the difficulty, hints */
  FeltDemo *demo;
  FeltDealFinder *finder;     /* what New Game deals */
  FeltSolution *solution;     /* the Solution mode */

  /* the player's preferences (bound to the settings by the window) */
  gboolean auto_foundations;
  FeltAnimationSpeed animation_speed;

  /* this deal */
  gboolean counted;           /* its result is in the statistics */
  gboolean game_ended;        /* "game-ended" was emitted for this position */
  gboolean demo_played;       /* the demo made a move in it */
  gboolean solution_shown;    /* a step of the solution was shown in it */
  gboolean solution_wanted;   /* Show Solution waits for the solver */

  /* automatic moves to the foundations */
  struct {
    guint id;
    gboolean held;            /* the change came from undo or redo */
    gboolean moving;          /* the move under way is an automatic one */
  } autos;

  /* Games left behind by New Game, Select Deal or Restart (LeftGame,
   * the latest first, at most MAX_LEFT_GAMES): Undo at a deal's first
   * position goes back to them.  The games Undo left that way wait in
   * `next` for Redo, from the position it came back to (next_at). */
  struct {
    GQueue left, next;
    guint next_at;
  } games;

  /* a new deal waiting for the player to confirm abandoning this one */
  struct {
    const FeltGame *game;
    guint32 seed;
  } pending;

  /* the window is shown (not minimised): the solver may search */
  gboolean active;
  /* work the first frame does not need waits until it is drawn */
  gboolean on_screen;
  gboolean save_pending;
};

G_DEFINE_FINAL_TYPE (FeltPlay, felt_play, G_TYPE_OBJECT)

typedef enum {
  PROP_0,
  PROP_SESSION,
  PROP_GAME,
  PROP_GAME_NAME,
  PROP_SEED,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_N_MOVES,
  PROP_SCORE,
  PROP_SCORE_TEXT,
  PROP_STATUS_TEXT,
  PROP_SOLVER_STATUS,
  PROP_SOLVER_VERDICT,
  PROP_MOVES_BACK,
  PROP_CAN_UNDO_TO_WINNABLE,
  PROP_ELAPSED,
  PROP_ELAPSED_TEXT,
  PROP_MESSAGE,
  PROP_WON,
  PROP_OVER,
  PROP_DEMO_RUNNING,
  PROP_SEARCHING,
  PROP_NOTICE,
  PROP_AUTO_FOUNDATIONS,
  PROP_SHOW_WINNABLE,
  PROP_WINNABLE_DEALS_ONLY,
  PROP_ANIMATION_SPEED,
  PROP_ON_SCREEN,
  PROP_ACTIVE,
  PROP_THINKING,
  PROP_DIFFICULTY,
  PROP_NEW_DEAL,
  PROP_CAN_REPLAY,
  N_PROPS
} FeltPlayProperty;

static GParamSpec *properties[N_PROPS];

enum {
  SIGNAL_MOVE_PLAYED,
  SIGNAL_GAME_ENDED,
  SIGNAL_CONFIRM_ABANDON,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* ---- properties that change ------------------------------------------------------ */

static void
set_bool (FeltPlay *self, gboolean *field, gboolean value, FeltPlayProperty prop)
{
  value = !!value;
  if (*field == value)
    return;
  *field = value;
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

static void
set_uint (FeltPlay *self, guint *field, guint value, FeltPlayProperty prop)
{
  if (*field == value)
    return;
  *field = value;
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

static void
set_text (FeltPlay *self, char **field, const char *value, FeltPlayProperty prop)
{
  if (g_strcmp0 (*field, value) == 0)
    return;
  g_free (*field);
  *field = g_strdup (value);
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

static void
set_message (FeltPlay *self, const char *text)
{
  set_text (self, &self->message, text, PROP_MESSAGE);
}

/* The parts' properties that are FeltPlay's too: the part's type, its
 * property's name, FeltPlay's property. */
static const struct {
  GType (*part_type) (void);
  const char *part;
  FeltPlayProperty prop;
} forwarded[] = {
  { felt_clock_get_type, "elapsed", PROP_ELAPSED },
  { felt_clock_get_type, "elapsed-text", PROP_ELAPSED_TEXT },
  { felt_record_get_type, "notice", PROP_NOTICE },
  { felt_record_get_type, "can-replay", PROP_CAN_REPLAY },
  { felt_solver_view_get_type, "verdict", PROP_SOLVER_VERDICT },
  { felt_solver_view_get_type, "status", PROP_SOLVER_STATUS },
  { felt_solver_view_get_type, "moves-back", PROP_MOVES_BACK },
  { felt_solver_view_get_type, "can-undo-to-winnable", PROP_CAN_UNDO_TO_WINNABLE },
  { felt_solver_view_get_type, "thinking", PROP_THINKING },
  { felt_solver_view_get_type, "difficulty", PROP_DIFFICULTY },
  { felt_solver_view_get_type, "show-winnable", PROP_SHOW_WINNABLE },
  { felt_demo_get_type, "running", PROP_DEMO_RUNNING },
  { felt_deal_finder_get_type, "searching", PROP_SEARCHING },
  { felt_deal_finder_get_type, "new-deal", PROP_NEW_DEAL },
  { felt_deal_finder_get_type, "winnable-deals-only", PROP_WINNABLE_DEALS_ONLY },
};

static void
part_notified (GObject *part, GParamSpec *pspec, gpointer data)
{
  for (guint i = 0; i < G_N_ELEMENTS (forwarded); i++)
    if (G_OBJECT_TYPE (part) == forwarded[i].part_type () && g_str_equal (pspec->name, forwarded[i].part))
      g_object_notify_by_pspec (G_OBJECT (data), properties[forwarded[i].prop]);
}

/* FeltPlay's properties follow those of `part` it forwards. */
static void
forward_part (FeltPlay *self, gpointer part)
{
  for (guint i = 0; i < G_N_ELEMENTS (forwarded); i++)
    if (G_OBJECT_TYPE (part) == forwarded[i].part_type ())
      {
        g_autofree char *detailed = g_strconcat ("notify::", forwarded[i].part, NULL);
        g_signal_connect_object (part, detailed, G_CALLBACK (part_notified), self, 0);
      }
}

/* ---- the solver ------------------------------------------------------------------------ */

/* The solver searches on its own only while the player can see what it
 * says: the window is shown and the status is wanted.  The demo asks it
 * whatever the status. */
static void
analyse (FeltPlay *self)
{
  gboolean allowed = self->on_screen &&
                     (felt_demo_get_running (self->demo) || self->solution_wanted ||
                      (self->active && felt_solver_view_get_show_winnable (self->view)));

  if (self->session)
    felt_solver_view_analyse (self->view, allowed);
}

/* ---- the files ------------------------------------------------------------------------- */

/* Saves the game and, while they wait, the statistics; `quiet` while
 * the object goes. */
static void
save_files (FeltPlay *self, gboolean quiet)
{
  self->save_pending = FALSE;
  /* A game the solution was shown in stays out of the statistics once
   * resumed, as the demo's does. */
  felt_record_save (self->record, self->session, felt_clock_get_usec (self->clock) / 1000,
                    self->demo_played || self->solution_shown, quiet);
}

static void
save_again (FeltPlay *self)
{
  save_files (self, FALSE);
}

/* A change of the game is saved at once, or, before the game is on the
 * screen (a new deal, a resumed game), once it is. */
static void
save_game_soon (FeltPlay *self)
{
  if (self->on_screen)
    save_files (self, FALSE);
  else
    self->save_pending = TRUE;
}

/* The result of the deal in play in the history: the demo's games too,
 * marked, since the history shows every game. */
static void
record_history (FeltPlay *self, gboolean won)
{
  const FeltState *st = felt_session_get_state (self->session);
  FeltHistoryEntry e = {
    .finished = g_get_real_time () / G_USEC_PER_SEC,
    .game = felt_state_get_game_id (st),
    .deal = felt_session_get_seed (self->session),
    .result = won ? FELT_HISTORY_WON : felt_state_is_over (st) ? FELT_HISTORY_LOST : FELT_HISTORY_GIVEN_UP,
    .time_ms = felt_clock_get_usec (self->clock) / 1000,
    .moves = felt_session_get_n_moves (self->session),
    .difficulty = felt_solver_view_get_difficulty (self->view),
    .demo = self->demo_played,
    .solution = self->solution_shown,
  };

  felt_record_add_history (self->record, &e);
}

/* A deal counts as played once a move is made; record its result once. */
static void
count_result (FeltPlay *self, gboolean won)
{
  FeltGameId id = felt_state_get_game_id (felt_session_get_state (self->session));
  guint moves = felt_session_get_n_moves (self->session);

  if (self->counted || moves == 0)
    return;
  self->counted = TRUE;
  record_history (self, won);
  /* A deal the demo played in is not the player's game: neither a win
   * (nor a best time, fewest moves or streak) nor a loss. */
  if (self->demo_played || self->solution_shown)
    return;
  if (won)
    felt_record_count_win (self->record, id, felt_clock_get_usec (self->clock) / 1000, moves,
                           felt_solver_view_get_difficulty (self->view));
  else
    felt_record_count_loss (self->record, id);
}

gboolean
felt_play_in_progress (FeltPlay *self)
{
  g_return_val_if_fail (FELT_IS_PLAY (self), FALSE);
  /* The demo's games are not counted: leaving one is no loss. */
  return self->session && !self->counted && !self->demo_played && !self->solution_shown &&
         felt_session_get_n_moves (self->session) > 0;
}

const FeltHistory *
felt_play_get_history (FeltPlay *self)
{
  g_return_val_if_fail (FELT_IS_PLAY (self), NULL);
  return felt_record_get_history (self->record);
}

const FeltLastGame *
felt_play_get_last_game (FeltPlay *self)
{
  g_return_val_if_fail (FELT_IS_PLAY (self), NULL);
  return felt_record_get_last_game (self->record);
}

const FeltStats *
felt_play_get_stats (FeltPlay *self)
{
  g_return_val_if_fail (FELT_IS_PLAY (self), NULL);
  return felt_record_get_stats (self->record);
}

void
felt_play_reset_stats (FeltPlay *self)
{
  g_return_if_fail (FELT_IS_PLAY (self));
  felt_record_reset_stats (self->record);
}

void
felt_play_set_notice (FeltPlay *self, const char *notice)
{
  g_return_if_fail (FELT_IS_PLAY (self));
  felt_record_set_notice (self->record, notice);
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
      /* "0 redeals left" reads like a count; the spoken status says
       * it in words, and so does the line. */
      if (figures.redeals_left == 0)
        g_string_append (status, _("No redeal left"));
      else
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
  set_text (self, &self->figures.status_text, status->str, PROP_STATUS_TEXT);

  score = g_strdup_printf (_("Score: %u of %u"), felt_state_score (st), felt_game_max_score (game));
  set_uint (self, &self->figures.score, felt_state_score (st), PROP_SCORE);
  set_text (self, &self->figures.score_text, score, PROP_SCORE_TEXT);
  set_bool (self, &self->figures.can_undo, felt_session_can_undo (self->session) || felt_play_get_undo_returns (self),
                      PROP_CAN_UNDO);
  set_bool (self, &self->figures.can_redo,
                      felt_session_can_redo (self->session) || !g_queue_is_empty (&self->games.next), PROP_CAN_REDO);
  set_uint (self, &self->figures.n_moves, felt_session_get_n_moves (self->session), PROP_N_MOVES);
  set_bool (self, &self->figures.won, felt_state_is_won (st), PROP_WON);
  set_bool (self, &self->figures.over, felt_state_is_over (st), PROP_OVER);
}

static void schedule_auto_move (FeltPlay *self);
static void update_solution_reason (FeltPlay *self);
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
  won = self->figures.won;
  over = self->figures.over;
  if (won || over)
    {
      felt_clock_run (self->clock, FALSE);
      count_result (self, won);
    }
  else if (self->figures.n_moves > 0)
    felt_clock_run (self->clock, TRUE);
  save_game_soon (self);
  schedule_auto_move (self);
  analyse (self);

  set_message (self, won ? (self->demo_played ? _("The demo won this game") : _("You won!"))
                     : over ? _("No move is left")
                     : felt_demo_get_running (self->demo) ? _("Demo: any key or click stops it") : "");

  update_solution_reason (self);
  if ((won || over) && !self->game_ended)
    {
      ended = self->game_ended = TRUE;
      /* Every ending, also one reached again after Undo: what the end
       * dialog's Replay shows. */
      felt_record_keep_last_game (self->record, self->session, felt_clock_get_usec (self->clock) / 1000,
                                  self->demo_played);
    }
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
  if (self->session == NULL || felt_solution_get_active (self->solution))
    return FALSE;
  before = *felt_session_get_state (self->session);
  if (felt_session_play_full (self->session, move, self->autos.moving) != FELT_LEGAL)
    return FALSE;
  if (felt_demo_get_running (self->demo))
    self->demo_played = TRUE;
  /* A move drops what Redo would do, the newer deals too. */
  g_queue_clear_full (&self->games.next, left_game_free);
  moved (self, &before, animate,
         self->autos.moving ? FELT_PLAY_CHANGE_AUTO
         : felt_demo_get_running (self->demo) ? FELT_PLAY_CHANGE_DEMO
         : FELT_PLAY_CHANGE_MOVE);
  return TRUE;
}

typedef gboolean (*SessionStep) (FeltSession *session);

/* Takes `count` steps as one change: the cards slide once. */
static gboolean
take_steps (FeltPlay *self, SessionStep step, guint count, FeltPlayChange change)
{
  FeltState before;
  guint done = 0;

  /* The Solution mode shows another session: the player's waits. */
  if (self->session == NULL || felt_solution_get_active (self->solution))
    return FALSE;
  before = *felt_session_get_state (self->session);
  while (done < count && step (self->session))
    done++;
  if (done == 0)
    return FALSE;
  /* An automatic move right after undo would take the undo back. */
  self->autos.held = TRUE;
  moved (self, &before, TRUE, change);
  self->autos.held = FALSE;
  return TRUE;
}

gboolean
felt_play_undo_many (FeltPlay *self, guint count)
{
  g_return_val_if_fail (FELT_IS_PLAY (self), FALSE);
  g_clear_handle_id (&self->autos.id, g_source_remove);
  return take_steps (self, felt_session_undo, count, FELT_PLAY_CHANGE_UNDO);
}

gboolean
felt_play_undo (FeltPlay *self)
{
  g_return_val_if_fail (FELT_IS_PLAY (self), FALSE);
  if (felt_solution_get_active (self->solution))
    return FALSE;
  if (felt_play_get_undo_returns (self))
    {
      g_clear_handle_id (&self->autos.id, g_source_remove);
      return_to_game (self, &self->games.left, &self->games.next);
      return TRUE;
    }
  /* The player's move goes back with the cards that went home after it. */
  return felt_play_undo_many (self, self->session ? felt_session_get_turn_undo (self->session) : 1);
}

gboolean
felt_play_redo (FeltPlay *self)
{
  g_return_val_if_fail (FELT_IS_PLAY (self), FALSE);
  if (felt_solution_get_active (self->solution))
    return FALSE;
  /* From where Undo came back to this deal, Redo goes to the newer one. */
  if (self->session && !g_queue_is_empty (&self->games.next) &&
      felt_session_get_n_moves (self->session) == self->games.next_at)
    {
      g_clear_handle_id (&self->autos.id, g_source_remove);
      return_to_game (self, &self->games.next, &self->games.left);
      return TRUE;
    }
  return take_steps (self, felt_session_redo, self->session ? felt_session_get_turn_redo (self->session) : 1,
                     FELT_PLAY_CHANGE_REDO);
}

gboolean
felt_play_get_undo_returns (FeltPlay *self)
{
  g_return_val_if_fail (FELT_IS_PLAY (self), FALSE);
  return self->session && !felt_session_can_undo (self->session) && !g_queue_is_empty (&self->games.left);
}

gboolean
felt_play_undo_to_winnable (FeltPlay *self)
{
  guint back = felt_solver_view_get_moves_back (self->view);

  g_return_val_if_fail (FELT_IS_PLAY (self), FALSE);
  return back > 0 && felt_play_undo_many (self, back);
}

/* ---- automatic moves ---------------------------------------------------------------- */

static gboolean
auto_move (gpointer data)
{
  FeltPlay *self = FELT_PLAY (data);
  FeltMove move;

  self->autos.id = 0;
  if (felt_state_safe_move (felt_session_get_state (self->session), &move))
    {
      self->autos.moving = TRUE;
      felt_play_move (self, &move, TRUE);
      self->autos.moving = FALSE;
    }
  return G_SOURCE_REMOVE;
}

/* After the player's move, let safe cards go home one by one. */
static void
schedule_auto_move (FeltPlay *self)
{
  FeltMove move;

  if (self->autos.id || self->autos.held || !self->auto_foundations || self->session == NULL ||
      !felt_state_safe_move (felt_session_get_state (self->session), &move))
    return;
  self->autos.id = g_timeout_add (felt_animation_ms (self->animation_speed, 220), auto_move, self);
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
  return self->autos.id != 0;
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
    {
      count_result (self, FALSE);
      /* Given up: it can be replayed. */
      felt_record_keep_last_game (self->record, self->session, felt_clock_get_usec (self->clock) / 1000, FALSE);
    }
  left->played = felt_play_get_stats (self)->games[id].played;
  left->loss_counted = left->played != before.played;
  left->streak = before.streak;
  left->session = g_steal_pointer (&self->session);
  left->elapsed_ms = felt_clock_get_usec (self->clock) / 1000;
  left->counted = self->counted;
  /* Back by Undo, a game the solution was shown in is not the player's. */
  left->demo_played = self->demo_played || self->solution_shown;
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
  felt_solution_leave (self->solution);
  self->solution_wanted = FALSE;
  if (keep && self->session)
    leave_game (self, keep);
  felt_clock_reset (self->clock, elapsed_ms * 1000);
  self->counted = self->game_ended = counted;
  self->demo_played = demo_played;
  self->solution_shown = FALSE;
  g_clear_pointer (&self->session, felt_session_free);
  self->session = session;
  felt_solver_view_set_session (self->view, session);
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
  g_queue_clear_full (&self->games.next, left_game_free);
  take_session (self, felt_session_new (game, seed), 0, FALSE, FALSE, &self->games.left);
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
  self->autos.held = TRUE;
  /* The streak comes back only if no other game ended since. */
  if (left->loss_counted)
    {
      /* The streak comes back only if no other game ended since. */
      felt_record_uncount_loss (self->record, id, played == left->played ? left->streak : 0);
      felt_record_retract_history (self->record, id, felt_session_get_seed (left->session));
      felt_record_take_back_last_game (self->record, id, felt_session_get_seed (left->session));
    }
  take_session (self, g_steal_pointer (&left->session), left->elapsed_ms,
                left->counted && !left->loss_counted, left->demo_played, to);
  self->autos.held = FALSE;
  self->games.next_at = felt_session_get_n_moves (self->session);
  left_game_free (left);
}

gboolean
felt_play_resume (FeltPlay *self)
{
  FeltSession *session;
  const FeltState *st;
  gint64 elapsed_ms = 0;
  gboolean demo_played;

  g_return_val_if_fail (FELT_IS_PLAY (self), FALSE);
  session = felt_record_load_game (self->record, &elapsed_ms, &demo_played);
  if (session == NULL)
    return FALSE;
  /* A game that had already ended was counted when it ended. */
  st = felt_session_get_state (session);
  g_queue_clear_full (&self->games.left, left_game_free);
  g_queue_clear_full (&self->games.next, left_game_free);
  /* A game the demo played in still counts nowhere once resumed. */
  take_session (self, session, elapsed_ms, felt_state_is_won (st) || felt_state_is_over (st),
                demo_played, NULL);
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
  self->pending.game = game;
  self->pending.seed = seed;
  g_signal_emit (self, signals[SIGNAL_CONFIRM_ABANDON], 0);
}

void
felt_play_give_up (FeltPlay *self)
{
  const FeltGame *game;

  g_return_if_fail (FELT_IS_PLAY (self));
  game = g_steal_pointer (&self->pending.game);
  if (game == NULL)
    return;
  felt_play_start (self, game, self->pending.seed);
  /* Where to find the game just left, until the next move. */
  if (felt_record_get_can_replay (self->record))
    set_message (self, _("Given up: Replay Last Game shows it"));
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
  return self->figures.can_undo;
}

gboolean
felt_play_get_can_redo (FeltPlay *self)
{
  g_return_val_if_fail (FELT_IS_PLAY (self), FALSE);
  return self->figures.can_redo;
}

guint
felt_play_get_score (FeltPlay *self)
{
  g_return_val_if_fail (FELT_IS_PLAY (self), 0);
  return self->figures.score;
}

const char *
felt_play_get_status_text (FeltPlay *self)
{
  g_return_val_if_fail (FELT_IS_PLAY (self), NULL);
  return self->figures.status_text;
}

const char *
felt_play_get_score_text (FeltPlay *self)
{
  g_return_val_if_fail (FELT_IS_PLAY (self), NULL);
  return self->figures.score_text;
}

const char *
felt_play_get_solver_status (FeltPlay *self)
{
  g_return_val_if_fail (FELT_IS_PLAY (self), NULL);
  return felt_solver_view_get_status (self->view);
}

FeltSolveVerdict
felt_play_get_solver_verdict (FeltPlay *self)
{
  g_return_val_if_fail (FELT_IS_PLAY (self), FELT_SOLVE_UNKNOWN);
  return felt_solver_view_get_verdict (self->view);
}

guint
felt_play_get_moves_back (FeltPlay *self)
{
  g_return_val_if_fail (FELT_IS_PLAY (self), 0);
  return felt_solver_view_get_moves_back (self->view);
}

guint
felt_play_get_elapsed (FeltPlay *self)
{
  g_return_val_if_fail (FELT_IS_PLAY (self), 0);
  return felt_clock_get_elapsed (self->clock);
}

const char *
felt_play_get_elapsed_text (FeltPlay *self)
{
  g_return_val_if_fail (FELT_IS_PLAY (self), NULL);
  return felt_clock_get_elapsed_text (self->clock);
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
  return self->figures.won;
}

gboolean
felt_play_get_over (FeltPlay *self)
{
  g_return_val_if_fail (FELT_IS_PLAY (self), FALSE);
  return self->figures.over;
}

const char *
felt_play_get_notice (FeltPlay *self)
{
  g_return_val_if_fail (FELT_IS_PLAY (self), NULL);
  return felt_record_get_notice (self->record);
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
    save_files (self, FALSE);
  if (self->session)
    analyse (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ON_SCREEN]);
}

/* A preference that changes what is shown or done now. */
static void
set_preference (FeltPlay *self, guint prop, gboolean value)
{
  gboolean *field = &self->auto_foundations;

  value = !!value;
  if (*field == value)
    return;
  *field = value;
  if (prop == PROP_AUTO_FOUNDATIONS && self->session)
    schedule_auto_move (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

void
felt_play_set_active (FeltPlay *self, gboolean active)
{
  g_return_if_fail (FELT_IS_PLAY (self));
  active = !!active;
  if (self->active == active)
    return;
  self->active = active;
  analyse (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ACTIVE]);
}

/* ---- the solver's view, the demo, new deals ------------------------------------------- */

FeltDifficulty
felt_play_get_difficulty (FeltPlay *self)
{
  g_return_val_if_fail (FELT_IS_PLAY (self), FELT_DIFFICULTY_UNKNOWN);
  return felt_solver_view_get_difficulty (self->view);
}

gboolean
felt_play_get_thinking (FeltPlay *self)
{
  g_return_val_if_fail (FELT_IS_PLAY (self), FALSE);
  return felt_solver_view_get_thinking (self->view);
}

void
felt_play_set_solver_budget (FeltPlay *self, guint64 node_budget, guint thinking_delay_ms)
{
  g_return_if_fail (FELT_IS_PLAY (self));
  felt_solver_view_set_budget (self->view, node_budget, thinking_delay_ms);
}

gboolean
felt_play_hint (FeltPlay *self, FeltMove *move)
{
  g_autofree char *text = NULL;

  g_return_val_if_fail (FELT_IS_PLAY (self), FALSE);
  if (self->session == NULL || felt_solution_get_active (self->solution))
    return FALSE;
  /* Asked: the solver searches even when it would not on its own, for
   * the next hint. */
  if (!felt_solver_view_hint (self->view, self->on_screen, move))
    {
      set_message (self, _("No move is left"));
      return FALSE;
    }
  /* One sentence built for each language (felt-phrases.c), the same the
   * screen reader speaks. */
  text = felt_phrase_hint (felt_session_get_state (self->session), move);
  set_message (self, text);
  return TRUE;
}

void
felt_play_stop_demo (FeltPlay *self)
{
  g_return_if_fail (FELT_IS_PLAY (self));
  if (!felt_demo_get_running (self->demo))
    return;
  felt_demo_stop (self->demo);
  set_message (self, "");
}

void
felt_play_toggle_demo (FeltPlay *self)
{
  g_return_if_fail (FELT_IS_PLAY (self));

  if (felt_demo_get_running (self->demo))
    {
      felt_play_stop_demo (self);
      return;
    }
  if (self->session == NULL || felt_solution_get_active (self->solution))
    return;
  set_message (self, _("Demo: any key or click stops it"));
  /* Without slides the demo keeps the normal pace: the player follows
   * each move by eye. */
  felt_demo_start (self->demo, felt_animation_ms (self->animation_speed == FELT_ANIMATION_OFF
                                                  ? FELT_ANIMATION_NORMAL : self->animation_speed,
                                                  FELT_DEMO_STEP_MS));
  /* The demo needs the solver, even where it does not search on its own. */
  analyse (self);
}

gboolean
felt_play_get_demo_running (FeltPlay *self)
{
  g_return_val_if_fail (FELT_IS_PLAY (self), FALSE);
  return felt_demo_get_running (self->demo);
}

static void
demo_move (FeltPlay *self, const FeltMove *move)
{
  felt_play_move (self, move, TRUE);
}

static void
demo_gave_up (FeltPlay *self)
{
  set_message (self, _("The demo knows no way to win from here"));
}

void
felt_play_new_deal (FeltPlay *self, const FeltGame *game)
{
  FeltDifficulty wanted;

  g_return_if_fail (FELT_IS_PLAY (self));
  if (game == NULL && self->session)
    game = felt_session_get_game (self->session);
  g_return_if_fail (game != NULL);

  if (!felt_deal_finder_start (self->finder, game, &wanted))
    {
      felt_play_request_start (self, game, g_random_int ());
      return;
    }
  set_message (self, wanted == FELT_DIFFICULTY_EASY ? _("Looking for an easy deal…")
                   : wanted == FELT_DIFFICULTY_MEDIUM ? _("Looking for a medium deal…")
                   : wanted == FELT_DIFFICULTY_HARD ? _("Looking for a hard deal…")
                   : _("Looking for a winnable deal…"));
}

static void
deal_found (FeltPlay *self, const FeltGame *game, guint32 seed, int difficulty)
{
  set_message (self, "");
  /* A deal of known difficulty (the search rated it): no need to rate it again. */
  if (difficulty != FELT_DIFFICULTY_UNKNOWN)
    felt_solver_view_set_rated (self->view, game, seed, difficulty);
  felt_play_request_start (self, game, seed);
}

/* ---- the Solution mode (felt-solution.c) ------------------------------------------- */

FeltSolution *
felt_play_get_solution (FeltPlay *self)
{
  g_return_val_if_fail (FELT_IS_PLAY (self), NULL);
  return self->solution;
}

gboolean
felt_play_get_solution_shown (FeltPlay *self)
{
  g_return_val_if_fail (FELT_IS_PLAY (self), FALSE);
  return self->solution_shown;
}

static FeltSolutionReason
solution_reason (FeltPlay *self)
{
  FeltSolveVerdict verdict;

  if (self->session == NULL)
    return FELT_SOLUTION_NO_GAME;
  if (self->figures.won || self->figures.over)
    return FELT_SOLUTION_OVER;
  if (!felt_solver_view_lookup (self->view, &verdict, NULL))
    /* With the status off, the solver waits to be asked. */
    return felt_solver_view_get_show_winnable (self->view) ? FELT_SOLUTION_DECIDING : FELT_SOLUTION_ASK;
  if (verdict == FELT_SOLVE_WINNABLE)
    return FELT_SOLUTION_AVAILABLE;
  if (verdict == FELT_SOLVE_LOST)
    return self->figures.n_moves == 0 ? FELT_SOLUTION_NEVER : FELT_SOLUTION_LOST;
  return FELT_SOLUTION_UNDECIDED;
}

static gboolean enter_solution (FeltPlay *self);

static void
update_solution_reason (FeltPlay *self)
{
  FeltSolutionReason reason = solution_reason (self);

  /* In the mode, the player's position (and so the reason) waits. */
  if (felt_solution_get_active (self->solution))
    return;
  felt_solution_set_reason (self->solution, reason);
  if (self->solution_wanted && reason != FELT_SOLUTION_DECIDING && reason != FELT_SOLUTION_ASK)
    {
      self->solution_wanted = FALSE;
      set_message (self, "");
      if (!enter_solution (self))
        set_message (self, felt_solution_get_label (self->solution));
    }
}

static gboolean
enter_solution (FeltPlay *self)
{
  g_autoptr (GArray) line = g_array_new (FALSE, FALSE, sizeof (FeltMove));

  if (!felt_solver_view_get_line (self->view, line))
    return FALSE;
  /* The game waits as it is: no demo, no automatic move, no time. */
  felt_play_stop_demo (self);
  g_clear_handle_id (&self->autos.id, g_source_remove);
  return felt_solution_enter (self->solution, self->session, line);
}

gboolean
felt_play_show_solution (FeltPlay *self)
{
  g_return_val_if_fail (FELT_IS_PLAY (self), FALSE);
  if (felt_solution_get_active (self->solution))
    return TRUE;
  if (solution_reason (self) == FELT_SOLUTION_ASK)
    {
      self->solution_wanted = TRUE;
      set_message (self, _("Looking for a solution…"));
      analyse (self);
      return TRUE;
    }
  return enter_solution (self);
}

/* The mode began or ended, or showed its first step: the clock waits
 * for the player meanwhile; a step shown makes the deal not the
 * player's alone. */
static void
solution_toggled (FeltPlay *self)
{
  if (felt_solution_get_active (self->solution))
    felt_clock_run (self->clock, FALSE);
  else if (self->session && !self->figures.won && !self->figures.over && self->figures.n_moves > 0)
    felt_clock_run (self->clock, TRUE);
  if (self->session && felt_solution_get_shown (self->solution))
    {
      self->solution_shown = TRUE;
      save_game_soon (self);
    }
}

void
felt_play_take_over (FeltPlay *self)
{
  FeltSession *shown;

  g_return_if_fail (FELT_IS_PLAY (self));
  shown = felt_solution_take_over (self->solution);
  if (shown == NULL)
    return;
  /* The player's moves and the steps shown: a move drops what Redo
   * would do, the newer deals too. */
  g_queue_clear_full (&self->games.next, left_game_free);
  g_clear_pointer (&self->session, felt_session_free);
  self->session = shown;
  felt_solver_view_set_session (self->view, shown);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SESSION]);
  position_changed (self);
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
    case PROP_CAN_UNDO: g_value_set_boolean (value, self->figures.can_undo); break;
    case PROP_CAN_REDO: g_value_set_boolean (value, self->figures.can_redo); break;
    case PROP_N_MOVES: g_value_set_uint (value, self->figures.n_moves); break;
    case PROP_SCORE: g_value_set_uint (value, self->figures.score); break;
    case PROP_SCORE_TEXT: g_value_set_string (value, self->figures.score_text); break;
    case PROP_STATUS_TEXT: g_value_set_string (value, self->figures.status_text); break;
    case PROP_MESSAGE: g_value_set_string (value, self->message); break;
    case PROP_WON: g_value_set_boolean (value, self->figures.won); break;
    case PROP_OVER: g_value_set_boolean (value, self->figures.over); break;
    case PROP_AUTO_FOUNDATIONS: g_value_set_boolean (value, self->auto_foundations); break;
    case PROP_ANIMATION_SPEED: g_value_set_enum (value, self->animation_speed); break;
    case PROP_ON_SCREEN: g_value_set_boolean (value, self->on_screen); break;
    case PROP_ACTIVE: g_value_set_boolean (value, self->active); break;
    /* the parts' */
    case PROP_ELAPSED: g_object_get_property (G_OBJECT (self->clock), "elapsed", value); break;
    case PROP_ELAPSED_TEXT: g_object_get_property (G_OBJECT (self->clock), "elapsed-text", value); break;
    case PROP_NOTICE: g_object_get_property (G_OBJECT (self->record), "notice", value); break;
    case PROP_CAN_REPLAY: g_object_get_property (G_OBJECT (self->record), "can-replay", value); break;
    case PROP_SOLVER_STATUS: g_object_get_property (G_OBJECT (self->view), "status", value); break;
    case PROP_SOLVER_VERDICT: g_object_get_property (G_OBJECT (self->view), "verdict", value); break;
    case PROP_MOVES_BACK: g_object_get_property (G_OBJECT (self->view), "moves-back", value); break;
    case PROP_CAN_UNDO_TO_WINNABLE:
      g_object_get_property (G_OBJECT (self->view), "can-undo-to-winnable", value);
      break;
    case PROP_THINKING: g_object_get_property (G_OBJECT (self->view), "thinking", value); break;
    case PROP_DIFFICULTY: g_object_get_property (G_OBJECT (self->view), "difficulty", value); break;
    case PROP_SHOW_WINNABLE: g_object_get_property (G_OBJECT (self->view), "show-winnable", value); break;
    case PROP_DEMO_RUNNING: g_object_get_property (G_OBJECT (self->demo), "running", value); break;
    case PROP_SEARCHING: g_object_get_property (G_OBJECT (self->finder), "searching", value); break;
    case PROP_NEW_DEAL: g_object_get_property (G_OBJECT (self->finder), "new-deal", value); break;
    case PROP_WINNABLE_DEALS_ONLY:
      g_object_get_property (G_OBJECT (self->finder), "winnable-deals-only", value);
      break;
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
    case PROP_NEW_DEAL: felt_deal_finder_set_new_deal (self->finder, g_value_get_string (value)); break;
    case PROP_WINNABLE_DEALS_ONLY:
      felt_deal_finder_set_winnable_only (self->finder, g_value_get_boolean (value));
      break;
    case PROP_SHOW_WINNABLE:
      felt_solver_view_set_show_winnable (self->view, g_value_get_boolean (value));
      analyse (self);   /* off: the solver stops too */
      break;
    case PROP_ANIMATION_SPEED: self->animation_speed = g_value_get_enum (value); break;
    case PROP_AUTO_FOUNDATIONS:
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
  if (self->session && self->clock &&
      (felt_clock_get_running (self->clock) || self->save_pending || felt_record_get_retry_pending (self->record)))
    {
      felt_clock_run (self->clock, FALSE);
      save_files (self, TRUE);
    }
  g_clear_handle_id (&self->autos.id, g_source_remove);
  g_clear_object (&self->demo);
  g_clear_object (&self->solution);
  g_clear_object (&self->finder);
  g_clear_object (&self->view);
  g_clear_object (&self->record);
  g_clear_object (&self->clock);
  G_OBJECT_CLASS (felt_play_parent_class)->dispose (object);
}

static void
felt_play_finalize (GObject *object)
{
  FeltPlay *self = FELT_PLAY (object);

  g_clear_pointer (&self->session, felt_session_free);
  g_queue_clear_full (&self->games.left, left_game_free);
  g_queue_clear_full (&self->games.next, left_game_free);
  g_free (self->figures.status_text);
  g_free (self->figures.score_text);
  g_free (self->message);
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
  /* How fast cards slide: automatic moves wait for the slide before, the
   * demo moves at this pace. */
  properties[PROP_ANIMATION_SPEED] = g_param_spec_enum ("animation-speed", NULL, NULL, FELT_TYPE_ANIMATION_SPEED,
                                                        FELT_ANIMATION_NORMAL,
                                                        G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
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
  /* The player's last finished game can be replayed (felt_play_get_last_game). */
  properties[PROP_CAN_REPLAY] = bool_property ("can-replay", FALSE, FALSE);
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
  self->animation_speed = FELT_ANIMATION_NORMAL;
  self->on_screen = TRUE;
  self->active = TRUE;
  self->figures.status_text = g_strdup ("");
  self->figures.score_text = g_strdup ("");
  self->message = g_strdup ("");

  self->clock = felt_clock_new ();
  self->record = felt_record_new ();
  self->view = felt_solver_view_new ();
  self->demo = felt_demo_new (self->view);
  self->finder = felt_deal_finder_new ();
  self->solution = felt_solution_new ();
  forward_part (self, self->clock);
  forward_part (self, self->record);
  forward_part (self, self->view);
  forward_part (self, self->demo);
  forward_part (self, self->finder);
  g_signal_connect_object (self->record, "retry", G_CALLBACK (save_again), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->demo, "move", G_CALLBACK (demo_move), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->demo, "gave-up", G_CALLBACK (demo_gave_up), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->finder, "found", G_CALLBACK (deal_found), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->solution, "notify::active", G_CALLBACK (solution_toggled), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->solution, "notify::shown", G_CALLBACK (solution_toggled), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->view, "notify::status", G_CALLBACK (update_solution_reason), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->view, "notify::verdict", G_CALLBACK (update_solution_reason), self,
                           G_CONNECT_SWAPPED);
}

FeltPlay *
felt_play_new (void)
{
  return g_object_new (FELT_TYPE_PLAY, NULL);
}
