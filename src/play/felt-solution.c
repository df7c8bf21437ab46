/* felt-solution.c: the Solution mode (felt-solution.h).
 *
 * The shown session is a copy of the player's with the winning line
 * played and taken back at once, so that Redo steps forward and Undo
 * back, exactly; the player's session is never touched.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "felt-solution.h"

#include <glib/gi18n.h>

#include "felt-phrases.h"
#include "felt-solver-view.h"

struct _FeltSolution
{
  GObject parent_instance;

  /* while active (owned): the shown session, the position before each
   * step of the line (for its words), the moves that are the player's */
  FeltSession *session;
  GArray *befores;
  guint start;
  guint length;
  gboolean shown;             /* a step was shown since entering */
  char *text;

  guint play_id;
  guint step_ms;

  FeltSolutionReason reason;
};

G_DEFINE_FINAL_TYPE (FeltSolution, felt_solution, G_TYPE_OBJECT)

typedef enum {
  PROP_0,
  PROP_ACTIVE,
  PROP_SESSION,
  PROP_POSITION,
  PROP_LENGTH,
  PROP_PLAYING,
  PROP_SHOWN,
  PROP_TEXT,
  PROP_REASON,
  PROP_LABEL,
  N_PROPS
} FeltSolutionProperty;

static GParamSpec *properties[N_PROPS];

enum {
  SIGNAL_STEP,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* ---- availability ---------------------------------------------------------------- */

void
felt_solution_set_reason (FeltSolution *self, FeltSolutionReason reason)
{
  g_return_if_fail (FELT_IS_SOLUTION (self));
  if (self->reason == reason)
    return;
  self->reason = reason;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REASON]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LABEL]);
}

/* Why the solution of the player's position can or cannot be shown,
 * from what the solver knows of it. */
static FeltSolutionReason
reason_of (FeltSolverView *view, const FeltSession *player, gboolean won, gboolean over)
{
  FeltSolveVerdict verdict;

  if (player == NULL)
    return FELT_SOLUTION_NO_GAME;
  if (won || over)
    return FELT_SOLUTION_OVER;
  if (!felt_solver_view_lookup (view, &verdict, NULL))
    /* With the status off, the solver waits to be asked. */
    return felt_solver_view_get_show_winnable (view) ? FELT_SOLUTION_DECIDING : FELT_SOLUTION_ASK;
  if (verdict == FELT_SOLVE_WINNABLE)
    return FELT_SOLUTION_AVAILABLE;
  if (verdict == FELT_SOLVE_LOST)
    return felt_session_get_n_moves (player) == 0 ? FELT_SOLUTION_NEVER : FELT_SOLUTION_LOST;
  return FELT_SOLUTION_UNDECIDED;
}

void
felt_solution_update_reason (FeltSolution *self, FeltSolverView *view, const FeltSession *player, gboolean won,
                             gboolean over)
{
  g_return_if_fail (FELT_IS_SOLUTION (self));
  /* In the mode, the player's position (and so the reason) waits. */
  if (self->session == NULL)
    felt_solution_set_reason (self, reason_of (view, player, won, over));
}

gboolean
felt_solution_enter_from (FeltSolution *self, FeltSolverView *view, const FeltSession *player)
{
  g_autoptr (GArray) line = g_array_new (FALSE, FALSE, sizeof (FeltMove));

  g_return_val_if_fail (FELT_IS_SOLUTION (self), FALSE);
  return player && felt_solver_view_get_line (view, line) && felt_solution_enter (self, player, line);
}

FeltSolutionReason
felt_solution_get_reason (FeltSolution *self)
{
  g_return_val_if_fail (FELT_IS_SOLUTION (self), FELT_SOLUTION_NO_GAME);
  return self->reason;
}

