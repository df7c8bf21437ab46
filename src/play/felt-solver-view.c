/* felt-solver-view.c: the solver's view of the deal in play.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "felt-solver-view.h"

#include <glib/gi18n.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "felt-analysis.h"
#include "felt-play-enums.h"

struct _FeltSolverView
{
  GObject parent_instance;

  FeltAnalysis *analysis;
  FeltSession *session;       /* borrowed: the game in play */
  gboolean show_winnable;
  gboolean was_winnable;      /* some position of this deal was winnable */

  /* what the properties show */
  FeltSolveVerdict verdict;
  char *status;
  guint moves_back;
  gboolean thinking;          /* a search of this position runs for a while */
  guint thinking_id;          /* the delay before "Thinking…" */
  guint thinking_delay_ms;

  /* the difficulty of the deal in play, rated once per deal */
  GCancellable *rating;       /* the rating under way */
  const FeltGame *rated_game; /* the deal rated (or being rated), NULL: none */
  guint32 rated_seed;
  FeltDifficulty difficulty;
};

G_DEFINE_FINAL_TYPE (FeltSolverView, felt_solver_view, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_VERDICT,
  PROP_STATUS,
  PROP_MOVES_BACK,
  PROP_CAN_UNDO_TO_WINNABLE,
  PROP_THINKING,
  PROP_DIFFICULTY,
  PROP_SHOW_WINNABLE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* How many moves the player must take back to reach the latest position of
 * this game the solver proved winnable; 0 when it knows none.  The history
 * is replayed on a copy of the session (microseconds for any real game) and
 * each position looked up in what the solver already found: this never
 * starts a search. */
static guint
moves_back_to_winnable (FeltSolverView *self)
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

/* The deal's first position, while its rating runs: the rating's search
 * answers for it (one search, not two). */
static gboolean
rating_answers (FeltSolverView *self, const FeltState *st)
{
  FeltState first;

  if (self->rating == NULL || felt_analysis_get_budget (self->analysis) != 0 ||
      self->rated_game != felt_session_get_game (self->session) ||
      self->rated_seed != felt_session_get_seed (self->session))
    return FALSE;
  felt_state_deal (&first, self->rated_game, self->rated_seed);
  return felt_state_equal (&first, st);
}

static void
set_thinking (FeltSolverView *self, gboolean thinking)
{
  if (self->thinking == thinking)
    return;
  self->thinking = thinking;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_THINKING]);
}

static void update_status (FeltSolverView *self);

static gboolean
thinking_shown (gpointer data)
{
  FeltSolverView *self = FELT_SOLVER_VIEW (data);

  self->thinking_id = 0;
  set_thinking (self, TRUE);
  update_status (self);
  return G_SOURCE_REMOVE;
}

/* "Thinking…" once a search of this position has run for a moment
 * (quick answers never flash it); off as soon as it ends. */
static void
update_thinking (FeltSolverView *self, gboolean known)
{
  const FeltState *st = felt_session_get_state (self->session);
  gboolean searching = !known && !felt_state_is_won (st) &&
                       (felt_analysis_is_running (self->analysis) || rating_answers (self, st));

  if (!searching)
    {
      g_clear_handle_id (&self->thinking_id, g_source_remove);
      set_thinking (self, FALSE);
    }
  else if (!self->thinking && self->thinking_id == 0)
    self->thinking_id = g_timeout_add (self->thinking_delay_ms, thinking_shown, self);
}

/* The status line for what is known of the position `st`. */
static char *
status_text (FeltSolverView *self, const FeltState *st, FeltSolveVerdict verdict, gboolean known, double chance)
{
  if (!self->show_winnable || felt_state_is_won (st))
    return g_strdup ("");
  if (chance >= 0)
    /* TRANSLATORS: Scuffle's chance to win with random reshuffles, e.g. "Chance of winning: 42%" */
    return g_strdup_printf (_("Chance of winning: %d%%"), (int) (chance * 100 + 0.5));
  if (verdict == FELT_SOLVE_WINNABLE)
    return g_strdup (_("Winnable"));
  if (verdict == FELT_SOLVE_LOST)
    return g_strdup (self->was_winnable ? _("No longer winnable") : _("Cannot be won"));
  if (known)
    /* TRANSLATORS: the solver's budget ran out before it could decide
     * whether the game can be won */
    return g_strdup (_("Can’t tell"));
  if (self->thinking)
    /* TRANSLATORS: the solver is still searching this position */
    return g_strdup (_("Thinking…"));
  return g_strdup ("");
}

