/* felt-card-theme.c: card faces from an SVG deck, rendered once per size.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Rendering a deck costs far more than a frame, so the faces a board
 * needs first are rendered at once and the rest of the deck in a worker
 * thread, which takes turns with the main thread on the one parsed deck
 * (and shares a whole deck with a second thread, where there are two
 * processors: render_faces); until a size is complete, boards draw the nearest size there is, scaled.
 * A complete size is kept on disk (felt-face-cache.h): the next start
 * finds the faces there and renders nothing.
 */
#include "config.h"

#include "felt-card-theme.h"
#include "felt-face-cache.h"

#include "felt-rsvg.h"
#ifdef __GLIBC__
#include <malloc.h>
#endif

#define N_FACES 53   /* the back at index 0, then 13 per suit */
#define N_SIZES 4    /* sizes kept: the window's, the chooser's, a resize or two */
#define SAVE_DELAY_MS 700

typedef struct {
  FeltCardTheme *theme;  /* strong; released in the main thread */
  int width, height;
  gboolean wanted[N_FACES];
  cairo_surface_t *done[N_FACES];
  gint cancelled;        /* atomic: the size is gone, stop */
} RenderJob;

typedef struct {
  int width, height;     /* 0: the slot is free */
  GdkTexture *textures[N_FACES];
  guint64 used;          /* for evicting the least recently used size */
  RenderJob *job;        /* the worker is rendering the rest (not owned) */
  gboolean from_disk;    /* complete, and kept on disk already */
} SizeCache;

struct _FeltCardTheme
{
  GObject parent_instance;

  /* owned, main thread */
  RsvgHandle *handle;        /* the main thread and the worker take turns: */
  GMutex handle_lock;        /* one parsed deck is enough */
  GBytes *svg;               /* the deck's document, parsed when needed (under the lock) */
  const char *resource;      /* a built-in deck's, read when first needed (under the lock) */
  char *ids[N_FACES];        /* "#AC" or "#1_club" */
  char *cache_key;           /* the deck's, for felt-face-cache */
  guint save_id;             /* a complete size waits to be written */
  int save_width, save_height;
  SizeCache sizes[N_SIZES];
  int kept_width, kept_height;  /* felt_card_theme_keep_size */
  guint64 tick;
  GThreadPool *pool;         /* one worker */

  double aspect;
  gboolean exact_bounds;     /* Felt's own deck: each card fills its bounds */
};

