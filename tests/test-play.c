/* test-play.c: the game in play (FeltPlay), with no display: the clock,
 * statistics counted once per deal and a loss on abandoning, the saved
 * game resumed exactly and damaged files kept aside, undo and redo and
 * their notifications, the status and score texts, automatic moves, the
 * end of the game, the solver's status, Undo to Winnable, hints, the
 * demo and the search for a winnable deal.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>
#include <sys/fsuid.h>
#include <sys/stat.h>
#include <unistd.h>

#include "felt-play.h"
#include "felt-saved-game.h"
#include "felt-solver.h"
#include "felt-stats.h"

static char *data_dir;

#define NOBODY 65534

/* ---- helpers ------------------------------------------------------------------------ */

static char *
data_path (const char *name)
{
  return g_build_filename (data_dir, name, NULL);
}

static void
write_file (const char *name, const char *text)
{
  g_autofree char *path = data_path (name);

  assert_true (g_file_set_contents (path, text, -1, NULL));
}

static void
remove_tree (const char *dir)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d && (name = g_dir_read_name (d)))
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        remove_tree (path);
      else
        g_remove (path);
    }
  g_rmdir (dir);
}

static int
setup (void **state)
{
  data_dir = g_dir_make_tmp ("felt-test-play-XXXXXX", NULL);
  assert_non_null (data_dir);
  g_setenv ("FELT_DATA_DIR", data_dir, TRUE);
  return 0;
}

static int
teardown (void **state)
{
  remove_tree (data_dir);
  g_clear_pointer (&data_dir, g_free);
  return 0;
}

typedef gboolean (*Condition) (FeltPlay *play, gconstpointer data);

/* Runs the main loop until the condition holds; FALSE after `seconds`. */
static gboolean
wait_for (FeltPlay *play, Condition condition, gconstpointer data, int seconds)
{
  gint64 end = g_get_monotonic_time () + seconds * G_USEC_PER_SEC;

  while (g_get_monotonic_time () < end)
    {
      if (condition (play, data))
        return TRUE;
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (1000);
    }
  return condition (play, data);
}

static void
wait_ms (guint ms)
{
  gint64 end = g_get_monotonic_time () + ms * 1000;

  while (g_get_monotonic_time () < end)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (1000);
}

static const FeltState *
state_of (FeltPlay *play)
{
  return felt_session_get_state (felt_play_get_session (play));
}

static guint
n_moves (FeltPlay *play)
{
  return felt_session_get_n_moves (felt_play_get_session (play));
}

/* Plays some legal move: the first the engine lists, or the stock. */
static void
make_a_move (FeltPlay *play)
{
  FeltMove moves[FELT_MAX_MOVES];

  if (felt_state_legal_moves (state_of (play), moves) > 0)
    assert_true (felt_play_move (play, &moves[0], TRUE));
  else
    assert_true (felt_play_move (play, &(FeltMove) { 0, 0, 0, 1 }, TRUE));
}

static FeltPlay *
new_play (const char *game, guint32 seed)
{
  FeltPlay *play = felt_play_new ();

  if (game)
    felt_play_start (play, felt_game_lookup (game), seed);
  return play;
}

static FeltStats
read_stats (void)
{
  g_autofree char *path = data_path ("statistics.ini");
  g_autofree char *text = NULL;
  gsize length;
  FeltStats stats;

  memset (&stats, 0, sizeof stats);
  if (g_file_get_contents (path, &text, &length, NULL))
    assert_true (felt_stats_from_data (&stats, text, length, NULL));
  return stats;
}

/* Counts the notifications of each property of an object. */
typedef struct {
  GHashTable *counts;   /* property name -> count */
} Notes;

static void
noted (GObject *object, GParamSpec *pspec, Notes *notes)
{
  guint n = GPOINTER_TO_UINT (g_hash_table_lookup (notes->counts, pspec->name));

  g_hash_table_insert (notes->counts, (gpointer) pspec->name, GUINT_TO_POINTER (n + 1));
}

static void
notes_watch (Notes *notes, gpointer object)
{
  notes->counts = g_hash_table_new (g_str_hash, g_str_equal);
  g_signal_connect (object, "notify", G_CALLBACK (noted), notes);
}

static guint
notes_take (Notes *notes, const char *name)
{
  guint n = GPOINTER_TO_UINT (g_hash_table_lookup (notes->counts, name));

  g_hash_table_remove (notes->counts, name);
  return n;
}

static void
notes_clear (Notes *notes, gpointer object)
{
  g_signal_handlers_disconnect_by_data (object, notes);
  g_hash_table_unref (notes->counts);
}

static FeltSolveResult
solve (const FeltState *state)
{
  FeltSolveResult result;

  felt_solve (state, 0, NULL, &result);
  return result;
}

static FeltSolveVerdict
verdict_of (const FeltState *state)
{
  FeltSolveResult result = solve (state);
  FeltSolveVerdict verdict = result.verdict;

  felt_solve_result_clear (&result);
  return verdict;
}

/* A deal of `game` from `first` on whose verdict is `want`, and, when
 * `lost_after` is not NULL, with a first move after which it is lost. */
static guint32
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

/* Plays the solver's winning line from the position in play but for its
 * last `keep` moves. */
static void
play_winning_line (FeltPlay *play, guint keep)
{
  FeltSolveResult result = solve (state_of (play));

  assert_int_equal (result.verdict, FELT_SOLVE_WINNABLE);
  assert_true (result.line->len > keep);
  for (guint i = 0; i + keep < result.line->len; i++)
    assert_true (felt_play_move (play, &g_array_index (result.line, FeltMove, i), TRUE));
  felt_solve_result_clear (&result);
}

static void
count_signal (gpointer instance, gboolean value, guint *counts)
{
  counts[value ? 1 : 0]++;
}

static void
count_calls (gpointer instance, guint *count)
{
  (*count)++;
}

/* ---- the clock ------------------------------------------------------------------------- */

static gboolean
elapsed_at_least (FeltPlay *play, gconstpointer seconds)
{
  return felt_play_get_elapsed (play) >= GPOINTER_TO_UINT (seconds);
}

/* The clock starts with the first move, counts seconds (one notification
 * each), stops at the end of the game and starts again at a new deal. */
static void
test_clock (void **unused)
{
  g_autoptr (FeltPlay) play = new_play ("straight-up", 5);
  Notes notes;

  assert_int_equal (felt_play_get_elapsed (play), 0);
  assert_string_equal (felt_play_get_elapsed_text (play), "0:00");
  notes_watch (&notes, play);
  wait_ms (1300);
  assert_int_equal (felt_play_get_elapsed (play), 0);   /* no move, no time */
  assert_int_equal (notes_take (&notes, "elapsed"), 0);

  assert_true (felt_play_move (play, &(FeltMove) { 0, 0, 0, 1 }, TRUE));
  assert_true (wait_for (play, elapsed_at_least, GUINT_TO_POINTER (1), 5));
  assert_string_equal (felt_play_get_elapsed_text (play), "0:01");
  assert_int_equal (notes_take (&notes, "elapsed"), 1);
  assert_int_equal (notes_take (&notes, "elapsed-text"), 1);

  /* A new deal: back to nought, stopped. */
  felt_play_start (play, felt_game_lookup ("straight-up"), 6);
  assert_int_equal (felt_play_get_elapsed (play), 0);
  assert_string_equal (felt_play_get_elapsed_text (play), "0:00");
  wait_ms (1300);
  assert_int_equal (felt_play_get_elapsed (play), 0);
  notes_clear (&notes, play);
}

