/* test-face-cache.c: rendered card faces kept on disk (src/cards/felt-face-cache.h).
 *
 *  - what is saved is loaded back pixel for pixel, from the file's name for
 *    that deck and size, and only for that deck and size;
 *  - a damaged file (truncated, grown, another size, another version,
 *    empty, not a file at all) is never used and never crashes;
 *  - the folder keeps the most recently used files, and leftovers of an
 *    interrupted write go once they are old;
 *  - a loaded face's memory goes back to the system on request and its
 *    pixels come back from the file; other surfaces are left alone;
 *  - a file truncated or rewritten while its faces are in use changes
 *    nothing (no SIGBUS); garbage content is never used; a folder that
 *    cannot be written costs nothing but time;
 *  - faces rendered at build time (installed) are used only for their
 *    deck and at exactly their size; a damaged one is not used and is said
 *    once, one of another deck or size silently not; on another file
 *    system than the cache folder they load as well;
 *  - the built-in decks' keys, compiled in so that a start need not hash
 *    a deck, are their documents' keys;
 *  - a whole deck rendered by two threads, each parsing the deck, is the
 *    deck one thread renders alone, pixel for pixel.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE   /* unshare */
#endif
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <fcntl.h>
#include <glib/gstdio.h>
#include <sched.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <utime.h>

#include "felt-card-theme.h"
#include "felt-face-cache.h"
#include "felt-ui-test-util.h"

#define N 5
#define W 31   /* an odd width: the stride is not width * 4 */
#define H 43

static char *dir;

static int
setup (void **state)
{
  dir = felt_ui_test_make_dir ("felt-test-face-cache", "FELT_CACHE_DIR");
  return 0;
}

static int
teardown (void **state)
{
  felt_ui_test_remove_dir (dir);
  g_clear_pointer (&dir, g_free);
  return 0;
}

/* Faces of distinct pixels: face f has colour f in every channel, and
 * a pixel of its own at (f, f). */
static void
make_faces (cairo_surface_t **faces, int width, int height)
{
  for (guint f = 0; f < N; f++)
    {
      cairo_t *cr;

      faces[f] = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
      cr = cairo_create (faces[f]);
      cairo_set_source_rgba (cr, f / 10.0, 0.5, 1 - f / 10.0, 0.5 + f / 20.0);
      cairo_paint (cr);
      cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_rectangle (cr, f, f, 1, 1);
      cairo_fill (cr);
      cairo_destroy (cr);
      cairo_surface_flush (faces[f]);
    }
}

static void
free_faces (cairo_surface_t **faces)
{
  for (guint f = 0; f < N; f++)
    g_clear_pointer (&faces[f], cairo_surface_destroy);
}

static void
assert_same_pixels (cairo_surface_t *a, cairo_surface_t *b)
{
  int width = cairo_image_surface_get_width (a), height = cairo_image_surface_get_height (a);

  assert_int_equal (cairo_image_surface_get_width (b), width);
  assert_int_equal (cairo_image_surface_get_height (b), height);
  for (int y = 0; y < height; y++)
    assert_memory_equal (cairo_image_surface_get_data (a) + y * cairo_image_surface_get_stride (a),
                         cairo_image_surface_get_data (b) + y * cairo_image_surface_get_stride (b),
                         (size_t) width * 4);
}

static char *
key_of (const char *text)
{
  g_autoptr (GBytes) deck = g_bytes_new_static (text, strlen (text));
  return felt_face_cache_key (deck);
}

static void
save_now (const char *key, int width, int height)
{
  cairo_surface_t *faces[N];

  make_faces (faces, width, height);
  felt_face_cache_save (key, width, height, N, faces);
  free_faces (faces);
  felt_face_cache_wait ();
}

