/* test-crash-app.c: kill -9 the real program while it plays and saves.
 *
 * The real `felt` (under this test's Xvfb, as the ui tests run) plays a
 * scripted game from the keyboard (xdotool: deals, undo, redo, New Game
 * and giving up the game in progress, which counts a loss), with the
 * fault shim (tests/fault-shim.c) preloaded to make the disk slow (each
 * fsync and rename under the data folder sleeps a little), so that many
 * kills land inside a save.  Each run is a new process, killed with
 * SIGKILL at a random moment from its start-up to a dozen moves in; the
 * next run starts with no arguments and resumes the saved game.
 *
 * The shim's trace tells, as they happen, each rename of a save with the
 * contents it puts in place ("B"), and that it was done ("E").  After
 * each kill:
 *  - game.ini and statistics.ini are whole (they parse) and hold the last
 *    version saved or the one being saved when the kill came (a rename
 *    begun but not known to be done), never an empty or older one;
 *  - the program resumed the saved game: the first save of the run
 *    (made once the resumed game is on the screen) goes on from the
 *    position that was on disk when it started;
 *  - the statistics never go down, and nothing is kept aside as damaged.
 *
 * FELT_CRASH_KILLS sets the number of kills (the default keeps the test
 * short enough for CI; the 200 with FELT_CRASH_KILLS=200).
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "felt-test-util.h"

#include <glib/gstdio.h>

#include "felt-saved-game.h"
#include "felt-stats.h"

#define DEFAULT_KILLS 50

/* What one file's saves did in a run, from the trace. */
typedef struct {
  char *first;      /* the contents of the first save begun */
  char *done;       /* those of the last save known done */
  char *in_flight;  /* those of a save begun, not known done (killed) */
} Saves;

static void
saves_clear (Saves *s)
{
  g_clear_pointer (&s->first, g_free);
  g_clear_pointer (&s->done, g_free);
  g_clear_pointer (&s->in_flight, g_free);
}

static char *
unhex (const char *hex)
{
  gsize n = strlen (hex) / 2;
  char *out = g_malloc (n + 1);

  for (gsize i = 0; i < n; i++)
    out[i] = (char) (g_ascii_xdigit_value (hex[2 * i]) << 4 | g_ascii_xdigit_value (hex[2 * i + 1]));
  out[n] = '\0';
  return out;
}

static void
read_trace (const char *path, const char *name, Saves *s)
{
  g_autofree char *text = NULL;
  g_auto (GStrv) lines = NULL;
  g_autofree char *begin = g_strdup_printf ("B %s ", name);
  g_autofree char *end = g_strdup_printf ("E %s", name);
  g_autofree char *failed = g_strdup_printf ("F %s ", name);

  if (!g_file_get_contents (path, &text, NULL, NULL))
    return;
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i]; i++)
    {
      if (g_str_has_prefix (lines[i], begin))
        {
          g_free (s->in_flight);
          s->in_flight = unhex (lines[i] + strlen (begin));
          if (s->first == NULL)
            s->first = g_strdup (s->in_flight);
        }
      else if (g_str_equal (lines[i], end) && s->in_flight)
        {
          g_free (s->done);
          s->done = g_steal_pointer (&s->in_flight);
        }
      else if (g_str_has_prefix (lines[i], failed))
        fail_msg ("a rename of %s failed with no fault made: %s", name, lines[i]);
    }
}

/* The game of a saved file as one word: game, deal, moves and redo (not
 * the time played, which the clock changes). */
static char *
game_key (const char *text, guint kill_no)
{
  g_autoptr (FeltSession) session = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GString) key = g_string_new (NULL);
  gint64 elapsed;

  session = felt_saved_game_from_data (text, strlen (text), &elapsed, &error);
  if (session == NULL)
    fail_msg ("kill %u: the saved game is damaged: %s\n%s", kill_no, error->message, text);
  g_string_printf (key, "%s/%u/", felt_session_get_game (session)->id, felt_session_get_seed (session));
  for (guint i = 0; i < felt_session_get_n_moves (session); i++)
    {
      FeltMove m = felt_session_get_move (session, i);
      g_string_append_printf (key, "%u.%u.%u.%u ", m.from, m.count, m.to, m.stock);
    }
  g_string_append (key, "/");
  for (guint i = 0; i < felt_session_get_n_redo (session); i++)
    {
      FeltMove m = felt_session_get_redo (session, i);
      g_string_append_printf (key, "%u.%u.%u.%u ", m.from, m.count, m.to, m.stock);
    }
  return g_string_free (g_steal_pointer (&key), FALSE);
}

