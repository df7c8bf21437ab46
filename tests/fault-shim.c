/* fault-shim.c: an LD_PRELOAD library that makes one file call fail.
 *
 *   FELT_FAULT_DIR    only paths under this folder (and the descriptors
 *                     opened on them) count; GLib's and GTK's own files
 *                     are never touched
 *   FELT_FAULT_NAME   if set, only the files under the folder whose name
 *                     begins with it count (game.ini: also its temporary
 *                     and lock files); mkdir, of the folder, always counts
 *   FELT_FAULT_CALL   open, read, write, fsync, rename, mkdir or
 *                     fallocate (read counts pread too; a copy in the
 *                     kernel, copy_file_range or sendfile, is a read of
 *                     one file and a write of the other; fallocate counts
 *                     posix_fallocate, the face cache's reservation)
 *   FELT_FAULT_ERRNO  EACCES, EIO, ENOSPC, EROFS, EISDIR or EDQUOT
 *   FELT_FAULT_N      the call (1, 2, ...) of that kind that fails
 *   FELT_FAULT_FROM   if set (to anything), that call and every later one
 *                     of that kind fail: a disk that stays full, a folder
 *                     that stays read-only
 *   FELT_FAULT_LOG    a file that receives, at exit, one line per kind:
 *                     "calls KIND COUNT", and "injected KIND ERRNO N PATH"
 *                     for the fault made
 *   FELT_FAULT_DELAY_MS  each fsync and rename under the folder first
 *                     sleeps this long: a slow disk, so that a kill lands
 *                     inside a save (the crash tests)
 *   FELT_FAULT_TRACE  a file that receives, as they happen (a process
 *                     killed runs no destructor), one line before each
 *                     rename under the folder, "B NAME HEX" (the name
 *                     renamed to and the new contents, in hex), and one
 *                     after it, "E NAME" or "F NAME ERRNO"; each line is
 *                     one write(2), so a kill cannot cut one
 *
 * Without FELT_FAULT_CALL the shim only counts, so that the test learns
 * how many calls of each kind a run makes.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
/* The shim defines open and open64 both: neither may be renamed to the
 * other by the headers. */
#undef _FILE_OFFSET_BITS
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

enum { K_OPEN, K_READ, K_WRITE, K_FSYNC, K_RENAME, K_MKDIR, K_FALLOCATE, N_KINDS };

static const char *const kind_names[N_KINDS] = { "open", "read", "write", "fsync", "rename", "mkdir", "fallocate" };

static const struct {
  const char *name;
  int value;
} errnos[] = {
  { "EACCES", EACCES }, { "EIO", EIO }, { "ENOSPC", ENOSPC },
  { "EROFS", EROFS }, { "EISDIR", EISDIR }, { "EDQUOT", EDQUOT },
};

#define MAX_FD 4096

static int ready;
static char dir[4096];
static size_t dir_len;
static char name_prefix[256];
static int target = -1;
static int fault_errno;
static long fault_n;
static int fault_from;
static long counts[N_KINDS];
static char injected[4200];
static unsigned char tracked[MAX_FD];
static long delay_ms;
static int trace_fd = -1;

static void
setup (void)
{
  const char *d, *call, *e, *n;

  if (ready)
    return;
  ready = 1;
  d = getenv ("FELT_FAULT_DIR");
  if (d && *d && strlen (d) < sizeof dir)
    {
      strcpy (dir, d);
      dir_len = strlen (dir);
      while (dir_len > 1 && dir[dir_len - 1] == '/')
        dir[--dir_len] = '\0';
    }
  d = getenv ("FELT_FAULT_NAME");
  if (d && strlen (d) < sizeof name_prefix)
    strcpy (name_prefix, d);
  call = getenv ("FELT_FAULT_CALL");
  e = getenv ("FELT_FAULT_ERRNO");
  n = getenv ("FELT_FAULT_N");
  for (int i = 0; call && i < N_KINDS; i++)
    if (strcmp (call, kind_names[i]) == 0)
      target = i;
  for (size_t i = 0; e && i < sizeof errnos / sizeof errnos[0]; i++)
    if (strcmp (e, errnos[i].name) == 0)
      fault_errno = errnos[i].value;
  fault_n = n ? atol (n) : 0;
  fault_from = getenv ("FELT_FAULT_FROM") != NULL && *getenv ("FELT_FAULT_FROM");
  if (fault_errno == 0 || fault_n <= 0)
    target = -1;
  delay_ms = getenv ("FELT_FAULT_DELAY_MS") ? atol (getenv ("FELT_FAULT_DELAY_MS")) : 0;
}

