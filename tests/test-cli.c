/* test-cli.c: felt-cli as doc/felt-cli.md fixes it, driven as a real process (the
 * binary named by $FELT_CLI), and its play protocol in-process through
 * felt_cli_command().
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <errno.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "felt-cli.h"
#include "felt-format.h"
#include "felt-session.h"
#include "felt-test-util.h"

/* The longest line play reads (src/cli/felt-cli.c, doc/felt-cli.md). */
#define MAX_LINE 1024

/* ---- running the binary --------------------------------------------------- */

typedef struct {
  char *out;
  gsize out_len;
  char *err;
  int status;      /* the exit status */
} Run;

static void
run_clear (Run *run)
{
  g_clear_pointer (&run->out, g_free);
  g_clear_pointer (&run->err, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Run, run_clear)

/* An unlinked temporary file holding data, read from the start. */
static int
temp_fd (const char *data, gsize len)
{
  g_autofree char *path = NULL;
  g_autoptr (GError) error = NULL;
  int fd = g_file_open_tmp ("felt-test-cli-XXXXXX", &path, &error);

  if (fd < 0)
    fail_msg ("temporary file: %s", error->message);
  g_unlink (path);
  while (len > 0)
    {
      ssize_t done = write (fd, data, len);
      if (done < 0 && errno == EINTR)
        continue;
      assert_true (done > 0);
      data += done;
      len -= (gsize) done;
    }
  assert_int_equal (lseek (fd, 0, SEEK_SET), 0);
  return fd;
}

static char *
slurp_fd (int fd, gsize *len)
{
  GByteArray *bytes = g_byte_array_new ();
  guint8 buf[65536];
  ssize_t got;

  assert_int_equal (lseek (fd, 0, SEEK_SET), 0);
  while ((got = read (fd, buf, sizeof buf)) != 0)
    {
      if (got < 0 && errno == EINTR)
        continue;
      assert_true (got > 0);
      g_byte_array_append (bytes, buf, (guint) got);
    }
  close (fd);
  if (len)
    *len = bytes->len;
  g_byte_array_append (bytes, (const guint8 *) "", 1);
  return (char *) g_byte_array_free (bytes, FALSE);
}

/* Runs felt-cli with args (NULL-terminated) and input on standard input.
 * Files, not pipes, take the output, so nothing can dead-lock.  The
 * process must end by exiting: dying of a signal is a crash. */
static void
run_cli_fd (Run *run, int in_fd, const char *const *args)
{
  const char *cli = g_getenv ("FELT_CLI");
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  int out_fd, err_fd, wstatus;
  GPid pid;

  if (cli == NULL)
    fail_msg ("FELT_CLI is not set: run the tests through meson test");
  g_ptr_array_add (argv, (char *) cli);
  for (guint i = 0; args[i]; i++)
    g_ptr_array_add (argv, (char *) args[i]);
  g_ptr_array_add (argv, NULL);

  out_fd = temp_fd ("", 0);
  err_fd = temp_fd ("", 0);
  if (!g_spawn_async_with_fds (NULL, (char **) argv->pdata, NULL, G_SPAWN_DO_NOT_REAP_CHILD,
                               NULL, NULL, &pid, in_fd, out_fd, err_fd, &error))
    fail_msg ("cannot run %s: %s", cli, error->message);
  close (in_fd);
  while (waitpid (pid, &wstatus, 0) < 0)
    assert_int_equal (errno, EINTR);
  g_spawn_close_pid (pid);

  run->out = slurp_fd (out_fd, &run->out_len);
  run->err = slurp_fd (err_fd, NULL);
  if (WIFSIGNALED (wstatus))
    fail_msg ("felt-cli died of signal %d; stderr: %s", WTERMSIG (wstatus), run->err);
  assert_true (WIFEXITED (wstatus));
  run->status = WEXITSTATUS (wstatus);
}

static void
run_cli_argv (Run *run, const char *input, gsize input_len, const char *const *args)
{
  run_cli_fd (run, temp_fd (input ? input : "", input ? input_len : 0), args);
}

static gsize
text_len (const char *text)
{
  return text ? strlen (text) : 0;
}

#define run_cli(run, input, ...) \
  run_cli_argv ((run), (input), text_len (input), (const char *const[]) { __VA_ARGS__, NULL })

static guint
count_lines (const char *text)
{
  guint n = 0;

  for (const char *p = text; *p; p++)
    n += *p == '\n';
  return n;
}

/* The lines of text, each without its newline; text must end with one. */
static GStrv
split_lines (const char *text)
{
  GStrv lines;
  guint n;

  assert_true (text[0] == '\0' || g_str_has_suffix (text, "\n"));
  lines = g_strsplit (text, "\n", -1);
  n = g_strv_length (lines);
  /* The empty string after the last newline. */
  assert_string_equal (lines[n - 1], "");
  g_free (lines[n - 1]);
  lines[n - 1] = NULL;
  return lines;
}

/* ---- games, show, state --------------------------------------------------- */

static void
test_games (void **unused)
{
  g_auto (Run) run = { 0 };

  g_autoptr (GString) every = g_string_new (NULL);

  run_cli (&run, NULL, "games");
  assert_int_equal (run.status, 0);
  assert_string_equal (run.err, "");
  /* The five games' lines are pinned (the interface is stable); a game
   * added later follows them, one line per game of the engine's list. */
  assert_true (g_str_has_prefix (run.out,
                                 "hopscotch\tHopscotch\t1\n"
                                 "cruel\tCruel\t1\n"
                                 "straight-up\tStraight Up\t1\n"
                                 "scuffle\tScuffle\t1\n"
                                 "backbone\tBackbone\t2\n"));
  for (guint id = 0; id < FELT_N_GAMES; id++)
    {
      const FeltGame *game = felt_game_get (id);
      g_string_append_printf (every, "%s\t%s\t%u\n", game->id, game->name, game->n_decks);
    }
  assert_string_equal (run.out, every->str);
}

/* --version: the project's version (meson.build, FELT_VERSION), one line;
 * the usage lists it. */
static void
test_version (void **unused)
{
  const char *version = g_getenv ("FELT_VERSION");
  g_autofree char *expected = NULL;
  g_auto (Run) run = { 0 };
  g_auto (Run) help = { 0 };

  if (version == NULL)
    fail_msg ("FELT_VERSION is not set: run the tests through meson test");
  expected = g_strdup_printf ("felt-cli %s\n", version);
  run_cli (&run, NULL, "--version");
  assert_int_equal (run.status, 0);
  assert_string_equal (run.out, expected);
  assert_string_equal (run.err, "");

  run_cli (&help, NULL, "--help");
  assert_int_equal (help.status, 0);
  assert_non_null (strstr (help.out, "\n       felt-cli --version\n"));
}

static void
test_show (void **unused)
{
  for (guint id = 0; id < FELT_N_GAMES; id++)
    {
      const FeltGame *game = felt_game_get (id);
      FeltState deal;
      g_autofree char *expected = NULL;
      g_autofree char *header = NULL;
      g_auto (Run) run = { 0 };
      g_auto (Run) no_seed = { 0 };
      g_auto (GStrv) lines = NULL;

      felt_state_deal (&deal, game, 12345);
      expected = felt_state_to_text (&deal, 12345);
      run_cli (&run, NULL, "show", game->id, "--seed", "12345");
      assert_int_equal (run.status, 0);
      assert_string_equal (run.err, "");
      assert_string_equal (run.out, expected);

      /* A header, one line per pile starting with its name, and the
       * status line. */
      header = g_strdup_printf ("%s, deal 12345", game->id);
      lines = split_lines (run.out);
      assert_int_equal (g_strv_length (lines), game->n_piles + 2);
      assert_string_equal (lines[0], header);
      for (guint p = 0; p < game->n_piles; p++)
        {
          char name[16];
          g_autofree char *prefix = g_strdup_printf ("%s ", felt_pile_name (game, p, name));
          assert_true (g_str_has_prefix (lines[p + 1], prefix));
        }
      assert_true (g_str_has_prefix (lines[game->n_piles + 1], "score 0 of "));

      /* The seed is optional for show. */
      run_cli (&no_seed, NULL, "show", game->id);
      assert_int_equal (no_seed.status, 0);
      assert_string_equal (no_seed.err, "");
      assert_int_equal (count_lines (no_seed.out), game->n_piles + 2);
    }
}

static void
test_state (void **unused)
{
  static const char *const seeds[] = { "0", "1", "7", "2147483648", "4294967295" };

  for (guint id = 0; id < FELT_N_GAMES; id++)
    for (guint s = 0; s < G_N_ELEMENTS (seeds); s++)
      {
        const FeltGame *game = felt_game_get (id);
        guint32 seed = (guint32) g_ascii_strtoull (seeds[s], NULL, 10);
        FeltState deal;
        g_autofree char *json = NULL;
        g_autofree char *line = NULL;
        g_auto (Run) run = { 0 };

        felt_state_deal (&deal, game, seed);
        json = felt_state_to_json (&deal, seed, 0);
        line = g_strconcat (json, "\n", NULL);
        run_cli (&run, NULL, "state", game->id, "--seed", seeds[s]);
        assert_int_equal (run.status, 0);
        assert_string_equal (run.err, "");
        assert_int_equal (count_lines (run.out), 1);
        assert_string_equal (run.out, line);
      }
}

/* The JSON form itself, as doc/felt-cli.md gives it, for one deal. */
static void
test_state_json_literal (void **unused)
{
  g_auto (Run) run = { 0 };

  run_cli (&run, NULL, "state", "cruel", "--seed", "1");
  assert_int_equal (run.status, 0);
  assert_string_equal (run.out,
    "{\"game\":\"cruel\",\"seed\":1,\"score\":0,\"moves\":0,\"redeals_left\":-1,"
    "\"won\":false,\"over\":false,\"piles\":["
    "{\"id\":\"stock\",\"cards\":[]},"
    "{\"id\":\"foundation.0\",\"cards\":[\"AS\"]},"
    "{\"id\":\"foundation.1\",\"cards\":[\"AH\"]},"
    "{\"id\":\"foundation.2\",\"cards\":[\"AC\"]},"
    "{\"id\":\"foundation.3\",\"cards\":[\"AD\"]},"
    "{\"id\":\"tableau.0\",\"cards\":[\"2H\",\"5C\",\"6D\",\"7H\"]},"
    "{\"id\":\"tableau.1\",\"cards\":[\"7D\",\"6H\",\"5S\",\"JC\"]},"
    "{\"id\":\"tableau.2\",\"cards\":[\"4C\",\"9D\",\"9C\",\"4H\"]},"
    "{\"id\":\"tableau.3\",\"cards\":[\"2S\",\"9H\",\"KS\",\"QD\"]},"
    "{\"id\":\"tableau.4\",\"cards\":[\"QH\",\"4D\",\"6C\",\"3H\"]},"
    "{\"id\":\"tableau.5\",\"cards\":[\"2C\",\"5D\",\"KH\",\"TC\"]},"
    "{\"id\":\"tableau.6\",\"cards\":[\"2D\",\"8D\",\"8H\",\"5H\"]},"
    "{\"id\":\"tableau.7\",\"cards\":[\"JS\",\"7C\",\"TS\",\"KD\"]},"
    "{\"id\":\"tableau.8\",\"cards\":[\"KC\",\"7S\",\"QS\",\"QC\"]},"
    "{\"id\":\"tableau.9\",\"cards\":[\"JH\",\"8S\",\"9S\",\"4S\"]},"
    "{\"id\":\"tableau.10\",\"cards\":[\"3D\",\"TD\",\"3C\",\"6S\"]},"
    "{\"id\":\"tableau.11\",\"cards\":[\"8C\",\"TH\",\"3S\",\"JD\"]}]}\n");

  /* Face-down cards carry a "#"; Straight Up's reserve shows its top. */
  {
    g_auto (Run) su = { 0 };
    run_cli (&su, NULL, "state", "straight-up", "--seed", "1");
    assert_int_equal (su.status, 0);
    assert_non_null (strstr (su.out, "{\"id\":\"reserve.0\",\"cards\":[\"#KH\",\"#JH\",\"#TC\","
                                     "\"#8C\",\"#5D\",\"#5C\",\"#8D\",\"#QD\",\"#9S\",\"#5H\","
                                     "\"#8H\",\"#7H\",\"7S\"]}"));
    assert_non_null (strstr (su.out, "{\"id\":\"stock\",\"cards\":[\"#QH\",\"#3D\","));
    assert_non_null (strstr (su.out, "\"redeals_left\":2,"));
  }
}

/* ---- play ----------------------------------------------------------------- */

typedef struct {
  const char *line;       /* sent, without the newline */
  const char *expect;     /* the exact answer, or NULL */
  const char *prefix;     /* else what the answer starts with, or NULL */
} Exchange;

/* Plays the script through the binary and through felt_cli_command on a
 * session of its own: every answer must agree, and with the script. */
static void
check_play (const char *game_id, guint32 seed, const Exchange *script, guint n)
{
  const FeltGame *game = felt_game_lookup (game_id);
  g_autoptr (FeltSession) session = felt_session_new (game, seed);
  g_autoptr (GString) input = g_string_new (NULL);
  g_autofree char *seed_text = g_strdup_printf ("%u", seed);
  g_auto (Run) run = { 0 };
  g_auto (GStrv) answers = NULL;

  for (guint i = 0; i < n; i++)
    g_string_append_printf (input, "%s\n", script[i].line);
  run_cli_argv (&run, input->str, input->len,
                (const char *const[]) { "play", game_id, "--seed", seed_text, NULL });
  assert_int_equal (run.status, 0);
  assert_string_equal (run.err, "");
  assert_int_equal (count_lines (run.out), n);
  answers = split_lines (run.out);

  for (guint i = 0; i < n; i++)
    {
      /* A line over play's limit is not a command (test_play_long_line). */
      g_autofree char *mine = strlen (script[i].line) > MAX_LINE
                              ? g_strdup_printf ("error: the line is longer than %d bytes", MAX_LINE)
                              : felt_cli_command (session, script[i].line);

      if (g_strcmp0 (answers[i], mine) != 0)
        fail_msg ("line %u “%.60s”: felt-cli says “%s”, felt_cli_command “%s”", i,
                  script[i].line, answers[i], mine);
      if (script[i].expect && g_strcmp0 (answers[i], script[i].expect) != 0)
        fail_msg ("line %u “%.60s”: “%s”, expected “%s”", i, script[i].line, answers[i],
                  script[i].expect);
      if (script[i].prefix && !g_str_has_prefix (answers[i], script[i].prefix))
        fail_msg ("line %u “%.60s”: “%s”, expected “%s…”", i, script[i].line, answers[i],
                  script[i].prefix);
      assert_null (strchr (answers[i], '\r'));
    }
}

static void
test_play_cruel (void **unused)
{
  const FeltGame *game = felt_game_lookup ("cruel");
  FeltState deal, after;
  FeltUndo undo;
  g_autofree char *deal_json = NULL;
  g_autofree char *after_json = NULL;
  g_autofree char *long_move = NULL;
  g_autofree char *long_word = NULL;
  g_autofree char *moves_after = NULL;
  FeltMove moves[FELT_MAX_MOVES + 1];
  guint n;

  /* Cruel deal 7:
   *   tableau.2  QS 7C 5C 4S    tableau.6  9D 9C TC 5S
   *   tableau.11 2H 3C 2S 3S    foundation.0 AS */
  felt_state_deal (&deal, game, 7);
  deal_json = felt_state_to_json (&deal, 7, 0);

  /* The position after 4S onto 5S, 3S onto 4S and 2S home, then a redeal. */
  after = deal;
  {
    FeltMove play[] = {
      felt_test_move (&deal, "tableau.2", 1, "tableau.6"),
      felt_test_move (&deal, "tableau.11", 1, "tableau.6"),
      felt_test_move (&deal, "tableau.11", 1, "foundation.0"),
    };
    for (guint i = 0; i < G_N_ELEMENTS (play); i++)
      {
        assert_int_equal (felt_state_check_move (&after, &play[i]), FELT_LEGAL);
        felt_state_apply (&after, &play[i], &undo);
      }
  }
  n = felt_state_legal_moves (&after, moves);
  assert_true (felt_state_can_stock (&after));
  moves[n++] = (FeltMove) { 0, 0, 0, 1 };
  moves_after = felt_moves_to_json (game, moves, n);
  {
    FeltMove redeal = { 0, 0, 0, 1 };
    felt_state_apply (&after, &redeal, &undo);
  }
  after_json = felt_state_to_json (&after, 7, 4);

  long_word = g_strnfill (200000, 'x');
  long_move = g_strconcat ("move ", long_word, NULL);
  g_free (long_word);
  long_word = g_strnfill (1000000, 'a');

  {
    const Exchange script[] = {
      { "state", deal_json, NULL },
      { "moves",
        "[{\"from\":\"tableau.2\",\"count\":1,\"to\":\"tableau.6\"},"
        "{\"from\":\"tableau.4\",\"count\":1,\"to\":\"tableau.8\"},"
        "{\"from\":\"tableau.6\",\"count\":1,\"to\":\"tableau.4\"},"
        "{\"from\":\"tableau.8\",\"count\":1,\"to\":\"tableau.1\"},"
        "{\"from\":\"tableau.11\",\"count\":1,\"to\":\"tableau.2\"}]", NULL },
      /* No card has moved yet: no redeal. */
      { "stock", "illegal: the stock cannot deal or redeal now", NULL },
      { "move tableau.11 1 foundation.0", "illegal: the card does not fit there", NULL },
      { "move tableau.2 1 tableau.6", "ok", NULL },
      { "move tableau.11 1 tableau.2", "illegal: the card does not fit there", NULL },
      { "move tableau.11 1 tableau.6", "ok", NULL },
      { "move tableau.11 1 foundation.0", "ok", NULL },
      { "moves", moves_after, NULL },
      { "undo", "ok", NULL },
      { "redo", "ok", NULL },
      { "redo", "illegal: nothing to redo", NULL },
      { "hint", NULL, "{\"from\":\"tableau." },
      { "stock", "ok", NULL },
      { "state", after_json, NULL },
      { "undo", "ok", NULL },
      { "undo", "ok", NULL },
      { "undo", "ok", NULL },
      { "undo", "ok", NULL },
      { "undo", "illegal: nothing to undo", NULL },
      { "state", deal_json, NULL },
      { "redo", "ok", NULL },
      { "fly", NULL, "error: unknown command “fly”" },
      { "", NULL, "error: " },
      { "   \t  ", NULL, "error: " },
      { "@#$%^&*()", NULL, "error: " },
      { "STATE", NULL, "error: " },
      { "state now", NULL, "error: " },
      { "undo 2", NULL, "error: " },
      { "move", NULL, "error: " },
      { "move tableau.0 1", NULL, "error: " },
      { "move tableau.0 1 tableau.1 tableau.2", NULL, "error: " },
      { "move tableau.99 1 tableau.1", NULL, "error: " },
      { "move tableau.0 1 waste", NULL, "error: " },
      { "move tableau.0 0 tableau.1", NULL, "error: " },
      { "move tableau.0 -1 tableau.1", NULL, "error: " },
      { "move tableau.0 x tableau.1", NULL, "error: " },
      { "move tableau.0 99999999999999999999 tableau.1", NULL, "error: " },
      { "move tableau.0 1 tableau.0", "illegal: a pile cannot move onto itself", NULL },
      { "move stock 1 tableau.0", "illegal: that pile is empty", NULL },
      { "move foundation.0 1 tableau.0", "illegal: cards cannot be played from there", NULL },
      { "move tableau.0 2 tableau.1", "illegal: those cards cannot move together", NULL },
      { long_move, NULL, "error: " },
      { long_word, NULL, "error: " },
      { "  state  ", NULL, "{\"game\":\"cruel\",\"seed\":7,\"score\":0,\"moves\":1," },
      { "hint", NULL, "{" },
    };
    check_play ("cruel", 7, script, G_N_ELEMENTS (script));
  }
}

/* The same short script on every game: the binary agrees with the
 * library, and "moves" lists the stock action exactly when it is there. */
static void
test_play_every_game (void **unused)
{
  for (guint id = 0; id < FELT_N_GAMES; id++)
    {
      const FeltGame *game = felt_game_get (id);
      FeltState deal;
      FeltMove moves[FELT_MAX_MOVES + 1];
      g_autofree char *deal_json = NULL;
      g_autofree char *moves_json = NULL;
      guint n;

      felt_state_deal (&deal, game, 3);
      deal_json = felt_state_to_json (&deal, 3, 0);
      n = felt_state_legal_moves (&deal, moves);
      if (felt_state_can_stock (&deal))
        moves[n++] = (FeltMove) { 0, 0, 0, 1 };
      moves_json = felt_moves_to_json (game, moves, n);

      {
        const Exchange script[] = {
          { "state", deal_json, NULL },
          { "moves", moves_json, NULL },
          { "hint", NULL, NULL },
          { "stock", NULL, NULL },
          { "state", NULL, "{\"game\":\"" },
          { "moves", NULL, "[" },
          { "undo", NULL, NULL },
          { "state", NULL, NULL },
          { "redo", NULL, NULL },
          { "undo", NULL, NULL },
          { "undo", "illegal: nothing to undo", NULL },
          { "state", deal_json, NULL },
          { "move waste 1 nowhere", NULL, "error: " },
        };
        check_play (game->id, 3, script, G_N_ELEMENTS (script));
      }
    }
}

/* Hopscotch's deal has no card move, only the stock. */
static void
test_play_hopscotch_stock (void **unused)
{
  const Exchange script[] = {
    { "moves", "[{\"stock\":true}]", NULL },
    { "hint", "{\"stock\":true}", NULL },
    { "move waste 1 reserve.0", "illegal: that pile is empty", NULL },
    { "stock", "ok", NULL },
    /* One card on the waste: no second deal until it is played. */
    { "stock", "illegal: the stock cannot deal or redeal now", NULL },
    { "move waste 1 reserve.2", "ok", NULL },
    { "move reserve.2 1 reserve.3", "illegal: that pile does not take cards from there", NULL },
    { "stock", "ok", NULL },
  };

  check_play ("hopscotch", 1, script, G_N_ELEMENTS (script));
}

/* Cruel deal 458 has no move at all: lost at once. */
static void
test_play_game_over (void **unused)
{
  const Exchange script[] = {
    { "moves", "[]", NULL },
    { "hint", "null", NULL },
    { "stock", "illegal: the stock cannot deal or redeal now", NULL },
    { "undo", "illegal: nothing to undo", NULL },
    { "state", NULL, "{\"game\":\"cruel\",\"seed\":458,\"score\":0,\"moves\":0,"
                     "\"redeals_left\":-1,\"won\":false,\"over\":true," },
  };

  check_play ("cruel", 458, script, G_N_ELEMENTS (script));
}

/* Bytes the line protocol must survive: one answer per line, always. */
static void
test_play_odd_input (void **unused)
{
  static const char input[] =
    "state\n"
    "st\0ate\n"            /* a NUL byte */
    "\xff\xfe\n"           /* not UTF-8 */
    "\n"
    "undo\r\n"             /* CRLF */
    "\t\n"
    "hint";                /* no newline at the end */
  g_auto (Run) run = { 0 };
  g_auto (Run) empty = { 0 };
  g_auto (GStrv) lines = NULL;

  run_cli_argv (&run, input, sizeof input - 1,
                (const char *const[]) { "play", "scuffle", "--seed", "5", NULL });
  assert_int_equal (run.status, 0);
  assert_string_equal (run.err, "");
  assert_int_equal (run.out_len, strlen (run.out));
  assert_int_equal (count_lines (run.out), 7);
  lines = split_lines (run.out);
  assert_true (g_str_has_prefix (lines[0], "{\"game\":\"scuffle\",\"seed\":5,"));
  assert_true (g_str_has_prefix (lines[1], "error: "));
  assert_true (g_str_has_prefix (lines[2], "error: "));
  assert_true (g_str_has_prefix (lines[3], "error: "));
  assert_string_equal (lines[4], "illegal: nothing to undo");
  assert_true (g_str_has_prefix (lines[5], "error: "));
  assert_true (g_str_has_prefix (lines[6], "{"));
  for (guint i = 0; i < 7; i++)
    assert_true (g_utf8_validate (lines[i], -1, NULL));

  /* No input at all: no answer, and a clean exit. */
  run_cli (&empty, "", "play", "backbone", "--seed", "0");
  assert_int_equal (empty.status, 0);
  assert_string_equal (empty.out, "");
  assert_string_equal (empty.err, "");
}

/* A line of 64 MB gets one short error, and the tool's memory does not
 * follow it (it took 302 MB when the whole line was read and echoed);
 * the limit is 1024 bytes, a CR before the LF not counted.  The input is
 * written to its file in pieces: this program's own memory stays small,
 * so that the child's peak (which counts what a fork shares) is the
 * tool's. */
static void
test_play_long_line (void **unused)
{
  const gsize huge = 64 * 1024 * 1024;
  g_autoptr (GString) head = g_string_new ("state\n");
  g_autofree char *piece = g_strnfill (1024 * 1024, 'z');
  g_auto (Run) run = { 0 };
  g_auto (GStrv) lines = NULL;
  struct rusage usage;
  int fd;

  /* Exactly at the limit, then a CR: an unknown command, said as such. */
  for (guint i = 0; i < MAX_LINE; i++)
    g_string_append_c (head, 'x');
  g_string_append (head, "\r\n");
  /* One byte over it. */
  for (guint i = 0; i < MAX_LINE + 1; i++)
    g_string_append_c (head, 'y');
  g_string_append (head, "\n");
  fd = temp_fd (head->str, head->len);
  assert_int_equal (lseek (fd, 0, SEEK_END), (off_t) head->len);
  for (gsize done = 0; done < huge; done += 1024 * 1024)
    assert_int_equal (write (fd, piece, 1024 * 1024), 1024 * 1024);
  /* The last line is too long too, and has no newline. */
  memset (piece, 'w', 5000);
  assert_int_equal (write (fd, "\nundo\n", 6), 6);
  assert_int_equal (write (fd, piece, 5000), 5000);
  assert_int_equal (lseek (fd, 0, SEEK_SET), 0);
  g_clear_pointer (&piece, g_free);

  run_cli_fd (&run, fd, (const char *const[]) { "play", "scuffle", "--seed", "5", NULL });
  assert_int_equal (run.status, 0);
  assert_string_equal (run.err, "");
  assert_int_equal (count_lines (run.out), 6);
  /* Every answer short: nothing echoed beyond the limit. */
  assert_true (run.out_len < 4000);
  lines = split_lines (run.out);
  assert_true (g_str_has_prefix (lines[0], "{\"game\":\"scuffle\",\"seed\":5,"));
  assert_true (g_str_has_prefix (lines[1], "error: unknown command"));
  assert_string_equal (lines[2], "error: the line is longer than 1024 bytes");
  assert_string_equal (lines[3], "error: the line is longer than 1024 bytes");
  assert_string_equal (lines[4], "illegal: nothing to undo");
  assert_string_equal (lines[5], "error: the line is longer than 1024 bytes");

  /* The largest child's peak memory, in KiB: far below the line's
   * 64 MB (felt-cli itself takes a few; under AddressSanitizer, more). */
  assert_int_equal (getrusage (RUSAGE_CHILDREN, &usage), 0);
  print_message ("felt-cli's peak memory over this test program's runs: %ld KiB\n", usage.ru_maxrss);
  assert_true (usage.ru_maxrss < 48 * 1024);
}

/* Many commands: answers are not lost or merged however long the run. */
static void
test_play_long_session (void **unused)
{
  g_autoptr (GString) input = g_string_new (NULL);
  g_autoptr (FeltSession) session = felt_session_new (felt_game_lookup ("backbone"), 99);
  g_autoptr (GString) expected = g_string_new (NULL);
  g_auto (Run) run = { 0 };

  for (guint i = 0; i < 3000; i++)
    {
      const char *line = i % 5 == 4 ? "undo" : i % 3 == 0 ? "stock" : i % 3 == 1 ? "hint" : "moves";
      g_autofree char *answer = felt_cli_command (session, line);
      g_string_append_printf (input, "%s\n", line);
      g_string_append_printf (expected, "%s\n", answer);
    }
  run_cli_argv (&run, input->str, input->len,
                (const char *const[]) { "play", "backbone", "--seed", "99", NULL });
  assert_int_equal (run.status, 0);
  assert_int_equal (count_lines (run.out), 3000);
  assert_string_equal (run.out, expected->str);
}

/* ---- bad invocations ------------------------------------------------------ */

typedef struct {
  const char *args[8];
  const char *names[3];     /* what the message must mention */
} BadCall;

static void
test_bad_invocations (void **unused)
{
  static const BadCall calls[] = {
    { { NULL }, { "games", "play" } },
    { { "frobnicate" }, { "frobnicate", "games", "play" } },
    { { "frobnicate", "cruel", "--seed", "1" }, { "frobnicate" } },
    { { "games", "cruel" }, { "cruel" } },
    { { "state" }, { "state", "hopscotch", "backbone" } },
    { { "state", "--seed", "1" }, { "hopscotch", "backbone" } },
    { { "state", "klondike", "--seed", "1" }, { "klondike", "cruel", "straight-up" } },
    { { "play", "Cruel", "--seed", "1" }, { "Cruel", "cruel" } },
    { { "state", "cruel" }, { "--seed", "4294967295" } },
    { { "play", "cruel" }, { "--seed", "4294967295" } },
    { { "state", "cruel", "--seed", "-1" }, { "-1", "4294967295" } },
    { { "state", "cruel", "--seed", "4294967296" }, { "4294967296", "4294967295" } },
    { { "state", "cruel", "--seed", "99999999999999999999999" }, { "99999999999999999999999" } },
    { { "state", "cruel", "--seed", "abc" }, { "abc", "4294967295" } },
    { { "state", "cruel", "--seed", "12abc" }, { "12abc" } },
    { { "state", "cruel", "--seed", "+5" }, { "+5" } },
    { { "state", "cruel", "--seed", " 5" }, { " 5" } },
    { { "state", "cruel", "--seed", "0x10" }, { "0x10" } },
    { { "state", "cruel", "--seed", "1.5" }, { "1.5" } },
    { { "state", "cruel", "--seed", "" }, { "4294967295" } },
    { { "state", "cruel", "--seed" }, { "--seed", "4294967295" } },
    { { "play", "cruel", "--seed" }, { "--seed" } },
    { { "show", "cruel", "--seed" }, { "--seed" } },
    { { "show", "cruel", "--seed", "x" }, { "x" } },
    { { "state", "cruel", "--seed", "1", "--seed", "2" }, { "--seed", "twice" } },
    { { "play", "cruel", "--seed", "1", "--seed", "1" }, { "--seed" } },
    { { "state", "cruel", "--seed", "1", "--frob" }, { "--frob", "--seed" } },
    { { "state", "--frob", "cruel", "--seed", "1" }, { "--frob" } },
    { { "play", "cruel", "-x", "--seed", "1" }, { "-x" } },
    { { "state", "cruel", "backbone", "--seed", "1" }, { "backbone" } },
    { { "show", "nope" }, { "nope" } },
    { { "--version", "cruel" }, { "--version" } },
  };

  for (guint i = 0; i < G_N_ELEMENTS (calls); i++)
    {
      g_auto (Run) run = { 0 };
      g_autofree char *shown = g_strjoinv (" ", (char **) calls[i].args);

      run_cli_argv (&run, NULL, 0, calls[i].args);
      if (run.status != 2)
        fail_msg ("felt-cli %s: exit status %d, not 2", shown, run.status);
      if (run.out[0] != '\0')
        fail_msg ("felt-cli %s: wrote to stdout: %s", shown, run.out);
      if (count_lines (run.err) != 1 || !g_str_has_suffix (run.err, "\n"))
        fail_msg ("felt-cli %s: not one line on stderr: “%s”", shown, run.err);
      for (guint k = 0; k < G_N_ELEMENTS (calls[i].names) && calls[i].names[k]; k++)
        if (strstr (run.err, calls[i].names[k]) == NULL)
          fail_msg ("felt-cli %s: “%s” does not name “%s”", shown, run.err, calls[i].names[k]);
    }
}

/* The ends of the range are good deal numbers. */
static void
test_seed_range (void **unused)
{
  static const char *const good[] = { "0", "4294967295", "00042" };

  for (guint i = 0; i < G_N_ELEMENTS (good); i++)
    {
      g_auto (Run) run = { 0 };
      run_cli (&run, NULL, "state", "hopscotch", "--seed", good[i]);
      assert_int_equal (run.status, 0);
      assert_int_equal (count_lines (run.out), 1);
    }
}

/* ---- the protocol, in-process --------------------------------------------- */

static void
test_command_protocol (void **unused)
{
  const FeltGame *game = felt_game_lookup ("straight-up");
  g_autoptr (FeltSession) session = felt_session_new (game, 1);
  FeltState deal = *felt_session_get_state (session);
  g_autofree char *json = felt_state_to_json (&deal, 1, 0);
  char *answer;

  /* Straight Up deal 1: tableau AH 6S KD AC, reserve top 7S, foundations
   * 2C 2S 2H 2D; the stock turns one card onto the waste. */
  answer = felt_cli_command (session, "state");
  assert_string_equal (answer, json);
  g_free (answer);

  answer = felt_cli_command (session, "moves");
  assert_string_equal (answer, "[{\"stock\":true}]");
  g_free (answer);

  answer = felt_cli_command (session, "move tableau.0 1 foundation.2");
  assert_string_equal (answer, "illegal: the card does not fit there");
  g_free (answer);
  assert_true (felt_state_equal (felt_session_get_state (session), &deal));

  answer = felt_cli_command (session, "stock");
  assert_string_equal (answer, "ok");
  g_free (answer);
  {
    g_autofree char *waste = felt_test_pile_cards (felt_session_get_state (session), "waste");
    g_autofree char *stock = felt_test_pile_cards (felt_session_get_state (session), "stock");
    assert_string_equal (waste, "6H");
    assert_true (g_str_has_suffix (stock, " 3H 6C"));
  }
  assert_int_equal (felt_session_get_n_moves (session), 1);

  answer = felt_cli_command (session, "undo");
  assert_string_equal (answer, "ok");
  g_free (answer);
  assert_true (felt_state_equal (felt_session_get_state (session), &deal));
  answer = felt_cli_command (session, "undo");
  assert_string_equal (answer, "illegal: nothing to undo");
  g_free (answer);
  answer = felt_cli_command (session, "redo");
  assert_string_equal (answer, "ok");
  g_free (answer);
  answer = felt_cli_command (session, "redo");
  assert_string_equal (answer, "illegal: nothing to redo");
  g_free (answer);

  answer = felt_cli_command (session, "state");
  assert_true (g_str_has_prefix (answer, "{\"game\":\"straight-up\",\"seed\":1,\"score\":0,"
                                         "\"moves\":1,\"redeals_left\":2,"));
  assert_non_null (strstr (answer, "{\"id\":\"waste\",\"cards\":[\"6H\"]}"));
  g_free (answer);

  answer = felt_cli_command (session, "hint");
  assert_true (g_str_has_prefix (answer, "{"));
  g_free (answer);

  answer = felt_cli_command (session, "teleport tableau.0");
  assert_true (g_str_has_prefix (answer, "error: unknown command “teleport”"));
  g_free (answer);
  answer = felt_cli_command (session, "");
  assert_true (g_str_has_prefix (answer, "error: "));
  g_free (answer);
  answer = felt_cli_command (session, "move reserve.0 1 foundation.9");
  assert_true (g_str_has_prefix (answer, "error: "));
  assert_non_null (strstr (answer, "foundation.9"));
  g_free (answer);

  /* Nothing in the answers spans two lines. */
  answer = felt_cli_command (session, "moves");
  assert_null (strchr (answer, '\n'));
  g_free (answer);
  assert_int_equal (felt_session_get_n_moves (session), 1);
}

static void
test_parse_seed (void **unused)
{
  static const char *const bad[] = {
    "", "-1", "+1", " 1", "1 ", "4294967296", "18446744073709551616", "abc", "1e3", "0x1", NULL,
  };
  guint32 seed = 77;

  assert_true (felt_cli_parse_seed ("0", &seed));
  assert_int_equal (seed, 0);
  assert_true (felt_cli_parse_seed ("4294967295", &seed));
  assert_int_equal (seed, 4294967295u);
  assert_true (felt_cli_parse_seed ("123", &seed));
  assert_int_equal (seed, 123);
  for (guint i = 0; bad[i]; i++)
    {
      seed = 77;
      if (felt_cli_parse_seed (bad[i], &seed))
        fail_msg ("“%s” taken as a deal number", bad[i]);
      assert_int_equal (seed, 77);
    }
  assert_false (felt_cli_parse_seed (NULL, &seed));
}

/* ---- the commit in survey files -------------------------------------------- */

static void
write_file (const char *dir, const char *name, const char *text)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);

  assert_true (g_file_set_contents (path, text, -1, NULL));
}

