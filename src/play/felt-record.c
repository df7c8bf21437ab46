/* felt-record.c: the game in play's record on disk: the saved game, the
 * statistics, the history of games and what the player is told about
 * them.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "felt-record.h"

#include <string.h>

#include "felt-last-game.h"
#include "felt-saved-game.h"

/* Every use of FeltGameFile and FeltStatsFile (felt-saved-game.h,
 * felt-stats.h) by the game in play is here: the saved game, the
 * statistics file and the counting.  They never move or write over a
 * file Felt cannot read or that a newer Felt wrote, and merge the
 * statistics under a lock.
 *
 * What the player is told goes into the one `notice` property (the
 * window's notice bar), made of two parts:
 *  - told: sentences said once, one a line (a damaged file kept aside,
 *    another Felt's saved game replaced, or what the window sets): one
 *    more joins them, until the player closes the bar;
 *  - problem: what stays wrong now (a file that cannot be read, one from
 *    a newer Felt, a save that fails), as FeltGameFile and FeltStatsFile
 *    word it.  It shows when it appears or changes, and goes by itself
 *    once a save works again; closed by the player, it stays closed
 *    until it changes.
 * No second property: the window has one bar and needs one text. */

struct _FeltRecord
{
  GObject parent_instance;

  FeltGameFile *game_file;
  FeltStatsFile *stats_file;
  FeltHistoryFile *history_file;
  FeltLastGameFile *last_game_file;   /* the player's last finished game, for Replay */
  char *told;                 /* the notice's sentence said once */
  char *problem;              /* what stays wrong with the files now */
  gboolean problem_closed;    /* the player closed the notice showing it */
  char *notice;
  guint retry_id;             /* a save waits for another process's lock */
};

G_DEFINE_FINAL_TYPE (FeltRecord, felt_record, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_NOTICE,
  PROP_CAN_REPLAY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  SIGNAL_RETRY,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The notice: what was told, then the problem unless it was closed. */
static void
update_notice (FeltRecord *self)
{
  const char *problem = self->problem_closed ? NULL : self->problem;
  g_autofree char *text = NULL;

  if (self->told && problem)
    text = g_strconcat (self->told, "\n", problem, NULL);
  else
    text = g_strdup (self->told ? self->told : problem);
  if (g_strcmp0 (text, self->notice) == 0)
    return;
  g_free (self->notice);
  self->notice = g_steal_pointer (&text);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NOTICE]);
}

/* Takes the lasting problems of both files after a load or a save. */
static void
update_problem (FeltRecord *self)
{
  const char *game = felt_game_file_get_problem (self->game_file);
  const char *stats = felt_stats_file_get_problem (self->stats_file);
  const char *history = felt_history_file_get_problem (self->history_file);
  const char *last_game = felt_last_game_file_get_problem (self->last_game_file);
  g_autofree char *problem = NULL;
  const char *all[] = { game, stats, history, last_game };

  for (guint i = 0; i < G_N_ELEMENTS (all); i++)
    if (all[i])
      {
        char *more = problem ? g_strconcat (problem, "\n", all[i], NULL) : g_strdup (all[i]);

        g_free (problem);
        problem = more;
      }
  if (g_strcmp0 (problem, self->problem) == 0)
    return;
  g_free (self->problem);
  self->problem = g_steal_pointer (&problem);
  self->problem_closed = FALSE;
  update_notice (self);
}

/* Something to say once (taken; NULL: nothing).  It is added to what
 * the bar says already: both files damaged at a start give two
 * sentences, each one shown until the player closes the bar. */
static void
tell (FeltRecord *self, char *text)
{
  if (text == NULL)
    return;
  if (self->told && strstr (self->told, text))
    {
      /* Said already, and not closed. */
      g_free (text);
      return;
    }
  if (self->told)
    {
      char *both = g_strconcat (self->told, "\n", text, NULL);

      g_free (text);
      text = both;
    }
  g_free (self->told);
  self->told = text;
  update_notice (self);
}