static void
slow_disk (void)
{
  struct timespec ts;

  setup ();
  if (delay_ms <= 0)
    return;
  ts.tv_sec = delay_ms / 1000;
  ts.tv_nsec = (delay_ms % 1000) * 1000000L;
  while (nanosleep (&ts, &ts) != 0 && errno == EINTR)
    ;
}

static int
under_dir (const char *path)
{
  setup ();
  if (dir_len == 0 || path == NULL || path[0] != '/')
    return 0;
  return strncmp (path, dir, dir_len) == 0 && (path[dir_len] == '\0' || path[dir_len] == '/');
}

/* Under the folder, and named as FELT_FAULT_NAME says. */
static int
counted (const char *path)
{
  const char *base;

  if (!under_dir (path))
    return 0;
  if (name_prefix[0] == '\0')
    return 1;
  base = strrchr (path, '/');
  base = base ? base + 1 : path;
  return strncmp (base, name_prefix, strlen (name_prefix)) == 0;
}

static int
fd_tracked (int fd)
{
  return fd >= 0 && fd < MAX_FD && tracked[fd];
}

/* Counts a call of this kind on a path under the folder; TRUE when it is
 * the one to fail (errno is set). */
static int
fail_here (int kind, const char *what)
{
  long n = __atomic_add_fetch (&counts[kind], 1, __ATOMIC_SEQ_CST);

  if (kind != target || n < fault_n || (n > fault_n && !fault_from))
    return 0;
  errno = fault_errno;
  if (n > fault_n)
    return 1;
  snprintf (injected, sizeof injected, "injected %s %d %ld %s", kind_names[kind], fault_errno, n,
            what ? what : "");
  errno = fault_errno;
  return 1;
}

static char *
fd_path (int fd, char *buffer, size_t size)
{
  char link[64];
  ssize_t n;

  snprintf (link, sizeof link, "/proc/self/fd/%d", fd);
  n = readlink (link, buffer, size - 1);
  if (n < 0)
    n = 0;
  buffer[n] = '\0';
  return buffer;
}

__attribute__ ((destructor)) static void
report (void)
{
  const char *log = getenv ("FELT_FAULT_LOG");
  FILE *out;

  if (log == NULL || *log == '\0')
    return;
  out = fopen (log, "w");
  if (out == NULL)
    return;
  for (int i = 0; i < N_KINDS; i++)
    fprintf (out, "calls %s %ld\n", kind_names[i], counts[i]);
  if (injected[0])
    fprintf (out, "%s\n", injected);
  fclose (out);
}