/* The time played is saved with the game and comes back, as h:mm:ss
 * beyond an hour. */
static void
test_clock_resumed (void **unused)
{
  g_autoptr (FeltPlay) play = felt_play_new ();

  write_file ("game.ini", "[Felt Game]\nformat=1\ngame=hopscotch\nseed=1\nelapsed-ms=3725000\nmoves=s\nredo=\n");
  assert_true (felt_play_resume (play));
  assert_int_equal (felt_play_get_elapsed (play), 3725);
  assert_string_equal (felt_play_get_elapsed_text (play), "1:02:05");
}

/* ---- statistics -------------------------------------------------------------------------- */

/* Moved from test-app: a deal counts once a move is made. */
static void
test_statistics_count (void **unused)
{
  g_autofree char *path = data_path ("statistics.ini");
  g_autoptr (FeltPlay) play = felt_play_new ();
  FeltStats stats;

  /* Deal and walk away: not played, not counted. */
  felt_play_start (play, felt_game_lookup ("straight-up"), 5);
  felt_play_start (play, felt_game_lookup ("straight-up"), 6);
  assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  assert_false (felt_play_in_progress (play));

  /* A move, then a new deal: one game played and lost. */
  assert_true (felt_play_move (play, &(FeltMove) { 0, 0, 0, 1 }, TRUE));
  assert_true (felt_play_in_progress (play));
  felt_play_start (play, felt_game_lookup ("straight-up"), 7);
  stats = read_stats ();
  assert_int_equal (stats.games[FELT_GAME_STRAIGHT_UP].played, 1);
  assert_int_equal (stats.games[FELT_GAME_STRAIGHT_UP].won, 0);
  assert_int_equal (felt_play_get_stats (play)->games[FELT_GAME_STRAIGHT_UP].played, 1);

  /* Reset: nothing counted, on disk too. */
  felt_play_reset_stats (play);
  assert_int_equal (read_stats ().games[FELT_GAME_STRAIGHT_UP].played, 0);
}

/* A win is counted once, with its time and moves, however often the
 * player takes the last move back and plays it again. */
static void
test_win_counted_once (void **unused)
{
  guint32 seed = find_deal ("cruel", 1, FELT_SOLVE_WINNABLE, NULL);
  g_autoptr (FeltPlay) play = new_play ("cruel", seed);
  guint ended[2] = { 0, 0 };
  FeltStats stats;

  g_signal_connect (play, "game-ended", G_CALLBACK (count_signal), ended);
  play_winning_line (play, 0);
  assert_true (felt_play_get_won (play));
  assert_false (felt_play_get_over (play));
  assert_int_equal (ended[1], 1);
  assert_int_equal (ended[0], 0);
  assert_string_equal (felt_play_get_message (play), "You won!");
  assert_string_equal (felt_play_get_solver_status (play), "");
  assert_false (felt_play_in_progress (play));
  stats = read_stats ();
  assert_int_equal (stats.games[FELT_GAME_CRUEL].played, 1);
  assert_int_equal (stats.games[FELT_GAME_CRUEL].won, 1);
  assert_int_equal (stats.games[FELT_GAME_CRUEL].fewest_moves, n_moves (play));

  /* Undo, redo: the end comes again (the dialog shows again), the count
   * does not; the clock stays stopped at the end. */
  assert_true (felt_play_undo (play));
  assert_false (felt_play_get_won (play));
  assert_string_equal (felt_play_get_message (play), "");
  assert_true (felt_play_redo (play));
  assert_true (felt_play_get_won (play));
  assert_int_equal (ended[1], 2);
  stats = read_stats ();
  assert_int_equal (stats.games[FELT_GAME_CRUEL].played, 1);
  assert_int_equal (stats.games[FELT_GAME_CRUEL].won, 1);

  /* A new deal after a win is no loss. */
  felt_play_start (play, felt_game_lookup ("cruel"), seed + 1);
  assert_int_equal (read_stats ().games[FELT_GAME_CRUEL].played, 1);
}

/* Abandoning a deal in progress asks first, and counts it lost once. */
static void
test_loss_on_abandoning (void **unused)
{
  g_autoptr (FeltPlay) play = new_play ("hopscotch", 3);
  guint asked = 0;

  g_signal_connect (play, "confirm-abandon", G_CALLBACK (count_calls), &asked);

  /* Nothing played: a new deal needs no question. */
  felt_play_request_start (play, felt_game_lookup ("hopscotch"), 4);
  assert_int_equal (asked, 0);
  assert_int_equal (felt_play_get_seed (play), 4);

  make_a_move (play);
  felt_play_request_start (play, felt_game_lookup ("cruel"), 9);
  assert_int_equal (asked, 1);
  /* Kept waiting: the deal in play goes on, nothing counted. */
  assert_int_equal (felt_play_get_seed (play), 4);
  assert_int_equal (read_stats ().games[FELT_GAME_HOPSCOTCH].played, 0);

  felt_play_give_up (play);
  assert_string_equal (felt_play_get_game (play)->id, "cruel");
  assert_int_equal (felt_play_get_seed (play), 9);
  assert_int_equal (read_stats ().games[FELT_GAME_HOPSCOTCH].played, 1);
  assert_int_equal (read_stats ().games[FELT_GAME_HOPSCOTCH].won, 0);

  /* Giving up twice starts nothing more. */
  felt_play_give_up (play);
  assert_int_equal (felt_play_get_seed (play), 9);

  /* Restart asks too, and plays the same deal again. */
  make_a_move (play);
  felt_play_restart (play);
  assert_int_equal (asked, 2);
  felt_play_give_up (play);
  assert_int_equal (felt_play_get_seed (play), 9);
  assert_int_equal (n_moves (play), 0);
  assert_int_equal (read_stats ().games[FELT_GAME_CRUEL].played, 1);
}

/* ---- the saved game -------------------------------------------------------------------- */

/* A saved game in progress: Straight Up deal 5 after two deals. */
static const char good_game[] =
  "[Felt Game]\nformat=1\ngame=straight-up\nseed=5\nelapsed-ms=61000\nmoves=s s\nredo=\n";

/* Moved from test-app. */
static void
test_resume_exactly (void **unused)
{
  FeltPlay *play;
  FeltSession *session;

  write_file ("game.ini", good_game);
  play = felt_play_new ();
  assert_true (felt_play_resume (play));
  assert_null (felt_play_get_notice (play));
  session = felt_play_get_session (play);
  assert_string_equal (felt_session_get_game (session)->id, "straight-up");
  assert_int_equal (felt_session_get_seed (session), 5);
  assert_int_equal (felt_session_get_n_moves (session), 2);
  assert_string_equal (felt_play_get_elapsed_text (play), "1:01");
  assert_true (felt_play_in_progress (play));

  /* Undo one move: the redo list is saved too and comes back. */
  assert_true (felt_play_undo (play));
  g_object_unref (play);

  play = felt_play_new ();
  assert_true (felt_play_resume (play));
  session = felt_play_get_session (play);
  assert_int_equal (felt_session_get_n_moves (session), 1);
  assert_int_equal (felt_session_get_n_redo (session), 1);
  assert_true (felt_session_get_redo (session, 0).stock);
  g_object_unref (play);
}

/* Until the game is on the screen, it is saved only when it gets there
 * (or when it is closed before). */
