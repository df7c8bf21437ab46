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

char *felt_saved_game_to_data (FeltSession *session, gint64 elapsed_ms, gsize *length);

/* Rebuilds the game by replaying its moves through the engine, so that a
 * saved game can never produce an impossible position.  Undo and redo
 * come back as they were. */
FeltSession *felt_saved_game_from_data (const char *data, gsize length,
                                        gint64 *elapsed_ms, GError **error);

G_END_DECLS
