/* felt-saved-game.h: the game in progress as a small text file.
 * GLib only, so that the tests and the fuzzers can use it without GTK.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "felt-session.h"

G_BEGIN_DECLS

#define FELT_SAVE_ERROR (felt_save_error_quark ())
GQuark felt_save_error_quark (void);

typedef enum {
  FELT_SAVE_ERROR_CORRUPT,      /* not a saved game, or damaged */
  FELT_SAVE_ERROR_VERSION,      /* written by a newer Felt */
  FELT_SAVE_ERROR_ILLEGAL,      /* a move the rules do not allow */
} FeltSaveError;

/* The most moves (made plus to redo) a saved game may hold: far more than
 * any real game, small enough that a hostile file cannot make loading slow. */
#define FELT_SAVE_MAX_MOVES 100000

/* The help a game had: with any, it is not the player's own game and
 * counts nowhere in the statistics, resumed or not; the history says
 * which (demo, solution or both). */
typedef enum {
  FELT_GAME_HELP_NONE = 0,
  FELT_GAME_HELP_DEMO = 1 << 0,       /* the demo made a move in it */
  FELT_GAME_HELP_SOLUTION = 1 << 1,   /* a step of its solution was shown */
} FeltGameHelp;

char *felt_saved_game_to_data (FeltSession *session, gint64 elapsed_ms, gsize *length);
/* With the help the game had. */
char *felt_saved_game_to_data_full (FeltSession *session, gint64 elapsed_ms, FeltGameHelp help, gsize *length);

/* Rebuilds the game by replaying its moves through the engine, so that a
 * saved game can never produce an impossible position.  Undo and redo
 * come back as they were. */
FeltSession *felt_saved_game_from_data (const char *data, gsize length,
                                        gint64 *elapsed_ms, GError **error);
/* Also the help the game had (none in a file without the keys, as
 * before they were saved; the demo in a file of before `help`); help
 * may be NULL. */
FeltSession *felt_saved_game_from_data_full (const char *data, gsize length, gint64 *elapsed_ms,
                                             FeltGameHelp *help, GError **error);

/* game.ini, kept safe: the game in progress as the game object saves it.
 *
 * A saved game Felt cannot read, or one a newer Felt wrote, is left as it
 * is and never written over during this run.  A save that fails leaves
 * the old file whole and sets a lasting problem (reason and folder) that
 * the next save that works clears.  When another Felt process saved its
 * game in the same folder since this one last did, the save goes ahead
 * (the game moved last is kept) and says so once. */
typedef struct _FeltGameFile FeltGameFile;

FeltGameFile *felt_game_file_new (void);
void felt_game_file_free (FeltGameFile *self);
/* The saved game, or NULL: no saved game, or one that cannot be resumed;
 * then *notice (free it) may hold a sentence to show once (a damaged file
 * kept aside), and felt_game_file_get_problem a lasting one (a file that
 * cannot be read or is from a newer Felt, which this run will not write). */
FeltSession *felt_game_file_load (FeltGameFile *self, gint64 *elapsed_ms, char **notice);
/* Saves the game; TRUE when it is on disk.  *notice (free it; may be
 * NULL) receives a sentence to show once (another Felt's saved game was
 * replaced); a failure shows in felt_game_file_get_problem. */
gboolean felt_game_file_save (FeltGameFile *self, FeltSession *session, gint64 elapsed_ms, char **notice);
/* The same, with the help the game had. */
gboolean felt_game_file_save_full (FeltGameFile *self, FeltSession *session, gint64 elapsed_ms,
                                   FeltGameHelp help, char **notice);
/* The help the game felt_game_file_load returned had. */
FeltGameHelp felt_game_file_get_help (FeltGameFile *self);
/* TRUE while the game waits because another process holds the lock: the
 * caller tries again soon (see felt_stats_file_is_waiting). */
gboolean felt_game_file_is_waiting (FeltGameFile *self);
void felt_game_file_set_lock_wait (FeltGameFile *self, guint wait_ms);
/* The sentence to show while the game cannot be saved, or NULL. */
const char *felt_game_file_get_problem (FeltGameFile *self);
/* FALSE when this run must not write the file (unreadable, newer Felt). */
gboolean felt_game_file_may_write (FeltGameFile *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FeltGameFile, felt_game_file_free)

G_END_DECLS