enum {
  SIGNAL_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (FeltCardTheme, felt_card_theme, G_TYPE_OBJECT)

static guint
face_index (FeltCard card)
{
  if (card == 0)
    return 0;
  return 1 + FELT_CARD_SUIT (card) * 13 + FELT_CARD_RANK (card) - 1;
}

/* ---- rendering -------------------------------------------------------------- */

/* Felt's own deck draws every card exactly within its bounds, so librsvg
 * can fit the element to the surface; other decks (AisleRiot's, KDE's)
 * have cards whose drawing spills over, and are placed by their logical
 * rectangle in the document instead. */
static cairo_surface_t *
render_surface (RsvgHandle *handle, const char *id, gboolean exact_bounds, int width, int height)
{
  g_autoptr (GError) error = NULL;
  /* Its memory can go back once a GL renderer holds the face. */
  cairo_surface_t *surface = felt_face_cache_surface_new (width, height);
  cairo_t *cr = cairo_create (surface);
  RsvgRectangle viewport = { 0, 0, width, height };
  gboolean ok;

  if (exact_bounds)
    ok = felt_rsvg ()->handle_render_element (handle, cr, id, &viewport, &error);
  else
    {
      gdouble doc_w = 0, doc_h = 0;
      RsvgRectangle doc, ink, logical;

      if (!felt_rsvg ()->handle_get_intrinsic_size_in_pixels (handle, &doc_w, &doc_h) || doc_w <= 0 || doc_h <= 0)
        doc_w = doc_h = 10000;
      doc = (RsvgRectangle) { 0, 0, doc_w, doc_h };
      ok = felt_rsvg ()->handle_get_geometry_for_layer (handle, id, &doc, &ink, &logical, &error) &&
           logical.width > 0 && logical.height > 0;
      if (ok)
        {
          cairo_scale (cr, width / logical.width, height / logical.height);
          cairo_translate (cr, -logical.x, -logical.y);
          ok = felt_rsvg ()->handle_render_layer (handle, cr, id, &doc, &error);
        }
    }
  if (!ok)
    g_warning ("Cannot draw card %s: %s", id, error ? error->message : "no size");
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

static GQuark surface_quark;  /* a texture's cairo surface: the same pixels */

static GdkTexture *
surface_to_texture (cairo_surface_t *surface)
{
  int height = cairo_image_surface_get_height (surface);
  gsize stride = (gsize) cairo_image_surface_get_stride (surface);
  g_autoptr (GBytes) bytes = NULL;
  GdkTexture *texture;

  /* Cairo's ARGB32 is GDK_MEMORY_DEFAULT: premultiplied, native endian. */
  bytes = g_bytes_new_with_free_func (cairo_image_surface_get_data (surface), stride * height,
                                      (GDestroyNotify) cairo_surface_destroy, surface);
  texture = gdk_memory_texture_new (cairo_image_surface_get_width (surface), height,
                                    GDK_MEMORY_DEFAULT, bytes, stride);
  g_object_set_qdata_full (G_OBJECT (texture), surface_quark, cairo_surface_reference (surface),
                           (GDestroyNotify) cairo_surface_destroy);
  return texture;
}

cairo_surface_t *
felt_card_theme_get_surface (GdkTexture *texture)
{
  g_return_val_if_fail (GDK_IS_TEXTURE (texture), NULL);
  return g_object_get_qdata (G_OBJECT (texture), surface_quark);
}

static SizeCache *
find_size (FeltCardTheme *self, int width, int height)
{
  for (guint i = 0; i < N_SIZES; i++)
    if (self->sizes[i].width == width && self->sizes[i].height == height)
      {
        self->sizes[i].used = ++self->tick;
        return &self->sizes[i];
      }
  return NULL;
}

static gboolean
is_kept (FeltCardTheme *self, const SizeCache *size)
{
  return size->width == self->kept_width && size->height == self->kept_height && size->width > 0;
}

static SizeCache *
add_size (FeltCardTheme *self, int width, int height)
{
  SizeCache *slot = NULL;

  /* The least recently used size, other than the board's. */
  for (guint i = 0; i < N_SIZES; i++)
    if (!is_kept (self, &self->sizes[i]) && (slot == NULL || self->sizes[i].used < slot->used))
      slot = &self->sizes[i];
  for (guint f = 0; f < N_FACES; f++)
    g_clear_object (&slot->textures[f]);
  /* A resize goes through many sizes: the worker drops those gone. */
  if (slot->job)
    g_atomic_int_set (&slot->job->cancelled, 1);
  slot->job = NULL;
  slot->from_disk = FALSE;
  slot->width = width;
  slot->height = height;
  slot->used = ++self->tick;
  return slot;
}

/* A complete size goes to the disk cache, once. */
static void
save_size (FeltCardTheme *self, SizeCache *size)
{
  cairo_surface_t *faces[N_FACES];

  if (self->cache_key == NULL || size->from_disk)
    return;
  for (guint f = 0; f < N_FACES; f++)
    if (size->textures[f] == NULL)
      return;
  for (guint f = 0; f < N_FACES; f++)
    faces[f] = felt_card_theme_get_surface (size->textures[f]);
  felt_face_cache_save (self->cache_key, size->width, size->height, N_FACES, faces);
  size->from_disk = TRUE;
}

static gboolean
save_later_run (gpointer data)
{
  FeltCardTheme *self = data;

  self->save_id = 0;
  for (guint i = 0; i < N_SIZES; i++)
    if (self->sizes[i].width == self->save_width && self->sizes[i].height == self->save_height)
      save_size (self, &self->sizes[i]);
  return G_SOURCE_REMOVE;
}

/* A size is written once it has been the last one completed for a
 * moment: a window being resized goes through many sizes, the disk sees
 * only the one it settles at.  The first frame is drawn long before. */
static void
save_size_later (FeltCardTheme *self, SizeCache *size)
{
  if (size->from_disk)
    return;
  g_clear_handle_id (&self->save_id, g_source_remove);
  self->save_width = size->width;
  self->save_height = size->height;
  self->save_id = g_timeout_add (SAVE_DELAY_MS, save_later_run, self);
}

/* A size rendered at an earlier start, from the disk cache. */
static gboolean
load_size (FeltCardTheme *self, SizeCache *size)
{
  cairo_surface_t *faces[N_FACES];

  /* The player's own cache, then the faces installed with Felt (the
   * built-in deck at a default window's sizes: a first launch). */
  if (self->cache_key == NULL)
    return FALSE;
  if (felt_face_cache_load (self->cache_key, size->width, size->height, N_FACES, faces))
    g_debug ("card faces %dx%d: cached", size->width, size->height);
  else if (felt_face_cache_load_prerendered (self->cache_key, size->width, size->height, N_FACES, faces))
    g_debug ("card faces %dx%d: installed", size->width, size->height);
  else
    {
      g_debug ("card faces %dx%d: rendered", size->width, size->height);
      return FALSE;
    }
  for (guint f = 0; f < N_FACES; f++)
    {
      g_clear_object (&size->textures[f]);
      size->textures[f] = surface_to_texture (faces[f]);
    }
  size->from_disk = TRUE;
  return TRUE;
}

/* Once a size is complete, the parsed deck (librsvg's document, several
 * megabytes) goes, and so does the memory the renderer freed: a board
 * needs no other size until the window is resized, and then the deck is
 * parsed again from its document (tens of milliseconds, in the worker). */
static void
forget_deck (FeltCardTheme *self)
{
  if (self->svg == NULL && self->resource == NULL)
    return;
  for (guint i = 0; i < N_SIZES; i++)
    if (self->sizes[i].job)
      return;
  g_mutex_lock (&self->handle_lock);
  g_clear_object (&self->handle);
  g_mutex_unlock (&self->handle_lock);
#ifdef __GLIBC__
  /* The worker's own malloc arena keeps what it freed otherwise. */
  malloc_trim (0);
#endif
}

static gboolean
forget_deck_later (gpointer data)
{
  forget_deck (data);
  return G_SOURCE_REMOVE;
}

static gboolean
job_finish (gpointer data)
{
  RenderJob *job = data;
  FeltCardTheme *self = job->theme;
  SizeCache *size = NULL;

  for (guint i = 0; i < N_SIZES; i++)
    if (self->sizes[i].job == job)
      size = &self->sizes[i];

  for (guint f = 0; f < N_FACES; f++)
    {
      if (job->done[f] == NULL)
        continue;
      if (size && size->textures[f] == NULL)
        size->textures[f] = surface_to_texture (job->done[f]);
      else
        cairo_surface_destroy (job->done[f]);
    }
  if (size)
    {
      size->job = NULL;
      save_size_later (self, size);
      forget_deck (self);
    }
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
  g_object_unref (job->theme);
  g_free (job);
  return G_SOURCE_REMOVE;
}

static RsvgHandle *theme_handle (FeltCardTheme *self);
static GBytes *theme_svg (FeltCardTheme *self);

/* Any thread. */
static cairo_surface_t *
render_face (FeltCardTheme *self, guint f, int width, int height)
{
  cairo_surface_t *surface;

  g_mutex_lock (&self->handle_lock);
  surface = render_surface (theme_handle (self), self->ids[f], self->exact_bounds, width, height);
  g_mutex_unlock (&self->handle_lock);
  return surface;
}

/* A whole deck takes two processors where there are two: a helper thread
 * parses a deck of its own (one parsed deck is not drawn from by two
 * threads at once) and takes faces from the same counter as the thread
 * that asked, so both finish together.  Below this many faces the
 * helper's parse costs more than it saves. */
#define SHARE_MIN_FACES 24

typedef struct {
  FeltCardTheme *theme;      /* not owned: render_faces waits for the helper */
  GBytes *svg;               /* the helper's own reference */
  const gboolean *wanted;
  cairo_surface_t **done;
  int width, height;
  gint next;                 /* atomic: the next face to take */
  const gint *cancelled;     /* atomic, or NULL */
} FaceShare;

static gboolean
share_take (FaceShare *share, guint *f)
{
  for (;;)
    {
      guint i = (guint) g_atomic_int_add (&share->next, 1);

      if (i >= N_FACES || (share->cancelled && g_atomic_int_get (share->cancelled)))
        return FALSE;
      if (share->wanted[i])
        {
          *f = i;
          return TRUE;
        }
    }
}

static gpointer
share_helper_run (gpointer data)
{
  FaceShare *share = data;
  gsize size;
  const guint8 *svg = g_bytes_get_data (share->svg, &size);
  RsvgHandle *handle = felt_rsvg ()->handle_new_from_data (svg, size, NULL);
  guint f;

  /* Parsed once before, it parses again; were it not to, the thread that
   * asked renders every face alone. */
  if (handle == NULL)
    return NULL;
  while (share_take (share, &f))
    share->done[f] = render_surface (handle, share->theme->ids[f], share->theme->exact_bounds,
                                     share->width, share->height);
  g_object_unref (handle);
  return NULL;
}

/* Any thread: renders the wanted faces into done[] (those not rendered
 * when *cancelled becomes true stay NULL). */
static void
render_faces (FeltCardTheme *self, const gboolean *wanted, int width, int height,
              cairo_surface_t **done, const gint *cancelled)
{
  FaceShare share = { self, NULL, wanted, done, width, height, 0, cancelled };
  GThread *helper = NULL;
  guint n = 0, f;

  for (f = 0; f < N_FACES; f++)
    n += wanted[f] ? 1 : 0;
  if (n >= SHARE_MIN_FACES && g_get_num_processors () > 1)
    {
      g_mutex_lock (&self->handle_lock);
      share.svg = theme_svg (self);
      g_mutex_unlock (&self->handle_lock);
      if (share.svg)
        helper = g_thread_new ("felt-faces", share_helper_run, &share);
    }
  while (share_take (&share, &f))
    done[f] = render_face (self, f, width, height);
  if (helper)
    g_thread_join (helper);
  g_clear_pointer (&share.svg, g_bytes_unref);
}

static void
job_run (gpointer data, gpointer user_data)
{
  RenderJob *job = data;

  render_faces (job->theme, job->wanted, job->width, job->height, job->done, &job->cancelled);
  g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, job_finish, job, NULL);
}

static gboolean
job_push (gpointer data)
{
  RenderJob *job = data;

  g_thread_pool_push (job->theme->pool, job, NULL);
  return G_SOURCE_REMOVE;
}

void
felt_card_theme_prepare (FeltCardTheme *self, int width, int height,
                         const FeltCard *cards, guint n_cards)
{
  SizeCache *size;
  gboolean other_sizes = FALSE;
  RenderJob *job;
  gboolean missing = FALSE;

  g_return_if_fail (FELT_IS_CARD_THEME (self));
  if (width < 1 || height < 1)
    return;

  size = find_size (self, width, height);
  if (size == NULL)
    {
      size = add_size (self, width, height);
      if (load_size (self, size))
        return;
    }

  for (guint i = 0; i < N_SIZES; i++)
    other_sizes |= self->sizes[i].width > 0 && &self->sizes[i] != size && self->sizes[i].textures[0];

  /* With nothing to scale from, the cards on show are needed now. */
  if (!other_sizes)
    for (guint i = 0; i < n_cards; i++)
      {
        guint f = face_index (cards[i]);
        if (size->textures[f] == NULL)
          size->textures[f] = surface_to_texture (render_face (self, f, width, height));
      }

  if (size->job)
    return;
  /* Another size to render: the window has not settled yet, so the size
   * waiting to be written waits for this one (on a slow machine a size
   * can take longer than SAVE_DELAY_MS to render). */
  if (size->width != self->save_width || size->height != self->save_height)
    g_clear_handle_id (&self->save_id, g_source_remove);
  job = g_new0 (RenderJob, 1);
  for (guint f = 0; f < N_FACES; f++)
    missing |= job->wanted[f] = size->textures[f] == NULL;
  if (!missing)
    {
      /* Every face was on show and is rendered: the parsed deck goes
       * too, once the frame is drawn. */
      g_free (job);
      save_size_later (self, size);
      g_idle_add_full (G_PRIORITY_LOW, forget_deck_later, g_object_ref (self), g_object_unref);
      return;
    }
  job->theme = g_object_ref (self);
  job->width = width;
  job->height = height;
  size->job = job;
  /* Called from size_allocate: the frame being made has the processor
   * first, the worker starts once it is drawn. */
  g_idle_add_full (G_PRIORITY_LOW, job_push, job, NULL);
}

void
felt_card_theme_keep_size (FeltCardTheme *self, int width, int height)
{
  g_return_if_fail (FELT_IS_CARD_THEME (self));
  self->kept_width = width;
  self->kept_height = height;
}

GdkTexture *
felt_card_theme_lookup (FeltCardTheme *self, FeltCard card, int width, int height, gboolean *exact)
{
  guint f = face_index (card);
  GdkTexture *best = NULL;
  int best_distance = G_MAXINT;

  g_return_val_if_fail (FELT_IS_CARD_THEME (self), NULL);

  for (guint i = 0; i < N_SIZES; i++)
    {
      SizeCache *size = &self->sizes[i];
      int distance = ABS (size->width - width);

      if (size->width == 0 || size->textures[f] == NULL)
        continue;
      if (size->width == width && size->height == height)
        {
          if (exact)
            *exact = TRUE;
          return size->textures[f];
        }
      /* Rather scale down from a larger size than up from a smaller one. */
      if (size->width < width)
        distance += 10000;
      if (distance < best_distance)
        {
          best_distance = distance;
          best = size->textures[f];
        }
    }
  if (exact)
    *exact = FALSE;
  return best;
}

void
felt_card_theme_release_pixels (FeltCardTheme *self)
{
  g_return_if_fail (FELT_IS_CARD_THEME (self));
  for (guint i = 0; i < N_SIZES; i++)
    for (guint f = 0; f < N_FACES; f++)
      if (self->sizes[i].textures[f])
        felt_face_cache_release (felt_card_theme_get_surface (self->sizes[i].textures[f]));
}

void
felt_card_theme_render_all (FeltCardTheme *self, int width, int height)
{
  SizeCache *size;
  gboolean wanted[N_FACES];
  cairo_surface_t *done[N_FACES] = { NULL };

  g_return_if_fail (FELT_IS_CARD_THEME (self));
  size = find_size (self, width, height);
  if (size == NULL)
    size = add_size (self, width, height);
  for (guint f = 0; f < N_FACES; f++)
    wanted[f] = size->textures[f] == NULL;
  render_faces (self, wanted, width, height, done, NULL);
  for (guint f = 0; f < N_FACES; f++)
    if (done[f])
      size->textures[f] = surface_to_texture (done[f]);
}

gboolean
felt_card_theme_write_faces (FeltCardTheme *self, int width, int height, const char *path, GError **error)
{
  cairo_surface_t *faces[N_FACES];
  SizeCache *size;

  g_return_val_if_fail (FELT_IS_CARD_THEME (self), FALSE);
  felt_card_theme_render_all (self, width, height);
  size = find_size (self, width, height);
  for (guint f = 0; f < N_FACES; f++)
    faces[f] = felt_card_theme_get_surface (size->textures[f]);
  return felt_face_cache_write (path, self->cache_key, width, height, N_FACES, faces, error);
}

/* ---- loading ------------------------------------------------------------------ */

/* The element ids of the faces in the deck's naming: Felt's ("AC"),
 * AisleRiot's ("club_1", "club_king") or KDE's ("1_club", "king_club"). */
static void
name_ids (FeltCardTheme *self, gboolean felt_names, gboolean suit_first)
{
  static const char *const suits[] = { "club", "diamond", "heart", "spade" };
  static const char *const courts[] = { "jack", "queen", "king" };

  self->ids[0] = g_strdup ("#back");
  for (guint suit = 0; suit < FELT_N_SUITS; suit++)
    for (guint rank = 1; rank <= 13; rank++)
      {
        FeltCard card = FELT_CARD (rank, suit);
        g_autofree char *rank_name = rank > 10 ? g_strdup (courts[rank - 11]) : g_strdup_printf ("%u", rank);
        char *id;

        if (felt_names)
          {
            char name[3];
            felt_card_to_string (card, name);
            id = g_strconcat ("#", name, NULL);
          }
        else if (suit_first)
          id = g_strdup_printf ("#%s_%s", suits[suit], rank_name);
        else
          id = g_strdup_printf ("#%s_%s", rank_name, suits[suit]);
        self->ids[face_index (card)] = id;
      }
  /* Felt's own deck draws each card exactly within its bounds. */
  self->exact_bounds = felt_names;
}

/* Checks the parsed deck has every card; measures a card's proportions
 * (width / height) into *aspect, unchanged if it has none. */
static gboolean
check_ids (FeltCardTheme *self, double *aspect, GError **error)
{
  RsvgRectangle ink, logical;

  for (guint i = 0; i < N_FACES; i++)
    if (!felt_rsvg ()->handle_has_sub (self->handle, self->ids[i]))
      {
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                     "the card deck has no card “%s”", self->ids[i] + 1);
        return FALSE;
      }

