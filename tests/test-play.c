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
#include <time.h>

#include "felt-play.h"
#include "felt-saved-game.h"
#include "felt-solver.h"
#include "felt-stats.h"

static char *data_dir;

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

typedef struct {
  const char *what;
  const char *contents;   /* NULL: a folder where the file should be */
} Damage;

static const Damage game_damage[] = {
  { "truncated", "[Felt Game]\nformat=1\ngame=straight-up\nse" },
  { "garbage", "\x01\x02\xff\xfe not a key file [[[" },
  { "empty", "" },
  { "future version", "[Felt Game]\nformat=99\ngame=cruel\nseed=1\nelapsed-ms=0\nmoves=\nredo=\n" },
  { "huge seed", "[Felt Game]\nformat=1\ngame=cruel\nseed=99999999999999999999\nelapsed-ms=0\nmoves=\nredo=\n" },
  { "huge time", "[Felt Game]\nformat=1\ngame=cruel\nseed=1\nelapsed-ms=9223372036854775807\nmoves=\nredo=\n" },
  { "negative time", "[Felt Game]\nformat=1\ngame=cruel\nseed=1\nelapsed-ms=-5\nmoves=\nredo=\n" },
  { "huge pile", "[Felt Game]\nformat=1\ngame=cruel\nseed=1\nelapsed-ms=0\nmoves=255.1.255\nredo=\n" },
  { "illegal move", "[Felt Game]\nformat=1\ngame=cruel\nseed=1\nelapsed-ms=0\nmoves=5.1.6\nredo=\n" },
  { "illegal redo", "[Felt Game]\nformat=1\ngame=hopscotch\nseed=1\nelapsed-ms=0\nmoves=s\nredo=s\n" },
  { "wrong game", "[Felt Game]\nformat=1\ngame=klondike\nseed=1\nelapsed-ms=0\nmoves=\nredo=\n" },
  { "unreadable", NULL },
};

/* Moved from test-app: a damaged saved game never hurts. */
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

      /* One calm sentence, naming where the damaged file was kept. */
      notice = felt_play_get_notice (play);
      assert_non_null (notice);
      assert_int_equal (notes_take (&notes, "notice"), 1);
      assert_non_null (strstr (notice, "game.ini.corrupt"));
      if (g_str_equal (d->what, "future version"))
        assert_non_null (strstr (notice, "newer version"));
      else
        assert_non_null (strstr (notice, "could not be read"));

      /* The bad file is kept, byte for byte; nothing is lost. */
      if (d->contents)
        {
          assert_true (g_file_get_contents (kept, &kept_contents, NULL, NULL));
          assert_string_equal (kept_contents, d->contents);
        }
      else
        assert_true (g_file_test (kept, G_FILE_TEST_IS_DIR));

      /* A fresh game starts and is saved in a good file. */
      felt_play_start (play, felt_game_lookup ("cruel"), 7);
      assert_int_equal (felt_session_get_seed (felt_play_get_session (play)), 7);
      /* Closed by the player, the notice goes. */
      felt_play_set_notice (play, NULL);
      assert_null (felt_play_get_notice (play));
      assert_int_equal (notes_take (&notes, "notice"), 1);
      notes_clear (&notes, play);
      g_object_unref (play);
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
  { "future version", "[Felt Statistics]\nformat=7\n" },
  { "huge numbers", "[Felt Statistics]\nformat=1\n[cruel]\nplayed=99999999999999999999\nwon=1\n" },
  { "negative", "[Felt Statistics]\nformat=1\n[cruel]\nplayed=-3\n" },
  { "contradiction", "[Felt Statistics]\nformat=1\n[cruel]\nplayed=2\nwon=5\n" },
  { "unreadable", NULL },
};

/* Moved from test-app: damaged statistics are kept aside, counting
 * starts afresh. */
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
      assert_non_null (strstr (notice, "statistics.ini.corrupt"));
      assert_true (g_file_test (kept, G_FILE_TEST_EXISTS));
      if (d->contents)
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
      g_object_unref (play);
      if (d->contents)
        assert_int_equal (read_stats ().games[FELT_GAME_SCUFFLE].played, 1);
    }
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

  assert_true (felt_play_undo (play));
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


/* ---- the solver's status while it thinks, and the deal's difficulty ---------------------- */

