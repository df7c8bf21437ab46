/* felt-mallard.c: reads a Mallard help page (no GTK) into a tree of
 * blocks whose text is Pango markup (the index of all pages is
 * felt-mallard-index.c).
 *
 * The reader knows the part of Mallard 1.0 that help pages for a game
 * need: page, section, info (link, desc; credits and licences are
 * skipped), title, p, list, steps, terms, item, table (thead, tbody,
 * tfoot, tr, td), note, code and screen, example, comment and links, and
 * inline em, gui, guiseq, key, keyseq, code, cmd, sys, file, input,
 * output, var, app, span, hi and link.  Any other element of the Mallard
 * namespace is an error, so that a page never silently loses text;
 * elements of other namespaces (itstool's, ui:…) are ignored, as Mallard
 * asks of readers that do not know them.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "felt-mallard.h"
#include "felt-mallard-index.h"

#include <string.h>

#include <glib/gi18n.h>

#define MALLARD_NS "http://projectmallard.org/1.0/"

/* How a key looks: a light box behind bold text, padded by narrow spaces. */
#define KEY_OPEN "<span font_weight=\"bold\" background=\"#808080\" bgalpha=\"22%\">\u202F"
#define KEY_CLOSE "\u202F</span>"
#define GUISEQ_SEPARATOR " ▸ "

G_DEFINE_QUARK (felt-mallard-error-quark, felt_mallard_error)

/* ---- the document model ---------------------------------------------------- */

static void
block_free (gpointer data)
{
  FeltMallardBlock *block = data;

  g_free (block->markup);
  g_free (block->id);
  g_free (block->title);
  g_free (block->style);
  g_clear_pointer (&block->links, g_ptr_array_unref);
  g_ptr_array_unref (block->children);
  g_free (block);
}

static FeltMallardBlock *
block_new (FeltMallardBlockType type, GPtrArray *parent)
{
  FeltMallardBlock *block = g_new0 (FeltMallardBlock, 1);

  block->type = type;
  block->children = g_ptr_array_new_with_free_func (block_free);
  g_ptr_array_add (parent, block);
  return block;
}

void
felt_mallard_page_free (FeltMallardPage *page)
{
  if (page == NULL)
    return;
  g_free (page->id);
  g_free (page->type);
  g_free (page->title);
  g_free (page->title_markup);
  g_free (page->desc);
  g_ptr_array_unref (page->guides);
  g_ptr_array_unref (page->topics);
  g_ptr_array_unref (page->xrefs);
  g_ptr_array_unref (page->blocks);
  g_free (page);
}

static const FeltMallardBlock *
find_section (GPtrArray *blocks, const char *id)
{
  for (guint i = 0; i < blocks->len; i++)
    {
      const FeltMallardBlock *block = g_ptr_array_index (blocks, i);
      const FeltMallardBlock *found;

      if (block->type != FELT_MALLARD_SECTION)
        continue;
      if (g_strcmp0 (block->id, id) == 0)
        return block;
      if ((found = find_section (block->children, id)))
        return found;
    }
  return NULL;
}

const FeltMallardBlock *
felt_mallard_page_find_section (const FeltMallardPage *page, const char *id)
{
  g_return_val_if_fail (page != NULL, NULL);
  g_return_val_if_fail (id != NULL, NULL);
  return find_section (page->blocks, id);
}

/* ---- the reader -------------------------------------------------------------- */

typedef enum {
  CTX_ROOT,      /* outside <page> */
  CTX_PAGE,      /* <page> or <section>: info, title, blocks, then sections */
  CTX_INFO,      /* <info> */
  CTX_SKIP,      /* a subtree that is not shown */
  CTX_BLOCKS,    /* <item>, <td>, <note>, <example>: blocks */
  CTX_LIST,      /* <list>, <steps>: items */
  CTX_TERMS,     /* <terms>: items */
  CTX_TERM_ITEM, /* an <item> of <terms>: titles, then blocks */
  CTX_TABLE,     /* <table> */
  CTX_TBODY,     /* <thead>, <tbody>, <tfoot>: rows */
  CTX_ROW,       /* <tr>: cells */
  CTX_INLINE,    /* text and inline elements */
} Context;

