/* test-solver-deals-cli.c: felt-cli's solve and survey commands on whole
 * deals: the line replays through felt-cli play, the difficulty line,
 * the errors; survey's files: two threads give the records of one, a
 * rerun resumes after an interrupted line without redoing a deal, shards
 * merge into the counts of the whole, and files of another survey are
 * refused.  Part of the test-solver-deals program (test-solver-deals.c).
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "test-solver-deals.h"

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/wait.h>
#include <unistd.h>

#include "felt-cli.h"
#include "felt-session.h"
#include "felt-solver.h"

/* ---- felt-cli solve and survey ------------------------------------------------ */

static int
run_cli (const char *const *args, char **out, char **err)
{
  const char *cli = g_getenv ("FELT_CLI");
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  int status = 0;

  if (cli == NULL)
    fail_msg ("FELT_CLI is not set: run the tests through meson test");
  g_ptr_array_add (argv, (gpointer) cli);
  for (guint i = 0; args[i]; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  if (!g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL, out, err,
                     &status, &error))
    fail_msg ("cannot run %s: %s", cli, error->message);
  if (WIFEXITED (status))
    return WEXITSTATUS (status);
  return -1;
}

void
test_cli_solve_replays (void **unused)
{
  const char *games[] = { "cruel", "straight-up", "hopscotch", "scuffle" };
  const guint32 seeds[] = { 1, 2, 3, 1 };

  for (guint g = 0; g < G_N_ELEMENTS (games); g++)
    {
      g_autofree char *seed = g_strdup_printf ("%u", seeds[g]);
      const char *args[] = { "solve", games[g], "--seed", seed, NULL };
      g_autofree char *out = NULL, *err = NULL;
      g_auto (GStrv) lines = NULL;
      g_autoptr (FeltSession) session = felt_session_new (felt_game_lookup (games[g]), seeds[g]);
      guint i = 4;

      assert_int_equal (run_cli (args, &out, &err), 0);
      lines = g_strsplit (out, "\n", -1);
      assert_string_equal (lines[0], "verdict: winnable");
      assert_true (g_str_has_prefix (lines[1], "nodes: "));
      assert_true (g_str_has_prefix (lines[2], "time: ") && g_str_has_suffix (lines[2], " s"));
      if (g_str_equal (games[g], "scuffle"))
        assert_true (g_str_has_prefix (lines[i - 1], "win chance: "));
      else
        i = 3;
      /* The difficulty of a winnable deal, with its figure. */
      if (!g_regex_match_simple ("^difficulty: (easy|medium|hard) \\([0-9]+\\)$", lines[i], 0, 0))
        fail_msg ("%s: “%s”", games[g], lines[i]);
      i++;
      assert_string_equal (lines[i], "line:");
      /* The line, fed to the play protocol, wins. */
      for (i++; lines[i] && lines[i][0]; i++)
        {
          g_autofree char *answer = felt_cli_command (session, lines[i]);
          if (!g_str_equal (answer, "ok"))
            fail_msg ("%s: “%s” -> %s", games[g], lines[i], answer);
        }
      assert_true (felt_state_is_won (felt_session_get_state (session)));
      {
        g_autofree char *state = felt_cli_command (session, "state");
        assert_non_null (strstr (state, "\"won\":true"));
      }
    }
}

void
test_cli_solve_lost (void **unused)
{
  const char *args[] = { "solve", "cruel", "--seed", "9", NULL };
  g_autofree char *out = NULL, *err = NULL;

  assert_int_equal (run_cli (args, &out, &err), 0);
  assert_true (g_str_has_prefix (out, "verdict: lost\nnodes: "));
  assert_null (strstr (out, "line:"));
}

/* --budget-ms: a deal decided in time keeps its verdict; one that needs
 * millions of positions (Cruel 20877, unknown even with the default
 * budget) is cut off by the clock. */
