/* test-store.c: the saved game and the statistics against the ordinary
 * faults of a desktop, with real files (no display): a file Felt may not
 * read, a damaged one, one from a newer Felt, a folder in place of a
 * file, a read-only folder, a file that goes away, two processes saving
 * statistics at once.
 *
 * Permission checks are real: as root (CI) the test drops its file system
 * user id to nobody around each access (setfsuid), which also drops the
 * capabilities that let root read anything.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <errno.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/fsuid.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>
#include <glib/gstdio.h>

#include "felt-saved-game.h"
#include "felt-test-util.h"
#include "felt-stats.h"
#include "felt-store.h"


static char *root;
static char *data;

/* ---- helpers ------------------------------------------------------------------ */

static int
setup (void **state)
{
  felt_test_open_data_dir ("felt-test-store", &root, &data);
  return 0;
}

static int
teardown (void **state)
{
  felt_test_close_data_dir (&root, &data);
  return 0;
}


static char *
data_path (const char *name)
{
  return g_build_filename (data, name, NULL);
}

static void
put (const char *name, const char *text)
{
  g_autofree char *path = data_path (name);

  assert_true (g_file_set_contents (path, text, -1, NULL));
  assert_int_equal (chmod (path, 0666), 0);
}

static char *
get (const char *name)
{
  g_autofree char *path = data_path (name);
  char *text = NULL;

  if (!g_file_get_contents (path, &text, NULL, NULL))
    return NULL;
  return text;
}

static gboolean
exists (const char *name)
{
  g_autofree char *path = data_path (name);

  return g_file_test (path, G_FILE_TEST_EXISTS);
}

static void
assert_contains (const char *text, const char *part)
{
  if (text == NULL || strstr (text, part) == NULL)
    fail_msg ("“%s” does not contain “%s”", text ? text : "(null)", part);
}

/* Only the files named, and no temporary or .corrupt file beside them. */
static void
assert_only (const char *const *names)
{
  g_autoptr (GDir) dir = g_dir_open (data, 0, NULL);
  const char *name;

  assert_non_null (dir);
  while ((name = g_dir_read_name (dir)))
    if (!g_strv_contains (names, name) && !g_str_has_suffix (name, ".lock"))
      fail_msg ("unexpected file %s in the data folder", name);
}

static char *
stats_text (guint played, guint won)
{
  FeltStats stats = { 0 };
  gsize length;

  for (guint i = 0; i < won; i++)
    felt_stats_record_win (&stats, FELT_GAME_CRUEL, 60000, 100);
  for (guint i = won; i < played; i++)
    felt_stats_record_loss (&stats, FELT_GAME_CRUEL);
  return felt_stats_to_data (&stats, &length);
}

static FeltStats
stats_on_disk (void)
{
  g_autofree char *text = get ("statistics.ini");
  FeltStats stats;

  assert_non_null (text);
  assert_true (felt_stats_from_data (&stats, text, strlen (text), NULL));
  return stats;
}

static void
play_one (FeltSession *session)
{
  FeltMove m[FELT_MAX_MOVES];

  if (felt_state_legal_moves (felt_session_get_state (session), m) == 0)
    {
      assert_true (felt_state_can_stock (felt_session_get_state (session)));
      m[0] = (FeltMove) { .stock = 1 };
    }
  assert_int_equal (felt_session_play (session, &m[0]), FELT_LEGAL);
}

static char *
game_text (guint moves)
{
  g_autoptr (FeltSession) session = felt_session_new (felt_game_get (FELT_GAME_HOPSCOTCH), 7);
  gsize length;

  for (guint i = 0; i < moves; i++)
    play_one (session);
  return felt_saved_game_to_data (session, 5000, &length);
}

static FeltSession *
game_on_disk (void)
{
  g_autofree char *text = get ("game.ini");
  gint64 elapsed;

  assert_non_null (text);
  return felt_saved_game_from_data (text, strlen (text), &elapsed, NULL);
}

/* ---- turns ---------------------------------------------------------------------- */

/* Which moves went by themselves is saved (made and to redo), so that a
 * resumed game still takes a turn back whole; a file without the keys,
 * or with marks that cannot be read, resumes with every move its own. */