/* Backbone deal 34 takes the solver seconds (the survey's slowest of 1-40);
 * with no budget to speak of, it searches on until told to stop. */
#define SLOW_GAME "backbone"
#define SLOW_DEAL 34
#define HUGE_BUDGET G_GUINT64_CONSTANT (1000000000000)

static gboolean
is_thinking (FeltPlay *play, gconstpointer unused)
{
  return felt_play_get_thinking (play);
}

/* Processor time this process spent during `ms` of the main loop: the
 * solver's threads count in it. */
static double
cpu_seconds_during (guint ms)
{
  double before = (double) clock () / CLOCKS_PER_SEC;

  wait_ms (ms);
  return (double) clock () / CLOCKS_PER_SEC - before;
}

/* "Thinking…" with its spinner's property once the search has run for a
 * moment, not at once; gone with the answer. */
static void
test_thinking (void **unused)
{
  g_autoptr (FeltPlay) play = felt_play_new ();
  Notes notes;

  notes_watch (&notes, play);
  felt_play_set_solver_budget (play, HUGE_BUDGET, 300);
  felt_play_start (play, felt_game_lookup (SLOW_GAME), SLOW_DEAL);
  assert_false (felt_play_get_thinking (play));
  assert_string_equal (felt_play_get_solver_status (play), "");
  wait_ms (100);
  assert_false (felt_play_get_thinking (play));
  assert_string_equal (felt_play_get_solver_status (play), "");
  assert_true (wait_for (play, is_thinking, NULL, 5));
  assert_string_equal (felt_play_get_solver_status (play), "Thinking…");
  assert_int_equal (notes_take (&notes, "thinking"), 1);
  {
    gboolean thinking;
    g_object_get (play, "thinking", &thinking, NULL);
    assert_true (thinking);
  }

  /* A move: the new position waits for its own delay. */
  make_a_move (play);
  assert_false (felt_play_get_thinking (play));
  assert_string_not_equal (felt_play_get_solver_status (play), "Thinking…");

  /* A quick answer never shows it. */
  felt_play_set_solver_budget (play, 0, 300);
  felt_play_start (play, felt_game_lookup ("straight-up"), find_deal ("straight-up", 1, FELT_SOLVE_LOST, NULL));
  notes_take (&notes, "thinking");
  assert_status (play, "Cannot be won");
  wait_ms (400);
  assert_false (felt_play_get_thinking (play));
  assert_int_equal (notes_take (&notes, "thinking"), 0);
  notes_clear (&notes, play);
}

/* The budget runs out: "Can't tell", never nothing. */
static void
test_cant_tell (void **unused)
{
  g_autoptr (FeltPlay) play = felt_play_new ();

  felt_play_set_solver_budget (play, 1, 300);
  felt_play_start (play, felt_game_lookup ("hopscotch"), 7);
  assert_status (play, "Can’t tell");
  assert_int_equal (felt_play_get_solver_verdict (play), FELT_SOLVE_UNKNOWN);
  assert_false (felt_play_get_thinking (play));
  /* and stays so: asking again would spend the same budget */
  make_a_move (play);
  assert_true (felt_play_undo (play));
  assert_string_equal (felt_play_get_solver_status (play), "Can’t tell");
}

/* Hidden or minimised (active off), and with the status turned off, the
 * solver stops; shown again, it goes on. */
static void
test_solver_pauses (void **unused)
{
  g_autoptr (FeltPlay) play = felt_play_new ();
  double busy, idle, off;

  felt_play_set_solver_budget (play, HUGE_BUDGET, 50);
  felt_play_start (play, felt_game_lookup (SLOW_GAME), SLOW_DEAL);
  assert_true (wait_for (play, is_thinking, NULL, 5));
  busy = cpu_seconds_during (800);

  g_object_set (play, "active", FALSE, NULL);
  assert_false (felt_play_get_thinking (play));
  assert_string_equal (felt_play_get_solver_status (play), "");
  wait_ms (50);      /* the threads see the flag within a few thousand positions */
  idle = cpu_seconds_during (800);

  g_object_set (play, "active", TRUE, NULL);
  assert_true (wait_for (play, is_thinking, NULL, 5));
  assert_string_equal (felt_play_get_solver_status (play), "Thinking…");

  g_object_set (play, "show-winnable", FALSE, NULL);
  assert_false (felt_play_get_thinking (play));
  wait_ms (50);
  off = cpu_seconds_during (800);
  print_message ("processor time in 0.8 s: searching %.3f s, hidden %.3f s, status off %.3f s\n", busy, idle, off);
  /* The machine may be shared: the searching figure is only a floor. */
  assert_true (busy > 0.1);
  assert_true (idle < 0.04);
  assert_true (off < 0.04);

  g_object_set (play, "show-winnable", TRUE, NULL);
  assert_true (wait_for (play, is_thinking, NULL, 5));

  /* Hint still works with the solver stopped. */
  g_object_set (play, "active", FALSE, NULL);
  {
    FeltMove move;
    assert_true (felt_play_hint (play, &move));
  }
}

