/* felt-record.h: the game in play's record on disk: the saved game, the
 * statistics, and what the player is told about their files (no
 * widgets).
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "felt-history.h"
#include "felt-last-game.h"
#include "felt-saved-game.h"
#include "felt-session.h"
#include "felt-solver.h"
#include "felt-stats.h"

G_BEGIN_DECLS

#define FELT_TYPE_RECORD (felt_record_get_type ())
G_DECLARE_FINAL_TYPE (FeltRecord, felt_record, FELT, RECORD, GObject)

/* Reads the statistics and the history (the saved game waits for
 * felt_record_load_game). */
FeltRecord *felt_record_new (void);

/* The saved game, or NULL (none, or one that cannot be resumed: the
 * notice may then say why), with its time and the help it had. */
FeltSession *felt_record_load_game (FeltRecord *self, gint64 *elapsed_ms, FeltGameHelp *help);
/* Saves the game and, while they wait, the statistics.  A save that
 * finds another process's lock taken emits "retry" a moment later, for
 * the caller to save again.  `quiet` while the caller goes: then, the
 * last chance, it waits a moment for the lock and tells nothing. */
void felt_record_save (FeltRecord *self, FeltSession *session, gint64 elapsed_ms, FeltGameHelp help,
                       gboolean quiet);
/* A save waits for another process's lock. */
gboolean felt_record_get_retry_pending (FeltRecord *self);

/* A deal's result, once: a win with its time, moves and difficulty, or
 * a loss. */
void felt_record_count_win (FeltRecord *self, FeltGameId game, gint64 elapsed_ms, guint moves,
                            FeltDifficulty difficulty);
void felt_record_count_loss (FeltRecord *self, FeltGameId game);
/* The result of the deal `session` plays, with its time and difficulty:
 * in the history, and, unless the demo played in it or the solution was
 * shown in it (then it is not the player's game), in the statistics. */
void felt_record_count_result (FeltRecord *self, FeltSession *session, gint64 elapsed_ms,
                               FeltDifficulty difficulty, gboolean demo_played, gboolean solution_shown,
                               gboolean won);
/* Takes back a loss counted when a deal was left (the streak it ended
 * comes back as `streak`). */
void felt_record_uncount_loss (FeltRecord *self, FeltGameId game, guint streak);
const FeltStats *felt_record_get_stats (FeltRecord *self);
/* The history of finished games: every result as it is counted, the
 * demo's games too (marked); a given-up game goes again when the player
 * goes back to it. */
void felt_record_add_history (FeltRecord *self, const FeltHistoryEntry *entry);
void felt_record_retract_history (FeltRecord *self, FeltGameId game, guint32 deal);
const FeltHistory *felt_record_get_history (FeltRecord *self);
/* Forgets every game's statistics, the history and the last game. */
void felt_record_reset_stats (FeltRecord *self);

/* The player's last finished game, kept in last-game.ini for Replay:
 * `session` as it ends (won, lost, or given up when it is left), its
 * moves without those undone; a game the demo played in is not kept.
 * Taking back a given-up game (the player went back to it) brings back
 * the game kept before it, if any. */
void felt_record_keep_last_game (FeltRecord *self, FeltSession *session, gint64 elapsed_ms, gboolean demo_played);
void felt_record_take_back_last_game (FeltRecord *self, FeltGameId game, guint32 deal);
/* NULL before any finished game; "can-replay" says there is one. */
const FeltLastGame *felt_record_get_last_game (FeltRecord *self);
gboolean felt_record_get_can_replay (FeltRecord *self);

/* What the notice bar says, or NULL; setting it says that sentence once
 * (NULL: the player closed the bar, which puts away the problem too,
 * until it changes). */
const char *felt_record_get_notice (FeltRecord *self);
void felt_record_set_notice (FeltRecord *self, const char *notice);

G_END_DECLS
