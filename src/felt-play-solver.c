/* felt-play-solver.c: the game in play's solver: the status ("Winnable"),
 * Undo to Winnable, hints, the demo and the search for a winnable deal.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gio/gio.h>
#include <glib/gi18n.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "felt-names.h"
#include "felt-play-private.h"
#include "felt-phrases.h"

/* ---- the solver ------------------------------------------------------------------------ */

/* How many moves the player must take back to reach the latest position of
 * this game the solver proved winnable; 0 when it knows none.  The history
 * is replayed on a copy of the session (microseconds for any real game) and
 * each position looked up in what the solver already found: this never
 * starts a search. */
static guint
moves_back_to_winnable (FeltPlay *self)
{
  FeltSession *session = self->session;
  guint n = felt_session_get_n_moves (session);
  g_autoptr (FeltSession) replay = felt_session_new (felt_session_get_game (session),
                                                     felt_session_get_seed (session));

  for (guint i = 0; i < n; i++)
    {
      FeltMove move = felt_session_get_move (session, i);
      if (felt_session_play (replay, &move) != FELT_LEGAL)
        return 0;
    }
  for (guint back = 1; back <= n && felt_session_undo (replay); back++)
    {
      FeltSolveVerdict verdict;
      if (felt_analysis_lookup (self->analysis, felt_session_get_state (replay), &verdict, NULL, NULL) &&
          verdict == FELT_SOLVE_WINNABLE)
        return back;
    }
  return 0;
}

void
felt_play_update_solver_status (FeltPlay *self)
{
  const FeltState *st;
  FeltSolveVerdict verdict;
  double chance = -1;
  g_autofree char *text = NULL;
  guint back = 0;

  if (self->session == NULL)
    return;
  st = felt_session_get_state (self->session);
  if (!felt_analysis_lookup (self->analysis, st, &verdict, NULL, &chance))
    verdict = FELT_SOLVE_UNKNOWN;
  if (verdict == FELT_SOLVE_WINNABLE)
    self->was_winnable = TRUE;

  if (!self->show_winnable || felt_state_is_won (st))
    text = g_strdup ("");
  else if (chance >= 0)
    /* TRANSLATORS: Scuffle's chance to win with random reshuffles, e.g. "Chance of winning: 42%" */
    text = g_strdup_printf (_("Chance of winning: %d%%"), (int) (chance * 100 + 0.5));
  else if (verdict == FELT_SOLVE_WINNABLE)
    text = g_strdup (_("Winnable"));
  else if (verdict == FELT_SOLVE_LOST)
    text = g_strdup (self->was_winnable ? _("No longer winnable") : _("Cannot be won"));
  else
    text = g_strdup ("");

  /* A lost position that was winnable a few moves ago: offer the way back,
   * where the player is looking.  Hidden with the status itself. */
  if (verdict == FELT_SOLVE_LOST && self->was_winnable && text[0] != '\0')
    back = moves_back_to_winnable (self);

  g_object_freeze_notify (G_OBJECT (self));
  if (self->verdict != verdict)
    {
      self->verdict = verdict;
      felt_play_notify (self, PROP_SOLVER_VERDICT);
    }
  felt_play_set_text (self, &self->solver_status, text, PROP_SOLVER_STATUS);
  if (self->moves_back != back)
    {
      gboolean could = self->moves_back > 0;
      self->moves_back = back;
      felt_play_notify (self, PROP_MOVES_BACK);
      if (could != (back > 0))
        felt_play_notify (self, PROP_CAN_UNDO_TO_WINNABLE);
    }
  g_object_thaw_notify (G_OBJECT (self));
}

/* A search is over: its memory goes back to the system, rather than stay
 * with malloc until the next one. */
static void
analysis_done (FeltPlay *self)
{
#ifdef __GLIBC__
  malloc_trim (0);
#endif
  felt_play_update_solver_status (self);
}

void
felt_play_analyse (FeltPlay *self)
{
  const FeltState *st = felt_session_get_state (self->session);

  /* The search would take the processor from the start-up: it begins
   * once the game is on the screen. */
  if (!self->on_screen)
    {
      felt_play_update_solver_status (self);
      return;
    }
  if (felt_state_is_won (st))
    felt_analysis_cancel (self->analysis);
  else
    felt_analysis_request (self->analysis, st);
  felt_play_update_solver_status (self);
}

gboolean
felt_play_hint (FeltPlay *self, FeltMove *move)
{
  FeltSolveVerdict verdict;
  const FeltState *st;

  g_return_val_if_fail (FELT_IS_PLAY (self), FALSE);
  if (self->session == NULL)
    return FALSE;
  st = felt_session_get_state (self->session);
  /* The next move of a winning line, when the solver knows one. */
  if (!(felt_analysis_lookup (self->analysis, st, &verdict, move, NULL) && verdict == FELT_SOLVE_WINNABLE) &&
      !felt_state_hint (st, move))
    {
      felt_play_set_message (self, _("No move is left"));
      return FALSE;
    }
  /* One sentence built for each language (felt-phrases.c), the same the
   * screen reader speaks. */
  {
    g_autofree char *text = felt_phrase_hint (st, move);
    felt_play_set_message (self, text);
  }
  return TRUE;
}

/* ---- the demo ------------------------------------------------------------------------ */

static void
set_demo (FeltPlay *self, guint id)
{
  gboolean was = self->demo_id != 0;

  self->demo_id = id;
  if (was != (id != 0))
    felt_play_notify (self, PROP_DEMO_RUNNING);
}

