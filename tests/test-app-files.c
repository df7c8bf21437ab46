/* test-app-files.c: the window and its files: the notice bar over a
 * damaged or unreadable file, the card faces kept on disk, a save that
 * fails (through the fault shim, in a copy of this program run with
 * --save-fault), the fault matrix (every errno for every call kind on
 * the saved game, the statistics, the last game and the face cache,
 * through the window of a copy run with --fault-matrix: it prints the table of what the
 * player is told and what is on disk), and kill -9 the real program and
 * find the game again.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "test-app.h"

#include "felt-last-game.h"
#include "felt-saved-game.h"
#include "felt-stats.h"
#include "felt-store.h"
#include "felt-test-util.h"

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

/* Both files damaged at a start: the bar names both; Select Game, which
 * Felt opens over the window at a first start and which covers the
 * bar, says the same, and a notice raised while it is open too. */
static void
test_notice_double_and_chooser (void **unused)
{
  FeltWindow *window;
  GtkWidget *chooser, *label;
  const char *text;

  write_file ("game.ini", "[Felt Game]\nformat=1\ngame=straight-up\nse");
  write_file ("statistics.ini", "\x01\x02 not statistics [[[");
  window = new_window ();
  assert_false (felt_window_resume (window));
  felt_window_start (window, felt_game_lookup ("hopscotch"), 5);
  felt_ui_test_wait_shown (GTK_WIDGET (window));
  text = notice_bar_text (window);
  assert_non_null (text);
  assert_non_null (strstr (text, "game.ini.corrupt"));
  assert_non_null (strstr (text, "statistics.ini.corrupt"));
  g_object_unref (felt_ui_test_render (GTK_WIDGET (window), "notice-double.png"));

  /* As at a first start: the chooser over the window says it too. */
  felt_window_choose_game (window);
  chooser = find_toplevel (FELT_TYPE_GAME_CHOOSER);
  assert_non_null (chooser);
  felt_ui_test_wait_shown (chooser);
  label = felt_ui_test_find_text (chooser, "statistics.ini.corrupt");
  assert_non_null (label);
  assert_true (gtk_widget_is_drawable (label));
  assert_string_equal (gtk_label_get_label (GTK_LABEL (label)), text);
  wait_ms (1500);
  g_object_unref (felt_ui_test_render (chooser, "notice-chooser.png"));

  /* Raised while the chooser is open: seen there at once. */
  felt_play_set_notice (felt_window_get_play (window), "A notice raised while Select Game is open.");
  wait_ms (20);
  assert_non_null (strstr (gtk_label_get_label (GTK_LABEL (label)), "A notice raised while Select Game is open."));
  /* Closed by the player in the window: gone from the chooser too. */
  click (find_button (find_type (GTK_WIDGET (window), GTK_TYPE_REVEALER), "window-close-symbolic"));
  wait_ms (300);
  assert_false (gtk_widget_is_drawable (label));
  gtk_window_destroy (GTK_WINDOW (chooser));
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

/* ---- a save that fails, through the fault shim ------------------------------------ */

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
  for (int i = 0; i < 200 && (before = felt_test_read_file (data_dir, "game.ini")) == NULL; i++)
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
  after = felt_test_read_file (data_dir, "game.ini");
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

      felt_test_remove_dir (data_dir);
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


/* ---- the fault matrix, through the real window ---------------------------------- */

/* Each errno for each call kind on each file (the saved game, the
 * statistics, the last game, the card-face cache), through the real window with the
 * shim preloaded: from the first call of that kind on that file, every
 * one fails (a disk that stays full, a folder that stays read-only).
 * A copy of this program (--fault-matrix) resumes the saved game, plays
 * a move and leaves the deal (a loss counted), and prints what the
 * notice bar said at each step; this side checks the files and prints
 * one row per case: fault, file, what the player was told, what is on
 * disk after. */

/* fallocate: the face cache's alone (it reserves a face's blocks). */
static const char *const matrix_calls[] = { "open", "read", "write", "fsync", "rename", "mkdir", "fallocate" };
typedef enum {
  MATRIX_GAME,
  MATRIX_STATISTICS,
  MATRIX_LAST_GAME,
  MATRIX_CACHE,
} MatrixFile;

static const char *const matrix_file_names[] = { "game", "statistics", "last game", "face cache" };
static const char *const matrix_data_files[] = { "game.ini", "statistics.ini", "last-game.ini" };

/* ENOSPC in felt_test_errnos: the one errno of the "once" cases. */
#define ENOSPC_INDEX 2

/* The saved game and statistics each case starts from. */
#define MATRIX_GAME_TEXT "[Felt Game]\nformat=1\ngame=straight-up\nseed=5\nelapsed-ms=61000\nmoves=s s\nredo=\n"
/* The last game before: Scuffle 7 given up after one deal.  The run
 * gives up Straight Up 5 (leaving it for deal 6): its last game. */
#define MATRIX_LAST_GAME_TEXT "[Felt Game]\nformat=1\ngame=scuffle\nseed=7\nelapsed-ms=1000\nmoves=s\nredo=\n" \
  "result=given-up\nfinished=2026-12-06T04:20:34Z\n"

static char *
matrix_stats_text (void)
{
  FeltStats stats = { 0 };
  gsize length;

  for (int i = 0; i < 7; i++)
    felt_stats_record_loss (&stats, FELT_GAME_STRAIGHT_UP);
  return felt_stats_to_data (&stats, &length);
}

static void
print_notice (FeltWindow *window, const char *step)
{
  const char *text = notice_bar_text (window);
  g_autofree char *flat = NULL;

  if (text == NULL)
    return;
  flat = g_strdup (text);
  g_strdelimit (flat, "\n", '|');
  printf ("notice %s: %s\n", step, flat);
}

static void
wait_on_screen (FeltPlay *play)
{
  gboolean on_screen = FALSE;

  for (int i = 0; i < 500 && !on_screen; i++)
    {
      wait_ms (10);
      g_object_get (play, "on-screen", &on_screen, NULL);
    }
  assert_true (on_screen);
}

/* Waits until the board's faces at its size are complete (rendered or
 * read): then the cache writes them 0.7 s later.  A fixed wait was too
 * short on a busy machine, and the cache rows then made no call. */
static void
wait_faces_complete (FeltWindow *window)
{
  FeltBoard *board = felt_window_get_board (window);
  g_autoptr (FeltCardTheme) theme = NULL;
  gint64 end = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;
  gboolean complete = FALSE;

  g_object_get (board, "card-theme", &theme, NULL);
  while (!complete && g_get_monotonic_time () < end)
    {
      wait_ms (20);
      complete = TRUE;
      /* The back, then 13 cards a suit. */
      for (guint f = 0; f <= 13 * FELT_N_SUITS && complete; f++)
        felt_card_theme_lookup (theme, f == 0 ? 0 : FELT_CARD ((f - 1) % 13 + 1, (f - 1) / 13),
                                board->texture_w, board->texture_h, &complete);
    }
  assert_true (complete);
}

/* The copy run under the shim. */
static void
test_fault_matrix_child (void **unused)
{
  FeltWindow *window = new_window ();
  FeltPlay *play = felt_window_get_play (window);

  if (!felt_window_resume (window))
    felt_window_start (window, felt_game_lookup ("straight-up"), 5);
  wait_on_screen (play);
  wait_ms (20);
  print_notice (window, "start");
  assert_true (felt_play_move (play, &(FeltMove) { 0, 0, 0, 1 }, TRUE));
  wait_ms (20);
  print_notice (window, "move");
  /* Leaving the deal in progress counts a loss: the statistics are saved. */
  felt_play_start (play, felt_game_lookup ("straight-up"), 6);
  wait_ms (20);
  print_notice (window, "count");
  /* The faces rendered are written once the size settles (0.7 s). */
  if (g_getenv ("FELT_MATRIX_CACHE"))
    {
      wait_faces_complete (window);
      wait_ms (1000);
    }
  felt_face_cache_wait ();
  close_window (window);
  felt_face_cache_wait ();
  fflush (stdout);
}

/* What a data file is after the run; fails on one lost or damaged. */
static char *
data_file_after (const char *dir, const char *name, const char *before)
{
  g_autofree char *now = felt_test_read_file (dir, name);
  g_autoptr (GError) error = NULL;

  if (now == NULL)
    {
      if (before)
        fail_msg ("%s was lost", name);
      return g_strdup ("none");
    }
  if (before && g_str_equal (now, before))
    return g_strdup ("unchanged");
  if (g_str_equal (name, "last-game.ini"))
    {
      g_autoptr (FeltLastGame) last = felt_last_game_from_data (now, strlen (now), &error);

      if (last == NULL)
        fail_msg ("last-game.ini is damaged: %s\n%s", error->message, now);
      return g_strdup_printf ("saved (deal %u, %u moves)", felt_session_get_seed (last->session),
                              felt_session_get_n_moves (last->session));
    }
  if (g_str_equal (name, "game.ini"))
    {
      g_autoptr (FeltSession) session = NULL;
      gint64 elapsed;

      session = felt_saved_game_from_data (now, strlen (now), &elapsed, &error);
      if (session == NULL)
        fail_msg ("game.ini is damaged: %s\n%s", error->message, now);
      return g_strdup_printf ("saved (deal %u, %u moves)", felt_session_get_seed (session),
                              felt_session_get_n_moves (session));
    }
  {
    FeltStats stats;

    if (!felt_stats_from_data (&stats, now, strlen (now), &error))
      fail_msg ("statistics.ini is damaged: %s\n%s", error->message, now);
    return g_strdup_printf ("saved (%u played)", stats.games[FELT_GAME_STRAIGHT_UP].played);
  }
}

/* The face cache after the run: each file whole (the size of the one the
 * warm cache holds for that size), no temporary file left. */
static char *
cache_after (const char *dir, const char *warm)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  guint n = 0;

  while (d && (name = g_dir_read_name (d)))
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autofree char *good = g_build_filename (warm, name, NULL);

      if (!g_str_has_suffix (name, ".faces"))
        fail_msg ("left in the face cache: %s", name);
      if (g_file_test (good, G_FILE_TEST_EXISTS) && stat_of (path).st_size != stat_of (good).st_size)
        fail_msg ("a face cache file cut short: %s", name);
      n++;
    }
  return g_strdup_printf ("%u file%s", n, n == 1 ? "" : "s");
}

