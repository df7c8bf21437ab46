/* felt-analysis.c: the solver in a worker thread, its results remembered.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "felt-analysis.h"

#include <gio/gio.h>
#include <glib/gi18n.h>
#include <string.h>

/* Positions remembered; a game has a few hundred at most. */
#define MAX_KNOWN 20000

typedef struct {
  FeltSolveVerdict verdict;
  FeltMove next;           /* the winning line's first move */
  double chance;
} Known;

typedef struct {
  FeltState state;
  gint cancel;
  guint64 budget;
  FeltSolveResult result;
} Job;

struct _FeltAnalysis
{
  GObject parent_instance;

  GHashTable *known;       /* GBytes (a FeltState) -> Known */
  Job *running;            /* not owned: the task owns it */
  GCancellable *cancellable;
  guint64 budget;          /* 0: the game's default */
};

enum {
  SIGNAL_DONE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (FeltAnalysis, felt_analysis, G_TYPE_OBJECT)

static GBytes *
state_key (const FeltState *state)
{
  return g_bytes_new (state, sizeof *state);
}

static void
remember (FeltAnalysis *self, const FeltState *state, FeltSolveVerdict verdict,
          const FeltMove *next, double chance)
{
  Known *k = g_new0 (Known, 1);

  if (g_hash_table_size (self->known) >= MAX_KNOWN)
    g_hash_table_remove_all (self->known);
  k->verdict = verdict;
  if (next)
    k->next = *next;
  k->chance = chance;
  g_hash_table_insert (self->known, state_key (state), k);
}

static void
job_free (gpointer data)
{
  Job *job = data;

  felt_solve_result_clear (&job->result);
  g_free (job);
}

static void
solve_in_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  Job *job = data;

  felt_solve (&job->state, job->budget, &job->cancel, &job->result);
  g_task_return_boolean (task, TRUE);
}

static void
cancelled (GCancellable *cancellable, Job *job)
{
  g_atomic_int_set (&job->cancel, 1);
}

/* Remembers a finished search's answer (not a cancelled one's). */
static void
store (FeltAnalysis *self, const FeltState *state, const FeltSolveResult *r)
{
  if (r->verdict == FELT_SOLVE_WINNABLE && r->line->len > 0)
    {
      /* Every position along a winning line is winnable by the rest of it. */
      FeltState st = *state;
      for (guint i = 0; i < r->line->len; i++)
        {
          FeltMove *m = &g_array_index (r->line, FeltMove, i);
          FeltUndo undo;
          remember (self, &st, FELT_SOLVE_WINNABLE, m, i == 0 ? r->win_chance : -1);
          felt_state_apply (&st, m, &undo);
        }
    }
  else
    /* Unknown too: the budget ran out, and the status says "Can't tell"
     * rather than nothing; asking again would spend the same budget. */
    remember (self, state, r->verdict, NULL, r->win_chance);
}

static void
solve_done (GObject *source, GAsyncResult *res, gpointer user_data)
{
  FeltAnalysis *self = FELT_ANALYSIS (source);
  Job *job = g_task_get_task_data (G_TASK (res));

  if (self->running == job)
    {
      /* Done: nothing may cancel this job any more. */
      self->running = NULL;
      g_clear_object (&self->cancellable);
    }
  if (g_atomic_int_get (&job->cancel))
    return;
  store (self, &job->state, &job->result);
  g_signal_emit (self, signals[SIGNAL_DONE], 0);
}

void
felt_analysis_store (FeltAnalysis *self, const FeltState *state, const FeltSolveResult *result)
{
  g_return_if_fail (FELT_IS_ANALYSIS (self));
  store (self, state, result);
  if (self->running && felt_state_equal (&self->running->state, state))
    felt_analysis_cancel (self);
  g_signal_emit (self, signals[SIGNAL_DONE], 0);
}

gboolean
felt_analysis_is_running (FeltAnalysis *self)
{
  g_return_val_if_fail (FELT_IS_ANALYSIS (self), FALSE);
  return self->running != NULL;
}

void
felt_analysis_set_budget (FeltAnalysis *self, guint64 node_budget)
{
  g_return_if_fail (FELT_IS_ANALYSIS (self));
  self->budget = node_budget;
}

guint64
felt_analysis_get_budget (FeltAnalysis *self)
{
  g_return_val_if_fail (FELT_IS_ANALYSIS (self), 0);
  return self->budget;
}

void
felt_analysis_cancel (FeltAnalysis *self)
{
  g_return_if_fail (FELT_IS_ANALYSIS (self));

  if (self->cancellable)
    {
      g_cancellable_cancel (self->cancellable);
      g_clear_object (&self->cancellable);
    }
  self->running = NULL;
}

gboolean
felt_analysis_request (FeltAnalysis *self, const FeltState *state)
{
  g_autoptr (GTask) task = NULL;
  g_autoptr (GBytes) key = NULL;
  Job *job;

  g_return_val_if_fail (FELT_IS_ANALYSIS (self), FALSE);

  key = state_key (state);
  if (g_hash_table_contains (self->known, key))
    {
      felt_analysis_cancel (self);
      return TRUE;
    }
  if (self->running && felt_state_equal (&self->running->state, state))
    return FALSE;
  felt_analysis_cancel (self);

  job = g_new0 (Job, 1);
  job->state = *state;
  job->budget = self->budget;
  self->cancellable = g_cancellable_new ();
  g_cancellable_connect (self->cancellable, G_CALLBACK (cancelled), job, NULL);
  task = g_task_new (self, self->cancellable, solve_done, NULL);
  g_task_set_task_data (task, job, job_free);
  /* A cancelled search still reports, so that its job is freed; the
   * result is then ignored. */
  g_task_set_return_on_cancel (task, FALSE);
  self->running = job;
  g_task_run_in_thread (task, solve_in_thread);
  return FALSE;
}