static void
test_save_on_screen (void **unused)
{
  g_autofree char *path = data_path ("game.ini");
  FeltPlay *play = g_object_new (FELT_TYPE_PLAY, "on-screen", FALSE, NULL);

  felt_play_start (play, felt_game_lookup ("hopscotch"), 3);
  assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  felt_play_set_on_screen (play, TRUE);
  assert_true (g_file_test (path, G_FILE_TEST_EXISTS));
  g_remove (path);

  /* On the screen, each change is saved at once. */
  assert_true (felt_play_move (play, &(FeltMove) { 0, 0, 0, 1 }, TRUE));
  assert_true (g_file_test (path, G_FILE_TEST_EXISTS));
  g_remove (path);
  /* Closed, it saves its time. */
  g_object_unref (play);
  assert_true (g_file_test (path, G_FILE_TEST_EXISTS));
}

/* No saved game: nothing to resume and nothing to say. */
static void
test_no_saved_game (void **unused)
{
  g_autoptr (FeltPlay) play = felt_play_new ();

  assert_false (felt_play_resume (play));
  assert_null (felt_play_get_notice (play));
  assert_null (felt_play_get_session (play));
}

/* Damaged content is kept aside as .corrupt; a file Felt cannot read
 * (a folder in its place) or one a newer Felt wrote is left exactly as
 * it is, and not written during the run. */
typedef enum {
  DAMAGED,
  UNREADABLE,
  NEWER,
} DamageKind;

typedef struct {
  const char *what;
  const char *contents;   /* NULL: a folder where the file should be */
  DamageKind kind;
} Damage;

/* The file is still what the test put there: the same bytes, or the
 * folder (still empty). */
static void
assert_untouched (const char *path, const Damage *d)
{
  if (d->contents)
    {
      g_autofree char *now = NULL;
      gsize length;

      assert_true (g_file_get_contents (path, &now, &length, NULL));
      assert_int_equal (length, strlen (d->contents));
      assert_memory_equal (now, d->contents, length);
    }
  else
    {
      g_autoptr (GDir) dir = g_dir_open (path, 0, NULL);

      assert_non_null (dir);
      assert_null (g_dir_read_name (dir));
    }
}

static const Damage game_damage[] = {
  { "truncated", "[Felt Game]\nformat=1\ngame=straight-up\nse" },
  { "garbage", "\x01\x02\xff\xfe not a key file [[[" },
  { "empty", "" },
  { "future version", "[Felt Game]\nformat=99\ngame=cruel\nseed=1\nelapsed-ms=0\nmoves=\nredo=\n", NEWER },
  { "huge seed", "[Felt Game]\nformat=1\ngame=cruel\nseed=99999999999999999999\nelapsed-ms=0\nmoves=\nredo=\n" },
  { "huge time", "[Felt Game]\nformat=1\ngame=cruel\nseed=1\nelapsed-ms=9223372036854775807\nmoves=\nredo=\n" },
  { "negative time", "[Felt Game]\nformat=1\ngame=cruel\nseed=1\nelapsed-ms=-5\nmoves=\nredo=\n" },
  { "huge pile", "[Felt Game]\nformat=1\ngame=cruel\nseed=1\nelapsed-ms=0\nmoves=255.1.255\nredo=\n" },
  { "illegal move", "[Felt Game]\nformat=1\ngame=cruel\nseed=1\nelapsed-ms=0\nmoves=5.1.6\nredo=\n" },
  { "illegal redo", "[Felt Game]\nformat=1\ngame=hopscotch\nseed=1\nelapsed-ms=0\nmoves=s\nredo=s\n" },
  { "wrong game", "[Felt Game]\nformat=1\ngame=klondike\nseed=1\nelapsed-ms=0\nmoves=\nredo=\n" },
  { "unreadable", NULL, UNREADABLE },
};

/* Moved from test-app: a damaged saved game never hurts; one that Felt
 * cannot read or that a newer Felt wrote is left as it is. */
static void
test_damaged_game (void **unused)
{
  for (guint i = 0; i < G_N_ELEMENTS (game_damage); i++)
    {
      const Damage *d = &game_damage[i];
      g_autofree char *path = data_path ("game.ini");
      g_autofree char *kept = data_path ("game.ini.corrupt");
      g_autofree char *kept_contents = NULL;
      FeltPlay *play;
      const char *notice;
      Notes notes;

      print_message ("damage: %s\n", d->what);
      remove_tree (data_dir);
      g_mkdir_with_parents (data_dir, 0700);
      if (d->contents)
        write_file ("game.ini", d->contents);
      else
        g_mkdir (path, 0700);

      play = felt_play_new ();
      notes_watch (&notes, play);
      assert_false (felt_play_resume (play));

      /* One calm sentence, naming where the damaged file was kept, or
       * which file is left as it is and why. */
      notice = felt_play_get_notice (play);
      assert_non_null (notice);
      assert_int_equal (notes_take (&notes, "notice"), 1);
      if (d->kind == NEWER)
        {
          assert_non_null (strstr (notice, "newer version"));
          assert_non_null (strstr (notice, path));
        }
      else if (d->kind == UNREADABLE)
        {
          assert_non_null (strstr (notice, "cannot read your saved game"));
          assert_non_null (strstr (notice, path));
          assert_non_null (strstr (notice, "a folder is in its place"));
        }
      else
        {
          assert_non_null (strstr (notice, "game.ini.corrupt"));
          assert_non_null (strstr (notice, "could not be read"));
        }

      /* The bad file is kept, byte for byte; nothing is lost. */
      if (d->kind != DAMAGED)
        {
          assert_false (g_file_test (kept, G_FILE_TEST_EXISTS));
          assert_untouched (path, d);
        }
      else if (d->contents)
        {
          assert_true (g_file_get_contents (kept, &kept_contents, NULL, NULL));
          assert_string_equal (kept_contents, d->contents);
        }

      /* A fresh game starts and is saved in a good file (not over a file
       * left as it is: that one stays, the notice with it). */
      felt_play_start (play, felt_game_lookup ("cruel"), 7);
      assert_int_equal (felt_session_get_seed (felt_play_get_session (play)), 7);
      make_a_move (play);
      assert_int_equal (notes_take (&notes, "notice"), 0);
      /* Closed by the player, the notice goes. */
      felt_play_set_notice (play, NULL);
      assert_null (felt_play_get_notice (play));
      assert_int_equal (notes_take (&notes, "notice"), 1);
      /* A file left as it is stays so: the next moves do not show the
       * closed notice again. */
      make_a_move (play);
      assert_null (felt_play_get_notice (play));
      notes_clear (&notes, play);
      g_object_unref (play);
      if (d->kind != DAMAGED)
        {
          assert_untouched (path, d);
          continue;
        }
      {
        g_autofree char *saved = NULL;
        gsize length;
        gint64 elapsed;
        g_autoptr (FeltSession) session = NULL;

        assert_true (g_file_get_contents (path, &saved, &length, NULL));
        session = felt_saved_game_from_data (saved, length, &elapsed, NULL);
        assert_non_null (session);
        assert_int_equal (felt_session_get_seed (session), 7);
      }
    }
}

