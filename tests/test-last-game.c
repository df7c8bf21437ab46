/* test-last-game.c: the player's last finished game (felt-last-game.h)
 * with real files and no display: its text both ways (undone moves left
 * out), what the reader refuses as damage, a damaged file kept aside,
 * one from a newer Felt or one Felt cannot read left untouched (the game
 * still kept in memory), a given-up game taken back, two Felts on one
 * folder (the game finished last stays), the game forgotten when the
 * statistics are reset, and damage fuzzed (cut, random bytes, huge
 * numbers, a wrong game): kept aside, never a crash.  The faults of every file
 * call are in the fault matrix of test-app-files.c.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>
#include <glib/gstdio.h>

#include "felt-last-game.h"
#include "felt-saved-game.h"
#include "felt-store.h"
#include "felt-test-util.h"

static char *data;

static int
setup (void **state)
{
  data = felt_test_make_dir ("felt-test-last-game", "FELT_DATA_DIR");
  return 0;
}

static int
teardown (void **state)
{
  felt_test_remove_dir (data);
  g_clear_pointer (&data, g_free);
  return 0;
}

static char *
path (const char *name)
{
  return g_build_filename (data, name, NULL);
}

static void
write_text (const char *name, const char *text)
{
  g_autofree char *p = path (name);

  assert_true (g_file_set_contents (p, text, -1, NULL));
}

/* Scuffle 7: six deals from the stock, the last taken back. */
static FeltSession *
given_up_session (void)
{
  FeltSession *s = felt_session_new (felt_game_get (FELT_GAME_SCUFFLE), 7);

  for (guint i = 0; i < 6; i++)
    assert_int_equal (felt_session_play (s, &(FeltMove) { .stock = 1 }), FELT_LEGAL);
  assert_true (felt_session_undo (s));
  return s;
}

/* A Straight Up game played with hints (the stock when there is none)
 * until no move is left. */
static FeltSession *
lost_session (void)
{
  for (guint32 seed = 1; seed < 50; seed++)
    {
      g_autoptr (FeltSession) s = felt_session_new (felt_game_get (FELT_GAME_STRAIGHT_UP), seed);

      for (guint i = 0; i < 3000 && !felt_state_is_over (felt_session_get_state (s)) &&
           !felt_state_is_won (felt_session_get_state (s)); i++)
        {
          FeltMove move;
          if (!felt_state_hint (felt_session_get_state (s), &move) || felt_session_play (s, &move) != FELT_LEGAL)
            if (felt_session_play (s, &(FeltMove) { .stock = 1 }) != FELT_LEGAL)
              break;
        }
      if (felt_state_is_over (felt_session_get_state (s)))
        return g_steal_pointer (&s);
    }
  fail_msg ("no Straight Up deal was lost");
  return NULL;
}

static void
assert_same_moves (const FeltSession *a, const FeltSession *b)
{
  assert_ptr_equal (felt_session_get_game (a), felt_session_get_game (b));
  assert_int_equal (felt_session_get_seed (a), felt_session_get_seed (b));
  assert_int_equal (felt_session_get_n_moves (a), felt_session_get_n_moves (b));
  for (guint i = 0; i < felt_session_get_n_moves (a); i++)
    {
      FeltMove x = felt_session_get_move (a, i), y = felt_session_get_move (b, i);
      assert_memory_equal (&x, &y, sizeof x);
      assert_int_equal (felt_session_get_move_automatic (a, i), felt_session_get_move_automatic (b, i));
    }
  assert_memory_equal (felt_session_get_state (a), felt_session_get_state (b), sizeof (FeltState));
}

/* The text both ways: the moves kept, not the one undone; the result,
 * the date, the time. */