static guint
played_of (const char *text, guint kill_no)
{
  g_autoptr (GError) error = NULL;
  FeltStats stats;
  guint total = 0;

  if (text == NULL)
    return 0;
  if (!felt_stats_from_data (&stats, text, strlen (text), &error))
    fail_msg ("kill %u: the statistics are damaged: %s\n%s", kill_no, error->message, text);
  for (guint i = 0; i < FELT_N_GAMES; i++)
    total += stats.games[i].played;
  return total;
}

/* The file on disk is what was there before the run, the last version
 * saved, or the one being saved at the kill.  Returns 1 when it is the
 * last one begun (done or in flight). */
static guint
check_version (const char *name, const char *now, const char *before, const Saves *s, guint kill_no)
{
  const char *latest = s->in_flight ? s->in_flight : s->done;

  if (now == NULL)
    {
      if (before || s->done)
        fail_msg ("kill %u: %s is gone", kill_no, name);
      return 0;
    }
  if (*now == '\0')
    fail_msg ("kill %u: %s is empty", kill_no, name);
  if (latest && g_str_equal (now, latest))
    return 1;
  if (s->done && g_str_equal (now, s->done))
    return 0;
  if (s->done == NULL && before && g_str_equal (now, before))
    return 0;
  fail_msg ("kill %u: %s is neither the last version saved nor the one being saved:\n%s\n"
            "last saved:\n%s\nbeing saved:\n%s",
            kill_no, name, now, s->done ? s->done : before, s->in_flight);
  return 0;
}

static guint
count_matching (const char *dir, const char *part)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  guint n = 0;

  while (d && (name = g_dir_read_name (d)))
    n += strstr (name, part) != NULL;
  return n;
}

/* The scripted game: deals from the stock (the keyboard focus starts
 * there), undo and redo, New Game and "Give up" in its dialog (a loss
 * counted).  With no window manager, xdotool gives each window the
 * keyboard focus itself: MAIN and DIALOG stand for those commands. */
static const char *const script[] = {
  "MAIN key --delay 40 space space ctrl+n",
  "DIALOG key Return",
  "MAIN key --delay 40 space ctrl+z ctrl+shift+z space space ctrl+n",
  "DIALOG key Return",
  "MAIN key --delay 40 space ctrl+z space ctrl+n",
  "DIALOG key Return",
  "MAIN key --delay 40 space space",
};

static char **
keys_argv (GPid pid)
{
  g_autofree char *main_window = g_strdup_printf ("search --sync --onlyvisible --pid %d --name Felt "
                                                  "windowfocus --sync %%1", (int) pid);
  g_autofree char *dialog = g_strdup_printf ("search --sync --onlyvisible --pid %d --name Give "
                                             "windowfocus --sync %%1", (int) pid);
  g_autoptr (GString) cmd = g_string_new ("xdotool");
  char **argv = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (script); i++)
    {
      g_autofree char *a = NULL, *b = NULL;
      g_auto (GStrv) parts = g_strsplit (script[i], "MAIN", -1);

      a = g_strjoinv (main_window, parts);
      g_strfreev (g_steal_pointer (&parts));
      parts = g_strsplit (a, "DIALOG", -1);
      b = g_strjoinv (dialog, parts);
      g_string_append_printf (cmd, " %s", b);
    }
  assert_true (g_shell_parse_argv (cmd->str, NULL, &argv, NULL));
  return argv;
}

/* Starts the real program, resuming the game on disk when there is one
 * (else deal `kill_no` + 1), and xdotool playing the script in it. */