static const Damage stats_damage[] = {
  { "truncated", "[Felt Statistics]\nform" },
  { "garbage", "\xff\xfe\x00\x01" },
  { "future version", "[Felt Statistics]\nformat=7\n[cruel]\nplayed=120\nwon=3\n", NEWER },
  { "huge numbers", "[Felt Statistics]\nformat=1\n[cruel]\nplayed=99999999999999999999\nwon=1\n" },
  { "negative", "[Felt Statistics]\nformat=1\n[cruel]\nplayed=-3\n" },
  { "contradiction", "[Felt Statistics]\nformat=1\n[cruel]\nplayed=2\nwon=5\n" },
  { "unreadable", NULL, UNREADABLE },
};

/* Moved from test-app: damaged statistics are kept aside, counting
 * starts afresh; statistics Felt cannot read or that a newer Felt wrote
 * are left as they are, and this run counts in memory. */
static void
test_damaged_statistics (void **unused)
{
  for (guint i = 0; i < G_N_ELEMENTS (stats_damage); i++)
    {
      const Damage *d = &stats_damage[i];
      g_autofree char *path = data_path ("statistics.ini");
      g_autofree char *kept = data_path ("statistics.ini.corrupt");
      FeltPlay *play;
      const char *notice;

      print_message ("damage: %s\n", d->what);
      remove_tree (data_dir);
      g_mkdir_with_parents (data_dir, 0700);
      if (d->contents)
        write_file ("statistics.ini", d->contents);
      else
        g_mkdir (path, 0700);

      play = felt_play_new ();
      notice = felt_play_get_notice (play);
      assert_non_null (notice);
      assert_non_null (strstr (notice, "statistics"));
      if (d->kind != DAMAGED)
        {
          assert_non_null (strstr (notice, path));
          assert_non_null (strstr (notice, d->kind == NEWER ? "newer version" : "cannot read"));
          assert_false (g_file_test (kept, G_FILE_TEST_EXISTS));
          assert_untouched (path, d);
        }
      else
        {
          assert_non_null (strstr (notice, "statistics.ini.corrupt"));
          assert_true (g_file_test (kept, G_FILE_TEST_EXISTS));
        }
      if (d->kind == DAMAGED && d->contents)
        {
          g_autofree char *kept_contents = NULL;
          assert_true (g_file_get_contents (kept, &kept_contents, NULL, NULL));
          assert_memory_equal (kept_contents, d->contents, strlen (d->contents));
        }
      for (guint g = 0; g < FELT_N_GAMES; g++)
        assert_int_equal (felt_play_get_stats (play)->games[g].played, 0);

      /* Playing goes on and a loss is counted in a new, good file. */
      felt_play_start (play, felt_game_lookup ("scuffle"), 4);
      assert_true (felt_play_move (play, &(FeltMove) { 0, 0, 0, 1 }, TRUE));
      felt_play_start (play, felt_game_lookup ("scuffle"), 5);
      assert_int_equal (felt_play_get_stats (play)->games[FELT_GAME_SCUFFLE].played, 1);
      g_object_unref (play);
      if (d->kind != DAMAGED)
        assert_untouched (path, d);
      else
        assert_int_equal (read_stats ().games[FELT_GAME_SCUFFLE].played, 1);
    }
}

/* ---- faults of the files ------------------------------------------------------------ */

/* From here to become_self, file access is checked as an ordinary user's
 * (as root, the file system user id is nobody's: root may read anything).
 * Only this thread's: FeltPlay reads and writes its files on it. */
static void
become_other (void)
{
  if (geteuid () == 0)
    {
      setfsgid (NOBODY);
      setfsuid (NOBODY);
      assert_int_equal ((int) setfsuid ((uid_t) -1), NOBODY);
    }
}

static void
become_self (void)
{
  if (geteuid () == 0)
    {
      setfsuid (0);
      setfsgid (0);
    }
}

/* A data folder an ordinary user (nobody, as root) may write. */
static void
open_data_dir (void)
{
  g_autofree char *parent = g_path_get_dirname (data_dir);

  assert_int_equal (chmod (data_dir, 0777), 0);
  /* g_dir_make_tmp's folder is in a world-readable /tmp (or TMPDIR). */
  assert_true (g_file_test (parent, G_FILE_TEST_IS_DIR));
}

static int
teardown_as_self (void **state)
{
  become_self ();
  chmod (data_dir, 0700);
  return teardown (state);
}

static gboolean
file_holds (const char *name, const char *want)
{
  g_autofree char *path = data_path (name);
  g_autofree char *text = NULL;

  return g_file_get_contents (path, &text, NULL, NULL) && g_str_equal (text, want);
}

/* Plays a move and leaves the deal: one more game lost in the
 * statistics (unless the move ended it: then it was counted already).
 * Adds the game lost to `lost` (per game id), if given. */
static void
lose_a_game (FeltPlay *play, const char *game, guint *lost)
{
  FeltGameId id = felt_state_get_game_id (state_of (play));

  make_a_move (play);
  if (lost && (felt_play_in_progress (play) || felt_play_get_over (play)))
    lost[id]++;
  felt_play_start (play, felt_game_lookup (game), g_random_int_range (1, 1000));
}

/* statistics.ini that Felt may not read (another user's, mode 600): left
 * exactly as it is, the player told which file and why; this run counts
 * in memory and adds its games to the file once it can be read. */
static void
test_unreadable_statistics (void **unused)
{
  g_autofree char *old = NULL;
  g_autofree char *path = data_path ("statistics.ini");
  g_autofree char *kept = data_path ("statistics.ini.corrupt");
  FeltPlay *play;
  const char *notice;
  FeltStats stats;

  /* 120 games of history: 30 won, then 90 lost. */
  memset (&stats, 0, sizeof stats);
  for (guint i = 0; i < 120; i++)
    if (i < 30)
      felt_stats_record_win (&stats, FELT_GAME_CRUEL, 60000 + i, 100 + i);
    else
      felt_stats_record_loss (&stats, FELT_GAME_CRUEL);
  old = felt_stats_to_data (&stats, NULL);
  open_data_dir ();
  write_file ("statistics.ini", old);
  assert_int_equal (chmod (path, 0600), 0);

  become_other ();
  play = new_play ("cruel", 3);
  notice = felt_play_get_notice (play);
  assert_non_null (notice);
  assert_non_null (strstr (notice, "cannot read your statistics file"));
  assert_non_null (strstr (notice, path));
  assert_non_null (strstr (notice, "permission denied"));
  assert_int_equal (felt_play_get_stats (play)->games[FELT_GAME_CRUEL].played, 0);

  /* Two games lost: counted in memory, the file untouched. */
  lose_a_game (play, "cruel", NULL);
  lose_a_game (play, "cruel", NULL);
  assert_int_equal (felt_play_get_stats (play)->games[FELT_GAME_CRUEL].played, 2);
  assert_non_null (felt_play_get_notice (play));
  become_self ();
  assert_true (file_holds ("statistics.ini", old));
  assert_false (g_file_test (kept, G_FILE_TEST_EXISTS));

  /* Readable again: the next move adds this run's games to the 120. */
  assert_int_equal (chmod (path, 0666), 0);
  become_other ();
  make_a_move (play);
  assert_null (felt_play_get_notice (play));
  assert_int_equal (felt_play_get_stats (play)->games[FELT_GAME_CRUEL].played, 122);
  assert_int_equal (felt_play_get_stats (play)->games[FELT_GAME_CRUEL].won, 30);
  g_object_unref (play);
  become_self ();
  stats = read_stats ();
  assert_int_equal (stats.games[FELT_GAME_CRUEL].played, 122);
  assert_int_equal (stats.games[FELT_GAME_CRUEL].won, 30);
}

