/* felt-mallard.h: reads Mallard help pages (no GTK): one page into a tree
 * of blocks whose text is Pango markup; felt-mallard-index.h keeps the
 * index of all pages.
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

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FeltMallardPage, felt_mallard_page_free)

G_END_DECLS
