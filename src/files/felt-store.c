/* felt-store.c: Felt's files in the user's data folder, written atomically.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "felt-store.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

G_DEFINE_QUARK (felt-store-error-quark, felt_store_error)

struct _FeltStoreFile {
  char *name;
  char *dir;
  char *path;
  int lock_fd;
  /* The version of the file this process last read or wrote. */
  gboolean exists;
  dev_t dev;
  ino_t ino;
  off_t size;
  struct timespec mtime;
  /* For FeltGameFile and FeltStatsFile: how long a save waits for another
   * Felt's lock, since when saves have found it busy (monotonic µs; 0:
   * not), and what the player is told of the file (NULL: nothing). */
  guint lock_wait_ms;
  gint64 busy_since;
  char *problem;
  /* For a file replaced whole (FeltStoreFileKind). */
  gboolean left_alone;   /* unreadable or a newer Felt's: never written */
  gboolean damaged;      /* damaged and not moved aside yet */
};

char *
felt_store_dir (void)
{
  const char *dir = g_getenv ("FELT_DATA_DIR");

  if (dir && *dir)
    return g_strdup (dir);
  return g_build_filename (g_get_user_data_dir (), "felt", NULL);
}

char *
felt_store_path (const char *name)
{
  g_autofree char *dir = felt_store_dir ();

  return g_build_filename (dir, name, NULL);
}

char *
felt_store_format_time (gint64 unix_time)
{
  g_autoptr (GDateTime) when = g_date_time_new_from_unix_utc (unix_time);

  /* %Y would write a year before 1000 with fewer digits, which the
   * reader refuses. */
  if (when == NULL)
    return g_strdup ("1970-01-01T00:00:00Z");
  return g_strdup_printf ("%04d-%02d-%02dT%02d:%02d:%02dZ", g_date_time_get_year (when),
                          g_date_time_get_month (when), g_date_time_get_day_of_month (when),
                          g_date_time_get_hour (when), g_date_time_get_minute (when), g_date_time_get_second (when));
}

gboolean
felt_store_parse_time (const char *text, gint64 *unix_time)
{
  g_autoptr (GDateTime) when = NULL;

  if (text == NULL || strlen (text) != 20 || text[19] != 'Z')
    return FALSE;
  when = g_date_time_new_from_iso8601 (text, NULL);
  if (when == NULL)
    return FALSE;
  *unix_time = g_date_time_to_unix (when);
  return TRUE;
}

const char *
felt_store_reason (int errsv)
{
  switch (errsv)
    {
    case EACCES:
    case EPERM:
      return _("permission denied");
    case EROFS:
      return _("the disk is read-only");
    case ENOSPC:
      return _("the disk is full");
    case EDQUOT:
      return _("your disk quota is used up");
    case EIO:
      return _("the disk reported an error");
    case EISDIR:
      return _("a folder is in its place");
    case ENOTDIR:
      return _("a file is in the place of a folder");
    case ENOENT:
      return _("the folder does not exist");
    case EWOULDBLOCK:
    case EBUSY:
    case ETXTBSY:
      return _("another program is using it");
    default:
      return g_strerror (errsv);
    }
}

FeltStoreFile *
felt_store_file_new (const char *name)
{
  FeltStoreFile *file = g_new0 (FeltStoreFile, 1);

  file->name = g_strdup (name);
  file->dir = felt_store_dir ();
  file->path = g_build_filename (file->dir, name, NULL);
  file->lock_fd = -1;
  return file;
}

void
felt_store_file_free (FeltStoreFile *file)
{
  if (file == NULL)
    return;
  felt_store_file_unlock (file);
  g_free (file->name);
  g_free (file->dir);
  g_free (file->path);
  g_free (file->problem);
  g_free (file);
}

const char *
felt_store_file_get_name (FeltStoreFile *file)
{
  return file->name;
}

const char *
felt_store_file_get_path (FeltStoreFile *file)
{
  return file->path;
}

const char *
felt_store_file_get_dir (FeltStoreFile *file)
{
  return file->dir;
}

static void
remember (FeltStoreFile *file, const struct stat *st)
{
  file->exists = st != NULL;
  if (st == NULL)
    return;
  file->dev = st->st_dev;
  file->ino = st->st_ino;
  file->size = st->st_size;
  file->mtime = st->st_mtim;
}

/* A process killed inside a save leaves its temporary file behind: each
 * read (a load, or a save of the statistics) clears those of processes of
 * this host that are gone. */