/* A data folder Felt may not write: the notice says so once, with the
 * folder, the game goes on and what is on disk is unchanged; once the
 * folder can be written the next move saves and the notice goes. */
static void
test_read_only_folder (void **unused)
{
  g_autofree char *saved = NULL;
  g_autofree char *stats_path = data_path ("statistics.ini");
  FeltPlay *play;
  const char *notice;
  Notes notes;

  open_data_dir ();
  become_other ();
  play = new_play ("straight-up", 5);
  make_a_move (play);
  assert_null (felt_play_get_notice (play));
  {
    g_autofree char *path = data_path ("game.ini");
    assert_true (g_file_get_contents (path, &saved, NULL, NULL));
  }

  become_self ();
  assert_int_equal (chmod (data_dir, 0555), 0);
  become_other ();
  notes_watch (&notes, play);
  make_a_move (play);
  notice = felt_play_get_notice (play);
  assert_non_null (notice);
  assert_non_null (strstr (notice, "cannot save your game"));
  assert_non_null (strstr (notice, data_dir));
  assert_non_null (strstr (notice, "permission denied"));
  assert_int_equal (notes_take (&notes, "notice"), 1);
  /* Told once: more moves that fail do not say it again. */
  make_a_move (play);
  make_a_move (play);
  assert_int_equal (notes_take (&notes, "notice"), 0);
  assert_int_equal (n_moves (play), 4);
  assert_true (file_holds ("game.ini", saved));

  /* A game lost now waits in memory, and says so too. */
  felt_play_start (play, felt_game_lookup ("cruel"), 8);
  assert_int_equal (felt_play_get_stats (play)->games[FELT_GAME_STRAIGHT_UP].played, 1);
  assert_non_null (strstr (felt_play_get_notice (play), "cannot save your statistics"));
  assert_false (g_file_test (stats_path, G_FILE_TEST_EXISTS));
  assert_true (file_holds ("game.ini", saved));

  /* Writable again: the next move saves both, and the notice goes. */
  become_self ();
  assert_int_equal (chmod (data_dir, 0777), 0);
  become_other ();
  make_a_move (play);
  assert_null (felt_play_get_notice (play));
  assert_false (file_holds ("game.ini", saved));
  notes_clear (&notes, play);
  g_object_unref (play);
  become_self ();
  assert_int_equal (read_stats ().games[FELT_GAME_STRAIGHT_UP].played, 1);
  play = felt_play_new ();
  assert_true (felt_play_resume (play));
  assert_string_equal (felt_play_get_game (play)->id, "cruel");
  assert_int_equal (n_moves (play), 1);
  g_object_unref (play);
}

/* Files a newer Felt wrote: untouched byte for byte through a whole run,
 * the player told; this run's games count in memory. */
static void
test_newer_files (void **unused)
{
  static const char game[] = "[Felt Game]\nformat=9\ngame=cruel\nseed=1\nelapsed-ms=0\nmoves=\nredo=\nnew-key=1\n";
  static const char stats[] = "[Felt Statistics]\nformat=5\n[cruel]\nplayed=40\nwon=9\nnew-figure=3\n";
  g_autofree char *game_path = data_path ("game.ini");
  g_autofree char *stats_path = data_path ("statistics.ini");
  FeltPlay *play;
  const char *notice;

  write_file ("game.ini", game);
  write_file ("statistics.ini", stats);
  play = felt_play_new ();
  assert_false (felt_play_resume (play));
  notice = felt_play_get_notice (play);
  assert_non_null (notice);
  assert_non_null (strstr (notice, game_path));
  assert_non_null (strstr (notice, stats_path));
  assert_non_null (strstr (notice, "newer version of Felt"));

  felt_play_start (play, felt_game_lookup ("hopscotch"), 2);
  lose_a_game (play, "hopscotch", NULL);
  make_a_move (play);
  assert_int_equal (felt_play_get_stats (play)->games[FELT_GAME_HOPSCOTCH].played, 1);
  felt_play_reset_stats (play);
  g_object_unref (play);
  assert_true (file_holds ("game.ini", game));
  assert_true (file_holds ("statistics.ini", stats));
  {
    g_autofree char *kept = data_path ("game.ini.corrupt");
    assert_false (g_file_test (kept, G_FILE_TEST_EXISTS));
  }
}

/* Two Felts on one data folder (two logins): each counts its games and
 * none is lost; the one whose saved game replaced the other's is told. */
static void
test_two_on_one_folder (void **unused)
{
  FeltPlay *a = felt_play_new ();
  FeltPlay *b = felt_play_new ();
  const char *notice;
  guint lost[FELT_N_GAMES] = { 0 };

  assert_false (felt_play_resume (a));
  assert_false (felt_play_resume (b));
  felt_play_start (a, felt_game_lookup ("scuffle"), 1);
  assert_null (felt_play_get_notice (a));
  felt_play_start (b, felt_game_lookup ("scuffle"), 2);
  notice = felt_play_get_notice (b);
  assert_non_null (notice);
  assert_non_null (strstr (notice, "Another copy of Felt"));
  assert_non_null (strstr (notice, data_dir));

  for (guint i = 0; i < 3; i++)
    {
      lose_a_game (a, "scuffle", lost);
      lose_a_game (b, "scuffle", lost);
      lose_a_game (b, "cruel", lost);
    }
  assert_true (lost[FELT_GAME_SCUFFLE] >= 6);
  assert_true (lost[FELT_GAME_CRUEL] >= 2);
  /* Every game of both is on disk; the one that saved last shows them
   * all. */
  assert_int_equal (read_stats ().games[FELT_GAME_SCUFFLE].played, lost[FELT_GAME_SCUFFLE]);
  assert_int_equal (read_stats ().games[FELT_GAME_CRUEL].played, lost[FELT_GAME_CRUEL]);
  assert_int_equal (felt_play_get_stats (b)->games[FELT_GAME_SCUFFLE].played, lost[FELT_GAME_SCUFFLE]);
  assert_int_equal (felt_play_get_stats (b)->games[FELT_GAME_CRUEL].played, lost[FELT_GAME_CRUEL]);
  assert_non_null (strstr (felt_play_get_notice (a), "Another copy of Felt"));
  g_object_unref (a);
  g_object_unref (b);
  assert_int_equal (read_stats ().games[FELT_GAME_SCUFFLE].played, lost[FELT_GAME_SCUFFLE]);
}

/* ---- moves and what they change ------------------------------------------------------------ */

static void
count_moves (FeltPlay *play, gpointer before, gboolean animate, guint *count)
{
  /* The position before the move, for the board to slide from. */
  assert_non_null (before);
  assert_true (memcmp (before, state_of (play), sizeof (FeltState)) != 0);
  (*count)++;
}

/* can-undo, can-redo and n-moves follow the history, each notified
 * once when it changes and never when it does not. */
