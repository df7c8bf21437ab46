/* felt-mallard.h: reads Mallard help pages (no GTK): one page into a tree
 * of blocks whose text is Pango markup, and the index of all pages.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define FELT_MALLARD_ERROR (felt_mallard_error_quark ())

typedef enum {
  FELT_MALLARD_ERROR_UNKNOWN_ELEMENT, /* an element the reader does not know */
  FELT_MALLARD_ERROR_INVALID,         /* known elements in a wrong place, no title… */
  FELT_MALLARD_ERROR_NOT_FOUND,       /* no such page */
} FeltMallardError;

GQuark felt_mallard_error_quark (void);

/* Malformed XML is reported with the G_MARKUP_ERROR domain. */

typedef enum {
  FELT_MALLARD_PARAGRAPH, /* markup */
  FELT_MALLARD_CODE,      /* markup, preformatted: keep its line breaks */
  FELT_MALLARD_SECTION,   /* id, markup = title; children: its blocks, sections last */
  FELT_MALLARD_LIST,      /* children: ITEMs; markup = title or NULL */
  FELT_MALLARD_STEPS,     /* children: ITEMs, numbered; markup = title or NULL */
  FELT_MALLARD_TERMS,     /* children: ITEMs with markup = the term; markup = title or NULL */
  FELT_MALLARD_ITEM,      /* children: blocks */
  FELT_MALLARD_NOTE,      /* style; children: blocks */
  FELT_MALLARD_TABLE,     /* children: ROWs; markup = title or NULL */
  FELT_MALLARD_ROW,       /* header; children: CELLs */
  FELT_MALLARD_CELL,      /* children: blocks */
} FeltMallardBlockType;

typedef struct _FeltMallardBlock FeltMallardBlock;

struct _FeltMallardBlock
{
  FeltMallardBlockType type;
  char *markup;        /* Pango markup (see the types above), or NULL */
  char *id;            /* SECTION: its id */
  char *title;         /* SECTION: its title as plain text */
  GPtrArray *links;    /* SECTION: char *, the xrefs of its <link type="topic">s */
  char *style;         /* NOTE: its style attribute ("tip", "warning"…), or NULL */
  gboolean header;     /* ROW: in a <thead> */
  GPtrArray *children; /* FeltMallardBlock, owned */
};

typedef struct
{
  char *id;           /* the page id ("backbone") */
  char *type;         /* "topic" or "guide" */
  char *title;        /* plain text */
  char *title_markup; /* the same as Pango markup */
  char *desc;         /* Pango markup, or NULL */
  GPtrArray *guides;  /* char *: the xrefs of its <link type="guide">s, e.g. "index#games" */
  GPtrArray *topics;  /* char *: the xrefs of the page's own <link type="topic">s */
  GPtrArray *xrefs;   /* char *: every xref on the page, in order, inline links included */
  GPtrArray *blocks;  /* FeltMallardBlock: the page's blocks, its sections last */
} FeltMallardPage;

typedef struct _FeltMallardIndex FeltMallardIndex;

/* Reads one page.  `index`, if given, supplies the text of links without
 * content (<link xref="deals"/> shows the title of "deals"); without it, or
 * for a page the index does not know, the xref itself is shown.  Malformed
 * XML, an element this reader does not know, or a page without id or title
 * is an error. */
FeltMallardPage *felt_mallard_page_parse (const char *text, gssize length,
                                          const FeltMallardIndex *index, GError **error);
void felt_mallard_page_free (FeltMallardPage *page);

/* The block with section id `id` (a SECTION block), or NULL. */
const FeltMallardBlock *felt_mallard_page_find_section (const FeltMallardPage *page, const char *id);

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

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FeltMallardPage, felt_mallard_page_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (FeltMallardIndex, felt_mallard_index_free)

G_END_DECLS