static void
test_text (void **unused)
{
  g_autoptr (FeltSession) played = given_up_session ();
  g_autoptr (FeltSession) lost = lost_session ();
  g_autoptr (FeltLastGame) game = felt_last_game_new (played, FELT_HISTORY_GIVEN_UP, 1796530834, 61230);
  g_autoptr (FeltLastGame) back = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  gsize length;

  assert_int_equal (felt_session_get_n_moves (game->session), 5);
  assert_int_equal (felt_session_get_n_redo (game->session), 0);
  text = felt_last_game_to_data (game, &length);
  assert_non_null (strstr (text, "[Felt Game]\nformat=1\ngame=scuffle\nseed=7\nelapsed-ms=61230\nmoves=s s s s s\n"
                                 "redo=\n"));
  assert_non_null (strstr (text, "result=given-up\nfinished=2026-12-06T04:20:34Z\n"));
  back = felt_last_game_from_data (text, length, &error);
  if (error)
    fail_msg ("%s", error->message);
  assert_same_moves (back->session, game->session);
  assert_int_equal (back->result, FELT_HISTORY_GIVEN_UP);
  assert_int_equal (back->finished, 1796530834);
  assert_int_equal (back->time_ms, 61230);

  /* A lost game: its automatic moves stay automatic. */
  g_clear_pointer (&game, felt_last_game_free);
  g_clear_pointer (&back, felt_last_game_free);
  g_clear_pointer (&text, g_free);
  game = felt_last_game_new (lost, FELT_HISTORY_LOST, 1796530834, 5000);
  text = felt_last_game_to_data (game, &length);
  back = felt_last_game_from_data (text, length, &error);
  if (error)
    fail_msg ("%s", error->message);
  assert_same_moves (back->session, lost);
  assert_int_equal (back->result, FELT_HISTORY_LOST);

  /* A year before 1000 (a file changed by hand, found by fuzz-last-game)
   * is written with its four digits, so that it reads again. */
  for (int year = 1; year < 2000; year += 890)
    {
      g_autoptr (GDateTime) when = g_date_time_new_utc (year, 12, 6, 4, 20, 34);

      g_clear_pointer (&game, felt_last_game_free);
      g_clear_pointer (&back, felt_last_game_free);
      g_clear_pointer (&text, g_free);
      game = felt_last_game_new (lost, FELT_HISTORY_LOST, g_date_time_to_unix (when), 5000);
      text = felt_last_game_to_data (game, &length);
      back = felt_last_game_from_data (text, length, &error);
      if (error)
        fail_msg ("%d: %s\n%s", year, error->message, text);
      assert_int_equal (back->finished, game->finished);
    }
}

/* What no finished game can be: damage.  A higher format: a newer Felt. */
static void
test_refused (void **unused)
{
  static const char *const damaged[] = {
    "",
    "not a key file",
    /* the result missing, unknown, or not the position's */
    "[Felt Game]\nformat=1\ngame=scuffle\nseed=7\nelapsed-ms=1\nmoves=s\nredo=\nfinished=2026-12-05T21:40:34Z\n",
    "[Felt Game]\nformat=1\ngame=scuffle\nseed=7\nelapsed-ms=1\nmoves=s\nredo=\nresult=drawn\n"
    "finished=2026-12-05T21:40:34Z\n",
    "[Felt Game]\nformat=1\ngame=scuffle\nseed=7\nelapsed-ms=1\nmoves=s\nredo=\nresult=won\n"
    "finished=2026-12-05T21:40:34Z\n",
    "[Felt Game]\nformat=1\ngame=scuffle\nseed=7\nelapsed-ms=1\nmoves=s\nredo=\nresult=lost\n"
    "finished=2026-12-05T21:40:34Z\n",
    /* moves to redo, no move, the demo's game */
    "[Felt Game]\nformat=1\ngame=scuffle\nseed=7\nelapsed-ms=1\nmoves=s\nredo=s\nresult=given-up\n"
    "finished=2026-12-05T21:40:34Z\n",
    "[Felt Game]\nformat=1\ngame=scuffle\nseed=7\nelapsed-ms=1\nmoves=\nredo=\nresult=given-up\n"
    "finished=2026-12-05T21:40:34Z\n",
    "[Felt Game]\nformat=1\ngame=scuffle\nseed=7\nelapsed-ms=1\nmoves=s\nredo=\ndemo-played=true\n"
    "result=given-up\nfinished=2026-12-05T21:40:34Z\n",
    /* the date missing or not one */
    "[Felt Game]\nformat=1\ngame=scuffle\nseed=7\nelapsed-ms=1\nmoves=s\nredo=\nresult=given-up\n",
    "[Felt Game]\nformat=1\ngame=scuffle\nseed=7\nelapsed-ms=1\nmoves=s\nredo=\nresult=given-up\n"
    "finished=yesterday\n",
    /* a move the rules refuse */
    "[Felt Game]\nformat=1\ngame=scuffle\nseed=7\nelapsed-ms=1\nmoves=9.1.0\nredo=\nresult=given-up\n"
    "finished=2026-12-05T21:40:34Z\n",
  };

  for (guint i = 0; i < G_N_ELEMENTS (damaged); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (FeltLastGame) game = felt_last_game_from_data (damaged[i], strlen (damaged[i]), &error);

      if (game != NULL)
        fail_msg ("accepted: %s", damaged[i]);
      assert_true (g_error_matches (error, FELT_SAVE_ERROR, FELT_SAVE_ERROR_CORRUPT) ||
                   g_error_matches (error, FELT_SAVE_ERROR, FELT_SAVE_ERROR_ILLEGAL));
    }
  {
    const char *newer = "[Felt Game]\nformat=2\ngame=scuffle\nseed=7\nmoves=s\nresult=given-up\n";
    g_autoptr (GError) error = NULL;

    assert_null (felt_last_game_from_data (newer, strlen (newer), &error));
    assert_true (g_error_matches (error, FELT_SAVE_ERROR, FELT_SAVE_ERROR_VERSION));
  }
}

