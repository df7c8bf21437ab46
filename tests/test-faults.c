/* test-faults.c: every file call of a load and a save fails once.
 *
 * tests/fault-driver loads the statistics, the history and the saved
 * game, plays a move, saves the game, counts a game and records it in the
 * history, through the real store code.
 * It runs under tests/fault-shim (LD_PRELOAD), which makes the Nth open,
 * read, write, fsync, rename or mkdir under the data folder fail with
 * EACCES, EIO, ENOSPC, EROFS, EISDIR or EDQUOT: every errno at every call
 * index, from a folder holding both files and from no folder at all; once
 * that call alone, and once that call and every later one of its kind (a
 * disk that stays full, a folder that stays read-only).
 *
 * After each run: each file is byte for byte what it was, or a complete
 * new version (the game one move further, the statistics and the history
 * one game more);
 * nothing else is left in the folder (no temporary file, nothing kept as
 * damaged); a file left as it was comes with a sentence for the player
 * that gives the reason; a file saved leaves no lasting problem.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>

#include <cmocka.h>
#include <glib/gstdio.h>

#include "felt-history.h"
#include "felt-saved-game.h"
#include "felt-test-util.h"
#include "felt-stats.h"
#include "felt-store.h"

typedef struct {
  const char *name;
  gboolean with_files;   /* both files there; else not even the folder */
} Scenario;

static const Scenario scenarios[] = {
  { "files", TRUE },
  { "no folder", FALSE },
};

static char *root;
static char *game_before;
static char *stats_before;
static char *history_before;
static guint n_injected;
static GHashTable *table;   /* outcome line -> count */

/* ---- files ---------------------------------------------------------------------- */


static char *
fault_dir (void)
{
  return g_build_filename (root, "home", NULL);
}

static char *
data_dir (void)
{
  return g_build_filename (root, "home", "share", "felt", NULL);
}

static void
prepare (const Scenario *scenario)
{
  g_autofree char *home = fault_dir ();
  g_autofree char *dir = data_dir ();

  felt_test_remove_dir (home);
  assert_int_equal (g_mkdir (home, 0700), 0);
  if (!scenario->with_files)
    return;
  assert_int_equal (g_mkdir_with_parents (dir, 0700), 0);
  {
    g_autofree char *g = g_build_filename (dir, "game.ini", NULL);
    g_autofree char *s = g_build_filename (dir, "statistics.ini", NULL);
    g_autofree char *h = g_build_filename (dir, "history.tsv", NULL);

    assert_true (g_file_set_contents (g, game_before, -1, NULL));
    assert_true (g_file_set_contents (s, stats_before, -1, NULL));
    assert_true (g_file_set_contents (h, history_before, -1, NULL));
  }
}

static guint
moves_of (const char *text)
{
  g_autoptr (FeltSession) session = NULL;
  gint64 elapsed;

  session = felt_saved_game_from_data (text, strlen (text), &elapsed, NULL);
  if (session == NULL)
    fail_msg ("the saved game is damaged:\n%s", text);
  return felt_session_get_n_moves (session);
}

static guint
played_of (const char *text)
{
  FeltStats stats;

  if (!felt_stats_from_data (&stats, text, strlen (text), NULL))
    fail_msg ("the statistics are damaged:\n%s", text);
  return stats.games[FELT_GAME_HOPSCOTCH].played;
}

static guint
games_of (const char *text)
{
  g_autoptr (FeltHistory) history = felt_history_from_data (text, strlen (text), NULL);

  if (history == NULL)
    fail_msg ("the history is damaged:\n%s", text);
  return history->entries->len;
}

/* ---- a run ---------------------------------------------------------------------- */

typedef struct {
  char *out;
  char *log;
} Run;

static void
run_clear (Run *run)
{
  g_clear_pointer (&run->out, g_free);
  g_clear_pointer (&run->log, g_free);
}

static void
run_driver (const char *call, const char *err, guint n, gboolean from, Run *run)
{
  g_autofree char *home = fault_dir ();
  g_autofree char *dir = data_dir ();
  g_autofree char *log = g_build_filename (root, "shim.log", NULL);
  g_autofree char *n_text = g_strdup_printf ("%u", n);
  g_autofree char *errors = NULL;
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) env = g_get_environ ();
  char *argv[] = { (char *) g_getenv ("FELT_FAULT_DRIVER"), (char *) "play", NULL };
  int status;

  g_unlink (log);
  env = g_environ_setenv (env, "FELT_DATA_DIR", dir, TRUE);
  env = g_environ_setenv (env, "LD_PRELOAD", g_getenv ("FELT_FAULT_SHIM"), TRUE);
  env = felt_test_env_for_shim (env);
  env = g_environ_setenv (env, "FELT_FAULT_DIR", home, TRUE);
  env = g_environ_setenv (env, "FELT_FAULT_LOG", log, TRUE);
  env = g_environ_setenv (env, "FELT_FAULT_CALL", call ? call : "", TRUE);
  env = g_environ_setenv (env, "FELT_FAULT_ERRNO", err ? err : "", TRUE);
  env = g_environ_setenv (env, "FELT_FAULT_N", n_text, TRUE);
  env = g_environ_setenv (env, "FELT_FAULT_FROM", from ? "1" : "", TRUE);
  if (!g_spawn_sync (NULL, argv, env, G_SPAWN_DEFAULT, NULL, NULL, &run->out, &errors, &status, &error))
    fail_msg ("cannot run %s: %s", argv[0], error->message);
  if (!WIFEXITED (status) || WEXITSTATUS (status) != 0)
    fail_msg ("fault-driver with %s %s at %u: status %d\n%s%s", call, err, n, status, run->out, errors);
  if (!g_file_get_contents (log, &run->log, NULL, NULL))
    fail_msg ("the shim wrote no log");
}

