/* felt-face-cache.c: rendered card faces kept on disk between starts.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE   /* O_TMPFILE */
#endif
#include "config.h"

#include "felt-face-cache.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>
#ifdef __linux__
#include <sys/sendfile.h>
#endif
#include <sys/stat.h>
#include <unistd.h>
#include <utime.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <librsvg/rsvg.h>

#define MAGIC "FELTFACE"
#define FORMAT_VERSION 4   /* 4: the checksum in four lanes */
#define BYTE_ORDER_MARK 0x01020304u
#define HEADER_SIZE 64   /* keeps the pixels aligned */
/* Temporary files of a write that never finished (the program was
 * killed) are removed after this long. */
#define STALE_SECONDS (10 * 60)

typedef struct {
  char magic[8];
  guint32 version;
  guint32 byte_order;      /* BYTE_ORDER_MARK as this machine writes it */
  guint32 renderer;        /* librsvg's version: another may draw otherwise */
  guint32 width, height, stride, n_faces;
  guint64 checksum;        /* of the pixels (pixels_checksum) */
  char deck[16];           /* the start of the deck's key: a pre-rendered
                            * file, named by its size only, says its deck */
} Header;

G_STATIC_ASSERT (sizeof (Header) <= HEADER_SIZE);

static guint32
renderer_version (void)
{
  return LIBRSVG_MAJOR_VERSION * 10000 + LIBRSVG_MINOR_VERSION * 100 + LIBRSVG_MICRO_VERSION;
}

/* The two folders may come from the environment (the tests', a
 * developer's).  Faces are drawn in worker threads too, and a getenv there
 * races with a setenv in any other thread, which glibc does not guard
 * against (it crashed a test under AddressSanitizer): only the main thread
 * reads the environment, and a worker takes what it read last. */
enum { DIR_FACES, DIR_CACHE, N_DIRS };

static const char *const dir_variables[N_DIRS] = { "FELT_FACES_DIR", "FELT_CACHE_DIR" };
static GThread *main_thread;
static GMutex dirs_lock;
static char *dirs_read[N_DIRS];   /* under dirs_lock: the environment's, or NULL */

static void
read_dirs (void)
{
  g_mutex_lock (&dirs_lock);
  for (guint d = 0; d < N_DIRS; d++)
    {
      const char *dir = g_getenv (dir_variables[d]);

      g_free (dirs_read[d]);
      dirs_read[d] = dir && *dir ? g_strdup (dir) : NULL;
    }
  g_mutex_unlock (&dirs_lock);
}

/* Before main, in the only thread there is. */
__attribute__ ((constructor)) static void
remember_main_thread (void)
{
  main_thread = g_thread_self ();
  read_dirs ();
}

static char *
env_dir (guint d)
{
  char *dir;

  if (g_thread_self () == main_thread)
    {
      read_dirs ();
      /* GLib reads XDG_CACHE_HOME once, at the first call: here. */
      (void) g_get_user_cache_dir ();
    }
  g_mutex_lock (&dirs_lock);
  dir = g_strdup (dirs_read[d]);
  g_mutex_unlock (&dirs_lock);
  return dir;
}

/* Where the faces rendered at build time are installed (data/meson.build);
 * FELT_FACES_DIR overrides it, to run from the build directory. */
static char *
prerendered_dir (void)
{
  char *dir = env_dir (DIR_FACES);

  return dir ? dir : g_strdup (FELT_FACES_INSTALL_DIR);
}

char *
felt_face_cache_prerendered_path (int width, int height)
{
  g_autofree char *dir = prerendered_dir ();
  g_autofree char *name = g_strdup_printf ("cards-%dx%d.faces", width, height);

  return g_build_filename (dir, name, NULL);
}

static char *
cache_dir (void)
{
  char *dir = env_dir (DIR_CACHE);

  return dir ? dir : g_build_filename (g_get_user_cache_dir (), "felt", "cards", NULL);
}

char *
felt_face_cache_key (GBytes *deck)
{
  return g_compute_checksum_for_bytes (G_CHECKSUM_SHA256, deck);
}

char *
felt_face_cache_path (const char *key, int width, int height)
{
  g_autofree char *dir = cache_dir ();
  g_autofree char *name = g_strdup_printf ("%s-%dx%d.faces", key, width, height);

  return g_build_filename (dir, name, NULL);
}