static void
copy_folder (const char *from, const char *to)
{
  g_autoptr (GDir) d = g_dir_open (from, 0, NULL);
  const char *name;

  assert_int_equal (g_mkdir_with_parents (to, 0700), 0);
  while (d && (name = g_dir_read_name (d)))
    {
      g_autofree char *a = g_build_filename (from, name, NULL);
      g_autofree char *b = g_build_filename (to, name, NULL);
      g_autofree char *bytes = NULL;
      gsize length;

      /* Only the faces: a temporary file in the shared warm cache (an
       * earlier test run killed while writing) is not this case's doing. */
      if (!g_str_has_suffix (name, ".faces"))
        continue;
      if (g_file_get_contents (a, &bytes, &length, NULL))
        assert_true (g_file_set_contents (b, bytes, (gssize) length, NULL));
    }
}

/* One case of the fault matrix: `call` fails with errno `e` on `file`,
 * from the first call on or (`once`) the first alone. */
typedef struct {
  gboolean once;
  guint file;
  const char *call;
  guint e;
  /* the same for every case */
  const char *shim;
  const char *warm;           /* the warm face cache */
  const char *stats_text;     /* statistics.ini before */
} MatrixCase;

static const char *
case_errno (const MatrixCase *mc)
{
  return felt_test_errnos[mc->e].name;
}

