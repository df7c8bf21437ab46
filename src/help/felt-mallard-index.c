/* felt-mallard-index.c: the index of all help pages (no GTK): their
 * titles, descriptions, sections and links, read from a GResource in the
 * player's language.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "felt-mallard-index.h"

#include <string.h>

#include <glib/gi18n.h>

/* ---- the index ------------------------------------------------------------------ */

typedef struct
{
  char *id;
  char *title;
  char *desc;
  GBytes *source;
  GPtrArray *guides;   /* char * */
  GPtrArray *sections; /* char *: top-level section ids */
} IndexPage;

struct _FeltMallardIndex
{
  GHashTable *pages;  /* id → IndexPage */
  GHashTable *titles; /* "id" or "id#section" → title */
  GHashTable *groups; /* "id" or "id#section" → GPtrArray of char *: its topic links */
};

static void
index_page_free (gpointer data)
{
  IndexPage *ip = data;

  g_free (ip->id);
  g_free (ip->title);
  g_free (ip->desc);
  g_clear_pointer (&ip->source, g_bytes_unref);
  g_ptr_array_unref (ip->guides);
  g_ptr_array_unref (ip->sections);
  g_free (ip);
}

FeltMallardIndex *
felt_mallard_index_new (void)
{
  FeltMallardIndex *index = g_new0 (FeltMallardIndex, 1);

  index->pages = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, index_page_free);
  index->titles = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  index->groups = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_ptr_array_unref);
  return index;
}

void
felt_mallard_index_free (FeltMallardIndex *index)
{
  if (index == NULL)
    return;
  g_hash_table_unref (index->pages);
  g_hash_table_unref (index->titles);
  g_hash_table_unref (index->groups);
  g_free (index);
}

static gpointer
copy_string (gconstpointer string, gpointer data)
{
  return g_strdup (string);
}

static GPtrArray *
strv_copy (GPtrArray *strings)
{
  GPtrArray *copy = g_ptr_array_copy (strings, copy_string, NULL);

  g_ptr_array_set_free_func (copy, g_free);
  return copy;
}

static void
index_sections (FeltMallardIndex *index, const char *page_id, GPtrArray *blocks, GPtrArray *top_level)
{
  for (guint i = 0; i < blocks->len; i++)
    {
      const FeltMallardBlock *block = g_ptr_array_index (blocks, i);
      char *xref;

      if (block->type != FELT_MALLARD_SECTION || block->id == NULL)
        continue;
      xref = g_strconcat (page_id, "#", block->id, NULL);
      g_hash_table_replace (index->titles, g_strdup (xref), g_strdup (block->title));
      g_hash_table_replace (index->groups, xref, strv_copy (block->links));
      if (top_level)
        g_ptr_array_add (top_level, g_strdup (block->id));
      index_sections (index, page_id, block->children, NULL);
    }
}

void
felt_mallard_index_add (FeltMallardIndex *index, const FeltMallardPage *page, GBytes *source)
{
  IndexPage *ip;

  g_return_if_fail (index != NULL);
  g_return_if_fail (page != NULL);

  ip = g_new0 (IndexPage, 1);
  ip->id = g_strdup (page->id);
  ip->title = g_strdup (page->title);
  ip->desc = g_strdup (page->desc);
  ip->source = source ? g_bytes_ref (source) : NULL;
  ip->guides = strv_copy (page->guides);
  ip->sections = g_ptr_array_new_with_free_func (g_free);
  g_hash_table_replace (index->pages, ip->id, ip);
  g_hash_table_replace (index->titles, g_strdup (page->id), g_strdup (page->title));
  g_hash_table_replace (index->groups, g_strdup (page->id), strv_copy (page->topics));
  index_sections (index, page->id, page->blocks, ip->sections);
}

static int
compare_strings (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

GPtrArray *
felt_mallard_index_get_pages (const FeltMallardIndex *index)
{
  GPtrArray *ids = g_ptr_array_new_with_free_func (g_free);
  GHashTableIter iter;
  gpointer key;

  g_return_val_if_fail (index != NULL, ids);
  g_hash_table_iter_init (&iter, index->pages);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    g_ptr_array_add (ids, g_strdup (key));
  g_ptr_array_sort (ids, compare_strings);
  return ids;
}

gboolean
felt_mallard_index_has (const FeltMallardIndex *index, const char *xref)
{
  g_return_val_if_fail (index != NULL, FALSE);
  g_return_val_if_fail (xref != NULL, FALSE);
  return g_hash_table_contains (index->titles, xref);
}

const char *
felt_mallard_index_get_title (const FeltMallardIndex *index, const char *xref)
{
  g_return_val_if_fail (index != NULL, NULL);
  g_return_val_if_fail (xref != NULL, NULL);
  return g_hash_table_lookup (index->titles, xref);
}

static IndexPage *
find_page (const FeltMallardIndex *index, const char *page_id)
{
  g_return_val_if_fail (index != NULL, NULL);
  g_return_val_if_fail (page_id != NULL, NULL);
  return g_hash_table_lookup (index->pages, page_id);
}

const char *
felt_mallard_index_get_desc (const FeltMallardIndex *index, const char *page_id)
{
  IndexPage *ip = find_page (index, page_id);

  return ip ? ip->desc : NULL;
}

GBytes *
felt_mallard_index_get_source (const FeltMallardIndex *index, const char *page_id)
{
  IndexPage *ip = find_page (index, page_id);

  return ip ? ip->source : NULL;
}

GPtrArray *
felt_mallard_index_get_sections (const FeltMallardIndex *index, const char *page_id)
{
  IndexPage *ip = find_page (index, page_id);

  return ip ? strv_copy (ip->sections) : g_ptr_array_new_with_free_func (g_free);
}

static gboolean
contains (GPtrArray *strings, const char *s)
{
  return g_ptr_array_find_with_equal_func (strings, s, g_str_equal, NULL);
}

static int
compare_titles (gconstpointer a, gconstpointer b)
{
  const IndexPage *pa = *(IndexPage *const *) a, *pb = *(IndexPage *const *) b;
  int order = g_utf8_collate (pa->title, pb->title);

  return order ? order : strcmp (pa->id, pb->id);
}

GPtrArray *
felt_mallard_index_get_group (const FeltMallardIndex *index, const char *group)
{
  GPtrArray *links = g_hash_table_lookup (index->groups, group);
  GPtrArray *result = links ? strv_copy (links) : g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) others = g_ptr_array_new ();
  GHashTableIter iter;
  gpointer value;

  g_hash_table_iter_init (&iter, index->pages);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      IndexPage *ip = value;
      if (contains (ip->guides, group) && !contains (result, ip->id))
        g_ptr_array_add (others, ip);
    }
  g_ptr_array_sort (others, compare_titles);
  for (guint i = 0; i < others->len; i++)
    g_ptr_array_add (result, g_strdup (((IndexPage *) g_ptr_array_index (others, i))->id));
  return result;
}