static gboolean
is_rated (FeltPlay *play, gconstpointer unused)
{
  return felt_play_get_difficulty (play) != FELT_DIFFICULTY_UNKNOWN;
}

/* The deal's difficulty is felt_solver_rate's, and a win counts under it. */
static void
test_difficulty (void **unused)
{
  g_autoptr (FeltPlay) play = NULL;
  guint32 seed = find_deal ("cruel", 1, FELT_SOLVE_WINNABLE, NULL);
  FeltState st;
  FeltRating rating;
  g_autofree char *id = NULL;
  FeltStats stats;

  felt_state_deal (&st, felt_game_lookup ("cruel"), seed);
  assert_true (felt_solver_rate (&st, NULL, NULL, &rating));
  assert_true (rating.difficulty <= FELT_DIFFICULTY_HARD);

  play = new_play ("cruel", seed);
  assert_true (wait_for (play, is_rated, NULL, 30));
  assert_int_equal (felt_play_get_difficulty (play), rating.difficulty);
  g_object_get (play, "difficulty", &id, NULL);
  assert_string_equal (id, felt_difficulty_id (rating.difficulty));
  /* the rating's search answers for the first position too */
  assert_status (play, "Winnable");

  play_winning_line (play, 0);
  stats = read_stats ();
  assert_int_equal (stats.games[FELT_GAME_CRUEL].won, 1);
  assert_int_equal (stats.games[FELT_GAME_CRUEL].won_by_difficulty[rating.difficulty], 1);

  /* Another deal: unknown until rated. */
  felt_play_start (play, felt_game_lookup ("cruel"), seed + 1);
  assert_int_equal (felt_play_get_difficulty (play), FELT_DIFFICULTY_UNKNOWN);
}

/* new-deal=easy: New Game deals an easy deal, and knows it; the old
 * winnable-deals-only switch is "winnable". */
static void
test_new_deal_easy (void **unused)
{
  g_autoptr (FeltPlay) play = new_play ("cruel", 1);
  g_autofree char *choice = NULL;
  gboolean only;

  g_object_set (play, "new-deal", "easy", NULL);
  g_object_get (play, "winnable-deals-only", &only, NULL);
  assert_true (only);
  for (int i = 0; i < 3; i++)
    {
      guint32 old = felt_play_get_seed (play);
      FeltRating rating;

      felt_play_new_deal (play, NULL);
      assert_string_equal (felt_play_get_message (play), "Looking for an easy deal…");
      assert_true (wait_for (play, new_deal_started, GUINT_TO_POINTER (old), 60));
      assert_true (felt_solver_rate (state_of (play), NULL, NULL, &rating));
      assert_int_equal (rating.difficulty, FELT_DIFFICULTY_EASY);
      assert_int_equal (felt_play_get_difficulty (play), FELT_DIFFICULTY_EASY);
    }

  g_object_set (play, "new-deal", "no such choice", NULL);
  g_object_get (play, "new-deal", &choice, NULL);
  assert_string_equal (choice, "any");
  g_object_set (play, "winnable-deals-only", TRUE, NULL);
  g_clear_pointer (&choice, g_free);
  g_object_get (play, "new-deal", &choice, NULL);
  assert_string_equal (choice, "winnable");
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
    cmocka_unit_test_setup_teardown (test_thinking, setup, teardown),
    cmocka_unit_test_setup_teardown (test_cant_tell, setup, teardown),
    cmocka_unit_test_setup_teardown (test_solver_pauses, setup, teardown),
    cmocka_unit_test_setup_teardown (test_difficulty, setup, teardown),
    cmocka_unit_test_setup_teardown (test_new_deal_easy, setup, teardown),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
