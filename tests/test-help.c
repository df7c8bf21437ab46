/* test-help.c: the help pages and their reader: every page in help/C
 * reads without error and links only to pages that exist; the reader
 * turns Mallard into the right blocks and markup, and refuses what it
 * cannot show.  The help window: test-help-window.c.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "test-help.h"

#include "felt-help-window.h"
#include "felt-mallard.h"
#include "felt-mallard-index.h"

static const char *const c_only[] = { "C", NULL };

/* ---- helpers ------------------------------------------------------------- */

/* help/C in the source tree: the tests run from the build directory, and
 * __FILE__ is this file's path as the compiler saw it from there. */
static char *
help_dir (void)
{
  g_autofree char *tests = g_path_get_dirname (__FILE__);
  char *dir = g_build_filename (tests, "..", "help", "C", NULL);

  if (!g_file_test (dir, G_FILE_TEST_IS_DIR))
    fail_msg ("cannot find the help pages at %s (cwd %s)", dir, g_get_current_dir ());
  return dir;
}

static int
compare_ids (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* The ids of the pages in help/C, sorted. */
static GPtrArray *
source_page_ids (void)
{
  g_autofree char *dir = help_dir ();
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  GPtrArray *ids = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  assert_non_null (d);
  while ((name = g_dir_read_name (d)))
    if (g_str_has_suffix (name, ".page"))
      g_ptr_array_add (ids, g_strndup (name, strlen (name) - strlen (".page")));
  g_ptr_array_sort (ids, compare_ids);
  return ids;
}

static char *
read_source_page (const char *id)
{
  g_autofree char *dir = help_dir ();
  g_autofree char *file = g_strdup_printf ("%s/%s.page", dir, id);
  g_autoptr (GError) error = NULL;
  char *text = NULL;

  if (!g_file_get_contents (file, &text, NULL, &error))
    fail_msg ("%s: %s", file, error->message);
  return text;
}

static FeltMallardPage *
parse_ok (const char *text, const FeltMallardIndex *index)
{
  g_autoptr (GError) error = NULL;
  FeltMallardPage *page = felt_mallard_page_parse (text, -1, index, &error);

  if (page == NULL)
    fail_msg ("the page does not read: %s\n%s", error->message, text);
  return page;
}

static void
assert_parse_error (const char *text, GQuark domain, int code)
{
  g_autoptr (GError) error = NULL;
  FeltMallardPage *page = felt_mallard_page_parse (text, -1, NULL, &error);

  if (page)
    {
      felt_mallard_page_free (page);
      fail_msg ("expected an error, the page read:\n%s", text);
    }
  assert_non_null (error);
  if (error->domain != domain || error->code != code)
    fail_msg ("expected error %s %d, got %s %d (%s)\n%s", g_quark_to_string (domain), code,
              g_quark_to_string (error->domain), error->code, error->message, text);
}

/* A page with `body` after its title. */
static char *
page_text (const char *body)
{
  return g_strdup_printf ("<page xmlns=\"http://projectmallard.org/1.0/\" type=\"topic\" id=\"t\">"
                          "<info><desc>Desc</desc></info><title>T</title>%s</page>", body);
}

static const FeltMallardBlock *
child (const FeltMallardBlock *block, guint i)
{
  assert_true (i < block->children->len);
  return g_ptr_array_index (block->children, i);
}

static const FeltMallardBlock *
page_block (const FeltMallardPage *page, guint i)
{
  assert_true (i < page->blocks->len);
  return g_ptr_array_index (page->blocks, i);
}

/* The markup of the only paragraph of the page with `body`. */
static char *
paragraph_markup (const char *body, const FeltMallardIndex *index)
{
  g_autofree char *text = page_text (body);
  g_autoptr (FeltMallardPage) page = parse_ok (text, index);
  const FeltMallardBlock *p;

  assert_int_equal (page->blocks->len, 1);
  p = page_block (page, 0);
  assert_int_equal (p->type, FELT_MALLARD_PARAGRAPH);
  return g_strdup (p->markup);
}

static void
assert_markup (const char *body, const FeltMallardIndex *index, const char *expected)
{
  g_autofree char *markup = paragraph_markup (body, index);

  if (strcmp (markup, expected) != 0)
    fail_msg ("%s\n gives \"%s\"\n expected \"%s\"", body, markup, expected);
}

/* Pango must accept the markup; GtkLabel handles the <a> links itself. */
static void
assert_valid_markup (const char *markup, const char *where)
{
  g_autoptr (GRegex) links = g_regex_new ("<a href=\"[^\"]*\">|</a>", 0, 0, NULL);
  g_autofree char *plain = g_regex_replace_literal (links, markup, -1, 0, "", 0, NULL);
  g_autoptr (GError) error = NULL;

  if (!pango_parse_markup (plain, -1, 0, NULL, NULL, NULL, &error))
    fail_msg ("%s: bad markup \"%s\": %s", where, markup, error->message);
}

static void
check_blocks (GPtrArray *blocks, const char *page_id)
{
  for (guint i = 0; i < blocks->len; i++)
    {
      const FeltMallardBlock *block = g_ptr_array_index (blocks, i);

      if (block->markup)
        assert_valid_markup (block->markup, page_id);
      if (block->type == FELT_MALLARD_PARAGRAPH || block->type == FELT_MALLARD_SECTION)
        assert_true (block->markup && *block->markup);
      if (block->type == FELT_MALLARD_SECTION)
        {
          assert_non_null (block->id);
          assert_true (block->title && *block->title);
        }
      check_blocks (block->children, page_id);
    }
}

static FeltMallardIndex *
load_index (void)
{
  g_autoptr (GError) error = NULL;
  FeltMallardIndex *index = felt_mallard_index_load (FELT_HELP_RESOURCE, c_only, &error);

  if (index == NULL)
    fail_msg ("the help index does not load: %s", error->message);
  return index;
}

static void
assert_group (const FeltMallardIndex *index, const char *group, const char *const *expected)
{
  g_autoptr (GPtrArray) pages = felt_mallard_index_get_group (index, group);

  assert_int_equal (pages->len, g_strv_length ((char **) expected));
  for (guint i = 0; i < pages->len; i++)
    assert_string_equal (g_ptr_array_index (pages, i), expected[i]);
}

/* ---- the pages in help/C ---------------------------------------------------- */

/* Every page reads without error, has its file name as id, a title and a
 * description, valid markup everywhere, and links only to pages and
 * sections that exist. */
static void
test_every_page_reads (void **state)
{
  g_autoptr (GPtrArray) ids = source_page_ids ();
  g_autoptr (FeltMallardIndex) index = felt_mallard_index_new ();

  assert_true (ids->len >= 12);
  for (guint i = 0; i < ids->len; i++)
    {
      const char *id = g_ptr_array_index (ids, i);
      g_autofree char *text = read_source_page (id);
      g_autoptr (FeltMallardPage) page = parse_ok (text, NULL);

      assert_string_equal (page->id, id);
      assert_true (page->title && *page->title);
      assert_true (page->title_markup && *page->title_markup);
      assert_true (page->desc && *page->desc);
      assert_true (page->blocks->len > 0);
      felt_mallard_index_add (index, page, NULL);
    }

  for (guint i = 0; i < ids->len; i++)
    {
      const char *id = g_ptr_array_index (ids, i);
      g_autofree char *text = read_source_page (id);
      g_autoptr (FeltMallardPage) page = parse_ok (text, index);

      for (guint j = 0; j < page->xrefs->len; j++)
        {
          const char *xref = g_ptr_array_index (page->xrefs, j);
          if (!felt_mallard_index_has (index, xref))
            fail_msg ("%s.page links to \"%s\", which does not exist", id, xref);
        }
      assert_valid_markup (page->title_markup, id);
      assert_valid_markup (page->desc, id);
      check_blocks (page->blocks, id);
    }
}

/* The GResource holds exactly the pages of help/C, as they are there. */
static void
test_resource_holds_every_page (void **state)
{
  g_autoptr (GPtrArray) ids = source_page_ids ();
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) names = g_resources_enumerate_children (FELT_HELP_RESOURCE "/C/", 0, &error);

  assert_non_null (names);
  assert_int_equal (g_strv_length (names), ids->len);
  for (guint i = 0; i < ids->len; i++)
    {
      const char *id = g_ptr_array_index (ids, i);
      g_autofree char *text = read_source_page (id);
      g_autofree char *lang = NULL;
      g_autoptr (GBytes) bytes = felt_mallard_lookup (FELT_HELP_RESOURCE, c_only, id, &lang, &error);
      gsize size;
      const char *data;

      assert_non_null (bytes);
      assert_string_equal (lang, "C");
      data = g_bytes_get_data (bytes, &size);
      assert_int_equal (size, strlen (text));
      assert_memory_equal (data, text, size);
    }
}