void
test_cli_time_limit (void **unused)
{
  const char *quick[] = { "solve", "cruel", "--seed", "9", "--budget-ms", "600000", NULL };
  const char *cut[] = { "solve", "cruel", "--seed", "20877", "--budget-ms", "1", NULL };
  const char *survey[] = { "survey", "straight-up", "--seeds", "1-5", "--budget-ms=600000", NULL };
  g_autofree char *out = NULL, *err = NULL;
  g_autofree char *out2 = NULL, *err2 = NULL;
  g_autofree char *out3 = NULL, *err3 = NULL;

  assert_int_equal (run_cli (quick, &out, &err), 0);
  assert_true (g_str_has_prefix (out, "verdict: lost\nnodes: "));
  assert_int_equal (run_cli (cut, &out2, &err2), 0);
  assert_true (g_str_has_prefix (out2, "verdict: unknown\nnodes: "));
  assert_int_equal (run_cli (survey, &out3, &err3), 0);
  assert_non_null (strstr (out3, "time limit: 600000 ms per deal\n"));
  assert_non_null (strstr (out3, "unknown: 0 (0.0%)\n"));
}

void
test_cli_survey (void **unused)
{
  const char *args[] = { "survey", "straight-up", "--seeds", "1-20", NULL };
  g_autofree char *out = NULL, *err = NULL;

  assert_int_equal (run_cli (args, &out, &err), 0);
  assert_non_null (strstr (out, "game: straight-up\n"));
  assert_non_null (strstr (out, "deals: 20 (1-20)\n"));
  assert_non_null (strstr (out, "won: "));
  assert_non_null (strstr (out, "lost: "));
  assert_non_null (strstr (out, "unknown: 0 (0.0%)\n"));
  assert_non_null (strstr (out, "decided within 10 ms: "));
  assert_non_null (strstr (out, "decided within 1 s: 20 (100.0%)\n"));
  assert_non_null (strstr (out, "mean time: "));
  assert_non_null (strstr (out, "decided within 3 s: 20 (100.0%)\n"));
  assert_non_null (strstr (out, "\ndifficulty: easy "));
  assert_non_null (strstr (out, ", impossible "));
  assert_non_null (strstr (out, "rated within 1 s: 20 (100.0%)\n"));
  assert_non_null (strstr (out, "max time: "));
  assert_non_null (strstr (out, ", failed: 0\n"));
}

/* ---- survey files: --jobs, --output, resuming, --merge -------------------- */

static int
compare_strings (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* The records of a survey file without their times (cpu, wall, rated-cpu:
 * the 4th, 5th and 8th fields), one string each, sorted by deal; checks
 * the header and that every line is a whole record. */
static GPtrArray *
survey_records (const char *dir, const char *name)
{
  g_autofree char *text = felt_test_read_file (dir, name);
  g_auto (GStrv) lines = NULL;
  GPtrArray *records = g_ptr_array_new_with_free_func (g_free);

  assert_non_null (text);
  assert_true (g_str_has_prefix (text, "# felt-cli survey\tgame=straight-up\tbudget=default\t"));
  assert_true (g_str_has_suffix (text, "\n"));
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] && lines[i][0]; i++)
    {
      g_auto (GStrv) f = NULL;
      if (lines[i][0] == '#')
        continue;
      f = g_strsplit (lines[i], "\t", -1);
      if (g_strv_length (f) != 11)
        fail_msg ("%s: “%s” is not a record", name, lines[i]);
      g_ptr_array_add (records, g_strdup_printf ("%08u %s %s %s %s %s %s %s", (guint) atoi (f[0]),
                                                 f[1], f[2], f[5], f[6], f[8], f[9], f[10]));
    }
  g_ptr_array_sort (records, compare_strings);
  return records;
}

static void
assert_same_records (GPtrArray *a, GPtrArray *b)
{
  assert_int_equal (a->len, b->len);
  for (guint i = 0; i < a->len; i++)
    assert_string_equal (g_ptr_array_index (a, i), g_ptr_array_index (b, i));
}

/* The lines of a summary that do not depend on the clock or the memory. */
static char *
summary_counts (const char *out)
{
  static const char *const keep[] = {
    "game: ", "budget: ", "won: ", "lost: ", "unknown: ", "lines replayed: ", "difficulty: ",
  };
  g_auto (GStrv) lines = g_strsplit (out, "\n", -1);
  GString *counts = g_string_new (NULL);

  for (guint i = 0; lines[i]; i++)
    for (guint k = 0; k < G_N_ELEMENTS (keep); k++)
      if (g_str_has_prefix (lines[i], keep[k]))
        g_string_append_printf (counts, "%s\n", lines[i]);
  return g_string_free (counts, FALSE);
}

