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

/* The solver searches on its own only while the player can see what it
 * says: the window is shown and the status is wanted.  The demo asks it
 * whatever the status. */
static gboolean
search_allowed (FeltPlay *self)
{
  return self->on_screen && (self->demo_id != 0 || (self->active && self->show_winnable));
}

/* The deal's first position, while its rating runs: the rating's search
 * answers for it (one search, not two). */
static gboolean
rating_answers (FeltPlay *self, const FeltState *st)
{
  FeltState first;

  if (self->rating == NULL || felt_analysis_get_budget (self->analysis) != 0 ||
      self->rated_game != felt_session_get_game (self->session) ||
      self->rated_seed != felt_session_get_seed (self->session))
    return FALSE;
  felt_state_deal (&first, self->rated_game, self->rated_seed);
  return felt_state_equal (&first, st);
}

static gboolean
thinking_shown (gpointer data)
{
  FeltPlay *self = FELT_PLAY (data);

  self->thinking_id = 0;
  felt_play_set_bool (self, &self->thinking, TRUE, PROP_THINKING);
  felt_play_update_solver_status (self);
  return G_SOURCE_REMOVE;
}

/* "Thinking…" once a search of this position has run for a moment
 * (quick answers never flash it); off as soon as it ends. */
static void
update_thinking (FeltPlay *self, gboolean known)
{
  const FeltState *st = felt_session_get_state (self->session);
  gboolean searching = !known && !felt_state_is_won (st) &&
                       (felt_analysis_is_running (self->analysis) || rating_answers (self, st));

  if (!searching)
    {
      g_clear_handle_id (&self->thinking_id, g_source_remove);
      felt_play_set_bool (self, &self->thinking, FALSE, PROP_THINKING);
    }
  else if (!self->thinking && self->thinking_id == 0)
    self->thinking_id = g_timeout_add (self->thinking_delay_ms, thinking_shown, self);
}