static void
test_undo_redo (void **unused)
{
  g_autoptr (FeltPlay) play = new_play ("hopscotch", 11);
  guint played = 0;
  Notes notes;

  assert_false (felt_play_get_can_undo (play));
  assert_false (felt_play_get_can_redo (play));
  notes_watch (&notes, play);
  g_signal_connect (play, "move-played", G_CALLBACK (count_moves), &played);

  /* An illegal move changes nothing. */
  assert_false (felt_play_move (play, &(FeltMove) { 1, 0, 1, 0 }, TRUE));
  assert_false (felt_play_undo (play));
  assert_false (felt_play_redo (play));
  assert_int_equal (played, 0);
  assert_int_equal (g_hash_table_size (notes.counts), 0);

  assert_true (felt_play_move (play, &(FeltMove) { 0, 0, 0, 1 }, TRUE));
  assert_int_equal (played, 1);
  assert_true (felt_play_get_can_undo (play));
  assert_int_equal (notes_take (&notes, "can-undo"), 1);
  assert_int_equal (notes_take (&notes, "can-redo"), 0);
  assert_int_equal (notes_take (&notes, "n-moves"), 1);

  make_a_move (play);
  assert_int_equal (notes_take (&notes, "can-undo"), 0);   /* still TRUE */
  assert_int_equal (notes_take (&notes, "n-moves"), 1);
  /* The kind of each change, for the board to say (a11y). */
  assert_int_equal (felt_play_get_change (play), FELT_PLAY_CHANGE_MOVE);

  assert_true (felt_play_undo (play));
  assert_int_equal (felt_play_get_change (play), FELT_PLAY_CHANGE_UNDO);
  assert_true (felt_play_get_can_undo (play));
  assert_true (felt_play_get_can_redo (play));
  assert_int_equal (notes_take (&notes, "can-undo"), 0);
  assert_int_equal (notes_take (&notes, "can-redo"), 1);

  assert_true (felt_play_undo (play));
  assert_false (felt_play_get_can_undo (play));
  assert_int_equal (notes_take (&notes, "can-undo"), 1);
  assert_int_equal (notes_take (&notes, "can-redo"), 0);
  assert_false (felt_play_undo (play));

  assert_true (felt_play_redo (play));
  assert_int_equal (felt_play_get_change (play), FELT_PLAY_CHANGE_REDO);
  assert_true (felt_play_redo (play));
  assert_false (felt_play_get_can_redo (play));
  assert_false (felt_play_redo (play));
  assert_int_equal (notes_take (&notes, "can-redo"), 1);
  assert_int_equal (played, 6);

  /* Several at once: one change. */
  assert_true (felt_play_undo_many (play, 5));
  assert_int_equal (played, 7);
  assert_int_equal (n_moves (play), 0);
  notes_clear (&notes, play);
}

static void
test_texts (void **unused)
{
  g_autoptr (FeltPlay) play = new_play ("hopscotch", 1);
  Notes notes;

  /* Hopscotch starts with A 2 3 4 of clubs on its foundations, which
   * do not score. */
  assert_string_equal (felt_play_get_score_text (play), "Score: 0 of 48");
  assert_int_equal (felt_play_get_score (play), 0);
  assert_string_equal (felt_play_get_status_text (play), "Stock: 48 cards");
  assert_string_equal (felt_play_get_game (play)->id, "hopscotch");
  {
    g_autofree char *name = NULL;
    guint seed;
    g_object_get (play, "game-name", &name, "seed", &seed, NULL);
    assert_string_equal (name, "Hopscotch");
    assert_int_equal (seed, 1);
  }

  notes_watch (&notes, play);
  assert_true (felt_play_move (play, &(FeltMove) { 0, 0, 0, 1 }, TRUE));
  assert_string_equal (felt_play_get_status_text (play), "Stock: 47 cards");
  assert_int_equal (notes_take (&notes, "status-text"), 1);
  assert_int_equal (notes_take (&notes, "score-text"), 0);   /* the same score */
  assert_int_equal (notes_take (&notes, "score"), 0);

  /* Every figure a game has, in one line. */
  felt_play_start (play, felt_game_lookup ("cruel"), 1);
  assert_string_equal (felt_play_get_status_text (play), "48 cards left");
  assert_string_equal (felt_play_get_score_text (play), "Score: 0 of 48");
  felt_play_start (play, felt_game_lookup ("straight-up"), 1);
  assert_string_equal (felt_play_get_status_text (play), "Stock: 31 cards   Reserve: 13 cards   2 redeals left");
  felt_play_start (play, felt_game_lookup ("backbone"), 1);
  assert_string_equal (felt_play_get_score_text (play), "Score: 0 of 104");
  {
    /* A card to a foundation scores one. */
    FeltMove move;
    for (guint32 seed = 1; seed < 100; seed++)
      {
        felt_play_start (play, felt_game_lookup ("straight-up"), seed);
        if (felt_state_safe_move (state_of (play), &move))
          break;
      }
    notes_take (&notes, "score");
    assert_true (felt_play_move (play, &move, TRUE));
    assert_int_equal (felt_play_get_score (play), 1);
    assert_string_equal (felt_play_get_score_text (play), "Score: 1 of 48");
    assert_int_equal (notes_take (&notes, "score"), 1);
  }
  notes_clear (&notes, play);
}

/* ---- automatic moves ------------------------------------------------------------------- */

static gboolean
moves_at_least (FeltPlay *play, gconstpointer n)
{
  return n_moves (play) >= GPOINTER_TO_UINT (n);
}

/* With auto-foundations, the safe cards go home by themselves, one move
 * at a time; never right after an undo. */
static void
test_auto_moves (void **unused)
{
  g_autoptr (FeltPlay) play = new_play ("backbone", 1);
  FeltMove safe;

  /* Off (the default): nothing moves by itself.  Deal from the stock
   * until a card could go home safely. */
  for (guint i = 0; i < 77 && !felt_state_safe_move (state_of (play), &safe); i++)
    assert_true (felt_play_move (play, &(FeltMove) { 0, 0, 0, 1 }, TRUE));
  assert_true (felt_state_safe_move (state_of (play), &safe));
  {
    guint n = n_moves (play);
    wait_ms (300);
    assert_int_equal (n_moves (play), n);
  }

  /* On: each safe move in turn, until none is left. */
  g_object_set (play, "auto-foundations", TRUE, "animate", FALSE, NULL);
  assert_true (wait_for (play, moves_at_least, GUINT_TO_POINTER (n_moves (play) + 1), 5));
  wait_ms (300);
  {
    FeltMove more;
    assert_false (felt_state_safe_move (state_of (play), &more));
  }

  /* Undo takes one back and it stays back. */
  {
    guint n = n_moves (play);
    assert_true (felt_play_undo (play));
    wait_ms (300);
    assert_int_equal (n_moves (play), n - 1);
  }
}

/* ---- the end of the game ----------------------------------------------------------------- */

/* Plays on until no move is left: hints first, the stock when there is
 * none. */
static gboolean
play_to_the_end (FeltPlay *play)
{
  for (guint i = 0; i < 3000 && !felt_play_get_over (play) && !felt_play_get_won (play); i++)
    {
      FeltMove move;
      if (!felt_state_hint (state_of (play), &move) || !felt_play_move (play, &move, FALSE))
        if (!felt_play_move (play, &(FeltMove) { 0, 0, 0, 1 }, FALSE))
          return FALSE;
    }
  return felt_play_get_over (play);
}

/* Game over: said once, counted lost once, the clock stops; the hint
 * says no move is left. */
