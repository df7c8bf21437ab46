/* test-crash.c: kill -9 while playing and saving, 200 times.
 *
 * tests/fault-driver (crash) resumes the saved game and plays random
 * moves through the real store code, saving after every move and counting
 * every game that ends.  This test kills it with SIGKILL at a random
 * moment, 200 times (most of a run's time is spent inside a save: each
 * one syncs a file and its folder), and after each kill checks that:
 *  - the saved game loads, at the last position the driver finished
 *    saving or one it began to save since (a kill between the rename and
 *    the log line "D" leaves a finished save unmarked): never an empty or
 *    damaged file, never an older position;
 *  - the statistics load and never go down: they hold every game counted
 *    before the last count begun, and at most that one more;
 *  - so does the history of games, against the last record begun;
 *  - the last game, once there is one, loads;
 *  - no more than one temporary file is left (a killed save's: the next
 *    run clears it).
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>
#include <glib/gstdio.h>

#include "fault-position.h"
#include "felt-history.h"
#include "felt-last-game.h"
#include "felt-saved-game.h"
#include "felt-test-util.h"
#include "felt-stats.h"

#define KILLS 200u

typedef struct {
  char *last_p;       /* the position of the last save begun */
  char *last_done;    /* that of the last save ended */
  GPtrArray *since;   /* those of the saves begun since then */
  gboolean in_save;   /* the last line is a "P": killed inside a save */
  guint n_saves;
  gint64 last_c;      /* the last count begun; -1: none */
  gint64 last_h;      /* the last record in the history begun; -1: none */
} Log;

static void
read_log (const char *path, Log *log)
{
  g_autofree char *text = NULL;
  g_auto (GStrv) lines = NULL;

  memset (log, 0, sizeof *log);
  log->last_c = -1;
  log->last_h = -1;
  log->since = g_ptr_array_new_with_free_func (g_free);
  if (!g_file_get_contents (path, &text, NULL, NULL))
    return;
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i]; i++)
    {
      const char *l = lines[i];

      if (g_str_has_prefix (l, "P "))
        {
          g_free (log->last_p);
          log->last_p = g_strdup (l + 2);
          g_ptr_array_add (log->since, g_strdup (l + 2));
          log->in_save = TRUE;
          log->n_saves++;
        }
      else if (g_str_equal (l, "D"))
        {
          log->in_save = FALSE;
          g_free (log->last_done);
          log->last_done = g_strdup (log->last_p);
          g_ptr_array_set_size (log->since, 0);
        }
      else if (g_str_has_prefix (l, "C "))
        log->last_c = g_ascii_strtoll (l + 2, NULL, 10);
      else if (g_str_has_prefix (l, "H "))
        log->last_h = g_ascii_strtoll (l + 2, NULL, 10);
    }
}

static void
log_clear (Log *log)
{
  g_free (log->last_p);
  g_free (log->last_done);
  g_clear_pointer (&log->since, g_ptr_array_unref);
}

static guint
total_played (const FeltStats *stats)
{
  guint total = 0;

  for (guint i = 0; i < FELT_N_GAMES; i++)
    total += stats->games[i].played;
  return total;
}

static guint
count_temporary (const char *dir)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  guint n = 0;

  while (d && (name = g_dir_read_name (d)))
    if (strstr (name, ".tmp-"))
      n++;
    else if (!g_str_equal (name, "game.ini") && !g_str_equal (name, "statistics.ini") &&
             !g_str_equal (name, "history.tsv") && !g_str_equal (name, "last-game.ini") &&
             !g_str_has_suffix (name, ".lock"))
      fail_msg ("unexpected file in the data folder: %s", name);
  return n;
}


/* Runs the driver's crash loop on deal `kill_no` and kills it after a
 * random while: from before the first save to dozens of saves in. */
static void
run_and_kill (const char *driver, const char *log_path, const char *err_path, GRand *rand, guint kill_no)
{
  g_autofree char *seed = g_strdup_printf ("%u", kill_no);
  pid_t pid;
  int status;

  pid = fork ();
  assert_true (pid >= 0);
  if (pid == 0)
    {
      int fd = open (err_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);

      dup2 (fd, 2);
      execl (driver, driver, "crash", log_path, seed, (char *) NULL);
      _exit (127);
    }
  g_usleep (g_rand_int_range (rand, 500, 80000));
  kill (pid, SIGKILL);
  assert_int_equal (waitpid (pid, &status, 0), pid);
  if (!WIFSIGNALED (status) || WTERMSIG (status) != SIGKILL)
    {
      g_autofree char *errors = NULL;

      g_file_get_contents (err_path, &errors, NULL, NULL);
      fail_msg ("run %u of the driver ended by itself (status %d):\n%s", kill_no, status, errors);
    }
}

/* What the kills found of the saved game. */
typedef struct {
  guint at_last, at_before, no_file_yet;
} GameTally;

/* The saved game: whole, and where the driver left it. */
static void
check_saved_game (const char *game_path, const Log *log, guint kill_no, GameTally *tally)
{
  g_autofree char *text = NULL;
  g_autoptr (FeltSession) session = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *where = NULL;
  gsize length;
  gint64 elapsed;

  if (!g_file_get_contents (game_path, &text, &length, NULL))
    {
      /* Only before the first save has ended (each of several runs may
       * have been killed inside its first save). */
      if (log->last_done)
        fail_msg ("kill %u: no saved game after %u saves, one of them ended", kill_no, log->n_saves);
      tally->no_file_yet++;
      return;
    }
  session = felt_saved_game_from_data (text, length, &elapsed, &error);
  if (session == NULL)
    fail_msg ("kill %u: the saved game is damaged: %s\n%s", kill_no, error->message, text);
  where = fault_position_key (session);
  if (log->last_p && g_str_equal (where, log->last_p))
    tally->at_last++;
  else if ((log->last_done && g_str_equal (where, log->last_done)) ||
           g_ptr_array_find_with_equal_func (log->since, where, g_str_equal, NULL))
    tally->at_before++;
  else
    fail_msg ("kill %u: the saved game is at %s; the last save begun: %s, the last ended: %s", kill_no,
              where, log->last_p, log->last_done);
}