static void
update_status (FeltSolverView *self)
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
  text = status_text (self, st, verdict, known, chance);

  /* A lost position that was winnable a few moves ago: offer the way back,
   * where the player is looking.  Hidden with the status itself. */
  if (verdict == FELT_SOLVE_LOST && self->was_winnable && text[0] != '\0')
    back = moves_back_to_winnable (self);

  g_object_freeze_notify (G_OBJECT (self));
  if (self->verdict != verdict)
    {
      self->verdict = verdict;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VERDICT]);
    }
  if (g_strcmp0 (self->status, text) != 0)
    {
      g_free (self->status);
      self->status = g_steal_pointer (&text);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATUS]);
    }
  if (self->moves_back != back)
    {
      gboolean could = self->moves_back > 0;
      self->moves_back = back;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MOVES_BACK]);
      if (could != (back > 0))
        g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_UNDO_TO_WINNABLE]);
    }
  g_object_thaw_notify (G_OBJECT (self));
}

/* A search is over: its memory goes back to the system, rather than stay
 * with malloc until the next one. */
static void
analysis_done (FeltSolverView *self)
{
#ifdef __GLIBC__
  malloc_trim (0);
#endif
  update_status (self);
}

/* ---- the deal's difficulty ------------------------------------------------------------ */

static void
set_difficulty (FeltSolverView *self, FeltDifficulty difficulty)
{
  if (self->difficulty == difficulty)
    return;
  self->difficulty = difficulty;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DIFFICULTY]);
}

static void
cancel_rating (FeltSolverView *self)
{
  if (self->rating)
    g_cancellable_cancel (self->rating);
  g_clear_object (&self->rating);
}

