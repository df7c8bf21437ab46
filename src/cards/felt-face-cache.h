/* felt-face-cache.h: rendered card faces kept on disk between starts.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Rendering a deck from its SVG costs tens of milliseconds, more than
 * the rest of Felt's start; a player opens the window at the size it
 * had last time, so the faces rendered then are what the next start
 * needs.  One file per deck and size holds every face, premultiplied
 * ARGB32 in this machine's byte order, with a checksum.  It is read, not
 * mapped (another program may truncate or rewrite it while Felt runs),
 * into a file of Felt's own with no name that is mapped: its pages can go
 * back to the system once a GL renderer holds the faces.
 *
 * Faces of the built-in deck at the sizes a default window gets are
 * rendered at build time and installed (FELT_FACES_INSTALL_DIR, or
 * FELT_FACES_DIR), in the same format with the deck named in the header:
 * a first launch reads them as a second start reads its cache.  They are
 * used only at exactly their size (a window of another size or scale gets
 * faces rendered for it, never scaled ones).
 *
 * The folder is <user cache dir>/felt/cards (FELT_CACHE_DIR overrides
 * it, for tests); a few files are kept, the least recently used go.  A
 * file that is damaged, truncated or from another version is ignored
 * and replaced: it is a cache, nothing is lost with it.  A folder that
 * cannot be written only costs time: the faces are rendered at each start
 * and kept in memory.
 */
#pragma once

#include <cairo.h>
#include <glib.h>

G_BEGIN_DECLS

/* The files kept; older ones are removed when a new one is written. */
#define FELT_FACE_CACHE_MAX_FILES 6

/* A deck's key: a checksum of its SVG document.  Any thread. */
char *felt_face_cache_key (GBytes *deck);

/* Whether the cache has faces of this deck at any size. */
gboolean felt_face_cache_has_deck (const char *key);

/* The path of the file for this deck and size (for tests). */
char *felt_face_cache_path (const char *key, int width, int height);

/* The path of the pre-rendered file of this size (for tests). */
char *felt_face_cache_prerendered_path (int width, int height);

/* Fills faces[0..n_faces-1] with image surfaces of width x height holding
 * the file's pixels (no longer the file's: changing the file changes
 * nothing), or returns FALSE (faces untouched) when there is no
 * usable file.  Never warns; a file used is marked as used (its time). */
gboolean felt_face_cache_load (const char *key, int width, int height,
                               guint n_faces, cairo_surface_t **faces);

/* The same from the faces rendered at build time (installed), when
 * there are faces of this deck and size there.  A file that is there but
 * damaged is said once (g_message) and not used; one of another deck,
 * size or librsvg is silently not used. */
gboolean felt_face_cache_load_prerendered (const char *key, int width, int height,
                                           guint n_faces, cairo_surface_t **faces);

/* A new ARGB32 image surface (cleared) whose pixels are in a file of
 * Felt's own with no name, in the cache folder: a face rendered into it
 * can give its memory back as a face read from the cache can
 * (felt_face_cache_release).  An ordinary image surface where the folder
 * takes no such file.  Any thread. */
cairo_surface_t *felt_face_cache_surface_new (int width, int height);

/* Gives the memory of a face read from a file (felt_face_cache_load) or
 * made by felt_face_cache_surface_new back to the system; its pixels are
 * read from Felt's own file again if they are read again.  For a renderer
 * that keeps its own copy of what it drew (GL): the mapped copy is then
 * never read.  Does nothing to any other surface. */
void felt_face_cache_release (cairo_surface_t *face);

/* Writes the faces (ARGB32 image surfaces of width x height) in a thread
 * of its own, atomically, then prunes the folder.  Takes references. */
void felt_face_cache_save (const char *key, int width, int height,
                           guint n_faces, cairo_surface_t *const *faces);

/* Writes the faces to path at once (data/meson.build renders the
 * pre-rendered faces with it, through felt_card_theme_write_faces). */
gboolean felt_face_cache_write (const char *path, const char *key, int width, int height,
                                guint n_faces, cairo_surface_t *const *faces, GError **error);

/* Waits until every file being written is written (at quit, so that a
 * player who quits at once still finds the faces next time; tests). */
void felt_face_cache_wait (void);

G_END_DECLS
