/* felt-cli.c: the headless tool over the rules engine (doc/felt-cli.md).
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "felt-cli.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "felt-format.h"
#include "felt-session.h"
#include "felt-solver.h"
#include "felt-survey.h"

gboolean
felt_cli_parse_seed (const char *text, guint32 *seed)
{
  return felt_seed_parse (text, seed);
}

/* Splits "move tableau.1 1 foundation.0" and answers it. */
char *
felt_cli_command (FeltSession *session, const char *line)
{
  const FeltGame *game = felt_session_get_game (session);
  const FeltState *state = felt_session_get_state (session);
  g_auto (GStrv) words = NULL;
  g_autofree char *trimmed = g_strstrip (g_strdup (line));
  guint n_words;

  words = g_strsplit_set (trimmed, " \t", -1);
  /* Drop the empty words that runs of blanks leave. */
  n_words = 0;
  for (guint i = 0; words[i]; i++)
    if (words[i][0] != '\0')
      words[n_words++] = words[i];
    else
      g_free (words[i]);
  words[n_words] = NULL;

  if (n_words == 0)
    return g_strdup ("error: empty command; try state, moves, move FROM COUNT TO, stock, undo, redo or hint");

  if (g_str_equal (words[0], "state") && n_words == 1)
    return felt_state_to_json (state, felt_session_get_seed (session),
                               felt_session_get_n_moves (session));

  if (g_str_equal (words[0], "moves") && n_words == 1)
    {
      FeltMove moves[FELT_MAX_MOVES + 1];
      guint n = felt_state_legal_moves (state, moves);
      if (felt_state_can_stock (state))
        moves[n++] = (FeltMove) { 0, 0, 0, 1 };
      return felt_moves_to_json (game, moves, n);
    }

  if (g_str_equal (words[0], "move"))
    {
      FeltMove move = { 0, 0, 0, 0 };
      guint64 count;
      int from, to;
      FeltIllegal why;

      if (n_words != 4)
        return g_strdup ("error: usage: move FROM COUNT TO, e.g. move tableau.3 1 foundation.0");
      from = felt_pile_parse (game, words[1]);
      to = felt_pile_parse (game, words[3]);
      if (from < 0)
        return g_strdup_printf ("error: no pile “%s” in %s", words[1], game->id);
      if (to < 0)
        return g_strdup_printf ("error: no pile “%s” in %s", words[3], game->id);
      if (!g_ascii_string_to_unsigned (words[2], 10, 1, FELT_MAX_CARDS, &count, NULL))
        return g_strdup_printf ("error: the count must be a number from 1 to %d, not “%s”",
                                FELT_MAX_CARDS, words[2]);
      move.from = (guint8) from;
      move.to = (guint8) to;
      move.count = (guint8) count;
      why = felt_session_play (session, &move);
      if (why != FELT_LEGAL)
        return g_strdup_printf ("illegal: %s", felt_illegal_message (why));
      return g_strdup ("ok");
    }

  if (g_str_equal (words[0], "stock") && n_words == 1)
    {
      FeltMove move = { 0, 0, 0, 1 };
      FeltIllegal why = felt_session_play (session, &move);
      if (why != FELT_LEGAL)
        return g_strdup_printf ("illegal: %s", felt_illegal_message (why));
      return g_strdup ("ok");
    }

  if (g_str_equal (words[0], "undo") && n_words == 1)
    return g_strdup (felt_session_undo (session) ? "ok" : "illegal: nothing to undo");

  if (g_str_equal (words[0], "redo") && n_words == 1)
    return g_strdup (felt_session_redo (session) ? "ok" : "illegal: nothing to redo");

  if (g_str_equal (words[0], "hint") && n_words == 1)
    {
      FeltMove move;
      if (!felt_state_hint (state, &move))
        return g_strdup ("null");
      return felt_move_to_json (game, &move);
    }

  if (g_str_equal (words[0], "state") || g_str_equal (words[0], "moves") ||
      g_str_equal (words[0], "stock") || g_str_equal (words[0], "undo") ||
      g_str_equal (words[0], "redo") || g_str_equal (words[0], "hint"))
    return g_strdup_printf ("error: “%s” takes no arguments", words[0]);

  return g_strdup_printf ("error: unknown command “%s”; try state, moves, move FROM COUNT TO, "
                          "stock, undo, redo or hint", words[0]);
}

