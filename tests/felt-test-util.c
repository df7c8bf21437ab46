/* felt-test-util.c: building and checking positions for the rules tests,
 * and the temporary folders every test without a display shares.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "felt-test-util.h"

#include <errno.h>
#include <sys/fsuid.h>
#include <sys/stat.h>
#include <unistd.h>
#include <glib/gstdio.h>

/* The tests' own card names, independent of the engine's; index 14 is
 * the ace above the king. */
static const char rank_chars[] = "?A23456789TJQKA";
static const char suit_chars[] = "CDHS";

const FeltMove felt_test_stock_move = { 0, 0, 0, 1 };

/* ---- temporary folders and files ---------------------------------------- */

char *
felt_test_make_dir (const char *prefix, const char *env_var)
{
  g_autofree char *template = g_strconcat (prefix, "-XXXXXX", NULL);
  g_autoptr (GError) error = NULL;
  char *dir = g_dir_make_tmp (template, &error);

  if (dir == NULL)
    fail_msg ("cannot make a temporary folder: %s", error->message);
  if (env_var)
    g_setenv (env_var, dir, TRUE);
  return dir;
}

void
felt_test_remove_dir (const char *dir)
{
  g_autoptr (GDir) d = NULL;
  const char *name;

  if (dir == NULL)
    return;
  /* A folder a test made read-only must be emptied too. */
  g_chmod (dir, 0700);
  d = g_dir_open (dir, 0, NULL);
  while (d && (name = g_dir_read_name (d)))
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      if (g_file_test (path, G_FILE_TEST_IS_DIR) && !g_file_test (path, G_FILE_TEST_IS_SYMLINK))
        felt_test_remove_dir (path);
      else
        g_remove (path);
    }
  g_rmdir (dir);
}

char *
felt_test_read_file (const char *dir, const char *name)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  char *text = NULL;

  if (!g_file_get_contents (path, &text, NULL, NULL))
    return NULL;
  return text;
}

const FeltTestErrno felt_test_errnos[FELT_TEST_N_ERRNOS] = {
  { "EACCES", EACCES }, { "EIO", EIO }, { "ENOSPC", ENOSPC },
  { "EROFS", EROFS }, { "EISDIR", EISDIR }, { "EDQUOT", EDQUOT },
};

char **
felt_test_env_for_shim (char **envp)
{
  const char *asan = g_environ_getenv (envp, "ASAN_OPTIONS");
  g_autofree char *options = g_strdup_printf ("%s%sverify_asan_link_order=0", asan ? asan : "",
                                              asan && *asan ? ":" : "");

  return g_environ_setenv (envp, "ASAN_OPTIONS", options, TRUE);
}

/* ---- building positions ------------------------------------------------- */

void
felt_test_position (FeltState *state, const char *game_id, ...)
{
  const FeltGame *game = felt_game_lookup (game_id);
  const char *piles[FELT_MAX_PILES] = { NULL };
  g_autoptr (GError) error = NULL;
  const char *name;
  va_list args;

  if (game == NULL)
    g_error ("no game %s", game_id);
  va_start (args, game_id);
  while ((name = va_arg (args, const char *)) != NULL)
    {
      int pile = felt_pile_parse (game, name);
      if (pile < 0)
        g_error ("no pile %s in %s", name, game_id);
      piles[pile] = va_arg (args, const char *);
    }
  va_end (args);
  if (!felt_state_set_piles (state, game, piles, &error))
    g_error ("%s", error->message);
}

const char *
felt_test_name (const char *kind, guint index)
{
  g_autofree char *name = g_strdup_printf ("%s.%u", kind, index);

  return g_intern_string (name);
}

guint
felt_test_pile (const FeltState *state, const char *name)
{
  int pile = felt_pile_parse (felt_state_game (state), name);

  if (pile < 0)
    g_error ("no pile %s", name);
  return (guint) pile;
}

int
felt_test_pile_or_none (const FeltState *state, const char *name)
{
  return name ? (int) felt_test_pile (state, name) : -1;
}

FeltMove
felt_test_move (const FeltState *state, const char *from, guint count, const char *to)
{
  return (FeltMove) { felt_test_pile (state, from), felt_test_pile (state, to), count, 0 };
}

/* ---- cards as text ------------------------------------------------------ */

char *
felt_test_pile_cards (const FeltState *state, const char *name)
{
  guint pile = felt_test_pile (state, name);
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < felt_pile_size (state, pile); i++)
    {
      char card[3];
      felt_card_to_string (felt_pile_card (state, pile, i), card);
      if (i)
        g_string_append_c (out, ' ');
      g_string_append (out, card);
    }
  return g_string_free (out, FALSE);
}