static void
test_round_trip (void **unused)
{
  g_autofree char *key = key_of ("<svg>deck one</svg>");
  g_autofree char *other = key_of ("<svg>deck two</svg>");
  g_autofree char *path = felt_face_cache_path (key, W, H);
  cairo_surface_t *faces[N], *loaded[N] = { NULL };

  assert_string_not_equal (key, other);
  assert_false (felt_face_cache_load (key, W, H, N, loaded));

  make_faces (faces, W, H);
  felt_face_cache_save (key, W, H, N, faces);
  /* The writer holds its own references: the faces may go at once. */
  free_faces (faces);
  felt_face_cache_wait ();
  assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
  assert_true (g_str_has_prefix (path, dir));

  assert_true (felt_face_cache_load (key, W, H, N, loaded));
  make_faces (faces, W, H);
  for (guint f = 0; f < N; f++)
    {
      assert_int_equal (cairo_surface_status (loaded[f]), CAIRO_STATUS_SUCCESS);
      assert_int_equal (cairo_image_surface_get_format (loaded[f]), CAIRO_FORMAT_ARGB32);
      assert_same_pixels (faces[f], loaded[f]);
    }
  free_faces (faces);

  /* The mapping lives as long as a face does, after the file is gone. */
  assert_int_equal (g_remove (path), 0);
  for (guint f = 0; f + 1 < N; f++)
    g_clear_pointer (&loaded[f], cairo_surface_destroy);
  make_faces (faces, W, H);
  assert_same_pixels (faces[N - 1], loaded[N - 1]);
  free_faces (faces);
  free_faces (loaded);

  /* Another deck, another size, another number of faces: not found. */
  save_now (key, W, H);
  assert_false (felt_face_cache_load (other, W, H, N, loaded));
  assert_false (felt_face_cache_load (key, W + 1, H, N, loaded));
  assert_false (felt_face_cache_load (key, W, H - 1, N, loaded));
  assert_false (felt_face_cache_load (key, W, H, N - 1, loaded));
  assert_false (felt_face_cache_load (key, W, H, N + 1, loaded));
  for (guint f = 0; f < N; f++)
    assert_null (loaded[f]);
}

/* The resident size, in kB, of the mapping holding `address`
 * (/proc/self/smaps), or -1 when no mapping holds it. */
static long
mapping_rss_kb (const void *address)
{
  g_autofree char *smaps = NULL;
  g_auto (GStrv) lines = NULL;
  gboolean inside = FALSE;

  if (!g_file_get_contents ("/proc/self/smaps", &smaps, NULL, NULL))
    return -1;
  lines = g_strsplit (smaps, "\n", -1);
  for (guint i = 0; lines[i]; i++)
    {
      guint64 start, end;
      long kb;

      /* A mapping's first line is its range; the lines of its figures
       * start with a name and a colon. */
      if (sscanf (lines[i], "%" G_GINT64_MODIFIER "x-%" G_GINT64_MODIFIER "x ", &start, &end) == 2)
        inside = (guintptr) address >= start && (guintptr) address < end;
      else if (inside && sscanf (lines[i], "Rss: %ld kB", &kb) == 1)
        return kb;
    }
  return -1;
}

static void
test_release (void **unused)
{
  g_autofree char *key = key_of ("<svg>deck three</svg>");
  const int width = 200, height = 300;  /* each face 58 pages and more */
  const long face_kb = (long) cairo_format_stride_for_width (CAIRO_FORMAT_ARGB32, width) * height / 1024;
  const long page_kb = sysconf (_SC_PAGESIZE) / 1024;
  cairo_surface_t *loaded[N] = { NULL }, *faces[N], *heap[N];
  const unsigned char *first;
  guint sum = 0;
  long before, after;

  save_now (key, width, height);
  assert_true (felt_face_cache_load (key, width, height, N, loaded));
  first = cairo_image_surface_get_data (loaded[0]);
  for (guint f = 0; f < N; f++)
    for (int i = 0; i < cairo_image_surface_get_stride (loaded[f]) * height; i++)
      sum += cairo_image_surface_get_data (loaded[f])[i];
  assert_true (sum > 0);
  before = mapping_rss_kb (first);
  assert_true (before >= N * face_kb);

  for (guint f = 0; f < N; f++)
    felt_face_cache_release (loaded[f]);
  after = mapping_rss_kb (first);
  /* What stays: the pages two faces (or the header and a face) share. */
  assert_in_range (after, 0, (N + 1) * page_kb);

  /* Read again, the same pixels, from the file. */
  make_faces (faces, width, height);
  for (guint f = 0; f < N; f++)
    assert_same_pixels (faces[f], loaded[f]);
  assert_true (mapping_rss_kb (first) >= N * face_kb);

  /* A surface in ordinary memory keeps its pixels. */
  make_faces (heap, width, height);
  for (guint f = 0; f < N; f++)
    {
      felt_face_cache_release (heap[f]);
      assert_same_pixels (faces[f], heap[f]);
    }
  felt_face_cache_release (NULL);
  free_faces (heap);
  free_faces (faces);
  free_faces (loaded);
}

/* A face rendered into felt_face_cache_surface_new (): cleared, its pixels
 * in a file of Felt's own, so that release gives its memory back and the
 * pixels drawn are read again from the file; where the folder takes no
 * file, an ordinary surface that keeps its pixels. */
