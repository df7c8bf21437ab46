/* felt-deal-finder.c: what New Game deals, and the search for it.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "felt-deal-finder.h"

#include <gio/gio.h>

struct _FeltDealFinder
{
  GObject parent_instance;

  char *new_deal;             /* "any", "winnable", "easy", "medium" or "hard" */
  GCancellable *search;       /* looking for a deal, NULL: not */
  /* the deal waiting for the player to give up the one in progress */
  const FeltGame *waiting_game;
  guint32 waiting_seed;
};

G_DEFINE_FINAL_TYPE (FeltDealFinder, felt_deal_finder, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_NEW_DEAL,
  PROP_WINNABLE_DEALS_ONLY,
  PROP_SEARCHING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  SIGNAL_FOUND,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

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
  FeltDealFinder *self = FELT_DEAL_FINDER (source);
  DealSearch *search = g_task_get_task_data (G_TASK (res));

  if (g_cancellable_is_cancelled (g_task_get_cancellable (G_TASK (res))))
    return;
  g_clear_object (&self->search);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SEARCHING]);
  g_signal_emit (self, signals[SIGNAL_FOUND], 0, search->game, search->seed, (int) search->difficulty);
}

void
felt_deal_finder_cancel (FeltDealFinder *self)
{
  g_return_if_fail (FELT_IS_DEAL_FINDER (self));
  if (self->search == NULL)
    return;
  g_cancellable_cancel (self->search);
  g_clear_object (&self->search);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SEARCHING]);
}

gboolean
felt_deal_finder_start (FeltDealFinder *self, const FeltGame *game, FeltDifficulty *wanted)
{
  g_autoptr (GTask) task = NULL;
  DealSearch *search;

  g_return_val_if_fail (FELT_IS_DEAL_FINDER (self), FALSE);
  felt_deal_finder_cancel (self);
  if (g_str_equal (self->new_deal, "any"))
    return FALSE;
  search = g_new0 (DealSearch, 1);
  search->game = game;
  search->wanted = g_str_equal (self->new_deal, "easy") ? FELT_DIFFICULTY_EASY
                 : g_str_equal (self->new_deal, "medium") ? FELT_DIFFICULTY_MEDIUM
                 : g_str_equal (self->new_deal, "hard") ? FELT_DIFFICULTY_HARD
                 : FELT_DIFFICULTY_UNKNOWN;
  *wanted = search->wanted;
  self->search = g_cancellable_new ();
  task = g_task_new (self, self->search, search_deal_done, NULL);
  g_task_set_task_data (task, search, g_free);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SEARCHING]);
  g_task_run_in_thread (task, search_deal_thread);
  return TRUE;
}

gboolean
felt_deal_finder_get_searching (FeltDealFinder *self)
{
  g_return_val_if_fail (FELT_IS_DEAL_FINDER (self), FALSE);
  return self->search != NULL;
}

const char *
felt_deal_finder_get_new_deal (FeltDealFinder *self)
{
  g_return_val_if_fail (FELT_IS_DEAL_FINDER (self), NULL);
  return self->new_deal;
}

void
felt_deal_finder_set_new_deal (FeltDealFinder *self, const char *choice)
{
  static const char *const choices[] = { "any", "winnable", "easy", "medium", "hard" };
  gboolean valid = FALSE, was_winnable_only;

  g_return_if_fail (FELT_IS_DEAL_FINDER (self));
  for (guint i = 0; i < G_N_ELEMENTS (choices); i++)
    valid |= g_strcmp0 (choice, choices[i]) == 0;
  if (!valid)
    choice = "any";
  if (g_strcmp0 (self->new_deal, choice) == 0)
    return;
  was_winnable_only = felt_deal_finder_get_winnable_only (self);
  g_free (self->new_deal);
  self->new_deal = g_strdup (choice);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NEW_DEAL]);
  if (was_winnable_only != felt_deal_finder_get_winnable_only (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_WINNABLE_DEALS_ONLY]);
}