/* The statistics: whole, never down.  Returns the games played. */
static guint
check_statistics (const char *stats_path, const Log *log, guint kill_no, guint previous_played)
{
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  FeltStats stats = { 0 };
  gsize length;
  guint played = 0;

  if (g_file_get_contents (stats_path, &text, &length, NULL))
    {
      if (!felt_stats_from_data (&stats, text, length, &error))
        fail_msg ("kill %u: the statistics are damaged: %s\n%s", kill_no, error->message, text);
      played = total_played (&stats);
    }
  if (played < previous_played)
    fail_msg ("kill %u: the statistics went down from %u to %u", kill_no, previous_played, played);
  if (log->last_c >= 0 && (played > log->last_c || played + 1 < log->last_c))
    fail_msg ("kill %u: %u games counted; the last count begun: %" G_GINT64_FORMAT, kill_no, played,
              log->last_c);
  return played;
}

/* The history: whole, never shorter.  Returns its games. */
static guint
check_history (const char *history_path, const Log *log, guint kill_no, guint previous_games)
{
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (FeltHistory) history = NULL;
  gsize length;
  guint games = 0;

  if (g_file_get_contents (history_path, &text, &length, NULL))
    {
      history = felt_history_from_data (text, length, &error);
      if (history == NULL)
        fail_msg ("kill %u: the history is damaged: %s\n%s", kill_no, error->message, text);
      games = history->entries->len;
    }
  if (games < previous_games)
    fail_msg ("kill %u: the history went down from %u to %u games", kill_no, previous_games, games);
  if (log->last_h >= 0 && (games > log->last_h || games + 1 < log->last_h))
    fail_msg ("kill %u: %u games in the history; the last record begun: %" G_GINT64_FORMAT, kill_no, games,
              log->last_h);
  return games;
}

/* The last game: whole once there is one (the driver's next run stops
 * at a damaged one too).  Returns whether there is one. */
static gboolean
check_last_game (const char *last_path, guint kill_no)
{
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (FeltLastGame) game = NULL;
  gsize length;

  if (!g_file_get_contents (last_path, &text, &length, NULL))
    return FALSE;
  game = felt_last_game_from_data (text, length, &error);
  if (game == NULL)
    fail_msg ("kill %u: the last game is damaged: %s\n%s", kill_no, error->message, text);
  return TRUE;
}

static void
test_kill_while_saving (void **state)
{
  const char *driver = g_getenv ("FELT_FAULT_DRIVER");
  g_autofree char *root = felt_test_make_dir ("felt-test-crash", NULL);
  g_autofree char *data = g_build_filename (root, "felt", NULL);
  g_autofree char *log_path = g_build_filename (root, "log", NULL);
  g_autofree char *err_path = g_build_filename (root, "stderr", NULL);
  g_autofree char *game_path = g_build_filename (data, "game.ini", NULL);
  g_autofree char *stats_path = g_build_filename (data, "statistics.ini", NULL);
  g_autofree char *history_path = g_build_filename (data, "history.tsv", NULL);
  g_autofree char *last_path = g_build_filename (data, "last-game.ini", NULL);
  g_autoptr (GRand) rand = g_rand_new_with_seed (20261201);
  guint previous_games = 0, previous_played = 0, in_save = 0, last_games = 0;
  GameTally tally = { 0 };
  Log log = { 0 };

  assert_non_null (driver);
  assert_non_null (root);
  g_setenv ("FELT_DATA_DIR", data, TRUE);

  for (guint kill_no = 0; kill_no < KILLS; kill_no++)
    {
      run_and_kill (driver, log_path, err_path, rand, kill_no);
      log_clear (&log);
      read_log (log_path, &log);
      in_save += log.in_save;

      check_saved_game (game_path, &log, kill_no, &tally);
      previous_played = check_statistics (stats_path, &log, kill_no, previous_played);
      previous_games = check_history (history_path, &log, kill_no, previous_games);
      last_games += check_last_game (last_path, kill_no);
      if (count_temporary (data) > 1)
        fail_msg ("kill %u: temporary files pile up", kill_no);
    }

  printf ("%u kills: %u inside a save, %u saves begun; the saved game was at the last save begun %u times, "
          "at an earlier one %u times, not yet saved %u times; %u games counted, %u in the history; a last game "
          "after %u kills\n",
          KILLS, in_save, log.n_saves, tally.at_last, tally.at_before, tally.no_file_yet, previous_played,
          previous_games, last_games);
  /* The kills did land inside saves and between them. */
  assert_true (in_save > 0);
  assert_true (tally.at_last > 0);
  assert_true (previous_played > 0);
  /* The history is written after the statistics: a kill between the two
   * leaves a game out of it (two files are not written as one), so it
   * may hold fewer, but never more. */
  assert_true (previous_games <= previous_played);
  log_clear (&log);
  felt_test_remove_dir (root);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_kill_while_saving),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
