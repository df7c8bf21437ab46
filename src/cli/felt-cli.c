/* felt-cli.c: the headless tool over the rules engine (see CLI.md).
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

#define GAME_IDS "hopscotch, cruel, straight-up, scuffle, backbone"

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
  fprintf (stderr, "felt-cli: %s\n", message);
  return 2;
}

static const char usage[] =
  "usage: felt-cli games\n"
  "       felt-cli show GAME [--seed N]\n"
  "       felt-cli state GAME --seed N\n"
  "       felt-cli play GAME --seed N\n"
  "GAME is one of " GAME_IDS "; N is a deal number from 0 to 4294967295.\n";

static int
run_play (FeltSession *session)
{
  g_autoptr (GString) line = g_string_new (NULL);
  int c;

  /* Read byte by byte so that any line length works and a NUL byte in
   * the input cannot cut a command short unnoticed. */
  for (;;)
    {
      c = getchar ();
      if (c == EOF && line->len == 0)
        break;
      if (c == '\n' || c == EOF)
        {
          g_autofree char *answer = NULL;
          if (line->len && line->str[line->len - 1] == '\r')
            g_string_truncate (line, line->len - 1);
          if (strlen (line->str) != line->len || !g_utf8_validate (line->str, line->len, NULL))
            answer = g_strdup ("error: the command is not valid text");
          else
            answer = felt_cli_command (session, line->str);
          fputs (answer, stdout);
          fputc ('\n', stdout);
          fflush (stdout);
          g_string_truncate (line, 0);
          if (c == EOF)
            break;
          continue;
        }
      g_string_append_c (line, (char) c);
    }
  return 0;
}

int
felt_cli_main (int argc, char **argv)
{
  const char *command, *game_id = NULL, *seed_text = NULL;
  const FeltGame *game;
  gboolean seed_given = FALSE;
  guint32 seed = 0;

  if (argc < 2)
    {
      fputs (usage, stderr);
      return 2;
    }
  command = argv[1];

  if (g_str_equal (command, "--help") || g_str_equal (command, "-h") ||
      g_str_equal (command, "help"))
    {
      fputs (usage, stdout);
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

  if (!g_str_equal (command, "show") && !g_str_equal (command, "state") &&
      !g_str_equal (command, "play"))
    return usage_error ("unknown command “%s”; commands are games, show, state and play", command);

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

  if (game_id == NULL)
    return usage_error ("“%s” needs a game: one of " GAME_IDS, command);
  game = felt_game_lookup (game_id);
  if (game == NULL)
    return usage_error ("unknown game “%s”; games are " GAME_IDS, game_id);
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
