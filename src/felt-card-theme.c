/* felt-card-theme.c: card faces from an SVG deck, rendered once per size.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "felt-card-theme.h"

#include <librsvg/rsvg.h>

#define N_FACES 53   /* 52 faces and the back, at index 0 */

struct _FeltCardTheme
{
  GObject parent_instance;

  /* owned */
  RsvgHandle *handle;
  GdkTexture *textures[N_FACES];
  char *ids[N_FACES];        /* "#AC" or "#1_club" */

  double aspect;
  int width, height;         /* of the textures, device pixels */
};

G_DEFINE_FINAL_TYPE (FeltCardTheme, felt_card_theme, G_TYPE_OBJECT)

static void
felt_card_theme_finalize (GObject *object)
{
  FeltCardTheme *self = FELT_CARD_THEME (object);

  g_clear_object (&self->handle);
  for (guint i = 0; i < N_FACES; i++)
    {
      g_clear_object (&self->textures[i]);
      g_clear_pointer (&self->ids[i], g_free);
    }
  G_OBJECT_CLASS (felt_card_theme_parent_class)->finalize (object);
}

static void
felt_card_theme_class_init (FeltCardThemeClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = felt_card_theme_finalize;
}

static void
felt_card_theme_init (FeltCardTheme *self)
{
  self->aspect = 250.0 / 350.0;
}

static guint
face_index (FeltCard card)
{
  if (card == 0)
    return 0;
  return 1 + FELT_CARD_SUIT (card) * 13 + FELT_CARD_RANK (card) - 1;
}

/* Finds out which naming the deck uses and checks it has every card. */
static gboolean
setup_ids (FeltCardTheme *self, GError **error)
{
  static const char *const aisleriot_suits[] = { "club", "diamond", "heart", "spade" };
  static const char *const aisleriot_courts[] = { "jack", "queen", "king" };
  gboolean felt_names = rsvg_handle_has_sub (self->handle, "#AC");
  RsvgRectangle ink, logical;

  self->ids[0] = g_strdup ("#back");
  for (guint suit = 0; suit < FELT_N_SUITS; suit++)
    for (guint rank = 1; rank <= 13; rank++)
      {
        FeltCard card = FELT_CARD (rank, suit);
        char *id;

        if (felt_names)
          {
            char name[3];
            felt_card_to_string (card, name);
            id = g_strconcat ("#", name, NULL);
          }
        else if (rank > 10)
          id = g_strdup_printf ("#%s_%s", aisleriot_courts[rank - 11], aisleriot_suits[suit]);
        else
          id = g_strdup_printf ("#%u_%s", rank, aisleriot_suits[suit]);
        self->ids[face_index (card)] = id;
      }

  for (guint i = 0; i < N_FACES; i++)
    if (!rsvg_handle_has_sub (self->handle, self->ids[i]))
      {
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                     "the card deck has no card “%s”", self->ids[i] + 1);
        return FALSE;
      }

  if (rsvg_handle_get_geometry_for_element (self->handle, self->ids[0], &ink, &logical, NULL) &&
      ink.width > 0 && ink.height > 0)
    self->aspect = ink.width / ink.height;
  return TRUE;
}

static FeltCardTheme *
theme_new (RsvgHandle *handle, GError **error)
{
  g_autoptr (FeltCardTheme) self = g_object_new (FELT_TYPE_CARD_THEME, NULL);

  self->handle = handle;
  if (!setup_ids (self, error))
    return NULL;
  return g_steal_pointer (&self);
}

FeltCardTheme *
felt_card_theme_new_default (void)
{
  g_autoptr (GBytes) bytes = NULL;
  g_autoptr (GError) error = NULL;
  RsvgHandle *handle;
  FeltCardTheme *self;
  gsize size;
  const guint8 *data;

  bytes = g_resources_lookup_data ("/io/github/feltsolitaire/Felt/cards/felt-deck.svg",
                                   G_RESOURCE_LOOKUP_FLAGS_NONE, &error);
  if (bytes == NULL)
    g_error ("the built-in card deck is missing: %s", error->message);
  data = g_bytes_get_data (bytes, &size);
  handle = rsvg_handle_new_from_data (data, size, &error);
  if (handle == NULL)
    g_error ("the built-in card deck is broken: %s", error->message);
  self = theme_new (handle, &error);
  if (self == NULL)
    g_error ("the built-in card deck is incomplete: %s", error->message);
  return self;
}

FeltCardTheme *
felt_card_theme_new_from_file (GFile *file, GError **error)
{
  RsvgHandle *handle = rsvg_handle_new_from_gfile_sync (file, RSVG_HANDLE_FLAGS_NONE, NULL, error);

  if (handle == NULL)
    return NULL;
  return theme_new (handle, error);
}

double
felt_card_theme_get_aspect (FeltCardTheme *self)
{
  g_return_val_if_fail (FELT_IS_CARD_THEME (self), 1.0);
  return self->aspect;
}

static GdkTexture *
render (FeltCardTheme *self, guint face)
{
  g_autoptr (GError) error = NULL;
  cairo_surface_t *surface;
  cairo_t *cr;
  RsvgRectangle viewport = { 0, 0, self->width, self->height };
  GBytes *bytes;
  GdkTexture *texture;

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, self->width, self->height);
  cr = cairo_create (surface);
  if (!rsvg_handle_render_element (self->handle, cr, self->ids[face], &viewport, &error))
    g_warning ("Cannot draw card %s: %s", self->ids[face], error->message);
  cairo_destroy (cr);
  cairo_surface_flush (surface);

  /* Cairo's ARGB32 is GDK_MEMORY_DEFAULT: premultiplied, native endian. */
  bytes = g_bytes_new_with_free_func (cairo_image_surface_get_data (surface),
                                      (gsize) cairo_image_surface_get_stride (surface) * self->height,
                                      (GDestroyNotify) cairo_surface_destroy, surface);
  texture = gdk_memory_texture_new (self->width, self->height, GDK_MEMORY_DEFAULT, bytes,
                                    (gsize) cairo_image_surface_get_stride (surface));
  g_bytes_unref (bytes);
  return texture;
}

void
felt_card_theme_set_size (FeltCardTheme *self, int width, int height)
{
  g_return_if_fail (FELT_IS_CARD_THEME (self));

  width = MAX (width, 1);
  height = MAX (height, 1);
  if (width == self->width && height == self->height)
    return;
  self->width = width;
  self->height = height;
  for (guint i = 0; i < N_FACES; i++)
    g_clear_object (&self->textures[i]);
}

GdkTexture *
felt_card_theme_get_texture (FeltCardTheme *self, FeltCard card)
{
  guint face = face_index (card);

  g_return_val_if_fail (FELT_IS_CARD_THEME (self), NULL);
  g_return_val_if_fail (self->width > 0, NULL);

  /* Rendered on first use at each size: the board asks for every card it
   * shows from size_allocate, so snapshot only ever finds them ready. */
  if (self->textures[face] == NULL)
    self->textures[face] = render (self, face);
  return self->textures[face];
}