const char *
felt_solution_get_label (FeltSolution *self)
{
  g_return_val_if_fail (FELT_IS_SOLUTION (self), NULL);
  /* Short: a menu item's label, which says why it cannot be chosen. */
  switch (self->reason)
    {
    case FELT_SOLUTION_DECIDING: return _("Show Solution (Still Deciding…)");
    case FELT_SOLUTION_UNDECIDED: return _("Show Solution (Too Hard to Solve)");
    case FELT_SOLUTION_LOST: return _("Show Solution (No Longer Winnable)");
    case FELT_SOLUTION_NEVER: return _("Show Solution (Cannot Be Won)");
    case FELT_SOLUTION_OVER: return _("Show Solution (Game Over)");
    case FELT_SOLUTION_AVAILABLE:
    case FELT_SOLUTION_ASK:
    case FELT_SOLUTION_NO_GAME:
    default:
      return _("Show Solution");
    }
}

/* ---- the steps ------------------------------------------------------------------- */

guint
felt_solution_get_position (FeltSolution *self)
{
  g_return_val_if_fail (FELT_IS_SOLUTION (self), 0);
  return self->session ? felt_session_get_n_moves (self->session) - self->start : 0;
}

static void
set_text (FeltSolution *self, const char *text)
{
  if (g_strcmp0 (self->text, text) == 0)
    return;
  g_free (self->text);
  self->text = g_strdup (text);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TEXT]);
}

/* "Step 3 of 41: the seven of hearts to tableau 2": the last step shown. */
static void
update_text (FeltSolution *self)
{
  guint at = felt_solution_get_position (self);
  g_autofree char *text = NULL;

  if (self->session == NULL)
    text = g_strdup ("");
  else if (at == 0)
    text = g_strdup_printf (ngettext ("The solution: %u step to win", "The solution: %u steps to win",
                                      self->length), self->length);
  else
    {
      FeltMove move = felt_session_get_move (self->session, felt_session_get_n_moves (self->session) - 1);
      g_autofree char *words = felt_phrase_move (&g_array_index (self->befores, FeltState, at - 1), &move);

      /* TRANSLATORS: the solution's step shown, its number, the number
       * of steps, and the move in words */
      text = g_strdup_printf (_("Step %u of %u: %s"), at, self->length, words);
    }
  set_text (self, text);
}

static void
stop_playing (FeltSolution *self)
{
  if (self->play_id == 0)
    return;
  g_clear_handle_id (&self->play_id, g_source_remove);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PLAYING]);
}

/* One step: the board slides from `before` and says `sentence`. */
static void
stepped (FeltSolution *self, const FeltState *before, const char *sentence)
{
  g_object_freeze_notify (G_OBJECT (self));
  if (!self->shown)
    {
      self->shown = TRUE;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOWN]);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_POSITION]);
  update_text (self);
  g_object_thaw_notify (G_OBJECT (self));
  g_signal_emit (self, signals[SIGNAL_STEP], 0, before, sentence);
}

static gboolean
forward (FeltSolution *self)
{
  FeltState before;
  FeltMove move;
  g_autofree char *sentence = NULL;

  if (self->session == NULL || !felt_session_can_redo (self->session))
    return FALSE;
  before = *felt_session_get_state (self->session);
  move = felt_session_get_redo (self->session, 0);
  felt_session_redo (self->session);
  /* Said as the player's own move is said, and the win after the last. */
  sentence = felt_phrase_move (&before, &move);
  if (felt_state_is_won (felt_session_get_state (self->session)))
    {
      g_autofree char *end = felt_phrase_game_end (felt_session_get_state (self->session));
      g_autofree char *both = g_strconcat (sentence, " ", end, NULL);
      g_free (sentence);
      sentence = g_steal_pointer (&both);
    }
  stepped (self, &before, sentence);
  return TRUE;
}

gboolean
felt_solution_step_forward (FeltSolution *self)
{
  g_return_val_if_fail (FELT_IS_SOLUTION (self), FALSE);
  stop_playing (self);
  return forward (self);
}

gboolean
felt_solution_step_back (FeltSolution *self)
{
  FeltState before;
  FeltMove move;
  g_autofree char *sentence = NULL;

  g_return_val_if_fail (FELT_IS_SOLUTION (self), FALSE);
  stop_playing (self);
  if (felt_solution_get_position (self) == 0)
    return FALSE;
  before = *felt_session_get_state (self->session);
  felt_session_undo (self->session);
  /* Said as Undo says it. */
  move = felt_session_get_redo (self->session, 0);
  sentence = felt_phrase_undo (felt_session_get_state (self->session), &move, 0);
  stepped (self, &before, sentence);
  return TRUE;
}