/* Another Felt process (or one that hangs) holds a file's lock: the
 * game and the results wait in memory and are tried again this often,
 * without a move, rather than the window waiting for the lock. */
#define RETRY_MS 250

static gboolean
retry_save (gpointer data)
{
  FeltRecord *self = data;

  self->retry_id = 0;
  g_signal_emit (self, signals[SIGNAL_RETRY], 0);
  return G_SOURCE_REMOVE;
}

static void
retry_soon (FeltRecord *self)
{
  if (self->retry_id == 0)
    self->retry_id = g_timeout_add (RETRY_MS, retry_save, self);
}

FeltSession *
felt_record_load_game (FeltRecord *self, gint64 *elapsed_ms, FeltGameHelp *help)
{
  g_autofree char *told = NULL;
  FeltSession *session;

  g_return_val_if_fail (FELT_IS_RECORD (self), NULL);
  session = felt_game_file_load (self->game_file, elapsed_ms, &told);
  tell (self, g_steal_pointer (&told));
  update_problem (self);
  *help = session ? felt_game_file_get_help (self->game_file) : FELT_GAME_HELP_NONE;
  return session;
}

void
felt_record_save (FeltRecord *self, FeltSession *session, gint64 elapsed_ms, FeltGameHelp help, gboolean quiet)
{
  g_autofree char *told = NULL;
  guint wait_ms = quiet ? 1000 : 0;

  g_return_if_fail (FELT_IS_RECORD (self));
  g_clear_handle_id (&self->retry_id, g_source_remove);
  felt_game_file_set_lock_wait (self->game_file, wait_ms);
  felt_stats_file_set_lock_wait (self->stats_file, wait_ms);
  felt_history_file_set_lock_wait (self->history_file, wait_ms);
  felt_last_game_file_set_lock_wait (self->last_game_file, wait_ms);
  felt_game_file_save_full (self->game_file, session, elapsed_ms, help, &told);
  felt_stats_file_save (self->stats_file);
  felt_history_file_save (self->history_file);
  felt_last_game_file_save (self->last_game_file);
  if (quiet)
    return;
  if (felt_game_file_is_waiting (self->game_file) || felt_stats_file_is_waiting (self->stats_file) ||
      felt_history_file_is_waiting (self->history_file) || felt_last_game_file_is_waiting (self->last_game_file))
    retry_soon (self);
  tell (self, g_steal_pointer (&told));
  update_problem (self);
}

gboolean
felt_record_get_retry_pending (FeltRecord *self)
{
  g_return_val_if_fail (FELT_IS_RECORD (self), FALSE);
  return self->retry_id != 0;
}

/* After a change of the statistics: a file waiting for its lock is
 * tried again soon. */
static void
stats_changed (FeltRecord *self)
{
  if (felt_stats_file_is_waiting (self->stats_file) || felt_history_file_is_waiting (self->history_file))
    retry_soon (self);
  update_problem (self);
}

void
felt_record_count_win (FeltRecord *self, FeltGameId game, gint64 elapsed_ms, guint moves,
                       FeltDifficulty difficulty)
{
  g_return_if_fail (FELT_IS_RECORD (self));
  felt_stats_file_record_win_rated (self->stats_file, game, elapsed_ms, moves, difficulty);
  stats_changed (self);
}

void
felt_record_count_loss (FeltRecord *self, FeltGameId game)
{
  g_return_if_fail (FELT_IS_RECORD (self));
  felt_stats_file_record_loss (self->stats_file, game);
  stats_changed (self);
}