/* Every translation in the GResource (help/<lang>/, if the build put any
 * there) has every page, and each reads without error, with working links
 * and titles of its own. */
static void
test_translated_pages (void **state)
{
  g_autoptr (GPtrArray) ids = source_page_ids ();
  g_auto (GStrv) folders = g_resources_enumerate_children (FELT_HELP_RESOURCE "/", 0, NULL);
  guint n_languages = 0;

  assert_non_null (folders);
  for (guint f = 0; folders[f]; f++)
    {
      g_autofree char *lang = g_strndup (folders[f], strlen (folders[f]) - 1);
      const char *const langs[] = { lang, NULL };
      g_autoptr (GError) error = NULL;
      g_autoptr (FeltMallardIndex) index = NULL;
      g_autoptr (GPtrArray) pages = NULL;

      if (g_str_equal (lang, "C"))
        continue;
      n_languages++;
      index = felt_mallard_index_load (FELT_HELP_RESOURCE, langs, &error);
      if (index == NULL)
        fail_msg ("help in %s: %s", lang, error->message);
      pages = felt_mallard_index_get_pages (index);
      assert_int_equal (pages->len, ids->len);
      for (guint i = 0; i < ids->len; i++)
        {
          const char *id = g_ptr_array_index (ids, i);
          g_autofree char *found = NULL;
          g_autoptr (GBytes) bytes = felt_mallard_lookup (FELT_HELP_RESOURCE, langs, id, &found, &error);
          g_autoptr (FeltMallardPage) page = NULL;

          assert_non_null (bytes);
          if (!g_str_equal (found, lang))
            fail_msg ("help in %s has no page %s", lang, id);
          page = parse_ok (g_bytes_get_data (felt_mallard_index_get_source (index, id), NULL), index);
          for (guint j = 0; j < page->xrefs->len; j++)
            if (!felt_mallard_index_has (index, g_ptr_array_index (page->xrefs, j)))
              fail_msg ("%s/%s.page links to \"%s\", which does not exist", lang, id,
                        (char *) g_ptr_array_index (page->xrefs, j));
          check_blocks (page->blocks, id);
        }
      /* the games have the names players of the language know */
      assert_string_not_equal (felt_mallard_index_get_title (index, "backbone"), "Backbone");
      assert_string_not_equal (felt_mallard_index_get_title (index, "index#games"), "Games");
    }
  if (n_languages == 0)
    skip ();
}