/* Kept, saved at once, found again by the next run. */
static void
test_file (void **unused)
{
  g_autoptr (FeltSession) played = given_up_session ();
  g_autoptr (FeltLastGameFile) file = felt_last_game_file_new ();
  g_autoptr (FeltLastGameFile) next = felt_last_game_file_new ();
  g_autofree char *text = NULL;

  assert_null (felt_last_game_file_load (file));
  assert_null (felt_last_game_file_get (file));
  assert_true (felt_last_game_file_keep (file, felt_last_game_new (played, FELT_HISTORY_GIVEN_UP, 1000, 5)));
  assert_null (felt_last_game_file_get_problem (file));
  text = felt_test_read_file (data, "last-game.ini");
  assert_non_null (strstr (text, "result=given-up"));

  assert_null (felt_last_game_file_load (next));
  assert_non_null (felt_last_game_file_get (next));
  assert_same_moves (felt_last_game_file_get (next)->session, felt_last_game_file_get (file)->session);
  /* Only the file: no temporary file, no lock left but the lock file. */
  {
    g_autoptr (GDir) d = g_dir_open (data, 0, NULL);
    const char *name;

    while ((name = g_dir_read_name (d)))
      if (!g_str_equal (name, "last-game.ini") && !g_str_equal (name, "last-game.ini.lock"))
        fail_msg ("left in the data folder: %s", name);
  }
}

/* A damaged file: kept aside with a sentence that names it; the next
 * game finished is saved anew. */
static void
test_damaged (void **unused)
{
  g_autoptr (FeltSession) played = given_up_session ();
  g_autoptr (FeltLastGameFile) file = felt_last_game_file_new ();
  g_autofree char *notice = NULL, *kept = NULL, *text = NULL;

  write_text ("last-game.ini", "[Felt Game]\nformat=1\ngame=scuffle\nseed=7\nelapsed-ms=1\nmoves=s s\nre");
  notice = felt_last_game_file_load (file);
  assert_non_null (notice);
  assert_non_null (strstr (notice, "could not be read"));
  assert_non_null (strstr (notice, "last-game.ini.corrupt"));
  assert_null (felt_last_game_file_get (file));
  kept = felt_test_read_file (data, "last-game.ini.corrupt");
  assert_non_null (kept);
  assert_true (g_str_has_suffix (kept, "\nre"));

  assert_true (felt_last_game_file_keep (file, felt_last_game_new (played, FELT_HISTORY_GIVEN_UP, 1000, 5)));
  text = felt_test_read_file (data, "last-game.ini");
  assert_non_null (strstr (text, "moves=s s s s s\n"));
}