static void
start_program (const char *felt, char **envp, guint kill_no, gboolean resume, GPid *pid, GPid *keys)
{
  g_autofree char *seed = g_strdup_printf ("%u", kill_no + 1);
  const char *first_args[] = { felt, "--game", "straight-up", "--seed", seed, NULL };
  const char *resume_args[] = { felt, NULL };
  g_auto (GStrv) argv = NULL;
  g_autoptr (GError) error = NULL;

  if (!g_spawn_async (NULL, (char **) (resume ? resume_args : first_args), envp,
                      G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_STDOUT_TO_DEV_NULL | G_SPAWN_STDERR_TO_DEV_NULL,
                      NULL, NULL, pid, &error))
    fail_msg ("cannot start felt: %s", error->message);
  argv = keys_argv (*pid);
  if (!g_spawn_async (NULL, argv, NULL,
                      G_SPAWN_SEARCH_PATH | G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_STDOUT_TO_DEV_NULL |
                        G_SPAWN_STDERR_TO_DEV_NULL,
                      NULL, NULL, keys, &error))
    fail_msg ("cannot start xdotool: %s", error->message);
}

/* Waits from inside the start-up to a dozen moves in, then kills the
 * program (and xdotool).  The first run measures how long the start-up
 * takes on this machine (and build: AddressSanitizer's is slower) up to
 * the first save, in *startup_ms. */
static void
kill_program (GPid pid, GPid keys, guint kill_no, const char *trace, GRand *rand, guint *startup_ms)
{
  int status;

  if (kill_no == 0)
    {
      gint64 spawned = g_get_monotonic_time ();

      while (!g_file_test (trace, G_FILE_TEST_EXISTS) && g_get_monotonic_time () - spawned < 60 * G_USEC_PER_SEC)
        g_usleep (5000);
      *startup_ms = (guint) ((g_get_monotonic_time () - spawned) / 1000);
      g_usleep (1500 * 1000);
    }
  else
    g_usleep ((gulong) g_rand_int_range (rand, 50, (gint32) *startup_ms + 1500) * 1000);
  kill (pid, SIGKILL);
  assert_int_equal (waitpid (pid, &status, 0), pid);
  if (!WIFSIGNALED (status) || WTERMSIG (status) != SIGKILL)
    fail_msg ("kill %u: felt ended by itself (status %d)", kill_no, status);
  kill (keys, SIGKILL);
  waitpid (keys, &status, 0);
  g_spawn_close_pid (pid);
  g_spawn_close_pid (keys);
}

/* Resumed: the run's first save goes on from the game it found on disk.
 * That save waits until the game is on the screen, and the script's
 * first keys (two deals, then New Game) may come before: the same game
 * (a failed resume would deal Hopscotch), and in the same deal the moves
 * found on disk and maybe one or two more.  1 when it was checked. */
static guint
check_resumed (const char *game_before, const Saves *game, guint kill_no)
{
  g_autofree char *was = NULL, *first = NULL;
  g_auto (GStrv) was_parts = NULL, first_parts = NULL;

  if (game_before == NULL || game->first == NULL)
    return 0;
  was = game_key (game_before, kill_no);
  first = game_key (game->first, kill_no);
  was_parts = g_strsplit (was, "/", -1);
  first_parts = g_strsplit (first, "/", -1);
  if (!g_str_equal (was_parts[0], first_parts[0]) ||
      (g_str_equal (was_parts[1], first_parts[1]) && !g_str_has_prefix (first_parts[2], was_parts[2])))
    fail_msg ("kill %u: the game on disk was %s; the program went on with %s", kill_no, was, first);
  return 1;
}

/* The statistics never go down, no file is kept aside as damaged and
 * temporary files do not pile up.  Returns the games played. */