/* The index: the guide's two sections and the pages each one lists. */
static void
test_index_groups (void **state)
{
  g_autoptr (FeltMallardIndex) index = load_index ();
  g_autoptr (GPtrArray) sections = felt_mallard_index_get_sections (index, "index");
  g_autoptr (GPtrArray) pages = felt_mallard_index_get_pages (index);
  g_autoptr (GPtrArray) ids = source_page_ids ();

  assert_int_equal (pages->len, ids->len);
  for (guint i = 0; i < ids->len; i++)
    assert_string_equal (g_ptr_array_index (pages, i), g_ptr_array_index (ids, i));

  assert_int_equal (sections->len, 2);
  assert_string_equal (g_ptr_array_index (sections, 0), "games");
  assert_string_equal (g_ptr_array_index (sections, 1), "playing");
  assert_string_equal (felt_mallard_index_get_title (index, "index"), "Felt Help");
  assert_string_equal (felt_mallard_index_get_title (index, "index#games"), "Games");
  assert_string_equal (felt_mallard_index_get_title (index, "index#playing"), "Playing");
  assert_string_equal (felt_mallard_index_get_title (index, "backbone"), "Backbone");
  assert_string_equal (felt_mallard_index_get_title (index, "straight-up"), "Straight Up");
  assert_string_equal (felt_mallard_index_get_title (index, "playing#keyboard"), "With the keyboard");
  assert_null (felt_mallard_index_get_title (index, "no-such-page"));
  assert_false (felt_mallard_index_has (index, "backbone#no-such-section"));
  assert_group (index, "index#games", game_pages);
  assert_group (index, "index#playing", playing_pages);

  /* every page but the index names the section of the index it is in */
  for (guint i = 0; i < ids->len; i++)
    {
      const char *id = g_ptr_array_index (ids, i);
      GBytes *source = felt_mallard_index_get_source (index, id);
      g_autoptr (FeltMallardPage) page = NULL;
      const char *guide;

      assert_non_null (source);
      page = parse_ok (g_bytes_get_data (source, NULL), index);
      if (g_str_equal (id, "index"))
        {
          assert_string_equal (page->type, "guide");
          assert_int_equal (page->guides->len, 0);
          continue;
        }
      assert_string_equal (page->type, "topic");
      assert_int_equal (page->guides->len, 1);
      guide = g_ptr_array_index (page->guides, 0);
      assert_true (g_strv_contains (g_str_equal (guide, "index#games") ? game_pages : playing_pages, id));
    }
}