static void
test_new_surface (void **unused)
{
  const int width = 200, height = 300;  /* 58 pages and more */
  const long face_kb = (long) cairo_format_stride_for_width (CAIRO_FORMAT_ARGB32, width) * height / 1024;
  const long page_kb = sysconf (_SC_PAGESIZE) / 1024;
  cairo_surface_t *faces[N], *drawn, *plain;
  const unsigned char *data;
  cairo_t *cr;

  make_faces (faces, width, height);
  drawn = felt_face_cache_surface_new (width, height);
  assert_int_equal (cairo_surface_status (drawn), CAIRO_STATUS_SUCCESS);
  assert_int_equal (cairo_image_surface_get_width (drawn), width);
  assert_int_equal (cairo_image_surface_get_height (drawn), height);
  data = cairo_image_surface_get_data (drawn);
  for (int i = 0; i < cairo_image_surface_get_stride (drawn) * height; i++)
    assert_int_equal (data[i], 0);
  cr = cairo_create (drawn);
  cairo_set_source_surface (cr, faces[1], 0, 0);
  cairo_set_operator (cr, CAIRO_OPERATOR_SOURCE);
  cairo_paint (cr);
  cairo_destroy (cr);
  cairo_surface_flush (drawn);
  assert_true (mapping_rss_kb (data) >= face_kb);

  felt_face_cache_release (drawn);
  assert_in_range (mapping_rss_kb (data), 0, 2 * page_kb);
  assert_same_pixels (faces[1], drawn);
  cairo_surface_destroy (drawn);

  /* A folder that can never be made: ordinary memory, kept. */
  g_setenv ("FELT_CACHE_DIR", "/proc/felt-face-cache-test/cards", TRUE);
  plain = felt_face_cache_surface_new (width, height);
  g_setenv ("FELT_CACHE_DIR", dir, TRUE);
  assert_int_equal (cairo_surface_status (plain), CAIRO_STATUS_SUCCESS);
  cr = cairo_create (plain);
  cairo_set_source_surface (cr, faces[2], 0, 0);
  cairo_paint (cr);
  cairo_destroy (cr);
  cairo_surface_flush (plain);
  felt_face_cache_release (plain);
  assert_same_pixels (faces[2], plain);
  cairo_surface_destroy (plain);
  free_faces (faces);
}

/* The file a mapping at `address` is of (/proc/self/maps), or NULL. */
static char *
mapping_file (const void *address)
{
  g_autofree char *maps = NULL;
  g_auto (GStrv) lines = NULL;

  if (!g_file_get_contents ("/proc/self/maps", &maps, NULL, NULL))
    return NULL;
  lines = g_strsplit (maps, "\n", -1);
  for (guint i = 0; lines[i]; i++)
    {
      guint64 start, end;
      const char *path = strchr (lines[i], '/');

      if (sscanf (lines[i], "%" G_GINT64_MODIFIER "x-%" G_GINT64_MODIFIER "x ", &start, &end) == 2 &&
          (guintptr) address >= start && (guintptr) address < end)
        return path ? g_strdup (path) : NULL;
    }
  return NULL;
}

static gpointer
new_surface_run (gpointer unused)
{
  return felt_face_cache_surface_new (200, 300);
}

/* Faces are drawn in worker threads, which must not read the environment
 * (a setenv elsewhere can crash a getenv): they take the folder the main
 * thread read last, and the main thread reads the environment anew. */
static void
test_worker_environment (void **unused)
{
  g_autofree char *path = felt_face_cache_path ("worker", 200, 300);  /* read here: `dir` */
  g_autofree char *file = NULL;
  cairo_surface_t *drawn, *plain;

  g_setenv ("FELT_CACHE_DIR", "/proc/felt-face-cache-test/cards", TRUE);
  drawn = g_thread_join (g_thread_new ("test-worker", new_surface_run, NULL));
  file = mapping_file (cairo_image_surface_get_data (drawn));
  if (file == NULL || !g_str_has_prefix (file, dir))
    fail_msg ("a face drawn in a worker is in \"%s\", not in the folder %s", file ? file : "memory", dir);
  plain = felt_face_cache_surface_new (200, 300);
  g_setenv ("FELT_CACHE_DIR", dir, TRUE);
  assert_null (mapping_file (cairo_image_surface_get_data (plain)));
  cairo_surface_destroy (drawn);
  cairo_surface_destroy (plain);
}

/* Replaces the file with `length` bytes of it, `extra` zero bytes added,
 * and the byte at `flip` (if not negative) changed. */