#define REAL(name, ret, args) \
  static ret (*real_##name) args; \
  if (real_##name == NULL) \
    real_##name = (ret (*) args) dlsym (RTLD_NEXT, #name)

static int
opened (int fd, const char *path)
{
  if (fd >= 0 && fd < MAX_FD)
    tracked[fd] = counted (path);
  return fd;
}

static int
open_common (int (*real) (const char *, int, ...), const char *path, int flags, mode_t mode)
{
  if (counted (path) && fail_here (K_OPEN, path))
    return -1;
  return opened (real (path, flags, mode), path);
}

int open (const char *path, int flags, ...);
int open64 (const char *path, int flags, ...);
int openat (int dirfd, const char *path, int flags, ...);
int openat64 (int dirfd, const char *path, int flags, ...);
int __open_2 (const char *path, int flags);
int __open64_2 (const char *path, int flags);

static mode_t
get_mode (int flags, va_list ap)
{
  return (flags & O_CREAT) || (flags & __O_TMPFILE) == __O_TMPFILE ? (mode_t) va_arg (ap, int) : 0;
}

int
open (const char *path, int flags, ...)
{
  va_list ap;
  mode_t mode;

  REAL (open, int, (const char *, int, ...));
  va_start (ap, flags);
  mode = get_mode (flags, ap);
  va_end (ap);
  return open_common (real_open, path, flags, mode);
}

int
open64 (const char *path, int flags, ...)
{
  va_list ap;
  mode_t mode;

  REAL (open64, int, (const char *, int, ...));
  va_start (ap, flags);
  mode = get_mode (flags, ap);
  va_end (ap);
  return open_common (real_open64, path, flags, mode);
}

int
__open_2 (const char *path, int flags)
{
  REAL (open, int, (const char *, int, ...));
  return open_common (real_open, path, flags, 0);
}

int
__open64_2 (const char *path, int flags)
{
  REAL (open64, int, (const char *, int, ...));
  return open_common (real_open64, path, flags, 0);
}

static int
openat_common (int (*real) (int, const char *, int, ...), int dirfd, const char *path, int flags, mode_t mode)
{
  /* Only absolute paths are judged; Felt opens nothing relative. */
  if (counted (path) && fail_here (K_OPEN, path))
    return -1;
  return opened (real (dirfd, path, flags, mode), path);
}

int
openat (int dirfd, const char *path, int flags, ...)
{
  va_list ap;
  mode_t mode;

  REAL (openat, int, (int, const char *, int, ...));
  va_start (ap, flags);
  mode = get_mode (flags, ap);
  va_end (ap);
  return openat_common (real_openat, dirfd, path, flags, mode);
}

int
openat64 (int dirfd, const char *path, int flags, ...)
{
  va_list ap;
  mode_t mode;

  REAL (openat64, int, (int, const char *, int, ...));
  va_start (ap, flags);
  mode = get_mode (flags, ap);
  va_end (ap);
  return openat_common (real_openat64, dirfd, path, flags, mode);
}

int
close (int fd)
{
  REAL (close, int, (int));
  if (fd >= 0 && fd < MAX_FD)
    tracked[fd] = 0;
  return real_close (fd);
}

ssize_t
read (int fd, void *buf, size_t count)
{
  char path[4096];

  REAL (read, ssize_t, (int, void *, size_t));
  if (fd_tracked (fd) && fail_here (K_READ, fd_path (fd, path, sizeof path)))
    return -1;
  return real_read (fd, buf, count);
}

ssize_t __read_chk (int fd, void *buf, size_t count, size_t buflen);

ssize_t
__read_chk (int fd, void *buf, size_t count, size_t buflen)
{
  return read (fd, buf, count);
}

ssize_t pread (int fd, void *buf, size_t count, off_t offset);
ssize_t pread64 (int fd, void *buf, size_t count, off64_t offset);

ssize_t
pread (int fd, void *buf, size_t count, off_t offset)
{
  char path[4096];

  REAL (pread, ssize_t, (int, void *, size_t, off_t));
  if (fd_tracked (fd) && fail_here (K_READ, fd_path (fd, path, sizeof path)))
    return -1;
  return real_pread (fd, buf, count, offset);
}

ssize_t
pread64 (int fd, void *buf, size_t count, off64_t offset)
{
  char path[4096];

  REAL (pread64, ssize_t, (int, void *, size_t, off64_t));
  if (fd_tracked (fd) && fail_here (K_READ, fd_path (fd, path, sizeof path)))
    return -1;
  return real_pread64 (fd, buf, count, offset);
}

/* A copy in the kernel (the face cache's private copy) reads one file
 * and writes another: it counts as both. */
static int
copy_fails (int in, int out)
{
  char path[4096];

  return (fd_tracked (in) && fail_here (K_READ, fd_path (in, path, sizeof path))) ||
         (fd_tracked (out) && fail_here (K_WRITE, fd_path (out, path, sizeof path)));
}

ssize_t
copy_file_range (int in, off64_t *in_off, int out, off64_t *out_off, size_t count, unsigned int flags)
{
  REAL (copy_file_range, ssize_t, (int, off64_t *, int, off64_t *, size_t, unsigned int));
  if (copy_fails (in, out))
    return -1;
  return real_copy_file_range (in, in_off, out, out_off, count, flags);
}

ssize_t sendfile (int out, int in, off_t *offset, size_t count);
ssize_t sendfile64 (int out, int in, off64_t *offset, size_t count);

ssize_t
sendfile (int out, int in, off_t *offset, size_t count)
{
  REAL (sendfile, ssize_t, (int, int, off_t *, size_t));
  if (copy_fails (in, out))
    return -1;
  return real_sendfile (out, in, offset, count);
}

ssize_t
sendfile64 (int out, int in, off64_t *offset, size_t count)
{
  REAL (sendfile64, ssize_t, (int, int, off64_t *, size_t));
  if (copy_fails (in, out))
    return -1;
  return real_sendfile64 (out, in, offset, count);
}

ssize_t
write (int fd, const void *buf, size_t count)
{
  char path[4096];

  REAL (write, ssize_t, (int, const void *, size_t));
  if (fd_tracked (fd) && fail_here (K_WRITE, fd_path (fd, path, sizeof path)))
    return -1;
  return real_write (fd, buf, count);
}

/* posix_fallocate returns the error rather than setting errno. */
static int
fallocate_fails (int fd)
{
  char path[4096];

  return fd_tracked (fd) && fail_here (K_FALLOCATE, fd_path (fd, path, sizeof path));
}

int
posix_fallocate (int fd, off_t offset, off_t length)
{
  REAL (posix_fallocate, int, (int, off_t, off_t));
  if (fallocate_fails (fd))
    return errno;
  return real_posix_fallocate (fd, offset, length);
}

int
posix_fallocate64 (int fd, off64_t offset, off64_t length)
{
  REAL (posix_fallocate64, int, (int, off64_t, off64_t));
  if (fallocate_fails (fd))
    return errno;
  return real_posix_fallocate64 (fd, offset, length);
}

int
fallocate (int fd, int mode, off_t offset, off_t length)
{
  REAL (fallocate, int, (int, int, off_t, off_t));
  if (fallocate_fails (fd))
    return -1;
  return real_fallocate (fd, mode, offset, length);
}

int
fsync (int fd)
{
  char path[4096];

  REAL (fsync, int, (int));
  if (fd_tracked (fd) && fail_here (K_FSYNC, fd_path (fd, path, sizeof path)))
    return -1;
  if (fd_tracked (fd))
    slow_disk ();
  return real_fsync (fd);
}

int
fdatasync (int fd)
{
  char path[4096];

  REAL (fdatasync, int, (int));
  if (fd_tracked (fd) && fail_here (K_FSYNC, fd_path (fd, path, sizeof path)))
    return -1;
  return real_fdatasync (fd);
}

/* The trace goes through the real calls (syscall numbers: no wrapper of
 * this file counts them). */
static void
trace_line (const char *line, size_t length)
{
  const char *path = getenv ("FELT_FAULT_TRACE");

  if (path == NULL || *path == '\0')
    return;
  if (trace_fd < 0)
    {
      REAL (open, int, (const char *, int, ...));
      trace_fd = real_open (path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
      if (trace_fd >= 0 && trace_fd < MAX_FD)
        tracked[trace_fd] = 0;
    }
  if (trace_fd >= 0)
    {
      REAL (write, ssize_t, (int, const void *, size_t));
      if (real_write (trace_fd, line, length) < 0)
        return;
    }
}

static void
trace_before (const char *from, const char *to)
{
  static char line[2 * 65536 + 4200];
  static const char hex[] = "0123456789abcdef";
  unsigned char buffer[65536];
  const char *name = strrchr (to, '/') ? strrchr (to, '/') + 1 : to;
  size_t at, n = 0;
  ssize_t got = 0;
  int fd;

  if (getenv ("FELT_FAULT_TRACE") == NULL)
    return;
  {
    REAL (open, int, (const char *, int, ...));
    REAL (read, ssize_t, (int, void *, size_t));
    REAL (close, int, (int));
    fd = real_open (from, O_RDONLY | O_CLOEXEC);
    while (fd >= 0 && n < sizeof buffer && (got = real_read (fd, buffer + n, sizeof buffer - n)) > 0)
      n += (size_t) got;
    if (fd >= 0)
      real_close (fd);
  }
  at = (size_t) snprintf (line, 4200, "B %s ", name);
  for (size_t i = 0; i < n; i++)
    {
      line[at++] = hex[buffer[i] >> 4];
      line[at++] = hex[buffer[i] & 15];
    }
  line[at++] = '\n';
  trace_line (line, at);
}

static void
trace_after (const char *to, int result, int errsv)
{
  char line[4200];
  const char *name = strrchr (to, '/') ? strrchr (to, '/') + 1 : to;
  int n = result == 0 ? snprintf (line, sizeof line, "E %s\n", name)
                      : snprintf (line, sizeof line, "F %s %d\n", name, errsv);

  trace_line (line, (size_t) n);
}

int
rename (const char *from, const char *to)
{
  int result, errsv;

  REAL (rename, int, (const char *, const char *));
  if (!counted (from) && !counted (to))
    return real_rename (from, to);
  if (fail_here (K_RENAME, to))
    return -1;
  slow_disk ();
  trace_before (from, to);
  result = real_rename (from, to);
  errsv = errno;
  trace_after (to, result, errsv);
  errno = errsv;
  return result;
}

int
renameat (int fromfd, const char *from, int tofd, const char *to)
{
  REAL (renameat, int, (int, const char *, int, const char *));
  if ((counted (from) || counted (to)) && fail_here (K_RENAME, to))
    return -1;
  return real_renameat (fromfd, from, tofd, to);
}

int
mkdir (const char *path, mode_t mode)
{
  REAL (mkdir, int, (const char *, mode_t));
  if (under_dir (path) && fail_here (K_MKDIR, path))
    return -1;
  return real_mkdir (path, mode);
}