static guint
calls (const Run *run, const char *call)
{
  g_autofree char *key = g_strdup_printf ("calls %s ", call);
  const char *at = strstr (run->log, key);

  assert_non_null (at);
  return (guint) g_ascii_strtoull (at + strlen (key), NULL, 10);
}

/* Every line "PREFIX: text" of the driver's output, joined. */
static char *
lines (const Run *run, const char *prefix)
{
  g_auto (GStrv) all = g_strsplit (run->out, "\n", -1);
  g_autoptr (GString) out = g_string_new (NULL);

  for (guint i = 0; all[i]; i++)
    if (g_str_has_prefix (all[i], prefix))
      g_string_append_printf (out, "%s\n", all[i] + strlen (prefix));
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static gboolean
said (const Run *run, const char *what, int value)
{
  g_autofree char *key = g_strdup_printf ("%s %d\n", what, value);

  return strstr (run->out, key) != NULL;
}

/* What one file is afterwards; fails the test if it is damaged or lost. */
static const char *
check_file (const Scenario *scenario, const char *name, const char *before, guint (*count) (const char *),
            guint expected_new, const Run *run, const char *err_reason, const char *who)
{
  g_autofree char *dir = data_dir ();
  g_autofree char *after = felt_test_read_file (dir, name);
  g_autofree char *prefix = g_strdup_printf ("told %s: ", who);
  g_autofree char *told = lines (run, prefix);
  g_autofree char *saved_key = g_strdup_printf ("saved %s", who);
  gboolean unchanged;

  if (scenario->with_files && after == NULL)
    fail_msg ("%s was lost\n%s%s", name, run->log, run->out);
  unchanged = scenario->with_files ? g_str_equal (after, before) : after == NULL;
  if (unchanged)
    {
      /* Not saved: the player is told, with the reason. */
      if (strstr (told, err_reason) == NULL)
        fail_msg ("%s was not saved, and the player was not told why (%s)\n%s%s", name, err_reason, run->log,
                  run->out);
      if (said (run, saved_key, 1))
        fail_msg ("%s: \"saved\" but the file is as it was\n%s%s", name, run->log, run->out);
      return "kept as it was, told why";
    }
  if (count (after) != expected_new)
    fail_msg ("%s: a new version, but not the expected one\n%s\n%s%s", name, after, run->log, run->out);
  if (!said (run, saved_key, 1))
    fail_msg ("%s: saved, but the player was told it was not\n%s%s", name, run->log, run->out);
  return *told ? "new version, told of the fault at load" : "new version";
}

static void
check_folder (void)
{
  g_autofree char *dir = data_dir ();
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d && (name = g_dir_read_name (d)))
    if (!g_str_equal (name, "game.ini") && !g_str_equal (name, "statistics.ini") &&
        !g_str_equal (name, "history.tsv") && !g_str_has_suffix (name, ".lock"))
      fail_msg ("left in the data folder: %s", name);
}