void
felt_play_stop_demo (FeltPlay *self)
{
  g_return_if_fail (FELT_IS_PLAY (self));
  if (self->demo_id == 0)
    return;
  g_source_remove (self->demo_id);
  set_demo (self, 0);
  felt_play_set_message (self, "");
}

static gboolean
demo_step (gpointer data)
{
  FeltPlay *self = FELT_PLAY (data);
  const FeltState *st = felt_session_get_state (self->session);
  FeltSolveVerdict verdict;
  FeltMove next;

  if (felt_state_is_won (st))
    {
      set_demo (self, 0);
      return G_SOURCE_REMOVE;
    }
  if (!felt_analysis_lookup (self->analysis, st, &verdict, &next, NULL))
    return G_SOURCE_CONTINUE;     /* still thinking */
  if (verdict != FELT_SOLVE_WINNABLE)
    {
      set_demo (self, 0);
      felt_play_set_message (self, _("The demo knows no way to win from here"));
      return G_SOURCE_REMOVE;
    }
  felt_play_move (self, &next, TRUE);
  return G_SOURCE_CONTINUE;
}

void
felt_play_toggle_demo (FeltPlay *self)
{
  g_return_if_fail (FELT_IS_PLAY (self));

  if (self->demo_id)
    {
      felt_play_stop_demo (self);
      return;
    }
  if (self->session == NULL)
    return;
  felt_play_analyse (self);
  felt_play_set_message (self, _("Demo: any key or click stops it"));
  set_demo (self, g_timeout_add (650, demo_step, self));
}

gboolean
felt_play_get_demo_running (FeltPlay *self)
{
  g_return_val_if_fail (FELT_IS_PLAY (self), FALSE);
  return self->demo_id != 0;
}

typedef struct {
  const FeltGame *game;
  guint32 seed;
  gint cancel;     /* atomic, for felt_solve */
} DealSearch;

static void
set_flag (GCancellable *cancellable, gint *flag)
{
  g_atomic_int_set (flag, 1);
}

/* Deals until the solver wins one; gives up after a few (then the last
 * deal is played anyway). */
static void
search_deal_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  DealSearch *search = data;
  /* A search in progress stops as soon as the player asks for something
   * else (Backbone's can take seconds). */
  gulong handler = g_cancellable_connect (cancellable, G_CALLBACK (set_flag), &search->cancel, NULL);

  for (int tries = 0; tries < 40 && !g_cancellable_is_cancelled (cancellable); tries++)
    {
      FeltState st;
      FeltSolveResult r;
      gboolean won;

      search->seed = g_random_int ();
      felt_state_deal (&st, search->game, search->seed);
      felt_solve (&st, 0, &search->cancel, &r);
      won = r.verdict == FELT_SOLVE_WINNABLE;
      felt_solve_result_clear (&r);
      if (won)
        break;
    }
  g_cancellable_disconnect (cancellable, handler);
  g_task_return_boolean (task, TRUE);
}

static void
search_deal_done (GObject *source, GAsyncResult *res, gpointer user_data)
{
  FeltPlay *self = FELT_PLAY (source);
  DealSearch *search = g_task_get_task_data (G_TASK (res));

  if (g_cancellable_is_cancelled (g_task_get_cancellable (G_TASK (res))))
    return;
  g_clear_object (&self->deal_search);
  felt_play_notify (self, PROP_SEARCHING);
  felt_play_set_message (self, "");
  felt_play_request_start (self, search->game, search->seed);
}

static void
cancel_search (FeltPlay *self)
{
  if (self->deal_search == NULL)
    return;
  g_cancellable_cancel (self->deal_search);
  g_clear_object (&self->deal_search);
  felt_play_notify (self, PROP_SEARCHING);
}

void
felt_play_new_deal (FeltPlay *self, const FeltGame *game)
{
  g_autoptr (GTask) task = NULL;
  DealSearch *search;

  g_return_if_fail (FELT_IS_PLAY (self));
  if (game == NULL && self->session)
    game = felt_session_get_game (self->session);
  g_return_if_fail (game != NULL);

  cancel_search (self);
  if (!self->winnable_deals_only)
    {
      felt_play_request_start (self, game, g_random_int ());
      return;
    }
  search = g_new0 (DealSearch, 1);
  search->game = game;
  self->deal_search = g_cancellable_new ();
  task = g_task_new (self, self->deal_search, search_deal_done, NULL);
  g_task_set_task_data (task, search, g_free);
  felt_play_set_message (self, _("Looking for a winnable deal…"));
  felt_play_notify (self, PROP_SEARCHING);
  g_task_run_in_thread (task, search_deal_thread);
}

/* ---- the object's part ---------------------------------------------------------------- */

void
felt_play_solver_init (FeltPlay *self)
{
  self->analysis = felt_analysis_new ();
  g_signal_connect_swapped (self->analysis, "done", G_CALLBACK (analysis_done), self);
}

void
felt_play_solver_dispose (FeltPlay *self)
{
  g_clear_handle_id (&self->demo_id, g_source_remove);
  if (self->deal_search)
    g_cancellable_cancel (self->deal_search);
  g_clear_object (&self->deal_search);
  if (self->analysis)
    {
      felt_analysis_cancel (self->analysis);
      g_signal_handlers_disconnect_by_data (self->analysis, self);
    }
  g_clear_object (&self->analysis);
}
