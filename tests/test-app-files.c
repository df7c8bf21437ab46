/* test-app-files.c: the window and its files: the notice bar over a
 * damaged or unreadable file, the card faces kept on disk, a save that
 * fails (through the fault shim, in a copy of this program run with
 * --save-fault), and kill -9 the real program and find the game again.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "test-app.h"

static char *saved_moves (void);

/* A damaged saved game: the notice bar says so in the window, and its
 * close button puts it away. */
static void
test_notice_bar (void **unused)
{
  FeltWindow *window;
  GtkWidget *revealer, *close;
  const char *notice;

  write_file ("game.ini", "[Felt Game]\nformat=1\ngame=straight-up\nse");
  window = new_window ();
  assert_false (felt_window_resume (window));
  notice = felt_window_get_notice (window);
  assert_non_null (notice);
  assert_non_null (strstr (notice, "game.ini.corrupt"));
  revealer = find_type (GTK_WIDGET (window), GTK_TYPE_REVEALER);
  assert_non_null (revealer);
  assert_true (gtk_revealer_get_reveal_child (GTK_REVEALER (revealer)));
  assert_non_null (strstr (gtk_label_get_label (GTK_LABEL (find_type (revealer, GTK_TYPE_LABEL))), "game.ini.corrupt"));

  /* Playing goes on in a fresh deal. */
  felt_window_start (window, felt_game_lookup ("cruel"), 7);
  assert_int_equal (felt_session_get_seed (felt_board_get_session (felt_window_get_board (window))), 7);
  assert_non_null (felt_window_get_notice (window));

  close = find_button (revealer, "window-close-symbolic");
  assert_non_null (close);
  click (close);
  assert_null (felt_window_get_notice (window));
  assert_false (gtk_revealer_get_reveal_child (GTK_REVEALER (revealer)));
  close_window (window);
}

/* The label of the notice bar, when it shows. */
static const char *
notice_bar_text (FeltWindow *window)
{
  GtkWidget *revealer = find_type (GTK_WIDGET (window), GTK_TYPE_REVEALER);

  assert_non_null (revealer);
  if (!gtk_revealer_get_reveal_child (GTK_REVEALER (revealer)))
    return NULL;
  return gtk_label_get_label (GTK_LABEL (find_type (revealer, GTK_TYPE_LABEL)));
}

/* A saved game Felt cannot read (a folder in its place) is left where it
 * is, not moved aside as damaged; the bar says which file and why. */