/* The copy's environment: its folders, and the shim told what to fail. */
static char **
matrix_case_env (const MatrixCase *mc, const char *data, const char *cache, const char *log)
{
  char **envp = g_get_environ ();

  envp = g_environ_setenv (envp, "FELT_DATA_DIR", data, TRUE);
  envp = g_environ_setenv (envp, "FELT_CACHE_DIR", mc->file == MATRIX_CACHE ? cache : mc->warm, TRUE);
  envp = g_environ_setenv (envp, "LD_PRELOAD", mc->shim, TRUE);
  envp = felt_test_env_for_shim (envp);
  envp = g_environ_setenv (envp, "FELT_FAULT_DIR", mc->file == MATRIX_CACHE ? cache : data, TRUE);
  envp = g_environ_setenv (envp, "FELT_FAULT_NAME", mc->file == MATRIX_CACHE ? "" : matrix_data_files[mc->file],
                           TRUE);
  envp = g_environ_setenv (envp, "FELT_FAULT_CALL", mc->call, TRUE);
  envp = g_environ_setenv (envp, "FELT_FAULT_ERRNO", case_errno (mc), TRUE);
  envp = g_environ_setenv (envp, "FELT_FAULT_N", "1", TRUE);
  if (mc->file == MATRIX_CACHE)
    envp = g_environ_setenv (envp, "FELT_MATRIX_CACHE", "1", TRUE);
  envp = g_environ_setenv (envp, "FELT_FAULT_FROM", mc->once ? "" : "1", TRUE);
  envp = g_environ_setenv (envp, "FELT_FAULT_LOG", log, TRUE);
  return envp;
}