static void
test_game_over (void **unused)
{
  g_autoptr (FeltPlay) play = felt_play_new ();
  guint ended[2] = { 0, 0 };
  guint32 seed;
  FeltMove move;

  g_signal_connect (play, "game-ended", G_CALLBACK (count_signal), ended);
  for (seed = 1; seed < 50; seed++)
    {
      felt_play_start (play, felt_game_lookup ("straight-up"), seed);
      if (play_to_the_end (play))
        break;
    }
  assert_true (seed < 50);
  assert_true (felt_play_get_over (play));
  assert_false (felt_play_get_won (play));
  assert_int_equal (ended[0], 1);
  assert_int_equal (ended[1], 0);
  assert_string_equal (felt_play_get_message (play), "No move is left");
  assert_false (felt_play_in_progress (play));
  /* Counted when it ended (the deals before were lost on leaving). */
  assert_int_equal (read_stats ().games[FELT_GAME_STRAIGHT_UP].played, seed);
  assert_int_equal (read_stats ().games[FELT_GAME_STRAIGHT_UP].won, 0);

  felt_play_set_notice (play, NULL);
  assert_false (felt_play_hint (play, &move));
  assert_string_equal (felt_play_get_message (play), "No move is left");

  /* The clock stopped with the game. */
  {
    guint at = felt_play_get_elapsed (play);
    wait_ms (1200);
    assert_int_equal (felt_play_get_elapsed (play), at);
  }

  /* Leaving it is no second loss. */
  felt_play_start (play, felt_game_lookup ("straight-up"), 1000);
  assert_int_equal (read_stats ().games[FELT_GAME_STRAIGHT_UP].played, seed);
}

/* ---- the solver ----------------------------------------------------------------------------- */

static gboolean
status_is (FeltPlay *play, gconstpointer text)
{
  return g_str_equal (felt_play_get_solver_status (play), text);
}

static void
assert_status (FeltPlay *play, const char *text)
{
  if (!wait_for (play, status_is, text, 60))
    fail_msg ("the status reads “%s”, not “%s”", felt_play_get_solver_status (play), text);
}

/* Moved from test-solver-ui: the status says what the solver proves. */
static void
test_status (void **unused)
{
  FeltMove fatal;
  guint32 lost = find_deal ("cruel", 1, FELT_SOLVE_LOST, NULL);
  guint32 winnable = find_deal ("cruel", 1, FELT_SOLVE_WINNABLE, &fatal);
  g_autoptr (FeltPlay) play = new_play ("cruel", lost);

  assert_status (play, "Cannot be won");
  assert_int_equal (felt_play_get_solver_verdict (play), FELT_SOLVE_LOST);

  felt_play_start (play, felt_game_lookup ("cruel"), winnable);
  assert_status (play, "Winnable");
  assert_int_equal (felt_play_get_solver_verdict (play), FELT_SOLVE_WINNABLE);
  assert_true (felt_play_move (play, &fatal, TRUE));
  assert_status (play, "No longer winnable");
  assert_true (felt_play_undo (play));
  assert_status (play, "Winnable");

  /* Scuffle: a chance, not a verdict. */
  felt_play_start (play, felt_game_lookup ("scuffle"), 4);
  {
    gint64 end = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;
    int percent = -1;
    char tail[8] = "";
    while (g_get_monotonic_time () < end &&
           sscanf (felt_play_get_solver_status (play), "Chance of winning: %d%7s", &percent, tail) != 2)
      wait_ms (5);
    assert_string_equal (tail, "%");
    assert_in_range (percent, 0, 100);
  }

  /* Turned off: nothing, whatever the deal. */
  g_object_set (play, "show-winnable", FALSE, NULL);
  felt_play_start (play, felt_game_lookup ("cruel"), winnable);
  wait_ms (500);
  assert_string_equal (felt_play_get_solver_status (play), "");
  g_object_set (play, "show-winnable", TRUE, NULL);
  assert_status (play, "Winnable");
}

/* Before the game is on the screen the solver does not start. */
static void
test_solver_waits_for_screen (void **unused)
{
  guint32 winnable = find_deal ("cruel", 1, FELT_SOLVE_WINNABLE, NULL);
  g_autoptr (FeltPlay) play = g_object_new (FELT_TYPE_PLAY, "on-screen", FALSE, NULL);

  felt_play_start (play, felt_game_lookup ("cruel"), winnable);
  wait_ms (500);
  assert_string_equal (felt_play_get_solver_status (play), "");
  assert_int_equal (felt_play_get_solver_verdict (play), FELT_SOLVE_UNKNOWN);
  felt_play_set_on_screen (play, TRUE);
  assert_status (play, "Winnable");
}

/* Moves back to the latest winnable position, taken back in one change
 * that Redo replays. */
static void
test_moves_back (void **unused)
{
  FeltMove fatal;
  guint32 winnable = find_deal ("cruel", 1, FELT_SOLVE_WINNABLE, &fatal);
  g_autoptr (FeltPlay) play = new_play ("cruel", winnable);
  guint played = 1;
  Notes notes;

  assert_status (play, "Winnable");
  assert_int_equal (felt_play_get_moves_back (play), 0);
  assert_false (felt_play_undo_to_winnable (play));
  notes_watch (&notes, play);

  assert_true (felt_play_move (play, &fatal, TRUE));
  assert_status (play, "No longer winnable");
  assert_int_equal (felt_play_get_moves_back (play), 1);
  assert_int_equal (notes_take (&notes, "can-undo-to-winnable"), 1);

  /* Play on into the lost game: the way back grows with each move. */
  for (guint i = 0; i < 2; i++)
    {
      FeltMove moves[FELT_MAX_MOVES];
      guint n = felt_state_legal_moves (state_of (play), moves);
      gboolean moved = FALSE;

      for (guint m = 0; m < n && !moved; m++)
        {
          FeltState next = *state_of (play);
          FeltUndo undo;

          felt_state_apply (&next, &moves[m], &undo);
          if (!felt_state_is_over (&next))
            moved = felt_play_move (play, &moves[m], TRUE);
        }
      if (!moved)
        break;
      played++;
      assert_status (play, "No longer winnable");
      assert_int_equal (felt_play_get_moves_back (play), played);
    }
  /* (Hidden while the solver thinks about each new position.) */
  notes_take (&notes, "can-undo-to-winnable");
  assert_true (felt_play_get_moves_back (play) > 0);

  assert_true (felt_play_undo_to_winnable (play));
  assert_status (play, "Winnable");
  assert_int_equal (n_moves (play), 0);
  assert_int_equal (felt_session_get_n_redo (felt_play_get_session (play)), played);
  assert_int_equal (felt_play_get_moves_back (play), 0);
  assert_int_equal (notes_take (&notes, "can-undo-to-winnable"), 1);

  /* Hidden with the status itself. */
  assert_true (felt_play_redo (play));
  assert_status (play, "No longer winnable");
  assert_int_equal (felt_play_get_moves_back (play), 1);
  g_object_set (play, "show-winnable", FALSE, NULL);
  assert_int_equal (felt_play_get_moves_back (play), 0);
  notes_clear (&notes, play);
}

static gboolean
analysed (FeltPlay *play, gconstpointer data)
{
  return felt_play_get_solver_verdict (play) != FELT_SOLVE_UNKNOWN || felt_state_is_won (state_of (play));
}