/* A newer Felt's file: left as it is, said as long as it stays; the game
 * finished is kept in memory for a replay in this run. */
static void
test_newer (void **unused)
{
  static const char newer[] = "[Felt Game]\nformat=2\ngame=scuffle\nseed=7\nwhatever=new\n";
  g_autoptr (FeltSession) played = given_up_session ();
  g_autoptr (FeltLastGameFile) file = felt_last_game_file_new ();
  g_autofree char *after = NULL, *corrupt = NULL;

  write_text ("last-game.ini", newer);
  assert_null (felt_last_game_file_load (file));
  assert_non_null (strstr (felt_last_game_file_get_problem (file), "newer version of Felt"));
  assert_null (felt_last_game_file_get (file));
  assert_false (felt_last_game_file_keep (file, felt_last_game_new (played, FELT_HISTORY_GIVEN_UP, 1000, 5)));
  assert_non_null (felt_last_game_file_get (file));
  assert_int_equal (felt_session_get_n_moves (felt_last_game_file_get (file)->session), 5);
  after = felt_test_read_file (data, "last-game.ini");
  assert_string_equal (after, newer);
  corrupt = path ("last-game.ini.corrupt");
  assert_false (g_file_test (corrupt, G_FILE_TEST_EXISTS));
}

/* A file Felt cannot read (a folder in its place) is not moved. */
static void
test_unreadable (void **unused)
{
  g_autoptr (FeltSession) played = given_up_session ();
  g_autoptr (FeltLastGameFile) file = felt_last_game_file_new ();
  g_autofree char *p = path ("last-game.ini");

  assert_int_equal (g_mkdir (p, 0700), 0);
  assert_null (felt_last_game_file_load (file));
  assert_non_null (strstr (felt_last_game_file_get_problem (file), "cannot read your last game"));
  assert_false (felt_last_game_file_keep (file, felt_last_game_new (played, FELT_HISTORY_GIVEN_UP, 1000, 5)));
  assert_non_null (felt_last_game_file_get (file));
  assert_true (g_file_test (p, G_FILE_TEST_IS_DIR));
}

/* Back to a given-up game: the game before it comes back, on disk too;
 * a game that was not given up stays. */
static void
test_take_back (void **unused)
{
  g_autoptr (FeltSession) played = given_up_session ();
  g_autoptr (FeltSession) lost = lost_session ();
  g_autoptr (FeltLastGameFile) file = felt_last_game_file_new ();
  g_autofree char *text = NULL;

  assert_null (felt_last_game_file_load (file));
  assert_true (felt_last_game_file_keep (file, felt_last_game_new (lost, FELT_HISTORY_LOST, 1000, 5)));
  assert_false (felt_last_game_file_take_back (file, FELT_GAME_STRAIGHT_UP, felt_session_get_seed (lost)));
  assert_true (felt_last_game_file_keep (file, felt_last_game_new (played, FELT_HISTORY_GIVEN_UP, 1001, 5)));
  assert_false (felt_last_game_file_take_back (file, FELT_GAME_SCUFFLE, 8));
  assert_true (felt_last_game_file_take_back (file, FELT_GAME_SCUFFLE, 7));
  assert_int_equal (felt_last_game_file_get (file)->result, FELT_HISTORY_LOST);
  text = felt_test_read_file (data, "last-game.ini");
  assert_non_null (strstr (text, "result=lost"));
}

/* Two Felts on one folder: the game finished last stays, whichever
 * saves last. */