gboolean
felt_face_cache_has_deck (const char *key)
{
  g_autofree char *dir = cache_dir ();
  g_autofree char *prefix = g_strconcat (key, "-", NULL);
  g_autoptr (GDir) folder = g_dir_open (dir, 0, NULL);
  const char *name;

  g_autofree char *faces = prerendered_dir ();
  g_autoptr (GDir) installed = NULL;

  while (folder && (name = g_dir_read_name (folder)))
    if (g_str_has_prefix (name, prefix) && g_str_has_suffix (name, ".faces"))
      return TRUE;
  /* Faces rendered at build time are of the built-in deck: their header
   * names it. */
  installed = g_dir_open (faces, 0, NULL);
  while (installed && (name = g_dir_read_name (installed)))
    if (g_str_has_prefix (name, "cards-") && g_str_has_suffix (name, ".faces"))
      {
        g_autofree char *path = g_build_filename (faces, name, NULL);
        Header header;
        gboolean ok = FALSE;
        int fd = open (path, O_RDONLY | O_CLOEXEC);

        if (fd >= 0)
          {
            ok = read (fd, &header, sizeof header) == (gssize) sizeof header &&
                 memcmp (header.magic, MAGIC, sizeof header.magic) == 0 && header.version == FORMAT_VERSION &&
                 strncmp (header.deck, key, sizeof header.deck) == 0;
            close (fd);
          }
        if (ok)
          return TRUE;
      }
  return FALSE;
}

static gboolean
header_matches (const Header *h, const char *key, int width, int height, guint n_faces)
{
  return memcmp (h->magic, MAGIC, sizeof h->magic) == 0 &&
         strncmp (h->deck, key, sizeof h->deck) == 0 &&
         h->version == FORMAT_VERSION &&
         h->byte_order == BYTE_ORDER_MARK &&
         h->renderer == renderer_version () &&
         h->width == (guint32) width && h->height == (guint32) height &&
         h->stride == (guint32) cairo_format_stride_for_width (CAIRO_FORMAT_ARGB32, width) &&
         h->n_faces == n_faces;
}

/* FNV-1a over 64-bit words in four lanes, each taking every fourth word,
 * then over the lanes: a changed word always changes its lane's value
 * and so the checksum.  One lane is a chain of multiplications, each
 * waiting for the last (4.4 ms for a 3 MB file on the bench's machine);
 * four run side by side (1.4 ms), a start's largest cost after the
 * copy. */
#define FNV_PRIME G_GUINT64_CONSTANT (0x100000001b3)

static guint64
pixels_checksum (const guchar *data, gsize length)
{
  guint64 lane[4] = { G_GUINT64_CONSTANT (0xcbf29ce484222325), 1, 2, 3 };
  guint64 h;
  gsize i = 0;

  for (; i + sizeof lane <= length; i += sizeof lane)
    {
      guint64 words[4];

      memcpy (words, data + i, sizeof words);
      for (guint k = 0; k < 4; k++)
        lane[k] = (lane[k] ^ words[k]) * FNV_PRIME;
    }
  for (; i < length; i++)
    lane[0] = (lane[0] ^ data[i]) * FNV_PRIME;
  h = lane[0];
  for (guint k = 1; k < 4; k++)
    h = (h ^ lane[k]) * FNV_PRIME;
  return h;
}

/* The pixels of the faces loaded from one file, shared by its faces. */
typedef struct {
  guchar *data;
  gsize length;
  gboolean mapped;   /* a private copy's mapping, else ordinary memory */
} Pixels;

static void
pixels_clear (Pixels *pixels)
{
  if (pixels->mapped)
    munmap (pixels->data, pixels->length);
  else
    g_free (pixels->data);
}

static void
pixels_unref (gpointer pixels)
{
  g_rc_box_release_full (pixels, (GDestroyNotify) pixels_clear);
}

static const cairo_user_data_key_t pixels_key;

static gboolean
read_all (int fd, guchar *data, gsize length)
{
  while (length > 0)
    {
      gssize n = read (fd, data, length);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        return FALSE;
      data += n;
      length -= (gsize) n;
    }
  return TRUE;
}