/* Pages that only name their guide are listed after its own links, by title. */
static void
test_index_automatic_links (void **state)
{
  static const char guide[] =
    "<page xmlns='http://projectmallard.org/1.0/' type='guide' id='index'><title>Help</title>"
    "<section id='s'><info><link type='topic' xref='zebra'/></info><title>S</title></section></page>";
  static const char *const topics[][2] = { { "zebra", "Zebra" }, { "beta", "Beta" }, { "alpha", "Alpha" } };
  static const char *const expected[] = { "zebra", "alpha", "beta", NULL };
  g_autoptr (FeltMallardIndex) index = felt_mallard_index_new ();
  g_autoptr (FeltMallardPage) page = parse_ok (guide, NULL);
  g_autoptr (GPtrArray) page_level = NULL;

  felt_mallard_index_add (index, page, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (topics); i++)
    {
      g_autofree char *text = g_strdup_printf (
        "<page xmlns='http://projectmallard.org/1.0/' id='%s'><info><link type='guide' xref='index#s'/></info>"
        "<title>%s</title></page>", topics[i][0], topics[i][1]);
      g_autoptr (FeltMallardPage) topic = parse_ok (text, NULL);
      felt_mallard_index_add (index, topic, NULL);
    }
  page_level = felt_mallard_index_get_group (index, "index");
  assert_group (index, "index#s", expected);
  assert_int_equal (page_level->len, 0);
}

/* ---- what the reader makes of Mallard --------------------------------------------- */

