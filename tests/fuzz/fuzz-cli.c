/* fuzz-cli.c: libFuzzer target for felt-cli: the play protocol
 * (felt_cli_command) and the command line (felt_cli_main).
 *
 * An input without a NUL byte is a play session: lines of the protocol.
 * If the first line is "GAME SEED" (e.g. "cruel 42") it picks the deal;
 * otherwise the first byte picks the game, deal 0, and every line is a
 * command.  Each answer must be exactly one line (no '\n') starting with
 * "ok", "illegal: ", "error: ", "{", "[" or "null"; "ok" must have played,
 * undone or redone exactly one move (and undo/redo of it must give the
 * positions back), anything else must leave the game as it was.
 *
 * An input with a NUL byte is a command line: argv[1..] are the pieces
 * between NUL bytes (a trailing NUL ends the last one).  felt_cli_main
 * must return 0 or 2 (survey: 1 when a line fails), write exactly one
 * line "felt-cli: ..." to stderr and nothing to stdout when it returns 2,
 * and nothing to stderr when it returns 0.  Standard input is /dev/null
 * (so "play" ends at once) and the real standard output is /dev/null;
 * stdout and stderr are caught per run in memory streams.  "solve" and
 * "survey" with a game run only with a small --budget (not "survey", not
 * Scuffle's win chance): the solver is not what this fuzzes.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "felt-cli.h"
#include "felt-format.h"

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

#define MAX_ARGS 64
#define MAX_COMMANDS 512
#define MAX_SOLVE_BUDGET 2000

static void fail (const char *what, const char *detail) G_GNUC_NORETURN;

static void
fail (const char *what, const char *detail)
{
  /* stderr may be a memory stream just now: write to the real one. */
  g_autofree char *text = g_strdup_printf ("fuzz-cli: invariant failed: %s\n  %s\n", what,
                                           detail ? detail : "");
  if (write (STDERR_FILENO, text, strlen (text)) < 0)
    abort ();
  abort ();
}

#define CHECK(cond, detail)      \
  G_STMT_START {                 \
    if (!(cond))                 \
      fail (#cond, (detail));    \
  } G_STMT_END

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  int null = open ("/dev/null", O_RDWR);

  if (null < 0 || dup2 (null, STDIN_FILENO) < 0 || dup2 (null, STDOUT_FILENO) < 0)
    abort ();
  close (null);
  return 0;
}

/* ---- the play protocol ---------------------------------------------------- */

static gboolean
starts_with_answer (const char *answer)
{
  static const char *const prefixes[] = { "ok", "illegal: ", "error: ", "{", "[", "null" };

  for (guint i = 0; i < G_N_ELEMENTS (prefixes); i++)
    if (g_str_has_prefix (answer, prefixes[i]))
      return TRUE;
  return FALSE;
}

/* The first word of a line, as felt_cli_command splits it: blanks
 * (g_ascii_isspace) stripped at both ends, words split at spaces and tabs. */
static char *
first_word (const char *line)
{
  g_autofree char *trimmed = g_strstrip (g_strdup (line));
  const char *end = trimmed;

  while (*end && *end != ' ' && *end != '\t')
    end++;
  return g_strndup (trimmed, (gsize) (end - trimmed));
}

static void
check_command (FeltSession *session, const char *line)
{
  FeltState before = *felt_session_get_state (session);
  guint n_moves = felt_session_get_n_moves (session);
  guint n_redo = felt_session_get_n_redo (session);
  g_autofree char *answer = felt_cli_command (session, line);
  g_autofree char *word = first_word (line);
  const FeltState *after = felt_session_get_state (session);

  CHECK (answer != NULL, line);
  CHECK (strchr (answer, '\n') == NULL, answer);
  CHECK (starts_with_answer (answer), answer);
  if (g_utf8_validate (line, -1, NULL))
    CHECK (g_utf8_validate (answer, -1, NULL), answer);

  if (answer[0] == '{')
    CHECK (g_str_has_suffix (answer, "}"), answer);
  if (answer[0] == '[')
    CHECK (g_str_has_suffix (answer, "]"), answer);
  if (g_str_has_prefix (answer, "null"))
    CHECK (g_str_equal (answer, "null") && g_str_equal (word, "hint"), answer);

  if (!g_str_has_prefix (answer, "ok"))
    {
      /* Nothing happened. */
      CHECK (felt_state_equal (&before, after), answer);
      CHECK (felt_session_get_n_moves (session) == n_moves, answer);
      CHECK (felt_session_get_n_redo (session) == n_redo, answer);
      return;
    }

  CHECK (g_str_equal (answer, "ok"), answer);
  if (g_str_equal (word, "undo"))
    {
      FeltState undone = *after;

      CHECK (felt_session_get_n_moves (session) == n_moves - 1, line);
      CHECK (felt_session_get_n_redo (session) == n_redo + 1, line);
      CHECK (felt_session_redo (session), line);
      CHECK (felt_state_equal (felt_session_get_state (session), &before), line);
      CHECK (felt_session_undo (session), line);
      CHECK (felt_state_equal (felt_session_get_state (session), &undone), line);
    }
  else
    {
      FeltState done = *after;

      CHECK (g_str_equal (word, "move") || g_str_equal (word, "stock") ||
             g_str_equal (word, "redo"), line);
      CHECK (felt_session_get_n_moves (session) == n_moves + 1, line);
      CHECK (felt_session_get_n_redo (session) ==
             (g_str_equal (word, "redo") ? n_redo - 1 : 0), line);
      CHECK (felt_session_undo (session), line);
      CHECK (felt_state_equal (felt_session_get_state (session), &before), line);
      CHECK (felt_session_redo (session), line);
      CHECK (felt_state_equal (felt_session_get_state (session), &done), line);
    }
}