static void
damage (const char *path, const char *good, gsize good_length, gsize length, gsize extra, gssize flip)
{
  g_autofree char *bytes = g_malloc0 (length + extra + 1);

  memcpy (bytes, good, MIN (length, good_length));
  if (flip >= 0)
    bytes[flip] ^= 0x5a;
  assert_true (g_file_set_contents (path, bytes, (gssize) (length + extra), NULL));
}

static void
test_damaged_files (void **unused)
{
  g_autofree char *key = key_of ("<svg>deck</svg>");
  g_autofree char *path = felt_face_cache_path (key, W, H);
  g_autofree char *good = NULL;
  gsize length;
  cairo_surface_t *loaded[N] = { NULL };
  /* The header: magic (0-7), version, byte order, renderer, width,
   * height, stride, number of faces (8-35). */
  const gssize header_bytes[] = { 0, 7, 8, 12, 16, 20, 24, 28, 32 };

  save_now (key, W, H);
  assert_true (g_file_get_contents (path, &good, &length, NULL));

  damage (path, good, length, 0, 0, -1);
  assert_false (felt_face_cache_load (key, W, H, N, loaded));
  damage (path, good, length, 10, 0, -1);
  assert_false (felt_face_cache_load (key, W, H, N, loaded));
  damage (path, good, length, length - 1, 0, -1);
  assert_false (felt_face_cache_load (key, W, H, N, loaded));
  damage (path, good, length, length / 2, 0, -1);
  assert_false (felt_face_cache_load (key, W, H, N, loaded));
  damage (path, good, length, length, 1, -1);
  assert_false (felt_face_cache_load (key, W, H, N, loaded));
  for (guint i = 0; i < G_N_ELEMENTS (header_bytes); i++)
    {
      damage (path, good, length, length, 0, header_bytes[i]);
      assert_false (felt_face_cache_load (key, W, H, N, loaded));
    }
  for (guint f = 0; f < N; f++)
    assert_null (loaded[f]);

  /* Not a file. */
  assert_int_equal (g_remove (path), 0);
  assert_int_equal (g_mkdir (path, 0700), 0);
  assert_false (felt_face_cache_load (key, W, H, N, loaded));
  assert_int_equal (g_rmdir (path), 0);

  /* Put right, it is used again; a new save replaces a damaged file. */
  damage (path, good, length, length, 0, -1);
  assert_true (felt_face_cache_load (key, W, H, N, loaded));
  free_faces (loaded);
  damage (path, good, length, length / 3, 0, -1);
  save_now (key, W, H);
  assert_true (felt_face_cache_load (key, W, H, N, loaded));
  free_faces (loaded);
}

static void
set_age (const char *path, time_t seconds_ago)
{
  struct utimbuf times;

  times.actime = times.modtime = time (NULL) - seconds_ago;
  assert_int_equal (g_utime (path, &times), 0);
}

static void
test_prune (void **unused)
{
  g_autofree char *key = key_of ("<svg>pruned</svg>");
  g_autofree char *stale = g_build_filename (dir, "left-over.faces.AB12CD", NULL);
  g_autofree char *fresh = g_build_filename (dir, "being-written.faces.EF34GH", NULL);
  const int max = FELT_FACE_CACHE_MAX_FILES;
  cairo_surface_t *loaded[N];

  /* A full folder: sizes 10 to 10 + max - 1, each older than the next. */
  for (int i = 0; i < max; i++)
    {
      g_autofree char *path = felt_face_cache_path (key, 10 + i, H);
      save_now (key, 10 + i, H);
      set_age (path, 1000 - i);
    }
  for (int i = 0; i < max; i++)
    {
      g_autofree char *path = felt_face_cache_path (key, 10 + i, H);
      assert_true (g_file_test (path, G_FILE_TEST_EXISTS));
    }
  assert_true (g_file_set_contents (stale, "x", 1, NULL));
  set_age (stale, 24 * 3600);
  assert_true (g_file_set_contents (fresh, "x", 1, NULL));

  /* Using the oldest makes it the most recent. */
  assert_true (felt_face_cache_load (key, 10, H, N, loaded));
  free_faces (loaded);

  /* One more: the least recently used (size 11) goes. */
  save_now (key, 10 + max, H);
  for (int i = 0; i <= max; i++)
    {
      g_autofree char *path = felt_face_cache_path (key, 10 + i, H);
      gboolean kept = i != 1;
      if (g_file_test (path, G_FILE_TEST_EXISTS) != kept)
        fail_msg ("size %d: %s", 10 + i, kept ? "removed, should be kept" : "kept, should be removed");
    }
  /* An interrupted write's leftover goes once old; one being written
   * now stays. */
  assert_false (g_file_test (stale, G_FILE_TEST_EXISTS));
  assert_true (g_file_test (fresh, G_FILE_TEST_EXISTS));
}