static void
test_inline_markup (void **state)
{
  g_autoptr (FeltMallardIndex) index = felt_mallard_index_new ();
  g_autoptr (FeltMallardPage) deals = parse_ok ("<page xmlns='http://projectmallard.org/1.0/' id='deals'>"
                                                "<title>Deals &amp; undo</title><section id='undo'>"
                                                "<title>Undo &amp; <em>redo</em></title></section></page>", NULL);

  /* white space: runs become one space, none at either end */
  assert_markup ("<p>\n   Two   words\n\tand\nmore  </p>", NULL, "Two words and more");
  /* escaping */
  assert_markup ("<p>A &amp; B &lt; C &gt; D \"q\"</p>", NULL, "A &amp; B &lt; C &gt; D &quot;q&quot;");
  assert_markup ("<p>Click <gui>Click to move</gui> and <em>then</em> <em style='strong'>this</em>.</p>",
                 NULL, "Click <b>Click to move</b> and <i>then</i> <b>this</b>.");
  assert_markup ("<p>Run <cmd>felt --game cruel</cmd> or <code>x</code> in <file>/tmp</file>.</p>", NULL,
                 "Run <tt>felt --game cruel</tt> or <tt>x</tt> in <tt>/tmp</tt>.");
  /* a key is a box; a key sequence joins its keys with + and no spaces */
  assert_markup ("<p>Press <key>Esc</key>.</p>", NULL,
                 "Press <span font_weight=\"bold\" background=\"#808080\" bgalpha=\"22%\">\u202FEsc\u202F</span>.");
  assert_markup ("<p>Press\n<keyseq> <key>Ctrl</key>\n <key>Z</key> </keyseq> now</p>", NULL,
                 "Press <span font_weight=\"bold\" background=\"#808080\" bgalpha=\"22%\">\u202FCtrl\u202F</span>+"
                 "<span font_weight=\"bold\" background=\"#808080\" bgalpha=\"22%\">\u202FZ\u202F</span> now");
  assert_markup ("<p><guiseq><gui>Menu</gui> <gui>Preferences</gui></guiseq></p>", NULL,
                 "<b>Menu</b> ▸ <b>Preferences</b>");
  /* links: with text, without text (the target's title), within the page */
  assert_markup ("<p>See <link xref='deals'>the deals</link>.</p>", NULL,
                 "See <a href=\"xref:deals\">the deals</a>.");
  assert_markup ("<p>See <link xref='deals#undo'/>.</p>", NULL, "See <a href=\"xref:deals#undo\">deals#undo</a>.");
  felt_mallard_index_add (index, deals, NULL);
  assert_markup ("<p>See <link xref='deals'/>.</p>", index, "See <a href=\"xref:deals\">Deals &amp; undo</a>.");
  assert_markup ("<p>See <link xref='deals#undo'/>.</p>", index,
                 "See <a href=\"xref:deals#undo\">Undo &amp; redo</a>.");
  assert_markup ("<p>Up <link xref='#top'>there</link></p>", NULL, "Up <a href=\"xref:t#top\">there</a>");
  assert_markup ("<p><link href='https://example.org/?a=1&amp;b=2'>web</link></p>", NULL,
                 "<a href=\"https://example.org/?a=1&amp;b=2\">web</a>");
  /* Pango has no nested links */
  assert_markup ("<p><link xref='a'>x <link xref='b'>y</link></link></p>", NULL, "<a href=\"xref:a\">x y</a>");
}

static void
test_page_fields (void **state)
{
  g_autoptr (FeltMallardPage) page = parse_ok (
    "<?xml version='1.0' encoding='utf-8'?>\n"
    "<!-- a comment -->\n"
    "<page xmlns='http://projectmallard.org/1.0/' type='guide' id='g'>\n"
    "  <info>\n"
    "    <link type='guide' xref='index#games'/>\n"
    "    <link type='topic' xref='a'/>\n"
    "    <link type='seealso' xref='b'/>\n"
    "    <credit type='author'><name>Someone</name><email>x@y</email><years>2026</years></credit>\n"
    "    <license><p>CC</p></license>\n"
    "    <revision version='1' date='2026-01-01' status='final'/>\n"
    "    <desc>The <gui>desc</gui>\n    here.</desc>\n"
    "  </info>\n"
    "  <title>The <em>title</em></title>\n"
    "  <p>Body <link xref='c'>c</link></p>\n"
    "</page>\n", NULL);

  assert_string_equal (page->id, "g");
  assert_string_equal (page->type, "guide");
  assert_string_equal (page->title, "The title");
  assert_string_equal (page->title_markup, "The <i>title</i>");
  assert_string_equal (page->desc, "The <b>desc</b> here.");
  assert_int_equal (page->guides->len, 1);
  assert_string_equal (g_ptr_array_index (page->guides, 0), "index#games");
  assert_int_equal (page->topics->len, 1);
  assert_string_equal (g_ptr_array_index (page->topics, 0), "a");
  assert_int_equal (page->xrefs->len, 4);
  assert_string_equal (g_ptr_array_index (page->xrefs, 2), "b");
  assert_string_equal (g_ptr_array_index (page->xrefs, 3), "c");
  /* the licence's paragraph is not part of the page */
  assert_int_equal (page->blocks->len, 1);
  assert_string_equal (page_block (page, 0)->markup, "Body <a href=\"xref:c\">c</a>");
}