static void
clear_stale_temporary_files (FeltStoreFile *file)
{
  g_autoptr (GDir) dir = g_dir_open (file->dir, 0, NULL);
  g_autofree char *prefix = g_strdup_printf ("%s.tmp-%s-", file->name, g_get_host_name ());
  const char *entry;

  if (dir == NULL)
    return;
  while ((entry = g_dir_read_name (dir)))
    {
      guint64 pid;
      const char *rest;
      char *end;

      if (!g_str_has_prefix (entry, prefix))
        continue;
      rest = entry + strlen (prefix);
      pid = g_ascii_strtoull (rest, &end, 10);
      if (end == rest || *end != '-' || pid == 0 || pid > G_MAXINT32)
        continue;
      if (kill ((pid_t) pid, 0) != 0 && errno == ESRCH)
        {
          g_autofree char *stale = g_build_filename (file->dir, entry, NULL);
          g_unlink (stale);
        }
    }
}

int
felt_store_file_read (FeltStoreFile *file, char **data, gsize *length)
{
  g_autoptr (GByteArray) bytes = NULL;
  struct stat st;
  int fd, errsv;

  *data = NULL;
  *length = 0;
  clear_stale_temporary_files (file);
  /* Non-blocking, so that a FIFO put in its place cannot hang Felt. */
  fd = open (file->path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
  if (fd < 0)
    {
      errsv = errno;
      if (errsv == ENOENT)
        remember (file, NULL);
      return errsv;
    }
  if (fstat (fd, &st) != 0)
    {
      errsv = errno;
      close (fd);
      return errsv;
    }
  if (!S_ISREG (st.st_mode))
    {
      close (fd);
      return S_ISDIR (st.st_mode) ? EISDIR : EINVAL;
    }

  bytes = g_byte_array_sized_new ((guint) MIN (st.st_size, 1 << 20) + 1);
  for (;;)
    {
      guint8 buffer[16384];
      ssize_t n = read (fd, buffer, sizeof buffer);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          errsv = errno;
          close (fd);
          return errsv;
        }
      if (n == 0)
        break;
      g_byte_array_append (bytes, buffer, (guint) n);
    }
  close (fd);
  remember (file, &st);

  *length = bytes->len;
  g_byte_array_append (bytes, (const guint8 *) "", 1);
  *data = (char *) g_byte_array_free (g_steal_pointer (&bytes), FALSE);
  return 0;
}

static int
write_all (int fd, const char *data, gsize length)
{
  while (length > 0)
    {
      ssize_t n = write (fd, data, MIN (length, (gsize) G_MAXSSIZE));

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        return errno;
      if (n == 0)
        return EIO;
      data += n;
      length -= (gsize) n;
    }
  return 0;
}

/* The rename is on disk once the folder is synced.  A folder that cannot
 * be synced (some file systems refuse) costs only that: the new file is
 * complete and in place either way. */