static void
fuzz_play (const char *text)
{
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  g_autoptr (FeltSession) session = NULL;
  const FeltGame *game = NULL;
  guint32 seed = 0;
  guint first = 0;

  {
    g_auto (GStrv) header = g_strsplit (lines[0] ? lines[0] : "", " ", -1);
    if (g_strv_length (header) == 2 && (game = felt_game_lookup (header[0])) != NULL &&
        felt_seed_parse (header[1], &seed))
      first = 1;
    else
      {
        game = felt_game_get ((FeltGameId) ((guint8) text[0] % FELT_N_GAMES));
        seed = 0;
      }
  }
  session = felt_session_new (game, seed);

  for (guint i = first; lines[i] && i < first + MAX_COMMANDS; i++)
    {
      gsize len = strlen (lines[i]);

      /* As felt-cli play reads lines: a CR before the LF goes. */
      if (len && lines[i][len - 1] == '\r')
        lines[i][len - 1] = '\0';
      check_command (session, lines[i]);
    }
}

/* ---- the command line ----------------------------------------------------- */

static gboolean
small_budget (const char *value)
{
  guint64 budget;

  return value && g_ascii_string_to_unsigned (value, 10, 1, MAX_SOLVE_BUDGET, &budget, NULL);
}

/* FALSE for a solve or survey that could search for long. */
static gboolean
quick_enough (int argc, char **argv)
{
  gboolean has_game = FALSE, budget_ok = FALSE, budget_big = FALSE, scuffle = FALSE;

  if (argc < 2 || (!g_str_equal (argv[1], "solve") && !g_str_equal (argv[1], "survey")))
    return TRUE;
  for (int i = 2; i < argc; i++)
    {
      has_game |= felt_game_lookup (argv[i]) != NULL;
      scuffle |= g_str_equal (argv[i], "scuffle");
      if (g_str_has_prefix (argv[i], "--budget"))
        {
          const char *value = argv[i][8] == '=' ? argv[i] + 9 : i + 1 < argc ? argv[i + 1] : NULL;
          if (small_budget (value))
            budget_ok = TRUE;
          else
            budget_big = TRUE;
        }
    }
  if (!has_game)
    return TRUE;   /* refused before any search */
  return g_str_equal (argv[1], "solve") && !scuffle && budget_ok && !budget_big;
}

static guint
count_lines (const char *text)
{
  guint n = 0;

  for (const char *p = text; *p; p++)
    n += *p == '\n';
  return n;
}

static void
fuzz_main (const uint8_t *data, size_t size)
{
  g_autoptr (GPtrArray) args = g_ptr_array_new_with_free_func (g_free);
  char *out_text = NULL, *err_text = NULL;
  size_t out_len = 0, err_len = 0;
  FILE *real_out = stdout, *real_err = stderr;
  size_t start = 0;
  int status;

  g_ptr_array_add (args, g_strdup ("felt-cli"));
  for (size_t i = 0; i <= size && args->len < MAX_ARGS; i++)
    if (i == size || data[i] == '\0')
      {
        if (i == size && start == size)
          break;   /* a trailing NUL ended the last argument */
        g_ptr_array_add (args, g_strndup ((const char *) data + start, i - start));
        start = i + 1;
      }
  g_ptr_array_add (args, NULL);

  if (!quick_enough ((int) args->len - 1, (char **) args->pdata))
    return;

  stdout = open_memstream (&out_text, &out_len);
  stderr = open_memstream (&err_text, &err_len);
  if (stdout == NULL || stderr == NULL)
    abort ();
  status = felt_cli_main ((int) args->len - 1, (char **) args->pdata);
  fclose (stdout);
  fclose (stderr);
  stdout = real_out;
  stderr = real_err;

  if (status == 2)
    {
      CHECK (g_str_has_prefix (err_text, "felt-cli: "), err_text);
      CHECK (count_lines (err_text) == 1 && g_str_has_suffix (err_text, "\n"), err_text);
      CHECK (out_len == 0, out_text);
    }
  else
    {
      const char *command = args->len > 2 ? args->pdata[1] : "";

      CHECK (status == 0 || (status == 1 && g_str_equal (command, "survey")), err_text);
      CHECK (err_len == 0, err_text);
      if (g_str_equal (command, "state"))
        CHECK (count_lines (out_text) == 1 && out_text[0] == '{', out_text);
      if (g_str_equal (command, "games"))
        CHECK (count_lines (out_text) == FELT_N_GAMES, out_text);
    }
  free (out_text);
  free (err_text);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  if (size == 0)
    return 0;
  if (memchr (data, '\0', size) != NULL)
    fuzz_main (data, size);
  else
    {
      g_autofree char *text = g_strndup ((const char *) data, size);
      fuzz_play (text);
    }
  return 0;
}