/* What the notice bar told, each sentence once, from the copy's output:
 * "[step] sentence". */
static GString *
notices_told (const char *out)
{
  g_auto (GStrv) lines = g_strsplit (out, "\n", -1);
  GString *told = g_string_new (NULL);

  for (guint i = 0; lines[i]; i++)
    if (g_str_has_prefix (lines[i], "notice "))
      {
        const char *text = strstr (lines[i], ": ") + 2;
        if (strstr (told->str, text) == NULL)
          g_string_append_printf (told, "%s[%.*s] %s", told->len ? " " : "",
                                  (int) (strchr (lines[i], ':') - lines[i] - 7), lines[i] + 7, text);
      }
  return told;
}

static void
assert_data_folder_clean (const MatrixCase *mc, const char *data)
{
  g_autoptr (GDir) d = g_dir_open (data, 0, NULL);
  const char *name;

  while (d && (name = g_dir_read_name (d)))
    if (!g_str_equal (name, "game.ini") && !g_str_equal (name, "statistics.ini") &&
        !g_str_equal (name, "history.tsv") && !g_str_equal (name, "last-game.ini") &&
        !g_str_has_suffix (name, ".lock"))
      fail_msg ("%s %s on %s: left in the data folder: %s", mc->call, case_errno (mc),
                matrix_file_names[mc->file], name);
}

/* A data file not saved: the player is told why.  The cache costs only
 * speed: nothing is said. */
static void
assert_told (const MatrixCase *mc, const char *out, const char *told, const char *after, const char *log_text)
{
  const char *failed = mc->file == MATRIX_GAME ? "cannot save your game"
                       : mc->file == MATRIX_STATISTICS ? "cannot save your statistics"
                       : "cannot save your last game";
  const char *last = strstr (out, "notice count: ");

  if (mc->file == MATRIX_CACHE)
    {
      if (*told)
        fail_msg ("%s %s on the face cache: the player was told %s", mc->call, case_errno (mc), told);
      return;
    }
  if (!g_str_has_prefix (after, "saved") && strstr (told, felt_store_reason (felt_test_errnos[mc->e].value)) == NULL)
    fail_msg ("%s %s on %s: not saved, and the player was not told why\n%s%s", mc->call,
              case_errno (mc), matrix_file_names[mc->file], out, log_text);
  /* Saved in the end: the bar no longer says it cannot. */
  if (g_str_has_prefix (after, "saved") && last && strstr (last, failed))
    fail_msg ("%s %s on %s: saved, but the bar still says it cannot be\n%s", mc->call,
              case_errno (mc), matrix_file_names[mc->file], out);
}

/* Runs the window under the shim for one case, checks what it left and
 * told, and returns the row of the report; *made: a fault was made. */