/* Where the text of an inline run goes when it ends. */
typedef enum {
  TARGET_NONE,          /* not the start of a run: an inline element inside one */
  TARGET_PARAGRAPH,     /* block->markup */
  TARGET_CODE,          /* block->markup, preformatted */
  TARGET_PAGE_TITLE,    /* page->title, page->title_markup */
  TARGET_SECTION_TITLE, /* block->title, block->markup */
  TARGET_BLOCK_TITLE,   /* block->markup */
  TARGET_TERM,          /* block->markup, one line per term */
  TARGET_DESC,          /* page->desc */
} Target;

typedef struct
{
  Context ctx;
  char *name;              /* the element's local name */
  guint n_ns;              /* namespace declarations it made */
  GPtrArray *children;     /* where its blocks go (borrowed), or NULL */
  FeltMallardBlock *block; /* the block it is (borrowed), or NULL */

  /* CTX_PAGE */
  gboolean has_title;
  gboolean in_sections;    /* a section has begun: no more blocks */
  /* CTX_INFO */
  GPtrArray *topics;       /* where its topic links go (borrowed) */
  gboolean page_info;      /* the page's own info, not a section's */
  /* CTX_TBODY */
  gboolean header;
  /* CTX_INLINE */
  Target target;
  const char *close;       /* the markup that closes it */
  gsize start;             /* <link>: markup length after its opening */
  gsize plain_start;
  char *xref;              /* <link>: the page it leads to */
  const char *separator;   /* <keyseq>, <guiseq>: goes between children */
  guint n_children;
} Frame;

typedef struct
{
  char *prefix; /* "" for the default namespace */
  char *uri;
} Namespace;

typedef struct
{
  const FeltMallardIndex *index;
  FeltMallardPage *page;
  GPtrArray *frames;     /* Frame, innermost last */
  GPtrArray *namespaces; /* Namespace, innermost last */

  /* the inline run being read */
  GString *markup;
  GString *plain;
  gboolean pending_space; /* white space seen, not yet written */
  gboolean preformatted;
  guint links;            /* open <link>s */
} Reader;

static void
frame_free (gpointer data)
{
  Frame *frame = data;

  g_free (frame->name);
  g_free (frame->xref);
  g_free (frame);
}

static void
namespace_free (gpointer data)
{
  Namespace *ns = data;

  g_free (ns->prefix);
  g_free (ns->uri);
  g_free (ns);
}

static Frame *
top (Reader *r)
{
  return r->frames->len ? g_ptr_array_index (r->frames, r->frames->len - 1) : NULL;
}

static Frame *
push (Reader *r, Context ctx, const char *name)
{
  Frame *frame = g_new0 (Frame, 1);

  frame->ctx = ctx;
  frame->name = g_strdup (name);
  g_ptr_array_add (r->frames, frame);
  return frame;
}

static const char *
attribute (const char **names, const char **values, const char *name)
{
  for (guint i = 0; names[i]; i++)
    if (g_str_equal (names[i], name))
      return values[i];
  return NULL;
}

static guint
push_namespaces (Reader *r, const char **names, const char **values)
{
  guint n = 0;

  for (guint i = 0; names[i]; i++)
    {
      Namespace *ns;

      if (!g_str_equal (names[i], "xmlns") && !g_str_has_prefix (names[i], "xmlns:"))
        continue;
      ns = g_new0 (Namespace, 1);
      ns->prefix = g_strdup (names[i][5] == ':' ? names[i] + 6 : "");
      ns->uri = g_strdup (values[i]);
      g_ptr_array_add (r->namespaces, ns);
      n++;
    }
  return n;
}

static const char *
namespace_uri (Reader *r, const char *prefix)
{
  if (g_str_equal (prefix, "xml"))
    return "http://www.w3.org/XML/1998/namespace";
  for (guint i = r->namespaces->len; i > 0; i--)
    {
      Namespace *ns = g_ptr_array_index (r->namespaces, i - 1);
      if (g_str_equal (ns->prefix, prefix))
        return ns->uri;
    }
  return NULL;
}

