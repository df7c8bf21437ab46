/* test-play-files.c: the files of the game in play (FeltPlay,
 * src/play/felt-record.c), with no display: the saved game resumed exactly
 * and damaged files kept aside, unreadable statistics, a read-only
 * folder, files of a newer Felt and two processes on one folder.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "test-play.h"

#include "felt-test-util.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/wait.h>


/* ---- the saved game -------------------------------------------------------------------- */

/* A saved game in progress: Straight Up deal 5 after two deals. */
static const char good_game[] =
  "[Felt Game]\nformat=1\ngame=straight-up\nseed=5\nelapsed-ms=61000\nmoves=s s\nredo=\n";

/* Moved from test-app. */
static void
test_resume_exactly (void **unused)
{
  FeltPlay *play;
  FeltSession *session;

  write_file ("game.ini", good_game);
  play = felt_play_new ();
  assert_true (felt_play_resume (play));
  assert_null (felt_play_get_notice (play));
  session = felt_play_get_session (play);
  assert_string_equal (felt_session_get_game (session)->id, "straight-up");
  assert_int_equal (felt_session_get_seed (session), 5);
  assert_int_equal (felt_session_get_n_moves (session), 2);
  assert_string_equal (felt_play_get_elapsed_text (play), "1:01");
  assert_true (felt_play_in_progress (play));

  /* Undo one move: the redo list is saved too and comes back. */
  assert_true (felt_play_undo (play));
  g_object_unref (play);

  play = felt_play_new ();
  assert_true (felt_play_resume (play));
  session = felt_play_get_session (play);
  assert_int_equal (felt_session_get_n_moves (session), 1);
  assert_int_equal (felt_session_get_n_redo (session), 1);
  assert_true (felt_session_get_redo (session, 0).stock);
  g_object_unref (play);
}

static void
assert_saved (FeltPlay *play, GParamSpec *pspec, const char *path)
{
  assert_true (g_file_test (path, G_FILE_TEST_EXISTS));
}

/* Until the game is on the screen, it is saved only when it gets there
 * (or when it is closed before). */
static void
test_save_on_screen (void **unused)
{
  g_autofree char *path = data_path ("game.ini");
  FeltPlay *play = g_object_new (FELT_TYPE_PLAY, "on-screen", FALSE, NULL);

  felt_play_start (play, felt_game_lookup ("hopscotch"), 3);
  assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  /* Saved before "on-screen" is said (the property is the gate's). */
  g_signal_connect (play, "notify::on-screen", G_CALLBACK (assert_saved), path);
  g_object_set (play, "on-screen", TRUE, NULL);
  assert_true (g_file_test (path, G_FILE_TEST_EXISTS));
  g_signal_handlers_disconnect_by_data (play, path);
  g_remove (path);

  /* On the screen, each change is saved at once. */
  assert_true (felt_play_move (play, &(FeltMove) { 0, 0, 0, 1 }, TRUE));
  assert_true (g_file_test (path, G_FILE_TEST_EXISTS));
  g_remove (path);
  /* Closed, it saves its time. */
  g_object_unref (play);
  assert_true (g_file_test (path, G_FILE_TEST_EXISTS));
}

/* No saved game: nothing to resume and nothing to say. */
static void
test_no_saved_game (void **unused)
{
  g_autoptr (FeltPlay) play = felt_play_new ();

  assert_false (felt_play_resume (play));
  assert_null (felt_play_get_notice (play));
  assert_null (felt_play_get_session (play));
}

/* Damaged content is kept aside as .corrupt; a file Felt cannot read
 * (a folder in its place) or one a newer Felt wrote is left exactly as
 * it is, and not written during the run. */
typedef enum {
  DAMAGED,
  UNREADABLE,
  NEWER,
} DamageKind;

typedef struct {
  const char *what;
  const char *contents;   /* NULL: a folder where the file should be */
  DamageKind kind;
} Damage;

/* The file is still what the test put there: the same bytes, or the
 * folder (still empty). */