static char *
run_matrix_case (const MatrixCase *mc, gboolean *made)
{
  gboolean no_folder = mc->file != MATRIX_CACHE && g_str_equal (mc->call, "mkdir");
  gboolean warm_cache = mc->file == MATRIX_CACHE && (g_str_equal (mc->call, "open") || g_str_equal (mc->call, "read"));
  g_autofree char *root = g_build_filename (data_dir, "case", NULL);
  g_autofree char *data = g_build_filename (root, "felt", NULL);
  g_autofree char *cache = g_build_filename (root, "cache", NULL);
  g_autofree char *log = g_build_filename (data_dir, "shim.log", NULL);
  g_autofree char *out = NULL, *errors = NULL, *log_text = NULL;
  g_autofree char *game_after = NULL, *stats_after = NULL, *last_after = NULL, *faces_after = NULL;
  g_autoptr (GString) told = NULL;
  g_auto (GStrv) envp = NULL;
  g_auto (GStrv) parts = NULL;
  g_autofree char *short_told = NULL;
  g_autoptr (GError) error = NULL;
  const char *argv[] = { g_getenv ("FELT_TEST_SELF"), "--fault-matrix", NULL };
  const char *game_before = no_folder ? NULL : MATRIX_GAME_TEXT;
  const char *stats_before = no_folder ? NULL : mc->stats_text;
  const char *last_before = no_folder ? NULL : MATRIX_LAST_GAME_TEXT;
  int status;

  felt_test_remove_dir (root);
  g_unlink (log);
  assert_int_equal (g_mkdir_with_parents (root, 0700), 0);
  if (!no_folder)
    {
      g_autofree char *g = g_build_filename (data, "game.ini", NULL);
      g_autofree char *st = g_build_filename (data, "statistics.ini", NULL);
      g_autofree char *lg = g_build_filename (data, "last-game.ini", NULL);

      assert_int_equal (g_mkdir (data, 0700), 0);
      assert_true (g_file_set_contents (g, game_before, -1, NULL));
      assert_true (g_file_set_contents (st, stats_before, -1, NULL));
      assert_true (g_file_set_contents (lg, last_before, -1, NULL));
    }
  if (warm_cache)
    copy_folder (mc->warm, cache);

  envp = matrix_case_env (mc, data, cache, log);
  if (!g_spawn_sync (NULL, (char **) argv, envp, G_SPAWN_DEFAULT, NULL, NULL, &out, &errors, &status, &error))
    fail_msg ("cannot run the window: %s", error->message);
  if (!g_spawn_check_wait_status (status, NULL))
    fail_msg ("%s %s on %s: the window failed (status %d)\n%s%s", mc->call, case_errno (mc),
              matrix_file_names[mc->file], status, out, errors);
  assert_true (g_file_get_contents (log, &log_text, NULL, NULL));
  *made = strstr (log_text, "injected ") != NULL;

  told = notices_told (out);
  game_after = data_file_after (data, "game.ini", game_before);
  stats_after = data_file_after (data, "statistics.ini", stats_before);
  last_after = data_file_after (data, "last-game.ini", last_before);
  faces_after = cache_after (cache, mc->warm);
  assert_data_folder_clean (mc, data);
  assert_told (mc, out, told->str,
               mc->file == MATRIX_GAME ? game_after : mc->file == MATRIX_STATISTICS ? stats_after : last_after,
               log_text);

  parts = g_strsplit (told->str, data, -1);
  short_told = g_strjoinv ("DATA", parts);
  return g_strdup_printf ("%-4s %-6s %-6s %-10s%s | told: %s | on disk: game %s; statistics %s; last game %s; "
                          "cache %s",
                          mc->once ? "once" : "on", mc->call, case_errno (mc), matrix_file_names[mc->file],
                          *made ? "" : " (no such call)", told->len ? short_told : "nothing",
                          game_after, stats_after, last_after, faces_after);
}

/* The warm cache of the ui tests holds the faces at the size of the
 * copy's window: made once if this run has none yet. */
static void
warm_face_cache (void)
{
  FeltWindow *window = new_window ();

  felt_window_start (window, felt_game_lookup ("straight-up"), 5);
  wait_faces_complete (window);
  wait_ms (1000);
  close_window (window);
  felt_face_cache_wait ();
}

/* FELT_MATRIX_ERRNOS="EACCES,ENOSPC" runs the matrix with those errnos
 * alone: which code runs depends on the call and the file, the errno
 * changes only the sentence, so the runs under the sanitizers (slower
 * fivefold) take two (build-aux/felt-dev test-asan); the plain run, every
 * one. */
static gboolean
matrix_errno_wanted (guint e)
{
  const char *wanted = g_getenv ("FELT_MATRIX_ERRNOS");
  g_auto (GStrv) names = NULL;

  if (wanted == NULL || *wanted == '\0')
    return TRUE;
  names = g_strsplit (wanted, ",", -1);
  return g_strv_contains ((const char *const *) names, felt_test_errnos[e].name);
}