/* The command line's errors, like the survey files' (felt-survey.c). */
#define usage_error felt_cli_error

int
felt_cli_error (const char *fmt, ...)
{
  va_list args;
  g_autofree char *message = NULL;

  va_start (args, fmt);
  message = g_strdup_vprintf (fmt, args);
  va_end (args);
  /* One line (doc/felt-cli.md), whatever the quoted arguments hold. */
  for (char *p = message; *p; p++)
    if ((guchar) *p < 0x20 || *p == 0x7f)
      *p = '?';
  fprintf (stderr, "felt-cli: %s\n", message);
  return 2;
}

static const char usage[] =
  "usage: felt-cli games\n"
  "       felt-cli show GAME [--seed N]\n"
  "       felt-cli state GAME --seed N\n"
  "       felt-cli play GAME --seed N\n"
  "       felt-cli solve GAME --seed N [--budget NODES] [--budget-ms M]\n"
  "       felt-cli survey GAME --seeds A-B [--budget NODES] [--budget-ms M]\n"
  "                       [--jobs N] [--output FILE] [--verbose]\n"
  "       felt-cli survey --merge FILE...\n"
  "       felt-cli --help\n"
  "       felt-cli --version\n"
  "GAME is one of the games below; N is a deal number from 0 to 4294967295.\n"
  "solve prints the verdict (winnable, lost or unknown), the positions searched,\n"
  "the time, the difficulty (easy, medium, hard, impossible or unknown, with the\n"
  "figure 0-1000 it comes from) and, for a winnable deal, the winning line in the\n"
  "play protocol's move format; survey solves deals A to B and prints the shares\n"
  "(times are CPU time per deal), in N threads (default: one per processor),\n"
  "keeping one line per deal in FILE (run again, it resumes); --merge sums up\n"
  "such files.  NODES is the search budget in positions\n"
  "(default: about a second's worth; three for backbone, up to four for\n"
  "cruel's hardest deals); M a limit in milliseconds per deal (with\n"
  "--budget-ms alone, the search is limited by time only).  Winnable means\n"
  "winnable knowing where every card lies.\n";

/* The longest line play reads (doc/felt-cli.md); the longest command
 * is some forty bytes.  A longer line is skipped to its end and answered
 * with one short error: neither the answer nor the memory grows with
 * it. */
#define MAX_LINE 1024

static int
run_play (FeltSession *session)
{
  g_autoptr (GString) line = g_string_new (NULL);
  gboolean too_long = FALSE;
  int c;

  /* Read byte by byte so that a NUL byte in the input cannot cut a
   * command short unnoticed. */
  for (;;)
    {
      c = getchar ();
      if (c == EOF && line->len == 0 && !too_long)
        break;
      if (c == '\n' || c == EOF)
        {
          g_autofree char *answer = NULL;
          if (line->len && line->str[line->len - 1] == '\r')
            g_string_truncate (line, line->len - 1);
          if (too_long || line->len > MAX_LINE)
            answer = g_strdup_printf ("error: the line is longer than %d bytes", MAX_LINE);
          else if (strlen (line->str) != line->len || !g_utf8_validate (line->str, line->len, NULL))
            answer = g_strdup ("error: the command is not valid text");
          else
            answer = felt_cli_command (session, line->str);
          fputs (answer, stdout);
          fputc ('\n', stdout);
          fflush (stdout);
          g_string_truncate (line, 0);
          too_long = FALSE;
          if (c == EOF)
            break;
          continue;
        }
      /* One byte more than the limit: a CR before the newline. */
      if (line->len <= MAX_LINE)
        g_string_append_c (line, (char) c);
      else
        too_long = TRUE;
    }
  return 0;
}

