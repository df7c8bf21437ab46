/* test-history.c: the history of games (felt-history.h) with real files
 * and no display: its text both ways, the bound and the exact totals,
 * a damaged file kept aside, one from a newer Felt or one Felt may not
 * read left untouched, a read-only folder, two processes finishing
 * games at once.  The faults of every file call and kill -9 while
 * writing are in test-faults.c and test-crash.c, as the statistics'.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/fsuid.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>
#include <glib/gstdio.h>

#include "felt-history.h"
#include "felt-saved-game.h"
#include "felt-solver.h"
#include "felt-store.h"
#include "felt-test-util.h"

static char *root;
static char *data;

static int
setup (void **state)
{
  felt_test_open_data_dir ("felt-test-history", &root, &data);
  return 0;
}

static int
teardown (void **state)
{
  felt_test_close_data_dir (&root, &data);
  return 0;
}


static char *
path (const char *name)
{
  return g_build_filename (data, name, NULL);
}

static void
put (const char *name, const char *text)
{
  g_autofree char *p = path (name);

  assert_true (g_file_set_contents (p, text, -1, NULL));
}

static char *
on_disk (const char *name)
{
  g_autofree char *p = path (name);
  char *text = NULL;

  if (!g_file_get_contents (p, &text, NULL, NULL))
    return NULL;
  return text;
}

static FeltHistoryEntry
game (FeltGameId id, guint32 deal, FeltHistoryResult result)
{
  return (FeltHistoryEntry) {
    .finished = 1796529600 + deal,   /* 2026-12-06 */
    .game = id,
    .deal = deal,
    .result = result,
    .time_ms = 60000 + deal,
    .moves = 80,
    .difficulty = FELT_DIFFICULTY_MEDIUM,
  };
}

static FeltHistory *
history_on_disk (void)
{
  g_autofree char *text = on_disk ("history.tsv");
  g_autoptr (GError) error = NULL;
  FeltHistory *history;

  assert_non_null (text);
  history = felt_history_from_data (text, strlen (text), &error);
  if (history == NULL)
    fail_msg ("%s\n%s", error->message, text);
  return history;
}

/* ---- the text ---------------------------------------------------------------------------- */