static void
test_two_processes (void **unused)
{
  g_autoptr (FeltSession) played = given_up_session ();
  g_autoptr (FeltSession) lost = lost_session ();
  g_autoptr (FeltLastGameFile) one = felt_last_game_file_new ();
  g_autoptr (FeltLastGameFile) two = felt_last_game_file_new ();
  g_autofree char *text = NULL;

  assert_null (felt_last_game_file_load (one));
  assert_null (felt_last_game_file_load (two));
  assert_true (felt_last_game_file_keep (one, felt_last_game_new (lost, FELT_HISTORY_LOST, 2000, 5)));
  /* Finished before, saved after (its lock was busy): not over the later one. */
  assert_true (felt_last_game_file_keep (two, felt_last_game_new (played, FELT_HISTORY_GIVEN_UP, 1999, 5)));
  text = felt_test_read_file (data, "last-game.ini");
  assert_non_null (strstr (text, "result=lost"));
  assert_int_equal (felt_last_game_file_get (two)->result, FELT_HISTORY_LOST);
  /* One finished later: it goes over. */
  g_clear_pointer (&text, g_free);
  assert_true (felt_last_game_file_keep (two, felt_last_game_new (played, FELT_HISTORY_GIVEN_UP, 2001, 5)));
  text = felt_test_read_file (data, "last-game.ini");
  assert_non_null (strstr (text, "result=given-up"));
}

/* Forgotten (the statistics reset): the file goes, the game before it
 * too; with the lock busy it goes at the next save; a newer Felt's file
 * stays as it is (forgotten in memory only). */