static gboolean
is_space (const char *text, gsize len)
{
  for (gsize i = 0; i < len; i++)
    if (!g_ascii_isspace (text[i]))
      return FALSE;
  return TRUE;
}

/* A link target: "#section" means a section of this page. */
static char *
normalize_xref (Reader *r, const char *xref)
{
  if (xref[0] == '#')
    return g_strconcat (r->page->id, xref, NULL);
  return g_strdup (xref);
}

/* ---- inline text ---- */

static void
run_begin (Reader *r, Frame *frame, Target target, gboolean preformatted)
{
  frame->ctx = CTX_INLINE;
  frame->target = target;
  g_string_truncate (r->markup, 0);
  g_string_truncate (r->plain, 0);
  r->pending_space = FALSE;
  r->preformatted = preformatted;
  r->links = 0;
}

/* Writes the white space seen before the next text or element, if any. */
static void
run_flush_space (Reader *r)
{
  if (r->pending_space && r->plain->len > 0)
    {
      g_string_append_c (r->markup, ' ');
      g_string_append_c (r->plain, ' ');
    }
  r->pending_space = FALSE;
}

static void
run_append_escaped (Reader *r, const char *text, gsize len)
{
  g_autofree char *escaped = g_markup_escape_text (text, (gssize) len);

  g_string_append (r->markup, escaped);
  g_string_append_len (r->plain, text, (gssize) len);
}

/* Text: runs of white space become one space, none at the start or end
 * of the run (unless preformatted). */
static void
run_text (Reader *r, const char *text, gsize len)
{
  gsize i = 0;

  if (r->preformatted)
    {
      run_append_escaped (r, text, len);
      return;
    }
  while (i < len)
    {
      gsize j = i;

      if (g_ascii_isspace (text[i]))
        {
          while (i < len && g_ascii_isspace (text[i]))
            i++;
          r->pending_space = TRUE;
          continue;
        }
      while (j < len && !g_ascii_isspace (text[j]))
        j++;
      run_flush_space (r);
      run_append_escaped (r, text + i, j - i);
      i = j;
    }
}

/* Markup that shows no text of its own (an opening tag). */
static void
run_open (Reader *r, const char *markup)
{
  run_flush_space (r);
  g_string_append (r->markup, markup);
}

static char *
run_take_markup (Reader *r)
{
  if (r->preformatted)
    {
      /* <code> usually starts on the line of its tag and ends on its own line */
      gsize start = r->markup->str[0] == '\n' ? 1 : 0;
      gsize end = r->markup->len;

      while (end > start && g_ascii_isspace (r->markup->str[end - 1]))
        end--;
      return g_strndup (r->markup->str + start, end - start);
    }
  return g_strdup (r->markup->str);
}

static gboolean
run_end (Reader *r, Frame *frame, GError **error)
{
  FeltMallardPage *page = r->page;
  FeltMallardBlock *block = frame->block;
  g_autofree char *markup = run_take_markup (r);

  switch (frame->target)
    {
    case TARGET_PARAGRAPH:
    case TARGET_CODE:
    case TARGET_BLOCK_TITLE:
      block->markup = g_steal_pointer (&markup);
      break;
    case TARGET_PAGE_TITLE:
    case TARGET_SECTION_TITLE:
      if (r->plain->len == 0)
        {
          g_set_error (error, FELT_MALLARD_ERROR, FELT_MALLARD_ERROR_INVALID,
                       _("The title of “%s” is empty"), block ? block->id : page->id);
          return FALSE;
        }
      if (block)
        {
          block->markup = g_steal_pointer (&markup);
          block->title = g_strdup (r->plain->str);
        }
      else
        {
          page->title_markup = g_steal_pointer (&markup);
          page->title = g_strdup (r->plain->str);
        }
      break;
    case TARGET_TERM:
      if (block->markup)
        {
          char *both = g_strconcat (block->markup, "\n", markup, NULL);
          g_free (block->markup);
          block->markup = both;
        }
      else
        block->markup = g_steal_pointer (&markup);
      break;
    case TARGET_DESC:
      g_free (page->desc);
      page->desc = g_steal_pointer (&markup);
      break;
    case TARGET_NONE:
    default:
      g_assert_not_reached ();
    }
  return TRUE;
}