static void
test_blocks (void **state)
{
  g_autofree char *text = page_text (
    "<p>Intro</p>"
    "<note style='tip'><p>A note</p></note>"
    "<section id='one'><info><link type='topic' xref='x'/></info><title>One</title>"
    "  <list><item><p>a</p></item><item><p>b</p><p>b2</p></item></list>"
    "  <steps><title>Do</title><item><p>first</p></item><item><p>second</p>"
    "    <list><item><p>inner</p></item></list></item></steps>"
    "  <terms><item><title>Term</title><title>Other</title><p>def</p></item></terms>"
    "  <section id='sub'><title>Sub</title><code>\n  line 1\n  line 2 &lt;x&gt;\n</code></section>"
    "</section>"
    "<section id='two'><title>Two</title>"
    "  <table frame='all' rules='all'><thead><tr><td><p>H1</p></td><td><p>H2</p></td></tr></thead>"
    "  <tbody><tr><td><p>c1</p></td><td><p>c2</p><p>c3</p></td></tr></tbody>"
    "  <tr><td><p>r3</p></td><td/></tr></table>"
    "</section>");
  g_autoptr (FeltMallardPage) page = parse_ok (text, NULL);
  const FeltMallardBlock *block, *one, *two, *item;

  assert_int_equal (page->blocks->len, 4);
  assert_int_equal (page_block (page, 0)->type, FELT_MALLARD_PARAGRAPH);
  assert_string_equal (page_block (page, 0)->markup, "Intro");

  block = page_block (page, 1);
  assert_int_equal (block->type, FELT_MALLARD_NOTE);
  assert_string_equal (block->style, "tip");
  assert_string_equal (child (block, 0)->markup, "A note");

  one = page_block (page, 2);
  assert_int_equal (one->type, FELT_MALLARD_SECTION);
  assert_string_equal (one->id, "one");
  assert_string_equal (one->title, "One");
  assert_int_equal (one->links->len, 1);
  assert_string_equal (g_ptr_array_index (one->links, 0), "x");
  assert_int_equal (one->children->len, 4);

  block = child (one, 0);
  assert_int_equal (block->type, FELT_MALLARD_LIST);
  assert_null (block->markup);
  assert_int_equal (block->children->len, 2);
  item = child (block, 1);
  assert_int_equal (item->type, FELT_MALLARD_ITEM);
  assert_int_equal (item->children->len, 2);
  assert_string_equal (child (item, 1)->markup, "b2");

  block = child (one, 1);
  assert_int_equal (block->type, FELT_MALLARD_STEPS);
  assert_string_equal (block->markup, "Do");
  assert_int_equal (child (child (child (block, 1), 1), 0)->type, FELT_MALLARD_ITEM);
  assert_string_equal (child (child (child (child (block, 1), 1), 0), 0)->markup, "inner");

  block = child (one, 2);
  assert_int_equal (block->type, FELT_MALLARD_TERMS);
  item = child (block, 0);
  assert_string_equal (item->markup, "Term\nOther");
  assert_string_equal (child (item, 0)->markup, "def");

  block = child (one, 3);
  assert_int_equal (block->type, FELT_MALLARD_SECTION);
  assert_string_equal (block->id, "sub");
  assert_int_equal (child (block, 0)->type, FELT_MALLARD_CODE);
  assert_string_equal (child (block, 0)->markup, "  line 1\n  line 2 &lt;x&gt;");
  assert_ptr_equal (felt_mallard_page_find_section (page, "sub"), block);
  assert_null (felt_mallard_page_find_section (page, "three"));

  two = page_block (page, 3);
  block = child (two, 0);
  assert_int_equal (block->type, FELT_MALLARD_TABLE);
  assert_int_equal (block->children->len, 3);
  assert_true (child (block, 0)->header);
  assert_false (child (block, 1)->header);
  assert_false (child (block, 2)->header);
  assert_int_equal (child (child (block, 0), 1)->type, FELT_MALLARD_CELL);
  assert_string_equal (child (child (child (block, 0), 1), 0)->markup, "H2");
  assert_int_equal (child (child (block, 1), 1)->children->len, 2);
  assert_int_equal (child (child (block, 2), 1)->children->len, 0);
}

/* Elements of other vocabularies (itstool's translator credits, ui:…) are
 * skipped, text and all. */