static void
rate_done (GObject *source, GAsyncResult *res, gpointer user_data)
{
  FeltSolverView *self = user_data;     /* alive: dispose cancels first */
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
rate_deal (FeltSolverView *self)
{
  const FeltGame *game = felt_session_get_game (self->session);
  guint32 seed = felt_session_get_seed (self->session);

  if (self->rated_game == game && self->rated_seed == seed)
    return;
  cancel_rating (self);
  set_difficulty (self, FELT_DIFFICULTY_UNKNOWN);
  self->rated_game = game;
  self->rated_seed = seed;
  self->rating = g_cancellable_new ();
  felt_analysis_rate_deal_async (game, seed, self->rating, rate_done, self);
}

void
felt_solver_view_set_rated (FeltSolverView *self, const FeltGame *game, guint32 seed, FeltDifficulty difficulty)
{
  g_return_if_fail (FELT_IS_SOLVER_VIEW (self));
  cancel_rating (self);
  self->rated_game = game;
  self->rated_seed = seed;
  set_difficulty (self, difficulty);
}

FeltDifficulty
felt_solver_view_get_difficulty (FeltSolverView *self)
{
  g_return_val_if_fail (FELT_IS_SOLVER_VIEW (self), FELT_DIFFICULTY_UNKNOWN);
  /* The rating belongs to one deal: another one is not rated yet. */
  if (self->session == NULL || self->rated_game != felt_session_get_game (self->session) ||
      self->rated_seed != felt_session_get_seed (self->session))
    return FELT_DIFFICULTY_UNKNOWN;
  return self->difficulty;
}

/* ---- the position in play ------------------------------------------------------------- */

void
felt_solver_view_set_session (FeltSolverView *self, FeltSession *session)
{
  g_return_if_fail (FELT_IS_SOLVER_VIEW (self));
  self->session = session;
  self->was_winnable = FALSE;
}

void
felt_solver_view_analyse (FeltSolverView *self, gboolean allowed)
{
  const FeltState *st;

  g_return_if_fail (FELT_IS_SOLVER_VIEW (self));
  if (self->session == NULL)
    return;
  st = felt_session_get_state (self->session);

  /* A new position: "Thinking…" waits for its own delay. */
  g_clear_handle_id (&self->thinking_id, g_source_remove);
  set_thinking (self, FALSE);

  /* The search would take the processor from the start-up: it begins
   * once the game is on the screen; and it stops while nobody looks. */
  if (!allowed)
    {
      felt_analysis_cancel (self->analysis);
      if (self->rating)
        {
          cancel_rating (self);
          self->rated_game = NULL;    /* rated again when allowed */
        }
      update_status (self);
      return;
    }
  rate_deal (self);
  if (felt_state_is_won (st) || rating_answers (self, st))
    felt_analysis_cancel (self->analysis);
  else
    felt_analysis_request (self->analysis, st);
  update_status (self);
}

gboolean
felt_solver_view_get_won (FeltSolverView *self)
{
  g_return_val_if_fail (FELT_IS_SOLVER_VIEW (self), TRUE);
  return self->session == NULL || felt_state_is_won (felt_session_get_state (self->session));
}

gboolean
felt_solver_view_lookup (FeltSolverView *self, FeltSolveVerdict *verdict, FeltMove *next)
{
  g_return_val_if_fail (FELT_IS_SOLVER_VIEW (self), FALSE);
  return self->session &&
         felt_analysis_lookup (self->analysis, felt_session_get_state (self->session), verdict, next, NULL);
}

/* A winning line is long enough for any deal; more is a loop. */
#define MAX_LINE 4096

gboolean
felt_solver_view_get_line (FeltSolverView *self, GArray *line)
{
  FeltSolveVerdict verdict;
  FeltState st;
  FeltMove next;
  guint start = line->len;

  g_return_val_if_fail (FELT_IS_SOLVER_VIEW (self), FALSE);
  if (self->session == NULL)
    return FALSE;
  /* Every position along a winning line is remembered with its next
   * move (felt-analysis.c): the line is followed from one to the next. */
  st = *felt_session_get_state (self->session);
  while (!felt_state_is_won (&st))
    {
      FeltUndo undo;

      if (line->len - start >= MAX_LINE ||
          !felt_analysis_lookup (self->analysis, &st, &verdict, &next, NULL) || verdict != FELT_SOLVE_WINNABLE)
        {
          g_array_set_size (line, start);
          return FALSE;
        }
      g_array_append_val (line, next);
      felt_state_apply (&st, &next, &undo);
    }
  return line->len > start;
}

gboolean
felt_solver_view_hint (FeltSolverView *self, gboolean search, FeltMove *move)
{
  FeltSolveVerdict verdict;
  const FeltState *st;

  g_return_val_if_fail (FELT_IS_SOLVER_VIEW (self), FALSE);
  if (self->session == NULL)
    return FALSE;
  st = felt_session_get_state (self->session);
  if (!felt_analysis_lookup (self->analysis, st, NULL, NULL, NULL) && search)
    felt_analysis_request (self->analysis, st);
  /* The next move of a winning line, when the solver knows one. */
  return (felt_analysis_lookup (self->analysis, st, &verdict, move, NULL) && verdict == FELT_SOLVE_WINNABLE) ||
         felt_state_hint (st, move);
}

/* ---- getters and setters -------------------------------------------------------------- */

FeltSolveVerdict
felt_solver_view_get_verdict (FeltSolverView *self)
{
  g_return_val_if_fail (FELT_IS_SOLVER_VIEW (self), FELT_SOLVE_UNKNOWN);
  return self->verdict;
}

const char *
felt_solver_view_get_status (FeltSolverView *self)
{
  g_return_val_if_fail (FELT_IS_SOLVER_VIEW (self), NULL);
  return self->status;
}

guint
felt_solver_view_get_moves_back (FeltSolverView *self)
{
  g_return_val_if_fail (FELT_IS_SOLVER_VIEW (self), 0);
  return self->moves_back;
}

gboolean
felt_solver_view_get_thinking (FeltSolverView *self)
{
  g_return_val_if_fail (FELT_IS_SOLVER_VIEW (self), FALSE);
  return self->thinking;
}

gboolean
felt_solver_view_get_show_winnable (FeltSolverView *self)
{
  g_return_val_if_fail (FELT_IS_SOLVER_VIEW (self), FALSE);
  return self->show_winnable;
}

void
felt_solver_view_set_show_winnable (FeltSolverView *self, gboolean show)
{
  g_return_if_fail (FELT_IS_SOLVER_VIEW (self));
  show = !!show;
  if (self->show_winnable == show)
    return;
  self->show_winnable = show;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOW_WINNABLE]);
}