static void
test_notice_unreadable (void **unused)
{
  g_autofree char *path = data_path ("game.ini");
  g_autofree char *kept = data_path ("game.ini.corrupt");
  FeltWindow *window;
  const char *text;

  assert_int_equal (g_mkdir (path, 0700), 0);
  window = new_window ();
  assert_false (felt_window_resume (window));
  text = notice_bar_text (window);
  assert_non_null (text);
  assert_non_null (strstr (text, "cannot read your saved game"));
  assert_non_null (strstr (text, path));
  assert_non_null (strstr (text, "a folder is in its place"));
  assert_string_equal (text, felt_window_get_notice (window));

  /* Playing goes on; the folder stays as it was. */
  felt_window_start (window, felt_game_lookup ("straight-up"), 5);
  assert_true (felt_play_move (felt_window_get_play (window), &(FeltMove) { 0, 0, 0, 1 }, TRUE));
  assert_non_null (notice_bar_text (window));
  close_window (window);
  assert_true (g_file_test (path, G_FILE_TEST_IS_DIR));
  assert_false (g_file_test (kept, G_FILE_TEST_EXISTS));
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

/* ---- a save that fails, through the fault shim ------------------------------------ */

static char *
file_contents (const char *name)
{
  g_autofree char *path = data_path (name);
  char *text = NULL;

  g_file_get_contents (path, &text, NULL, NULL);
  return text;
}

/* Runs in a copy of this program with tests/fault-shim.c preloaded: the
 * second rename under the data folder (the save of the first move) fails
 * with FELT_FAULT_ERRNO; every other call works. */
static void
test_save_fault_child (void **unused)
{
  const char *errno_name = g_getenv ("FELT_FAULT_ERRNO");
  const char *reason = g_str_equal (errno_name, "ENOSPC") ? "the disk is full" : "the disk is read-only";
  FeltWindow *window = new_window ();
  FeltPlay *play = felt_window_get_play (window);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *moves = NULL;
  const char *text;

  /* The new deal is saved (the first rename). */
  felt_window_start (window, felt_game_lookup ("straight-up"), 5);
  /* It is saved once the window is drawn: on a busy machine that takes a
   * while. */
  for (int i = 0; i < 200 && (before = file_contents ("game.ini")) == NULL; i++)
    wait_ms (50);
  assert_non_null (before);
  assert_null (notice_bar_text (window));

  /* Its first move cannot be saved: the bar says why and where, the
   * game goes on, the file on disk is the one before. */
  assert_true (felt_play_move (play, &(FeltMove) { 0, 0, 0, 1 }, TRUE));
  wait_ms (50);
  text = notice_bar_text (window);
  assert_non_null (text);
  print_message ("%s: %s\n", errno_name, text);
  assert_non_null (strstr (text, "cannot save your game"));
  assert_non_null (strstr (text, data_dir));
  assert_non_null (strstr (text, reason));
  assert_int_equal (felt_session_get_n_moves (session_of (window)), 1);
  after = file_contents ("game.ini");
  assert_string_equal (after, before);

  /* The fault is gone: the next move saves both, the bar goes. */
  assert_true (felt_play_move (play, &(FeltMove) { 0, 0, 0, 1 }, TRUE));
  wait_ms (50);
  assert_null (notice_bar_text (window));
  assert_null (felt_play_get_notice (play));
  moves = saved_moves ();
  assert_string_equal (moves, "s s");
  close_window (window);
}

/* The real window with `rename` failing (disk full, read-only disk) for
 * the saved game: a copy of this program runs test_save_fault_child with
 * the shim preloaded, and the shim's log shows the fault was made. */
static void
test_save_faults (void **unused)
{
  static const char *const errnos[] = { "ENOSPC", "EROFS" };
  g_autofree char *dir = g_path_get_dirname (g_getenv ("FELT_TEST_SELF"));
  g_autofree char *shim = g_build_filename (dir, "fault-shim.so", NULL);

  assert_true (g_file_test (shim, G_FILE_TEST_EXISTS));
  for (guint i = 0; i < G_N_ELEMENTS (errnos); i++)
    {
      const char *argv[] = { g_getenv ("FELT_TEST_SELF"), "--save-fault", NULL };
      g_autofree char *log = g_build_filename (g_get_tmp_dir (), "felt-test-app-fault-XXXXXX", NULL);
      g_autofree char *log_text = NULL;
      g_autofree char *want = NULL;
      g_auto (GStrv) envp = g_get_environ ();
      g_autoptr (GError) error = NULL;
      int fd, status;

      remove_tree (data_dir);
      assert_int_equal (g_mkdir_with_parents (data_dir, 0700), 0);
      fd = g_mkstemp (log);
      assert_true (fd >= 0);
      close (fd);
      envp = g_environ_setenv (envp, "LD_PRELOAD", shim, TRUE);
      envp = g_environ_setenv (envp, "ASAN_OPTIONS", "detect_leaks=0:verify_asan_link_order=0", TRUE);
      envp = g_environ_setenv (envp, "FELT_FAULT_DIR", data_dir, TRUE);
      envp = g_environ_setenv (envp, "FELT_FAULT_CALL", "rename", TRUE);
      envp = g_environ_setenv (envp, "FELT_FAULT_ERRNO", errnos[i], TRUE);
      envp = g_environ_setenv (envp, "FELT_FAULT_N", "2", TRUE);
      envp = g_environ_setenv (envp, "FELT_FAULT_LOG", log, TRUE);
      assert_true (g_spawn_sync (NULL, (char **) argv, envp, G_SPAWN_CHILD_INHERITS_STDIN, NULL, NULL,
                                 NULL, NULL, &status, &error));
      assert_true (g_spawn_check_wait_status (status, NULL));

      assert_true (g_file_get_contents (log, &log_text, NULL, NULL));
      g_unlink (log);
      want = g_strdup_printf ("injected rename %d 2 ", g_str_equal (errnos[i], "ENOSPC") ? ENOSPC : EROFS);
      assert_non_null (strstr (log_text, want));
      assert_non_null (strstr (log_text, "game.ini"));
    }
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
main (int argc, char **argv)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_notice_bar, setup, teardown),
    cmocka_unit_test_setup_teardown (test_notice_unreadable, setup, teardown),
    cmocka_unit_test_setup_teardown (test_save_faults, setup, teardown),
    cmocka_unit_test_setup_teardown (test_face_cache, setup, teardown),
    cmocka_unit_test_setup_teardown (test_face_cache_resize, setup, teardown),
    cmocka_unit_test_setup_teardown (test_kill_and_resume, setup, teardown),
  };

  /* The copy test_save_faults runs under the fault shim, in the data
   * folder it made. */
  const struct CMUnitTest child[] = {
    cmocka_unit_test (test_save_fault_child),
  };
  g_autofree char *self_path = g_file_read_link ("/proc/self/exe", NULL);

  g_setenv ("FELT_TEST_SELF", self_path, TRUE);
  gtk_init ();
  if (argc == 2 && g_str_equal (argv[1], "--save-fault"))
    {
      data_dir = g_strdup (g_getenv ("FELT_DATA_DIR"));
      return cmocka_run_group_tests_name ("save-fault", child, NULL, NULL);
    }
  return cmocka_run_group_tests (tests, NULL, NULL);
}