static void
test_foreign_elements (void **state)
{
  g_autoptr (FeltMallardPage) page = parse_ok (
    "<page xmlns='http://projectmallard.org/1.0/' xmlns:ui='http://projectmallard.org/ui/1.0/'"
    "      xmlns:its='http://www.w3.org/2005/11/its' id='f'>"
    "<info><mal:credit xmlns:mal='http://projectmallard.org/1.0/' type='translator copyright'>"
    "<mal:name>Tr</mal:name><mal:years>2026</mal:years></mal:credit></info>"
    "<title its:translate='yes'>F</title>"
    "<ui:overlay><p>hidden</p></ui:overlay>"
    "<p>Shown<ui:thing>not</ui:thing>.</p></page>", NULL);

  assert_string_equal (page->title, "F");
  assert_int_equal (page->blocks->len, 1);
  assert_string_equal (page_block (page, 0)->markup, "Shown.");
}

/* ---- what the reader refuses ----------------------------------------------------- */

static void
test_errors (void **state)
{
  static const char *const invalid_bodies[] = {
    "<p>a <p>nested</p></p>",                                  /* a block in a paragraph */
    "<list>text<item><p>x</p></item></list>",                  /* text outside a paragraph */
    "<list><p>x</p></list>",                                   /* a list holds items */
    "plain text",                                              /* text directly in the page */
    "<section id='s'><p>x</p></section>",                      /* a section without title */
    "<section id='s'><title></title></section>",               /* an empty title */
    "<section id='s'><title>S</title></section><p>late</p>",   /* a block after a section */
    "<terms><item><p>no term</p></item></terms>",              /* a term without title */
    "<terms><item></item></terms>",
    "<table><td><p>x</p></td></table>",                        /* a cell outside a row */
    "<table><tbody><td><p>x</p></td></tbody></table>",
    "<title>Second title</title>",
    "<p><title>x</title></p>",
  };
  static const char *const unknown_bodies[] = {
    "<blink>x</blink>",
    "<p>a <blink>b</blink></p>",
    "<media type='image' src='x.png'/>",
    "<list><item><p>a</p><marquee/></item></list>",
  };

  /* malformed XML */
  assert_parse_error ("", G_MARKUP_ERROR, G_MARKUP_ERROR_EMPTY);
  assert_parse_error ("<page xmlns='http://projectmallard.org/1.0/' id='x'><title>T</title><p>open</page>",
                      G_MARKUP_ERROR, G_MARKUP_ERROR_PARSE);
  assert_parse_error ("<page xmlns='http://projectmallard.org/1.0/' id='x'><title>T &nbsp;</title></page>",
                      G_MARKUP_ERROR, G_MARKUP_ERROR_PARSE);
  assert_parse_error ("<page xmlns='http://projectmallard.org/1.0/' id='x'><title>T</title>",
                      G_MARKUP_ERROR, G_MARKUP_ERROR_PARSE);
  assert_parse_error ("<page xmlns='http://projectmallard.org/1.0/' id='x' id='y'><title>T</title></page>",
                      G_MARKUP_ERROR, G_MARKUP_ERROR_INVALID_CONTENT);
  assert_parse_error ("<page xmlns='http://projectmallard.org/1.0/' id='x'><title>T\xff\xfe</title></page>",
                      G_MARKUP_ERROR, G_MARKUP_ERROR_BAD_UTF8);

  /* not a Mallard page */
  assert_parse_error ("<page id='x'><title>T</title></page>", FELT_MALLARD_ERROR, FELT_MALLARD_ERROR_INVALID);
  assert_parse_error ("<html xmlns='http://projectmallard.org/1.0/'><title>T</title></html>",
                      FELT_MALLARD_ERROR, FELT_MALLARD_ERROR_INVALID);
  assert_parse_error ("<page xmlns='http://projectmallard.org/1.0/'><title>T</title></page>",
                      FELT_MALLARD_ERROR, FELT_MALLARD_ERROR_INVALID);
  /* no title */
  assert_parse_error ("<page xmlns='http://projectmallard.org/1.0/' id='x'><p>x</p></page>",
                      FELT_MALLARD_ERROR, FELT_MALLARD_ERROR_INVALID);
  assert_parse_error ("<page xmlns='http://projectmallard.org/1.0/' id='x'><info><title type='sort'>T</title>"
                      "</info></page>", FELT_MALLARD_ERROR, FELT_MALLARD_ERROR_INVALID);
  assert_parse_error ("<page xmlns='http://projectmallard.org/1.0/' id='x'><info><wrong/></info>"
                      "<title>T</title></page>", FELT_MALLARD_ERROR, FELT_MALLARD_ERROR_UNKNOWN_ELEMENT);

  for (guint i = 0; i < G_N_ELEMENTS (invalid_bodies); i++)
    {
      g_autofree char *text = page_text (invalid_bodies[i]);
      assert_parse_error (text, FELT_MALLARD_ERROR, FELT_MALLARD_ERROR_INVALID);
    }
  for (guint i = 0; i < G_N_ELEMENTS (unknown_bodies); i++)
    {
      g_autofree char *text = page_text (unknown_bodies[i]);
      assert_parse_error (text, FELT_MALLARD_ERROR, FELT_MALLARD_ERROR_UNKNOWN_ELEMENT);
    }
}