  /* A face's logical size is the card's, in every deck (a back may be
   * drawn larger). */
  if (felt_rsvg ()->handle_get_geometry_for_element (self->handle, self->ids[1], &ink, &logical, NULL) &&
      logical.width > 0 && logical.height > 0)
    *aspect = logical.width / logical.height;
  return TRUE;
}

/* Finds out which naming the deck uses and checks it has every card. */
static gboolean
setup_ids (FeltCardTheme *self, GError **error)
{
  name_ids (self, felt_rsvg ()->handle_has_sub (self->handle, "#AC"),
            felt_rsvg ()->handle_has_sub (self->handle, "#club_1"));
  return check_ids (self, &self->aspect, error);
}

/* The parsed deck; the built-in one is parsed here the first time a face
 * is rendered (with the faces kept on disk, a start may never need it).
 * Called with handle_lock held. */
/* The deck's document, a new reference, or NULL for a deck that keeps
 * only its parsed form (one read from a file).  A built-in deck is
 * unpacked from Felt's resources only now: a start with its faces on disk
 * never needs it.  Called with handle_lock held. */
static GBytes *
theme_svg (FeltCardTheme *self)
{
  if (self->svg == NULL && self->resource != NULL)
    {
      g_autoptr (GError) error = NULL;

      self->svg = g_resources_lookup_data (self->resource, G_RESOURCE_LOOKUP_FLAGS_NONE, &error);
      if (self->svg == NULL)
        g_error ("the built-in card deck is missing: %s", error->message);
    }
  return self->svg ? g_bytes_ref (self->svg) : NULL;
}