/* text with field (e.g. "\tcommit=0123abc") added to its first line. */
static char *
with_field (const char *text, const char *field)
{
  const char *eol = strchr (text, '\n');

  assert_non_null (eol);
  return g_strdup_printf ("%.*s%s%s", (int) (eol - text), text, field, eol);
}

/* The header records the build's commit after the version; a file
 * without it (felt-cli before it recorded one) still resumes and merges;
 * files of two commits of the same version merge with a warning; --merge
 * names the commits; another version is refused as before. */
static void
test_survey_commit (void **unused)
{
  g_autofree char *dir = felt_test_make_dir ("felt-commit", NULL);
  g_autofree char *a = g_build_filename (dir, "a", NULL), *b = g_build_filename (dir, "b", NULL);
  g_autofree char *c = g_build_filename (dir, "c", NULL), *text = NULL, *commit = NULL;
  g_autofree char *b_text = NULL, *resumed = NULL, *other = NULL, *older = NULL;
  g_autofree char *merged = NULL, *both = NULL, *version = NULL;
  g_auto (Run) run = { 0 };
  g_auto (Run) again = { 0 };
  g_auto (Run) m1 = { 0 };
  g_auto (Run) m2 = { 0 };
  g_auto (Run) m3 = { 0 };
  g_auto (GStrv) lines = NULL;
  g_auto (GStrv) f = NULL;
  GString *old = g_string_new (NULL);

  run_cli (&run, NULL, "survey", "straight-up", "--seeds", "1-4", "--jobs", "1", "--output", a);
  assert_int_equal (run.status, 0);
  text = felt_test_read_file (dir, "a");
  lines = g_strsplit (text, "\n", -1);
  f = g_strsplit (lines[0], "\t", -1);
  version = g_strdup_printf ("version=%s", g_getenv ("FELT_VERSION"));
  assert_int_equal (g_strv_length (f), 6);
  assert_string_equal (f[4], version);
  assert_true (g_str_has_prefix (f[5], "commit="));
  commit = g_strdup (f[5] + strlen ("commit="));
  assert_true (commit[0] != '\0');

  /* b: a's header without the commit, as today's felt-cli writes it, and
   * no records: resuming it solves deals 5-8 with a warning, and keeps
   * the header as it was. */
  for (guint i = 0; i < 5; i++)
    g_string_append_printf (old, "%s%s", f[i], i < 4 ? "\t" : "\n");
  g_string_append_printf (old, "%s\n", lines[1]);
  write_file (dir, "b", old->str);
  run_cli (&again, NULL, "survey", "straight-up", "--seeds", "5-8", "--jobs", "1", "--output", b);
  assert_int_equal (again.status, 0);
  assert_non_null (strstr (again.err, "records no commit"));
  assert_int_equal (count_lines (again.err), 1);
  b_text = felt_test_read_file (dir, "b");
  assert_true (g_str_has_prefix (b_text, old->str));
  assert_int_equal (count_lines (b_text), 6);

  merged = g_strdup_printf ("commit: %s\nfiles: 2\n", commit);
  run_cli (&m1, NULL, "survey", "--merge", a, b);
  assert_int_equal (m1.status, 0);
  assert_string_equal (m1.err, "");
  assert_true (g_str_has_suffix (m1.out, merged));
  assert_non_null (strstr (m1.out, "deals: 8 (1-8)\n"));

  /* c: b's deals by another commit of the same version. */
  other = with_field (b_text, "\tcommit=0123abc");
  write_file (dir, "c", other);
  both = g_strdup_printf ("commit: %s, 0123abc\nfiles: 2\n", commit);
  run_cli (&m2, NULL, "survey", "--merge", a, c);
  assert_int_equal (m2.status, 0);
  assert_int_equal (count_lines (m2.err), 1);
  assert_non_null (strstr (m2.err, "warning"));
  assert_non_null (strstr (m2.err, "0123abc"));
  assert_non_null (strstr (m2.err, commit));
  assert_true (g_str_has_suffix (m2.out, both));

  /* Another version: refused, with or without a commit. */
  older = g_strdup (other);
  strstr (older, "\tversion=")[strlen ("\tversion=")] = '~';
  write_file (dir, "c", older);
  run_cli (&m3, NULL, "survey", "--merge", a, c);
  assert_int_equal (m3.status, 2);
  g_string_free (old, TRUE);
  felt_test_remove_dir (dir);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_games),
    cmocka_unit_test (test_version),
    cmocka_unit_test (test_show),
    cmocka_unit_test (test_state),
    cmocka_unit_test (test_state_json_literal),
    cmocka_unit_test (test_play_cruel),
    cmocka_unit_test (test_play_every_game),
    cmocka_unit_test (test_play_hopscotch_stock),
    cmocka_unit_test (test_play_game_over),
    cmocka_unit_test (test_play_odd_input),
    cmocka_unit_test (test_play_long_session),
    cmocka_unit_test (test_play_long_line),
    cmocka_unit_test (test_bad_invocations),
    cmocka_unit_test (test_seed_range),
    cmocka_unit_test (test_command_protocol),
    cmocka_unit_test (test_parse_seed),
    cmocka_unit_test (test_survey_commit),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