gboolean
felt_deal_finder_get_winnable_only (FeltDealFinder *self)
{
  g_return_val_if_fail (FELT_IS_DEAL_FINDER (self), FALSE);
  return !g_str_equal (self->new_deal, "any");
}

void
felt_deal_finder_set_winnable_only (FeltDealFinder *self, gboolean winnable_only)
{
  g_return_if_fail (FELT_IS_DEAL_FINDER (self));
  if (!!winnable_only != felt_deal_finder_get_winnable_only (self))
    felt_deal_finder_set_new_deal (self, winnable_only ? "winnable" : "any");
}

void
felt_deal_finder_set_waiting (FeltDealFinder *self, const FeltGame *game, guint32 seed)
{
  g_return_if_fail (FELT_IS_DEAL_FINDER (self));
  self->waiting_game = game;
  self->waiting_seed = seed;
}

gboolean
felt_deal_finder_take_waiting (FeltDealFinder *self, const FeltGame **game, guint32 *seed)
{
  g_return_val_if_fail (FELT_IS_DEAL_FINDER (self), FALSE);
  *game = g_steal_pointer (&self->waiting_game);
  *seed = self->waiting_seed;
  return *game != NULL;
}

static void
felt_deal_finder_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  FeltDealFinder *self = FELT_DEAL_FINDER (object);

  switch (prop_id)
    {
    case PROP_NEW_DEAL: g_value_set_string (value, self->new_deal); break;
    case PROP_WINNABLE_DEALS_ONLY: g_value_set_boolean (value, felt_deal_finder_get_winnable_only (self)); break;
    case PROP_SEARCHING: g_value_set_boolean (value, self->search != NULL); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
felt_deal_finder_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  FeltDealFinder *self = FELT_DEAL_FINDER (object);

  switch (prop_id)
    {
    case PROP_NEW_DEAL: felt_deal_finder_set_new_deal (self, g_value_get_string (value)); break;
    case PROP_WINNABLE_DEALS_ONLY: felt_deal_finder_set_winnable_only (self, g_value_get_boolean (value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
felt_deal_finder_dispose (GObject *object)
{
  FeltDealFinder *self = FELT_DEAL_FINDER (object);

  if (self->search)
    g_cancellable_cancel (self->search);
  g_clear_object (&self->search);
  G_OBJECT_CLASS (felt_deal_finder_parent_class)->dispose (object);
}

static void
felt_deal_finder_finalize (GObject *object)
{
  g_free (FELT_DEAL_FINDER (object)->new_deal);
  G_OBJECT_CLASS (felt_deal_finder_parent_class)->finalize (object);
}

static void
felt_deal_finder_class_init (FeltDealFinderClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY;

  object_class->get_property = felt_deal_finder_get_property;
  object_class->set_property = felt_deal_finder_set_property;
  object_class->dispose = felt_deal_finder_dispose;
  object_class->finalize = felt_deal_finder_finalize;

  /* What New Game deals: "any", "winnable", "easy", "medium" or "hard". */
  properties[PROP_NEW_DEAL] = g_param_spec_string ("new-deal", NULL, NULL, "any", flags);
  properties[PROP_WINNABLE_DEALS_ONLY] = g_param_spec_boolean ("winnable-deals-only", NULL, NULL, FALSE, flags);
  /* for a deal of the kind new-deal asks */
  properties[PROP_SEARCHING] = g_param_spec_boolean ("searching", NULL, NULL, FALSE,
                                                     G_PARAM_READABLE | G_PARAM_STATIC_STRINGS |
                                                     G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* The deal found: the game (a const FeltGame *), its seed and its
   * difficulty (a FeltDifficulty; unknown when not rated). */
  signals[SIGNAL_FOUND] = g_signal_new ("found", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                        0, NULL, NULL, NULL, G_TYPE_NONE, 3,
                                        G_TYPE_POINTER, G_TYPE_UINT, G_TYPE_INT);
}

static void
felt_deal_finder_init (FeltDealFinder *self)
{
  self->new_deal = g_strdup ("any");
}

FeltDealFinder *
felt_deal_finder_new (void)
{
  return g_object_new (FELT_TYPE_DEAL_FINDER, NULL);
}