static void
assert_untouched (const char *path, const Damage *d)
{
  if (d->contents)
    {
      g_autofree char *now = NULL;
      gsize length;

      assert_true (g_file_get_contents (path, &now, &length, NULL));
      assert_int_equal (length, strlen (d->contents));
      assert_memory_equal (now, d->contents, length);
    }
  else
    {
      g_autoptr (GDir) dir = g_dir_open (path, 0, NULL);

      assert_non_null (dir);
      assert_null (g_dir_read_name (dir));
    }
}

static const Damage game_damage[] = {
  { "truncated", "[Felt Game]\nformat=1\ngame=straight-up\nse" },
  { "garbage", "\x01\x02\xff\xfe not a key file [[[" },
  { "empty", "" },
  { "future version", "[Felt Game]\nformat=99\ngame=cruel\nseed=1\nelapsed-ms=0\nmoves=\nredo=\n", NEWER },
  { "huge seed", "[Felt Game]\nformat=1\ngame=cruel\nseed=99999999999999999999\nelapsed-ms=0\nmoves=\nredo=\n" },
  { "huge time", "[Felt Game]\nformat=1\ngame=cruel\nseed=1\nelapsed-ms=9223372036854775807\nmoves=\nredo=\n" },
  { "negative time", "[Felt Game]\nformat=1\ngame=cruel\nseed=1\nelapsed-ms=-5\nmoves=\nredo=\n" },
  { "huge pile", "[Felt Game]\nformat=1\ngame=cruel\nseed=1\nelapsed-ms=0\nmoves=255.1.255\nredo=\n" },
  { "illegal move", "[Felt Game]\nformat=1\ngame=cruel\nseed=1\nelapsed-ms=0\nmoves=5.1.6\nredo=\n" },
  { "illegal redo", "[Felt Game]\nformat=1\ngame=hopscotch\nseed=1\nelapsed-ms=0\nmoves=s\nredo=s\n" },
  { "wrong game", "[Felt Game]\nformat=1\ngame=klondike\nseed=1\nelapsed-ms=0\nmoves=\nredo=\n" },
  { "unreadable", NULL, UNREADABLE },
};

/* Moved from test-app: a damaged saved game never hurts; one that Felt
 * cannot read or that a newer Felt wrote is left as it is. */