/* ---- elements ---- */

static const char *const known_elements[] = {
  "page", "section", "info", "title", "desc", "link", "credit", "license", "revision", "keywords",
  "p", "code", "screen", "example", "synopsis", "comment", "links", "note",
  "list", "steps", "terms", "item", "table", "thead", "tbody", "tfoot", "tr", "td", "col", "colgroup",
  "em", "gui", "guiseq", "key", "keyseq", "cmd", "sys", "file", "input", "output", "var", "app",
  "span", "hi", NULL,
};

static gboolean
misplaced (const char *name, Frame *parent, GError **error)
{
  if (g_strv_contains ((const char *const *) known_elements, name))
    g_set_error (error, FELT_MALLARD_ERROR, FELT_MALLARD_ERROR_INVALID,
                 _("<%s> is not allowed in <%s>"), name, parent ? parent->name : "");
  else
    g_set_error (error, FELT_MALLARD_ERROR, FELT_MALLARD_ERROR_UNKNOWN_ELEMENT,
                 _("Unknown element <%s>"), name);
  return FALSE;
}

/* A block element in a place that takes blocks. */
static gboolean
start_block (Reader *r, Frame *parent, const char *name, const char **names, const char **values,
             GError **error)
{
  Frame *frame;

  if (g_str_equal (name, "p") || g_str_equal (name, "code") || g_str_equal (name, "screen"))
    {
      gboolean code = !g_str_equal (name, "p");

      frame = push (r, CTX_INLINE, name);
      frame->block = block_new (code ? FELT_MALLARD_CODE : FELT_MALLARD_PARAGRAPH, parent->children);
      run_begin (r, frame, code ? TARGET_CODE : TARGET_PARAGRAPH, code);
    }
  else if (g_str_equal (name, "list") || g_str_equal (name, "steps"))
    {
      frame = push (r, CTX_LIST, name);
      frame->block = block_new (g_str_equal (name, "list") ? FELT_MALLARD_LIST : FELT_MALLARD_STEPS,
                                parent->children);
    }
  else if (g_str_equal (name, "terms"))
    {
      frame = push (r, CTX_TERMS, name);
      frame->block = block_new (FELT_MALLARD_TERMS, parent->children);
    }
  else if (g_str_equal (name, "table"))
    {
      frame = push (r, CTX_TABLE, name);
      frame->block = block_new (FELT_MALLARD_TABLE, parent->children);
    }
  else if (g_str_equal (name, "note"))
    {
      frame = push (r, CTX_BLOCKS, name);
      frame->block = block_new (FELT_MALLARD_NOTE, parent->children);
      frame->block->style = g_strdup (attribute (names, values, "style"));
      frame->children = frame->block->children;
    }
  else if (g_str_equal (name, "example") || g_str_equal (name, "synopsis"))
    {
      /* containers that only group blocks */
      frame = push (r, CTX_BLOCKS, name);
      frame->children = parent->children;
    }
  else if (g_str_equal (name, "comment") || g_str_equal (name, "links"))
    {
      /* editorial comments are not shown; guides list their links by themselves */
      push (r, CTX_SKIP, name);
    }
  else
    return misplaced (name, parent, error);
  return TRUE;
}

static gboolean
start_root (Reader *r, const char *name, const char **names, const char **values, GError **error)
{
  const char *id = attribute (names, values, "id");
  const char *type = attribute (names, values, "type");
  Frame *frame;

  if (!g_str_equal (name, "page") || r->page->id)
    {
      g_set_error (error, FELT_MALLARD_ERROR, FELT_MALLARD_ERROR_INVALID,
                   _("A Mallard document has one <page> element, not <%s>"), name);
      return FALSE;
    }
  if (id == NULL || *id == '\0')
    {
      g_set_error_literal (error, FELT_MALLARD_ERROR, FELT_MALLARD_ERROR_INVALID, _("The page has no id"));
      return FALSE;
    }
  r->page->id = g_strdup (id);
  r->page->type = g_strdup (type ? type : "topic");
  frame = push (r, CTX_PAGE, name);
  frame->children = r->page->blocks;
  return TRUE;
}