/* A folder that cannot be made: nothing is written, nothing breaks. */
static void
test_unwritable (void **unused)
{
  g_autofree char *blocker = g_build_filename (dir, "blocker", NULL);
  g_autofree char *below = g_build_filename (blocker, "cards", NULL);
  g_autofree char *key = key_of ("<svg>nowhere</svg>");
  cairo_surface_t *loaded[N];

  assert_true (g_file_set_contents (blocker, "a file, not a folder", -1, NULL));
  g_setenv ("FELT_CACHE_DIR", below, TRUE);
  save_now (key, W, H);
  assert_false (felt_face_cache_load (key, W, H, N, loaded));
  g_setenv ("FELT_CACHE_DIR", dir, TRUE);
}

/* ---- the file changes under Felt; the folder cannot be written (issue 12) ---- */

/* Draws a face onto a surface of its own, as a board does. */
static cairo_surface_t *
drawn (cairo_surface_t *face)
{
  int width = cairo_image_surface_get_width (face), height = cairo_image_surface_get_height (face);
  cairo_surface_t *copy = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create (copy);

  cairo_set_operator (cr, CAIRO_OPERATOR_SOURCE);
  cairo_set_source_surface (cr, face, 0, 0);
  cairo_paint (cr);
  cairo_destroy (cr);
  cairo_surface_flush (copy);
  return copy;
}

static void
assert_faces_drawn (cairo_surface_t **loaded, int width, int height)
{
  cairo_surface_t *faces[N];

  make_faces (faces, width, height);
  for (guint f = 0; f < N; f++)
    {
      cairo_surface_t *copy = drawn (loaded[f]);
      assert_same_pixels (faces[f], copy);
      cairo_surface_destroy (copy);
    }
  free_faces (faces);
}

/* Another program truncates the file, or writes over it in place, while
 * Felt has its faces: Felt draws them as before (a mapped file would
 * raise SIGBUS on the pages cut off), even after their memory went back
 * to the system. */
static void
test_changed_while_open (void **unused)
{
  g_autofree char *key = key_of ("<svg>truncated under Felt</svg>");
  const int width = 200, height = 300;  /* each face many pages */
  g_autofree char *path = felt_face_cache_path (key, width, height);
  cairo_surface_t *loaded[N] = { NULL }, *again[N] = { NULL };
  g_autofree char *junk = NULL;
  gsize length;
  int fd;

  save_now (key, width, height);
  assert_true (felt_face_cache_load (key, width, height, N, loaded));
  assert_true (g_file_get_contents (path, &junk, &length, NULL));

  assert_int_equal (truncate (path, 0), 0);
  for (guint f = 0; f < N; f++)
    felt_face_cache_release (loaded[f]);
  assert_faces_drawn (loaded, width, height);

  /* Grown back to its size with other bytes, in place (same file). */
  memset (junk, 0x77, length);
  fd = g_open (path, O_WRONLY, 0);
  assert_true (fd >= 0);
  assert_int_equal (write (fd, junk, length), (gssize) length);
  assert_int_equal (close (fd), 0);
  for (guint f = 0; f < N; f++)
    felt_face_cache_release (loaded[f]);
  assert_faces_drawn (loaded, width, height);

  /* Cut to half: the next load finds it damaged; a save puts it right. */
  assert_int_equal (truncate (path, (off_t) length / 2), 0);
  assert_faces_drawn (loaded, width, height);
  assert_false (felt_face_cache_load (key, width, height, N, again));
  save_now (key, width, height);
  assert_true (felt_face_cache_load (key, width, height, N, again));
  assert_faces_drawn (again, width, height);
  free_faces (again);
  free_faces (loaded);
}

/* A file of the right size whose content is wrong: a pixel or the
 * checksum changed, or garbage throughout; it is not used, and the next
 * save replaces it. */
