/* felt-mallard-index.h: the index of all help pages (no GTK): titles,
 * descriptions, sections and links of every page, and the pages' text,
 * read from a GResource in the player's language.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "felt-mallard.h"

G_BEGIN_DECLS

FeltMallardIndex *felt_mallard_index_new (void);
void felt_mallard_index_free (FeltMallardIndex *index);
/* Records the page's id, title, description, section titles and links,
 * and keeps `source` (its text, may be NULL) for felt_mallard_index_get_source (). */
void felt_mallard_index_add (FeltMallardIndex *index, const FeltMallardPage *page, GBytes *source);
/* Reads every page under `base` (a GResource path holding C/ and one
 * folder per language, each with ID.page files): each page in the first
 * of `languages` that has it, "C" last.  A page that fails to read is an
 * error. */
FeltMallardIndex *felt_mallard_index_load (const char *base, const char *const *languages, GError **error);

/* The ids of all pages, sorted. */
GPtrArray *felt_mallard_index_get_pages (const FeltMallardIndex *index);
gboolean felt_mallard_index_has (const FeltMallardIndex *index, const char *xref);
/* The title (plain text) of a page "id" or of a section "id#section", or NULL. */
const char *felt_mallard_index_get_title (const FeltMallardIndex *index, const char *xref);
/* The text a page was read from by felt_mallard_index_load (), or NULL. */
GBytes *felt_mallard_index_get_source (const FeltMallardIndex *index, const char *page_id);
/* The description (Pango markup) of a page, or NULL. */
const char *felt_mallard_index_get_desc (const FeltMallardIndex *index, const char *page_id);
/* The ids of a page's top-level sections, in order. */
GPtrArray *felt_mallard_index_get_sections (const FeltMallardIndex *index, const char *page_id);
/* The pages a guide lists in `group` ("index" for the page itself,
 * "index#games" for a section): first its own topic links in their order,
 * then the pages that name it in a guide link, by title. */
GPtrArray *felt_mallard_index_get_group (const FeltMallardIndex *index, const char *group);

/* Finds page `page_id` under `base` in the first of `languages` that has it
 * (then "C"); returns its text and sets *lang_out to the language used. */
GBytes *felt_mallard_lookup (const char *base, const char *const *languages, const char *page_id,
                             char **lang_out, GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FeltMallardIndex, felt_mallard_index_free)

G_END_DECLS