void
felt_solver_view_set_budget (FeltSolverView *self, guint64 node_budget, guint thinking_delay_ms)
{
  g_return_if_fail (FELT_IS_SOLVER_VIEW (self));
  felt_analysis_set_budget (self->analysis, node_budget);
  self->thinking_delay_ms = thinking_delay_ms;
}

/* ---- the object ------------------------------------------------------------------------ */

static void
felt_solver_view_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  FeltSolverView *self = FELT_SOLVER_VIEW (object);

  switch (prop_id)
    {
    case PROP_VERDICT: g_value_set_enum (value, self->verdict); break;
    case PROP_STATUS: g_value_set_string (value, self->status); break;
    case PROP_MOVES_BACK: g_value_set_uint (value, self->moves_back); break;
    case PROP_CAN_UNDO_TO_WINNABLE: g_value_set_boolean (value, self->moves_back > 0); break;
    case PROP_THINKING: g_value_set_boolean (value, self->thinking); break;
    case PROP_DIFFICULTY:
      g_value_set_string (value, felt_difficulty_id (felt_solver_view_get_difficulty (self)));
      break;
    case PROP_SHOW_WINNABLE: g_value_set_boolean (value, self->show_winnable); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
felt_solver_view_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  FeltSolverView *self = FELT_SOLVER_VIEW (object);

  switch (prop_id)
    {
    case PROP_SHOW_WINNABLE: felt_solver_view_set_show_winnable (self, g_value_get_boolean (value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
felt_solver_view_dispose (GObject *object)
{
  FeltSolverView *self = FELT_SOLVER_VIEW (object);

  g_clear_handle_id (&self->thinking_id, g_source_remove);
  cancel_rating (self);
  if (self->analysis)
    {
      felt_analysis_cancel (self->analysis);
      g_signal_handlers_disconnect_by_data (self->analysis, self);
    }
  g_clear_object (&self->analysis);
  self->session = NULL;
  G_OBJECT_CLASS (felt_solver_view_parent_class)->dispose (object);
}

static void
felt_solver_view_finalize (GObject *object)
{
  g_free (FELT_SOLVER_VIEW (object)->status);
  G_OBJECT_CLASS (felt_solver_view_parent_class)->finalize (object);
}

static void
felt_solver_view_class_init (FeltSolverViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY;

  object_class->get_property = felt_solver_view_get_property;
  object_class->set_property = felt_solver_view_set_property;
  object_class->dispose = felt_solver_view_dispose;
  object_class->finalize = felt_solver_view_finalize;

  properties[PROP_VERDICT] = g_param_spec_enum ("verdict", NULL, NULL, FELT_TYPE_SOLVE_VERDICT,
                                                FELT_SOLVE_UNKNOWN, flags);
  properties[PROP_STATUS] = g_param_spec_string ("status", NULL, NULL, "", flags);  /* "Winnable", or empty */
  /* Moves to take back to the latest position proven winnable; 0: none. */
  properties[PROP_MOVES_BACK] = g_param_spec_uint ("moves-back", NULL, NULL, 0, G_MAXUINT, 0, flags);
  properties[PROP_CAN_UNDO_TO_WINNABLE] = g_param_spec_boolean ("can-undo-to-winnable", NULL, NULL, FALSE, flags);
  /* The solver has searched this position for a while ("Thinking…"). */
  properties[PROP_THINKING] = g_param_spec_boolean ("thinking", NULL, NULL, FALSE, flags);
  /* felt_difficulty_id: "unknown" until rated. */
  properties[PROP_DIFFICULTY] = g_param_spec_string ("difficulty", NULL, NULL, NULL, flags);
  properties[PROP_SHOW_WINNABLE] = g_param_spec_boolean ("show-winnable", NULL, NULL, TRUE,
                                                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
                                                         G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
felt_solver_view_init (FeltSolverView *self)
{
  self->show_winnable = TRUE;
  self->verdict = FELT_SOLVE_UNKNOWN;
  self->status = g_strdup ("");
  self->thinking_delay_ms = 300;
  self->difficulty = FELT_DIFFICULTY_UNKNOWN;
  self->analysis = felt_analysis_new ();
  g_signal_connect_swapped (self->analysis, "done", G_CALLBACK (analysis_done), self);
}

FeltSolverView *
felt_solver_view_new (void)
{
  return g_object_new (FELT_TYPE_SOLVER_VIEW, NULL);
}