/* Copies `length` bytes of `from`, from its start, to `to` in the
 * kernel: no page of them passes through Felt's memory.  Read into
 * fresh memory and written out again, a 3 MB file cost 10 ms (page
 * faults, on a virtual machine most of all), a start's largest cost
 * after GTK's own. */
static gboolean
copy_in_kernel (int from, int to, gsize length)
{
#ifdef __linux__
  off_t in = 0;
  gboolean first = TRUE;

  while ((gsize) in < length)
    {
      gssize n = copy_file_range (from, &in, to, NULL, length - (gsize) in, 0);

      /* Across file systems (the installed faces on another) older
       * kernels refuse; sendfile copies between any regular files. */
      if (n < 0 && first && (errno == EXDEV || errno == EINVAL || errno == ENOSYS || errno == EOPNOTSUPP))
        {
          while ((gsize) in < length)
            {
              n = sendfile (to, from, &in, length - (gsize) in);
              if (n < 0 && errno == EINTR)
                continue;
              if (n <= 0)
                return FALSE;
            }
          return TRUE;
        }
      if (n < 0 && errno == EINTR)
        continue;
      /* 0: the file got shorter since it was measured. */
      if (n <= 0)
        return FALSE;
      first = FALSE;
    }
  return TRUE;
#else
  return FALSE;
#endif
}

/* A copy of the file `from` (`length` bytes) in a file of Felt's own,
 * with no name, in `dir`: no other program can truncate or rewrite it (a
 * file mapped from the cache folder could be, and reading a page cut off
 * raises SIGBUS).  Mapped privately, its pages can go back to the system
 * (felt_face_cache_release) and be read again from the copy.  NULL where
 * the folder takes no such file, or the copy fails (the file got shorter,
 * a disk error): the caller then reads the pixels into memory, or finds
 * the file damaged. */