/* ---- solve and survey: the solver and its benchmark ------------------------ */

/* "--name VALUE" or "--name=VALUE": TRUE when arg is the option (then
 * *value is its value, or NULL when it is missing). */
static gboolean
option_value (int argc, char **argv, int *i, const char *name, const char **value)
{
  const char *arg = argv[*i];
  gsize len = strlen (name);

  if (strncmp (arg, name, len) != 0 || (arg[len] != '\0' && arg[len] != '='))
    return FALSE;
  if (arg[len] == '=')
    *value = arg + len + 1;
  else if (*i + 1 < argc)
    *value = argv[++*i];
  else
    *value = NULL;
  return TRUE;
}

/* The game a command names, or NULL after saying what is wrong. */
static const FeltGame *
game_argument (const char *command, const char *game_id)
{
  const FeltGame *game;

  if (game_id == NULL)
    {
      g_autofree char *ids = felt_games_list_ids ();
      usage_error ("“%s” needs a game: one of %s", command, ids);
      return NULL;
    }
  game = felt_game_lookup (game_id);
  if (game == NULL)
    {
      g_autofree char *ids = felt_games_list_ids ();
      usage_error ("unknown game “%s”; games are %s", game_id, ids);
    }
  return game;
}

/* A budget: digits only, at least 1. */
static gboolean
parse_budget (const char *text, guint64 *budget)
{
  if (text == NULL || text[0] < '0' || text[0] > '9')
    return FALSE;
  return g_ascii_string_to_unsigned (text, 10, 1, G_MAXUINT64, budget, NULL);
}

/* "A-B" with A <= B, or a single deal number. */
static gboolean
parse_seed_range (const char *text, guint32 *first, guint32 *last)
{
  const char *dash = text ? strchr (text, '-') : NULL;
  g_autofree char *a = NULL;

  if (text == NULL)
    return FALSE;
  if (dash == NULL)
    {
      if (!felt_seed_parse (text, first))
        return FALSE;
      *last = *first;
      return TRUE;
    }
  a = g_strndup (text, (gsize) (dash - text));
  return felt_seed_parse (a, first) && felt_seed_parse (dash + 1, last) && *first <= *last;
}

static void
print_line (const FeltGame *game, const GArray *line)
{
  for (guint i = 0; i < line->len; i++)
    {
      const FeltMove *m = &g_array_index (line, FeltMove, i);
      char from[16], to[16];
      if (m->stock)
        puts ("stock");
      else
        printf ("move %s %u %s\n", felt_pile_name (game, m->from, from), m->count,
                felt_pile_name (game, m->to, to));
    }
}

/* An option taking a count of at least 1 (--budget, --budget-ms), given
 * at most once; FALSE after saying what is wrong. */
static gboolean
count_option (const char *name, const char *value, const char *what, const char *unit,
              gboolean *given, guint64 *count)
{
  if (*given)
    {
      usage_error ("%s given twice", name);
      return FALSE;
    }
  if (!parse_budget (value, count))
    {
      usage_error ("bad %s “%s”: %s takes a number of %s, at least 1", what, value ? value : "", name, unit);
      return FALSE;
    }
  *given = TRUE;
  return TRUE;
}

