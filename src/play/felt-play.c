/* felt-play.c: the game in play: the session, its moves, undo and redo
 * across deals, automatic moves and the end of the game.  It owns the
 * parts that follow the game (each a file pair of its own, none of which
 * knows FeltPlay): the clock (felt-clock.c), the record on disk
 * (felt-record.c), the solver's view of the deal (felt-solver-view.c),
 * the demo (felt-demo.c), the search for a new deal
 * (felt-deal-finder.c), the games left behind (felt-left-games.c) and
 * the position's texts and figures (felt-position-text.c), the Solution
 * mode (felt-solution.c) and when the solver may search
 * (felt-solver-gate.c); its properties forward theirs.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "felt-play.h"

#include <glib/gi18n.h>

#include "felt-animation.h"
#include "felt-auto-moves.h"
#include "felt-clock.h"
#include "felt-deal-finder.h"
#include "felt-demo.h"
#include "felt-forward.h"
#include "felt-left-games.h"
#include "felt-phrases.h"
#include "felt-position-text.h"
#include "felt-record.h"
#include "felt-solution.h"
#include "felt-solver-gate.h"
#include "felt-solver-view.h"

struct _FeltPlay
{
  GObject parent_instance;

  /* the game in play (owned) */
  FeltSession *session;
  FeltPlayChange change;      /* the kind of the last change ("move-played") */

  /* the parts, each with its own properties */
  FeltClock *clock;           /* runs from the first move until the game ends */
  FeltRecord *record;         /* the saved game and the statistics */
  FeltSolverView *view;       /* the verdict, the difficulty, hints */
  FeltSolverGate *gate;       /* when the solver may search; the game on the screen */
  FeltDemo *demo;
  FeltDealFinder *finder;     /* what New Game deals, and the deal waiting */
  FeltPositionText *text;     /* the position's texts and figures */
  FeltLeftGames *left;        /* the games Undo and Redo go back and forth to */
  FeltAutoMoves *autos;       /* the cards that go home by themselves */
  FeltSolution *solution;     /* the Solution mode */

  /* the player's preference (bound to the setting by the window) */
  FeltAnimationSpeed animation_speed;

  /* this deal */
  gboolean counted;           /* its result is in the statistics */
  gboolean game_ended;        /* "game-ended" was emitted for this position */
  gboolean demo_played;       /* the demo made a move in it */
  gboolean solution_shown;    /* a step of the solution was shown in it */
  /* a change waits for the game to be on the screen to be saved */
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
set_message (FeltPlay *self, const char *text)
{
  felt_position_text_set_message (self->text, text);
}

/* The parts' properties that FeltPlay shows as its own: the part, its
 * property, and FeltPlay's (the same name unless said). */
