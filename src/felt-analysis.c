/* felt-analysis.c: the solver in a worker thread, its results remembered.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "felt-analysis.h"

#include <gio/gio.h>
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
  FeltSolveResult result;
} Job;

struct _FeltAnalysis
{
  GObject parent_instance;

  GHashTable *known;       /* GBytes (a FeltState) -> Known */
  Job *running;            /* not owned: the task owns it */
  GCancellable *cancellable;
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

  felt_solve (&job->state, 0, &job->cancel, &job->result);
  g_task_return_boolean (task, TRUE);
}

static void
cancelled (GCancellable *cancellable, Job *job)
{
  g_atomic_int_set (&job->cancel, 1);
}

static void
solve_done (GObject *source, GAsyncResult *res, gpointer user_data)
{
  FeltAnalysis *self = FELT_ANALYSIS (source);
  Job *job = g_task_get_task_data (G_TASK (res));
  FeltSolveResult *r = &job->result;

  if (self->running == job)
    {
      /* Done: nothing may cancel this job any more. */
      self->running = NULL;
      g_clear_object (&self->cancellable);
    }
  if (g_atomic_int_get (&job->cancel) || r->verdict == FELT_SOLVE_UNKNOWN)
    {
      if (r->win_chance >= 0 && !g_atomic_int_get (&job->cancel))
        remember (self, &job->state, FELT_SOLVE_UNKNOWN, NULL, r->win_chance);
      else
        return;
    }
  else if (r->verdict == FELT_SOLVE_WINNABLE && r->line->len > 0)
    {
      /* Every position along a winning line is winnable by the rest of it. */
      FeltState st = job->state;
      for (guint i = 0; i < r->line->len; i++)
        {
          FeltMove *m = &g_array_index (r->line, FeltMove, i);
          FeltUndo undo;
          remember (self, &st, FELT_SOLVE_WINNABLE, m, i == 0 ? r->win_chance : -1);
          felt_state_apply (&st, m, &undo);
        }
    }
  else
    remember (self, &job->state, r->verdict, NULL, r->win_chance);

  g_signal_emit (self, signals[SIGNAL_DONE], 0);
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