static void
test_damaged_game (void **unused)
{
  for (guint i = 0; i < G_N_ELEMENTS (game_damage); i++)
    {
      const Damage *d = &game_damage[i];
      g_autofree char *path = data_path ("game.ini");
      g_autofree char *kept = data_path ("game.ini.corrupt");
      g_autofree char *kept_contents = NULL;
      FeltPlay *play;
      const char *notice;
      Notes notes;

      print_message ("damage: %s\n", d->what);
      felt_test_remove_dir (data_dir);
      g_mkdir_with_parents (data_dir, 0700);
      if (d->contents)
        write_file ("game.ini", d->contents);
      else
        g_mkdir (path, 0700);

      play = felt_play_new ();
      notes_watch (&notes, play);
      assert_false (felt_play_resume (play));

      /* One calm sentence, naming where the damaged file was kept, or
       * which file is left as it is and why. */
      notice = felt_play_get_notice (play);
      assert_non_null (notice);
      assert_int_equal (notes_take (&notes, "notice"), 1);
      if (d->kind == NEWER)
        {
          assert_non_null (strstr (notice, "newer version"));
          assert_non_null (strstr (notice, path));
        }
      else if (d->kind == UNREADABLE)
        {
          assert_non_null (strstr (notice, "cannot read your saved game"));
          assert_non_null (strstr (notice, path));
          assert_non_null (strstr (notice, "a folder is in its place"));
        }
      else
        {
          assert_non_null (strstr (notice, "game.ini.corrupt"));
          assert_non_null (strstr (notice, "could not be read"));
        }

      /* The bad file is kept, byte for byte; nothing is lost. */
      if (d->kind != DAMAGED)
        {
          assert_false (g_file_test (kept, G_FILE_TEST_EXISTS));
          assert_untouched (path, d);
        }
      else if (d->contents)
        {
          assert_true (g_file_get_contents (kept, &kept_contents, NULL, NULL));
          assert_string_equal (kept_contents, d->contents);
        }

      /* A fresh game starts and is saved in a good file (not over a file
       * left as it is: that one stays, the notice with it). */
      felt_play_start (play, felt_game_lookup ("cruel"), 7);
      assert_int_equal (felt_session_get_seed (felt_play_get_session (play)), 7);
      make_a_move (play);
      assert_int_equal (notes_take (&notes, "notice"), 0);
      /* Closed by the player, the notice goes. */
      felt_play_set_notice (play, NULL);
      assert_null (felt_play_get_notice (play));
      assert_int_equal (notes_take (&notes, "notice"), 1);
      /* A file left as it is stays so: the next moves do not show the
       * closed notice again. */
      make_a_move (play);
      assert_null (felt_play_get_notice (play));
      notes_clear (&notes, play);
      g_object_unref (play);
      if (d->kind != DAMAGED)
        {
          assert_untouched (path, d);
          continue;
        }
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
  { "future version", "[Felt Statistics]\nformat=7\n[cruel]\nplayed=120\nwon=3\n", NEWER },
  { "huge numbers", "[Felt Statistics]\nformat=1\n[cruel]\nplayed=99999999999999999999\nwon=1\n" },
  { "negative", "[Felt Statistics]\nformat=1\n[cruel]\nplayed=-3\n" },
  { "contradiction", "[Felt Statistics]\nformat=1\n[cruel]\nplayed=2\nwon=5\n" },
  { "unreadable", NULL, UNREADABLE },
};

/* Moved from test-app: damaged statistics are kept aside, counting
 * starts afresh; statistics Felt cannot read or that a newer Felt wrote
 * are left as they are, and this run counts in memory. */
static void
test_damaged_statistics (void **unused)
{
  for (guint i = 0; i < G_N_ELEMENTS (stats_damage); i++)
    {
      const Damage *d = &stats_damage[i];
      g_autofree char *path = data_path ("statistics.ini");
      g_autofree char *kept = data_path ("statistics.ini.corrupt");
      FeltPlay *play;
      const char *notice;

      print_message ("damage: %s\n", d->what);
      felt_test_remove_dir (data_dir);
      g_mkdir_with_parents (data_dir, 0700);
      if (d->contents)
        write_file ("statistics.ini", d->contents);
      else
        g_mkdir (path, 0700);

      play = felt_play_new ();
      notice = felt_play_get_notice (play);
      assert_non_null (notice);
      assert_non_null (strstr (notice, "statistics"));
      if (d->kind != DAMAGED)
        {
          assert_non_null (strstr (notice, path));
          assert_non_null (strstr (notice, d->kind == NEWER ? "newer version" : "cannot read"));
          assert_false (g_file_test (kept, G_FILE_TEST_EXISTS));
          assert_untouched (path, d);
        }
      else
        {
          assert_non_null (strstr (notice, "statistics.ini.corrupt"));
          assert_true (g_file_test (kept, G_FILE_TEST_EXISTS));
        }
      if (d->kind == DAMAGED && d->contents)
        {
          g_autofree char *kept_contents = NULL;
          assert_true (g_file_get_contents (kept, &kept_contents, NULL, NULL));
          assert_memory_equal (kept_contents, d->contents, strlen (d->contents));
        }
      for (guint g = 0; g < FELT_N_GAMES; g++)
        assert_int_equal (felt_play_get_stats (play)->games[g].played, 0);

      /* Playing goes on and a loss is counted in a new, good file. */
      felt_play_start (play, felt_game_lookup ("scuffle"), 4);
      assert_true (felt_play_move (play, &(FeltMove) { 0, 0, 0, 1 }, TRUE));
      felt_play_start (play, felt_game_lookup ("scuffle"), 5);
      assert_int_equal (felt_play_get_stats (play)->games[FELT_GAME_SCUFFLE].played, 1);
      g_object_unref (play);
      if (d->kind != DAMAGED)
        assert_untouched (path, d);
      else
        assert_int_equal (read_stats ().games[FELT_GAME_SCUFFLE].played, 1);
    }
}

/* Both files damaged: both are kept aside and the notice names each;
 * before, the saved game's sentence replaced the statistics', and the
 * player was never told the statistics were reset.  A sentence of the
 * window's (a card deck that cannot be used) joins them; closing the bar
 * puts all away. */
static void
test_two_damaged_files (void **unused)
{
  FeltPlay *play;
  const char *notice;

  write_file ("game.ini", "[Felt Game]\nformat=1\ngame=straight-up\nse");
  write_file ("statistics.ini", "\x01\x02 not statistics [[[");
  play = felt_play_new ();
  assert_false (felt_play_resume (play));
  notice = felt_play_get_notice (play);
  assert_non_null (notice);
  print_message ("notice: %s\n", notice);
  assert_non_null (strstr (notice, "game.ini.corrupt"));
  assert_non_null (strstr (notice, "statistics.ini.corrupt"));
  /* One sentence a line, each once. */
  assert_non_null (strchr (notice, '\n'));
  assert_null (strstr (strstr (notice, "statistics.ini.corrupt") + 1, "statistics.ini.corrupt"));

  felt_play_set_notice (play, "The card deck cannot be used.");
  notice = felt_play_get_notice (play);
  assert_non_null (strstr (notice, "game.ini.corrupt"));
  assert_non_null (strstr (notice, "statistics.ini.corrupt"));
  assert_non_null (strstr (notice, "The card deck cannot be used."));
  /* Said again: not twice. */
  {
    g_autofree char *before = g_strdup (notice);

    felt_play_set_notice (play, "The card deck cannot be used.");
    assert_string_equal (felt_play_get_notice (play), before);
  }

  felt_play_set_notice (play, NULL);
  assert_null (felt_play_get_notice (play));
  g_object_unref (play);
}

/* ---- faults of the files ------------------------------------------------------------ */

/* A data folder an ordinary user (nobody, as root) may write. */
static void
open_data_dir (void)
{
  g_autofree char *parent = g_path_get_dirname (data_dir);

  assert_int_equal (chmod (data_dir, 0777), 0);
  /* g_dir_make_tmp's folder is in a world-readable /tmp (or TMPDIR). */
  assert_true (g_file_test (parent, G_FILE_TEST_IS_DIR));
}

static int
teardown_as_self (void **state)
{
  felt_test_become_self ();
  chmod (data_dir, 0700);
  return teardown (state);
}

static gboolean
file_holds (const char *name, const char *want)
{
  g_autofree char *path = data_path (name);
  g_autofree char *text = NULL;

  return g_file_get_contents (path, &text, NULL, NULL) && g_str_equal (text, want);
}

/* The deal lose_a_game starts next. */
static guint32 next_seed = 1;

/* Plays a move and leaves the deal: one more game lost in the
 * statistics (unless the move ended it: then it was counted already).
 * Adds the game lost to `lost` (per game id), if given. */
static void
lose_a_game (FeltPlay *play, const char *game, guint *lost)
{
  FeltGameId id = felt_state_get_game_id (state_of (play));

  make_a_move (play);
  if (lost && (felt_play_in_progress (play) || felt_play_get_over (play)))
    lost[id]++;
  /* The same deals on every run: a random one could be over at once
   * (Cruel's redeal loop), and a test must not depend on luck. */
  felt_play_start (play, felt_game_lookup (game), next_seed++);
}

/* statistics.ini that Felt may not read (another user's, mode 600): left
 * exactly as it is, the player told which file and why; this run counts
 * in memory and adds its games to the file once it can be read. */
static void
test_unreadable_statistics (void **unused)
{
  g_autofree char *old = NULL;
  g_autofree char *path = data_path ("statistics.ini");
  g_autofree char *kept = data_path ("statistics.ini.corrupt");
  FeltPlay *play;
  const char *notice;
  FeltStats stats;

  /* 120 games of history: 30 won, then 90 lost. */
  memset (&stats, 0, sizeof stats);
  for (guint i = 0; i < 120; i++)
    if (i < 30)
      felt_stats_record_win (&stats, FELT_GAME_CRUEL, 60000 + i, 100 + i);
    else
      felt_stats_record_loss (&stats, FELT_GAME_CRUEL);
  old = felt_stats_to_data (&stats, NULL);
  open_data_dir ();
  write_file ("statistics.ini", old);
  assert_int_equal (chmod (path, 0600), 0);

  felt_test_become_other ();
  play = new_play ("cruel", 3);
  notice = felt_play_get_notice (play);
  assert_non_null (notice);
  assert_non_null (strstr (notice, "cannot read your statistics file"));
  assert_non_null (strstr (notice, path));
  assert_non_null (strstr (notice, "permission denied"));
  assert_int_equal (felt_play_get_stats (play)->games[FELT_GAME_CRUEL].played, 0);

  /* Two games lost: counted in memory, the file untouched. */
  lose_a_game (play, "cruel", NULL);
  lose_a_game (play, "cruel", NULL);
  assert_int_equal (felt_play_get_stats (play)->games[FELT_GAME_CRUEL].played, 2);
  assert_non_null (felt_play_get_notice (play));
  felt_test_become_self ();
  assert_true (file_holds ("statistics.ini", old));
  assert_false (g_file_test (kept, G_FILE_TEST_EXISTS));

  /* Readable again: the next move adds this run's games to the 120. */
  assert_int_equal (chmod (path, 0666), 0);
  felt_test_become_other ();
  make_a_move (play);
  assert_null (felt_play_get_notice (play));
  assert_int_equal (felt_play_get_stats (play)->games[FELT_GAME_CRUEL].played, 122);
  assert_int_equal (felt_play_get_stats (play)->games[FELT_GAME_CRUEL].won, 30);
  g_object_unref (play);
  felt_test_become_self ();
  stats = read_stats ();
  assert_int_equal (stats.games[FELT_GAME_CRUEL].played, 122);
  assert_int_equal (stats.games[FELT_GAME_CRUEL].won, 30);
}

/* A data folder Felt may not write: the notice says so once, with the
 * folder, the game goes on and what is on disk is unchanged; once the
 * folder can be written the next move saves and the notice goes. */
static void
test_read_only_folder (void **unused)
{
  g_autofree char *saved = NULL;
  g_autofree char *stats_path = data_path ("statistics.ini");
  FeltPlay *play;
  const char *notice;
  Notes notes;

  open_data_dir ();
  felt_test_become_other ();
  play = new_play ("straight-up", 5);
  make_a_move (play);
  assert_null (felt_play_get_notice (play));
  {
    g_autofree char *path = data_path ("game.ini");
    assert_true (g_file_get_contents (path, &saved, NULL, NULL));
  }

  felt_test_become_self ();
  assert_int_equal (chmod (data_dir, 0555), 0);
  felt_test_become_other ();
  notes_watch (&notes, play);
  make_a_move (play);
  notice = felt_play_get_notice (play);
  assert_non_null (notice);
  assert_non_null (strstr (notice, "cannot save your game"));
  assert_non_null (strstr (notice, data_dir));
  assert_non_null (strstr (notice, "permission denied"));
  assert_int_equal (notes_take (&notes, "notice"), 1);
  /* Told once: more moves that fail do not say it again. */
  make_a_move (play);
  make_a_move (play);
  assert_int_equal (notes_take (&notes, "notice"), 0);
  assert_int_equal (n_moves (play), 4);
  assert_true (file_holds ("game.ini", saved));

  /* A game lost now waits in memory, and says so too. */
  felt_play_start (play, felt_game_lookup ("cruel"), 8);
  assert_int_equal (felt_play_get_stats (play)->games[FELT_GAME_STRAIGHT_UP].played, 1);
  assert_non_null (strstr (felt_play_get_notice (play), "cannot save your statistics"));
  assert_false (g_file_test (stats_path, G_FILE_TEST_EXISTS));
  assert_true (file_holds ("game.ini", saved));

  /* Writable again: the next move saves both, and the notice goes. */
  felt_test_become_self ();
  assert_int_equal (chmod (data_dir, 0777), 0);
  felt_test_become_other ();
  make_a_move (play);
  assert_null (felt_play_get_notice (play));
  assert_false (file_holds ("game.ini", saved));
  notes_clear (&notes, play);
  g_object_unref (play);
  felt_test_become_self ();
  assert_int_equal (read_stats ().games[FELT_GAME_STRAIGHT_UP].played, 1);
  play = felt_play_new ();
  assert_true (felt_play_resume (play));
  assert_string_equal (felt_play_get_game (play)->id, "cruel");
  assert_int_equal (n_moves (play), 1);
  g_object_unref (play);
}

/* Files a newer Felt wrote: untouched byte for byte through a whole run,
 * the player told; this run's games count in memory. */
static void
test_newer_files (void **unused)
{
  static const char game[] = "[Felt Game]\nformat=9\ngame=cruel\nseed=1\nelapsed-ms=0\nmoves=\nredo=\nnew-key=1\n";
  static const char stats[] = "[Felt Statistics]\nformat=5\n[cruel]\nplayed=40\nwon=9\nnew-figure=3\n";
  g_autofree char *game_path = data_path ("game.ini");
  g_autofree char *stats_path = data_path ("statistics.ini");
  FeltPlay *play;
  const char *notice;

  write_file ("game.ini", game);
  write_file ("statistics.ini", stats);
  play = felt_play_new ();
  assert_false (felt_play_resume (play));
  notice = felt_play_get_notice (play);
  assert_non_null (notice);
  assert_non_null (strstr (notice, game_path));
  assert_non_null (strstr (notice, stats_path));
  assert_non_null (strstr (notice, "newer version of Felt"));

  felt_play_start (play, felt_game_lookup ("hopscotch"), 2);
  lose_a_game (play, "hopscotch", NULL);
  make_a_move (play);
  assert_int_equal (felt_play_get_stats (play)->games[FELT_GAME_HOPSCOTCH].played, 1);
  felt_play_reset_stats (play);
  g_object_unref (play);
  assert_true (file_holds ("game.ini", game));
  assert_true (file_holds ("statistics.ini", stats));
  {
    g_autofree char *kept = data_path ("game.ini.corrupt");
    assert_false (g_file_test (kept, G_FILE_TEST_EXISTS));
  }
}

/* Two Felts on one data folder (two logins): each counts its games and
 * none is lost; the one whose saved game replaced the other's is told. */
static void
test_two_on_one_folder (void **unused)
{
  FeltPlay *a = felt_play_new ();
  FeltPlay *b = felt_play_new ();
  const char *notice;
  guint lost[FELT_N_GAMES] = { 0 };

  assert_false (felt_play_resume (a));
  assert_false (felt_play_resume (b));
  felt_play_start (a, felt_game_lookup ("scuffle"), 1);
  assert_null (felt_play_get_notice (a));
  felt_play_start (b, felt_game_lookup ("scuffle"), 2);
  notice = felt_play_get_notice (b);
  assert_non_null (notice);
  assert_non_null (strstr (notice, "Another copy of Felt"));
  assert_non_null (strstr (notice, data_dir));

  for (guint i = 0; i < 3; i++)
    {
      lose_a_game (a, "scuffle", lost);
      lose_a_game (b, "scuffle", lost);
      lose_a_game (b, "cruel", lost);
    }
  assert_true (lost[FELT_GAME_SCUFFLE] >= 6);
  assert_true (lost[FELT_GAME_CRUEL] >= 2);
  /* Every game of both is on disk; the one that saved last shows them
   * all. */
  assert_int_equal (read_stats ().games[FELT_GAME_SCUFFLE].played, lost[FELT_GAME_SCUFFLE]);
  assert_int_equal (read_stats ().games[FELT_GAME_CRUEL].played, lost[FELT_GAME_CRUEL]);
  assert_int_equal (felt_play_get_stats (b)->games[FELT_GAME_SCUFFLE].played, lost[FELT_GAME_SCUFFLE]);
  assert_int_equal (felt_play_get_stats (b)->games[FELT_GAME_CRUEL].played, lost[FELT_GAME_CRUEL]);
  assert_non_null (strstr (felt_play_get_notice (a), "Another copy of Felt"));
  g_object_unref (a);
  g_object_unref (b);
  assert_int_equal (read_stats ().games[FELT_GAME_SCUFFLE].played, lost[FELT_GAME_SCUFFLE]);
}


/* ---- the demo's flag ------------------------------------------------------------------ */

static gboolean
demo_moved (FeltPlay *play, gconstpointer unused)
{
  return felt_play_get_demo_played (play) && n_moves (play) >= 1;
}

/* A game the demo played in is saved with the flag: resumed, it still
 * counts nowhere (leaving it is no loss, winning it no win). */
static void
test_demo_flag_saved (void **unused)
{
  guint32 seed = find_deal ("cruel", 1, FELT_SOLVE_WINNABLE, NULL);
  FeltPlay *play = new_play ("cruel", seed);
  g_autoptr (GKeyFile) file = g_key_file_new ();
  g_autofree char *path = data_path ("game.ini");

  felt_play_toggle_demo (play);
  assert_true (wait_for (play, demo_moved, NULL, 60));
  felt_play_stop_demo (play);
  g_object_unref (play);
  assert_true (g_key_file_load_from_file (file, path, G_KEY_FILE_NONE, NULL));
  assert_true (g_key_file_get_boolean (file, "Felt Game", "demo-played", NULL));

  play = felt_play_new ();
  assert_true (felt_play_resume (play));
  assert_null (felt_play_get_notice (play));
  assert_true (felt_play_get_demo_played (play));
  assert_false (felt_play_in_progress (play));
  /* The player plays on and leaves it: still not counted. */
  make_a_move (play);
  felt_play_start (play, felt_game_lookup ("cruel"), seed + 1);
  assert_int_equal (felt_play_get_stats (play)->games[FELT_GAME_CRUEL].played, 0);
  assert_int_equal (read_stats ().games[FELT_GAME_CRUEL].played, 0);
  /* The new deal is the player's: saved without the flag. */
  make_a_move (play);
  g_object_unref (play);
  {
    g_autoptr (GKeyFile) again = g_key_file_new ();
    g_autoptr (GError) error = NULL;

    assert_true (g_key_file_load_from_file (again, path, G_KEY_FILE_NONE, NULL));
    assert_false (g_key_file_get_boolean (again, "Felt Game", "demo-played", &error));
    assert_true (g_error_matches (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_KEY_NOT_FOUND));
  }
}

/* A game.ini from before the flag (no key) loads as before: the
 * player's game, whose abandoning counts as a loss; a bad value is
 * damage. */
static void
test_demo_flag_old_file (void **unused)
{
  FeltPlay *play;

  write_file ("game.ini", good_game);
  play = felt_play_new ();
  assert_true (felt_play_resume (play));
  assert_null (felt_play_get_notice (play));
  assert_false (felt_play_get_demo_played (play));
  assert_true (felt_play_in_progress (play));
  felt_play_start (play, felt_game_lookup ("cruel"), 3);
  assert_int_equal (read_stats ().games[FELT_GAME_STRAIGHT_UP].played, 1);
  g_object_unref (play);

  {
    g_autofree char *bad = g_strconcat (good_game, "demo-played=perhaps\n", NULL);
    g_autofree char *kept = data_path ("game.ini.corrupt");

    write_file ("game.ini", bad);
    play = felt_play_new ();
    assert_false (felt_play_resume (play));
    assert_true (g_file_test (kept, G_FILE_TEST_EXISTS));
    g_object_unref (play);
  }
}

/* ---- another process holds the lock ----------------------------------------------------- */

static gboolean
notice_contains (FeltPlay *play, gconstpointer text)
{
  const char *notice = felt_play_get_notice (play);

  return notice && strstr (notice, text);
}

static gboolean
saved_moves_are (FeltPlay *play, gconstpointer want)
{
  g_autofree char *path = data_path ("game.ini");
  g_autoptr (GKeyFile) file = g_key_file_new ();
  g_autofree char *moves = NULL;

  if (!g_key_file_load_from_file (file, path, G_KEY_FILE_NONE, NULL))
    return FALSE;
  moves = g_key_file_get_string (file, "Felt Game", "moves", NULL);
  return g_strcmp0 (moves, want) == 0;
}

/* A process that hangs holding the locks (a child here) does not stall
 * the game: each move returns at once (before, each waited two seconds
 * for the lock), the game and the results wait in memory, the player is
 * told only once it lasts, and everything is saved, with no move, once
 * the lock is free. */
static void
test_lock_held (void **unused)
{
  g_autoptr (FeltPlay) play = new_play ("straight-up", 5);
  /* Made before the fork: the child of a threaded program only makes
   * system calls. */
  g_autofree char *game_lock = data_path ("game.ini.lock"), *stats_lock = data_path ("statistics.ini.lock");
  int to_child[2], from_child[2];
  gint64 longest = 0;
  char byte;
  pid_t child;
  int status;

  make_a_move (play);
  assert_true (saved_moves_are (play, "s"));
  assert_int_equal (pipe (to_child), 0);
  assert_int_equal (pipe (from_child), 0);
  child = fork ();
  assert_true (child >= 0);
  if (child == 0)
    {
      const char *names[] = { game_lock, stats_lock };

      for (guint i = 0; i < G_N_ELEMENTS (names); i++)
        {
          int fd = open (names[i], O_RDWR | O_CREAT | O_CLOEXEC, 0600);

          if (fd < 0 || flock (fd, LOCK_EX) != 0)
            _exit (1);
        }
      /* Held until the test writes a byte (or goes). */
      if (write (from_child[1], "l", 1) != 1 || read (to_child[0], &byte, 1) < 0)
        _exit (1);
      _exit (0);
    }
  assert_int_equal (read (from_child[0], &byte, 1), 1);

  for (guint i = 0; i < 3; i++)
    {
      gint64 start = g_get_monotonic_time ();

      make_a_move (play);
      /* Far above a move and a save, far below the old wait (two
       * seconds for each file). */
      longest = MAX (longest, g_get_monotonic_time () - start);
      assert_true (longest < 1000 * 1000);
    }
  print_message ("a move with the locks taken by another process: %.1f ms at most\n", longest / 1000.0);
  /* A game lost meanwhile waits too. */
  felt_play_start (play, felt_game_lookup ("straight-up"), 6);
  assert_int_equal (felt_play_get_stats (play)->games[FELT_GAME_STRAIGHT_UP].played, 1);
  assert_int_equal (read_stats ().games[FELT_GAME_STRAIGHT_UP].played, 0);
  assert_true (saved_moves_are (play, "s"));
  assert_null (felt_play_get_notice (play));

  /* It lasts: the player is told (the retries run without a move). */
  assert_true (wait_for (play, notice_contains, "another program is using it", 10));
  assert_non_null (strstr (felt_play_get_notice (play), data_dir));

  /* Let go: saved within a retry, the notice goes. */
  assert_int_equal (write (to_child[1], "u", 1), 1);
  assert_int_equal (waitpid (child, &status, 0), child);
  assert_true (WIFEXITED (status) && WEXITSTATUS (status) == 0);
  assert_true (wait_for (play, saved_moves_are, "", 5));
  assert_int_equal (read_stats ().games[FELT_GAME_STRAIGHT_UP].played, 1);
  assert_null (felt_play_get_notice (play));
  for (guint i = 0; i < 2; i++)
    {
      close (to_child[i]);
      close (from_child[i]);
    }
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_resume_exactly, setup, teardown),
    cmocka_unit_test_setup_teardown (test_save_on_screen, setup, teardown),
    cmocka_unit_test_setup_teardown (test_no_saved_game, setup, teardown),
    cmocka_unit_test_setup_teardown (test_damaged_game, setup, teardown),
    cmocka_unit_test_setup_teardown (test_damaged_statistics, setup, teardown),
    cmocka_unit_test_setup_teardown (test_two_damaged_files, setup, teardown),
    cmocka_unit_test_setup_teardown (test_unreadable_statistics, setup, teardown_as_self),
    cmocka_unit_test_setup_teardown (test_read_only_folder, setup, teardown_as_self),
    cmocka_unit_test_setup_teardown (test_newer_files, setup, teardown),
    cmocka_unit_test_setup_teardown (test_two_on_one_folder, setup, teardown),
    cmocka_unit_test_setup_teardown (test_demo_flag_saved, setup, teardown),
    cmocka_unit_test_setup_teardown (test_demo_flag_old_file, setup, teardown),
    cmocka_unit_test_setup_teardown (test_lock_held, setup, teardown),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