static void
test_text (void **state)
{
  g_autoptr (FeltHistory) h = felt_history_new ();
  g_autoptr (FeltHistory) back = NULL;
  g_autoptr (GError) error = NULL;
  FeltHistoryEntry won = game (FELT_GAME_CRUEL, 1234, FELT_HISTORY_WON);
  FeltHistoryEntry demo = game (FELT_GAME_BACKBONE, 7, FELT_HISTORY_GIVEN_UP);
  g_autofree char *text = NULL;
  gsize length;

  demo.demo = TRUE;
  demo.difficulty = FELT_DIFFICULTY_UNKNOWN;
  felt_history_add (h, &won);
  felt_history_add (h, &demo);
  h->older[FELT_GAME_CRUEL] = (FeltHistoryOlder) { 10, 4 };
  text = felt_history_to_data (h, &length);
  assert_string_equal (text,
                       "Felt history\t1\n"
                       "older\tcruel\t10\t4\n"
                       "2026-12-06T04:20:34Z\tcruel\t1234\twon\t61234\t80\tmedium\t-\n"
                       "2026-12-06T04:00:07Z\tbackbone\t7\tgiven-up\t60007\t80\tunknown\tdemo\n");
  back = felt_history_from_data (text, length, &error);
  assert_null (error);
  assert_int_equal (back->entries->len, 2);
  assert_memory_equal (&g_array_index (back->entries, FeltHistoryEntry, 0), &won, sizeof won);
  assert_memory_equal (&g_array_index (back->entries, FeltHistoryEntry, 1), &demo, sizeof demo);
  assert_int_equal (back->older[FELT_GAME_CRUEL].played, 10);
  {
    guint played, wins;

    /* the demo's game is not the player's */
    felt_history_totals (back, FELT_GAME_CRUEL, &played, &wins);
    assert_int_equal (played, 11);
    assert_int_equal (wins, 5);
    felt_history_totals (back, FELT_GAME_BACKBONE, &played, &wins);
    assert_int_equal (played, 0);
  }

  /* damage of every kind is damage, not a history */
  {
    static const char *const bad[] = {
      "",
      "Felt history\t1",                                   /* cut short */
      "Felt history\t1\n2026-12-06T04:40:34Z\tcruel\t1234\twon\t61234\t80\tmedium\n",
      "Felt history\t1\n2026-12-06T04:40:34Z\tcruel\t1234\twin\t61234\t80\tmedium\t-\n",
      "Felt history\t1\n2026-13-06T04:40:34Z\tcruel\t1234\twon\t61234\t80\tmedium\t-\n",
      "Felt history\t1\n2026-12-06T04:40:34Z\tpoker\t1234\twon\t61234\t80\tmedium\t-\n",
      "Felt history\t1\n2026-12-06T04:40:34Z\tcruel\t-1\twon\t61234\t80\tmedium\t-\n",
      "Felt history\t1\n2026-12-06T04:40:34Z\tcruel\t1\twon\t61234\t80\tmedium\thelp\n",
      "Felt history\t1\nolder\tcruel\t3\t4\n",            /* more won than played */
      "Felt history\t1\nolder\tcruel\t3\t1\nolder\tcruel\t3\t1\n",
      "Felt history\t1\n2026-12-06T04:40:34Z\tcru\xffl\t1\twon\t61234\t80\tmedium\t-\n",
      "Felt statistics\t1\n",
    };
    for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
      {
        g_autoptr (GError) e = NULL;
        assert_null (felt_history_from_data (bad[i], strlen (bad[i]), &e));
        assert_true (g_error_matches (e, FELT_SAVE_ERROR, FELT_SAVE_ERROR_CORRUPT));
      }
  }
  /* A year before 1000 (only by hand or damage) is written back with four
   * digits, which read again: %Y wrote "891-12-06", and the next start
   * set the whole history aside as damaged. */
  for (int year = 1; year < 2000; year += 890)
    {
      g_autoptr (GDateTime) when = g_date_time_new_utc (year, 12, 6, 4, 20, 34);
      g_autoptr (FeltHistory) old = felt_history_new ();
      g_autoptr (FeltHistory) again = NULL;
      g_autoptr (GError) e = NULL;
      FeltHistoryEntry entry = game (FELT_GAME_HOPSCOTCH, 1, FELT_HISTORY_LOST);
      g_autofree char *old_text = NULL;
      g_autofree char *want = g_strdup_printf ("%04d-12-06T04:20:34Z\t", year);

      entry.finished = g_date_time_to_unix (when);
      felt_history_add (old, &entry);
      old_text = felt_history_to_data (old, NULL);
      if (strstr (old_text, want) == NULL)
        fail_msg ("%d written as\n%s", year, old_text);
      again = felt_history_from_data (old_text, strlen (old_text), &e);
      if (again == NULL)
        fail_msg ("%d: %s\n%s", year, e->message, old_text);
      assert_int_equal (g_array_index (again->entries, FeltHistoryEntry, 0).finished, entry.finished);
    }
  /* a newer format is not damage */
  {
    g_autoptr (GError) e = NULL;
    assert_null (felt_history_from_data ("Felt history\t2\nanything\n", 24, &e));
    assert_true (g_error_matches (e, FELT_SAVE_ERROR, FELT_SAVE_ERROR_VERSION));
  }
}

/* Past the bound the oldest games go; their totals stay, exact. */
static void
test_bound (void **state)
{
  g_autoptr (FeltHistory) h = felt_history_new ();
  g_autoptr (FeltHistory) back = NULL;
  g_autofree char *text = NULL;
  guint played, won;
  gsize length;

  for (guint i = 0; i < FELT_HISTORY_MAX_GAMES + 250; i++)
    {
      FeltHistoryEntry e = game (i % 2 ? FELT_GAME_CRUEL : FELT_GAME_SCUFFLE, i, i % 3 ? FELT_HISTORY_LOST
                                                                                      : FELT_HISTORY_WON);
      e.demo = i % 10 == 9;
      felt_history_add (h, &e);
    }
  assert_int_equal (h->entries->len, FELT_HISTORY_MAX_GAMES);
  assert_int_equal (g_array_index (h->entries, FeltHistoryEntry, 0).deal, 250);
  text = felt_history_to_data (h, &length);
  back = felt_history_from_data (text, length, NULL);
  assert_non_null (back);
  /* Count by hand: Cruel is the odd deals, a win every third, no demo
   * ninth of ten. */
  {
    guint expect_played = 0, expect_won = 0;
    for (guint i = 0; i < FELT_HISTORY_MAX_GAMES + 250; i++)
      if (i % 2 && i % 10 != 9)
        {
          expect_played++;
          expect_won += i % 3 == 0;
        }
    felt_history_totals (back, FELT_GAME_CRUEL, &played, &won);
    assert_int_equal (played, expect_played);
    assert_int_equal (won, expect_won);
  }
  /* the latest 50 of the player's Cruel games, the oldest first */
  {
    g_autoptr (GPtrArray) last = felt_history_player_games (back, FELT_GAME_CRUEL, 50);
    assert_int_equal (last->len, 50);
    assert_int_equal (((FeltHistoryEntry *) last->pdata[49])->deal, FELT_HISTORY_MAX_GAMES + 247);
    for (guint i = 1; i < last->len; i++)
      assert_true (((FeltHistoryEntry *) last->pdata[i - 1])->deal < ((FeltHistoryEntry *) last->pdata[i])->deal);
  }
  /* a given-up game taken back: the latest of its deal */
  {
    FeltHistoryEntry gu = game (FELT_GAME_CRUEL, 5, FELT_HISTORY_GIVEN_UP);
    guint n = back->entries->len;

    felt_history_add (back, &gu);
    assert_false (felt_history_retract (back, FELT_GAME_CRUEL, 6));
    assert_true (felt_history_retract (back, FELT_GAME_CRUEL, 5));
    /* the oldest game made room for it and stays gone */
    assert_int_equal (back->entries->len, n - 1);
  }
}