static RsvgHandle *
theme_handle (FeltCardTheme *self)
{
  if (self->handle == NULL)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (GBytes) bytes = theme_svg (self);
      gsize size;
      const guint8 *svg;
      double aspect = self->aspect;

      svg = g_bytes_get_data (bytes, &size);

      /* Any thread: the main thread reads the aspect, so it is only
       * checked here, never written. */
      self->handle = felt_rsvg ()->handle_new_from_data (svg, size, &error);
      if (self->handle == NULL || !check_ids (self, &aspect, &error))
        g_error ("the built-in card deck is broken: %s", error->message);
      /* The layout used the built-in deck's proportions from the start. */
      if (!G_APPROX_VALUE (aspect, self->aspect, 1e-6))
        g_error ("the built-in card deck's cards are %g wide for 1 high, not %g", aspect, self->aspect);
    }
  return self->handle;
}

/* handle: the SVG already parsed, taken, or NULL; key: its cache key,
 * taken, or NULL. */
static FeltCardTheme *
theme_new (GBytes *data, RsvgHandle *handle, char *key, GError **error)
{
  g_autoptr (FeltCardTheme) self = g_object_new (FELT_TYPE_CARD_THEME, NULL);
  gsize size;
  const guint8 *svg = g_bytes_get_data (data, &size);

  self->cache_key = key ? key : felt_face_cache_key (data);
  self->handle = handle ? handle : felt_rsvg ()->handle_new_from_data (svg, size, error);
  if (self->handle == NULL || !setup_ids (self, error))
    return NULL;
  return g_steal_pointer (&self);
}