/* ---- pages in a GResource ---------------------------------------------------- */

static GBytes *
lookup_in (const char *base, const char *lang, const char *page_id)
{
  g_autofree char *path = g_strdup_printf ("%s/%s/%s.page", base, lang, page_id);

  return g_resources_lookup_data (path, G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
}

/* The languages to try: the given ones that can name a folder, then "C". */
static GPtrArray *
candidate_languages (const char *const *languages)
{
  GPtrArray *langs = g_ptr_array_new ();

  for (guint i = 0; languages && languages[i]; i++)
    if (*languages[i] && !strchr (languages[i], '/') && !g_str_equal (languages[i], "C"))
      g_ptr_array_add (langs, (gpointer) languages[i]);
  g_ptr_array_add (langs, (gpointer) "C");
  return langs;
}

GBytes *
felt_mallard_lookup (const char *base, const char *const *languages, const char *page_id, char **lang_out,
                     GError **error)
{
  g_autoptr (GPtrArray) langs = candidate_languages (languages);

  g_return_val_if_fail (base != NULL, NULL);
  g_return_val_if_fail (page_id != NULL, NULL);

  for (guint i = 0; i < langs->len; i++)
    {
      const char *lang = g_ptr_array_index (langs, i);
      GBytes *bytes = lookup_in (base, lang, page_id);

      if (bytes)
        {
          if (lang_out)
            *lang_out = g_strdup (lang);
          return bytes;
        }
    }
  g_set_error (error, FELT_MALLARD_ERROR, FELT_MALLARD_ERROR_NOT_FOUND, _("There is no help page “%s”"), page_id);
  return NULL;
}

/* Reads page `id` in the first language that has it and reads without
 * error; a translation that does not read falls back to the next language,
 * with a warning. */
static gboolean
load_page (FeltMallardIndex *index, const char *base, GPtrArray *langs, const char *id, GError **error)
{
  for (guint i = 0; i < langs->len; i++)
    {
      const char *lang = g_ptr_array_index (langs, i);
      g_autoptr (GBytes) bytes = lookup_in (base, lang, id);
      g_autoptr (FeltMallardPage) page = NULL;
      g_autoptr (GError) local = NULL;
      gsize size;
      const char *data;

      if (bytes == NULL)
        continue;
      data = g_bytes_get_data (bytes, &size);
      page = felt_mallard_page_parse (data, (gssize) size, NULL, &local);
      if (page && !g_str_equal (page->id, id))
        g_set_error (&local, FELT_MALLARD_ERROR, FELT_MALLARD_ERROR_INVALID,
                     _("The page in %s.page has the id “%s”"), id, page->id);
      if (local == NULL)
        {
          felt_mallard_index_add (index, page, bytes);
          return TRUE;
        }
      if (g_str_equal (lang, "C"))
        {
          g_propagate_prefixed_error (error, g_steal_pointer (&local), "%s/%s.page: ", lang, id);
          return FALSE;
        }
      g_warning ("Help page %s/%s.page: %s", lang, id, local->message);
    }
  g_set_error (error, FELT_MALLARD_ERROR, FELT_MALLARD_ERROR_NOT_FOUND, _("There is no help page “%s”"), id);
  return FALSE;
}

FeltMallardIndex *
felt_mallard_index_load (const char *base, const char *const *languages, GError **error)
{
  g_autoptr (FeltMallardIndex) index = felt_mallard_index_new ();
  g_autoptr (GPtrArray) langs = candidate_languages (languages);
  g_autofree char *folder = g_strdup_printf ("%s/C/", base);
  g_auto (GStrv) names = g_resources_enumerate_children (folder, G_RESOURCE_LOOKUP_FLAGS_NONE, error);

  if (names == NULL)
    return NULL;
  for (guint i = 0; names[i]; i++)
    {
      g_autofree char *id = NULL;

      if (!g_str_has_suffix (names[i], ".page"))
        continue;
      id = g_strndup (names[i], strlen (names[i]) - strlen (".page"));
      if (!load_page (index, base, langs, id, error))
        return NULL;
    }
  return g_steal_pointer (&index);
}
