/* felt-survey.c: felt-cli survey (felt-survey.h, doc/felt-cli.md).
 *
 * Every deal becomes one record, a line of tab-separated fields; the
 * summary is tallied from the records as read back from their text, so a
 * survey's summary and the merge of its file agree to the last digit,
 * whatever order the threads finished the deals in.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "felt-survey.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "config.h"
#include "felt-commit.h"
#include "felt-format.h"
#include "felt-session.h"

/* ---- one deal --------------------------------------------------------------- */

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

/* A search stopped by the clock is "unknown". */
void
felt_cli_solve_within (const FeltState *state, guint64 budget, guint64 ms, FeltSolveResult *result)
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

/* CPU time of the calling thread, in seconds: what a deal costs, whatever
 * else the machine and the other threads are doing (the watchdog thread
 * only sleeps). */
static double
cpu_seconds (void)
{
  struct timespec ts;

  if (clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts) != 0)
    return g_get_monotonic_time () / 1e6;
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* The most memory the process has held at once (its peak resident set):
 * the solver's tables at their largest, in every thread, plus the program. */
static double
peak_mib (void)
{
  struct rusage ru;

  if (getrusage (RUSAGE_SELF, &ru) != 0)
    return 0;
  return ru.ru_maxrss / 1024.0;  /* kilobytes on Linux */
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

/* What a deal came to: one line of a survey file. */
typedef struct {
  guint32 seed;
  FeltSolveVerdict verdict;
  guint64 nodes;
  double cpu, wall;     /* seconds of the solve */
  int difficulty;       /* FeltDifficulty, -1 when not rated */
  int figure;
  double rated_cpu;     /* seconds of the solve and the rating */
  guint line;           /* moves of the winning line */
  double chance;        /* Scuffle's win chance 0..1, -1 for the others */
  int replay;           /* 1 the line replays, 0 it fails, -1 no line */
} Record;

#define N_FIELDS 11

static const char columns[] =
  "# deal\tverdict\tpositions\tcpu\twall\tdifficulty\tfigure\trated-cpu\tline\twin-chance\treplay\n";

static char *
record_format (const Record *r)
{
  GString *s = g_string_new (NULL);
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  g_string_append_printf (s, "%u\t%s\t%" G_GUINT64_FORMAT "\t", r->seed,
                          felt_solve_verdict_id (r->verdict), r->nodes);
  /* g_ascii_formatd: a point whatever the locale, so files read anywhere. */
  g_string_append_printf (s, "%s\t", g_ascii_formatd (buf, sizeof buf, "%.4f", r->cpu));
  g_string_append_printf (s, "%s\t", g_ascii_formatd (buf, sizeof buf, "%.4f", r->wall));
  if (r->difficulty >= 0)
    {
      g_string_append_printf (s, "%s\t%d\t", felt_difficulty_id (r->difficulty), r->figure);
      g_string_append_printf (s, "%s\t", g_ascii_formatd (buf, sizeof buf, "%.4f", r->rated_cpu));
    }
  else
    g_string_append (s, "-\t-\t-\t");
  g_string_append_printf (s, "%u\t", r->line);
  if (r->chance >= 0)
    g_string_append_printf (s, "%s\t", g_ascii_formatd (buf, sizeof buf, "%.4f", r->chance));
  else
    g_string_append (s, "-\t");
  g_string_append (s, r->replay < 0 ? "-" : r->replay ? "ok" : "failed");
  g_string_append_c (s, '\n');
  return g_string_free (s, FALSE);
}

static gboolean
parse_double (const char *text, double *value)
{
  char *end;

  if (text[0] == '\0' || text[0] == ' ')
    return FALSE;
  *value = g_ascii_strtod (text, &end);
  return *end == '\0' && *value >= 0;
}

static gboolean
parse_count (const char *text, guint64 max, guint64 *value)
{
  return text[0] >= '0' && text[0] <= '9' &&
         g_ascii_string_to_unsigned (text, 10, 0, max, value, NULL);
}

/* One record from its line (without the newline); FALSE when the line is
 * not one. */
static gboolean
record_parse (const char *line, Record *r)
{
  g_auto (GStrv) f = g_strsplit (line, "\t", -1);
  guint64 n;

  if (g_strv_length (f) != N_FIELDS || !felt_seed_parse (f[0], &r->seed))
    return FALSE;
  for (r->verdict = FELT_SOLVE_WINNABLE; r->verdict <= FELT_SOLVE_UNKNOWN; r->verdict++)
    if (g_str_equal (f[1], felt_solve_verdict_id (r->verdict)))
      break;
  if (r->verdict > FELT_SOLVE_UNKNOWN || !parse_count (f[2], G_MAXUINT64, &r->nodes) ||
      !parse_double (f[3], &r->cpu) || !parse_double (f[4], &r->wall))
    return FALSE;
  r->difficulty = -1;
  r->figure = -1;
  r->rated_cpu = 0;
  if (!g_str_equal (f[5], "-") || !g_str_equal (f[6], "-") || !g_str_equal (f[7], "-"))
    {
      gint64 figure;
      for (r->difficulty = 0; r->difficulty <= FELT_DIFFICULTY_UNKNOWN; r->difficulty++)
        if (g_str_equal (f[5], felt_difficulty_id (r->difficulty)))
          break;
      if (r->difficulty > FELT_DIFFICULTY_UNKNOWN ||
          !g_ascii_string_to_signed (f[6], 10, -1, 1000, &figure, NULL) ||
          !parse_double (f[7], &r->rated_cpu))
        return FALSE;
      r->figure = (int) figure;
    }
  if (!parse_count (f[8], G_MAXUINT, &n))
    return FALSE;
  r->line = (guint) n;
  r->chance = -1;
  if (!g_str_equal (f[9], "-") && (!parse_double (f[9], &r->chance) || r->chance > 1))
    return FALSE;
  if (g_str_equal (f[10], "-"))
    r->replay = -1;
  else if (g_str_equal (f[10], "ok") || g_str_equal (f[10], "failed"))
    r->replay = g_str_equal (f[10], "ok");
  else
    return FALSE;
  return TRUE;
}

/* Solves one deal and rates it when the budget is the default one (the
 * rating rests on that search, and reuses it). */
static char *
solve_deal (const FeltSurvey *survey, guint32 seed)
{
  FeltState state;
  FeltSolveResult result;
  Record r = { .seed = seed, .difficulty = -1, .figure = -1, .replay = -1 };
  double cpu0 = cpu_seconds ();

  felt_state_deal (&state, survey->game, seed);
  felt_cli_solve_within (&state, survey->budget, survey->ms, &result);
  r.cpu = cpu_seconds () - cpu0;
  r.verdict = result.verdict;
  r.nodes = result.nodes;
  r.wall = result.seconds;
  r.chance = result.win_chance;
  if (result.verdict == FELT_SOLVE_WINNABLE)
    {
      r.line = result.line->len;
      r.replay = line_replays (survey->game, seed, result.line);
    }
  if (survey->budget == 0 && survey->ms == 0)
    {
      FeltRating rating;
      double r0 = cpu_seconds ();
      felt_solver_rate (&state, &result, NULL, &rating);
      r.rated_cpu = r.cpu + cpu_seconds () - r0;
      r.difficulty = rating.difficulty;
      r.figure = rating.figure;
    }
  felt_solve_result_clear (&result);
  return record_format (&r);
}

/* ---- the summary ------------------------------------------------------------ */

typedef struct {
  guint deals, won, lost, fast, second, three, bad_lines;
  guint rated[FELT_DIFFICULTY_UNKNOWN + 1], n_rated, rated_fast, n_chance;
  double chance, wall, wall_max, cpu, cpu_max;
  guint32 wall_max_seed, cpu_max_seed, first, last;
} Tally;

static void
tally_init (Tally *t)
{
  *t = (Tally) { .wall_max = -1, .cpu_max = -1, .first = G_MAXUINT32 };
}

/* The longest time and its deal; of equal times, the lowest deal, so the
 * order the deals were solved in does not matter. */
static void
tally_max (double value, guint32 seed, double *max, guint32 *max_seed)
{
  if (value > *max || (value == *max && seed < *max_seed))
    {
      *max = value;
      *max_seed = seed;
    }
}

static void
tally_add (Tally *t, const Record *r)
{
  gboolean decided = r->verdict != FELT_SOLVE_UNKNOWN;

  t->deals++;
  t->first = MIN (t->first, r->seed);
  t->last = MAX (t->last, r->seed);
  t->won += r->verdict == FELT_SOLVE_WINNABLE;
  t->lost += r->verdict == FELT_SOLVE_LOST;
  t->fast += decided && r->cpu <= 0.010;
  t->second += decided && r->cpu <= 1.0;
  t->three += decided && r->cpu <= 3.0;
  t->wall += r->wall;
  t->cpu += r->cpu;
  tally_max (r->wall, r->seed, &t->wall_max, &t->wall_max_seed);
  tally_max (r->cpu, r->seed, &t->cpu_max, &t->cpu_max_seed);
  if (r->chance >= 0)
    {
      t->chance += r->chance;
      t->n_chance++;
    }
  t->bad_lines += r->replay == 0;
  if (r->difficulty >= 0)
    {
      t->rated[r->difficulty]++;
      t->n_rated++;
      t->rated_fast += r->rated_cpu <= 1.0;
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

static void
tally_print (const Tally *t, const FeltGame *game, guint64 budget, guint64 ms)
{
  guint deals = MAX (t->deals, 1);  /* no division by zero: every share is then 0 */

  printf ("game: %s\n", game->id);
  printf ("deals: %u (%u-%u)\n", t->deals, t->deals ? t->first : 0, t->last);
  if (budget)
    printf ("budget: %" G_GUINT64_FORMAT " nodes\n", budget);
  else if (ms == 0)
    printf ("budget: %" G_GUINT64_FORMAT " nodes (default)\n",
            felt_solve_default_budget (game_id_of (game)));
  if (ms)
    printf ("time limit: %" G_GUINT64_FORMAT " ms per deal\n", ms);
  printf ("won: %u (%.1f%%)\n", t->won, percent (t->won, t->deals));
  printf ("lost: %u (%.1f%%)\n", t->lost, percent (t->lost, t->deals));
  printf ("unknown: %u (%.1f%%)\n", t->deals - t->won - t->lost,
          percent (t->deals - t->won - t->lost, t->deals));
  /* Times are CPU time of the thread per deal: honest figures on a busy
   * machine; wall-clock time as well below. */
  printf ("decided within 10 ms: %u (%.1f%%)\n", t->fast, percent (t->fast, t->deals));
  printf ("decided within 1 s: %u (%.1f%%)\n", t->second, percent (t->second, t->deals));
  printf ("decided within 3 s: %u (%.1f%%)\n", t->three, percent (t->three, t->deals));
  printf ("mean time: %.4f s\n", t->cpu / deals);
  printf ("max time: %.3f s (deal %u)\n", MAX (t->cpu_max, 0), t->cpu_max_seed);
  printf ("mean wall time: %.4f s\n", t->wall / deals);
  printf ("max wall time: %.3f s (deal %u)\n", MAX (t->wall_max, 0), t->wall_max_seed);
  if (t->n_chance > 0)
    printf ("mean win chance: %.1f%%\n", 100 * t->chance / deals);
  printf ("lines replayed: %u, failed: %u\n", t->won, t->bad_lines);
  if (t->n_rated > 0)
    {
      printf ("difficulty:");
      for (guint d = 0; d <= FELT_DIFFICULTY_UNKNOWN; d++)
        printf ("%s %s %u (%.1f%%)", d ? "," : "", felt_difficulty_id (d), t->rated[d],
                percent (t->rated[d], t->deals));
      putchar ('\n');
      printf ("rated within 1 s: %u (%.1f%%)\n", t->rated_fast, percent (t->rated_fast, t->deals));
    }
}

/* ---- survey files ------------------------------------------------------------- */

#define HEADER_START "# felt-cli survey"

/* The first line of a survey file: what its deals were solved with.  Files
 * merge, and a rerun resumes one, only when this line is the same. */
static char *
header_format (const FeltGame *game, guint64 budget, guint64 ms)
{
  g_autofree char *b = budget ? g_strdup_printf ("%" G_GUINT64_FORMAT, budget) : g_strdup ("default");
  g_autofree char *m = ms ? g_strdup_printf ("%" G_GUINT64_FORMAT, ms) : g_strdup ("none");

  return g_strdup_printf (HEADER_START "\tgame=%s\tbudget=%s\tbudget-ms=%s\tversion=%s\tcommit=%s\n",
                          game->id, b, m, PACKAGE_VERSION, FELT_COMMIT);
}

/* What must match for files to resume or merge: the header up to its
 * commit, which files written before it was recorded lack. */
static char *
header_survey (const char *header)
{
  const char *commit = strstr (header, "\tcommit=");

  return g_strndup (header, commit ? (gsize) (commit - header) : strcspn (header, "\n"));
}

/* The commit a header records, or NULL when it records none. */
static char *
header_commit (const char *header)
{
  const char *commit = strstr (header, "\tcommit=");

  if (commit == NULL)
    return NULL;
  commit += strlen ("\tcommit=");
  return g_strndup (commit, strcspn (commit, "\n"));
}

/* The game, budget and time limit of a header; FALSE when it is not one
 * (of this version or any other).  The commit field is optional: files
 * of felt-cli before it lack it. */
static gboolean
header_parse (const char *header, const FeltGame **game, guint64 *budget, guint64 *ms)
{
  g_auto (GStrv) f = g_strsplit_set (header, "\t\n", -1);
  guint n = g_strv_length (f);

  /* The newline leaves an empty last field. */
  if (n > 0 && f[n - 1][0] == '\0')
    n--;
  if ((n != 5 && n != 6) || !g_str_equal (f[0], HEADER_START) ||
      !g_str_has_prefix (f[1], "game=") || !g_str_has_prefix (f[2], "budget=") ||
      !g_str_has_prefix (f[3], "budget-ms=") || !g_str_has_prefix (f[4], "version=") ||
      (n == 6 && !g_str_has_prefix (f[5], "commit=")))
    return FALSE;
  *game = felt_game_lookup (f[1] + 5);
  *budget = 0;
  *ms = 0;
  return *game &&
         (g_str_equal (f[2] + 7, "default") || parse_count (f[2] + 7, G_MAXUINT64, budget)) &&
         (g_str_equal (f[3] + 10, "none") || parse_count (f[3] + 10, G_MAXUINT64, ms));
}

/* The header without its tabs and newline, to quote in a message. */
static char *
header_quote (const char *header)
{
  char *text = g_strndup (header, strcspn (header, "\n"));

  g_strdelimit (text, "\t", ' ');
  return text;
}

typedef void (*RecordFunc) (const Record *r, gpointer data);

typedef struct {
  char *header;     /* the first line, with its newline */
  gsize good_end;   /* the offset after the last complete line */
  gboolean damaged; /* an incomplete last line follows it */
} SurveyFile;

static void
survey_file_clear (SurveyFile *file)
{
  g_clear_pointer (&file->header, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (SurveyFile, survey_file_clear)

/* Reads a survey file, giving each record to func.  A last line without
 * its newline or not a record is an interrupted write: *damaged, and
 * left out; any other line that is not a record is an error.  A file
 * that is empty, or holds only the start of a header, has no header. */
static gboolean
survey_file_read (const char *path, SurveyFile *file, RecordFunc func, gpointer data,
                  GError **error)
{
  g_autofree char *text = NULL;
  gsize len;
  const char *p, *end;
  guint n = 1;

  *file = (SurveyFile) { NULL, 0, FALSE };
  if (!g_file_get_contents (path, &text, &len, error))
    return FALSE;
  end = text + len;
  if (strlen (text) != len)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "%s: not a survey file (a NUL byte)", path);
      return FALSE;
    }
  p = strchr (text, '\n');
  if (p == NULL)
    {
      /* Empty, or a header cut short; anything else is not ours to redo. */
      if (!g_str_has_prefix (text, HEADER_START) && !g_str_has_prefix (HEADER_START, text))
        {
          g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "%s: not a survey file", path);
          return FALSE;
        }
      file->damaged = len > 0;
      return TRUE;
    }
  file->header = g_strndup (text, (gsize) (p - text + 1));
  file->good_end = (gsize) (p + 1 - text);
  for (p++; p < end; n++)
    {
      const char *nl = memchr (p, '\n', (gsize) (end - p));
      g_autofree char *line = g_strndup (p, nl ? (gsize) (nl - p) : (gsize) (end - p));
      Record r;

      if (line[0] != '#' && !record_parse (line, &r))
        {
          if (nl == NULL || nl + 1 == end)
            {
              file->damaged = TRUE;
              break;
            }
          g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                       "%s: line %u is not a survey line", path, n + 1);
          return FALSE;
        }
      if (nl == NULL)
        {
          /* A record cut after its last field's first characters. */
          file->damaged = TRUE;
          break;
        }
      if (line[0] != '#')
        func (&r, data);
      p = nl + 1;
      file->good_end = (gsize) (p - text);
    }
  return TRUE;
}

/* ---- the survey ---------------------------------------------------------------- */

typedef struct {
  const FeltSurvey *survey;
  GHashTable *done;    /* deals of the range already in the file */
  GMutex lock;         /* everything below */
  guint64 next;        /* the next deal to hand out */
  FILE *out;
  gboolean write_failed;
  Tally tally;
  guint total, solved; /* deals this run solves, and has solved */
  gint64 start, shown; /* monotonic */
} Survey;

static void
resumed_record (const Record *r, gpointer data)
{
  Survey *s = data;

  if (r->seed < s->survey->first || r->seed > s->survey->last ||
      g_hash_table_contains (s->done, GUINT_TO_POINTER (r->seed)))
    return;
  g_hash_table_add (s->done, GUINT_TO_POINTER (r->seed));
  tally_add (&s->tally, r);
}

static void
print_verbose (const Record *r)
{
  printf ("deal %u: %s, %" G_GUINT64_FORMAT " nodes, %.3f s, cpu %.3f s", r->seed,
          felt_solve_verdict_id (r->verdict), r->nodes, r->wall, r->cpu);
  if (r->chance >= 0)
    printf (", win chance %.1f%%", 100 * r->chance);
  if (r->difficulty >= 0)
    printf (", %s (%d), rated in %.3f s cpu", felt_difficulty_id (r->difficulty), r->figure,
            r->rated_cpu);
  putchar ('\n');
  fflush (stdout);
}

static char *
duration (double seconds)
{
  guint64 s = (guint64) (seconds + 0.5);

  if (s >= 3600)
    return g_strdup_printf ("%" G_GUINT64_FORMAT " h %02u min", s / 3600, (guint) (s % 3600 / 60));
  if (s >= 60)
    return g_strdup_printf ("%u min %02u s", (guint) (s / 60), (guint) (s % 60));
  return g_strdup_printf ("%u s", (guint) s);
}

/* At most five times a second, on a terminal only (a log stays clean). */
static void
show_progress (Survey *s, gboolean last)
{
  gint64 now = g_get_monotonic_time ();
  double elapsed = (now - s->start) / 1e6, rate;
  g_autofree char *left = NULL;

  if (!last && now - s->shown < G_USEC_PER_SEC / 5)
    return;
  s->shown = now;
  if (last)
    {
      fputs ("\r\033[K", stderr);
      return;
    }
  rate = elapsed > 0 ? s->solved / elapsed : 0;
  left = rate > 0 ? duration ((s->total - s->solved) / rate) : g_strdup ("?");
  fprintf (stderr, "\rsurvey: %u of %u deals, %.1f deals/s, %s left\033[K", s->solved,
           s->total, rate, left);
}

static void
record_done (Survey *s, const char *text)
{
  g_autofree char *line = g_strndup (text, strlen (text) - 1);
  Record r;

  if (!record_parse (line, &r))
    g_error ("a record that does not read back: %s", line);
  tally_add (&s->tally, &r);
  s->solved++;
  if (s->out && !s->write_failed && (fputs (text, s->out) < 0 || fflush (s->out) != 0))
    {
      felt_cli_error ("%s: %s", s->survey->output, g_strerror (errno));
      s->write_failed = TRUE;
    }
  if (s->survey->verbose)
    print_verbose (&r);
  if (s->shown >= 0)
    show_progress (s, FALSE);
}

/* Each worker takes the next deal not yet done until none is left. */
static gpointer
worker_run (gpointer data)
{
  Survey *s = data;

  for (;;)
    {
      guint32 seed;
      g_autofree char *text = NULL;

      g_mutex_lock (&s->lock);
      while (s->next <= s->survey->last &&
             g_hash_table_contains (s->done, GUINT_TO_POINTER ((guint32) s->next)))
        s->next++;
      if (s->next > s->survey->last || s->write_failed)
        {
          g_mutex_unlock (&s->lock);
          return NULL;
        }
      seed = (guint32) s->next++;
      g_mutex_unlock (&s->lock);

      text = solve_deal (s->survey, seed);
      g_mutex_lock (&s->lock);
      record_done (s, text);
      g_mutex_unlock (&s->lock);
    }
}

/* Can the survey of header go on in a file of have?  The same survey,
 * of the same version; the commit of another build of it is only
 * worth a warning (the file keeps the first one's). */
static gboolean
survey_file_resumable (const char *path, const char *have, const char *header)
{
  g_autofree char *have_survey = header_survey (have), *want_survey = header_survey (header);
  g_autofree char *have_commit = header_commit (have);

  if (!g_str_equal (have_survey, want_survey))
    {
      g_autofree char *q_have = header_quote (have), *q_want = header_quote (header);
      felt_cli_error ("%s holds another survey (“%s”), not this one (“%s”)", path, q_have, q_want);
      return FALSE;
    }
  if (have_commit == NULL)
    fprintf (stderr, "felt-cli: warning: %s records no commit; resumed by commit %s\n", path, FELT_COMMIT);
  else if (!g_str_equal (have_commit, FELT_COMMIT))
    fprintf (stderr, "felt-cli: warning: %s was begun by commit %s, resumed by commit %s\n", path,
             have_commit, FELT_COMMIT);
  return TRUE;
}

/* Resumes the output file: its records within the range are done; an
 * interrupted last line is cut off, to be redone.  On failure, s->out
 * may be open, for the caller to close. */
static gboolean
open_output (Survey *s)
{
  const FeltSurvey *survey = s->survey;
  g_autofree char *header = header_format (survey->game, survey->budget, survey->ms);
  g_auto (SurveyFile) file = { NULL, 0, FALSE };
  g_autoptr (GError) error = NULL;
  int fd = g_open (survey->output, O_RDWR | O_CREAT | O_CLOEXEC, 0666);

  if (fd < 0 || (s->out = fdopen (fd, "a")) == NULL)
    {
      felt_cli_error ("%s: %s", survey->output, g_strerror (errno));
      if (fd >= 0)
        close (fd);
      return FALSE;
    }
  /* One survey at a time per file: two would solve and write the same
   * deals (the lock goes with the process, however it ends). */
  if (flock (fd, LOCK_EX | LOCK_NB) != 0)
    {
      felt_cli_error ("%s: another survey is writing it", survey->output);
      return FALSE;
    }
  if (!survey_file_read (survey->output, &file, resumed_record, s, &error))
    {
      felt_cli_error ("%s", error->message);
      return FALSE;
    }
  if (file.header && !survey_file_resumable (survey->output, file.header, header))
    return FALSE;
  if (((file.damaged || file.header == NULL) && ftruncate (fd, (off_t) file.good_end) != 0) ||
      (file.header == NULL && (fputs (header, s->out) < 0 || fputs (columns, s->out) < 0 ||
                               fflush (s->out) != 0)))
    {
      felt_cli_error ("%s: %s", survey->output, g_strerror (errno));
      return FALSE;
    }
  return TRUE;
}

int
felt_survey_run (const FeltSurvey *survey)
{
  Survey s = { .survey = survey, .next = survey->first, .shown = -1 };
  g_autoptr (GPtrArray) threads = g_ptr_array_new ();
  gboolean opened = TRUE;

  s.done = g_hash_table_new (NULL, NULL);
  g_mutex_init (&s.lock);
  tally_init (&s.tally);
  if (survey->output)
    opened = open_output (&s);
  if (opened)
    {
      s.total = (guint) ((guint64) survey->last - survey->first + 1 - g_hash_table_size (s.done));
      s.start = g_get_monotonic_time ();
      if (isatty (STDERR_FILENO))
        s.shown = 0;
      for (guint i = 0; i < MIN (survey->jobs, MAX (s.total, 1)); i++)
        g_ptr_array_add (threads, g_thread_new ("felt-cli-survey", worker_run, &s));
      for (guint i = 0; i < threads->len; i++)
        g_thread_join (g_ptr_array_index (threads, i));
      if (s.shown >= 0)
        show_progress (&s, TRUE);
    }
  if (s.out && fclose (s.out) != 0 && opened && !s.write_failed)
    {
      felt_cli_error ("%s: %s", survey->output, g_strerror (errno));
      s.write_failed = TRUE;
    }
  g_hash_table_unref (s.done);
  g_mutex_clear (&s.lock);
  if (!opened || s.write_failed)
    return 2;

  tally_print (&s.tally, survey->game, survey->budget, survey->ms);
  printf ("peak memory: %.1f MiB\n", peak_mib ());
  return s.tally.bad_lines ? 1 : 0;
}

/* ---- merging -------------------------------------------------------------------- */

typedef struct {
  Tally tally;
  GArray *seeds;
} Merge;

static void
merged_record (const Record *r, gpointer data)
{
  Merge *m = data;

  tally_add (&m->tally, r);
  g_array_append_val (m->seeds, r->seed);
}

/* Files merge when they hold the same survey of the same version; the
 * commit may differ (below). */
static gboolean
merge_same_survey (const char *a, const char *b)
{
  g_autofree char *sa = header_survey (a), *sb = header_survey (b);

  return g_str_equal (sa, sb);
}

/* Keeps the commits the files record, each once in the order met, and
 * warns at the first file of a commit another file did not have: the
 * same version built from other sources may solve differently. */
static void
merge_note_commit (GPtrArray *commits, const char *const *files, guint i, const char *header)
{
  g_autofree char *commit = header_commit (header);

  if (commit == NULL || g_ptr_array_find_with_equal_func (commits, commit, g_str_equal, NULL))
    return;
  if (commits->len > 0)
    fprintf (stderr, "felt-cli: warning: %s comes from commit %s of the same version, an earlier file from %s\n",
             files[i], commit, (const char *) g_ptr_array_index (commits, 0));
  g_ptr_array_add (commits, g_steal_pointer (&commit));
}

static int
compare_seeds (gconstpointer a, gconstpointer b)
{
  guint32 x = *(const guint32 *) a, y = *(const guint32 *) b;

  return x < y ? -1 : x > y;
}

int
felt_survey_merge (const char *const *files, guint n_files)
{
  Merge m;
  g_autoptr (GArray) seeds = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autofree char *header = NULL;
  g_autoptr (GPtrArray) commits = g_ptr_array_new_with_free_func (g_free);
  const FeltGame *game = NULL;
  guint64 budget = 0, ms = 0;

  tally_init (&m.tally);
  m.seeds = seeds;
  for (guint i = 0; i < n_files; i++)
    {
      g_auto (SurveyFile) file = { NULL, 0, FALSE };
      g_autoptr (GError) error = NULL;

      if (!survey_file_read (files[i], &file, merged_record, &m, &error))
        return felt_cli_error ("%s", error->message);
      if (file.header == NULL || !header_parse (file.header, &game, &budget, &ms))
        return felt_cli_error ("%s is not a survey file (felt-cli survey --output)", files[i]);
      if (header && !merge_same_survey (header, file.header))
        {
          g_autofree char *have = header_quote (file.header), *want = header_quote (header);
          return felt_cli_error ("%s is another survey (“%s”) than %s (“%s”)", files[i], have,
                               files[0], want);
        }
      if (header == NULL)
        header = g_strdup (file.header);
      merge_note_commit (commits, files, i, file.header);
      /* A survey still running, or stopped mid-line: merge what it has. */
      if (file.damaged)
        fprintf (stderr, "felt-cli: %s: its last line is incomplete, left out\n", files[i]);
    }
  g_array_sort (seeds, compare_seeds);
  for (guint i = 1; i < seeds->len; i++)
    if (g_array_index (seeds, guint32, i) == g_array_index (seeds, guint32, i - 1))
      return felt_cli_error ("deal %u is in the files twice", g_array_index (seeds, guint32, i));

  tally_print (&m.tally, game, budget, ms);
  printf ("commit:");
  for (guint i = 0; i < commits->len; i++)
    printf ("%s %s", i ? "," : "", (const char *) g_ptr_array_index (commits, i));
  printf ("%s\n", commits->len ? "" : " not recorded");
  printf ("files: %u\n", n_files);
  return m.tally.bad_lines ? 1 : 0;
}