static gboolean
start_in_page (Reader *r, Frame *parent, const char *name, const char **names, const char **values,
               GError **error)
{
  Frame *frame;

  if (g_str_equal (name, "info"))
    {
      frame = push (r, CTX_INFO, name);
      frame->page_info = parent->block == NULL;
      frame->topics = parent->block ? parent->block->links : r->page->topics;
    }
  else if (g_str_equal (name, "title"))
    {
      if (parent->has_title)
        {
          g_set_error (error, FELT_MALLARD_ERROR, FELT_MALLARD_ERROR_INVALID,
                       _("<%s> has more than one title"), parent->name);
          return FALSE;
        }
      parent->has_title = TRUE;
      frame = push (r, CTX_INLINE, name);
      frame->block = parent->block;
      run_begin (r, frame, parent->block ? TARGET_SECTION_TITLE : TARGET_PAGE_TITLE, FALSE);
    }
  else if (g_str_equal (name, "section"))
    {
      const char *id = attribute (names, values, "id");

      parent->in_sections = TRUE;
      frame = push (r, CTX_PAGE, name);
      frame->block = block_new (FELT_MALLARD_SECTION, parent->children);
      frame->block->id = g_strdup (id);
      frame->block->links = g_ptr_array_new_with_free_func (g_free);
      frame->children = frame->block->children;
    }
  else if (parent->in_sections)
    {
      g_set_error (error, FELT_MALLARD_ERROR, FELT_MALLARD_ERROR_INVALID,
                   _("<%s> comes after a section: sections end their page or section"), name);
      return FALSE;
    }
  else
    return start_block (r, parent, name, names, values, error);
  return TRUE;
}

static gboolean
start_in_info (Reader *r, Frame *parent, const char *name, const char **names, const char **values,
               GError **error)
{
  if (g_str_equal (name, "link"))
    {
      const char *type = attribute (names, values, "type");
      const char *xref = attribute (names, values, "xref");

      if (xref)
        {
          char *target = normalize_xref (r, xref);

          g_ptr_array_add (r->page->xrefs, g_strdup (target));
          if (g_strcmp0 (type, "guide") == 0 && parent->page_info)
            g_ptr_array_add (r->page->guides, target);
          else if (g_strcmp0 (type, "topic") == 0)
            g_ptr_array_add (parent->topics, target);
          else
            g_free (target);
        }
      push (r, CTX_SKIP, name);
    }
  else if (g_str_equal (name, "desc") && parent->page_info)
    {
      Frame *frame = push (r, CTX_INLINE, name);
      run_begin (r, frame, TARGET_DESC, FALSE);
    }
  else if (g_str_equal (name, "desc") || g_str_equal (name, "credit") || g_str_equal (name, "license") ||
           g_str_equal (name, "revision") || g_str_equal (name, "keywords") || g_str_equal (name, "title"))
    push (r, CTX_SKIP, name);
  else
    return misplaced (name, parent, error);
  return TRUE;
}

