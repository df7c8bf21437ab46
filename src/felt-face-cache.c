/* felt-face-cache.c: rendered card faces kept on disk between starts.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "felt-face-cache.h"

#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <utime.h>
#include <glib/gstdio.h>
#include <librsvg/rsvg.h>

#define MAGIC "FELTFACE"
#define FORMAT_VERSION 1
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
} Header;

G_STATIC_ASSERT (sizeof (Header) <= HEADER_SIZE);

static guint32
renderer_version (void)
{
  return LIBRSVG_MAJOR_VERSION * 10000 + LIBRSVG_MINOR_VERSION * 100 + LIBRSVG_MICRO_VERSION;
}

static char *
cache_dir (void)
{
  const char *dir = g_getenv ("FELT_CACHE_DIR");

  if (dir && *dir)
    return g_strdup (dir);
  return g_build_filename (g_get_user_cache_dir (), "felt", "cards", NULL);
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

  while (folder && (name = g_dir_read_name (folder)))
    if (g_str_has_prefix (name, prefix) && g_str_has_suffix (name, ".faces"))
      return TRUE;
  return FALSE;
}

static gboolean
header_matches (const Header *h, int width, int height, guint n_faces)
{
  return memcmp (h->magic, MAGIC, sizeof h->magic) == 0 &&
         h->version == FORMAT_VERSION &&
         h->byte_order == BYTE_ORDER_MARK &&
         h->renderer == renderer_version () &&
         h->width == (guint32) width && h->height == (guint32) height &&
         h->stride == (guint32) cairo_format_stride_for_width (CAIRO_FORMAT_ARGB32, width) &&
         h->n_faces == n_faces;
}

static const cairo_user_data_key_t mapping_key;

gboolean
felt_face_cache_load (const char *key, int width, int height, guint n_faces, cairo_surface_t **faces)
{
  g_autofree char *path = NULL;
  g_autoptr (GMappedFile) file = NULL;
  int stride = cairo_format_stride_for_width (CAIRO_FORMAT_ARGB32, width);
  gsize face_size, length;
  char *data;
  Header header;

  g_return_val_if_fail (key != NULL, FALSE);
  if (width < 1 || height < 1 || stride < 0)
    return FALSE;
  path = felt_face_cache_path (key, width, height);
  /* Writable: a private copy-on-write mapping, so that cairo may treat
   * the pixels as its own; nothing ever draws into them. */
  file = g_mapped_file_new (path, TRUE, NULL);
  if (file == NULL)
    return FALSE;
  data = g_mapped_file_get_contents (file);
  length = g_mapped_file_get_length (file);
  face_size = (gsize) stride * (gsize) height;
  if (length < HEADER_SIZE)
    return FALSE;
  memcpy (&header, data, sizeof header);
  if (!header_matches (&header, width, height, n_faces) ||
      length != HEADER_SIZE + face_size * n_faces)
    return FALSE;

  for (guint f = 0; f < n_faces; f++)
    {
      faces[f] = cairo_image_surface_create_for_data ((unsigned char *) data + HEADER_SIZE + face_size * f,
                                                      CAIRO_FORMAT_ARGB32, width, height, stride);
      /* Each face keeps the mapping alive. */
      cairo_surface_set_user_data (faces[f], &mapping_key, g_mapped_file_ref (file),
                                   (cairo_destroy_func_t) g_mapped_file_unref);
    }
  /* The least recently used files are the ones pruned. */
  g_utime (path, NULL);
  return TRUE;
}

void
felt_face_cache_release (cairo_surface_t *face)
{
  static gsize page;
  guintptr start, end;
  unsigned char *data;

  /* Only the mapping: the same call on ordinary memory would zero it. */
  if (face == NULL || cairo_surface_get_user_data (face, &mapping_key) == NULL)
    return;
  if (page == 0)
    page = (gsize) sysconf (_SC_PAGESIZE);
  data = cairo_image_surface_get_data (face);
  /* The whole pages inside the face; a page it shares with the next face
   * stays.  The mapping is private and never written, so a page dropped
   * is read from the file again when it is next read. */
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

static void
save_run (gpointer data, gpointer user_data)
{
  SaveJob *job = data;
  int stride = cairo_format_stride_for_width (CAIRO_FORMAT_ARGB32, job->width);
  gsize face_size = (gsize) stride * (gsize) job->height;
  gsize length = HEADER_SIZE + face_size * job->n_faces;
  g_autofree char *buffer = g_malloc0 (length);
  g_autofree char *dir = g_path_get_dirname (job->path);
  g_autoptr (GError) error = NULL;
  Header header = {
    .version = FORMAT_VERSION,
    .byte_order = BYTE_ORDER_MARK,
    .renderer = renderer_version (),
    .width = (guint32) job->width,
    .height = (guint32) job->height,
    .stride = (guint32) stride,
    .n_faces = job->n_faces,
  };

  memcpy (header.magic, MAGIC, sizeof header.magic);
  memcpy (buffer, &header, sizeof header);
  for (guint f = 0; f < job->n_faces; f++)
    {
      cairo_surface_t *s = job->faces[f];
      const unsigned char *pixels;
      int s_stride;

      cairo_surface_flush (s);
      pixels = cairo_image_surface_get_data (s);
      s_stride = cairo_image_surface_get_stride (s);
      for (int y = 0; y < job->height; y++)
        memcpy (buffer + HEADER_SIZE + face_size * f + (gsize) stride * y,
                pixels + (gsize) s_stride * y, (gsize) job->width * 4);
    }

  /* A cache that cannot be written only costs the next start time. */
  if (g_mkdir_with_parents (dir, 0700) == 0 &&
      g_file_set_contents_full (job->path, buffer, (gssize) length,
                                G_FILE_SET_CONTENTS_CONSISTENT, 0600, &error))
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