char *
felt_test_card_name (guint rank, guint suit)
{
  g_assert (rank >= 1 && rank <= 14 && suit < 4);
  return g_strdup_printf ("%c%c", rank_chars[rank], suit_chars[suit]);
}

char *
felt_test_suit_run (guint suit, guint a, guint b)
{
  GString *out = g_string_new (NULL);

  for (guint r = a; r <= b; r++)
    {
      g_autofree char *card = felt_test_card_name (r, suit);
      g_string_append_printf (out, "%s%s", r > a ? " " : "", card);
    }
  return g_string_free (out, FALSE);
}

/* ---- the engine's answers ----------------------------------------------- */

gboolean
felt_test_move_listed (const FeltState *state, const FeltMove *move)
{
  FeltMove moves[FELT_MAX_MOVES];
  guint n = felt_state_legal_moves (state, moves);

  for (guint i = 0; i < n; i++)
    if (moves[i].from == move->from && moves[i].to == move->to && moves[i].count == move->count)
      return TRUE;
  return FALSE;
}

FeltIllegal
felt_test_check (const FeltState *state, const char *from, guint count, const char *to)
{
  FeltMove m = felt_test_move (state, from, count, to);

  return felt_state_check_move (state, &m);
}

gboolean
felt_test_listed (const FeltState *state, const char *from, guint count, const char *to)
{
  FeltMove m = felt_test_move (state, from, count, to);

  return felt_test_move_listed (state, &m);
}

FeltIllegal
felt_test_check_stock (const FeltState *state)
{
  return felt_state_check_move (state, &felt_test_stock_move);
}

guint
felt_test_n_legal (const FeltState *state)
{
  FeltMove moves[FELT_MAX_MOVES];

  return felt_state_legal_moves (state, moves);
}

char *
felt_test_moves_text (const FeltState *state)
{
  const FeltGame *game = felt_state_game (state);
  FeltMove moves[FELT_MAX_MOVES];
  guint n = felt_state_legal_moves (state, moves);
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    {
      char from[16], to[16];
      g_string_append_printf (out, "%s%s %u %s", i ? ", " : "",
                              felt_pile_name (game, moves[i].from, from), moves[i].count,
                              felt_pile_name (game, moves[i].to, to));
    }
  if (felt_state_can_stock (state))
    g_string_append_printf (out, "%sstock", n ? ", " : "");
  return g_string_free (out, FALSE);
}

FeltStatus
felt_test_status (const FeltState *state)
{
  FeltStatus status;

  felt_state_status (state, &status);
  return status;
}

int
felt_test_double_click (const FeltState *state, const char *from, guint count)
{
  return felt_state_foundation_for (state, felt_test_pile (state, from), count);
}

/* ---- playing ------------------------------------------------------------ */

FeltUndo
felt_test_play (FeltState *state, const char *from, guint count, const char *to)
{
  FeltMove m = felt_test_move (state, from, count, to);
  FeltUndo undo;

  assert_int_equal (felt_state_check_move (state, &m), FELT_LEGAL);
  assert_true (felt_test_move_listed (state, &m));
  felt_state_apply (state, &m, &undo);
  return undo;
}

FeltUndo
felt_test_click_stock (FeltState *state)
{
  FeltUndo undo;

  assert_true (felt_state_can_stock (state));
  assert_int_equal (felt_state_check_move (state, &felt_test_stock_move), FELT_LEGAL);
  felt_state_apply (state, &felt_test_stock_move, &undo);
  return undo;
}

gboolean
felt_test_solve (FeltState *state, guint depth, FeltMove *line, guint *n_line)
{
  FeltMove moves[FELT_MAX_MOVES + 1];
  guint n;

  if (felt_state_is_won (state))
    return TRUE;
  if (depth == 0)
    return FALSE;
  n = felt_state_legal_moves (state, moves);
  if (felt_state_can_stock (state))
    moves[n++] = felt_test_stock_move;
  for (guint i = 0; i < n; i++)
    {
      FeltUndo undo;

      assert_int_equal (felt_state_check_move (state, &moves[i]), FELT_LEGAL);
      felt_state_apply (state, &moves[i], &undo);
      line[(*n_line)++] = moves[i];
      if (felt_test_solve (state, depth - 1, line, n_line))
        return TRUE;
      (*n_line)--;
      felt_state_undo (state, &undo);
    }
  return FALSE;
}