static guint
check_left_behind (const char *data, const char *stats_now, guint previous_played, guint kill_no)
{
  guint played = played_of (stats_now, kill_no);

  if (played < previous_played)
    fail_msg ("kill %u: the statistics went down from %u to %u", kill_no, previous_played, played);
  if (count_matching (data, ".corrupt") > 0)
    fail_msg ("kill %u: a file was kept aside as damaged", kill_no);
  /* A killed save leaves its temporary file; the next load clears it. */
  if (count_matching (data, ".tmp-") > 2)
    fail_msg ("kill %u: temporary files pile up", kill_no);
  return played;
}

static void
test_kill_real_program (void **unused)
{
  const char *felt = g_getenv ("FELT");
  const char *shim = g_getenv ("FELT_FAULT_SHIM");
  const char *kills_text = g_getenv ("FELT_CRASH_KILLS");
  guint kills = kills_text && *kills_text ? (guint) g_ascii_strtoull (kills_text, NULL, 10) : DEFAULT_KILLS;
  g_autofree char *root = felt_test_make_dir ("felt-test-crash-app", NULL);
  g_autofree char *data = g_build_filename (root, "felt", NULL);
  g_autofree char *trace = g_build_filename (root, "trace", NULL);
  g_autoptr (GRand) rand = g_rand_new_with_seed (20261201);
  g_auto (GStrv) envp = g_get_environ ();
  guint startup_ms = 0, previous_played = 0, in_save = 0, at_latest = 0, resumed = 0, runs_saving = 0;
  gint64 start = g_get_monotonic_time ();

  assert_non_null (felt);
  assert_non_null (shim);
  assert_int_equal (g_mkdir (data, 0700), 0);
  envp = g_environ_unsetenv (envp, "G_DEBUG");
  envp = g_environ_setenv (envp, "FELT_DATA_DIR", data, TRUE);
  envp = g_environ_setenv (envp, "LD_PRELOAD", shim, TRUE);
  envp = felt_test_env_for_shim (envp);
  envp = g_environ_setenv (envp, "FELT_FAULT_DIR", data, TRUE);
  envp = g_environ_setenv (envp, "FELT_FAULT_TRACE", trace, TRUE);
  envp = g_environ_setenv (envp, "FELT_FAULT_DELAY_MS", "20", TRUE);

  for (guint kill_no = 0; kill_no < kills; kill_no++)
    {
      g_autofree char *game_before = felt_test_read_file (data, "game.ini");
      g_autofree char *stats_before = felt_test_read_file (data, "statistics.ini");
      g_autofree char *game_now = NULL, *stats_now = NULL;
      Saves game = { 0 }, stats = { 0 };
      GPid pid, keys;

      g_unlink (trace);
      start_program (felt, envp, kill_no, game_before != NULL, &pid, &keys);
      kill_program (pid, keys, kill_no, trace, rand, &startup_ms);

      read_trace (trace, "game.ini", &game);
      read_trace (trace, "statistics.ini", &stats);
      game_now = felt_test_read_file (data, "game.ini");
      stats_now = felt_test_read_file (data, "statistics.ini");

      if (game.in_flight || stats.in_flight || count_matching (data, ".tmp-") > 0)
        in_save++;
      if (game.first || stats.first)
        runs_saving++;
      at_latest += check_version ("game.ini", game_now, game_before, &game, kill_no);
      check_version ("statistics.ini", stats_now, stats_before, &stats, kill_no);
      if (game_now)
        g_free (game_key (game_now, kill_no));
      resumed += check_resumed (game_before, &game, kill_no);
      previous_played = check_left_behind (data, stats_now, previous_played, kill_no);
      saves_clear (&game);
      saves_clear (&stats);
    }

  print_message ("start-up to the first save: %u ms\n", startup_ms);
  print_message ("%u kills of the real program in %.1f s: %u inside a save, %u runs that saved; the game "
                 "on disk was the last one begun %u times; resumed and checked %u times; %u games counted\n",
                 kills, (g_get_monotonic_time () - start) / 1e6, in_save, runs_saving, at_latest, resumed,
                 previous_played);
  /* The kills did land inside saves, the program did resume and count. */
  assert_true (in_save > 0);
  assert_true (resumed > 0);
  assert_true (previous_played > 0 || kills < 20);
  felt_test_remove_dir (root);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_kill_real_program),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