static int
run_solve (const FeltGame *game, guint32 seed, guint64 budget, guint64 ms)
{
  FeltState state;
  FeltSolveResult result;
  FeltRating rating;

  felt_state_deal (&state, game, seed);
  felt_cli_solve_within (&state, budget, ms, &result);
  printf ("verdict: %s\n", felt_solve_verdict_id (result.verdict));
  printf ("nodes: %" G_GUINT64_FORMAT "\n", result.nodes);
  printf ("time: %.3f s\n", result.seconds);
  if (result.win_chance >= 0)
    printf ("win chance: %.1f%%\n", 100 * result.win_chance);
  /* The rating always rests on the default, clock-free search: reuse this
   * one when it was that search. */
  felt_solver_rate (&state, budget == 0 && ms == 0 ? &result : NULL, NULL, &rating);
  printf ("difficulty: %s (%d)\n", felt_difficulty_id (rating.difficulty), rating.figure);
  if (result.verdict == FELT_SOLVE_WINNABLE)
    {
      puts ("line:");
      print_line (game, result.line);
    }
  felt_solve_result_clear (&result);
  return 0;
}

/* survey --merge FILE...: the files must exist and be survey files; the
 * rest is felt_survey_merge's. */
static int
merge_main (int argc, char **argv)
{
  if (argc < 4)
    return usage_error ("“survey --merge” needs the files to merge (survey --output files)");
  return felt_survey_merge ((const char *const *) argv + 3, (guint) argc - 3);
}

/* solve GAME --seed N [--budget NODES] [--budget-ms M]
 * survey GAME --seeds A-B [--budget NODES] [--budget-ms M] [--jobs N]
 *        [--output FILE] [--verbose]
 * survey --merge FILE... */
static int
solver_main (const char *command, int argc, char **argv)
{
  gboolean survey = g_str_equal (command, "survey");
  const char *game_id = NULL, *value;
  gboolean seeds_given = FALSE, budget_given = FALSE, ms_given = FALSE, jobs_given = FALSE;
  FeltSurvey run = { .jobs = g_get_num_processors () };
  guint64 jobs = run.jobs;

  if (survey && argc > 2 && g_str_equal (argv[2], "--merge"))
    return merge_main (argc, argv);
  for (int i = 2; i < argc; i++)
    {
      const char *arg = argv[i];
      if (!survey && option_value (argc, argv, &i, "--seed", &value))
        {
          if (seeds_given)
            return usage_error ("--seed given twice");
          if (!felt_seed_parse (value, &run.first))
            return usage_error ("bad deal number “%s”: --seed takes a whole number from 0 to 4294967295",
                                value ? value : "");
          run.last = run.first;
          seeds_given = TRUE;
        }
      else if (survey && option_value (argc, argv, &i, "--seeds", &value))
        {
          if (seeds_given)
            return usage_error ("--seeds given twice");
          if (!parse_seed_range (value, &run.first, &run.last))
            return usage_error ("bad range “%s”: --seeds takes A-B, two deal numbers from 0 to "
                                "4294967295 with A not above B", value ? value : "");
          seeds_given = TRUE;
        }
      else if (option_value (argc, argv, &i, "--budget", &value))
        {
          if (!count_option ("--budget", value, "budget", "positions", &budget_given, &run.budget))
            return 2;
        }
      else if (option_value (argc, argv, &i, "--budget-ms", &value))
        {
          if (!count_option ("--budget-ms", value, "time limit", "milliseconds", &ms_given, &run.ms))
            return 2;
        }
      else if (survey && option_value (argc, argv, &i, "--jobs", &value))
        {
          if (!count_option ("--jobs", value, "number of jobs", "threads", &jobs_given, &jobs))
            return 2;
          if (jobs > 1024)
            return usage_error ("bad number of jobs “%s”: --jobs takes 1 to 1024 threads", value);
        }
      else if (survey && option_value (argc, argv, &i, "--output", &value))
        {
          if (run.output)
            return usage_error ("--output given twice");
          if (value == NULL || value[0] == '\0')
            return usage_error ("--output needs a file name");
          run.output = value;
        }
      else if (survey && g_str_equal (arg, "--verbose"))
        run.verbose = TRUE;
      else if (arg[0] == '-' && arg[1] != '\0')
        return usage_error (survey ? "unknown option “%s”; survey takes --seeds A-B, --budget NODES, "
                                     "--budget-ms M, --jobs N, --output FILE and --verbose, "
                                     "or --merge FILE... alone"
                                   : "unknown option “%s”; solve takes --seed N, --budget NODES and --budget-ms M",
                            arg);
      else if (game_id == NULL)
        game_id = arg;
      else
        return usage_error ("unexpected argument “%s”", arg);
    }

  run.game = game_argument (command, game_id);
  if (run.game == NULL)
    return 2;
  if (!seeds_given)
    return usage_error (survey ? "“survey” needs --seeds A-B (deal numbers from 0 to 4294967295)"
                               : "“solve” needs --seed N (a deal number from 0 to 4294967295)");
  run.jobs = (guint) jobs;
  if (survey)
    return felt_survey_run (&run);
  return run_solve (run.game, run.first, run.budget, run.ms);
}