static gboolean
play_step (gpointer data)
{
  FeltSolution *self = FELT_SOLUTION (data);

  if (forward (self) && felt_session_can_redo (self->session))
    return G_SOURCE_CONTINUE;
  /* At the end: the last step's words stay. */
  self->play_id = 0;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PLAYING]);
  return G_SOURCE_REMOVE;
}

void
felt_solution_toggle_playing (FeltSolution *self, guint step_ms)
{
  g_return_if_fail (FELT_IS_SOLUTION (self));
  if (self->play_id)
    {
      stop_playing (self);
      return;
    }
  if (self->session == NULL)
    return;
  /* From the player's position again once at the end. */
  if (!felt_session_can_redo (self->session))
    {
      FeltState before = *felt_session_get_state (self->session);

      while (felt_solution_get_position (self) > 0)
        felt_session_undo (self->session);
      stepped (self, &before, NULL);
    }
  self->step_ms = step_ms;
  self->play_id = g_timeout_add (step_ms, play_step, self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PLAYING]);
}

/* ---- entering and leaving --------------------------------------------------------- */

static void
clear (FeltSolution *self)
{
  g_clear_handle_id (&self->play_id, g_source_remove);
  g_clear_pointer (&self->session, felt_session_free);
  g_clear_pointer (&self->befores, g_array_unref);
  self->start = self->length = 0;
}

gboolean
felt_solution_enter (FeltSolution *self, const FeltSession *player, const GArray *line)
{
  g_autoptr (FeltSession) copy = NULL;
  g_autoptr (GArray) befores = NULL;

  g_return_val_if_fail (FELT_IS_SOLUTION (self), FALSE);
  g_return_val_if_fail (player != NULL && line != NULL, FALSE);

  copy = felt_session_copy (player);
  befores = g_array_sized_new (FALSE, FALSE, sizeof (FeltState), line->len);
  for (guint i = 0; i < line->len; i++)
    {
      g_array_append_vals (befores, felt_session_get_state (copy), 1);
      if (felt_session_play (copy, &g_array_index (line, FeltMove, i)) != FELT_LEGAL)
        return FALSE;
    }
  for (guint i = 0; i < line->len; i++)
    felt_session_undo (copy);

  g_object_freeze_notify (G_OBJECT (self));
  clear (self);
  self->session = g_steal_pointer (&copy);
  self->befores = g_steal_pointer (&befores);
  self->start = felt_session_get_n_moves (self->session);
  self->length = line->len;
  self->shown = FALSE;
  update_text (self);
  for (guint p = PROP_ACTIVE; p <= PROP_SHOWN; p++)
    g_object_notify_by_pspec (G_OBJECT (self), properties[p]);
  g_object_thaw_notify (G_OBJECT (self));
  return TRUE;
}

static void
ended (FeltSolution *self)
{
  g_object_freeze_notify (G_OBJECT (self));
  clear (self);
  update_text (self);
  for (guint p = PROP_ACTIVE; p <= PROP_PLAYING; p++)
    g_object_notify_by_pspec (G_OBJECT (self), properties[p]);
  g_object_thaw_notify (G_OBJECT (self));
}

void
felt_solution_leave (FeltSolution *self)
{
  g_return_if_fail (FELT_IS_SOLUTION (self));
  if (self->session)
    ended (self);
}

FeltSession *
felt_solution_take_over (FeltSolution *self)
{
  FeltSession *taken = NULL;

  g_return_val_if_fail (FELT_IS_SOLUTION (self), NULL);
  if (self->session == NULL)
    return NULL;
  if (felt_solution_get_position (self) > 0)
    {
      FeltMove last = felt_session_get_move (self->session, felt_session_get_n_moves (self->session) - 1);

      /* The last step played again: the steps beyond it go. */
      felt_session_undo (self->session);
      felt_session_play (self->session, &last);
      taken = g_steal_pointer (&self->session);
    }
  ended (self);
  return taken;
}

/* ---- getters ------------------------------------------------------------------------ */

gboolean
felt_solution_get_active (FeltSolution *self)
{
  g_return_val_if_fail (FELT_IS_SOLUTION (self), FALSE);
  return self->session != NULL;
}

