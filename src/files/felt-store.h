/* felt-store.h: Felt's files in the user's data folder, written atomically.
 *
 * Three outcomes of reading a file are kept apart, because each asks for
 * something different: no file (nothing to do), a file Felt cannot read
 * (permission, I/O error, a folder in its place: leave it exactly as it
 * is) and a file whose content does not parse (the callers keep it aside
 * as NAME.corrupt).  Writes go to a temporary file that is synced and
 * renamed over the old one, so what is on disk is always a whole version.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define FELT_STORE_ERROR (felt_store_error_quark ())
GQuark felt_store_error_quark (void);

typedef enum {
  FELT_STORE_ERROR_UNREADABLE,  /* it exists but cannot be read; left as it is */
  FELT_STORE_ERROR_UNWRITABLE,  /* not saved; what was on disk is unchanged */
} FeltStoreError;

/* <user data dir>/felt; FELT_DATA_DIR overrides the folder (tests). */
char *felt_store_dir (void);
/* <user data dir>/felt/<name> */
char *felt_store_path (const char *name);

/* Why a file could not be read or written, for the player: a short,
 * translated phrase ("permission denied", "the disk is full") made from
 * an errno value. */
const char *felt_store_reason (int errsv);

/* A moment as the data files write it, "2026-12-06T04:20:34Z": UTC, every
 * field of its full width (a year before 1000 too); and read back, FALSE
 * for any other text. */
char *felt_store_format_time (gint64 unix_time);
gboolean felt_store_parse_time (const char *text, gint64 *unix_time);

/* One file in the data folder.  It remembers which version of the file
 * this process last read or wrote, so that a file another program wrote
 * since can be told apart. */
typedef struct _FeltStoreFile FeltStoreFile;

FeltStoreFile *felt_store_file_new (const char *name);
void felt_store_file_free (FeltStoreFile *file);
const char *felt_store_file_get_name (FeltStoreFile *file);
const char *felt_store_file_get_path (FeltStoreFile *file);
const char *felt_store_file_get_dir (FeltStoreFile *file);
/* 0 with the contents in data (free it); ENOENT when there is no file;
 * any other errno when the file exists but cannot be read (it is not
 * touched). */
int felt_store_file_read (FeltStoreFile *file, char **data, gsize *length);
/* Writes a temporary file beside it, syncs it, renames it over the old
 * one and syncs the folder.  0, or the errno that stopped it: then the
 * old file is as it was and no temporary file is left. */
int felt_store_file_write (FeltStoreFile *file, const char *data, gsize length);
/* Removes the file and syncs the folder.  0 (also when there was no
 * file), or the errno that stopped it. */
int felt_store_file_remove (FeltStoreFile *file);
/* TRUE when the file on disk is not the version this object last read
 * or wrote (another program wrote it, made it or removed it). */
gboolean felt_store_file_changed_on_disk (FeltStoreFile *file);
/* An advisory lock (flock) on <name>.lock beside the file, for two Felt
 * processes on one data folder; waits up to wait_ms for another process
 * to let it go (0: not at all).  0, or an errno: EWOULDBLOCK when another
 * process holds it. */
int felt_store_file_lock (FeltStoreFile *file, guint wait_ms);
void felt_store_file_unlock (FeltStoreFile *file);
/* A save that finds the lock taken keeps its data in memory and tries
 * again; the player is told only once the lock has been busy this long. */
#define FELT_STORE_BUSY_TELL_MS 2000
/* Notes a save that found the lock busy in *since (monotonic µs, 0 the
 * first time); TRUE once it has been busy FELT_STORE_BUSY_TELL_MS. */
gboolean felt_store_busy_for_long (gint64 *since);
/* What the player's files (FeltGameFile, FeltStatsFile) share: a save
 * takes the lock, waiting as set_lock_wait says (0 by default); 0 with
 * the lock, or an errno: with EWOULDBLOCK the save keeps its data for
 * the next try, and *busy_for_long says that the player should be told.
 * The file is waiting from a busy lock to the next lock taken. */
int felt_store_file_lock_to_save (FeltStoreFile *file, gboolean *busy_for_long);
gboolean felt_store_file_is_waiting (FeltStoreFile *file);
void felt_store_file_set_lock_wait (FeltStoreFile *file, guint wait_ms);
/* The sentence the player reads about the file (takes text; NULL: none). */
void felt_store_file_set_problem (FeltStoreFile *file, char *text);
const char *felt_store_file_get_problem (FeltStoreFile *file);
/* Keeps a file whose content is damaged as <name>.corrupt.  0 with the
 * path in kept (free it), or the errno of the rename. */
int felt_store_file_keep_corrupt (FeltStoreFile *file, char **kept);

/* A file of the player's replaced whole by each save (the saved game,
 * the last game), as FeltStoreLog is for those each run adds to: one
 * this run cannot read, or a newer Felt's, is left as it is and never
 * written; a damaged one is kept aside as <name>.corrupt (at the next
 * save, when it cannot be at once).  The kind says what the player is
 * told. */