static void
inject_all (const char *call, gboolean from)
{
  for (guint s = 0; s < G_N_ELEMENTS (scenarios); s++)
    {
      const Scenario *scenario = &scenarios[s];
      Run clean = { 0 };
      guint n_calls;

      prepare (scenario);
      run_driver (NULL, NULL, 0, FALSE, &clean);
      n_calls = calls (&clean, call);
      run_clear (&clean);
      /* Each kind of call happens in at least one of the two (mkdir
       * only when there is no folder, read only when there are files). */
      if (scenario->with_files ? !g_str_equal (call, "mkdir") : g_str_equal (call, "mkdir"))
        assert_true (n_calls >= 1);

      for (guint e = 0; e < FELT_TEST_N_ERRNOS; e++)
        for (guint n = 1; n <= n_calls; n++)
          {
            const char *reason = felt_store_reason (felt_test_errnos[e].value);
            Run run = { 0 };
            const char *game, *stats, *history;
            g_autofree char *key = NULL;

            prepare (scenario);
            run_driver (call, felt_test_errnos[e].name, n, from, &run);
            if (strstr (run.log, "injected ") == NULL)
              fail_msg ("no %s fault made at call %u of %u\n%s", call, n, n_calls, run.log);
            n_injected++;
            game = check_file (scenario, "game.ini", game_before, moves_of,
                               scenario->with_files ? moves_of (game_before) + 1 : 1, &run, reason, "game");
            stats = check_file (scenario, "statistics.ini", stats_before, played_of,
                                scenario->with_files ? played_of (stats_before) + 1 : 1, &run, reason, "stats");
            history = check_file (scenario, "history.tsv", history_before, games_of,
                                  scenario->with_files ? games_of (history_before) + 1 : 1, &run, reason, "history");
            check_folder ();
            key = g_strdup_printf ("%-6s %-4s %-9s | game: %-38s | statistics: %-38s | history: %s", call,
                                   from ? "on" : "once", scenario->name, game, stats, history);
            {
              guint seen = GPOINTER_TO_UINT (g_hash_table_lookup (table, key));
              g_hash_table_insert (table, g_steal_pointer (&key), GUINT_TO_POINTER (seen + 1));
            }
            run_clear (&run);
          }
    }
}

static void test_open (void **state) { inject_all ("open", FALSE); }
static void test_read (void **state) { inject_all ("read", FALSE); }
static void test_write (void **state) { inject_all ("write", FALSE); }
static void test_fsync (void **state) { inject_all ("fsync", FALSE); }
static void test_rename (void **state) { inject_all ("rename", FALSE); }
static void test_mkdir (void **state) { inject_all ("mkdir", FALSE); }
static void test_open_on (void **state) { inject_all ("open", TRUE); }
static void test_read_on (void **state) { inject_all ("read", TRUE); }
static void test_write_on (void **state) { inject_all ("write", TRUE); }
static void test_fsync_on (void **state) { inject_all ("fsync", TRUE); }
static void test_rename_on (void **state) { inject_all ("rename", TRUE); }
static void test_mkdir_on (void **state) { inject_all ("mkdir", TRUE); }

static int
setup (void **state)
{
  g_autoptr (FeltSession) session = felt_session_new (felt_game_get (FELT_GAME_HOPSCOTCH), 1);
  FeltStats stats = { 0 };
  FeltMove m[FELT_MAX_MOVES];
  gsize length;

  if (g_getenv ("FELT_FAULT_DRIVER") == NULL || g_getenv ("FELT_FAULT_SHIM") == NULL)
    return -1;
  root = felt_test_make_dir ("felt-test-faults", NULL);
  for (int i = 0; i < 3; i++)
    {
      if (felt_state_legal_moves (felt_session_get_state (session), m) == 0)
        m[0] = (FeltMove) { .stock = 1 };
      felt_session_play (session, &m[0]);
    }
  game_before = felt_saved_game_to_data (session, 42000, &length);
  for (int i = 0; i < 7; i++)
    felt_stats_record_loss (&stats, FELT_GAME_HOPSCOTCH);
  felt_stats_record_win (&stats, FELT_GAME_HOPSCOTCH, 90000, 120);
  stats_before = felt_stats_to_data (&stats, &length);
  {
    g_autoptr (FeltHistory) history = felt_history_new ();
    for (guint i = 0; i < 8; i++)
      {
        FeltHistoryEntry e = { 1796529600 + i, FELT_GAME_HOPSCOTCH, i, i == 7 ? FELT_HISTORY_WON : FELT_HISTORY_LOST,
                               90000, 120, -1, FALSE, FALSE };
        felt_history_add (history, &e);
      }
    history_before = felt_history_to_data (history, &length);
  }
  table = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  return 0;
}

static int
teardown (void **state)
{
  g_autoptr (GList) keys = g_hash_table_get_keys (table);

  /* The closing table of the issue: fault x file x what is on disk and
   * what the player is told. */
  keys = g_list_sort (keys, (GCompareFunc) strcmp);
  printf ("%u runs, each with a fault injected\n", n_injected);
  for (GList *l = keys; l; l = l->next)
    printf ("%4u  %s\n", GPOINTER_TO_UINT (g_hash_table_lookup (table, l->data)), (char *) l->data);
  felt_test_remove_dir (root);
  g_free (root);
  g_free (game_before);
  g_free (stats_before);
  g_free (history_before);
  g_hash_table_unref (table);
  return 0;
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_open),
    cmocka_unit_test (test_read),
    cmocka_unit_test (test_write),
    cmocka_unit_test (test_fsync),
    cmocka_unit_test (test_rename),
    cmocka_unit_test (test_mkdir),
    cmocka_unit_test (test_open_on),
    cmocka_unit_test (test_read_on),
    cmocka_unit_test (test_write_on),
    cmocka_unit_test (test_fsync_on),
    cmocka_unit_test (test_rename_on),
    cmocka_unit_test (test_mkdir_on),
  };

  return cmocka_run_group_tests (tests, setup, teardown);
}