#define PART(type, field) FELT_FORWARD_PART (type, FeltPlay, field)
static const FeltForward forwarded[] = {
  { PART (felt_position_text_get_type, text), "can-undo", PROP_CAN_UNDO, NULL },
  { PART (felt_position_text_get_type, text), "can-redo", PROP_CAN_REDO, NULL },
  { PART (felt_position_text_get_type, text), "n-moves", PROP_N_MOVES, NULL },
  { PART (felt_position_text_get_type, text), "score", PROP_SCORE, NULL },
  { PART (felt_position_text_get_type, text), "score-text", PROP_SCORE_TEXT, NULL },
  { PART (felt_position_text_get_type, text), "status-text", PROP_STATUS_TEXT, NULL },
  { PART (felt_position_text_get_type, text), "won", PROP_WON, NULL },
  { PART (felt_position_text_get_type, text), "over", PROP_OVER, NULL },
  { PART (felt_position_text_get_type, text), "message", PROP_MESSAGE, NULL },
  { PART (felt_auto_moves_get_type, autos), "enabled", PROP_AUTO_FOUNDATIONS, "auto-foundations" },
  { PART (felt_clock_get_type, clock), "elapsed", PROP_ELAPSED, NULL },
  { PART (felt_clock_get_type, clock), "elapsed-text", PROP_ELAPSED_TEXT, NULL },
  { PART (felt_record_get_type, record), "notice", PROP_NOTICE, NULL },
  { PART (felt_record_get_type, record), "can-replay", PROP_CAN_REPLAY, NULL },
  { PART (felt_solver_view_get_type, view), "verdict", PROP_SOLVER_VERDICT, "solver-verdict" },
  { PART (felt_solver_view_get_type, view), "status", PROP_SOLVER_STATUS, "solver-status" },
  { PART (felt_solver_view_get_type, view), "moves-back", PROP_MOVES_BACK, NULL },
  { PART (felt_solver_view_get_type, view), "can-undo-to-winnable", PROP_CAN_UNDO_TO_WINNABLE, NULL },
  { PART (felt_solver_view_get_type, view), "thinking", PROP_THINKING, NULL },
  { PART (felt_solver_view_get_type, view), "difficulty", PROP_DIFFICULTY, NULL },
  { PART (felt_solver_view_get_type, view), "show-winnable", PROP_SHOW_WINNABLE, NULL },
  { PART (felt_solver_gate_get_type, gate), "on-screen", PROP_ON_SCREEN, NULL },
  { PART (felt_solver_gate_get_type, gate), "active", PROP_ACTIVE, NULL },
  { PART (felt_demo_get_type, demo), "running", PROP_DEMO_RUNNING, "demo-running" },
  { PART (felt_deal_finder_get_type, finder), "searching", PROP_SEARCHING, NULL },
  { PART (felt_deal_finder_get_type, finder), "new-deal", PROP_NEW_DEAL, NULL },
  { PART (felt_deal_finder_get_type, finder), "winnable-deals-only", PROP_WINNABLE_DEALS_ONLY, NULL },
};

/* The getters that ask one part: the same value as the property
 * FeltPlay forwards from it. */
#define PART_GETTER(type, name, fallback, part_getter, part) \
  type                                                         \
  name (FeltPlay *self)                                        \
  {                                                            \
    g_return_val_if_fail (FELT_IS_PLAY (self), fallback);      \
    return part_getter (self->part);                           \
  }

/* ---- the files ------------------------------------------------------------------------- */

/* The help this deal had, as the files and the games left keep it: a
 * game the solution was shown in stays that once resumed or brought
 * back, out of the statistics as the demo's is. */
static FeltGameHelp
help_given (FeltPlay *self)
{
  return (self->demo_played ? FELT_GAME_HELP_DEMO : FELT_GAME_HELP_NONE) |
         (self->solution_shown ? FELT_GAME_HELP_SOLUTION : FELT_GAME_HELP_NONE);
}

/* Saves the game and, while they wait, the statistics; `quiet` while
 * the object goes. */
static void
save_files (FeltPlay *self, gboolean quiet)
{
  self->save_pending = FALSE;
  felt_record_save (self->record, self->session, felt_clock_get_usec (self->clock) / 1000, help_given (self), quiet);
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
  if (felt_solver_gate_get_on_screen (self->gate))
    save_files (self, FALSE);
  else
    self->save_pending = TRUE;
}

/* A deal counts as played once a move is made; record its result once. */
static void
count_result (FeltPlay *self, gboolean won)
{
  if (self->counted || felt_session_get_n_moves (self->session) == 0)
    return;
  self->counted = TRUE;
  felt_record_count_result (self->record, self->session, felt_clock_get_usec (self->clock) / 1000,
                            felt_solver_view_get_difficulty (self->view), self->demo_played,
                            self->solution_shown, won);
}

gboolean
felt_play_in_progress (FeltPlay *self)
{
  g_return_val_if_fail (FELT_IS_PLAY (self), FALSE);
  /* The demo's games are not counted: leaving one is no loss. */
  return self->session && !self->counted && !self->demo_played && !self->solution_shown &&
         felt_session_get_n_moves (self->session) > 0;
}

PART_GETTER (const FeltHistory *, felt_play_get_history, NULL, felt_record_get_history, record)
PART_GETTER (const FeltLastGame *, felt_play_get_last_game, NULL, felt_record_get_last_game, record)
PART_GETTER (const FeltStats *, felt_play_get_stats, NULL, felt_record_get_stats, record)

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
  felt_position_text_update (self->text, self->session,
                             felt_session_can_undo (self->session) || felt_play_get_undo_returns (self),
                             felt_session_can_redo (self->session) ||
                             felt_left_games_get_count (self->left, FELT_LEFT_AHEAD) > 0);
}