static void
sync_folder (const char *dir)
{
  int fd = open (dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

  if (fd < 0)
    return;
  fsync (fd);
  close (fd);
}

int
felt_store_file_write (FeltStoreFile *file, const char *data, gsize length)
{
  static guint counter;
  g_autofree char *temp = NULL;
  struct stat st;
  int fd, errsv;

  if (g_mkdir_with_parents (file->dir, 0700) != 0)
    return errno;

  /* Named after this host and process, so that the next load can clear
   * what a killed process left (and only that). */
  temp = g_strdup_printf ("%s.tmp-%s-%d-%u", file->path, g_get_host_name (), (int) getpid (), counter++);
  fd = open (temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOCTTY, 0600);
  if (fd < 0)
    return errno;

  errsv = write_all (fd, data, length);
  if (errsv == 0 && fsync (fd) != 0)
    errsv = errno;
  if (errsv == 0 && fstat (fd, &st) != 0)
    errsv = errno;
  if (close (fd) != 0 && errsv == 0 && errno != EINTR)
    errsv = errno;
  if (errsv == 0 && rename (temp, file->path) != 0)
    errsv = errno;
  if (errsv != 0)
    {
      g_unlink (temp);
      return errsv;
    }
  remember (file, &st);
  sync_folder (file->dir);
  return 0;
}

int
felt_store_file_remove (FeltStoreFile *file)
{
  if (g_unlink (file->path) != 0 && errno != ENOENT)
    return errno;
  remember (file, NULL);
  sync_folder (file->dir);
  return 0;
}

gboolean
felt_store_file_changed_on_disk (FeltStoreFile *file)
{
  struct stat st;

  if (stat (file->path, &st) != 0)
    return errno == ENOENT ? file->exists : FALSE;
  return !file->exists || st.st_dev != file->dev || st.st_ino != file->ino ||
         st.st_size != file->size || st.st_mtim.tv_sec != file->mtime.tv_sec ||
         st.st_mtim.tv_nsec != file->mtime.tv_nsec;
}

int
felt_store_file_lock (FeltStoreFile *file, guint wait_ms)
{
  g_autofree char *lock_path = g_strconcat (file->path, ".lock", NULL);
  gint64 end = g_get_monotonic_time () + (gint64) wait_ms * 1000;
  int fd;

  if (file->lock_fd >= 0)
    return 0;
  if (g_mkdir_with_parents (file->dir, 0700) != 0)
    return errno;
  fd = open (lock_path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOCTTY, 0600);
  if (fd < 0)
    return errno;
  /* Another Felt holds it only while it reads and writes a few hundred
   * bytes, but a process that hangs may hold it for ever: the window
   * never waits (wait_ms 0) and tries again later; only the last save,
   * as Felt quits, waits a moment. */
  while (flock (fd, LOCK_EX | LOCK_NB) != 0)
    {
      int errsv = errno;

      if (errsv == EINTR)
        continue;
      if (errsv != EWOULDBLOCK || g_get_monotonic_time () >= end)
        {
          close (fd);
          return errsv;
        }
      g_usleep (2000);
    }
  file->lock_fd = fd;
  return 0;
}

gboolean
felt_store_busy_for_long (gint64 *since)
{
  gint64 now = g_get_monotonic_time ();

  if (*since == 0)
    *since = now;
  return now - *since >= (gint64) FELT_STORE_BUSY_TELL_MS * 1000;
}

int
felt_store_file_lock_to_save (FeltStoreFile *file, gboolean *busy_for_long)
{
  int errsv = felt_store_file_lock (file, file->lock_wait_ms);

  *busy_for_long = errsv == EWOULDBLOCK && felt_store_busy_for_long (&file->busy_since);
  if (errsv != EWOULDBLOCK)
    file->busy_since = 0;
  return errsv;
}

gboolean
felt_store_file_is_waiting (FeltStoreFile *file)
{
  return file->busy_since != 0;
}

void
felt_store_file_set_lock_wait (FeltStoreFile *file, guint wait_ms)
{
  file->lock_wait_ms = wait_ms;
}

void
felt_store_file_set_problem (FeltStoreFile *file, char *text)
{
  g_free (file->problem);
  file->problem = text;
}

const char *
felt_store_file_get_problem (FeltStoreFile *file)
{
  return file->problem;
}

void
felt_store_file_unlock (FeltStoreFile *file)
{
  if (file->lock_fd < 0)
    return;
  close (file->lock_fd);
  file->lock_fd = -1;
}

int
felt_store_file_keep_corrupt (FeltStoreFile *file, char **kept)
{
  g_autofree char *path = g_strconcat (file->path, ".corrupt", NULL);

  *kept = NULL;
  if (rename (file->path, path) != 0)
    return errno;
  remember (file, NULL);
  sync_folder (file->dir);
  *kept = g_steal_pointer (&path);
  return 0;
}

/* ---- a file replaced whole ----------------------------------------------------- */

int
felt_store_file_load (FeltStoreFile *file, const FeltStoreFileKind *kind, char **data, gsize *length)
{
  int errsv = felt_store_file_read (file, data, length);

  if (errsv != 0 && errsv != ENOENT)
    {
      g_message ("Cannot read the %s: %s", kind->what, g_strerror (errsv));
      file->left_alone = TRUE;
      felt_store_file_set_problem (file, kind->unreadable_sentence (file, errsv));
    }
  return errsv;
}

char *
felt_store_file_refuse (FeltStoreFile *file, const FeltStoreFileKind *kind, const GError *error, gboolean newer)
{
  g_autofree char *kept = NULL;

  g_message ("Cannot read the %s: %s", kind->what, error->message);
  if (newer)
    {
      file->left_alone = TRUE;
      felt_store_file_set_problem (file, kind->newer_sentence (file));
      return NULL;
    }
  /* Kept for a bug report.  When it cannot be moved the next save tries
   * again, and writes only once it is out of the way. */
  file->damaged = felt_store_file_keep_corrupt (file, &kept) != 0;
  return kind->damaged_sentence (kept);
}

gboolean
felt_store_file_save (FeltStoreFile *file, const FeltStoreFileKind *kind, FeltStoreSaveFunc save, gpointer data)
{
  gboolean busy_for_long;
  int errsv;

  if (file->left_alone)
    return FALSE;
  /* Without a lock file (a folder Felt cannot write) the write below
   * fails for the same reason and says so. */
  errsv = felt_store_file_lock_to_save (file, &busy_for_long);
  if (errsv == EWOULDBLOCK)
    {
      /* The data stays in memory for the next try; said only if it lasts. */
      if (busy_for_long)
        felt_store_file_set_problem (file, kind->save_failed_sentence (file, errsv));
      return FALSE;
    }
  errsv = 0;
  if (file->damaged)
    {
      g_autofree char *kept = NULL;

      errsv = felt_store_file_keep_corrupt (file, &kept);
      if (errsv == ENOENT)
        errsv = 0;
      file->damaged = errsv != 0;
    }
  if (errsv == 0)
    {
      errsv = save (file, data);
      if (errsv != 0)
        g_message ("Cannot save the %s: %s", kind->what, g_strerror (errsv));
    }
  felt_store_file_unlock (file);
  felt_store_file_set_problem (file, errsv != 0 ? kind->save_failed_sentence (file, errsv) : NULL);
  return errsv == 0;
}

gboolean
felt_store_file_may_write (FeltStoreFile *file)
{
  return !file->left_alone;
}

/* ---- by name ------------------------------------------------------------------ */

gboolean
felt_store_read (const char *name, char **data, gsize *length, GError **error)
{
  g_autoptr (FeltStoreFile) file = felt_store_file_new (name);
  int errsv = felt_store_file_read (file, data, length);

  if (errsv == 0)
    return TRUE;
  if (errsv != ENOENT)
    g_set_error (error, FELT_STORE_ERROR, FELT_STORE_ERROR_UNREADABLE,
                 "cannot read %s: %s", file->path, g_strerror (errsv));
  return FALSE;
}

gboolean
felt_store_write (const char *name, const char *data, gsize length, GError **error)
{
  g_autoptr (FeltStoreFile) file = felt_store_file_new (name);
  int errsv = felt_store_file_write (file, data, length);

  if (errsv == 0)
    return TRUE;
  g_set_error (error, FELT_STORE_ERROR, FELT_STORE_ERROR_UNWRITABLE,
               "cannot write %s: %s", file->path, g_strerror (errsv));
  return FALSE;
}

char *
felt_store_keep_corrupt (const char *name)
{
  g_autoptr (FeltStoreFile) file = felt_store_file_new (name);
  char *kept = NULL;

  felt_store_file_keep_corrupt (file, &kept);
  return kept;
}

gboolean
felt_store_remove (const char *name)
{
  g_autofree char *path = felt_store_path (name);

  return g_remove (path) == 0 || errno == ENOENT;
}

/* ---- a file each run adds to ------------------------------------------------ */

struct _FeltStoreLog {
  const FeltStoreLogKind *kind;
  FeltStoreFile *store;
  gpointer known;      /* as last read from or written to the file */
  gpointer shown;      /* known, then this run's events not saved yet */
  GArray *pending;     /* this run's events not saved yet */
  gboolean newer;      /* the file is a newer Felt's: never written */
  gboolean unreadable; /* it could not be read: not written until it can */
};

FeltStoreLog *
felt_store_log_new (const FeltStoreLogKind *kind, const char *name, gpointer empty)
{
  FeltStoreLog *log = g_new0 (FeltStoreLog, 1);

  log->kind = kind;
  log->store = felt_store_file_new (name);
  log->known = empty;
  log->shown = kind->copy (empty);
  log->pending = g_array_new (FALSE, FALSE, kind->event_size);
  return log;
}

void
felt_store_log_free (FeltStoreLog *log)
{
  if (log == NULL)
    return;
  felt_store_file_free (log->store);
  log->kind->free (log->known);
  log->kind->free (log->shown);
  g_array_unref (log->pending);
  g_free (log);
}

/* The value on disk (base) with this run's events not saved yet. */
static gpointer
merge (FeltStoreLog *log, gconstpointer base)
{
  gpointer out = log->kind->copy (base);

  for (guint i = 0; i < log->pending->len; i++)
    log->kind->apply (out, log->pending->data + i * log->kind->event_size);
  return out;
}

static void
replace (FeltStoreLog *log, gpointer *field, gpointer value)
{
  log->kind->free (*field);
  *field = value;
}

static void
set_problem (FeltStoreLog *log, char *text)
{
  felt_store_file_set_problem (log->store, text);
}

char *
felt_store_log_load (FeltStoreLog *log)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *data = NULL, *kept = NULL;
  gpointer loaded;
  gboolean newer = FALSE;
  gsize length;
  int errsv;

  errsv = felt_store_file_read (log->store, &data, &length);
  if (errsv == ENOENT)
    return NULL;
  if (errsv != 0)
    {
      /* Not damaged: left as it is, and not written this run unless it
       * can be read again (then this run's events are added to it). */
      g_message ("Cannot read the %s: %s", log->kind->what, g_strerror (errsv));
      log->unreadable = TRUE;
      set_problem (log, log->kind->unreadable_sentence (log->store, errsv));
      return NULL;
    }
  loaded = log->kind->parse (data, length, &newer, &error);
  if (loaded)
    {
      replace (log, &log->known, loaded);
      replace (log, &log->shown, merge (log, log->known));
      return NULL;
    }
  g_message ("Cannot read the %s: %s", log->kind->what, error->message);
  if (newer)
    {
      log->newer = TRUE;
      set_problem (log, log->kind->newer_sentence (log->store));
      return NULL;
    }
  /* Keep the damaged file for a bug report and start afresh; when it
   * cannot be moved, the next save tries again before writing. */
  if (felt_store_file_keep_corrupt (log->store, &kept) != 0)
    g_clear_pointer (&kept, g_free);
  return log->kind->damaged_sentence (kept);
}