static gboolean
start_inline (Reader *r, Frame *parent, const char *name, const char **names, const char **values,
              GError **error)
{
  const char *open = NULL, *close = "";
  Frame *frame;

  if (g_str_equal (name, "em"))
    {
      const char *style = attribute (names, values, "style");
      gboolean strong = style && strstr (style, "strong");
      open = strong ? "<b>" : "<i>";
      close = strong ? "</b>" : "</i>";
    }
  else if (g_str_equal (name, "gui"))
    open = "<b>", close = "</b>";
  else if (g_str_equal (name, "key"))
    open = KEY_OPEN, close = KEY_CLOSE;
  else if (g_str_equal (name, "code") || g_str_equal (name, "cmd") || g_str_equal (name, "sys") ||
           g_str_equal (name, "file") || g_str_equal (name, "input") || g_str_equal (name, "output"))
    open = "<tt>", close = "</tt>";
  else if (g_str_equal (name, "var"))
    open = "<i>", close = "</i>";
  else if (g_str_equal (name, "keyseq") || g_str_equal (name, "guiseq") || g_str_equal (name, "app") ||
           g_str_equal (name, "span") || g_str_equal (name, "hi") || g_str_equal (name, "link"))
    open = "";
  else
    return misplaced (name, parent, error);

  if (parent->separator && parent->n_children++ > 0)
    {
      r->pending_space = FALSE;
      run_open (r, "");
      run_append_escaped (r, parent->separator, strlen (parent->separator));
    }

  frame = push (r, CTX_INLINE, name);
  frame->close = close;
  if (g_str_equal (name, "keyseq"))
    frame->separator = "+";
  else if (g_str_equal (name, "guiseq"))
    frame->separator = GUISEQ_SEPARATOR;
  else if (g_str_equal (name, "link"))
    {
      const char *xref = attribute (names, values, "xref");
      const char *href = attribute (names, values, "href");
      g_autofree char *escaped = NULL;

      if (xref)
        {
          frame->xref = normalize_xref (r, xref);
          g_ptr_array_add (r->page->xrefs, g_strdup (frame->xref));
        }
      /* Pango has no nested links: an inner one shows as text */
      if (r->links == 0 && (xref || href))
        {
          g_autofree char *uri = xref ? g_strconcat ("xref:", frame->xref, NULL) : g_strdup (href);
          escaped = g_markup_printf_escaped ("<a href=\"%s\">", uri);
          open = escaped;
          frame->close = "</a>";
        }
      r->links++;
      run_open (r, open);
      frame->start = r->markup->len;
      frame->plain_start = r->plain->len;
      return TRUE;
    }
  run_open (r, open);
  return TRUE;
}

/* GMarkup lets an attribute given twice through; XML does not. */
static gboolean
check_attributes (const char *qname, const char **names, GError **error)
{
  for (guint i = 0; names[i]; i++)
    for (guint j = 0; j < i; j++)
      if (g_str_equal (names[i], names[j]))
        {
          g_set_error (error, G_MARKUP_ERROR, G_MARKUP_ERROR_INVALID_CONTENT,
                       _("<%s> has the attribute “%s” twice"), qname, names[i]);
          return FALSE;
        }
  return TRUE;
}

/* In a <list>, <terms> or <table>: its title, items, rows and their
 * groups. */
static gboolean
start_in_list (Reader *r, Frame *parent, const char *name, GError **error)
{
  Frame *frame;

  if (g_str_equal (name, "title"))
    {
      frame = push (r, CTX_INLINE, name);
      frame->block = parent->block;
      run_begin (r, frame, TARGET_BLOCK_TITLE, FALSE);
    }
  else if (g_str_equal (name, "item") && parent->ctx != CTX_TABLE)
    {
      frame = push (r, parent->ctx == CTX_TERMS ? CTX_TERM_ITEM : CTX_BLOCKS, name);
      frame->block = block_new (FELT_MALLARD_ITEM, parent->block->children);
      frame->children = frame->block->children;
    }
  else if (parent->ctx == CTX_TABLE &&
           (g_str_equal (name, "thead") || g_str_equal (name, "tbody") || g_str_equal (name, "tfoot")))
    {
      frame = push (r, CTX_TBODY, name);
      frame->block = parent->block;
      frame->header = g_str_equal (name, "thead");
    }
  else if (parent->ctx == CTX_TABLE && g_str_equal (name, "tr"))
    {
      frame = push (r, CTX_ROW, name);
      frame->block = block_new (FELT_MALLARD_ROW, parent->block->children);
    }
  else if (parent->ctx == CTX_TABLE && (g_str_equal (name, "col") || g_str_equal (name, "colgroup")))
    push (r, CTX_SKIP, name);
  else
    return misplaced (name, parent, error);
  return TRUE;
}

/* In an item of <terms>: its title first, then blocks. */
static gboolean
start_in_term_item (Reader *r, Frame *parent, const char *name, const char **names, const char **values,
                    GError **error)
{
  Frame *frame;

  if (g_str_equal (name, "title") && parent->block->children->len == 0)
    {
      frame = push (r, CTX_INLINE, name);
      frame->block = parent->block;
      run_begin (r, frame, TARGET_TERM, FALSE);
      return TRUE;
    }
  if (parent->block->markup == NULL)
    {
      g_set_error (error, FELT_MALLARD_ERROR, FELT_MALLARD_ERROR_INVALID,
                   _("An item of <terms> starts with its title, not <%s>"), name);
      return FALSE;
    }
  return start_block (r, parent, name, names, values, error);
}