static void
test_turns_saved (void **state)
{
  g_autoptr (FeltSession) session = felt_session_new (felt_game_get (FELT_GAME_HOPSCOTCH), 7);
  g_autoptr (FeltSession) back = NULL;
  g_autofree char *text = NULL;
  static const gboolean automatic[] = { FALSE, FALSE, TRUE, TRUE, FALSE, TRUE };
  gsize length;
  gint64 elapsed;

  (void) state;
  for (guint i = 0; i < G_N_ELEMENTS (automatic); i++)
    {
      play_one (session);
      /* play_one plays an ordinary move: play it again with its mark. */
      FeltMove m = felt_session_get_move (session, i);
      assert_true (felt_session_undo (session));
      assert_int_equal (felt_session_play_full (session, &m, automatic[i]), FELT_LEGAL);
    }
  /* The last turn (two moves) waits to be redone. */
  assert_int_equal (felt_session_get_turn_undo (session), 2);
  assert_true (felt_session_undo (session) && felt_session_undo (session));
  text = felt_saved_game_to_data (session, 5000, &length);
  assert_non_null (strstr (text, "moves-automatic=2 3\n"));
  assert_non_null (strstr (text, "redo-automatic=1\n"));

  back = felt_saved_game_from_data (text, length, &elapsed, NULL);
  assert_non_null (back);
  assert_int_equal (felt_session_get_n_moves (back), 4);
  for (guint i = 0; i < 4; i++)
    assert_int_equal (felt_session_get_move_automatic (back, i), automatic[i]);
  assert_int_equal (felt_session_get_turn_undo (back), 3);
  assert_int_equal (felt_session_get_turn_redo (back), 2);
  assert_false (felt_session_get_redo_automatic (back, 0));
  assert_true (felt_session_get_redo_automatic (back, 1));
  g_clear_pointer (&back, felt_session_free);

  /* Unreadable marks: the game comes back whole, without them. */
  {
    g_autoptr (GString) bad = g_string_new (text);
    g_string_replace (bad, "moves-automatic=2 3", "moves-automatic=2 x", 1);
    back = felt_saved_game_from_data (bad->str, bad->len, &elapsed, NULL);
    assert_non_null (back);
    assert_int_equal (felt_session_get_n_moves (back), 4);
    assert_int_equal (felt_session_get_turn_undo (back), 1);
    assert_int_equal (felt_session_get_turn_redo (back), 2);
  }
}

/* ---- no file -------------------------------------------------------------------- */

static void
test_no_file (void **state)
{
  g_autoptr (FeltStatsFile) stats = felt_stats_file_new ();
  g_autoptr (FeltGameFile) game = felt_game_file_new ();
  g_autoptr (FeltSession) session = NULL;
  g_autofree char *notice = NULL;
  gint64 elapsed = -1;

  assert_null (felt_stats_file_load (stats));
  assert_null (felt_stats_file_get_problem (stats));
  assert_int_equal (felt_stats_file_get_stats (stats)->games[FELT_GAME_CRUEL].played, 0);
  assert_null (felt_game_file_load (game, &elapsed, &notice));
  assert_null (notice);
  assert_null (felt_game_file_get_problem (game));

  assert_true (felt_stats_file_record_win (stats, FELT_GAME_CRUEL, 1000, 50));
  assert_int_equal (stats_on_disk ().games[FELT_GAME_CRUEL].won, 1);
  session = felt_session_new (felt_game_get (FELT_GAME_CRUEL), 3);
  assert_true (felt_game_file_save (game, session, 1000, &notice));
  assert_null (notice);
  {
    g_autoptr (FeltSession) back = game_on_disk ();
    assert_non_null (back);
    assert_int_equal (felt_session_get_seed (back), 3);
  }
  assert_only ((const char *[]) { "statistics.ini", "game.ini", NULL });
}

/* ---- damaged -------------------------------------------------------------------- */

static void
test_damaged (void **state)
{
  g_autoptr (FeltStatsFile) stats = felt_stats_file_new ();
  g_autoptr (FeltGameFile) game = felt_game_file_new ();
  g_autofree char *notice = NULL, *kept_stats = NULL, *kept_game = NULL;
  gint64 elapsed;

  put ("statistics.ini", "[Felt Statistics]\nformat=1\n[cruel]\nplayed=2\nwon=5\n");
  put ("game.ini", "garbage\x01\x02");

  notice = felt_stats_file_load (stats);
  assert_contains (notice, "statistics.ini.corrupt");
  assert_null (felt_stats_file_get_problem (stats));
  g_clear_pointer (&notice, g_free);
  assert_null (felt_game_file_load (game, &elapsed, &notice));
  assert_contains (notice, "game.ini.corrupt");
  assert_null (felt_game_file_get_problem (game));

  kept_stats = get ("statistics.ini.corrupt");
  assert_string_equal (kept_stats, "[Felt Statistics]\nformat=1\n[cruel]\nplayed=2\nwon=5\n");
  kept_game = get ("game.ini.corrupt");
  assert_string_equal (kept_game, "garbage\x01\x02");
  assert_false (exists ("statistics.ini"));
  assert_false (exists ("game.ini"));

  /* Counting starts again, and saving works. */
  assert_true (felt_stats_file_record_loss (stats, FELT_GAME_CRUEL));
  assert_int_equal (stats_on_disk ().games[FELT_GAME_CRUEL].played, 1);
}