void
felt_play_update_solver_status (FeltPlay *self)
{
  const FeltState *st;
  FeltSolveVerdict verdict;
  double chance = -1;
  g_autofree char *text = NULL;
  guint back = 0;
  gboolean known;

  if (self->session == NULL)
    return;
  st = felt_session_get_state (self->session);
  known = felt_analysis_lookup (self->analysis, st, &verdict, NULL, &chance);
  if (!known)
    verdict = FELT_SOLVE_UNKNOWN;
  update_thinking (self, known);
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
  else if (known)
    /* TRANSLATORS: the solver's budget ran out before it could decide
     * whether the game can be won */
    text = g_strdup (_("Can’t tell"));
  else if (self->thinking)
    /* TRANSLATORS: the solver is still searching this position */
    text = g_strdup (_("Thinking…"));
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

static void rate_deal (FeltPlay *self);

void
felt_play_analyse (FeltPlay *self)
{
  const FeltState *st = felt_session_get_state (self->session);

  /* A new position: "Thinking…" waits for its own delay. */
  g_clear_handle_id (&self->thinking_id, g_source_remove);
  felt_play_set_bool (self, &self->thinking, FALSE, PROP_THINKING);

  /* The search would take the processor from the start-up: it begins
   * once the game is on the screen; and it stops while nobody looks. */
  if (!search_allowed (self))
    {
      felt_analysis_cancel (self->analysis);
      if (self->rating)
        {
          g_cancellable_cancel (self->rating);
          g_clear_object (&self->rating);
          self->rated_game = NULL;    /* rated again when allowed */
        }
      felt_play_update_solver_status (self);
      return;
    }
  rate_deal (self);
  if (felt_state_is_won (st) || rating_answers (self, st))
    felt_analysis_cancel (self->analysis);
  else
    felt_analysis_request (self->analysis, st);
  felt_play_update_solver_status (self);
}

void
felt_play_solver_allowed_changed (FeltPlay *self)
{
  if (self->session)
    felt_play_analyse (self);
}

/* ---- the deal's difficulty ------------------------------------------------------------ */

static void
set_difficulty (FeltPlay *self, FeltDifficulty difficulty)
{
  if (self->difficulty == difficulty)
    return;
  self->difficulty = difficulty;
  felt_play_notify (self, PROP_DIFFICULTY);
}

static void
rate_done (GObject *source, GAsyncResult *res, gpointer user_data)
{
  FeltPlay *self = user_data;     /* alive: dispose cancels first */
  FeltSolveResult solved = { 0 };
  FeltRating rating;
  FeltState first;

  if (!felt_analysis_rate_deal_finish (res, &rating, &solved))
    return;
  g_clear_object (&self->rating);
  set_difficulty (self, rating.difficulty);
  /* What the rating found of the first position saves searching it
   * (searched at the default budget: not when the tests set another). */
  felt_state_deal (&first, self->rated_game, self->rated_seed);
  if (felt_analysis_get_budget (self->analysis) == 0)
    felt_analysis_store (self->analysis, &first, &solved);
  felt_solve_result_clear (&solved);
}

/* Rates the deal in play once (the search of its first position with it). */
static void
rate_deal (FeltPlay *self)
{
  const FeltGame *game = felt_session_get_game (self->session);
  guint32 seed = felt_session_get_seed (self->session);

  if (self->rated_game == game && self->rated_seed == seed)
    return;
  if (self->rating)
    g_cancellable_cancel (self->rating);
  g_clear_object (&self->rating);
  set_difficulty (self, FELT_DIFFICULTY_UNKNOWN);
  self->rated_game = game;
  self->rated_seed = seed;
  self->rating = g_cancellable_new ();
  felt_analysis_rate_deal_async (game, seed, self->rating, rate_done, self);
}

void
felt_play_set_rated (FeltPlay *self, const FeltGame *game, guint32 seed, FeltDifficulty difficulty)
{
  if (self->rating)
    g_cancellable_cancel (self->rating);
  g_clear_object (&self->rating);
  self->rated_game = game;
  self->rated_seed = seed;
  set_difficulty (self, difficulty);
}

FeltDifficulty
felt_play_get_difficulty (FeltPlay *self)
{
  g_return_val_if_fail (FELT_IS_PLAY (self), FELT_DIFFICULTY_UNKNOWN);
  /* The rating belongs to one deal: another one is not rated yet. */
  if (self->session == NULL || self->rated_game != felt_session_get_game (self->session) ||
      self->rated_seed != felt_session_get_seed (self->session))
    return FELT_DIFFICULTY_UNKNOWN;
  return self->difficulty;
}

gboolean
felt_play_get_thinking (FeltPlay *self)
{
  g_return_val_if_fail (FELT_IS_PLAY (self), FALSE);
  return self->thinking;
}

void
felt_play_set_active (FeltPlay *self, gboolean active)
{
  g_return_if_fail (FELT_IS_PLAY (self));
  active = !!active;
  if (self->active == active)
    return;
  self->active = active;
  felt_play_solver_allowed_changed (self);
  felt_play_notify (self, PROP_ACTIVE);
}

void
felt_play_set_solver_budget (FeltPlay *self, guint64 node_budget, guint thinking_delay_ms)
{
  g_return_if_fail (FELT_IS_PLAY (self));
  felt_analysis_set_budget (self->analysis, node_budget);
  self->thinking_delay_ms = thinking_delay_ms;
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
  /* Asked: the solver searches even when it would not on its own, for
   * the next hint. */
  if (!felt_analysis_lookup (self->analysis, st, NULL, NULL, NULL) && self->on_screen)
    felt_analysis_request (self->analysis, st);
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
  felt_play_set_message (self, _("Demo: any key or click stops it"));
  set_demo (self, g_timeout_add (650, demo_step, self));
  /* The demo needs the solver, even where it does not search on its own. */
  felt_play_analyse (self);
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
  FeltDifficulty wanted;       /* FELT_DIFFICULTY_UNKNOWN: any winnable deal */
  FeltDifficulty difficulty;   /* the found deal's, when rated */
} DealSearch;

static void
set_flag (GCancellable *cancellable, gint *flag)
{
  g_atomic_int_set (flag, 1);
}

/* Deals until the solver wins one (of the difficulty wanted); gives up
 * after a few (then the last deal is played anyway). */
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
      gboolean found;

      search->seed = g_random_int ();
      search->difficulty = FELT_DIFFICULTY_UNKNOWN;
      felt_state_deal (&st, search->game, search->seed);
      felt_solve (&st, 0, &search->cancel, &r);
      found = r.verdict == FELT_SOLVE_WINNABLE;
      if (found && search->wanted != FELT_DIFFICULTY_UNKNOWN)
        {
          /* The rating reuses the search: only the quick games are added. */
          FeltRating rating;
          found = felt_solver_rate (&st, &r, &search->cancel, &rating) && rating.difficulty == search->wanted;
          search->difficulty = rating.difficulty;
        }
      felt_solve_result_clear (&r);
      if (found)
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
  if (search->difficulty != FELT_DIFFICULTY_UNKNOWN)
    felt_play_set_rated (self, search->game, search->seed, search->difficulty);
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
felt_play_set_new_deal (FeltPlay *self, const char *choice)
{
  static const char *const choices[] = { "any", "winnable", "easy", "medium", "hard" };
  gboolean valid = FALSE;

  for (guint i = 0; i < G_N_ELEMENTS (choices); i++)
    valid |= g_strcmp0 (choice, choices[i]) == 0;
  if (!valid)
    choice = "any";
  if (g_strcmp0 (self->new_deal, choice) == 0)
    return;
  g_free (self->new_deal);
  self->new_deal = g_strdup (choice);
  felt_play_notify (self, PROP_NEW_DEAL);
  felt_play_set_bool (self, &self->winnable_deals_only, !g_str_equal (choice, "any"), PROP_WINNABLE_DEALS_ONLY);
}

void
felt_play_new_deal (FeltPlay *self, const FeltGame *game)
{
  g_autoptr (GTask) task = NULL;
  DealSearch *search;
  const char *choice;

  g_return_if_fail (FELT_IS_PLAY (self));
  if (game == NULL && self->session)
    game = felt_session_get_game (self->session);
  g_return_if_fail (game != NULL);

  cancel_search (self);
  choice = self->new_deal ? self->new_deal : "any";
  if (g_str_equal (choice, "any"))
    {
      felt_play_request_start (self, game, g_random_int ());
      return;
    }
  search = g_new0 (DealSearch, 1);
  search->game = game;
  search->wanted = g_str_equal (choice, "easy") ? FELT_DIFFICULTY_EASY
                 : g_str_equal (choice, "medium") ? FELT_DIFFICULTY_MEDIUM
                 : g_str_equal (choice, "hard") ? FELT_DIFFICULTY_HARD
                 : FELT_DIFFICULTY_UNKNOWN;
  self->deal_search = g_cancellable_new ();
  task = g_task_new (self, self->deal_search, search_deal_done, NULL);
  g_task_set_task_data (task, search, g_free);
  felt_play_set_message (self, search->wanted == FELT_DIFFICULTY_EASY ? _("Looking for an easy deal…")
                             : search->wanted == FELT_DIFFICULTY_MEDIUM ? _("Looking for a medium deal…")
                             : search->wanted == FELT_DIFFICULTY_HARD ? _("Looking for a hard deal…")
                             : _("Looking for a winnable deal…"));
  felt_play_notify (self, PROP_SEARCHING);
  g_task_run_in_thread (task, search_deal_thread);
}

/* ---- the object's part ---------------------------------------------------------------- */

void
felt_play_solver_init (FeltPlay *self)
{
  self->active = TRUE;
  self->thinking_delay_ms = 300;
  self->difficulty = FELT_DIFFICULTY_UNKNOWN;
  self->new_deal = g_strdup ("any");
  self->analysis = felt_analysis_new ();
  g_signal_connect_swapped (self->analysis, "done", G_CALLBACK (analysis_done), self);
}

void
felt_play_solver_dispose (FeltPlay *self)
{
  g_clear_handle_id (&self->demo_id, g_source_remove);
  g_clear_handle_id (&self->thinking_id, g_source_remove);
  if (self->rating)
    g_cancellable_cancel (self->rating);
  g_clear_object (&self->rating);
  g_clear_pointer (&self->new_deal, g_free);
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