gconstpointer
felt_store_log_get (FeltStoreLog *log)
{
  return log->shown;
}

FeltStoreFile *
felt_store_log_get_file (FeltStoreLog *log)
{
  return log->store;
}

gboolean
felt_store_log_may_write (FeltStoreLog *log)
{
  return !log->newer && !log->unreadable;
}

/* Under the lock: the file as it is now (a new value in *base), the base
 * for this run's events.  0, or the errno that stops the save (the
 * problem is set). */
static int
read_base (FeltStoreLog *log, gpointer *base)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *data = NULL, *kept = NULL;
  gboolean newer = FALSE;
  gsize length;
  int errsv;

  errsv = felt_store_file_read (log->store, &data, &length);
  if (errsv == ENOENT)
    {
      /* Removed since: what this run knows is all there is. */
      *base = log->kind->copy (log->known);
      return 0;
    }
  if (errsv != 0)
    {
      log->unreadable = TRUE;
      set_problem (log, log->kind->unreadable_sentence (log->store, errsv));
      return errsv;
    }
  log->unreadable = FALSE;
  *base = log->kind->parse (data, length, &newer, &error);
  if (*base)
    return 0;
  if (newer)
    {
      log->newer = TRUE;
      set_problem (log, log->kind->newer_sentence (log->store));
      return EEXIST;     /* any errno: the save stops */
    }
  g_message ("Cannot read the %s: %s", log->kind->what, error->message);
  errsv = felt_store_file_keep_corrupt (log->store, &kept);
  if (errsv != 0)
    {
      set_problem (log, log->kind->save_failed_sentence (log->store, errsv));
      return errsv;
    }
  *base = log->kind->copy (log->known);
  return 0;
}