static void
test_garbage_content (void **unused)
{
  g_autofree char *key = key_of ("<svg>garbage</svg>");
  g_autofree char *path = felt_face_cache_path (key, W, H);
  g_autofree char *good = NULL;
  g_autofree char *garbage = NULL;
  cairo_surface_t *loaded[N] = { NULL };
  gsize length;
  /* The header is 64 bytes, its checksum at 40-47; a byte of each face. */
  const gssize flips[] = { 40, 47, 64, 64 + 4 * W, (gssize) (64 + 2 * 4 * W * H + 5) };

  save_now (key, W, H);
  assert_true (g_file_get_contents (path, &good, &length, NULL));
  for (guint i = 0; i < G_N_ELEMENTS (flips); i++)
    {
      damage (path, good, length, length, 0, flips[i]);
      assert_false (felt_face_cache_load (key, W, H, N, loaded));
    }

  garbage = g_malloc (length);
  for (gsize i = 0; i < length; i++)
    garbage[i] = (char) g_random_int ();
  assert_true (g_file_set_contents (path, garbage, (gssize) length, NULL));
  assert_false (felt_face_cache_load (key, W, H, N, loaded));
  /* Garbage behind a good header. */
  memcpy (garbage, good, 64);
  assert_true (g_file_set_contents (path, garbage, (gssize) length, NULL));
  assert_false (felt_face_cache_load (key, W, H, N, loaded));
  for (guint f = 0; f < N; f++)
    assert_null (loaded[f]);

  save_now (key, W, H);
  assert_true (felt_face_cache_load (key, W, H, N, loaded));
  assert_faces_drawn (loaded, W, H);
  free_faces (loaded);
}

/* The messages said (g_message), for the pre-rendered faces' tests. */
static GPtrArray *messages;

static void
keep_message (const char *domain, GLogLevelFlags level, const char *message, gpointer unused)
{
  g_ptr_array_add (messages, g_strdup (message));
}

static void
write_prerendered (const char *key, int width, int height)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = felt_face_cache_prerendered_path (width, height);
  cairo_surface_t *faces[N];

  make_faces (faces, width, height);
  assert_true (felt_face_cache_write (path, key, width, height, N, faces, &error));
  assert_null (error);
  free_faces (faces);
}

/* Installed faces: used for their deck at their size only, never for
 * another size (the board would scale them: blurred cards), nor taken for
 * the player's own cache; with another size or deck asked for, nothing is
 * said, and the deck is parsed as without them. */
static void
test_prerendered (void **unused)
{
  g_autofree char *key = key_of ("<svg>built in</svg>");
  g_autofree char *other = key_of ("<svg>a deck of the player's</svg>");
  g_autofree char *installed = g_build_filename (dir, "installed", NULL);
  cairo_surface_t *loaded[N] = { NULL };
  guint handler = g_log_set_handler ("Felt", G_LOG_LEVEL_MESSAGE, keep_message, NULL);

  messages = g_ptr_array_new_with_free_func (g_free);
  assert_int_equal (g_mkdir (installed, 0755), 0);
  g_setenv ("FELT_FACES_DIR", installed, TRUE);
  assert_false (felt_face_cache_load_prerendered (key, W, H, N, loaded));
  assert_false (felt_face_cache_has_deck (key));

  write_prerendered (key, W, H);
  assert_true (felt_face_cache_has_deck (key));
  assert_false (felt_face_cache_has_deck (other));
  assert_false (felt_face_cache_load (key, W, H, N, loaded));
  assert_false (felt_face_cache_load_prerendered (key, W + 1, H, N, loaded));
  assert_false (felt_face_cache_load_prerendered (key, W, H + 1, N, loaded));
  assert_false (felt_face_cache_load_prerendered (other, W, H, N, loaded));
  assert_false (felt_face_cache_load_prerendered (key, W, H, N - 1, loaded));
  for (guint f = 0; f < N; f++)
    assert_null (loaded[f]);
  assert_int_equal (messages->len, 0);

  assert_true (felt_face_cache_load_prerendered (key, W, H, N, loaded));
  assert_faces_drawn (loaded, W, H);
  /* Their memory goes back as a cached face's does: the copy is Felt's
   * own, in the cache folder, not the installed file. */
  for (guint f = 0; f < N; f++)
    felt_face_cache_release (loaded[f]);
  assert_faces_drawn (loaded, W, H);
  free_faces (loaded);

  g_setenv ("FELT_FACES_DIR", dir, TRUE);
  g_log_remove_handler ("Felt", handler);
  g_clear_pointer (&messages, g_ptr_array_unref);
}

/* Installed faces on another file system than the cache folder (/usr
 * and /home often are): the kernel copies them into the private copy by
 * another way (copy_file_range refuses across file systems), with the
 * same pixels.  Skipped where no other file system can be written
 * (/dev/shm, a tmpfs, elsewhere than the cache folder). */