void
felt_test_replay (FeltState *state, const FeltMove *line, guint n, FeltUndo *undo)
{
  for (guint i = 0; i < n; i++)
    {
      assert_int_equal (felt_state_check_move (state, &line[i]), FELT_LEGAL);
      if (!line[i].stock)
        assert_true (felt_test_move_listed (state, &line[i]));
      assert_false (felt_state_is_won (state));
      felt_state_apply (state, &line[i], &undo[i]);
    }
}

void
felt_test_undo_all (FeltState *state, const FeltUndo *undo, guint n)
{
  for (guint i = n; i > 0; i--)
    felt_state_undo (state, &undo[i - 1]);
}

void
felt_test_play_scores (FeltSession *session, const FeltMove *move, guint points)
{
  guint before = felt_state_score (felt_session_get_state (session));

  assert_int_equal (felt_session_play (session, move), FELT_LEGAL);
  assert_int_equal (felt_state_score (felt_session_get_state (session)), before + points);
  assert_true (felt_session_undo (session));
  assert_int_equal (felt_state_score (felt_session_get_state (session)), before);
  assert_true (felt_session_redo (session));
  assert_int_equal (felt_state_score (felt_session_get_state (session)), before + points);
}

guint64
felt_test_shuffled_deck (const FeltGame *game, guint32 seed, FeltCard deck[52])
{
  guint64 rng = ((guint64) game->deal_salt << 32) | seed;
  guint n = 0;

  for (guint suit = 0; suit < FELT_N_SUITS; suit++)
    for (guint rank = 1; rank <= 13; rank++)
      deck[n++] = FELT_CARD (rank, suit);
  for (guint i = 52; i > 1; i--)
    {
      guint j = felt_rng_below (&rng, i);
      FeltCard t = deck[i - 1];
      deck[i - 1] = deck[j];
      deck[j] = t;
    }
  return rng;
}

/* ---- deals by verdict ----------------------------------------------------- */

FeltSolveVerdict
verdict_of (const FeltState *state)
{
  FeltSolveResult result;
  FeltSolveVerdict verdict;

  felt_solve (state, 0, NULL, &result);
  verdict = result.verdict;
  felt_solve_result_clear (&result);
  return verdict;
}

/* A deal of `game` from `first` on whose verdict is `want`, and, when
 * `lost_after` is not NULL, with a first move after which it is lost. */
guint32
find_deal (const char *game, guint32 first, FeltSolveVerdict want, FeltMove *lost_after)
{
  for (guint32 seed = first; seed < first + 200; seed++)
    {
      FeltState st;
      FeltMove moves[FELT_MAX_MOVES];
      guint n;

      felt_state_deal (&st, felt_game_lookup (game), seed);
      if (verdict_of (&st) != want)
        continue;
      if (lost_after == NULL)
        return seed;
      n = felt_state_legal_moves (&st, moves);
      for (guint i = 0; i < n; i++)
        {
          FeltState next = st;
          FeltUndo undo;

          felt_state_apply (&next, &moves[i], &undo);
          if (verdict_of (&next) == FELT_SOLVE_LOST)
            {
              *lost_after = moves[i];
              return seed;
            }
        }
    }
  fail_msg ("no such %s deal", game);
  return 0;
}

void
felt_test_open_data_dir (const char *prefix, char **root, char **data)
{
  *root = felt_test_make_dir (prefix, NULL);
  /* nobody must reach the data folder through it. */
  assert_int_equal (chmod (*root, 0755), 0);
  *data = g_build_filename (*root, "felt", NULL);
  assert_int_equal (g_mkdir (*data, 0777), 0);
  assert_int_equal (chmod (*data, 0777), 0);
  g_setenv ("FELT_DATA_DIR", *data, TRUE);
}

void
felt_test_close_data_dir (char **root, char **data)
{
  /* A test may have left it read-only. */
  chmod (*data, 0777);
  felt_test_remove_dir (*root);
  g_clear_pointer (root, g_free);
  g_clear_pointer (data, g_free);
}

#define NOBODY 65534

void
felt_test_become_other (void)
{
  if (geteuid () == 0)
    {
      setfsgid (NOBODY);
      setfsuid (NOBODY);
      assert_int_equal ((int) setfsuid ((uid_t) -1), NOBODY);
    }
}

void
felt_test_become_self (void)
{
  if (geteuid () == 0)
    {
      setfsuid (0);
      setfsgid (0);
    }
}