/* ---- the file ---------------------------------------------------------------------------- */

static void
assert_folder (const char *const *names)
{
  g_autoptr (GDir) d = g_dir_open (data, 0, NULL);
  const char *name;
  guint n = 0;

  while ((name = g_dir_read_name (d)))
    {
      if (g_str_has_suffix (name, ".lock"))
        continue;
      if (!g_strv_contains (names, name))
        fail_msg ("in the data folder: %s", name);
      n++;
    }
  assert_int_equal (n, g_strv_length ((char **) names));
}

static void
test_file (void **state)
{
  g_autoptr (FeltHistoryFile) file = felt_history_file_new ();
  FeltHistoryEntry e = game (FELT_GAME_HOPSCOTCH, 3, FELT_HISTORY_WON);

  /* none yet: nothing said, the first game makes it */
  assert_null (felt_history_file_load (file));
  assert_null (felt_history_file_get_problem (file));
  assert_true (felt_history_file_record (file, &e));
  {
    g_autoptr (FeltHistory) h = history_on_disk ();
    assert_int_equal (h->entries->len, 1);
  }
  assert_true (felt_history_file_clear (file));
  {
    g_autoptr (FeltHistory) h = history_on_disk ();
    assert_int_equal (h->entries->len, 0);
  }
  assert_folder ((const char *[]) { "history.tsv", NULL });
}

/* Damaged: kept aside as history.tsv.corrupt, the player told once, and
 * a new history begun. */
static void
test_damaged (void **state)
{
  g_autoptr (FeltHistoryFile) file = felt_history_file_new ();
  g_autofree char *told = NULL, *kept = NULL;
  FeltHistoryEntry e = game (FELT_GAME_CRUEL, 9, FELT_HISTORY_LOST);

  put ("history.tsv", "Felt history\t1\nnonsense\n");
  told = felt_history_file_load (file);
  assert_non_null (told);
  assert_non_null (strstr (told, "history.tsv.corrupt"));
  kept = on_disk ("history.tsv.corrupt");
  assert_string_equal (kept, "Felt history\t1\nnonsense\n");
  assert_true (felt_history_file_record (file, &e));
  {
    g_autoptr (FeltHistory) h = history_on_disk ();
    assert_int_equal (h->entries->len, 1);
  }
  assert_folder ((const char *[]) { "history.tsv", "history.tsv.corrupt", NULL });
}

/* A newer Felt's: never written, the games wait in memory. */
static void
test_newer (void **state)
{
  g_autoptr (FeltHistoryFile) file = felt_history_file_new ();
  g_autofree char *after = NULL;
  FeltHistoryEntry e = game (FELT_GAME_CRUEL, 9, FELT_HISTORY_WON);
  static const char newer[] = "Felt history\t2\nwhatever the future holds\n";

  put ("history.tsv", newer);
  assert_null (felt_history_file_load (file));
  assert_non_null (strstr (felt_history_file_get_problem (file), "newer version of Felt"));
  assert_false (felt_history_file_record (file, &e));
  assert_int_equal (felt_history_file_get (file)->entries->len, 1);
  after = on_disk ("history.tsv");
  assert_string_equal (after, newer);
  assert_folder ((const char *[]) { "history.tsv", NULL });
}

/* One Felt may not read: left as it is until it can be read, then this
 * run's games are added to it. */