/* ---- written by a newer Felt ----------------------------------------------------- */

static void
test_newer (void **state)
{
  const char *stats_newer = "[Felt Statistics]\nformat=9\n[cruel]\nplayed=120\nwon=40\nnew-figure=3\n";
  const char *game_newer = "[Felt Game]\nformat=9\ngame=cruel\nseed=1\nmoves=x\n";
  g_autoptr (FeltStatsFile) stats = felt_stats_file_new ();
  g_autoptr (FeltGameFile) game = felt_game_file_new ();
  g_autoptr (FeltSession) session = felt_session_new (felt_game_get (FELT_GAME_CRUEL), 3);
  g_autofree char *notice = NULL, *path = data_path ("statistics.ini");
  gint64 elapsed;

  put ("statistics.ini", stats_newer);
  put ("game.ini", game_newer);

  assert_null (felt_stats_file_load (stats));
  assert_contains (felt_stats_file_get_problem (stats), "newer version of Felt");
  assert_contains (felt_stats_file_get_problem (stats), path);
  assert_false (felt_stats_file_may_write (stats));
  assert_null (felt_game_file_load (game, &elapsed, &notice));
  assert_null (notice);
  assert_contains (felt_game_file_get_problem (game), "newer version of Felt");
  assert_false (felt_game_file_may_write (game));

  /* Played on: counted in memory, never written over the newer file. */
  for (int i = 0; i < 3; i++)
    {
      assert_false (felt_stats_file_record_loss (stats, FELT_GAME_CRUEL));
      assert_false (felt_game_file_save (game, session, 1000, &notice));
      assert_null (notice);
    }
  assert_int_equal (felt_stats_file_get_stats (stats)->games[FELT_GAME_CRUEL].played, 3);
  {
    g_autofree char *s = get ("statistics.ini"), *g = get ("game.ini");
    assert_string_equal (s, stats_newer);
    assert_string_equal (g, game_newer);
  }
  assert_only ((const char *[]) { "statistics.ini", "game.ini", NULL });
}

/* ---- a folder in place of the file ----------------------------------------------- */

static void
test_folder_in_place (void **state)
{
  g_autoptr (FeltStatsFile) stats = felt_stats_file_new ();
  g_autoptr (FeltGameFile) game = felt_game_file_new ();
  g_autoptr (FeltSession) session = felt_session_new (felt_game_get (FELT_GAME_CRUEL), 3);
  g_autofree char *notice = NULL, *s = data_path ("statistics.ini"), *g = data_path ("game.ini");
  gint64 elapsed;

  assert_int_equal (g_mkdir (s, 0700), 0);
  assert_int_equal (g_mkdir (g, 0700), 0);
  put ("statistics.ini/inside", "kept");

  assert_null (felt_stats_file_load (stats));
  assert_contains (felt_stats_file_get_problem (stats), "a folder is in its place");
  assert_contains (felt_stats_file_get_problem (stats), s);
  assert_null (felt_game_file_load (game, &elapsed, &notice));
  assert_null (notice);
  assert_contains (felt_game_file_get_problem (game), "a folder is in its place");

  assert_false (felt_stats_file_record_loss (stats, FELT_GAME_CRUEL));
  assert_contains (felt_stats_file_get_problem (stats), "a folder is in its place");
  assert_false (felt_game_file_save (game, session, 1000, NULL));
  assert_true (g_file_test (s, G_FILE_TEST_IS_DIR));
  assert_true (g_file_test (g, G_FILE_TEST_IS_DIR));
  {
    g_autofree char *inside = get ("statistics.ini/inside");
    assert_string_equal (inside, "kept");
  }
  assert_only ((const char *[]) { "statistics.ini", "game.ini", NULL });
}

/* ---- a file Felt may not read ------------------------------------------------------ */