static guchar *
private_copy (const char *dir, int from, gsize length)
{
#ifdef O_TMPFILE
  int fd = open (dir, O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
  void *map = MAP_FAILED;

  if (fd < 0)
    return NULL;
  /* Writable: copy-on-write, so that cairo may treat the pixels as its
   * own; nothing ever draws into them.  Mapped only once the copy is
   * whole: every page has its blocks (a full disk fails the copy, not a
   * page later), and a write lands in memory, never in the file. */
  if (copy_in_kernel (from, fd, length))
    map = mmap (NULL, length, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
  close (fd);
  return map == MAP_FAILED ? NULL : map;
#else
  return NULL;
#endif
}

/* Why a file was not used. */
typedef enum {
  LOAD_OK,
  LOAD_MISSING,     /* no such file */
  LOAD_OTHER,       /* another version, deck or librsvg: expected */
  LOAD_DAMAGED,     /* unreadable, truncated, or its pixels changed */
} LoadResult;

static LoadResult
load_file (const char *path, const char *key, int width, int height, guint n_faces,
           cairo_surface_t **faces)
{
  g_autofree char *dir = NULL;
  int stride = cairo_format_stride_for_width (CAIRO_FORMAT_ARGB32, width);
  gsize face_size, length;
  Pixels *pixels;
  guchar *data;
  gboolean mapped;
  Header header;
  struct stat st = { 0 };
  int fd;

  face_size = (gsize) stride * (gsize) height;
  length = HEADER_SIZE + face_size * n_faces;

  /* Copied, not mapped: the file may change under Felt (another program,
   * a cleaner).  Anything but the exact file written is not used. */
  fd = open (path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return errno == ENOENT ? LOAD_MISSING : LOAD_DAMAGED;
  if (fstat (fd, &st) != 0 || !S_ISREG (st.st_mode) ||
      pread (fd, &header, sizeof header, 0) != (gssize) sizeof header)
    {
      close (fd);
      return LOAD_DAMAGED;
    }
  /* A file of another version has another length too. */
  if (!header_matches (&header, key, width, height, n_faces))
    {
      close (fd);
      return memcmp (header.magic, MAGIC, sizeof header.magic) == 0 ? LOAD_OTHER : LOAD_DAMAGED;
    }
  if ((guint64) st.st_size != length)
    {
      close (fd);
      return LOAD_DAMAGED;
    }

  /* The copy is in the cache folder: a pre-rendered file's folder is
   * not Felt's to write. */
  dir = cache_dir ();
  g_mkdir_with_parents (dir, 0700);
  data = private_copy (dir, fd, length);
  mapped = data != NULL;
  if (!mapped && (data = g_try_malloc (length)) != NULL &&
      (lseek (fd, 0, SEEK_SET) != 0 || !read_all (fd, data, length)))
    g_clear_pointer (&data, g_free);
  close (fd);
  if (data == NULL)
    return LOAD_DAMAGED;

  /* The header again, of the copy: the file may have been rewritten
   * between the two reads. */
  memcpy (&header, data, sizeof header);
  if (!header_matches (&header, key, width, height, n_faces) ||
      header.checksum != pixels_checksum (data + HEADER_SIZE, length - HEADER_SIZE))
    {
      if (mapped)
        munmap (data, length);
      else
        g_free (data);
      return LOAD_DAMAGED;
    }

  pixels = g_rc_box_new0 (Pixels);
  pixels->length = length;
  pixels->data = data;
  pixels->mapped = mapped;
  for (guint f = 0; f < n_faces; f++)
    {
      faces[f] = cairo_image_surface_create_for_data (pixels->data + HEADER_SIZE + face_size * f,
                                                      CAIRO_FORMAT_ARGB32, width, height, stride);
      /* Each face keeps the pixels alive. */
      cairo_surface_set_user_data (faces[f], &pixels_key, g_rc_box_acquire (pixels), pixels_unref);
    }
  pixels_unref (pixels);
  return LOAD_OK;
}

gboolean
felt_face_cache_load (const char *key, int width, int height, guint n_faces, cairo_surface_t **faces)
{
  g_autofree char *path = NULL;
  int stride = cairo_format_stride_for_width (CAIRO_FORMAT_ARGB32, width);

  g_return_val_if_fail (key != NULL, FALSE);
  if (width < 1 || height < 1 || stride < 0 || n_faces == 0)
    return FALSE;
  path = felt_face_cache_path (key, width, height);
  if (load_file (path, key, width, height, n_faces, faces) != LOAD_OK)
    return FALSE;
  /* The least recently used files are the ones pruned. */
  g_utime (path, NULL);
  return TRUE;
}

gboolean
felt_face_cache_load_prerendered (const char *key, int width, int height, guint n_faces,
                                  cairo_surface_t **faces)
{
  g_autofree char *path = NULL;
  int stride = cairo_format_stride_for_width (CAIRO_FORMAT_ARGB32, width);

  g_return_val_if_fail (key != NULL, FALSE);
  if (width < 1 || height < 1 || stride < 0 || n_faces == 0)
    return FALSE;
  path = felt_face_cache_prerendered_path (width, height);
  switch (load_file (path, key, width, height, n_faces, faces))
    {
    case LOAD_OK:
      return TRUE;
    case LOAD_MISSING:
    case LOAD_OTHER:
      /* Another size than the window's, another deck, or a librsvg
       * upgraded since the build: nothing is wrong. */
      return FALSE;
    case LOAD_DAMAGED:
    default:
      /* Felt works on, only slower to start: said once a run, so that
       * whoever installed it can repair it. */
      {
        static gsize said;
        if (g_once_init_enter (&said))
          {
            /* TRANSLATORS: %s is a file's path. */
            g_message (_("The card faces installed as %s are damaged; Felt draws the cards itself. "
                         "Reinstalling Felt repairs the file."), path);
            g_once_init_leave (&said, 1);
          }
      }
      return FALSE;
    }
}

/* Gives the file `length` bytes of real blocks.  A file only made longer
 * (ftruncate) has none: on a full disk, the first drawing into a page
 * of its mapping that finds no free block raises SIGBUS, and Felt would
 * die at every start until space is freed.  FALSE where the space is
 * not there: the caller draws into memory then.  (Where the file system
 * has no fallocate, glibc writes into each block instead: slower, and as
 * sure.) */
static gboolean
reserve (int fd, gsize length)
{
  int error;

  do
    error = posix_fallocate (fd, 0, (off_t) length);
  while (error == EINTR);
  return error == 0;
}

cairo_surface_t *
felt_face_cache_surface_new (int width, int height)
{
  int stride = cairo_format_stride_for_width (CAIRO_FORMAT_ARGB32, width);
  cairo_surface_t *surface;
  Pixels *pixels;
  void *map = MAP_FAILED;
  gsize length;

  if (width < 1 || height < 1 || stride < 0)
    return cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  length = (gsize) stride * (gsize) height;
#ifdef O_TMPFILE
  {
    g_autofree char *dir = cache_dir ();
    int fd;

    /* A file with no name in the cache folder (made now at a first
     * launch: the faces are written there soon anyway), mapped shared,
     * so that what is drawn into it is in the file. */
    g_mkdir_with_parents (dir, 0700);
    fd = open (dir, O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
    if (fd >= 0)
      {
        if (reserve (fd, length))
          map = mmap (NULL, length, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
        close (fd);
      }
  }
#endif
  /* In memory: the faces are drawn all the same, only never given back
   * to the system (felt_face_cache_release). */
  if (map == MAP_FAILED)
    return cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  pixels = g_rc_box_new0 (Pixels);
  pixels->data = map;
  pixels->length = length;
  pixels->mapped = TRUE;
  surface = cairo_image_surface_create_for_data (map, CAIRO_FORMAT_ARGB32, width, height, stride);
  cairo_surface_set_user_data (surface, &pixels_key, pixels, pixels_unref);
  return surface;
}

void
felt_face_cache_release (cairo_surface_t *face)
{
  static gsize page;
  guintptr start, end;
  unsigned char *data;
  Pixels *pixels;

  /* Only a mapping of Felt's own files: the same call on ordinary memory
   * would zero it. */
  if (face == NULL || (pixels = cairo_surface_get_user_data (face, &pixels_key)) == NULL ||
      !pixels->mapped)
    return;
  if (page == 0)
    page = (gsize) sysconf (_SC_PAGESIZE);
  data = cairo_image_surface_get_data (face);
  /* The whole pages inside the face; a page it shares with the next face
   * stays.  A private mapping is never written, and what was drawn into a
   * shared one (felt_face_cache_surface_new) is in its file, so a page
   * dropped is read from the file again when it is next read. */
  start = ((guintptr) data + page - 1) / page * page;
  end = ((guintptr) data + (gsize) cairo_image_surface_get_stride (face) * (gsize) cairo_image_surface_get_height (face)) /
        page * page;
  if (end > start)
    madvise ((void *) start, end - start, MADV_DONTNEED);
}

/* ---- writing ------------------------------------------------------------------ */

/* One thread writes the files, in turn (felt_face_cache_wait). */
static GMutex writers_lock;
static GThreadPool *writers;

typedef struct {
  char *path;
  char *key;
  int width, height;
  guint n_faces;
  cairo_surface_t **faces;
} SaveJob;

static void
save_job_free (SaveJob *job)
{
  for (guint f = 0; f < job->n_faces; f++)
    cairo_surface_destroy (job->faces[f]);
  g_free (job->faces);
  g_free (job->key);
  g_free (job->path);
  g_free (job);
}

typedef struct {
  char *path;
  gint64 mtime;
} Entry;

static int
newest_first (gconstpointer a, gconstpointer b)
{
  const Entry *x = a, *y = b;
  return (x->mtime < y->mtime) - (x->mtime > y->mtime);
}

/* Keeps the FELT_FACE_CACHE_MAX_FILES most recently used files. */
static void
prune (const char *dir)
{
  g_autoptr (GDir) folder = g_dir_open (dir, 0, NULL);
  g_autoptr (GArray) entries = g_array_new (FALSE, FALSE, sizeof (Entry));
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;
  const char *name;

  if (folder == NULL)
    return;
  while ((name = g_dir_read_name (folder)))
    {
      Entry entry = { g_build_filename (dir, name, NULL), 0 };
      GStatBuf st;

      if (g_stat (entry.path, &st) != 0 || !S_ISREG (st.st_mode))
        {
          g_free (entry.path);
          continue;
        }
      entry.mtime = st.st_mtime;
      if (g_str_has_suffix (name, ".faces"))
        g_array_append_val (entries, entry);
      else
        {
          if (now - entry.mtime > STALE_SECONDS)
            g_remove (entry.path);
          g_free (entry.path);
        }
    }
  g_array_sort (entries, newest_first);
  for (guint i = 0; i < entries->len; i++)
    {
      Entry *entry = &g_array_index (entries, Entry, i);
      if (i >= FELT_FACE_CACHE_MAX_FILES)
        g_remove (entry->path);
      g_free (entry->path);
    }
}

static gboolean
write_file (const char *path, const char *key, int width, int height, guint n_faces,
            cairo_surface_t *const *faces, int mode, GError **error)
{
  int stride = cairo_format_stride_for_width (CAIRO_FORMAT_ARGB32, width);
  gsize face_size = (gsize) stride * (gsize) height;
  gsize length = HEADER_SIZE + face_size * n_faces;
  g_autofree char *buffer = g_malloc0 (length);
  Header header = {
    .version = FORMAT_VERSION,
    .byte_order = BYTE_ORDER_MARK,
    .renderer = renderer_version (),
    .width = (guint32) width,
    .height = (guint32) height,
    .stride = (guint32) stride,
    .n_faces = n_faces,
  };

  memcpy (header.magic, MAGIC, sizeof header.magic);
  memcpy (header.deck, key, MIN (strlen (key), sizeof header.deck));
  for (guint f = 0; f < n_faces; f++)
    {
      cairo_surface_t *s = faces[f];
      const unsigned char *pixels;
      int s_stride;

      cairo_surface_flush (s);
      pixels = cairo_image_surface_get_data (s);
      s_stride = cairo_image_surface_get_stride (s);
      for (int y = 0; y < height; y++)
        memcpy (buffer + HEADER_SIZE + face_size * f + (gsize) stride * y,
                pixels + (gsize) s_stride * y, (gsize) width * 4);
    }
  header.checksum = pixels_checksum ((const guchar *) buffer + HEADER_SIZE, length - HEADER_SIZE);
  memcpy (buffer, &header, sizeof header);
  return g_file_set_contents_full (path, buffer, (gssize) length,
                                   G_FILE_SET_CONTENTS_CONSISTENT, mode, error);
}

gboolean
felt_face_cache_write (const char *path, const char *key, int width, int height, guint n_faces,
                       cairo_surface_t *const *faces, GError **error)
{
  /* Installed for everyone to read. */
  return write_file (path, key, width, height, n_faces, faces, 0644, error);
}

static void
save_run (gpointer data, gpointer user_data)
{
  SaveJob *job = data;
  g_autofree char *dir = g_path_get_dirname (job->path);
  g_autoptr (GError) error = NULL;

  /* A cache that cannot be written only costs the next start time. */
  if (g_mkdir_with_parents (dir, 0700) == 0 &&
      write_file (job->path, job->key, job->width, job->height, job->n_faces, job->faces, 0600, &error))
    prune (dir);
  else if (error)
    g_debug ("card faces not cached: %s", error->message);
  save_job_free (job);
}

void
felt_face_cache_save (const char *key, int width, int height, guint n_faces, cairo_surface_t *const *faces)
{
  SaveJob *job;

  g_return_if_fail (key != NULL);
  for (guint f = 0; f < n_faces; f++)
    if (cairo_surface_get_type (faces[f]) != CAIRO_SURFACE_TYPE_IMAGE ||
        cairo_image_surface_get_format (faces[f]) != CAIRO_FORMAT_ARGB32 ||
        cairo_image_surface_get_width (faces[f]) != width ||
        cairo_image_surface_get_height (faces[f]) != height)
      g_return_if_reached ();

  job = g_new0 (SaveJob, 1);
  job->path = felt_face_cache_path (key, width, height);
  job->key = g_strdup (key);
  job->width = width;
  job->height = height;
  job->n_faces = n_faces;
  job->faces = g_new (cairo_surface_t *, n_faces);
  for (guint f = 0; f < n_faces; f++)
    job->faces[f] = cairo_surface_reference (faces[f]);
  g_mutex_lock (&writers_lock);
  if (writers == NULL)
    writers = g_thread_pool_new (save_run, NULL, 1, FALSE, NULL);
  g_thread_pool_push (writers, job, NULL);
  g_mutex_unlock (&writers_lock);
}

void
felt_face_cache_wait (void)
{
  GThreadPool *pool;

  g_mutex_lock (&writers_lock);
  pool = g_steal_pointer (&writers);
  g_mutex_unlock (&writers_lock);
  /* Runs what was pushed, then returns. */
  if (pool)
    g_thread_pool_free (pool, FALSE, TRUE);
}