/* A built-in deck, not read nor parsed yet: its names and proportions are
 * Felt's (build-aux/make-deck.py: 250 x 350), its key the build's. */
static FeltCardTheme *
theme_new_builtin (const char *resource, const char *key)
{
  FeltCardTheme *self = g_object_new (FELT_TYPE_CARD_THEME, NULL);

  self->cache_key = g_strdup (key);
  self->resource = resource;
  self->aspect = 250.0 / 350.0;
  name_ids (self, TRUE, FALSE);
  return self;
}

#define DEFAULT_DECK "/io/github/feltsolitaire/Felt/cards/felt-deck.svg"
#define FOUR_COLOUR_DECK "/io/github/feltsolitaire/Felt/cards/felt-deck-four-colour.svg"

gboolean
felt_card_theme_check_builtin_keys (GError **error)
{
  static const struct { const char *resource, *key; } decks[] = {
    { DEFAULT_DECK, FELT_DECK_KEY },
    { FOUR_COLOUR_DECK, FELT_FOUR_COLOUR_DECK_KEY },
  };

  for (guint i = 0; i < G_N_ELEMENTS (decks); i++)
    {
      g_autoptr (GBytes) bytes = g_resources_lookup_data (decks[i].resource, G_RESOURCE_LOOKUP_FLAGS_NONE, error);
      g_autofree char *key = NULL;

      if (bytes == NULL)
        return FALSE;
      key = felt_face_cache_key (bytes);
      if (!g_str_equal (key, decks[i].key))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "%s: key %s, built with %s",
                       decks[i].resource, key, decks[i].key);
          return FALSE;
        }
    }
  return TRUE;
}