int
felt_cli_main (int argc, char **argv)
{
  const char *command, *game_id = NULL, *seed_text = NULL;
  const FeltGame *game;
  gboolean seed_given = FALSE;
  guint32 seed = 0;

  /* doc/felt-cli.md: a missing argument is one line on stderr, like any other. */
  if (argc < 2)
    return usage_error ("missing command; commands are games, show, state, play, solve "
                        "and survey (felt-cli --help tells more)");
  command = argv[1];

  if (g_str_equal (command, "--help") || g_str_equal (command, "-h") ||
      g_str_equal (command, "help"))
    {
      g_autofree char *ids = felt_games_list_ids ();
      printf ("%sgames: %s\n", usage, ids);
      return 0;
    }

  if (g_str_equal (command, "games"))
    {
      if (argc != 2)
        return usage_error ("“games” takes no arguments, got “%s”", argv[2]);
      for (guint i = 0; i < FELT_N_GAMES; i++)
        {
          const FeltGame *g = felt_game_get (i);
          printf ("%s\t%s\t%u\n", g->id, _(g->name), g->n_decks);
        }
      return 0;
    }

  if (g_str_equal (command, "solve") || g_str_equal (command, "survey"))
    return solver_main (command, argc, argv);

  if (!g_str_equal (command, "show") && !g_str_equal (command, "state") &&
      !g_str_equal (command, "play"))
    return usage_error ("unknown command “%s”; commands are games, show, state, play, "
                        "solve and survey", command);

  for (int i = 2; i < argc; i++)
    {
      const char *arg = argv[i];
      if (g_str_equal (arg, "--seed") || g_str_has_prefix (arg, "--seed="))
        {
          if (seed_given)
            return usage_error ("--seed given twice");
          if (arg[6] == '=')
            seed_text = arg + 7;
          else if (i + 1 < argc)
            seed_text = argv[++i];
          else
            return usage_error ("--seed needs a deal number from 0 to 4294967295");
          if (!felt_cli_parse_seed (seed_text, &seed))
            return usage_error ("bad deal number “%s”: --seed takes a whole number from 0 to 4294967295",
                                seed_text);
          seed_given = TRUE;
        }
      else if (arg[0] == '-' && arg[1] != '\0')
        return usage_error ("unknown option “%s”; the only option is --seed N", arg);
      else if (game_id == NULL)
        game_id = arg;
      else
        return usage_error ("unexpected argument “%s”", arg);
    }

  game = game_argument (command, game_id);
  if (game == NULL)
    return 2;
  if (!seed_given && !g_str_equal (command, "show"))
    return usage_error ("“%s” needs --seed N (a deal number from 0 to 4294967295)", command);

  {
    g_autoptr (FeltSession) session = felt_session_new (game, seed);
    const FeltState *state = felt_session_get_state (session);

    if (g_str_equal (command, "show"))
      {
        g_autofree char *text = felt_state_to_text (state, seed);
        fputs (text, stdout);
        return 0;
      }
    if (g_str_equal (command, "state"))
      {
        g_autofree char *json = felt_state_to_json (state, seed, 0);
        puts (json);
        return 0;
      }
    return run_play (session);
  }
}