gboolean
felt_analysis_lookup (FeltAnalysis *self, const FeltState *state,
                      FeltSolveVerdict *verdict, FeltMove *next, double *chance)
{
  g_autoptr (GBytes) key = state_key (state);
  Known *k = g_hash_table_lookup (self->known, key);

  if (k == NULL)
    return FALSE;
  if (verdict)
    *verdict = k->verdict;
  if (next)
    *next = k->next;
  if (chance)
    *chance = k->chance;
  return TRUE;
}

/* ---- a deal's difficulty ---------------------------------------------------- */

typedef struct {
  FeltState state;
  gint cancel;
  FeltSolveResult solved;
  FeltRating rating;
  GCancellable *cancellable;   /* owned, or NULL */
  gulong handler;
} RateJob;

static void
rate_job_free (gpointer data)
{
  RateJob *job = data;

  /* The cancellable may outlive the job: it must not reach it then. */
  if (job->cancellable)
    g_cancellable_disconnect (job->cancellable, job->handler);
  g_clear_object (&job->cancellable);
  felt_solve_result_clear (&job->solved);
  g_free (job);
}

static void
rate_cancelled (GCancellable *cancellable, RateJob *job)
{
  g_atomic_int_set (&job->cancel, 1);
}

static void
rate_in_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  RateJob *job = data;

  /* Solved first, so that the caller gets the verdict as well. */
  if (felt_solve (&job->state, 0, &job->cancel, &job->solved) &&
      felt_solver_rate (&job->state, &job->solved, &job->cancel, &job->rating))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, "cancelled");
}

void
felt_analysis_rate_deal_async (const FeltGame *game, guint32 seed, GCancellable *cancellable,
                               GAsyncReadyCallback callback, gpointer user_data)
{
  g_autoptr (GTask) task = g_task_new (NULL, cancellable, callback, user_data);
  RateJob *job = g_new0 (RateJob, 1);

  felt_state_deal (&job->state, game, seed);
  g_task_set_task_data (task, job, rate_job_free);
  g_task_set_source_tag (task, felt_analysis_rate_deal_async);
  /* The job is freed with the task, once the thread let go of it. */
  g_task_set_return_on_cancel (task, FALSE);
  if (cancellable)
    {
      job->cancellable = g_object_ref (cancellable);
      job->handler = g_cancellable_connect (cancellable, G_CALLBACK (rate_cancelled), job, NULL);
    }
  g_task_run_in_thread (task, rate_in_thread);
}

gboolean
felt_analysis_rate_deal_finish (GAsyncResult *result, FeltRating *rating, FeltSolveResult *solved)
{
  RateJob *job = g_task_get_task_data (G_TASK (result));
  GCancellable *cancellable = g_task_get_cancellable (G_TASK (result));

  if (!g_task_propagate_boolean (G_TASK (result), NULL) ||
      (cancellable && g_cancellable_is_cancelled (cancellable)))
    return FALSE;
  if (rating)
    *rating = job->rating;
  if (solved)
    {
      *solved = job->solved;
      job->solved.line = NULL;     /* the caller's now */
    }
  return TRUE;
}

const char *
felt_difficulty_label (FeltDifficulty difficulty)
{
  switch (difficulty)
    {
    /* TRANSLATORS: the difficulty of a deal */
    case FELT_DIFFICULTY_EASY: return C_("difficulty", "Easy");
    case FELT_DIFFICULTY_MEDIUM: return C_("difficulty", "Medium");
    case FELT_DIFFICULTY_HARD: return C_("difficulty", "Hard");
    case FELT_DIFFICULTY_IMPOSSIBLE: return C_("difficulty", "Impossible");
    case FELT_DIFFICULTY_UNKNOWN:
    default: return NULL;
    }
}

static void
felt_analysis_dispose (GObject *object)
{
  FeltAnalysis *self = FELT_ANALYSIS (object);

  felt_analysis_cancel (self);
  G_OBJECT_CLASS (felt_analysis_parent_class)->dispose (object);
}

static void
felt_analysis_finalize (GObject *object)
{
  FeltAnalysis *self = FELT_ANALYSIS (object);

  g_hash_table_unref (self->known);
  G_OBJECT_CLASS (felt_analysis_parent_class)->finalize (object);
}

static void
felt_analysis_class_init (FeltAnalysisClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = felt_analysis_dispose;
  object_class->finalize = felt_analysis_finalize;

  /* A position's analysis finished: look it up. */
  signals[SIGNAL_DONE] = g_signal_new ("done", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                       0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
felt_analysis_init (FeltAnalysis *self)
{
  self->known = g_hash_table_new_full (g_bytes_hash, g_bytes_equal,
                                       (GDestroyNotify) g_bytes_unref, g_free);
}

FeltAnalysis *
felt_analysis_new (void)
{
  return g_object_new (FELT_TYPE_ANALYSIS, NULL);
}