static void
test_unreadable (void **state)
{
  g_autofree char *before_stats = stats_text (120, 30), *before_game = game_text (4);
  g_autofree char *s = data_path ("statistics.ini"), *g = data_path ("game.ini");
  g_autoptr (FeltStatsFile) stats = felt_stats_file_new ();
  g_autoptr (FeltGameFile) game = felt_game_file_new ();
  g_autoptr (FeltSession) session = felt_session_new (felt_game_get (FELT_GAME_CRUEL), 3);
  g_autoptr (GError) error = NULL;
  g_autofree char *notice = NULL, *text = NULL;
  gsize length;
  gint64 elapsed;

  put ("statistics.ini", before_stats);
  put ("game.ini", before_game);
  assert_int_equal (chmod (s, 0000), 0);
  assert_int_equal (chmod (g, 0000), 0);

  felt_test_become_other ();
  /* Not damaged: no notice of a damaged file, nothing moved. */
  assert_null (felt_stats_file_load (stats));
  assert_contains (felt_stats_file_get_problem (stats), "permission denied");
  assert_contains (felt_stats_file_get_problem (stats), s);
  assert_false (felt_stats_file_may_write (stats));
  assert_null (felt_game_file_load (game, &elapsed, &notice));
  assert_null (notice);
  assert_contains (felt_game_file_get_problem (game), "permission denied");
  assert_contains (felt_game_file_get_problem (game), g);

  /* The folder may be written, but the files are not written over. */
  assert_false (felt_stats_file_record_loss (stats, FELT_GAME_CRUEL));
  assert_false (felt_stats_file_record_win (stats, FELT_GAME_CRUEL, 5000, 80));
  assert_false (felt_game_file_save (game, session, 1000, NULL));
  assert_int_equal (felt_stats_file_get_stats (stats)->games[FELT_GAME_CRUEL].played, 2);

  /* The function by name: an error that is not "damaged". */
  assert_false (felt_store_read ("statistics.ini", &text, &length, &error));
  assert_true (g_error_matches (error, FELT_STORE_ERROR, FELT_STORE_ERROR_UNREADABLE));
  felt_test_become_self ();

  {
    g_autofree char *now_stats = get ("statistics.ini"), *now_game = get ("game.ini");
    assert_string_equal (now_stats, before_stats);
    assert_string_equal (now_game, before_game);
  }
  assert_only ((const char *[]) { "statistics.ini", "game.ini", NULL });

  /* Readable again: this session's two games are added to the 120. */
  assert_int_equal (chmod (s, 0644), 0);
  assert_int_equal (chmod (g, 0644), 0);
  felt_test_become_other ();
  assert_true (felt_stats_file_save (stats));
  assert_null (felt_stats_file_get_problem (stats));
  assert_true (felt_stats_file_may_write (stats));
  /* The saved game this run could not read stays the saved game. */
  assert_false (felt_game_file_save (game, session, 1000, NULL));
  felt_test_become_self ();
  {
    FeltStats on_disk = stats_on_disk ();
    g_autofree char *now_game = get ("game.ini");

    assert_int_equal (on_disk.games[FELT_GAME_CRUEL].played, 122);
    assert_int_equal (on_disk.games[FELT_GAME_CRUEL].won, 31);
    assert_int_equal (on_disk.games[FELT_GAME_CRUEL].streak, 1);
    assert_int_equal (felt_stats_file_get_stats (stats)->games[FELT_GAME_CRUEL].played, 122);
    assert_string_equal (now_game, before_game);
  }
}

/* ---- a folder Felt may not write ---------------------------------------------------- */

static void
test_read_only_folder (void **state)
{
  g_autofree char *before_stats = stats_text (10, 4), *before_game = game_text (2);
  g_autoptr (FeltStatsFile) stats = felt_stats_file_new ();
  g_autoptr (FeltGameFile) game = felt_game_file_new ();
  g_autoptr (FeltSession) session = NULL;
  g_autofree char *notice = NULL, *problem = NULL;
  gint64 elapsed;

  put ("statistics.ini", before_stats);
  put ("game.ini", before_game);
  assert_int_equal (chmod (data, 0555), 0);

  felt_test_become_other ();
  assert_null (felt_stats_file_load (stats));
  assert_null (felt_stats_file_get_problem (stats));
  session = felt_game_file_load (game, &elapsed, &notice);
  assert_non_null (session);
  assert_null (notice);

  /* Every save fails, says so with the folder and the reason, and
   * leaves the files as they were. */
  for (int i = 0; i < 3; i++)
    {
      play_one (session);
      assert_false (felt_game_file_save (game, session, elapsed, &notice));
      assert_null (notice);
      assert_contains (felt_game_file_get_problem (game), "cannot save your game in");
      assert_contains (felt_game_file_get_problem (game), data);
      assert_contains (felt_game_file_get_problem (game), "permission denied");
    }
  assert_false (felt_stats_file_record_loss (stats, FELT_GAME_CRUEL));
  problem = g_strdup (felt_stats_file_get_problem (stats));
  assert_contains (problem, "cannot save your statistics in");
  assert_contains (problem, data);
  assert_contains (problem, "permission denied");
  assert_int_equal (felt_stats_file_get_stats (stats)->games[FELT_GAME_CRUEL].played, 11);
  felt_test_become_self ();
  {
    g_autofree char *now_stats = get ("statistics.ini"), *now_game = get ("game.ini");
    assert_string_equal (now_stats, before_stats);
    assert_string_equal (now_game, before_game);
  }

  /* Writable again: the next save works, the problem goes, nothing of
   * this session is lost. */
  assert_int_equal (chmod (data, 0777), 0);
  felt_test_become_other ();
  assert_true (felt_game_file_save (game, session, elapsed, &notice));
  assert_null (notice);
  assert_null (felt_game_file_get_problem (game));
  assert_true (felt_stats_file_record_win (stats, FELT_GAME_CRUEL, 3000, 90));
  assert_null (felt_stats_file_get_problem (stats));
  felt_test_become_self ();
  {
    g_autoptr (FeltSession) back = game_on_disk ();
    FeltStats on_disk = stats_on_disk ();

    assert_non_null (back);
    assert_int_equal (felt_session_get_n_moves (back), 5);
    assert_int_equal (on_disk.games[FELT_GAME_CRUEL].played, 12);
    assert_int_equal (on_disk.games[FELT_GAME_CRUEL].won, 5);
  }
  assert_only ((const char *[]) { "statistics.ini", "game.ini", NULL });
}