static void
test_prerendered_elsewhere (void **unused)
{
  g_autofree char *key = key_of ("<svg>built in</svg>");
  g_autofree char *installed = g_strdup ("/dev/shm/felt-test-faces-XXXXXX");
  const int width = 200, height = 300;  /* each face 58 pages and more */
  const long page_kb = sysconf (_SC_PAGESIZE) / 1024;
  cairo_surface_t *loaded[N] = { NULL }, *faces[N];
  GStatBuf cache_st, installed_st;

  if (g_mkdtemp (installed) == NULL)
    skip ();
  if (g_stat (dir, &cache_st) != 0 || g_stat (installed, &installed_st) != 0 ||
      cache_st.st_dev == installed_st.st_dev)
    {
      felt_ui_test_remove_dir (installed);
      skip ();
    }
  g_setenv ("FELT_FACES_DIR", installed, TRUE);
  write_prerendered (key, width, height);
  assert_true (felt_face_cache_load_prerendered (key, width, height, N, loaded));
  /* A private copy, not pixels read into memory: their pages go back
   * to the system, and the same pixels come back from the copy. */
  for (guint f = 0; f < N; f++)
    felt_face_cache_release (loaded[f]);
  assert_in_range (mapping_rss_kb (cairo_image_surface_get_data (loaded[0])), 0, (N + 1) * page_kb);
  make_faces (faces, width, height);
  for (guint f = 0; f < N; f++)
    assert_same_pixels (faces[f], loaded[f]);
  free_faces (faces);
  free_faces (loaded);

  g_setenv ("FELT_FACES_DIR", dir, TRUE);
  felt_ui_test_remove_dir (installed);
}

/* A damaged installed file (truncated, a pixel changed) is not used, and
 * said once: only reinstalling repairs it.  The board then renders the
 * deck as at any first launch. */
static void
test_prerendered_damaged (void **unused)
{
  g_autofree char *key = key_of ("<svg>built in</svg>");
  g_autofree char *path = NULL;
  g_autofree char *good = NULL;
  cairo_surface_t *loaded[N] = { NULL };
  gsize length;
  guint handler = g_log_set_handler ("Felt", G_LOG_LEVEL_MESSAGE, keep_message, NULL);

  messages = g_ptr_array_new_with_free_func (g_free);
  g_setenv ("FELT_FACES_DIR", dir, TRUE);
  path = felt_face_cache_prerendered_path (W, H);
  write_prerendered (key, W, H);
  assert_true (g_file_get_contents (path, &good, &length, NULL));

  damage (path, good, length, length - 100, 0, -1);
  assert_false (felt_face_cache_load_prerendered (key, W, H, N, loaded));
  assert_int_equal (messages->len, 1);
  assert_non_null (strstr (g_ptr_array_index (messages, 0), path));
  assert_non_null (strstr (g_ptr_array_index (messages, 0), "Reinstalling Felt"));

  damage (path, good, length, length, 0, 64 + 7);
  assert_false (felt_face_cache_load_prerendered (key, W, H, N, loaded));
  /* Once a run is enough. */
  assert_int_equal (messages->len, 1);
  for (guint f = 0; f < N; f++)
    assert_null (loaded[f]);

  assert_true (g_file_set_contents (path, good, (gssize) length, NULL));
  assert_true (felt_face_cache_load_prerendered (key, W, H, N, loaded));
  assert_faces_drawn (loaded, W, H);
  free_faces (loaded);
  g_log_remove_handler ("Felt", handler);
  g_clear_pointer (&messages, g_ptr_array_unref);
}

static void
test_builtin_keys (void **unused)
{
  g_autoptr (GError) error = NULL;

  assert_true (felt_card_theme_check_builtin_keys (&error));
  assert_null (error);
}

/* A cache folder Felt may not write: saving does nothing (no warning,
 * which the tests' G_DEBUG would make fatal), and a file already there is
 * used from memory.  Run in a user namespace of its own, where root of the
 * test is nobody to the files (CI runs as root). */