void
felt_record_count_result (FeltRecord *self, FeltSession *session, gint64 elapsed_ms, FeltDifficulty difficulty,
                          gboolean demo_played, gboolean solution_shown, gboolean won)
{
  const FeltState *st = felt_session_get_state (session);
  FeltGameId id = felt_state_get_game_id (st);
  guint moves = felt_session_get_n_moves (session);
  /* The demo's games too, marked, since the history shows every game. */
  FeltHistoryEntry e = {
    .finished = g_get_real_time () / G_USEC_PER_SEC,
    .game = id,
    .deal = felt_session_get_seed (session),
    .result = won ? FELT_HISTORY_WON : felt_state_is_over (st) ? FELT_HISTORY_LOST : FELT_HISTORY_GIVEN_UP,
    .time_ms = elapsed_ms,
    .moves = moves,
    .difficulty = difficulty,
    .demo = demo_played,
    .solution = solution_shown,
  };

  g_return_if_fail (FELT_IS_RECORD (self));
  felt_record_add_history (self, &e);
  /* A deal the demo played in, or the solution was shown in, is not the
   * player's game: neither a win (nor a best time, fewest moves or
   * streak) nor a loss. */
  if (demo_played || solution_shown)
    return;
  if (won)
    felt_record_count_win (self, id, elapsed_ms, moves, difficulty);
  else
    felt_record_count_loss (self, id);
}

void
felt_record_uncount_loss (FeltRecord *self, FeltGameId game, guint streak)
{
  g_return_if_fail (FELT_IS_RECORD (self));
  felt_stats_file_unrecord_loss (self->stats_file, game, streak);
  update_problem (self);
}

const FeltStats *
felt_record_get_stats (FeltRecord *self)
{
  g_return_val_if_fail (FELT_IS_RECORD (self), NULL);
  return felt_stats_file_get_stats (self->stats_file);
}

void
felt_record_add_history (FeltRecord *self, const FeltHistoryEntry *entry)
{
  g_return_if_fail (FELT_IS_RECORD (self));
  felt_history_file_record (self->history_file, entry);
  stats_changed (self);
}

void
felt_record_retract_history (FeltRecord *self, FeltGameId game, guint32 deal)
{
  g_return_if_fail (FELT_IS_RECORD (self));
  felt_history_file_retract (self->history_file, game, deal);
  update_problem (self);
}

const FeltHistory *
felt_record_get_history (FeltRecord *self)
{
  g_return_val_if_fail (FELT_IS_RECORD (self), NULL);
  return felt_history_file_get (self->history_file);
}

void
felt_record_reset_stats (FeltRecord *self)
{
  gboolean could;

  g_return_if_fail (FELT_IS_RECORD (self));
  could = felt_record_get_can_replay (self);
  felt_stats_file_reset (self->stats_file);
  /* The history's totals are the statistics': they go together.  So
   * does the last game (Reset forgets every game's results), which
   * Replay Last Game would show again. */
  felt_history_file_clear (self->history_file);
  felt_last_game_file_forget (self->last_game_file);
  if (felt_last_game_file_is_waiting (self->last_game_file))
    retry_soon (self);
  stats_changed (self);
  if (could)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_REPLAY]);
}

/* The last game: the player's, whatever its end (a game the demo played
 * in is the demo's, as in the statistics: its replay would show the
 * demo's moves, which the player just watched). */
void
felt_record_keep_last_game (FeltRecord *self, FeltSession *session, gint64 elapsed_ms, gboolean demo_played)
{
  const FeltState *st;
  gboolean could;

  g_return_if_fail (FELT_IS_RECORD (self));
  if (demo_played || session == NULL || felt_session_get_n_moves (session) == 0)
    return;
  st = felt_session_get_state (session);
  could = felt_record_get_can_replay (self);
  felt_last_game_file_keep (self->last_game_file,
                            felt_last_game_new (session,
                                                felt_state_is_won (st) ? FELT_HISTORY_WON
                                                : felt_state_is_over (st) ? FELT_HISTORY_LOST
                                                : FELT_HISTORY_GIVEN_UP,
                                                g_get_real_time () / G_USEC_PER_SEC, elapsed_ms));
  if (felt_last_game_file_is_waiting (self->last_game_file))
    retry_soon (self);
  update_problem (self);
  if (!could)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_REPLAY]);
}

void
felt_record_take_back_last_game (FeltRecord *self, FeltGameId game, guint32 deal)
{
  g_return_if_fail (FELT_IS_RECORD (self));
  if (felt_last_game_file_take_back (self->last_game_file, game, deal))
    update_problem (self);
}