/* ---- the data folder removed while Felt runs ------------------------------------------ */

static void
test_folder_removed (void **state)
{
  g_autofree char *before_stats = stats_text (10, 4);
  g_autoptr (FeltStatsFile) stats = felt_stats_file_new ();

  put ("statistics.ini", before_stats);
  assert_null (felt_stats_file_load (stats));
  /* Gone with the folder: what this run knows is saved again. */
  felt_test_remove_dir (data);
  assert_true (felt_stats_file_record_loss (stats, FELT_GAME_CRUEL));
  assert_int_equal (stats_on_disk ().games[FELT_GAME_CRUEL].played, 11);
  /* A file in the place of the folder: said, and left alone. */
  felt_test_remove_dir (data);
  assert_true (g_file_set_contents (data, "not a folder", -1, NULL));
  assert_false (felt_stats_file_record_loss (stats, FELT_GAME_CRUEL));
  assert_contains (felt_stats_file_get_problem (stats), "a file is in the place of a folder");
  assert_int_equal (felt_stats_file_get_stats (stats)->games[FELT_GAME_CRUEL].played, 12);
  g_unlink (data);
  assert_int_equal (g_mkdir (data, 0777), 0);
  assert_true (felt_stats_file_save (stats));
  assert_null (felt_stats_file_get_problem (stats));
  assert_int_equal (stats_on_disk ().games[FELT_GAME_CRUEL].played, 12);
}

/* ---- two processes ------------------------------------------------------------------- */

#define ROUNDS 150

static void
test_two_processes_statistics (void **state)
{
  g_autofree char *before = stats_text (20, 5);
  pid_t children[2];

  put ("statistics.ini", before);
  for (int c = 0; c < 2; c++)
    {
      children[c] = fork ();
      assert_true (children[c] >= 0);
      if (children[c] == 0)
        {
          FeltStatsFile *stats = felt_stats_file_new ();
          gboolean ok = felt_stats_file_load (stats) == NULL;

          for (int i = 0; i < ROUNDS; i++)
            {
              /* A result that finds the other's lock waits in memory
               * and goes in with the next save. */
              if (i % 3 == 0)
                felt_stats_file_record_win (stats, FELT_GAME_CRUEL, 1000 + i, 60);
              else
                felt_stats_file_record_loss (stats, FELT_GAME_CRUEL);
              ok &= felt_stats_file_is_waiting (stats) || felt_stats_file_get_problem (stats) == NULL;
              /* A player's pace, if a quick one. */
              g_usleep (1000);
            }
          /* What still waits, as Felt quits: saved once the other lets go. */
          for (int i = 0; i < 5000 && !felt_stats_file_save (stats); i++)
            g_usleep (1000);
          ok &= !felt_stats_file_is_waiting (stats) && felt_stats_file_get_problem (stats) == NULL;
          felt_stats_file_free (stats);
          _exit (ok ? 0 : 1);
        }
    }
  for (int c = 0; c < 2; c++)
    {
      int status;

      assert_int_equal (waitpid (children[c], &status, 0), children[c]);
      assert_true (WIFEXITED (status));
      assert_int_equal (WEXITSTATUS (status), 0);
    }
  {
    FeltStats on_disk = stats_on_disk ();

    /* Every game of both counted: none lost to the other's write. */
    assert_int_equal (on_disk.games[FELT_GAME_CRUEL].played, 20 + 2 * ROUNDS);
    assert_int_equal (on_disk.games[FELT_GAME_CRUEL].won, 5 + 2 * ((ROUNDS + 2) / 3));
    assert_int_equal (on_disk.games[FELT_GAME_CRUEL].best_time_ms, 1000);
  }
  assert_only ((const char *[]) { "statistics.ini", NULL });
}