static void
test_fault_matrix (void **unused)
{
  g_autofree char *shim = NULL, *self_dir = g_path_get_dirname (g_getenv ("FELT_TEST_SELF"));
  g_autofree char *warm = g_strdup (g_getenv ("FELT_CACHE_DIR"));
  g_autofree char *stats_text = matrix_stats_text ();
  g_autoptr (GPtrArray) rows = g_ptr_array_new_with_free_func (g_free);
  gint64 start = g_get_monotonic_time ();
  guint n_cases = 0, n_injected = 0;

  shim = g_build_filename (self_dir, "fault-shim.so", NULL);
  assert_true (g_file_test (shim, G_FILE_TEST_EXISTS));
  assert_non_null (warm);
  warm_face_cache ();

  /* Every call failing from the first on (a disk that stays faulty),
   * then, for the data files, the first call alone with one errno (a
   * fault that passes: the next save that works clears the notice). */
  for (guint once = 0; once < 2; once++)
  for (guint f = MATRIX_GAME; f <= (once ? MATRIX_LAST_GAME : MATRIX_CACHE); f++)
    for (guint c = 0; c < G_N_ELEMENTS (matrix_calls); c++)
      for (guint e = once ? ENOSPC_INDEX : 0;
           e < (once ? ENOSPC_INDEX + 1 : FELT_TEST_N_ERRNOS) &&
           (f == MATRIX_CACHE || !g_str_equal (matrix_calls[c], "fallocate"));
           e++)
        {
          MatrixCase mc = { once, f, matrix_calls[c], e, shim, warm, stats_text };
          gboolean made;

          if (!matrix_errno_wanted (e))
            continue;

          g_ptr_array_add (rows, run_matrix_case (&mc, &made));
          n_cases++;
          n_injected += made;
        }

  print_message ("fault matrix through the real window: %u cases (%u with a fault made) in %.1f s; DATA is the "
                 "data folder; \"on\": every call of that kind fails from the first, \"once\": the first alone; "
                 "[step]: what the bar said after the start (load and first save), the move, the count of a "
                 "game\n", n_cases, n_injected, (g_get_monotonic_time () - start) / 1e6);
  for (guint i = 0; i < rows->len; i++)
    print_message ("%s\n", (char *) rows->pdata[i]);
  /* Each kind of call on each file was reached (all but the fsync of a
   * statistics file under a folder that cannot be made). */
  assert_true (n_injected == n_cases);
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
  felt_test_remove_dir (data_dir);
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
    cmocka_unit_test_setup_teardown (test_notice_double_and_chooser, setup, teardown),
    cmocka_unit_test_setup_teardown (test_save_faults, setup, teardown),
    cmocka_unit_test_setup_teardown (test_fault_matrix, setup, teardown),
    cmocka_unit_test_setup_teardown (test_face_cache, setup, teardown),
    cmocka_unit_test_setup_teardown (test_face_cache_resize, setup, teardown),
    cmocka_unit_test_setup_teardown (test_kill_and_resume, setup, teardown),
  };

  /* The copy test_save_faults runs under the fault shim, in the data
   * folder it made. */
  const struct CMUnitTest child[] = {
    cmocka_unit_test (test_save_fault_child),
  };
  const struct CMUnitTest matrix_child[] = {
    cmocka_unit_test (test_fault_matrix_child),
  };
  g_autofree char *self_path = g_file_read_link ("/proc/self/exe", NULL);

  g_setenv ("FELT_TEST_SELF", self_path, TRUE);
  gtk_init ();
  if (argc == 2 && g_str_equal (argv[1], "--save-fault"))
    {
      data_dir = g_strdup (g_getenv ("FELT_DATA_DIR"));
      return cmocka_run_group_tests_name ("save-fault", child, NULL, NULL);
    }
  if (argc == 2 && g_str_equal (argv[1], "--fault-matrix"))
    {
      data_dir = g_strdup (g_getenv ("FELT_DATA_DIR"));
      return cmocka_run_group_tests_name ("fault-matrix", matrix_child, NULL, NULL);
    }
  /* FELT_TEST_FILTER=test_face_cache_resize: one test alone. */
  if (g_getenv ("FELT_TEST_FILTER"))
    cmocka_set_test_filter (g_getenv ("FELT_TEST_FILTER"));
  return cmocka_run_group_tests (tests, NULL, NULL);
}