static void
test_forget (void **unused)
{
  static const char newer[] = "[Felt Game]\nformat=2\ngame=scuffle\nseed=7\nwhatever=new\n";
  g_autoptr (FeltSession) played = given_up_session ();
  g_autoptr (FeltSession) lost = lost_session ();
  g_autofree char *p = path ("last-game.ini"), *lock = path ("last-game.ini.lock"), *after = NULL;
  int fd;

  {
    g_autoptr (FeltLastGameFile) file = felt_last_game_file_new ();
    g_autoptr (FeltLastGameFile) next = felt_last_game_file_new ();

    assert_true (felt_last_game_file_keep (file, felt_last_game_new (lost, FELT_HISTORY_LOST, 1000, 5)));
    assert_true (felt_last_game_file_keep (file, felt_last_game_new (played, FELT_HISTORY_GIVEN_UP, 1001, 5)));
    assert_true (felt_last_game_file_forget (file));
    assert_null (felt_last_game_file_get (file));
    assert_false (g_file_test (p, G_FILE_TEST_EXISTS));
    /* The lost game does not come back with the given-up one. */
    assert_false (felt_last_game_file_take_back (file, FELT_GAME_SCUFFLE, 7));
    assert_null (felt_last_game_file_get (file));
    assert_true (felt_last_game_file_save (file));
    assert_null (felt_last_game_file_load (next));
    assert_null (felt_last_game_file_get (next));
    /* Nothing to forget: nothing happens. */
    assert_true (felt_last_game_file_forget (next));
  }
  {
    g_autoptr (FeltLastGameFile) file = felt_last_game_file_new ();

    assert_true (felt_last_game_file_keep (file, felt_last_game_new (lost, FELT_HISTORY_LOST, 1000, 5)));
    fd = open (lock, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
    assert_true (fd >= 0);
    assert_int_equal (flock (fd, LOCK_EX), 0);
    assert_false (felt_last_game_file_forget (file));
    assert_true (felt_last_game_file_is_waiting (file));
    assert_null (felt_last_game_file_get (file));
    assert_true (g_file_test (p, G_FILE_TEST_EXISTS));
    close (fd);
    assert_true (felt_last_game_file_save (file));
    assert_false (felt_last_game_file_is_waiting (file));
    assert_false (g_file_test (p, G_FILE_TEST_EXISTS));
  }
  {
    g_autoptr (FeltLastGameFile) file = felt_last_game_file_new ();

    write_text ("last-game.ini", newer);
    assert_null (felt_last_game_file_load (file));
    assert_false (felt_last_game_file_keep (file, felt_last_game_new (played, FELT_HISTORY_GIVEN_UP, 1000, 5)));
    assert_false (felt_last_game_file_forget (file));
    assert_null (felt_last_game_file_get (file));
    after = felt_test_read_file (data, "last-game.ini");
    assert_string_equal (after, newer);
  }
}

/* ---- damage, fuzzed ------------------------------------------------------------ */

/* The data folder holds `bytes` as last-game.ini: a new run loads it
 * without crashing.  A file that still reads as a finished game is the
 * last game; a newer Felt's is left as it is; any other is kept aside
 * as last-game.ini.corrupt, byte for byte, with a sentence naming it,
 * and the next game that ends is saved in a good file. */
static void
load_damaged (const char *what, const char *bytes, gsize length, FeltSession *next)
{
  g_autofree char *p = path ("last-game.ini"), *kept = path ("last-game.ini.corrupt");
  g_autoptr (FeltLastGameFile) file = felt_last_game_file_new ();
  g_autoptr (FeltLastGame) parsed = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *notice = NULL, *now = NULL;
  gsize now_length;

  g_unlink (kept);
  assert_true (g_file_set_contents (p, bytes, (gssize) length, NULL));
  parsed = felt_last_game_from_data (bytes, length, &error);
  notice = felt_last_game_file_load (file);
  if (parsed)
    {
      assert_null (notice);
      assert_non_null (felt_last_game_file_get (file));
      assert_same_moves (felt_last_game_file_get (file)->session, parsed->session);
      return;
    }
  assert_null (felt_last_game_file_get (file));
  if (g_error_matches (error, FELT_SAVE_ERROR, FELT_SAVE_ERROR_VERSION))
    {
      assert_null (notice);
      assert_non_null (strstr (felt_last_game_file_get_problem (file), "newer version"));
      assert_false (g_file_test (kept, G_FILE_TEST_EXISTS));
      assert_true (g_file_get_contents (p, &now, &now_length, NULL));
      assert_int_equal (now_length, length);
      assert_memory_equal (now, bytes, length);
      return;
    }
  if (notice == NULL || strstr (notice, "last-game.ini.corrupt") == NULL)
    fail_msg ("%s: no notice of the file kept aside (%s)", what, notice ? notice : "none");
  assert_null (felt_last_game_file_get_problem (file));
  assert_false (g_file_test (p, G_FILE_TEST_EXISTS));
  assert_true (g_file_get_contents (kept, &now, &now_length, NULL));
  assert_int_equal (now_length, length);
  if (length)
    assert_memory_equal (now, bytes, length);
  /* The next game that ends is saved anew. */
  assert_true (felt_last_game_file_keep (file, felt_last_game_new (next, FELT_HISTORY_GIVEN_UP, 1000, 5)));
  {
    g_autofree char *saved = felt_test_read_file (data, "last-game.ini");
    g_autoptr (FeltLastGame) back = felt_last_game_from_data (saved, strlen (saved), NULL);

    assert_non_null (back);
    assert_same_moves (back->session, felt_last_game_file_get (file)->session);
  }
}

/* As the saved game and the statistics are damaged in test-play-files.c
 * (and fuzzed by tests/fuzz): a last game cut at every length, random
 * bytes, bytes of a good file changed at random, huge numbers, a wrong
 * game id, a newer format.  Seeded: the same files on every run. */
static void
test_damage_fuzzed (void **unused)
{
  static const struct {
    const char *what, *text;
  } cases[] = {
    { "garbage", "\x01\x02\xff\xfe not a key file [[[" },
    { "empty", "" },
    { "huge seed", "[Felt Game]\nformat=1\ngame=scuffle\nseed=99999999999999999999\nelapsed-ms=1\nmoves=s\n"
                   "redo=\nresult=given-up\nfinished=2026-12-05T21:40:34Z\n" },
    { "huge time", "[Felt Game]\nformat=1\ngame=scuffle\nseed=7\nelapsed-ms=9223372036854775807\nmoves=s\n"
                   "redo=\nresult=given-up\nfinished=2026-12-05T21:40:34Z\n" },
    { "huge format", "[Felt Game]\nformat=99999999999999999999999\ngame=scuffle\nseed=7\nelapsed-ms=1\n"
                     "moves=s\nredo=\nresult=given-up\nfinished=2026-12-05T21:40:34Z\n" },
    { "huge pile", "[Felt Game]\nformat=1\ngame=scuffle\nseed=7\nelapsed-ms=1\nmoves=255.1.255\n"
                   "redo=\nresult=given-up\nfinished=2026-12-05T21:40:34Z\n" },
    { "huge date", "[Felt Game]\nformat=1\ngame=scuffle\nseed=7\nelapsed-ms=1\nmoves=s\n"
                   "redo=\nresult=given-up\nfinished=99999-12-05T21:40:34Z\n" },
    { "wrong game", "[Felt Game]\nformat=1\ngame=klondike\nseed=7\nelapsed-ms=1\nmoves=s\n"
                    "redo=\nresult=given-up\nfinished=2026-12-05T21:40:34Z\n" },
    { "another game's moves", "[Felt Game]\nformat=1\ngame=hopscotch\nseed=7\nelapsed-ms=1\nmoves=9.1.0\n"
                              "redo=\nresult=given-up\nfinished=2026-12-05T21:40:34Z\n" },
    { "help", "[Felt Game]\nformat=1\ngame=scuffle\nseed=7\nelapsed-ms=1\nmoves=s\nredo=\ndemo-played=true\n"
              "help=solution\nresult=given-up\nfinished=2026-12-05T21:40:34Z\n" },
    { "newer", "[Felt Game]\nformat=2\ngame=scuffle\nseed=7\nwhatever=new\n" },
  };
  g_autoptr (FeltSession) played = given_up_session ();
  g_autoptr (FeltSession) lost = lost_session ();
  g_autoptr (FeltLastGame) game = felt_last_game_new (lost, FELT_HISTORY_LOST, 1796530834, 61230);
  g_autoptr (GRand) rand = g_rand_new_with_seed (20261206);
  gsize length;
  g_autofree char *good = felt_last_game_to_data (game, &length);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    load_damaged (cases[i].what, cases[i].text, strlen (cases[i].text), played);
  /* Cut anywhere: only the whole file (or one without its last newline)
   * reads. */
  for (gsize cut = 0; cut < length; cut += 1 + cut / 64)
    load_damaged ("cut", good, cut, played);
  for (guint i = 0; i < 100; i++)
    {
      gsize n = (gsize) g_rand_int_range (rand, 1, 400);
      g_autofree char *bytes = g_malloc (n);

      for (gsize b = 0; b < n; b++)
        bytes[b] = (char) g_rand_int_range (rand, 0, 256);
      /* Random bytes behind a good header, to get past the first checks. */
      if (i % 2)
        {
          g_autofree char *both = g_malloc (length + n);

          memcpy (both, good, length / 2);
          memcpy (both + length / 2, bytes, n);
          load_damaged ("random tail", both, length / 2 + n, played);
        }
      else
        load_damaged ("random", bytes, n, played);
    }
  for (guint i = 0; i < 200; i++)
    {
      g_autofree char *bytes = g_memdup2 (good, length);

      for (guint k = 0, n = (guint) g_rand_int_range (rand, 1, 4); k < n; k++)
        bytes[g_rand_int_range (rand, 0, (gint32) length)] = (char) g_rand_int_range (rand, 0, 256);
      load_damaged ("changed", bytes, length, played);
    }
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_text),
    cmocka_unit_test (test_refused),
    cmocka_unit_test_setup_teardown (test_file, setup, teardown),
    cmocka_unit_test_setup_teardown (test_damaged, setup, teardown),
    cmocka_unit_test_setup_teardown (test_newer, setup, teardown),
    cmocka_unit_test_setup_teardown (test_unreadable, setup, teardown),
    cmocka_unit_test_setup_teardown (test_take_back, setup, teardown),
    cmocka_unit_test_setup_teardown (test_two_processes, setup, teardown),
    cmocka_unit_test_setup_teardown (test_forget, setup, teardown),
    cmocka_unit_test_setup_teardown (test_damage_fuzzed, setup, teardown),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
