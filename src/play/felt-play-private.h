/* felt-play-private.h: what the game in play's files share
 * (felt-play.c, felt-play-solver.c).
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "felt-analysis.h"
#include "felt-play.h"
#include "felt-saved-game.h"

G_BEGIN_DECLS

struct _FeltPlay
{
  GObject parent_instance;

  /* the game in play (owned) */
  FeltSession *session;

  /* what the properties show */
  gboolean can_undo, can_redo, won, over;
  guint n_moves, score, moves_back;
  char *status_text, *score_text, *solver_status, *elapsed_text, *message, *notice;
  FeltSolveVerdict verdict;

  /* the player's preferences (bound to the settings by the window) */
  gboolean auto_foundations;
  gboolean show_winnable;
  gboolean winnable_deals_only;   /* new_deal is not "any" */
  char *new_deal;                 /* "any", "winnable", "easy", "medium" or "hard" */
  gboolean animate;

  /* the clock: runs from the first move until the game ends */
  gint64 clock_started;       /* monotonic µs, 0 when stopped */
  gint64 clock_elapsed;       /* µs counted before clock_started */
  guint clock_id;
  guint elapsed;              /* whole seconds shown */

  /* the end of the game */
  gboolean game_ended;        /* "game-ended" was emitted for this position */

  /* the files (felt-play.c, "files and statistics") */
  FeltGameFile *game_file;
  FeltStatsFile *stats_file;
  gboolean counted;           /* this deal's result is in the statistics */
  char *told;                 /* the notice's sentence said once */
  char *problem;              /* what stays wrong with the files now */
  gboolean problem_closed;    /* the player closed the notice showing it */
  guint retry_id;             /* a save waits for another process's lock */

  /* the solver */
  FeltAnalysis *analysis;
  gboolean was_winnable;      /* some position of this deal was winnable */
  guint demo_id;              /* the demo plays the winning line */
  GCancellable *deal_search;  /* looking for a winnable deal */
  gboolean active;            /* the window is shown (not minimised): the solver may search */
  gboolean thinking;          /* a search of this position runs for a while */
  guint thinking_id;          /* the delay before "Thinking…" */
  guint thinking_delay_ms;
  /* the difficulty of the deal in play, rated once per deal */
  GCancellable *rating;       /* the rating under way */
  const FeltGame *rated_game; /* the deal rated (or being rated), NULL: none */
  guint32 rated_seed;
  FeltDifficulty difficulty;

  /* automatic moves to the foundations */
  guint auto_id;
  gboolean no_auto;           /* the change came from undo or redo */
  gboolean auto_moving;       /* the move under way is an automatic one */
  FeltPlayChange change;      /* the kind of the last change ("move-played") */

  /* Games left behind by New Game, Select Deal or Restart (LeftGame,
   * the latest first, at most MAX_LEFT_GAMES): Undo at a deal's first
   * position goes back to them.  The games Undo left that way wait in
   * next_games for Redo, from the position it came back to (next_at). */
  GQueue left_games, next_games;
  guint next_at;
  gboolean demo_played;       /* the demo made a move in this deal */

  /* a new deal waiting for the player to confirm abandoning this one */
  const FeltGame *pending_game;
  guint32 pending_seed;

  /* work the first frame does not need waits until it is drawn */
  gboolean on_screen;
  gboolean save_pending;
};

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
  PROP_ANIMATE,
  PROP_ON_SCREEN,
  PROP_ACTIVE,
  PROP_THINKING,
  PROP_DIFFICULTY,
  PROP_NEW_DEAL,
  N_PROPS
} FeltPlayProperty;

/* felt-play.c: properties change, notified only when they do. */
void felt_play_notify (FeltPlay *self, FeltPlayProperty prop);
void felt_play_set_bool (FeltPlay *self, gboolean *field, gboolean value, FeltPlayProperty prop);
void felt_play_set_uint (FeltPlay *self, guint *field, guint value, FeltPlayProperty prop);
void felt_play_set_text (FeltPlay *self, char **field, const char *value, FeltPlayProperty prop);
void felt_play_set_message (FeltPlay *self, const char *text);

/* felt-play-solver.c */
void felt_play_solver_init (FeltPlay *self);
void felt_play_solver_dispose (FeltPlay *self);
/* Asks the solver about the position in play (once it is on the screen). */
void felt_play_analyse (FeltPlay *self);
void felt_play_update_solver_status (FeltPlay *self);
/* The window was shown or hidden, or show-winnable changed: the solver
 * searches only while both hold (or when the player asks). */
void felt_play_solver_allowed_changed (FeltPlay *self);
void felt_play_set_new_deal (FeltPlay *self, const char *choice);
/* A new deal of known difficulty (New Game found it): no need to rate it. */
void felt_play_set_rated (FeltPlay *self, const FeltGame *game, guint32 seed, FeltDifficulty difficulty);

/* felt-play.c: the time played, in microseconds. */
gint64 felt_play_elapsed_usec (FeltPlay *self);

/* felt-play-files.c: the saved game and the statistics. */
void felt_play_load_files (FeltPlay *self);
void felt_play_update_problem (FeltPlay *self);
void felt_play_tell (FeltPlay *self, char *text);
void felt_play_save_files (FeltPlay *self, gboolean quiet);
void felt_play_save_game (FeltPlay *self);
void felt_play_save_game_soon (FeltPlay *self);
void felt_play_count_result (FeltPlay *self, gboolean won);

G_END_DECLS