/* The message says where: line and character. */
static void
test_error_position (void **state)
{
  g_autoptr (GError) error = NULL;
  FeltMallardPage *page = felt_mallard_page_parse ("<page xmlns='http://projectmallard.org/1.0/' id='x'>\n"
                                                   "<title>T</title>\n<p>a <blink>b</blink></p></page>",
                                                   -1, NULL, &error);

  assert_null (page);
  assert_non_null (strstr (error->message, "line 3"));
  assert_non_null (strstr (error->message, "<blink>"));
}

/* A page cut short anywhere is an error, never a crash or a page. */
static void
test_truncated_pages (void **state)
{
  g_autofree char *text = read_source_page ("hints");
  gsize len = strlen (text);
  gsize end = len;

  /* the page ends with "</page>\n": anything shorter than "</page>" is cut */
  while (end > 0 && g_ascii_isspace (text[end - 1]))
    end--;
  for (gsize n = 0; n < end; n++)
    {
      g_autoptr (GError) error = NULL;
      FeltMallardPage *page = felt_mallard_page_parse (text, (gssize) n, NULL, &error);

      if (page)
        {
          felt_mallard_page_free (page);
          fail_msg ("hints.page cut after %" G_GSIZE_FORMAT " bytes reads", n);
        }
      assert_non_null (error);
    }
}

/* Pages are found in the first language that has them, English last. */
static void
test_lookup (void **state)
{
  static const char *const langs[] = { "xx_YY.UTF-8", "xx_YY", "xx", "../C", "C", NULL };
  g_autoptr (GError) error = NULL;
  g_autofree char *lang = NULL;
  g_autoptr (GBytes) bytes = felt_mallard_lookup (FELT_HELP_RESOURCE, langs, "cruel", &lang, &error);
  g_autoptr (GBytes) none = NULL;

  assert_non_null (bytes);
  assert_string_equal (lang, "C");
  bytes = (g_bytes_unref (bytes), felt_mallard_lookup (FELT_HELP_RESOURCE, NULL, "straight-up", NULL, &error));
  assert_non_null (bytes);
  none = felt_mallard_lookup (FELT_HELP_RESOURCE, langs, "no-such-page", NULL, &error);
  assert_null (none);
  assert_true (g_error_matches (error, FELT_MALLARD_ERROR, FELT_MALLARD_ERROR_NOT_FOUND));
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_every_page_reads),
    cmocka_unit_test (test_resource_holds_every_page),
    cmocka_unit_test (test_translated_pages),
    cmocka_unit_test (test_index_groups),
    cmocka_unit_test (test_index_automatic_links),
    cmocka_unit_test (test_inline_markup),
    cmocka_unit_test (test_page_fields),
    cmocka_unit_test (test_blocks),
    cmocka_unit_test (test_foreign_elements),
    cmocka_unit_test (test_errors),
    cmocka_unit_test (test_error_position),
    cmocka_unit_test (test_truncated_pages),
    cmocka_unit_test (test_lookup),
  };

  help_test_init ();
  return cmocka_run_group_tests (tests, NULL, NULL);
}
