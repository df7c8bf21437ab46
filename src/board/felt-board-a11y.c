/* felt-board-a11y.c: what the board says to a screen reader: each
 * change's result as one sentence in the board's accessible description
 * (what Orca 43 speaks with GTK 4.8: tests/a11y/README.md).
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "felt-board-private.h"
#include "felt-phrases.h"

/* ---- announcements ------------------------------------------------------------------ */

/* GTK 4.8 has no announcement call: Orca speaks a change of the focused
 * widget's description (tests/a11y/README.md), so the result of every
 * action goes there, one sentence per action, and the label stays the
 * place of the focus. */
void
felt_board_announce (FeltBoard *self, const char *sentence)
{
  /* Cleared first: the same sentence set again sends no event. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, "", -1);
  if (sentence && sentence[0])
    gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, sentence, -1);
}

void
felt_board_say (FeltBoard *self, const char *sentence)
{
  g_return_if_fail (FELT_IS_BOARD (self));
  felt_board_announce (self, sentence);
}

static void
news_add (FeltBoard *self, const char *sentence)
{
  if (sentence == NULL || sentence[0] == '\0')
    return;
  if (self->news == NULL)
    self->news = g_string_new (NULL);
  if (self->news->len)
    g_string_append (self->news, ". ");
  g_string_append (self->news, sentence);
}

/* Says what is waiting: the change, the automatic moves after it, and
 * the end of the game. */
static void
news_flush (FeltBoard *self)
{
  g_autofree char *end = NULL;

  g_clear_handle_id (&self->news_id, g_source_remove);
  /* The automatic moves are done: the focused card's label once, before
   * what they did. */
  if (self->label_stale)
    felt_board_update_accessible (self);
  if (self->n_auto)
    {
      g_autofree char *auto_moves = felt_phrase_auto (&self->auto_before, self->auto_moves, self->n_auto);
      news_add (self, auto_moves);
      self->n_auto = 0;
    }
  if (self->session && self->news && self->news->len)
    {
      end = felt_phrase_game_end (felt_session_get_state (self->session));
      news_add (self, end);
    }
  if (self->news && self->news->len)
    {
      felt_board_announce (self, self->news->str);
      g_string_truncate (self->news, 0);
    }
}

/* Automatic moves follow a move one after another: the sentence waits
 * for the last of them, so that the player hears it once. */
static gboolean
news_check (gpointer data)
{
  FeltBoard *self = FELT_BOARD (data);

  self->news_id = 0;
  if (self->play && felt_play_get_auto_pending (self->play))
    {
      self->news_id = g_timeout_add (100, news_check, self);
      return G_SOURCE_REMOVE;
    }
  news_flush (self);
  return G_SOURCE_REMOVE;
}

static void
news_soon (FeltBoard *self)
{
  g_clear_handle_id (&self->news_id, g_source_remove);
  /* At once, after FeltPlay has scheduled the automatic move that
   * follows "move-played"; then every 100 ms while they go on. */
  self->news_id = g_timeout_add (0, news_check, self);
}

/* How many moves the undo took back: the redo list, replayed from here,
 * reaches `before`. */
static guint
moves_taken_back (FeltBoard *self, const FeltState *before)
{
  FeltState st = *felt_session_get_state (self->session);
  guint n_redo = felt_session_get_n_redo (self->session);

  for (guint i = 0; i < n_redo; i++)
    {
      FeltMove move = felt_session_get_redo (self->session, i);
      FeltUndo undo;
      felt_state_apply (&st, &move, &undo);
      if (felt_state_equal (&st, before))
        return i + 1;
    }
  return 0;
}

void
felt_board_say_change (FeltBoard *self, const FeltState *before, FeltPlayChange change)
{
  guint n_moves = felt_session_get_n_moves (self->session);
  g_autofree char *sentence = NULL;
  FeltMove move;

  if (change == FELT_PLAY_CHANGE_UNDO)
    {
      guint back = moves_taken_back (self, before);
      guint n_auto = 0;

      /* A turn (a move and the cards that went home by themselves after
       * it) is said as one; several turns (Undo to Winnable) as a count;
       * a move the replay could not follow (a deal that shuffles) as
       * itself. */
      while (n_auto + 1 < back && felt_session_get_redo_automatic (self->session, n_auto + 1))
        n_auto++;
      if (back > 1 && (n_auto + 1 < back || felt_session_get_redo_automatic (self->session, 0)))
        sentence = felt_phrase_undo_many (back);
      else if (felt_session_get_n_redo (self->session) > 0)
        {
          move = felt_session_get_redo (self->session, 0);
          sentence = felt_phrase_undo (felt_session_get_state (self->session), &move, n_auto);
        }
    }
  else if (n_moves == 0)
    return;
  else if (change == FELT_PLAY_CHANGE_AUTO)
    {
      if (self->n_auto == 0)
        self->auto_before = *before;
      if (self->n_auto < G_N_ELEMENTS (self->auto_moves))
        self->auto_moves[self->n_auto++] = felt_session_get_move (self->session, n_moves - 1);
    }
  else if (change == FELT_PLAY_CHANGE_REDO)
    {
      guint n_auto = 0;

      /* Redo plays a turn again: its move and the automatic ones. */
      while (n_auto + 1 < n_moves && felt_session_get_move_automatic (self->session, n_moves - 1 - n_auto))
        n_auto++;
      move = felt_session_get_move (self->session, n_moves - 1 - n_auto);
      sentence = felt_phrase_redo (before, &move, n_auto);
    }
  else
    {
      move = felt_session_get_move (self->session, n_moves - 1);
      sentence = felt_phrase_move (before, &move);
    }
  /* A new action: what waited of the one before is old news. */
  if (change != FELT_PLAY_CHANGE_AUTO)
    {
      self->n_auto = 0;
      if (self->news)
        g_string_truncate (self->news, 0);
    }
  news_add (self, sentence);
  news_soon (self);
}

/* The solver's verdict changed ("No longer winnable"): said with the
 * move that changed it, or alone when the solver took its time. */
void
felt_board_solver_status_changed (FeltBoard *self)
{
  FeltSolveVerdict verdict = felt_play_get_solver_verdict (self->play);
  const char *status = felt_play_get_solver_status (self->play);

  if (verdict != FELT_SOLVE_WINNABLE && verdict != FELT_SOLVE_LOST)
    return;
  /* The first verdict of a deal is in the status line; only a change is news. */
  if (!self->verdict_known)
    {
      self->verdict_known = TRUE;
      self->said_verdict = verdict;
      return;
    }
  if (verdict == self->said_verdict || status == NULL || status[0] == '\0')
    return;
  self->said_verdict = verdict;
  news_add (self, status);
  if (self->news_id == 0)
    news_soon (self);
}