/* The built-in deck, read in a thread of its own while GTK starts
 * (felt_card_theme_preload_default), and parsed there unless faces of it
 * are on disk. */
typedef struct {
  GBytes *bytes;
  RsvgHandle *handle;
} Preload;

static GThread *preload_thread;

static gpointer
preload_run (gpointer data)
{
  Preload *preload = g_new0 (Preload, 1);

  /* With faces of this deck on disk, the start most likely renders
   * none: the deck is read and parsed when (if) a face is needed. */
  if (felt_face_cache_has_deck (FELT_DECK_KEY))
    return preload;
  preload->bytes = g_resources_lookup_data (DEFAULT_DECK, G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
  if (preload->bytes)
    {
      gsize size;
      const guint8 *svg = g_bytes_get_data (preload->bytes, &size);

      preload->handle = felt_rsvg ()->handle_new_from_data (svg, size, NULL);
    }
  return preload;
}

void
felt_card_theme_preload_default (void)
{
  if (preload_thread == NULL)
    preload_thread = g_thread_new ("felt-deck", preload_run, NULL);
}

FeltCardTheme *
felt_card_theme_new_default (void)
{
  g_autoptr (GBytes) bytes = NULL;
  g_autoptr (GError) error = NULL;
  RsvgHandle *handle = NULL;
  FeltCardTheme *self;

  if (preload_thread)
    {
      Preload *preload = g_thread_join (g_steal_pointer (&preload_thread));
      bytes = preload->bytes;
      handle = preload->handle;
      g_free (preload);
    }
  if (handle == NULL)
    return theme_new_builtin (DEFAULT_DECK, FELT_DECK_KEY);
  self = theme_new (bytes, handle, g_strdup (FELT_DECK_KEY), &error);
  if (self == NULL)
    g_error ("the built-in card deck is broken: %s", error->message);
  /* Built into Felt: parsed again at no cost but time (forget_deck). */
  self->svg = g_bytes_ref (bytes);
  return self;
}

FeltCardTheme *
felt_card_theme_new_four_colour (void)
{
  /* The same names and proportions as the deck, read and parsed when a
   * face is first needed. */
  return theme_new_builtin (FOUR_COLOUR_DECK, FELT_FOUR_COLOUR_DECK_KEY);
}

FeltCardTheme *
felt_card_theme_new_for_setting (const char *deck, GError **error)
{
  g_autoptr (GFile) file = NULL;

  g_return_val_if_fail (deck != NULL, NULL);
  if (deck[0] == '\0')
    return felt_card_theme_new_default ();
  if (g_str_equal (deck, FELT_CARD_DECK_FOUR_COLOUR))
    return felt_card_theme_new_four_colour ();
  file = g_file_new_for_path (deck);
  return felt_card_theme_new_from_file (file, error);
}

FeltCardTheme *
felt_card_theme_new_from_file (GFile *file, GError **error)
{
  g_autoptr (GBytes) bytes = g_file_load_bytes (file, NULL, NULL, error);
  g_autoptr (GInputStream) input = NULL;
  g_autoptr (GInputStream) plain = NULL;
  g_autoptr (GOutputStream) output = NULL;
  gsize size;
  const guint8 *head;

  if (bytes == NULL)
    return NULL;
  head = g_bytes_get_data (bytes, &size);
  if (size < 2 || head[0] != 0x1f || head[1] != 0x8b)
    return theme_new (bytes, NULL, NULL, error);

  /* .svgz: unpacked here. */
  {
    g_autoptr (GZlibDecompressor) gunzip = g_zlib_decompressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP);
    g_autoptr (GBytes) unpacked = NULL;

    input = g_memory_input_stream_new_from_bytes (bytes);
    plain = g_converter_input_stream_new (input, G_CONVERTER (gunzip));
    output = g_memory_output_stream_new_resizable ();
    if (g_output_stream_splice (output, plain, G_OUTPUT_STREAM_SPLICE_CLOSE_SOURCE |
                                G_OUTPUT_STREAM_SPLICE_CLOSE_TARGET, NULL, error) < 0)
      return NULL;
    unpacked = g_memory_output_stream_steal_as_bytes (G_MEMORY_OUTPUT_STREAM (output));
    return theme_new (unpacked, NULL, NULL, error);
  }
}