/* In a table's row group (<tr>s) or row (<td>s). */
static gboolean
start_in_rows (Reader *r, Frame *parent, const char *name, GError **error)
{
  Frame *frame;

  if (parent->ctx == CTX_TBODY && g_str_equal (name, "tr"))
    {
      frame = push (r, CTX_ROW, name);
      frame->block = block_new (FELT_MALLARD_ROW, parent->block->children);
      frame->block->header = parent->header;
    }
  else if (parent->ctx == CTX_ROW && g_str_equal (name, "td"))
    {
      frame = push (r, CTX_BLOCKS, name);
      frame->block = block_new (FELT_MALLARD_CELL, parent->block->children);
      frame->children = frame->block->children;
    }
  else
    return misplaced (name, parent, error);
  return TRUE;
}

/* An element inside a Mallard one, by where it is. */
static gboolean
start_in (Reader *r, Frame *parent, const char *name, const char **names, const char **values, GError **error)
{
  Frame *frame;

  switch (parent->ctx)
    {
    case CTX_PAGE:
      return start_in_page (r, parent, name, names, values, error);
    case CTX_INFO:
      return start_in_info (r, parent, name, names, values, error);
    case CTX_BLOCKS:
      if (g_str_equal (name, "title") && parent->block && parent->block->type == FELT_MALLARD_NOTE)
        {
          frame = push (r, CTX_INLINE, name);
          frame->block = parent->block;
          run_begin (r, frame, TARGET_BLOCK_TITLE, FALSE);
          return TRUE;
        }
      return start_block (r, parent, name, names, values, error);
    case CTX_LIST:
    case CTX_TERMS:
    case CTX_TABLE:
      return start_in_list (r, parent, name, error);
    case CTX_TERM_ITEM:
      return start_in_term_item (r, parent, name, names, values, error);
    case CTX_TBODY:
    case CTX_ROW:
      return start_in_rows (r, parent, name, error);
    case CTX_INLINE:
      return start_inline (r, parent, name, names, values, error);
    case CTX_ROOT:
    case CTX_SKIP:
    default:
      g_assert_not_reached ();
    }
  return FALSE;
}

static void
on_start_element (GMarkupParseContext *context, const char *qname, const char **names, const char **values,
               gpointer user_data, GError **error)
{
  Reader *r = user_data;
  Frame *parent = top (r);
  const char *colon = strchr (qname, ':');
  g_autofree char *prefix = colon ? g_strndup (qname, colon - qname) : g_strdup ("");
  const char *name = colon ? colon + 1 : qname;
  guint n_ns = push_namespaces (r, names, values);
  const char *uri = namespace_uri (r, prefix);
  gboolean ok = check_attributes (qname, names, error);

  if (!ok)
    ;
  else if (parent && parent->ctx == CTX_SKIP)
    push (r, CTX_SKIP, name);
  else if (g_strcmp0 (uri, MALLARD_NS) != 0)
    {
      if (parent == NULL)
        {
          g_set_error (error, FELT_MALLARD_ERROR, FELT_MALLARD_ERROR_INVALID,
                       _("<%s> is not a Mallard page (the namespace must be %s)"), qname, MALLARD_NS);
          ok = FALSE;
        }
      else
        push (r, CTX_SKIP, name); /* another vocabulary: not ours to show */
    }
  else if (parent == NULL)
    ok = start_root (r, name, names, values, error);
  else
    ok = start_in (r, parent, name, names, values, error);

  if (!ok)
    {
      /* the frame is never pushed: drop the declarations now */
      g_ptr_array_set_size (r->namespaces, r->namespaces->len - n_ns);
      return;
    }
  top (r)->n_ns = n_ns;
}