/* Following the hints from the deal wins it; each says what to do. */
static void
test_hints (void **unused)
{
  const char *games[] = { "straight-up", "cruel", "hopscotch", "backbone" };

  for (guint g = 0; g < G_N_ELEMENTS (games); g++)
    {
      guint32 seed = find_deal (games[g], 1, FELT_SOLVE_WINNABLE, NULL);
      g_autoptr (FeltPlay) play = new_play (games[g], seed);
      guint steps = 0;

      while (!felt_state_is_won (state_of (play)))
        {
          FeltMove hint;
          const char *message;

          assert_true (wait_for (play, analysed, NULL, 60));
          assert_string_equal (felt_play_get_solver_status (play), "Winnable");
          assert_true (felt_play_hint (play, &hint));
          message = felt_play_get_message (play);
          if (hint.stock)
            assert_string_equal (message, "Hint: click the stock");
          else
            assert_true (g_str_has_prefix (message, "Hint: move the ") && strstr (message, " to "));
          if (!felt_play_move (play, &hint, TRUE))
            fail_msg ("%s %u: the hint after %u moves is not legal", games[g], seed, steps);
          /* The next change clears it. */
          assert_false (g_str_has_prefix (felt_play_get_message (play), "Hint"));
          assert_true (++steps < 1000);
        }
    }
}

/* One hint's words, exactly. */
static void
test_hint_text (void **unused)
{
  g_autoptr (FeltPlay) play = felt_play_new ();
  FeltMove hint;

  /* No solver: the hint is the engine's own. */
  g_object_set (play, "on-screen", FALSE, NULL);
  felt_play_start (play, felt_game_lookup ("cruel"), 1);
  assert_true (felt_play_hint (play, &hint));
  {
    FeltMove want;
    g_autofree char *text = NULL;

    assert_true (felt_state_hint (state_of (play), &want));
    assert_memory_equal (&hint, &want, sizeof want);
    assert_false (hint.stock);
    text = g_strdup (felt_play_get_message (play));
    assert_true (g_str_has_prefix (text, "Hint: move the "));
    assert_non_null (strstr (text, " of "));
    assert_non_null (strstr (text, " to Foundation ") ? text : strstr (text, " to Tableau "));
  }
}

static gboolean
message_is (FeltPlay *play, gconstpointer text)
{
  return g_str_equal (felt_play_get_message (play), text);
}

/* Moved from test-solver-ui: the demo plays the winning line and stops
 * when asked; with no way to win it says so. */
static void
test_demo (void **unused)
{
  guint32 winnable = find_deal ("cruel", 1, FELT_SOLVE_WINNABLE, NULL);
  guint32 lost = find_deal ("cruel", 1, FELT_SOLVE_LOST, NULL);
  g_autoptr (FeltPlay) play = new_play ("cruel", winnable);
  guint played;
  Notes notes;

  assert_status (play, "Winnable");
  notes_watch (&notes, play);
  felt_play_toggle_demo (play);
  assert_true (felt_play_get_demo_running (play));
  assert_int_equal (notes_take (&notes, "demo-running"), 1);
  assert_string_equal (felt_play_get_message (play), "Demo: any key or click stops it");
  assert_true (wait_for (play, moves_at_least, GUINT_TO_POINTER (3), 60));
  /* Every move it made keeps the deal winnable; the message stays. */
  assert_int_equal (verdict_of (state_of (play)), FELT_SOLVE_WINNABLE);
  assert_string_equal (felt_play_get_message (play), "Demo: any key or click stops it");

  /* Asked again, it stops: no more moves. */
  felt_play_toggle_demo (play);
  assert_false (felt_play_get_demo_running (play));
  assert_int_equal (notes_take (&notes, "demo-running"), 1);
  played = n_moves (play);
  assert_string_equal (felt_play_get_message (play), "");
  wait_ms (2000);
  assert_int_equal (n_moves (play), played);

  /* With no way to win, it says so and plays nothing. */
  felt_play_start (play, felt_game_lookup ("cruel"), lost);
  assert_status (play, "Cannot be won");
  felt_play_toggle_demo (play);
  assert_true (wait_for (play, message_is, "The demo knows no way to win from here", 60));
  assert_false (felt_play_get_demo_running (play));
  assert_int_equal (n_moves (play), 0);
  notes_clear (&notes, play);
}

static gboolean
new_deal_started (FeltPlay *play, gconstpointer old_seed)
{
  return felt_play_get_seed (play) != GPOINTER_TO_UINT (old_seed) && g_str_equal (felt_play_get_message (play), "");
}

/* Moved from test-solver-ui: with winnable-deals-only, New Game deals
 * one the solver wins. */
static void
test_winnable_deals_only (void **unused)
{
  /* Straight Up: more than half of its deals are lost. */
  g_autoptr (FeltPlay) play = new_play ("straight-up", find_deal ("straight-up", 1, FELT_SOLVE_LOST, NULL));

  g_object_set (play, "winnable-deals-only", TRUE, NULL);
  for (int i = 0; i < 6; i++)
    {
      guint32 old = felt_play_get_seed (play);
      gboolean searching;

      felt_play_new_deal (play, NULL);
      g_object_get (play, "searching", &searching, NULL);
      assert_true (searching);
      assert_string_equal (felt_play_get_message (play), "Looking for a winnable deal…");
      assert_true (wait_for (play, new_deal_started, GUINT_TO_POINTER (old), 60));
      assert_int_equal (verdict_of (state_of (play)), FELT_SOLVE_WINNABLE);
      assert_status (play, "Winnable");
    }

  /* Off: a random deal at once. */
  g_object_set (play, "winnable-deals-only", FALSE, NULL);
  {
    guint32 old = felt_play_get_seed (play);
    felt_play_new_deal (play, felt_game_lookup ("backbone"));
    assert_string_equal (felt_play_get_game (play)->id, "backbone");
    assert_true (felt_play_get_seed (play) != old);
  }
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_clock, setup, teardown),
    cmocka_unit_test_setup_teardown (test_clock_resumed, setup, teardown),
    cmocka_unit_test_setup_teardown (test_statistics_count, setup, teardown),
    cmocka_unit_test_setup_teardown (test_win_counted_once, setup, teardown),
    cmocka_unit_test_setup_teardown (test_loss_on_abandoning, setup, teardown),
    cmocka_unit_test_setup_teardown (test_resume_exactly, setup, teardown),
    cmocka_unit_test_setup_teardown (test_save_on_screen, setup, teardown),
    cmocka_unit_test_setup_teardown (test_no_saved_game, setup, teardown),
    cmocka_unit_test_setup_teardown (test_damaged_game, setup, teardown),
    cmocka_unit_test_setup_teardown (test_damaged_statistics, setup, teardown),
    cmocka_unit_test_setup_teardown (test_unreadable_statistics, setup, teardown_as_self),
    cmocka_unit_test_setup_teardown (test_read_only_folder, setup, teardown_as_self),
    cmocka_unit_test_setup_teardown (test_newer_files, setup, teardown),
    cmocka_unit_test_setup_teardown (test_two_on_one_folder, setup, teardown),
    cmocka_unit_test_setup_teardown (test_undo_redo, setup, teardown),
    cmocka_unit_test_setup_teardown (test_texts, setup, teardown),
    cmocka_unit_test_setup_teardown (test_auto_moves, setup, teardown),
    cmocka_unit_test_setup_teardown (test_game_over, setup, teardown),
    cmocka_unit_test_setup_teardown (test_status, setup, teardown),
    cmocka_unit_test_setup_teardown (test_solver_waits_for_screen, setup, teardown),
    cmocka_unit_test_setup_teardown (test_moves_back, setup, teardown),
    cmocka_unit_test_setup_teardown (test_hints, setup, teardown),
    cmocka_unit_test_setup_teardown (test_hint_text, setup, teardown),
    cmocka_unit_test_setup_teardown (test_demo, setup, teardown),
    cmocka_unit_test_setup_teardown (test_winnable_deals_only, setup, teardown),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