double
felt_card_theme_get_aspect (FeltCardTheme *self)
{
  g_return_val_if_fail (FELT_IS_CARD_THEME (self), 1.0);
  return self->aspect;
}

/* ---- the object ------------------------------------------------------------------ */

static void
felt_card_theme_finalize (GObject *object)
{
  FeltCardTheme *self = FELT_CARD_THEME (object);

  /* Jobs hold a reference, so none is running now. */
  g_thread_pool_free (self->pool, TRUE, TRUE);
  g_clear_handle_id (&self->save_id, g_source_remove);
  g_clear_object (&self->handle);
  g_clear_pointer (&self->svg, g_bytes_unref);
  g_mutex_clear (&self->handle_lock);
  for (guint i = 0; i < N_SIZES; i++)
    for (guint f = 0; f < N_FACES; f++)
      g_clear_object (&self->sizes[i].textures[f]);
  for (guint f = 0; f < N_FACES; f++)
    g_clear_pointer (&self->ids[f], g_free);
  g_free (self->cache_key);
  G_OBJECT_CLASS (felt_card_theme_parent_class)->finalize (object);
}

static void
felt_card_theme_class_init (FeltCardThemeClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = felt_card_theme_finalize;
  surface_quark = g_quark_from_static_string ("felt-card-theme-surface");

  /* More faces were rendered: boards redraw. */
  signals[SIGNAL_CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                          0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
felt_card_theme_init (FeltCardTheme *self)
{
  self->aspect = 250.0 / 350.0;
  g_mutex_init (&self->handle_lock);
  self->pool = g_thread_pool_new (job_run, NULL, 1, FALSE, NULL);
}