FeltSession *
felt_solution_get_session (FeltSolution *self)
{
  g_return_val_if_fail (FELT_IS_SOLUTION (self), NULL);
  return self->session;
}

guint
felt_solution_get_length (FeltSolution *self)
{
  g_return_val_if_fail (FELT_IS_SOLUTION (self), 0);
  return self->length;
}

gboolean
felt_solution_get_playing (FeltSolution *self)
{
  g_return_val_if_fail (FELT_IS_SOLUTION (self), FALSE);
  return self->play_id != 0;
}

gboolean
felt_solution_get_shown (FeltSolution *self)
{
  g_return_val_if_fail (FELT_IS_SOLUTION (self), FALSE);
  return self->shown;
}

const char *
felt_solution_get_text (FeltSolution *self)
{
  g_return_val_if_fail (FELT_IS_SOLUTION (self), NULL);
  return self->text;
}

/* ---- the object ---------------------------------------------------------------------- */

static void
felt_solution_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  FeltSolution *self = FELT_SOLUTION (object);

  switch (prop_id)
    {
    case PROP_ACTIVE: g_value_set_boolean (value, felt_solution_get_active (self)); break;
    case PROP_SESSION: g_value_set_pointer (value, self->session); break;
    case PROP_POSITION: g_value_set_uint (value, felt_solution_get_position (self)); break;
    case PROP_LENGTH: g_value_set_uint (value, self->length); break;
    case PROP_PLAYING: g_value_set_boolean (value, self->play_id != 0); break;
    case PROP_SHOWN: g_value_set_boolean (value, self->shown); break;
    case PROP_TEXT: g_value_set_string (value, self->text); break;
    case PROP_REASON: g_value_set_int (value, self->reason); break;
    case PROP_LABEL: g_value_set_string (value, felt_solution_get_label (self)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
felt_solution_finalize (GObject *object)
{
  FeltSolution *self = FELT_SOLUTION (object);

  clear (self);
  g_free (self->text);
  G_OBJECT_CLASS (felt_solution_parent_class)->finalize (object);
}

static void
felt_solution_class_init (FeltSolutionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY;

  object_class->get_property = felt_solution_get_property;
  object_class->finalize = felt_solution_finalize;

  properties[PROP_ACTIVE] = g_param_spec_boolean ("active", NULL, NULL, FALSE, flags);
  /* The FeltSession shown (borrowed), NULL when not active. */
  properties[PROP_SESSION] = g_param_spec_pointer ("session", NULL, NULL, flags);
  properties[PROP_POSITION] = g_param_spec_uint ("position", NULL, NULL, 0, G_MAXUINT, 0, flags);
  properties[PROP_LENGTH] = g_param_spec_uint ("length", NULL, NULL, 0, G_MAXUINT, 0, flags);
  properties[PROP_PLAYING] = g_param_spec_boolean ("playing", NULL, NULL, FALSE, flags);
  properties[PROP_SHOWN] = g_param_spec_boolean ("shown", NULL, NULL, FALSE, flags);
  properties[PROP_TEXT] = g_param_spec_string ("text", NULL, NULL, "", flags);
  /* A FeltSolutionReason. */
  properties[PROP_REASON] = g_param_spec_int ("reason", NULL, NULL, 0, FELT_SOLUTION_NO_GAME,
                                              FELT_SOLUTION_NO_GAME, flags);
  properties[PROP_LABEL] = g_param_spec_string ("label", NULL, NULL, NULL, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* A step was shown, from `before` (a const FeltState *): the board
   * slides the cards and says `sentence` (may be NULL: back to the
   * start at once, as Play does at the end). */
  signals[SIGNAL_STEP] = g_signal_new ("step", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                       NULL, G_TYPE_NONE, 2, G_TYPE_POINTER, G_TYPE_STRING);
}

static void
felt_solution_init (FeltSolution *self)
{
  self->reason = FELT_SOLUTION_NO_GAME;
  self->text = g_strdup ("");
}

FeltSolution *
felt_solution_new (void)
{
  return g_object_new (FELT_TYPE_SOLUTION, NULL);
}