static void
test_unreadable (void **state)
{
  g_autoptr (FeltHistoryFile) file = felt_history_file_new ();
  g_autoptr (FeltHistory) before = felt_history_new ();
  g_autofree char *text = NULL, *p = path ("history.tsv"), *after = NULL;
  FeltHistoryEntry e = game (FELT_GAME_CRUEL, 9, FELT_HISTORY_WON);

  for (guint i = 0; i < 3; i++)
    {
      FeltHistoryEntry old = game (FELT_GAME_SCUFFLE, i, FELT_HISTORY_LOST);
      felt_history_add (before, &old);
    }
  text = felt_history_to_data (before, NULL);
  put ("history.tsv", text);
  assert_int_equal (chmod (p, 0), 0);
  felt_test_become_other ();
  assert_null (felt_history_file_load (file));
  assert_non_null (strstr (felt_history_file_get_problem (file), "permission denied"));
  assert_false (felt_history_file_record (file, &e));
  felt_test_become_self ();
  after = on_disk ("history.tsv");
  assert_string_equal (after, text);
  /* readable again: the 3 and this run's 1 */
  assert_int_equal (chmod (p, 0644), 0);
  felt_test_become_other ();
  assert_true (felt_history_file_save (file));
  felt_test_become_self ();
  assert_null (felt_history_file_get_problem (file));
  {
    g_autoptr (FeltHistory) h = history_on_disk ();
    assert_int_equal (h->entries->len, 4);
  }
}

/* A read-only folder: the old file whole, the player told why, the game
 * saved once the folder can be written again. */
static void
test_read_only (void **state)
{
  g_autoptr (FeltHistoryFile) file = felt_history_file_new ();
  FeltHistoryEntry e = game (FELT_GAME_CRUEL, 9, FELT_HISTORY_WON);

  assert_null (felt_history_file_load (file));
  assert_int_equal (chmod (data, 0555), 0);
  felt_test_become_other ();
  assert_false (felt_history_file_record (file, &e));
  felt_test_become_self ();
  assert_non_null (strstr (felt_history_file_get_problem (file), "history of games"));
  assert_int_equal (chmod (data, 0777), 0);
  assert_true (felt_history_file_save (file));
  assert_null (felt_history_file_get_problem (file));
  {
    g_autoptr (FeltHistory) h = history_on_disk ();
    assert_int_equal (h->entries->len, 1);
  }
}

/* Two Felts finishing games at once: every game of both is in the file. */
#define ROUNDS 150

static void
test_two_processes (void **state)
{
  pid_t children[2];

  for (int c = 0; c < 2; c++)
    {
      children[c] = fork ();
      assert_true (children[c] >= 0);
      if (children[c] == 0)
        {
          FeltHistoryFile *file = felt_history_file_new ();
          gboolean ok = felt_history_file_load (file) == NULL;

          for (int i = 0; i < ROUNDS; i++)
            {
              FeltHistoryEntry e = game (c ? FELT_GAME_CRUEL : FELT_GAME_SCUFFLE, (guint32) i,
                                         i % 3 ? FELT_HISTORY_LOST : FELT_HISTORY_WON);
              felt_history_file_record (file, &e);
              ok &= felt_history_file_is_waiting (file) || felt_history_file_get_problem (file) == NULL;
              g_usleep (1000);
            }
          for (int i = 0; i < 5000 && !felt_history_file_save (file); i++)
            g_usleep (1000);
          ok &= !felt_history_file_is_waiting (file) && felt_history_file_get_problem (file) == NULL;
          felt_history_file_free (file);
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
    g_autoptr (FeltHistory) h = history_on_disk ();
    guint played, won;

    assert_int_equal (h->entries->len, 2 * ROUNDS);
    felt_history_totals (h, FELT_GAME_CRUEL, &played, &won);
    assert_int_equal (played, ROUNDS);
    assert_int_equal (won, ROUNDS / 3);
    /* each process's games in its own order */
    for (guint c = 0; c < 2; c++)
      {
        g_autoptr (GPtrArray) games = felt_history_player_games (h, c ? FELT_GAME_CRUEL : FELT_GAME_SCUFFLE, 0);
        for (guint i = 0; i < games->len; i++)
          assert_int_equal (((FeltHistoryEntry *) games->pdata[i])->deal, i);
      }
  }
  assert_folder ((const char *[]) { "history.tsv", NULL });
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_text),
    cmocka_unit_test (test_bound),
    cmocka_unit_test_setup_teardown (test_file, setup, teardown),
    cmocka_unit_test_setup_teardown (test_damaged, setup, teardown),
    cmocka_unit_test_setup_teardown (test_newer, setup, teardown),
    cmocka_unit_test_setup_teardown (test_unreadable, setup, teardown),
    cmocka_unit_test_setup_teardown (test_read_only, setup, teardown),
    cmocka_unit_test_setup_teardown (test_two_processes, setup, teardown),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