/* Two processes on one saved game: each save goes ahead (the game moved
 * last is kept) and each player is told once. */
static void
test_two_processes_game (void **state)
{
  g_autoptr (FeltGameFile) a = felt_game_file_new ();
  g_autoptr (FeltGameFile) b = felt_game_file_new ();
  g_autoptr (FeltSession) sa = felt_session_new (felt_game_get (FELT_GAME_CRUEL), 11);
  g_autoptr (FeltSession) sb = felt_session_new (felt_game_get (FELT_GAME_SCUFFLE), 22);
  g_autofree char *notice = NULL;
  gint64 elapsed;

  assert_null (felt_game_file_load (a, &elapsed, &notice));
  assert_null (felt_game_file_load (b, &elapsed, &notice));
  assert_true (felt_game_file_save (a, sa, 0, &notice));
  assert_null (notice);
  assert_true (felt_game_file_save (a, sa, 0, &notice));
  assert_null (notice);

  assert_true (felt_game_file_save (b, sb, 0, &notice));
  assert_contains (notice, "Another copy of Felt");
  assert_contains (notice, data);
  g_clear_pointer (&notice, g_free);
  {
    g_autoptr (FeltSession) kept = game_on_disk ();
    assert_int_equal (felt_session_get_seed (kept), 22);
  }
  assert_true (felt_game_file_save (b, sb, 0, &notice));
  assert_null (notice);
  assert_true (felt_game_file_save (a, sa, 0, &notice));
  assert_contains (notice, "Another copy of Felt");
  g_clear_pointer (&notice, g_free);
  assert_true (felt_game_file_save (b, sb, 0, &notice));
  assert_null (notice);   /* told once */
}

/* Another program holds the lock (or hangs holding it): the save does
 * not wait for it (the window would stall), keeps the result in memory,
 * says so only once it lasts, and saves it once the lock is free. */