static int
run_survey_file (const char *dir, const char *name, const char *seeds, const char *jobs,
                 const char *budget, char **out)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autofree char *err = NULL;
  const char *args[] = { "survey", "straight-up", "--seeds", seeds, "--jobs", jobs, "--output", path,
                         budget ? "--budget" : NULL, budget, NULL };

  return run_cli (args, out, &err);
}

/* One line on standard error, nothing on standard output, status 2. */
static void
assert_refused (const char *const *args)
{
  g_autofree char *out = NULL, *err = NULL;

  assert_int_equal (run_cli (args, &out, &err), 2);
  assert_string_equal (out, "");
  assert_true (g_str_has_prefix (err, "felt-cli: "));
  assert_true (strchr (err, '\n')[1] == '\0');
}

void
test_cli_survey_files (void **unused)
{
  g_autofree char *dir = felt_test_make_dir ("felt-survey", NULL);
  g_autofree char *one = NULL, *two = NULL, *resumed = NULL, *merged = NULL;
  g_autofree char *out = NULL, *c_path = g_build_filename (dir, "c", NULL);
  g_autofree char *a_path = g_build_filename (dir, "a", NULL), *a_text = NULL;
  g_autofree char *d_path = g_build_filename (dir, "d", NULL);
  g_autofree char *e_path = g_build_filename (dir, "e", NULL);
  g_autofree char *f_path = g_build_filename (dir, "f", NULL);
  g_autoptr (GPtrArray) a = NULL, b = NULL, c = NULL;
  g_autoptr (GString) cut = g_string_new (NULL);
  g_auto (GStrv) lines = NULL;
  g_autofree char *c_counts = NULL, *one_counts = NULL;

  /* Two threads: the same records and counts as one. */
  assert_int_equal (run_survey_file (dir, "a", "1-300", "1", NULL, &one), 0);
  assert_int_equal (run_survey_file (dir, "b", "1-300", "2", NULL, &two), 0);
  assert_non_null (strstr (one, "deals: 300 (1-300)\n"));
  one_counts = summary_counts (one);
  c_counts = summary_counts (two);
  assert_string_equal (c_counts, one_counts);
  a = survey_records (dir, "a");
  b = survey_records (dir, "b");
  assert_int_equal (a->len, 300);
  assert_same_records (a, b);

  /* Resuming: the header, the first 100 records (deal 5's positions
   * changed to 7, so a deal redone would show) and half of the 101st,
   * as an interrupted write leaves it. */
  assert_true (g_file_get_contents (a_path, &a_text, NULL, NULL));
  lines = g_strsplit (a_text, "\n", -1);
  for (guint i = 0; i < 102; i++)
    {
      if (g_str_has_prefix (lines[i], "5\t"))
        {
          g_auto (GStrv) f = g_strsplit (lines[i], "\t", -1);
          g_free (f[2]);
          f[2] = g_strdup ("7");
          g_free (lines[i]);
          lines[i] = g_strjoinv ("\t", f);
        }
      g_string_append_printf (cut, "%s\n", lines[i]);
    }
  g_string_append_len (cut, lines[102], (gssize) strlen (lines[102]) / 2);
  assert_true (g_file_set_contents (c_path, cut->str, (gssize) cut->len, NULL));
  assert_int_equal (run_survey_file (dir, "c", "1-300", "2", NULL, &resumed), 0);
  c = survey_records (dir, "c");
  assert_int_equal (c->len, 300);
  for (guint i = 0; i < 300; i++)
    if (i == 4)
      assert_true (g_str_has_prefix (g_ptr_array_index (c, i), "00000005 lost 7 ") ||
                   g_str_has_prefix (g_ptr_array_index (c, i), "00000005 winnable 7 "));
    else
      assert_string_equal (g_ptr_array_index (c, i), g_ptr_array_index (a, i));
  g_free (c_counts);
  c_counts = summary_counts (resumed);
  assert_string_equal (c_counts, one_counts);

  /* Two shards merged: the counts of the whole. */
  assert_int_equal (run_survey_file (dir, "d", "1-150", "2", NULL, &out), 0);
  g_clear_pointer (&out, g_free);
  assert_int_equal (run_survey_file (dir, "e", "151-300", "2", NULL, &out), 0);
  g_clear_pointer (&out, g_free);
  {
    const char *args[] = { "survey", "--merge", d_path, e_path, NULL };
    g_autofree char *err = NULL;
    assert_int_equal (run_cli (args, &merged, &err), 0);
    assert_string_equal (err, "");
  }
  g_free (c_counts);
  c_counts = summary_counts (merged);
  assert_string_equal (c_counts, one_counts);
  assert_non_null (strstr (merged, "deals: 300 (1-300)\n"));
  assert_non_null (strstr (merged, "files: 2\n"));

  /* Refused: a file of another budget, to merge or to resume; a deal in
   * two files; a file another survey is writing. */
  assert_int_equal (run_survey_file (dir, "f", "301-310", "1", "1000", &out), 0);
  {
    const char *other_budget[] = { "survey", "--merge", a_path, f_path, NULL };
    const char *resume_other[] = { "survey", "straight-up", "--seeds", "1-310", "--output", f_path, NULL };
    const char *twice[] = { "survey", "--merge", a_path, d_path, NULL };
    const char *busy[] = { "survey", "straight-up", "--seeds", "1-310", "--output", a_path, NULL };
    g_autofree char *f_before = felt_test_read_file (dir, "f"), *f_after = NULL;
    int fd = open (a_path, O_RDONLY);
    assert_refused (other_budget);
    assert_refused (resume_other);
    assert_refused (twice);
    /* A file another survey holds (its lock, taken here). */
    assert_true (fd >= 0 && flock (fd, LOCK_EX) == 0);
    assert_refused (busy);
    close (fd);
    f_after = felt_test_read_file (dir, "f");
    assert_string_equal (f_after, f_before);
  }
  felt_test_remove_dir (dir);
}