static void
on_end_element (GMarkupParseContext *context, const char *qname, gpointer user_data, GError **error)
{
  Reader *r = user_data;
  Frame *frame = top (r);

  switch (frame->ctx)
    {
    case CTX_INLINE:
      if (frame->target != TARGET_NONE)
        {
          run_end (r, frame, error);
          break;
        }
      if (g_str_equal (frame->name, "link"))
        {
          r->links--;
          /* a link without text shows the title of what it leads to */
          if (r->plain->len == frame->plain_start)
            {
              const char *title = frame->xref && r->index ? felt_mallard_index_get_title (r->index, frame->xref)
                                                          : NULL;
              const char *text = title ? title : frame->xref ? frame->xref : "";
              run_append_escaped (r, text, strlen (text));
            }
        }
      g_string_append (r->markup, frame->close);
      break;
    case CTX_PAGE:
      if (!frame->has_title)
        {
          g_set_error (error, FELT_MALLARD_ERROR, FELT_MALLARD_ERROR_INVALID, _("<%s> “%s” has no title"),
                       frame->name, frame->block ? (frame->block->id ? frame->block->id : "") : r->page->id);
        }
      break;
    case CTX_TERM_ITEM:
      if (frame->block->markup == NULL)
        {
          g_set_error_literal (error, FELT_MALLARD_ERROR, FELT_MALLARD_ERROR_INVALID,
                               _("An item of <terms> has no title"));
        }
      break;
    case CTX_ROOT:
    case CTX_INFO:
    case CTX_SKIP:
    case CTX_BLOCKS:
    case CTX_LIST:
    case CTX_TERMS:
    case CTX_TABLE:
    case CTX_TBODY:
    case CTX_ROW:
    default:
      break;
    }

  g_ptr_array_set_size (r->namespaces, r->namespaces->len - frame->n_ns);
  g_ptr_array_set_size (r->frames, r->frames->len - 1);
}

static void
on_text (GMarkupParseContext *context, const char *text, gsize len, gpointer user_data, GError **error)
{
  Reader *r = user_data;
  Frame *frame = top (r);

  if (frame == NULL || frame->ctx == CTX_SKIP)
    return;
  if (frame->ctx == CTX_INLINE)
    {
      if (frame->separator && is_space (text, len))
        return;
      run_text (r, text, len);
      return;
    }
  if (!is_space (text, len))
    g_set_error (error, FELT_MALLARD_ERROR, FELT_MALLARD_ERROR_INVALID,
                 _("Text is not allowed directly in <%s>"), frame->name);
}

static const GMarkupParser reader_parser = {
  on_start_element, on_end_element, on_text, NULL, NULL,
};

FeltMallardPage *
felt_mallard_page_parse (const char *text, gssize length, const FeltMallardIndex *index, GError **error)
{
  g_autoptr (FeltMallardPage) page = g_new0 (FeltMallardPage, 1);
  g_autoptr (GMarkupParseContext) context = NULL;
  Reader r = { 0 };
  gboolean ok;

  g_return_val_if_fail (text != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  page->guides = g_ptr_array_new_with_free_func (g_free);
  page->topics = g_ptr_array_new_with_free_func (g_free);
  page->xrefs = g_ptr_array_new_with_free_func (g_free);
  page->blocks = g_ptr_array_new_with_free_func (block_free);

  r.index = index;
  r.page = page;
  r.frames = g_ptr_array_new_with_free_func (frame_free);
  r.namespaces = g_ptr_array_new_with_free_func (namespace_free);
  r.markup = g_string_new (NULL);
  r.plain = g_string_new (NULL);

  context = g_markup_parse_context_new (&reader_parser,
                                        G_MARKUP_TREAT_CDATA_AS_TEXT | G_MARKUP_PREFIX_ERROR_POSITION,
                                        &r, NULL);
  ok = g_markup_parse_context_parse (context, text, length, error) &&
       g_markup_parse_context_end_parse (context, error);
  if (ok && page->id == NULL)
    {
      g_set_error_literal (error, FELT_MALLARD_ERROR, FELT_MALLARD_ERROR_INVALID, _("There is no <page> element"));
      ok = FALSE;
    }

  g_ptr_array_unref (r.frames);
  g_ptr_array_unref (r.namespaces);
  g_string_free (r.markup, TRUE);
  g_string_free (r.plain, TRUE);
  return ok ? g_steal_pointer (&page) : NULL;
}
