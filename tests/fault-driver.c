/* fault-driver.c: the loads and saves of a game, through the real store
 * code (FeltGameFile, FeltStatsFile), for the fault and crash tests.
 *
 *   fault-driver play
 *       Loads the statistics, the history and the saved game (or deals
 *       Hopscotch 1), plays one move, saves the game, counts a lost game
 *       and records it in the history.  Prints every sentence the player
 *       would be told, one a line:
 *         told game: ...      told stats: ...      told history: ...
 *       then "saved game 0|1", "saved stats 0|1" and "saved history 0|1",
 *       and the figures in memory: "moves N", "played N", "games N".
 *
 *   fault-driver crash LOG SEED
 *       Resumes the saved game (or deals one) and plays random moves,
 *       saving after each, counting each game that ends, for ever (the
 *       test kills it).  Before each save it appends "P POSITION"
 *       to LOG (the position as GAME/SEED/MOVES/HASH) and after it "D";
 *       before each count "C PLAYED" (the total
 *       played once counted), then before the game goes into the history
 *       "H GAMES" (the games in it once it is in); then the game becomes
 *       the last game (last-game.ini), as the window keeps it for Replay.
 *       Each line is one write(2), so a kill cannot cut one.
 *
 * FELT_DATA_DIR names the data folder.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "fault-position.h"
#include "felt-history.h"
#include "felt-last-game.h"
#include "felt-saved-game.h"
#include "felt-stats.h"
#include "felt-store.h"

static void
tell (const char *what, const char *text)
{
  if (text)
    printf ("told %s: %s\n", what, text);
}

static guint
total_played (FeltStatsFile *stats)
{
  const FeltStats *s = felt_stats_file_get_stats (stats);
  guint total = 0;

  for (guint i = 0; i < FELT_N_GAMES; i++)
    total += s->games[i].played;
  return total;
}

static int
play (void)
{
  g_autoptr (FeltStatsFile) stats = felt_stats_file_new ();
  g_autoptr (FeltHistoryFile) history = felt_history_file_new ();
  g_autoptr (FeltGameFile) game = felt_game_file_new ();
  g_autoptr (FeltSession) session = NULL;
  g_autofree char *notice = NULL, *save_notice = NULL;
  FeltMove moves[FELT_MAX_MOVES];
  gint64 elapsed = 0;
  gboolean saved_game, saved_stats, saved_history;
  FeltHistoryEntry lost = { .game = FELT_GAME_HOPSCOTCH, .deal = 1, .result = FELT_HISTORY_LOST, .moves = 1 };

  notice = felt_stats_file_load (stats);
  tell ("stats", notice);
  tell ("stats", felt_stats_file_get_problem (stats));
  g_clear_pointer (&notice, g_free);
  notice = felt_history_file_load (history);
  tell ("history", notice);
  tell ("history", felt_history_file_get_problem (history));
  g_clear_pointer (&notice, g_free);

  session = felt_game_file_load (game, &elapsed, &notice);
  tell ("game", notice);
  tell ("game", felt_game_file_get_problem (game));
  if (session == NULL)
    session = felt_session_new (felt_game_get (FELT_GAME_HOPSCOTCH), 1);

  if (felt_state_legal_moves (felt_session_get_state (session), moves) > 0)
    felt_session_play (session, &moves[0]);
  else if (felt_state_can_stock (felt_session_get_state (session)))
    felt_session_play (session, &(FeltMove) { .stock = 1 });
  saved_game = felt_game_file_save (game, session, elapsed + 1000, &save_notice);
  tell ("game", save_notice);
  tell ("game", felt_game_file_get_problem (game));

  saved_stats = felt_stats_file_record_loss (stats, FELT_GAME_HOPSCOTCH);
  tell ("stats", felt_stats_file_get_problem (stats));

  saved_history = felt_history_file_record (history, &lost);
  tell ("history", felt_history_file_get_problem (history));

  printf ("saved game %d\nsaved stats %d\nsaved history %d\n", saved_game, saved_stats, saved_history);
  printf ("moves %u\nplayed %u\ngames %u\n", felt_session_get_n_moves (session), total_played (stats),
          felt_history_file_get (history)->entries->len);
  return 0;
}

static void
log_line (int fd, const char *format, ...) G_GNUC_PRINTF (2, 3);

static void
log_line (int fd, const char *format, ...)
{
  g_autofree char *line = NULL;
  va_list ap;

  va_start (ap, format);
  line = g_strdup_vprintf (format, ap);
  va_end (ap);
  if (write (fd, line, strlen (line)) < 0)
    g_error ("cannot write the log: %s", g_strerror (errno));
}

static FeltSession *
deal (guint64 *rng)
{
  FeltGameId id = (FeltGameId) felt_rng_below (rng, FELT_N_GAMES);

  return felt_session_new (felt_game_get (id), (guint32) felt_rng_below (rng, 1000000) + 1);
}

#define MOVES_PER_DEAL 8

static int
crash (const char *log_path, guint64 seed)
{
  g_autoptr (FeltStatsFile) stats = felt_stats_file_new ();
  g_autoptr (FeltHistoryFile) history = felt_history_file_new ();
  g_autoptr (FeltGameFile) game = felt_game_file_new ();
  g_autoptr (FeltLastGameFile) last = felt_last_game_file_new ();
  g_autoptr (FeltSession) session = NULL;
  g_autofree char *notice = NULL;
  guint64 rng = seed ^ ((guint64) getpid () << 32);
  gint64 elapsed = 0;
  int log_fd;

  log_fd = open (log_path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
  if (log_fd < 0)
    g_error ("cannot open %s: %s", log_path, g_strerror (errno));

  notice = felt_stats_file_load (stats);
  if (notice || felt_stats_file_get_problem (stats))
    g_error ("statistics after a crash: %s", notice ? notice : felt_stats_file_get_problem (stats));
  notice = felt_history_file_load (history);
  if (notice || felt_history_file_get_problem (history))
    g_error ("history after a crash: %s", notice ? notice : felt_history_file_get_problem (history));
  notice = felt_last_game_file_load (last);
  if (notice || felt_last_game_file_get_problem (last))
    g_error ("last game after a crash: %s", notice ? notice : felt_last_game_file_get_problem (last));
  session = felt_game_file_load (game, &elapsed, &notice);
  if (notice || felt_game_file_get_problem (game))
    g_error ("saved game after a crash: %s", notice ? notice : felt_game_file_get_problem (game));
  /* A game that had ended was counted when it ended, as in the window. */
  if (session && (felt_state_is_won (felt_session_get_state (session)) ||
                  felt_state_is_over (felt_session_get_state (session)) ||
                  felt_session_get_n_moves (session) >= MOVES_PER_DEAL))
    g_clear_pointer (&session, felt_session_free);
  if (session == NULL)
    session = deal (&rng);

  for (;;)
    {
      const FeltState *state = felt_session_get_state (session);
      FeltMove moves[FELT_MAX_MOVES];
      guint n = felt_state_legal_moves (state, moves);

      if (felt_state_can_stock (state))
        moves[n++] = (FeltMove) { .stock = 1 };
      if (felt_state_is_won (state) || felt_state_is_over (state) || n == 0 ||
          felt_session_get_n_moves (session) >= MOVES_PER_DEAL)
        {
          FeltGameId id = felt_state_get_game_id (state);

          log_line (log_fd, "C %u\n", total_played (stats) + 1);
          if (felt_state_is_won (state))
            felt_stats_file_record_win (stats, id, elapsed, felt_session_get_n_moves (session));
          else
            felt_stats_file_record_loss (stats, id);
          if (felt_stats_file_get_problem (stats))
            g_error ("cannot save the statistics: %s", felt_stats_file_get_problem (stats));
          log_line (log_fd, "H %u\n", felt_history_file_get (history)->entries->len + 1);
          {
            FeltHistoryEntry e = {
              .game = id,
              .deal = felt_session_get_seed (session),
              .result = felt_state_is_won (state) ? FELT_HISTORY_WON : FELT_HISTORY_LOST,
              .time_ms = elapsed,
              .moves = felt_session_get_n_moves (session),
              .difficulty = -1,
            };
            if (!felt_history_file_record (history, &e))
              g_error ("cannot save the history: %s", felt_history_file_get_problem (history));
          }
          /* The last game for Replay, as the window keeps it. */
          if (felt_session_get_n_moves (session) > 0 &&
              !felt_last_game_file_keep (last, felt_last_game_new (session,
                                                                   felt_state_is_won (state) ? FELT_HISTORY_WON
                                                                   : felt_state_is_over (state) ? FELT_HISTORY_LOST
                                                                   : FELT_HISTORY_GIVEN_UP,
                                                                   g_get_real_time () / G_USEC_PER_SEC, elapsed)))
            g_error ("cannot save the last game: %s", felt_last_game_file_get_problem (last));
          felt_session_free (session);
          session = deal (&rng);
        }
      else
        felt_session_play (session, &moves[felt_rng_below (&rng, n)]);

      elapsed += 1000;
      {
        g_autofree char *key = fault_position_key (session);
        log_line (log_fd, "P %s\n", key);
      }
      if (!felt_game_file_save (game, session, elapsed, NULL))
        g_error ("cannot save the game: %s", felt_game_file_get_problem (game));
      log_line (log_fd, "D\n");
    }
  return 0;
}

int
main (int argc, char **argv)
{
  /* Never the player's own files. */
  if (g_getenv ("FELT_DATA_DIR") == NULL)
    {
      fprintf (stderr, "fault-driver: set FELT_DATA_DIR\n");
      return 2;
    }
  if (argc == 2 && g_str_equal (argv[1], "play"))
    return play ();
  if (argc == 4 && g_str_equal (argv[1], "crash"))
    return crash (argv[2], g_ascii_strtoull (argv[3], NULL, 10));
  fprintf (stderr, "usage: fault-driver play | crash LOG SEED\n");
  return 2;
}