gboolean
felt_store_log_save (FeltStoreLog *log)
{
  gpointer base = NULL, merged;
  g_autofree char *data = NULL;
  gboolean busy_for_long;
  gsize length;
  int errsv;

  if (log->newer)
    return FALSE;
  if (log->pending->len == 0 && felt_store_file_get_problem (log->store) == NULL)
    return TRUE;

  /* Another Felt may be saving: try again later (not waiting, unless
   * set_lock_wait says so), then add to what it wrote.  Without a lock
   * file (a folder Felt cannot write) the write below fails for the
   * same reason and says so. */
  errsv = felt_store_file_lock_to_save (log->store, &busy_for_long);
  if (errsv == EWOULDBLOCK)
    {
      /* Kept in memory for the next try; said only if it lasts. */
      if (busy_for_long)
        set_problem (log, log->kind->save_failed_sentence (log->store, errsv));
      return FALSE;
    }
  errsv = read_base (log, &base);
  if (errsv != 0)
    {
      felt_store_file_unlock (log->store);
      return FALSE;
    }
  merged = merge (log, base);
  data = log->kind->to_data (merged, &length);
  errsv = felt_store_file_write (log->store, data, length);
  felt_store_file_unlock (log->store);

  replace (log, &log->shown, merged);
  if (errsv != 0)
    {
      g_message ("Cannot save the %s: %s", log->kind->what, g_strerror (errsv));
      replace (log, &log->known, base);
      set_problem (log, log->kind->save_failed_sentence (log->store, errsv));
      return FALSE;
    }
  log->kind->free (base);
  replace (log, &log->known, log->kind->copy (merged));
  g_array_set_size (log->pending, 0);
  set_problem (log, NULL);
  return TRUE;
}

gboolean
felt_store_log_record (FeltStoreLog *log, gconstpointer event)
{
  g_array_append_vals (log->pending, event, 1);
  log->kind->apply (log->shown, event);
  return felt_store_log_save (log);
}
