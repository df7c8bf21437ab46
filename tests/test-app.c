/* test-app.c: the window keeps the player's game and statistics, and a
 * damaged file never hurts: a calm notice, the file kept as .corrupt, a
 * fresh game.  Also: kill -9 the real program and find the game again.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <utime.h>

#include "felt-card-theme.h"
#include "felt-face-cache.h"
#include "felt-format.h"
#include "felt-saved-game.h"
#include "felt-stats.h"
#include "felt-window.h"

static char *data_dir;
/* The program test_kill_and_resume started and has not killed yet. */
static GPid felt_child;

static void
wait_ms (guint ms)
{
  gint64 end = g_get_monotonic_time () + ms * 1000;

  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
}

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

static int
setup (void **state)
{
  data_dir = g_dir_make_tmp ("felt-test-app-XXXXXX", NULL);
  assert_non_null (data_dir);
  g_setenv ("FELT_DATA_DIR", data_dir, TRUE);
  return 0;
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

static void kill_hard (GPid pid);

static int
teardown (void **state)
{
  /* A failed check leaves the program it started running: it holds the
   * test's output open and meson would wait for it to the time-out. */
  if (felt_child)
    kill_hard (felt_child);
  remove_tree (data_dir);
  g_clear_pointer (&data_dir, g_free);
  return 0;
}

static FeltWindow *
new_window (void)
{
  FeltWindow *window = felt_window_new (NULL);

  gtk_window_present (GTK_WINDOW (window));
  wait_ms (50);
  return window;
}

static void
close_window (FeltWindow *window)
{
  gtk_window_destroy (GTK_WINDOW (window));
  wait_ms (20);
}

/* A saved game in progress: Straight Up deal 5 after two deals. */
static const char good_game[] =
  "[Felt Game]\nformat=1\ngame=straight-up\nseed=5\nelapsed-ms=61000\nmoves=s s\nredo=\n";

static void
test_resume_exactly (void **unused)
{
  FeltWindow *window;
  FeltSession *session;

  write_file ("game.ini", good_game);
  window = new_window ();
  assert_true (felt_window_resume (window));
  assert_null (felt_window_get_notice (window));
  session = felt_board_get_session (felt_window_get_board (window));
  assert_string_equal (felt_session_get_game (session)->id, "straight-up");
  assert_int_equal (felt_session_get_seed (session), 5);
  assert_int_equal (felt_session_get_n_moves (session), 2);

  /* Undo one move: the redo list is saved too and comes back. */
  assert_true (felt_board_undo (felt_window_get_board (window)));
  close_window (window);

  window = new_window ();
  assert_true (felt_window_resume (window));
  session = felt_board_get_session (felt_window_get_board (window));
  assert_int_equal (felt_session_get_n_moves (session), 1);
  assert_int_equal (felt_session_get_n_redo (session), 1);
  assert_true (felt_session_get_redo (session, 0).stock);
  close_window (window);
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

static void
test_damaged_game (void **unused)
{
  for (guint i = 0; i < G_N_ELEMENTS (game_damage); i++)
    {
      const Damage *d = &game_damage[i];
      g_autofree char *path = data_path ("game.ini");
      g_autofree char *kept = data_path ("game.ini.corrupt");
      g_autofree char *kept_contents = NULL;
      FeltWindow *window;
      const char *notice;

      print_message ("damage: %s\n", d->what);
      remove_tree (data_dir);
      g_mkdir_with_parents (data_dir, 0700);
      if (d->contents)
        write_file ("game.ini", d->contents);
      else
        g_mkdir (path, 0700);

      window = new_window ();
      assert_false (felt_window_resume (window));

      /* One calm sentence, naming where the damaged file was kept. */
      notice = felt_window_get_notice (window);
      assert_non_null (notice);
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
      felt_window_start (window, felt_game_lookup ("cruel"), 7);
      assert_int_equal (felt_session_get_seed (felt_board_get_session (felt_window_get_board (window))), 7);
      close_window (window);
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

static void
test_damaged_statistics (void **unused)
{
  for (guint i = 0; i < G_N_ELEMENTS (stats_damage); i++)
    {
      const Damage *d = &stats_damage[i];
      g_autofree char *path = data_path ("statistics.ini");
      g_autofree char *kept = data_path ("statistics.ini.corrupt");
      FeltWindow *window;
      const char *notice;

      print_message ("damage: %s\n", d->what);
      remove_tree (data_dir);
      g_mkdir_with_parents (data_dir, 0700);
      if (d->contents)
        write_file ("statistics.ini", d->contents);
      else
        g_mkdir (path, 0700);

      window = new_window ();
      notice = felt_window_get_notice (window);
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

      /* Playing goes on and a win is counted in a new, good file. */
      felt_window_start (window, felt_game_lookup ("scuffle"), 4);
      close_window (window);
    }
}

static void
test_statistics_count (void **unused)
{
  FeltWindow *window;
  FeltBoard *board;
  g_autofree char *path = data_path ("statistics.ini");
  g_autofree char *text = NULL;
  gsize length;
  FeltStats stats;

  remove_tree (data_dir);
  window = new_window ();
  board = felt_window_get_board (window);

  /* Deal and walk away: not played, not counted. */
  felt_window_start (window, felt_game_lookup ("straight-up"), 5);
  felt_window_start (window, felt_game_lookup ("straight-up"), 6);
  assert_false (g_file_test (path, G_FILE_TEST_EXISTS));

  /* A move, then a new deal: one game played and lost. */
  assert_true (felt_board_play (board, &(FeltMove) { 0, 0, 0, 1 }));
  felt_window_start (window, felt_game_lookup ("straight-up"), 7);
  assert_true (g_file_get_contents (path, &text, &length, NULL));
  assert_true (felt_stats_from_data (&stats, text, length, NULL));
  assert_int_equal (stats.games[FELT_GAME_STRAIGHT_UP].played, 1);
  assert_int_equal (stats.games[FELT_GAME_STRAIGHT_UP].won, 0);
  close_window (window);
}

/* ---- the faces kept on disk ------------------------------------------------------- */

/* The one .faces file in the folder, or NULL. */
static char *
cached_faces (const char *dir)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  char *found = NULL;

  while (d && (name = g_dir_read_name (d)))
    if (g_str_has_suffix (name, ".faces"))
      {
        assert_null (found);
        found = g_build_filename (dir, name, NULL);
      }
  return found;
}

static GStatBuf
stat_of (const char *path)
{
  GStatBuf st;

  assert_int_equal (g_stat (path, &st), 0);
  return st;
}

/* Waits, running the main loop, until the cache has a complete file of
 * `length` bytes (any length for 0). */
static char *
wait_for_faces (const char *dir, goffset length)
{
  gint64 end = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;

  while (g_get_monotonic_time () < end)
    {
      char *path = cached_faces (dir);
      if (path && (length == 0 || stat_of (path).st_size == length))
        return path;
      g_free (path);
      wait_ms (20);
    }
  fail_msg ("no card faces were written to %s", dir);
  return NULL;
}

static FeltWindow *
new_game_window (void)
{
  FeltWindow *window = new_window ();

  felt_window_start (window, felt_game_lookup ("backbone"), 3);
  return window;
}

static void
assert_file_holds (const char *path, const char *want, gsize want_length)
{
  g_autofree char *bytes = NULL;
  gsize length;

  assert_true (g_file_get_contents (path, &bytes, &length, NULL));
  assert_int_equal (length, want_length);
  assert_memory_equal (bytes, want, want_length);
}

static void
test_face_cache (void **unused)
{
  g_autofree char *dir = g_build_filename (data_dir, "cache", NULL);
  g_autofree char *path = NULL;
  g_autofree char *good = NULL;
  g_autoptr (FeltCardTheme) cached = NULL, rendered = NULL;
  struct utimbuf long_ago = { 946684800, 946684800 };  /* 2000-01-01 */
  FeltWindow *window;
  gsize length;
  int width, height;

  g_setenv ("FELT_CACHE_DIR", dir, TRUE);

  /* A first start renders the deck and keeps it. */
  window = new_game_window ();
  path = wait_for_faces (dir, 0);
  close_window (window);
  felt_face_cache_wait ();
  assert_true (g_file_get_contents (path, &good, &length, NULL));
  assert_int_equal (sscanf (strrchr (path, '-'), "-%dx%d.faces", &width, &height), 2);

  /* The next start of the same window size reads it (which marks it
   * used) and writes nothing. */
  assert_int_equal (g_utime (path, &long_ago), 0);
  window = new_game_window ();
  wait_ms (300);
  assert_true (stat_of (path).st_mtime > long_ago.modtime);
  close_window (window);
  felt_face_cache_wait ();
  assert_file_holds (path, good, length);

  /* What comes from the file is what the deck renders, face for face. */
  cached = felt_card_theme_new_default ();
  rendered = felt_card_theme_new_default ();
  felt_card_theme_prepare (cached, width, height, NULL, 0);
  felt_card_theme_render_all (rendered, width, height);
  for (guint suit = 0; suit <= FELT_N_SUITS; suit++)
    for (guint rank = 1; rank <= 13; rank++)
      {
        FeltCard card = suit == FELT_N_SUITS ? 0 : FELT_CARD (rank, suit);
        gboolean exact_a = FALSE, exact_b = FALSE;
        cairo_surface_t *a = felt_card_theme_get_surface (felt_card_theme_lookup (cached, card, width, height, &exact_a));
        cairo_surface_t *b = felt_card_theme_get_surface (felt_card_theme_lookup (rendered, card, width, height, &exact_b));

        assert_true (exact_a && exact_b);
        for (int y = 0; y < height; y++)
          assert_memory_equal (cairo_image_surface_get_data (a) + y * cairo_image_surface_get_stride (a),
                               cairo_image_surface_get_data (b) + y * cairo_image_surface_get_stride (b),
                               (size_t) width * 4);
      }

  /* A damaged file is not used: the deck is rendered and written anew. */
  assert_true (g_file_set_contents (path, good, (gssize) length / 2, NULL));
  window = new_game_window ();
  g_free (wait_for_faces (dir, (goffset) length));
  close_window (window);
  felt_face_cache_wait ();
  assert_file_holds (path, good, length);
  g_unsetenv ("FELT_CACHE_DIR");
}

/* A window resized through many sizes writes only the one it settles at. */
static void
test_face_cache_resize (void **unused)
{
  g_autofree char *dir = g_build_filename (data_dir, "cache-resize", NULL);
  g_autoptr (FeltCardTheme) theme = NULL;
  g_autofree char *path = NULL;
  int width = 0, height = 0;

  g_setenv ("FELT_CACHE_DIR", dir, TRUE);
  theme = felt_card_theme_new_default ();
  for (int w = 60; w <= 72; w += 2)
    {
      gboolean exact = FALSE;

      /* As the board asks on each size_allocate of a resize; each size
       * is complete before the next. */
      felt_card_theme_prepare (theme, w, w * 7 / 5, NULL, 0);
      for (gint64 end = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;
           !exact && g_get_monotonic_time () < end; )
        {
          wait_ms (10);
          felt_card_theme_lookup (theme, 0, w, w * 7 / 5, &exact);
        }
      assert_true (exact);
    }
  path = wait_for_faces (dir, 0);
  wait_ms (1500);
  felt_face_cache_wait ();
  g_free (path);
  /* One file (cached_faces fails on a second), of the last size. */
  path = cached_faces (dir);
  assert_non_null (path);
  assert_int_equal (sscanf (strrchr (path, '-'), "-%dx%d.faces", &width, &height), 2);
  assert_int_equal (width, 72);
  assert_int_equal (height, 72 * 7 / 5);
  g_unsetenv ("FELT_CACHE_DIR");
}

/* ---- kill -9 the real program ------------------------------------------------ */

static GPid
spawn_felt (const char *const *args)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  const char *felt = g_getenv ("FELT");
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) envp = NULL;
  GPid pid;

  g_ptr_array_add (argv, (char *) felt);
  for (guint i = 0; args && args[i]; i++)
    g_ptr_array_add (argv, (char *) args[i]);
  g_ptr_array_add (argv, NULL);
  /* The program may warn about things of this test machine (no session
   * bus); that must not abort it here. */
  envp = g_environ_unsetenv (g_get_environ (), "G_DEBUG");
  if (!g_spawn_async (NULL, (char **) argv->pdata, envp, G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL, &pid, &error))
    fail_msg ("cannot start felt: %s", error->message);
  felt_child = pid;
  return pid;
}

static char *
saved_moves (void)
{
  g_autofree char *path = data_path ("game.ini");
  g_autoptr (GKeyFile) file = g_key_file_new ();

  if (!g_key_file_load_from_file (file, path, G_KEY_FILE_NONE, NULL))
    return NULL;
  return g_key_file_get_string (file, "Felt Game", "moves", NULL);
}

/* Waits until the saved game's moves read `want`. */
static gboolean
wait_for_moves (const char *want)
{
  gint64 end = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;

  while (g_get_monotonic_time () < end)
    {
      g_autofree char *moves = saved_moves ();
      if (moves && g_str_equal (moves, want))
        return TRUE;
      g_usleep (50 * 1000);
    }
  return FALSE;
}

static void
kill_hard (GPid pid)
{
  int status;

  kill (pid, SIGKILL);
  waitpid (pid, &status, 0);
  g_spawn_close_pid (pid);
  if (pid == felt_child)
    felt_child = 0;
}

static void
test_kill_and_resume (void **unused)
{
  const char *first[] = { "--game", "straight-up", "--seed", "5", NULL };
  GPid pid;

  if (g_getenv ("FELT") == NULL)
    skip ();
  remove_tree (data_dir);
  g_mkdir_with_parents (data_dir, 0700);

  /* The board has the keyboard focus on the stock: Space deals. */
  pid = spawn_felt (first);
  assert_true (wait_for_moves (""));
  {
    g_autofree char *cmd = g_strdup_printf ("xdotool search --sync --onlyvisible --pid %d --name Felt mousemove --window %%1 300 500 "
                                            "sleep 0.3 key --delay 150 space space space",
                                            (int) pid);
    assert_int_equal (system (cmd), 0);
  }
  assert_true (wait_for_moves ("s s s"));
  kill_hard (pid);

  /* Started again with no arguments, it picks the game up: undo works. */
  pid = spawn_felt (NULL);
  assert_true (wait_for_moves ("s s s"));
  {
    g_autofree char *cmd = g_strdup_printf ("xdotool search --sync --onlyvisible --pid %d --name Felt mousemove --window %%1 300 500 "
                                            "sleep 0.3 key ctrl+z",
                                            (int) pid);
    assert_int_equal (system (cmd), 0);
  }
  assert_true (wait_for_moves ("s s"));
  kill_hard (pid);
  {
    g_autofree char *path = data_path ("game.ini");
    g_autoptr (GKeyFile) file = g_key_file_new ();
    g_autofree char *redo = NULL;
    assert_true (g_key_file_load_from_file (file, path, G_KEY_FILE_NONE, NULL));
    redo = g_key_file_get_string (file, "Felt Game", "redo", NULL);
    assert_string_equal (redo, "s");
  }
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_resume_exactly, setup, teardown),
    cmocka_unit_test_setup_teardown (test_damaged_game, setup, teardown),
    cmocka_unit_test_setup_teardown (test_damaged_statistics, setup, teardown),
    cmocka_unit_test_setup_teardown (test_statistics_count, setup, teardown),
    cmocka_unit_test_setup_teardown (test_face_cache, setup, teardown),
    cmocka_unit_test_setup_teardown (test_face_cache_resize, setup, teardown),
    cmocka_unit_test_setup_teardown (test_kill_and_resume, setup, teardown),
  };

  gtk_init ();
  return cmocka_run_group_tests (tests, NULL, NULL);
}