const FeltLastGame *
felt_record_get_last_game (FeltRecord *self)
{
  g_return_val_if_fail (FELT_IS_RECORD (self), NULL);
  return felt_last_game_file_get (self->last_game_file);
}

gboolean
felt_record_get_can_replay (FeltRecord *self)
{
  g_return_val_if_fail (FELT_IS_RECORD (self), FALSE);
  return felt_last_game_file_get (self->last_game_file) != NULL;
}

const char *
felt_record_get_notice (FeltRecord *self)
{
  g_return_val_if_fail (FELT_IS_RECORD (self), NULL);
  return self->notice;
}

void
felt_record_set_notice (FeltRecord *self, const char *notice)
{
  g_return_if_fail (FELT_IS_RECORD (self));
  /* A sentence of the window's joins those said already. */
  if (notice)
    {
      tell (self, g_strdup (notice));
      return;
    }
  /* Closing the bar puts away the problem too, until it changes. */
  g_clear_pointer (&self->told, g_free);
  self->problem_closed = TRUE;
  update_notice (self);
}

static void
felt_record_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  FeltRecord *self = FELT_RECORD (object);

  switch (prop_id)
    {
    case PROP_NOTICE: g_value_set_string (value, self->notice); break;
    case PROP_CAN_REPLAY: g_value_set_boolean (value, felt_record_get_can_replay (self)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
felt_record_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  FeltRecord *self = FELT_RECORD (object);

  switch (prop_id)
    {
    case PROP_NOTICE: felt_record_set_notice (self, g_value_get_string (value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
felt_record_dispose (GObject *object)
{
  g_clear_handle_id (&FELT_RECORD (object)->retry_id, g_source_remove);
  G_OBJECT_CLASS (felt_record_parent_class)->dispose (object);
}

static void
felt_record_finalize (GObject *object)
{
  FeltRecord *self = FELT_RECORD (object);

  g_clear_pointer (&self->game_file, felt_game_file_free);
  g_clear_pointer (&self->stats_file, felt_stats_file_free);
  g_clear_pointer (&self->history_file, felt_history_file_free);
  g_clear_pointer (&self->last_game_file, felt_last_game_file_free);
  g_free (self->told);
  g_free (self->problem);
  g_free (self->notice);
  G_OBJECT_CLASS (felt_record_parent_class)->finalize (object);
}

static void
felt_record_class_init (FeltRecordClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = felt_record_get_property;
  object_class->set_property = felt_record_set_property;
  object_class->dispose = felt_record_dispose;
  object_class->finalize = felt_record_finalize;

  /* What the notice bar says, or NULL: a sentence said once (a damaged
   * file kept aside...) and what stays wrong with the files (one Felt
   * cannot read, a save that fails...) until it is right again. */
  properties[PROP_NOTICE] = g_param_spec_string ("notice", NULL, NULL, NULL,
                                                 G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
                                                 G_PARAM_EXPLICIT_NOTIFY);
  /* There is a last game to replay (felt_record_get_last_game). */
  properties[PROP_CAN_REPLAY] = g_param_spec_boolean ("can-replay", NULL, NULL, FALSE,
                                                      G_PARAM_READABLE | G_PARAM_STATIC_STRINGS |
                                                      G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* A save waited for another process's lock: save again now. */
  signals[SIGNAL_RETRY] = g_signal_new ("retry", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                        0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
felt_record_init (FeltRecord *self)
{
  self->stats_file = felt_stats_file_new ();
  self->game_file = felt_game_file_new ();
  self->history_file = felt_history_file_new ();
  self->last_game_file = felt_last_game_file_new ();
  tell (self, felt_stats_file_load (self->stats_file));
  tell (self, felt_history_file_load (self->history_file));
  tell (self, felt_last_game_file_load (self->last_game_file));
  update_problem (self);
}

FeltRecord *
felt_record_new (void)
{
  return g_object_new (FELT_TYPE_RECORD, NULL);
}
