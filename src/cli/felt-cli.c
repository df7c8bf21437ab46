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
#include <sys/resource.h>
#include <time.h>

#include "felt-format.h"
#include "felt-session.h"
#include "felt-solver.h"

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

static int
usage_error (const char *fmt, ...) G_GNUC_PRINTF (1, 2);

static int
usage_error (const char *fmt, ...)
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
  "                       [--verbose]\n"
  "       felt-cli --help\n"
  "       felt-cli --version\n"
  "GAME is one of the games below; N is a deal number from 0 to 4294967295.\n"
  "solve prints the verdict (winnable, lost or unknown), the positions searched,\n"
  "the time, the difficulty (easy, medium, hard, impossible or unknown, with the\n"
  "figure 0-1000 it comes from) and, for a winnable deal, the winning line in the\n"
  "play protocol's move format; survey solves deals A to B and prints the shares\n"
  "(times are CPU time per deal).  NODES is the search budget in positions\n"
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

/* Plays the line from the deal through a session: TRUE when every move is
 * legal and the game ends won. */
static gboolean
line_replays (const FeltGame *game, guint32 seed, const GArray *line)
{
  g_autoptr (FeltSession) session = felt_session_new (game, seed);

  for (guint i = 0; i < line->len; i++)
    if (felt_session_play (session, &g_array_index (line, FeltMove, i)) != FELT_LEGAL)
      return FALSE;
  return felt_state_is_won (felt_session_get_state (session));
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

static FeltGameId
game_id_of (const FeltGame *game)
{
  for (guint i = 0; i < FELT_N_GAMES; i++)
    if (felt_game_get (i) == game)
      return (FeltGameId) i;
  g_return_val_if_reached (FELT_GAME_CRUEL);
}

static double
percent (guint part, guint whole)
{
  return whole ? 100.0 * part / whole : 0;
}

/* A time limit: a watchdog thread cancels the search when it is up. */
typedef struct {
  GMutex lock;
  GCond done_cond;
  gboolean done;
  gint cancel;
  gint64 deadline;  /* monotonic */
} Watchdog;

static gpointer
watchdog_run (gpointer data)
{
  Watchdog *dog = data;

  g_mutex_lock (&dog->lock);
  while (!dog->done)
    if (!g_cond_wait_until (&dog->done_cond, &dog->lock, dog->deadline))
      {
        g_atomic_int_set (&dog->cancel, 1);
        break;
      }
  g_mutex_unlock (&dog->lock);
  return NULL;
}

/* felt_solve with a node budget (0: the game's default, or no limit when
 * a time limit is given) and a time limit in milliseconds (0: none).  A
 * search stopped by the clock is "unknown". */
static void
solve_within (const FeltState *state, guint64 budget, guint64 ms, FeltSolveResult *result)
{
  Watchdog dog = { .done = FALSE, .cancel = 0 };
  GThread *thread;

  if (ms == 0)
    {
      felt_solve (state, budget, NULL, result);
      return;
    }
  g_mutex_init (&dog.lock);
  g_cond_init (&dog.done_cond);
  dog.deadline = g_get_monotonic_time () + (gint64) MIN (ms, (guint64) G_MAXINT64 / 2000) * 1000;
  thread = g_thread_new ("felt-cli-clock", watchdog_run, &dog);
  felt_solve (state, budget ? budget : G_MAXUINT64, &dog.cancel, result);
  g_mutex_lock (&dog.lock);
  dog.done = TRUE;
  g_cond_signal (&dog.done_cond);
  g_mutex_unlock (&dog.lock);
  g_thread_join (thread);
  g_mutex_clear (&dog.lock);
  g_cond_clear (&dog.done_cond);
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

/* CPU time of the process, in seconds: what a deal costs, whatever else
 * the machine is doing (the watchdog thread only sleeps). */
static double
cpu_seconds (void)
{
  struct timespec ts;

  if (clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts) != 0)
    return g_get_monotonic_time () / 1e6;
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* The most memory the process has held at once (its peak resident set):
 * the solver's tables at their largest, plus the program itself. */
static double
peak_mib (void)
{
  struct rusage ru;

  if (getrusage (RUSAGE_SELF, &ru) != 0)
    return 0;
  return ru.ru_maxrss / 1024.0;  /* kilobytes on Linux */
}

static int
run_solve (const FeltGame *game, guint32 seed, guint64 budget, guint64 ms)
{
  FeltState state;
  FeltSolveResult result;
  FeltRating rating;

  felt_state_deal (&state, game, seed);
  solve_within (&state, budget, ms, &result);
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

static int
run_survey (const FeltGame *game, guint32 first, guint32 last, guint64 budget, guint64 ms,
            gboolean verbose)
{
  guint deals = 0, won = 0, lost = 0, fast = 0, second = 0, three = 0, bad_lines = 0;
  guint rated[FELT_DIFFICULTY_UNKNOWN + 1] = { 0 }, rated_fast = 0;
  double total = 0, max = 0, chance = 0, cpu_total = 0, cpu_max = 0;
  guint32 max_seed = first, cpu_max_seed = first;
  gboolean rate = budget == 0 && ms == 0;

  for (guint64 seed = first; seed <= last; seed++)
    {
      FeltState state;
      FeltSolveResult result;
      FeltRating rating;
      gboolean decided;
      double cpu0 = cpu_seconds (), cpu, rate_cpu = 0;

      felt_state_deal (&state, game, (guint32) seed);
      solve_within (&state, budget, ms, &result);
      cpu = cpu_seconds () - cpu0;
      deals++;
      decided = result.verdict != FELT_SOLVE_UNKNOWN;
      won += result.verdict == FELT_SOLVE_WINNABLE;
      lost += result.verdict == FELT_SOLVE_LOST;
      fast += decided && cpu <= 0.010;
      second += decided && cpu <= 1.0;
      three += decided && cpu <= 3.0;
      total += result.seconds;
      cpu_total += cpu;
      if (result.seconds > max)
        {
          max = result.seconds;
          max_seed = (guint32) seed;
        }
      if (cpu > cpu_max)
        {
          cpu_max = cpu;
          cpu_max_seed = (guint32) seed;
        }
      if (result.win_chance >= 0)
        chance += result.win_chance;
      if (result.verdict == FELT_SOLVE_WINNABLE &&
          !line_replays (game, (guint32) seed, result.line))
        bad_lines++;
      if (rate)
        {
          double r0 = cpu_seconds ();
          felt_solver_rate (&state, &result, NULL, &rating);
          rate_cpu = cpu + cpu_seconds () - r0;
          rated[rating.difficulty]++;
          rated_fast += rate_cpu <= 1.0;
        }
      if (verbose)
        {
          printf ("deal %" G_GUINT64_FORMAT ": %s, %" G_GUINT64_FORMAT " nodes, %.3f s, cpu %.3f s",
                  seed, felt_solve_verdict_id (result.verdict), result.nodes, result.seconds, cpu);
          if (result.win_chance >= 0)
            printf (", win chance %.1f%%", 100 * result.win_chance);
          if (rate)
            printf (", %s (%d), rated in %.3f s cpu", felt_difficulty_id (rating.difficulty),
                    rating.figure, rate_cpu);
          putchar ('\n');
          fflush (stdout);
        }
      felt_solve_result_clear (&result);
    }

  printf ("game: %s\n", game->id);
  printf ("deals: %u (%u-%u)\n", deals, first, last);
  if (budget)
    printf ("budget: %" G_GUINT64_FORMAT " nodes\n", budget);
  else if (ms == 0)
    printf ("budget: %" G_GUINT64_FORMAT " nodes (default)\n",
            felt_solve_default_budget (game_id_of (game)));
  if (ms)
    printf ("time limit: %" G_GUINT64_FORMAT " ms per deal\n", ms);
  printf ("won: %u (%.1f%%)\n", won, percent (won, deals));
  printf ("lost: %u (%.1f%%)\n", lost, percent (lost, deals));
  printf ("unknown: %u (%.1f%%)\n", deals - won - lost, percent (deals - won - lost, deals));
  /* Times are CPU time of the process per deal: honest figures on a busy
   * machine; wall-clock time as well below. */
  printf ("decided within 10 ms: %u (%.1f%%)\n", fast, percent (fast, deals));
  printf ("decided within 1 s: %u (%.1f%%)\n", second, percent (second, deals));
  printf ("decided within 3 s: %u (%.1f%%)\n", three, percent (three, deals));
  printf ("mean time: %.4f s\n", cpu_total / deals);
  printf ("max time: %.3f s (deal %u)\n", cpu_max, cpu_max_seed);
  printf ("mean wall time: %.4f s\n", total / deals);
  printf ("max wall time: %.3f s (deal %u)\n", max, max_seed);
  printf ("peak memory: %.1f MiB\n", peak_mib ());
  if (chance > 0 || game->redeal == FELT_REDEAL_SHUFFLE_RESERVES)
    printf ("mean win chance: %.1f%%\n", 100 * chance / deals);
  printf ("lines replayed: %u, failed: %u\n", won, bad_lines);
  if (rate)
    {
      printf ("difficulty:");
      for (guint d = 0; d <= FELT_DIFFICULTY_UNKNOWN; d++)
        printf ("%s %s %u (%.1f%%)", d ? "," : "", felt_difficulty_id (d), rated[d],
                percent (rated[d], deals));
      putchar ('\n');
      printf ("rated within 1 s: %u (%.1f%%)\n", rated_fast, percent (rated_fast, deals));
    }
  return bad_lines ? 1 : 0;
}

/* solve GAME --seed N [--budget NODES] [--budget-ms M]
 * survey GAME --seeds A-B [--budget NODES] [--budget-ms M] [--verbose] */
static int
solver_main (const char *command, int argc, char **argv)
{
  gboolean survey = g_str_equal (command, "survey");
  const char *game_id = NULL, *value;
  const FeltGame *game;
  gboolean seeds_given = FALSE, budget_given = FALSE, ms_given = FALSE, verbose = FALSE;
  guint32 first = 0, last = 0;
  guint64 budget = 0, ms = 0;

  for (int i = 2; i < argc; i++)
    {
      const char *arg = argv[i];
      if (!survey && option_value (argc, argv, &i, "--seed", &value))
        {
          if (seeds_given)
            return usage_error ("--seed given twice");
          if (!felt_seed_parse (value, &first))
            return usage_error ("bad deal number “%s”: --seed takes a whole number from 0 to 4294967295",
                                value ? value : "");
          last = first;
          seeds_given = TRUE;
        }
      else if (survey && option_value (argc, argv, &i, "--seeds", &value))
        {
          if (seeds_given)
            return usage_error ("--seeds given twice");
          if (!parse_seed_range (value, &first, &last))
            return usage_error ("bad range “%s”: --seeds takes A-B, two deal numbers from 0 to "
                                "4294967295 with A not above B", value ? value : "");
          seeds_given = TRUE;
        }
      else if (option_value (argc, argv, &i, "--budget", &value))
        {
          if (!count_option ("--budget", value, "budget", "positions", &budget_given, &budget))
            return 2;
        }
      else if (option_value (argc, argv, &i, "--budget-ms", &value))
        {
          if (!count_option ("--budget-ms", value, "time limit", "milliseconds", &ms_given, &ms))
            return 2;
        }
      else if (survey && g_str_equal (arg, "--verbose"))
        verbose = TRUE;
      else if (arg[0] == '-' && arg[1] != '\0')
        return usage_error (survey ? "unknown option “%s”; survey takes --seeds A-B, --budget NODES, "
                                     "--budget-ms M and --verbose"
                                   : "unknown option “%s”; solve takes --seed N, --budget NODES and --budget-ms M",
                            arg);
      else if (game_id == NULL)
        game_id = arg;
      else
        return usage_error ("unexpected argument “%s”", arg);
    }

  game = game_argument (command, game_id);
  if (game == NULL)
    return 2;
  if (!seeds_given)
    return usage_error (survey ? "“survey” needs --seeds A-B (deal numbers from 0 to 4294967295)"
                               : "“solve” needs --seed N (a deal number from 0 to 4294967295)");
  if (survey)
    return run_survey (game, first, last, budget, ms, verbose);
  return run_solve (game, first, budget, ms);
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