void
test_cli_errors (void **unused)
{
  const char *const bad[][10] = {
    { "solve", NULL },
    { "solve", "cruel", NULL },
    { "solve", "freecell", "--seed", "1", NULL },
    { "solve", "cruel", "--seed", "x", NULL },
    { "solve", "cruel", "--seed", "1", "--budget", "0", NULL },
    { "solve", "cruel", "--seed", "1", "--budget", "-5", NULL },
    { "solve", "cruel", "--seed", "1", "--budget", NULL },
    { "solve", "cruel", "--seeds", "1-2", NULL },
    { "survey", "cruel", NULL },
    { "survey", "cruel", "--seeds", "5-1", NULL },
    { "survey", "cruel", "--seeds", "1-", NULL },
    { "survey", "cruel", "--seeds", "a-b", NULL },
    { "survey", "cruel", "--seeds", "1-4294967296", NULL },
    { "survey", "cruel", "--seeds", "1-2", "--budget", "0", NULL },
    { "survey", "cruel", "--seed", "1", NULL },
    { "survey", "nogame", "--seeds", "1-2", NULL },
    { "solve", "cruel", "--seed", "1", "--budget-ms", "0", NULL },
    { "solve", "cruel", "--seed", "1", "--budget-ms", "soon", NULL },
    { "solve", "cruel", "--seed", "1", "--budget-ms", NULL },
    { "solve", "cruel", "--seed", "1", "--budget-ms", "5", "--budget-ms", "6", NULL },
    { "survey", "cruel", "--seeds", "1-2", "--budget-ms", "-1", NULL },
    { "survey", "cruel", "--seeds", "1-2", "--jobs", "0", NULL },
    { "survey", "cruel", "--seeds", "1-2", "--jobs", "1025", NULL },
    { "survey", "cruel", "--seeds", "1-2", "--output", NULL },
    { "survey", "cruel", "--seeds", "1-2", "--output", "", NULL },
    { "solve", "cruel", "--seed", "1", "--jobs", "2", NULL },
    { "survey", "--merge", NULL },
    { "survey", "--merge", "/nonexistent/felt-survey", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *out = NULL, *err = NULL;
      int status = run_cli (bad[i], &out, &err);
      if (status != 2)
        fail_msg ("case %u (%s %s ...): exit status %d, expected 2", i, bad[i][0],
                  bad[i][1] ? bad[i][1] : "", status);
      assert_string_equal (out, "");
      /* One line naming what was wrong. */
      assert_true (g_str_has_prefix (err, "felt-cli: "));
      assert_non_null (strchr (err, '\n'));
      assert_true (strchr (err, '\n')[1] == '\0');
    }
}