typedef struct {
  const char *what;           /* for the log: "game", "last game" */
  /* The player's sentences (newly allocated); `kept`: where a damaged
   * file was kept, or NULL. */
  char *(*unreadable_sentence) (FeltStoreFile *file, int errsv);
  char *(*newer_sentence) (FeltStoreFile *file);
  char *(*save_failed_sentence) (FeltStoreFile *file, int errsv);
  char *(*damaged_sentence) (const char *kept);
} FeltStoreFileKind;

/* Reads such a file: 0 with its data (free it); ENOENT; or, for a file
 * that cannot be read, its errno: the file is then left alone (the
 * problem says why). */
int felt_store_file_load (FeltStoreFile *file, const FeltStoreFileKind *kind, char **data, gsize *length);
/* Its data did not parse (`error` says why): a newer Felt's file is
 * left alone (the problem says so); a damaged one is kept aside.  The
 * sentence to say once (free it), or NULL. */
char *felt_store_file_refuse (FeltStoreFile *file, const FeltStoreFileKind *kind, const GError *error,
                              gboolean newer);
/* Under the lock, with a damaged file out of the way: writes the file
 * (or removes it, or leaves another Felt's that is to stay); 0 or the
 * errno that stopped it. */
typedef int (*FeltStoreSaveFunc) (FeltStoreFile *file, gpointer data);
/* Saves such a file: takes the lock (a busy one keeps the data for the
 * next try: felt_store_file_is_waiting; the player is told once it
 * lasts), moves a damaged file aside, has `save` write and lets the lock
 * go.  TRUE when saved: the problem goes; else it says why (nothing is
 * tried for a file left alone). */
gboolean felt_store_file_save (FeltStoreFile *file, const FeltStoreFileKind *kind, FeltStoreSaveFunc save,
                               gpointer data);
/* FALSE for a file left alone this run (unreadable, a newer Felt's). */
gboolean felt_store_file_may_write (FeltStoreFile *file);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FeltStoreFile, felt_store_file_free)

/* A file of the player's that each run adds to by events (the
 * statistics, the history): what was last read or written (known), that
 * with this run's events not saved yet (shown), and the events.  A save
 * takes the lock, reads the file as it is now (another Felt may have
 * added to it), adds this run's events and writes it; a file Felt cannot
 * read, or a newer Felt's, is left as it is.  The kind says how the
 * value reads, writes, copies and takes an event, and what the player is
 * told. */
typedef struct {
  const char *what;           /* for the log: "statistics", "history" */
  gsize event_size;
  /* A new value from the file's data, or NULL: *newer when the file is
   * a newer Felt's, else damaged. */
  gpointer (*parse) (const char *data, gsize length, gboolean *newer, GError **error);
  char *(*to_data) (gconstpointer value, gsize *length);
  gpointer (*copy) (gconstpointer value);
  GDestroyNotify free;
  void (*apply) (gpointer value, gconstpointer event);
  /* The player's sentences (newly allocated); `kept`: where a damaged
   * file was kept, or NULL. */
  char *(*unreadable_sentence) (FeltStoreFile *file, int errsv);
  char *(*newer_sentence) (FeltStoreFile *file);
  char *(*save_failed_sentence) (FeltStoreFile *file, int errsv);
  char *(*damaged_sentence) (const char *kept);
} FeltStoreLogKind;

typedef struct _FeltStoreLog FeltStoreLog;

/* The file `name` of `kind`, holding `empty` (taken) until it is read. */
FeltStoreLog *felt_store_log_new (const FeltStoreLogKind *kind, const char *name, gpointer empty);
void felt_store_log_free (FeltStoreLog *log);
/* Reads the file.  NULL, or a sentence said once (a damaged file kept
 * aside); what stays wrong goes to the file's problem. */
char *felt_store_log_load (FeltStoreLog *log);
gconstpointer felt_store_log_get (FeltStoreLog *log);
/* Adds `event` (kind->event_size bytes) to what is shown and saves. */
gboolean felt_store_log_record (FeltStoreLog *log, gconstpointer event);
/* Saves the events not saved yet; FALSE when they wait for the next try. */
gboolean felt_store_log_save (FeltStoreLog *log);
FeltStoreFile *felt_store_log_get_file (FeltStoreLog *log);
/* Neither a newer Felt's file nor one that cannot be read. */
gboolean felt_store_log_may_write (FeltStoreLog *log);

/* By name, as before FeltStoreFile: what today's window uses.  New code
 * uses FeltGameFile and FeltStatsFile, which never move or write over a
 * file that cannot be read or comes from a newer Felt. */

/* Reads a file; FALSE without error when it does not exist, FALSE with
 * FELT_STORE_ERROR_UNREADABLE when it exists but cannot be read. */
gboolean felt_store_read (const char *name, char **data, gsize *length, GError **error);
/* Writes atomically; FELT_STORE_ERROR_UNWRITABLE on failure. */
gboolean felt_store_write (const char *name, const char *data, gsize length, GError **error);
/* Keeps a damaged file beside the good ones as <name>.corrupt; returns
 * the path it was kept at (free it), or NULL. */
char *felt_store_keep_corrupt (const char *name);
gboolean felt_store_remove (const char *name);

G_END_DECLS