/* After the player's move, let safe cards go home one by one. */
static void
schedule_auto_move (FeltPlay *self)
{
  felt_auto_moves_schedule (self->autos, felt_animation_ms (self->animation_speed, 220));
}

static void return_to_game (FeltPlay *self, FeltLeftWay from);
static void update_solution_reason (FeltPlay *self);

/* After every change of the position: the texts, the clock, the file,
 * the statistics, the solver and the end of the game. */
static void
position_changed (FeltPlay *self)
{
  gboolean won, over, ended = FALSE;

  g_object_freeze_notify (G_OBJECT (self));
  update_texts (self);
  won = felt_position_text_get_won (self->text);
  over = felt_position_text_get_over (self->text);
  if (won || over)
    {
      felt_clock_run (self->clock, FALSE);
      count_result (self, won);
    }
  else if (felt_position_text_get_n_moves (self->text) > 0)
    felt_clock_run (self->clock, TRUE);
  save_game_soon (self);
  schedule_auto_move (self);
  felt_solver_gate_update (self->gate);

  /* The end dialog's words: a deal the demo or the solution helped in is
   * not the player's win. */
  set_message (self, won ? (self->demo_played      ? _("The demo won this game")
                            : self->solution_shown ? _("Won with the solution")
                                                   : _("You won!"))
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
  if (felt_session_play_full (self->session, move, felt_auto_moves_get_moving (self->autos)) != FELT_LEGAL)
    return FALSE;
  if (felt_demo_get_running (self->demo))
    self->demo_played = TRUE;
  /* A move drops what Redo would do, the newer deals too. */
  felt_left_games_clear (self->left, FELT_LEFT_AHEAD);
  moved (self, &before, animate,
         felt_auto_moves_get_moving (self->autos) ? FELT_PLAY_CHANGE_AUTO
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
  felt_auto_moves_hold (self->autos, TRUE);
  moved (self, &before, TRUE, change);
  felt_auto_moves_hold (self->autos, FALSE);
  return TRUE;
}

gboolean
felt_play_undo_many (FeltPlay *self, guint count)
{
  g_return_val_if_fail (FELT_IS_PLAY (self), FALSE);
  felt_auto_moves_cancel (self->autos);
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
      felt_auto_moves_cancel (self->autos);
      return_to_game (self, FELT_LEFT_BEHIND);
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
  if (felt_left_games_redo_goes_ahead (self->left, self->session))
    {
      felt_auto_moves_cancel (self->autos);
      return_to_game (self, FELT_LEFT_AHEAD);
      return TRUE;
    }
  return take_steps (self, felt_session_redo, self->session ? felt_session_get_turn_redo (self->session) : 1,
                     FELT_PLAY_CHANGE_REDO);
}

gboolean
felt_play_get_undo_returns (FeltPlay *self)
{
  g_return_val_if_fail (FELT_IS_PLAY (self), FALSE);
  return felt_left_games_undo_returns (self->left, self->session);
}

gboolean
felt_play_undo_to_winnable (FeltPlay *self)
{
  guint back = felt_solver_view_get_moves_back (self->view);

  g_return_val_if_fail (FELT_IS_PLAY (self), FALSE);
  return back > 0 && felt_play_undo_many (self, back);
}

FeltPlayChange
felt_play_get_change (FeltPlay *self)
{
  g_return_val_if_fail (FELT_IS_PLAY (self), FELT_PLAY_CHANGE_MOVE);
  return self->change;
}

PART_GETTER (gboolean, felt_play_get_auto_pending, FALSE, felt_auto_moves_get_pending, autos)

/* ---- games --------------------------------------------------------------------------- */

/* The game in play goes, as it is, first of the games `way`; leaving
 * a deal in progress counts as a loss. */
static void
leave_game (FeltPlay *self, FeltLeftWay way)
{
  FeltGameId id = felt_state_get_game_id (felt_session_get_state (self->session));
  FeltGameStats before = felt_play_get_stats (self)->games[id];

  if (felt_play_in_progress (self))
    {
      count_result (self, FALSE);
      /* Given up: it can be replayed. */
      felt_record_keep_last_game (self->record, self->session, felt_clock_get_usec (self->clock) / 1000, FALSE);
    }
  /* Back by Undo, a game the solution was shown in is not the player's. */
  felt_left_games_push (self->left, way, g_steal_pointer (&self->session), felt_clock_get_usec (self->clock) / 1000,
                        self->counted, help_given (self), &before);
}

/* The session in play becomes `session` (taken), with `elapsed_ms` on
 * the clock, `counted` or not, with the help it had; the one in play
 * goes first of the games `keep` (or, with `drop`, it goes). */
static void
take_session (FeltPlay *self, FeltSession *session, gint64 elapsed_ms, gboolean counted, FeltGameHelp help,
              FeltLeftWay keep, gboolean drop)
{
  const FeltGame *old = self->session ? felt_session_get_game (self->session) : NULL;
  guint32 old_seed = self->session ? felt_session_get_seed (self->session) : 0;

  g_object_freeze_notify (G_OBJECT (self));
  felt_play_stop_demo (self);
  felt_solution_leave (self->solution);
  felt_solver_gate_set_wanted (self->gate, FALSE);
  if (!drop && self->session)
    leave_game (self, keep);
  felt_clock_reset (self->clock, elapsed_ms * 1000);
  self->counted = self->game_ended = counted;
  self->demo_played = (help & FELT_GAME_HELP_DEMO) != 0;
  self->solution_shown = (help & FELT_GAME_HELP_SOLUTION) != 0;
  g_clear_pointer (&self->session, felt_session_free);
  self->session = session;
  felt_solver_view_set_session (self->view, session);
  felt_auto_moves_set_session (self->autos, session);
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
  felt_left_games_clear (self->left, FELT_LEFT_AHEAD);
  take_session (self, felt_session_new (game, seed), 0, FALSE, FELT_GAME_HELP_NONE, FELT_LEFT_BEHIND, FALSE);
}

/* Undo or Redo across deals: the first game `from` comes back as it
 * was left (its loss taken back), the one in play goes the other way. */
static void
return_to_game (FeltPlay *self, FeltLeftWay from)
{
  gint64 elapsed_ms;
  gboolean counted;
  FeltGameHelp help;
  FeltSession *session = felt_left_games_pop (self->left, from, &elapsed_ms, &counted, &help);

  /* Back at its position: no automatic move changes it. */
  felt_auto_moves_hold (self->autos, TRUE);
  take_session (self, session, elapsed_ms, counted, help,
                from == FELT_LEFT_BEHIND ? FELT_LEFT_AHEAD : FELT_LEFT_BEHIND, FALSE);
  felt_auto_moves_hold (self->autos, FALSE);
}

gboolean
felt_play_resume (FeltPlay *self)
{
  FeltSession *session;
  const FeltState *st;
  gint64 elapsed_ms = 0;
  FeltGameHelp help;

  g_return_val_if_fail (FELT_IS_PLAY (self), FALSE);
  session = felt_record_load_game (self->record, &elapsed_ms, &help);
  if (session == NULL)
    return FALSE;
  /* A game that had already ended was counted when it ended. */
  st = felt_session_get_state (session);
  felt_left_games_clear (self->left, FELT_LEFT_BEHIND);
  felt_left_games_clear (self->left, FELT_LEFT_AHEAD);
  /* A game the demo played in, or the solution was shown in, still
   * counts nowhere once resumed. */
  take_session (self, session, elapsed_ms, felt_state_is_won (st) || felt_state_is_over (st),
                help, FELT_LEFT_BEHIND, TRUE);
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
  felt_deal_finder_set_waiting (self->finder, game, seed);
  g_signal_emit (self, signals[SIGNAL_CONFIRM_ABANDON], 0);
}

void
felt_play_give_up (FeltPlay *self)
{
  const FeltGame *game;
  guint32 seed;

  g_return_if_fail (FELT_IS_PLAY (self));
  if (!felt_deal_finder_take_waiting (self->finder, &game, &seed))
    return;
  felt_play_start (self, game, seed);
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

PART_GETTER (gboolean, felt_play_get_can_undo, FALSE, felt_position_text_get_can_undo, text)
PART_GETTER (gboolean, felt_play_get_can_redo, FALSE, felt_position_text_get_can_redo, text)
PART_GETTER (guint, felt_play_get_score, 0, felt_position_text_get_score, text)
PART_GETTER (const char *, felt_play_get_status_text, NULL, felt_position_text_get_status_text, text)
PART_GETTER (const char *, felt_play_get_score_text, NULL, felt_position_text_get_score_text, text)
PART_GETTER (const char *, felt_play_get_solver_status, NULL, felt_solver_view_get_status, view)
PART_GETTER (FeltSolveVerdict, felt_play_get_solver_verdict, FELT_SOLVE_UNKNOWN, felt_solver_view_get_verdict, view)
PART_GETTER (guint, felt_play_get_moves_back, 0, felt_solver_view_get_moves_back, view)
PART_GETTER (guint, felt_play_get_elapsed, 0, felt_clock_get_elapsed, clock)
PART_GETTER (const char *, felt_play_get_elapsed_text, NULL, felt_clock_get_elapsed_text, clock)
PART_GETTER (const char *, felt_play_get_message, NULL, felt_position_text_get_message, text)
PART_GETTER (gboolean, felt_play_get_won, FALSE, felt_position_text_get_won, text)
PART_GETTER (gboolean, felt_play_get_over, FALSE, felt_position_text_get_over, text)
PART_GETTER (const char *, felt_play_get_notice, NULL, felt_record_get_notice, record)

/* On the screen at last: the change that waited for it is saved. */
static void
on_screen_changed (FeltPlay *self)
{
  if (felt_solver_gate_get_on_screen (self->gate) && self->save_pending)
    save_files (self, FALSE);
}

/* ---- the solver's view, the demo, new deals ------------------------------------------- */

PART_GETTER (FeltDifficulty, felt_play_get_difficulty, FELT_DIFFICULTY_UNKNOWN, felt_solver_view_get_difficulty, view)
PART_GETTER (gboolean, felt_play_get_thinking, FALSE, felt_solver_view_get_thinking, view)

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
  if (!felt_solver_view_hint (self->view, felt_solver_gate_get_on_screen (self->gate), move))
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
  felt_solver_gate_update (self->gate);
}

PART_GETTER (gboolean, felt_play_get_demo_running, FALSE, felt_demo_get_running, demo)

/* A move of the demo or an automatic one. */
static void
play_part_move (FeltPlay *self, const FeltMove *move)
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

static gboolean
enter_solution (FeltPlay *self)
{
  /* The game waits as it is: no demo, no automatic move, no time. */
  felt_play_stop_demo (self);
  felt_auto_moves_cancel (self->autos);
  return felt_solution_enter_from (self->solution, self->view, self->session);
}

static void
update_solution_reason (FeltPlay *self)
{
  FeltSolutionReason reason;

  felt_solution_update_reason (self->solution, self->view, self->session, felt_position_text_get_won (self->text),
                               felt_position_text_get_over (self->text));
  reason = felt_solution_get_reason (self->solution);
  if (felt_solver_gate_get_wanted (self->gate) && reason != FELT_SOLUTION_DECIDING && reason != FELT_SOLUTION_ASK)
    {
      felt_solver_gate_set_wanted (self->gate, FALSE);
      set_message (self, "");
      if (!enter_solution (self))
        set_message (self, felt_solution_get_label (self->solution));
    }
}

gboolean
felt_play_show_solution (FeltPlay *self)
{
  g_return_val_if_fail (FELT_IS_PLAY (self), FALSE);
  if (felt_solution_get_active (self->solution))
    return TRUE;
  if (felt_solution_get_reason (self->solution) == FELT_SOLUTION_ASK)
    {
      felt_solver_gate_set_wanted (self->gate, TRUE);
      set_message (self, _("Looking for a solution…"));
      felt_solver_gate_update (self->gate);
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
  else if (self->session && !felt_position_text_get_won (self->text) && !felt_position_text_get_over (self->text) &&
           felt_position_text_get_n_moves (self->text) > 0)
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
  felt_left_games_clear (self->left, FELT_LEFT_AHEAD);
  g_clear_pointer (&self->session, felt_session_free);
  self->session = shown;
  felt_solver_view_set_session (self->view, shown);
  felt_auto_moves_set_session (self->autos, shown);
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
    case PROP_ANIMATION_SPEED: g_value_set_enum (value, self->animation_speed); break;
    default:
      /* the parts' */
      if (!felt_forward_get (self, forwarded, G_N_ELEMENTS (forwarded), prop_id, value))
        G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
felt_play_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  FeltPlay *self = FELT_PLAY (object);

  switch (prop_id)
    {
    case PROP_ANIMATION_SPEED: self->animation_speed = g_value_get_enum (value); break;
    default:
      /* the parts' writable ones: the preferences, the notice, on-screen and active */
      if (!felt_forward_set (self, forwarded, G_N_ELEMENTS (forwarded), prop_id, value))
        G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
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
  g_clear_object (&self->autos);
  g_clear_object (&self->left);
  g_clear_object (&self->text);
  g_clear_object (&self->demo);
  g_clear_object (&self->solution);
  g_clear_object (&self->finder);
  g_clear_object (&self->gate);
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
  G_OBJECT_CLASS (felt_play_parent_class)->finalize (object);
}

static void
felt_play_class_init (FeltPlayClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags readable = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY;

  object_class->get_property = felt_play_get_property;
  object_class->set_property = felt_play_set_property;
  object_class->dispose = felt_play_dispose;
  object_class->finalize = felt_play_finalize;

  /* The FeltSession in play (borrowed), replaced by a start or a resume. */
  properties[PROP_SESSION] = g_param_spec_pointer ("session", NULL, NULL, readable);
  properties[PROP_GAME] = g_param_spec_string ("game", NULL, NULL, NULL, readable);   /* the game's id: "cruel" */
  /* translated: "Cruel" */
  properties[PROP_GAME_NAME] = g_param_spec_string ("game-name", NULL, NULL, NULL, readable);
  properties[PROP_SEED] = g_param_spec_uint ("seed", NULL, NULL, 0, G_MAXUINT, 0, readable);   /* the deal number */
  /* How fast cards slide: automatic moves wait for the slide before, the
   * demo moves at this pace. */
  properties[PROP_ANIMATION_SPEED] = g_param_spec_enum ("animation-speed", NULL, NULL, FELT_TYPE_ANIMATION_SPEED,
                                                        FELT_ANIMATION_NORMAL,
                                                        G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  /* The parts' (felt-position-text.c, felt-solver-view.c… say what they are). */
  felt_forward_install (forwarded, G_N_ELEMENTS (forwarded), properties);
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

  self->clock = felt_clock_new ();
  self->record = felt_record_new ();
  self->view = felt_solver_view_new ();
  self->demo = felt_demo_new (self->view);
  self->gate = felt_solver_gate_new (self->view, self->demo);
  self->finder = felt_deal_finder_new ();
  self->text = felt_position_text_new ();
  self->left = felt_left_games_new (self->record);
  self->autos = felt_auto_moves_new ();
  self->solution = felt_solution_new ();
  /* Before the forwarding: the change that waited is saved before
   * "on-screen" is said. */
  g_signal_connect_object (self->gate, "notify::on-screen", G_CALLBACK (on_screen_changed), self,
                           G_CONNECT_SWAPPED);
  felt_forward_connect (self, forwarded, G_N_ELEMENTS (forwarded), properties);
  /* Switched on, the preferences act at once. */
  g_signal_connect_object (self->autos, "notify::enabled", G_CALLBACK (schedule_auto_move), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->record, "retry", G_CALLBACK (save_again), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->demo, "move", G_CALLBACK (play_part_move), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->autos, "move", G_CALLBACK (play_part_move), self, G_CONNECT_SWAPPED);
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