static void
test_unwritable_folder (void **unused)
{
  g_autofree char *key = key_of ("<svg>read-only</svg>");
  g_autofree char *path = felt_face_cache_path (key, W, H);
  cairo_surface_t *loaded[N] = { NULL };
  int status;
  pid_t child;

  /* A folder that can never be made, root or not. */
  g_setenv ("FELT_CACHE_DIR", "/proc/felt-face-cache-test/cards", TRUE);
  save_now (key, W, H);
  assert_false (felt_face_cache_load (key, W, H, N, loaded));
  assert_false (felt_face_cache_has_deck (key));
  g_setenv ("FELT_CACHE_DIR", dir, TRUE);

  /* A folder with a good file, that Felt may read but not write. */
  save_now (key, W, H);
  assert_int_equal (g_chmod (path, 0644), 0);
  assert_int_equal (g_chmod (dir, 0555), 0);
  child = fork ();
  assert_true (child >= 0);
  if (child == 0)
    {
      cairo_surface_t *faces[N], *mine[N] = { NULL };
      int code = 0;

      if (unshare (CLONE_NEWUSER) != 0)
        _exit (77);
      if (access (dir, W_OK) == 0)
        _exit (78);
      if (!felt_face_cache_load (key, W, H, N, mine))
        _exit (1);
      make_faces (faces, W, H);
      for (guint f = 0; f < N; f++)
        {
          felt_face_cache_release (mine[f]);
          for (int y = 0; y < H; y++)
            if (memcmp (cairo_image_surface_get_data (faces[f]) + y * cairo_image_surface_get_stride (faces[f]),
                        cairo_image_surface_get_data (mine[f]) + y * cairo_image_surface_get_stride (mine[f]),
                        (size_t) W * 4) != 0)
              code = 2;
        }
      _exit (code);
    }
  assert_int_equal (waitpid (child, &status, 0), child);
  assert_int_equal (g_chmod (dir, 0700), 0);
  assert_true (WIFEXITED (status));
  if (WEXITSTATUS (status) == 77 || WEXITSTATUS (status) == 78)
    {
      print_message ("no user namespace here: the read-only folder is not tried\n");
      skip ();
    }
  assert_int_equal (WEXITSTATUS (status), 0);
}

/* A whole deck is rendered by two threads, each with a parsed deck of its
 * own (felt_card_theme_render_all; a resize's worker likewise): the faces
 * are those the main thread renders one by one when every face is on show. */
static void
assert_shared_render_alone (FeltCardTheme *(*new_theme) (void))
{
  g_autoptr (FeltCardTheme) alone = new_theme ();
  g_autoptr (FeltCardTheme) shared = new_theme ();
  FeltCard every[1 + 52];
  guint n = 0;
  const int width = 67, height = 94;   /* no face of this size is on disk */

  every[n++] = 0;
  for (guint suit = 0; suit < FELT_N_SUITS; suit++)
    for (guint rank = 1; rank <= 13; rank++)
      every[n++] = FELT_CARD (rank, suit);
  felt_card_theme_prepare (alone, width, height, every, n);
  felt_card_theme_render_all (shared, width, height);
  for (guint i = 0; i < n; i++)
    {
      gboolean exact_a = FALSE, exact_b = FALSE;
      GdkTexture *a = felt_card_theme_lookup (alone, every[i], width, height, &exact_a);
      GdkTexture *b = felt_card_theme_lookup (shared, every[i], width, height, &exact_b);
      cairo_surface_t *sa, *sb;

      assert_true (exact_a && exact_b);
      sa = felt_card_theme_get_surface (a);
      sb = felt_card_theme_get_surface (b);
      for (int y = 0; y < height; y++)
        assert_memory_equal (cairo_image_surface_get_data (sa) + y * cairo_image_surface_get_stride (sa),
                             cairo_image_surface_get_data (sb) + y * cairo_image_surface_get_stride (sb),
                             (size_t) width * 4);
    }
}

static void
test_shared_render (void **unused)
{
  /* The default deck comes parsed; the four-colour one is read when
   * first drawn, by both threads at once. */
  assert_shared_render_alone (felt_card_theme_new_default);
  assert_shared_render_alone (felt_card_theme_new_four_colour);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_round_trip, setup, teardown),
    cmocka_unit_test_setup_teardown (test_damaged_files, setup, teardown),
    cmocka_unit_test_setup_teardown (test_prune, setup, teardown),
    cmocka_unit_test_setup_teardown (test_unwritable, setup, teardown),
    cmocka_unit_test_setup_teardown (test_release, setup, teardown),
    cmocka_unit_test_setup_teardown (test_new_surface, setup, teardown),
    cmocka_unit_test_setup_teardown (test_worker_environment, setup, teardown),
    cmocka_unit_test_setup_teardown (test_changed_while_open, setup, teardown),
    cmocka_unit_test_setup_teardown (test_garbage_content, setup, teardown),
    cmocka_unit_test_setup_teardown (test_unwritable_folder, setup, teardown),
    cmocka_unit_test_setup_teardown (test_prerendered, setup, teardown),
    cmocka_unit_test_setup_teardown (test_prerendered_damaged, setup, teardown),
    cmocka_unit_test_setup_teardown (test_prerendered_elsewhere, setup, teardown),
    cmocka_unit_test (test_builtin_keys),
    cmocka_unit_test_setup_teardown (test_shared_render, setup, teardown),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