static void
test_locked (void **state)
{
  g_autofree char *before = stats_text (4, 1), *lock = data_path ("statistics.ini.lock");
  g_autoptr (FeltStatsFile) stats = felt_stats_file_new ();
  gint64 start;
  int fd;

  put ("statistics.ini", before);
  assert_null (felt_stats_file_load (stats));
  /* A descriptor of its own: flock locks conflict between two opens of
   * the file, in one process as in two. */
  fd = open (lock, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
  assert_true (fd >= 0);
  assert_int_equal (flock (fd, LOCK_EX), 0);

  /* Before, this waited two seconds; now it does not wait at all (a
   * bound far above a save, far below the old wait). */
  start = g_get_monotonic_time ();
  assert_false (felt_stats_file_record_loss (stats, FELT_GAME_CRUEL));
  assert_true (g_get_monotonic_time () - start < 500 * 1000);
  assert_true (felt_stats_file_is_waiting (stats));
  assert_null (felt_stats_file_get_problem (stats));
  assert_int_equal (felt_stats_file_get_stats (stats)->games[FELT_GAME_CRUEL].played, 5);

  /* It lasts: now the player is told. */
  g_usleep ((FELT_STORE_BUSY_TELL_MS + 100) * 1000);
  assert_false (felt_stats_file_save (stats));
  assert_contains (felt_stats_file_get_problem (stats), "another program is using it");
  assert_contains (felt_stats_file_get_problem (stats), data);
  {
    g_autofree char *now = get ("statistics.ini");
    assert_string_equal (now, before);
  }

  /* The last save (as Felt quits) waits a moment for the lock. */
  felt_stats_file_set_lock_wait (stats, 100);
  start = g_get_monotonic_time ();
  assert_false (felt_stats_file_save (stats));
  assert_true (g_get_monotonic_time () - start >= 100 * 1000);
  felt_stats_file_set_lock_wait (stats, 0);

  close (fd);
  assert_true (felt_stats_file_record_loss (stats, FELT_GAME_CRUEL));
  assert_false (felt_stats_file_is_waiting (stats));
  assert_null (felt_stats_file_get_problem (stats));
  assert_int_equal (stats_on_disk ().games[FELT_GAME_CRUEL].played, 6);
}

/* The same for the saved game: not saved while locked, said once it
 * lasts, saved once free. */
static void
test_locked_game (void **state)
{
  g_autofree char *lock = data_path ("game.ini.lock"), *path = data_path ("game.ini");
  g_autoptr (FeltGameFile) game = felt_game_file_new ();
  g_autoptr (FeltSession) session = felt_session_new (felt_game_get (FELT_GAME_CRUEL), 11);
  gint64 elapsed;
  g_autofree char *notice = NULL;
  int fd;

  assert_null (felt_game_file_load (game, &elapsed, &notice));
  fd = open (lock, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
  assert_true (fd >= 0);
  assert_int_equal (flock (fd, LOCK_EX), 0);
  assert_false (felt_game_file_save (game, session, 0, NULL));
  assert_true (felt_game_file_is_waiting (game));
  assert_null (felt_game_file_get_problem (game));
  assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_usleep ((FELT_STORE_BUSY_TELL_MS + 100) * 1000);
  assert_false (felt_game_file_save (game, session, 0, NULL));
  assert_contains (felt_game_file_get_problem (game), "another program is using it");
  close (fd);
  assert_true (felt_game_file_save (game, session, 0, NULL));
  assert_false (felt_game_file_is_waiting (game));
  assert_null (felt_game_file_get_problem (game));
}

/* ---- temporary files ----------------------------------------------------------------- */

static void
test_temporary_files (void **state)
{
  g_autoptr (FeltStatsFile) stats = felt_stats_file_new ();
  g_autofree char *dead = NULL, *alive = NULL;
  pid_t child;
  int status;

  /* A process killed inside a save left its temporary file: the next
   * load clears it; that of a live process stays. */
  child = fork ();
  if (child == 0)
    _exit (0);
  assert_int_equal (waitpid (child, &status, 0), child);
  dead = g_strdup_printf ("statistics.ini.tmp-%s-%d-0", g_get_host_name (), (int) child);
  alive = g_strdup_printf ("statistics.ini.tmp-%s-%d-0", g_get_host_name (), (int) getppid ());
  put ("statistics.ini", "[Felt Statistics]\nformat=1\n");
  put (dead, "half");
  put (alive, "half");
  put ("statistics.ini.tmp-otherhost-1-0", "half");
  assert_null (felt_stats_file_load (stats));
  assert_false (exists (dead));
  assert_true (exists (alive));
  assert_true (exists ("statistics.ini.tmp-otherhost-1-0"));

  for (int i = 0; i < 20; i++)
    assert_true (felt_stats_file_record_loss (stats, FELT_GAME_BACKBONE));
  assert_only ((const char *[]) { "statistics.ini", alive, "statistics.ini.tmp-otherhost-1-0", NULL });
  {
    g_autofree char *path = data_path ("statistics.ini");
    struct stat st;

    assert_int_equal (stat (path, &st), 0);
    assert_int_equal (st.st_mode & 0777, 0600);
  }
}

/* ---- the help a game had ------------------------------------------------------------ */

/* Which help a game had (the demo, the solution, both) is saved, and
 * `demo-played` with it, which is all an older Felt reads: such a game
 * counts nowhere there either.  A file of before `help` with the flag is
 * the demo's; `help` without the flag, or a value Felt does not write,
 * is damage. */
static void
test_help_saved (void **state)
{
  const FeltGameHelp all[] = {
    FELT_GAME_HELP_NONE, FELT_GAME_HELP_DEMO, FELT_GAME_HELP_SOLUTION,
    FELT_GAME_HELP_DEMO | FELT_GAME_HELP_SOLUTION,
  };
  const char *base = "[Felt Game]\nformat=1\ngame=hopscotch\nseed=7\nelapsed-ms=5000\nmoves=\nredo=\n";
  const struct {
    const char *keys;
    int help;                 /* -1: damaged */
  } files[] = {
    { "", FELT_GAME_HELP_NONE },
    { "demo-played=true\n", FELT_GAME_HELP_DEMO },
    { "demo-played=false\n", FELT_GAME_HELP_NONE },
    { "demo-played=true\nhelp=solution\n", FELT_GAME_HELP_SOLUTION },
    { "demo-played=true\nhelp=demo,solution\n", FELT_GAME_HELP_DEMO | FELT_GAME_HELP_SOLUTION },
    { "help=solution\n", -1 },
    { "demo-played=false\nhelp=demo\n", -1 },
    { "demo-played=true\nhelp=\n", -1 },
    { "demo-played=true\nhelp=solution,demo\n", -1 },
    { "demo-played=true\nhelp=-\n", -1 },
    { "demo-played=true\nhelp=\xff\n", -1 },
  };
  g_autoptr (FeltSession) session = felt_session_new (felt_game_get (FELT_GAME_HOPSCOTCH), 7);

  play_one (session);
  for (guint i = 0; i < G_N_ELEMENTS (all); i++)
    {
      g_autoptr (GKeyFile) file = g_key_file_new ();
      g_autoptr (FeltSession) back = NULL;
      g_autofree char *text = NULL;
      FeltGameHelp help = 99;
      gint64 elapsed;
      gsize length;

      text = felt_saved_game_to_data_full (session, 5000, all[i], &length);
      assert_true (g_key_file_load_from_data (file, text, length, G_KEY_FILE_NONE, NULL));
      assert_int_equal (g_key_file_get_boolean (file, "Felt Game", "demo-played", NULL),
                        all[i] != FELT_GAME_HELP_NONE);
      back = felt_saved_game_from_data_full (text, length, &elapsed, &help, NULL);
      assert_non_null (back);
      assert_int_equal (help, all[i]);
    }
  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *text = g_strconcat (base, files[i].keys, NULL);
      g_autoptr (FeltSession) back = NULL;
      g_autoptr (GError) error = NULL;
      FeltGameHelp help = 99;
      gint64 elapsed;

      back = felt_saved_game_from_data_full (text, strlen (text), &elapsed, &help, &error);
      if (files[i].help < 0)
        {
          if (back)
            fail_msg ("“%s” loads", files[i].keys);
          assert_true (g_error_matches (error, FELT_SAVE_ERROR, FELT_SAVE_ERROR_CORRUPT));
        }
      else
        {
          if (back == NULL)
            fail_msg ("“%s”: %s", files[i].keys, error->message);
          assert_int_equal (help, files[i].help);
        }
    }

  /* Through the file: what was saved comes back. */
  {
    g_autoptr (FeltGameFile) out = felt_game_file_new ();
    g_autoptr (FeltGameFile) in = felt_game_file_new ();
    g_autoptr (FeltSession) back = NULL;
    g_autofree char *notice = NULL;
    gint64 elapsed;

    assert_true (felt_game_file_save_full (out, session, 5000, FELT_GAME_HELP_SOLUTION, NULL));
    back = felt_game_file_load (in, &elapsed, &notice);
    assert_non_null (back);
    assert_null (notice);
    assert_int_equal (felt_game_file_get_help (in), FELT_GAME_HELP_SOLUTION);
  }
}

/* ---- today's files still load -------------------------------------------------------- */

static void
test_todays_formats (void **state)
{
  const char *stats = "[Felt Statistics]\nformat=1\n\n[cruel]\nplayed=3\nwon=1\nstreak=0\nbest-streak=1\n"
                      "best-time-ms=61000\nfewest-moves=88\n";
  const char *game = "[Felt Game]\nformat=1\ngame=hopscotch\nseed=7\nelapsed-ms=5000\nmoves=\nredo=\n";
  g_autoptr (FeltStatsFile) s = felt_stats_file_new ();
  g_autoptr (FeltGameFile) g = felt_game_file_new ();
  g_autoptr (FeltSession) session = NULL;
  g_autofree char *notice = NULL;
  gint64 elapsed;

  put ("statistics.ini", stats);
  put ("game.ini", game);
  assert_null (felt_stats_file_load (s));
  assert_null (felt_stats_file_get_problem (s));
  assert_int_equal (felt_stats_file_get_stats (s)->games[FELT_GAME_CRUEL].fewest_moves, 88);
  session = felt_game_file_load (g, &elapsed, &notice);
  assert_non_null (session);
  assert_null (notice);
  assert_int_equal (elapsed, 5000);
  assert_int_equal (felt_session_get_seed (session), 7);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_turns_saved),
    cmocka_unit_test_setup_teardown (test_no_file, setup, teardown),
    cmocka_unit_test_setup_teardown (test_damaged, setup, teardown),
    cmocka_unit_test_setup_teardown (test_newer, setup, teardown),
    cmocka_unit_test_setup_teardown (test_folder_in_place, setup, teardown),
    cmocka_unit_test_setup_teardown (test_unreadable, setup, teardown),
    cmocka_unit_test_setup_teardown (test_read_only_folder, setup, teardown),
    cmocka_unit_test_setup_teardown (test_folder_removed, setup, teardown),
    cmocka_unit_test_setup_teardown (test_two_processes_statistics, setup, teardown),
    cmocka_unit_test_setup_teardown (test_two_processes_game, setup, teardown),
    cmocka_unit_test_setup_teardown (test_locked, setup, teardown),
    cmocka_unit_test_setup_teardown (test_locked_game, setup, teardown),
    cmocka_unit_test_setup_teardown (test_temporary_files, setup, teardown),
    cmocka_unit_test_setup_teardown (test_todays_formats, setup, teardown),
    cmocka_unit_test_setup_teardown (test_help_saved, setup, teardown),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
