/* test-phrases.c: the sentences a screen reader speaks (src/phrases/felt-phrases.c),
 * in English and, for the sentences whose grammar is hardest, in each
 * translation.  No display needed.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "felt-test-util.h"

#include <locale.h>
#include <glib/gi18n.h>

#include "felt-phrases.h"

static int
pile (const char *game_id, const char *name)
{
  const FeltGame *game = felt_game_lookup (game_id);
  FeltRole role;
  guint index = 0;
  g_auto (GStrv) parts = g_strsplit (name, ".", 2);

  for (role = 0; role < FELT_N_ROLES; role++)
    if (g_str_equal (felt_role_id (role), parts[0]))
      break;
  if (parts[1])
    index = (guint) atoi (parts[1]);
  return felt_game_find_pile (game, role, index);
}

static FeltMove
card_move (const char *game_id, const char *from, guint count, const char *to)
{
  FeltMove m = { 0 };

  m.from = (guint8) pile (game_id, from);
  m.to = (guint8) pile (game_id, to);
  m.count = (guint8) count;
  return m;
}

#define assert_phrase(expr, expected)                    \
  do {                                                   \
    g_autofree char *got_ = (expr);                      \
    assert_non_null (got_);                              \
    assert_string_equal (got_, (expected));              \
  } while (0)

static void
use_language (const char *lang)
{
  g_setenv ("LANGUAGE", lang, TRUE);
  setlocale (LC_ALL, "");
  /* Setting the domain again makes gettext forget its cached lookups. */
  textdomain (GETTEXT_PACKAGE);
}

static int
english (void **unused)
{
  (void) unused;
  use_language ("C");
  return 0;
}

/* ---- names ----------------------------------------------------------------- */

static void
test_names (void **unused)
{
  const FeltGame *cruel = felt_game_lookup ("cruel");
  const FeltGame *up = felt_game_lookup ("straight-up");

  (void) unused;
  assert_phrase (felt_phrase_card (FELT_CARD (10, FELT_CLUBS), FELT_CARD_FORM_NAME), "ten of clubs");
  assert_phrase (felt_phrase_card (FELT_CARD (1, FELT_SPADES), FELT_CARD_FORM_OBJECT), "the ace of spades");
  assert_phrase (felt_phrase_card (FELT_CARD (12, FELT_HEARTS), FELT_CARD_FORM_NAME), "queen of hearts");
  /* English needs no article before the card that begins a sentence. */
  assert_phrase (felt_phrase_card (FELT_CARD (12, FELT_HEARTS), FELT_CARD_FORM_SUBJECT), "queen of hearts");
  assert_phrase (felt_phrase_pile (cruel, (guint) pile ("cruel", "tableau.2"), FELT_PILE_FORM_NAME), "tableau 3");
  assert_phrase (felt_phrase_pile (cruel, (guint) pile ("cruel", "foundation.0"), FELT_PILE_FORM_TO), "to foundation 1");
  /* Straight Up has one reserve: no number. */
  assert_phrase (felt_phrase_pile (up, (guint) pile ("straight-up", "reserve"), FELT_PILE_FORM_NAME), "reserve");
  assert_phrase (felt_phrase_pile (up, 0, FELT_PILE_FORM_NAME), "stock");
  assert_phrase (felt_phrase_capitalize ("ёлка"), "Ёлка");
  assert_phrase (felt_phrase_capitalize (""), "");
}

/* ---- moves ------------------------------------------------------------------- */

static void
test_move_uncovers (void **unused)
{
  FeltState st;
  FeltMove m = card_move ("cruel", "tableau.2", 1, "foundation.0");

  (void) unused;
  felt_test_position (&st, "cruel", "foundation.0", "AC 2C 3C 4C 5C 6C 7C 8C 9C",
                      "tableau.2", "JH TC", "tableau.3", "5S", NULL);
  assert_int_equal (felt_state_check_move (&st, &m), FELT_LEGAL);
  assert_phrase (felt_phrase_move (&st, &m), "Ten of clubs to foundation 1. Tableau 3: jack of hearts now on top");

  m = card_move ("cruel", "tableau.3", 1, "tableau.2");
  felt_test_position (&st, "cruel", "tableau.2", "JH 6S", "tableau.3", "5S", NULL);
  assert_phrase (felt_phrase_move (&st, &m), "Five of spades to tableau 3. Tableau 4: empty now");
}

static void
test_move_run_and_refill (void **unused)
{
  FeltState st;
  FeltMove m = card_move ("straight-up", "tableau.0", 2, "tableau.1");

  (void) unused;
  /* Straight Up: a run moves as one, and the reserve refills the pile
   * it leaves empty. */
  felt_test_position (&st, "straight-up", FELT_TEST_TWOS, "tableau.0", "9S 8S", "tableau.1", "TS",
                      "reserve.0", "3D KH", "stock", "4C", NULL);
  assert_int_equal (felt_state_check_move (&st, &m), FELT_LEGAL);
  assert_phrase (felt_phrase_move (&st, &m),
                 "Nine of spades and 1 card on it to tableau 2. King of hearts to tableau 1. "
                 "Reserve: three of diamonds now on top");
}

static void
test_illegal (void **unused)
{
  FeltState st;
  FeltMove m = card_move ("cruel", "tableau.2", 1, "tableau.3");

  (void) unused;
  felt_test_position (&st, "cruel", FELT_TEST_ACES, "tableau.2", "5D TC", "tableau.3", "JH", NULL);
  assert_int_equal (felt_state_check_move (&st, &m), FELT_ILLEGAL_DOES_NOT_FIT);
  assert_phrase (felt_phrase_illegal (&st, &m, felt_state_check_move (&st, &m)),
                 "Ten of clubs cannot go on the jack of hearts: this tableau builds down by suit");

  m = card_move ("cruel", "tableau.2", 1, "foundation.1");
  assert_phrase (felt_phrase_illegal (&st, &m, felt_state_check_move (&st, &m)),
                 "Ten of clubs cannot go on the ace of diamonds: this foundation builds up by suit");

  /* Backbone: an empty foundation takes only an ace. */
  felt_test_position (&st, "backbone", "tableau.0", "5D", NULL);
  m = card_move ("backbone", "tableau.0", 1, "foundation.0");
  assert_int_equal (felt_state_check_move (&st, &m), FELT_ILLEGAL_DOES_NOT_FIT);
  assert_phrase (felt_phrase_illegal (&st, &m, felt_state_check_move (&st, &m)),
                 "Five of diamonds cannot go to foundation 1: only an ace can start an empty pile here");

  /* Hopscotch: foundation 3 goes up three ranks at a time. */
  felt_test_position (&st, "hopscotch", FELT_TEST_LOW_CLUBS, "waste", "7D", NULL);
  m = card_move ("hopscotch", "waste", 1, "foundation.2");
  assert_phrase (felt_phrase_illegal (&st, &m, felt_state_check_move (&st, &m)),
                 "Seven of diamonds cannot go on the three of clubs: this foundation builds up 3 ranks at a time");
  /* Scuffle: any suit. */
  felt_test_position (&st, "scuffle", FELT_TEST_ACES, "reserve.0", "3D", NULL);
  m = card_move ("scuffle", "reserve.0", 1, "foundation.0");
  assert_phrase (felt_phrase_illegal (&st, &m, felt_state_check_move (&st, &m)),
                 "Three of diamonds cannot go on the ace of clubs: this foundation builds up whatever the suit");

  /* The stock that cannot deal: the engine's reason. */
  felt_test_position (&st, "hopscotch", FELT_TEST_LOW_CLUBS, "waste", "7D", NULL);
  m = (FeltMove) { .stock = TRUE };
  assert_phrase (felt_phrase_illegal (&st, &m, felt_state_check_move (&st, &m)),
                 "The stock cannot deal or redeal now");
  assert_null (felt_phrase_illegal (&st, &m, FELT_LEGAL));
}

static void
test_stock (void **unused)
{
  FeltState st;
  FeltMove deal = { .stock = TRUE };

  (void) unused;
  felt_test_position (&st, "hopscotch", FELT_TEST_LOW_CLUBS, "stock", "9H 8H 4S", NULL);
  assert_phrase (felt_phrase_move (&st, &deal), "Dealt four of spades. 2 cards left in the stock");
  felt_test_position (&st, "hopscotch", FELT_TEST_LOW_CLUBS, "stock", "4S", NULL);
  assert_phrase (felt_phrase_move (&st, &deal), "Dealt four of spades. The stock is empty");

  /* Backbone: one redeal, turning the waste over. */
  felt_test_position (&st, "backbone", "waste", "9H 8H", "tableau.0", "KS", NULL);
  assert_int_equal (felt_state_check_move (&st, &deal), FELT_LEGAL);
  assert_phrase (felt_phrase_move (&st, &deal),
                 "Redeal: the waste turned over into the stock. 2 cards left in the stock. No redeal left");

  /* Scuffle: one card onto each reserve. */
  felt_test_position (&st, "scuffle", FELT_TEST_ACES, "stock", "9H 8H 7C 2S 3D", NULL);
  assert_phrase (felt_phrase_move (&st, &deal),
                 "Dealt to the reserves: three of diamonds, two of spades, seven of clubs and eight of hearts. "
                 "1 card left in the stock");

  /* Cruel: the tableau regrouped, no limit. */
  felt_test_position (&st, "cruel", FELT_TEST_ACES, "tableau.0", "9H 8H", "tableau.1", "7C", NULL);
  st.flags |= FELT_STATE_MOVED_SINCE_DEAL;
  assert_int_equal (felt_state_check_move (&st, &deal), FELT_LEGAL);
  assert_phrase (felt_phrase_move (&st, &deal), "Redeal: the tableau gathered and dealt again in fours");
}

static void
test_undo_redo_auto (void **unused)
{
  FeltState st;
  FeltMove m = card_move ("cruel", "tableau.2", 1, "foundation.0");
  FeltMove both[2];
  FeltMove deal = { .stock = TRUE };

  (void) unused;
  felt_test_position (&st, "cruel", "foundation.0", "AC 2C 3C 4C 5C 6C 7C 8C 9C",
                      "tableau.2", "JC TC", NULL);
  assert_phrase (felt_phrase_undo (&st, &m, 0), "Took back: ten of clubs to foundation 1");
  assert_phrase (felt_phrase_redo (&st, &m, 0), "Played again: ten of clubs to foundation 1");
  /* A turn: the move and the cards that went home by themselves after it. */
  assert_phrase (felt_phrase_undo (&st, &m, 1),
                 "Took back: ten of clubs to foundation 1, and 1 card that went home by itself");
  assert_phrase (felt_phrase_undo (&st, &m, 3),
                 "Took back: ten of clubs to foundation 1, and 3 cards that went home by themselves");
  assert_phrase (felt_phrase_redo (&st, &m, 2),
                 "Played again: ten of clubs to foundation 1, and 2 cards went home by themselves");
  both[0] = m;
  both[1] = m;
  assert_phrase (felt_phrase_auto (&st, both, 2),
                 "By itself: ten of clubs to foundation 1 and jack of clubs to foundation 1");
  assert_null (felt_phrase_auto (&st, both, 0));

  felt_test_position (&st, "hopscotch", FELT_TEST_LOW_CLUBS, "stock", "4S", NULL);
  assert_phrase (felt_phrase_undo (&st, &deal, 0), "Took back: the deal from the stock");
  /* Undo to Winnable takes back several at once. */
  assert_phrase (felt_phrase_undo_many (1), "Took back 1 move");
  assert_phrase (felt_phrase_undo_many (3), "Took back 3 moves");
}

static void
test_auto_many (void **unused)
{
  FeltState st;
  FeltMove moves[4];

  (void) unused;
  felt_test_position (&st, "cruel", "foundation.0", "AC 2C 3C 4C 5C 6C 7C 8C 9C",
                      "tableau.2", "KC QC JC TC", NULL);
  for (guint i = 0; i < 4; i++)
    moves[i] = card_move ("cruel", "tableau.2", 1, "foundation.0");
  assert_phrase (felt_phrase_auto (&st, moves, 4), "4 cards went to the foundations by themselves");
}

static void
test_hint (void **unused)
{
  FeltState st;
  FeltMove m = card_move ("cruel", "tableau.2", 1, "foundation.1");
  FeltMove deal = { .stock = TRUE };

  (void) unused;
  felt_test_position (&st, "cruel", "foundation.1", "AH 2H 3H 4H 5H 6H", "tableau.2", "JC 7H", NULL);
  assert_phrase (felt_phrase_hint (&st, &m), "Hint: move the seven of hearts to foundation 2");
  m = card_move ("straight-up", "tableau.0", 2, "tableau.1");
  felt_test_position (&st, "straight-up", FELT_TEST_TWOS, "tableau.0", "9S 8S", "tableau.1", "TS", NULL);
  assert_phrase (felt_phrase_hint (&st, &m), "Hint: move the nine of spades and 1 card on it to tableau 2");
  felt_test_position (&st, "hopscotch", FELT_TEST_LOW_CLUBS, "stock", "4S", NULL);
  assert_phrase (felt_phrase_hint (&st, &deal), "Hint: deal from the stock");
  assert_phrase (felt_phrase_hint (&st, NULL), "No useful move is left");
}

/* ---- review ------------------------------------------------------------------ */

static void
test_pile_contents (void **unused)
{
  FeltState st;

  (void) unused;
  felt_test_position (&st, "straight-up", FELT_TEST_TWOS, "reserve.0", "3D 4H 9S", "tableau.1", "TS 9H 8C",
                      "stock", "4C 5C", NULL);
  assert_phrase (felt_phrase_pile_contents (&st, (guint) pile ("straight-up", "reserve")),
                 "Reserve, from the bottom: 2 face-down cards, nine of spades");
  assert_phrase (felt_phrase_pile_contents (&st, (guint) pile ("straight-up", "tableau.1")),
                 "Tableau 2, from the bottom: ten of spades, nine of hearts, eight of clubs");
  assert_phrase (felt_phrase_pile_contents (&st, 0), "Stock: 2 face-down cards");
  assert_phrase (felt_phrase_pile_contents (&st, (guint) pile ("straight-up", "tableau.2")), "Tableau 3: empty");
  assert_phrase (felt_phrase_pile_contents (&st, (guint) pile ("straight-up", "foundation.0")), "Foundation 1: two of clubs");
}

static void
test_destinations (void **unused)
{
  FeltState st;

  (void) unused;
  felt_test_position (&st, "cruel", FELT_TEST_ACES, "tableau.0", "2C", "tableau.1", "3C", "tableau.2", "5D", NULL);
  assert_phrase (felt_phrase_destinations (&st, (guint) pile ("cruel", "tableau.0"), 0),
                 "Two of clubs can go to foundation 1 or to tableau 2");
  assert_phrase (felt_phrase_destinations (&st, (guint) pile ("cruel", "tableau.2"), 0),
                 "Five of diamonds has nowhere to go");
  assert_phrase (felt_phrase_destinations (&st, (guint) pile ("cruel", "tableau.5"), 0), "There is no card here");
}

static void
test_status_and_end (void **unused)
{
  FeltState st;

  (void) unused;
  felt_test_position (&st, "backbone", "waste", "9H", "stock", "8H 7H", "foundation.0", "AS", NULL);
  {
    g_autofree char *status = felt_phrase_status (&st);
    assert_non_null (strstr (status, "2 cards left in the stock"));
    assert_non_null (strstr (status, "1 redeal left"));
    assert_true (g_str_has_prefix (status, "Score: 1 of 104"));
  }
  assert_null (felt_phrase_game_end (&st));
  felt_test_position (&st, "hopscotch", FELT_TEST_LOW_CLUBS, NULL);
  assert_phrase (felt_phrase_game_end (&st), "You won: every card is on the foundations");
}

/* ---- translations -------------------------------------------------------------- */

/* In each language: the hint (issue 15: articles and lower case inside
 * the sentence); a move with what it uncovered, a refused move and where
 * a card can go, each beginning with the card in its subject form
 * (issue 33: with its article in French, Spanish and Catalan); and a
 * redeal as the status line says it, in the glossary's words
 * (po/glossary.md). */
static void
test_translations (void **unused)
{
  static const struct {
    const char *lang, *hint, *move, *illegal, *destinations, *redeal;
  } cases[] = {
    { "fr", "Indice\u00a0: déplacez le sept de cœur sur la fondation 2",
      "Le dix de trèfle sur la fondation 1. Pile 3 du tableau\u00a0: valet de cœur maintenant au-dessus",
      "Le dix de trèfle ne peut pas aller sur le valet de cœur\u00a0: cette pile du tableau se construit en descendant, dans la même couleur",
      "Le deux de trèfle peut aller sur la fondation 1 ou sur la pile 2 du tableau",
      "Redistribution\u00a0: la défausse retournée dans la pioche. 2 cartes restent dans la pioche. Plus aucune redistribution" },
    { "es", "Pista: mueva el siete de corazones a la base 2",
      "El diez de tréboles a la base 1. Montón 3 del tablero: ahora arriba, jota de corazones",
      "El diez de tréboles no puede ir sobre la jota de corazones: este montón del tablero se construye hacia abajo y del mismo palo",
      "El dos de tréboles puede ir a la base 1 o al montón 2 del tablero",
      "Nuevo reparto: el descarte vuelto al mazo. Quedan 2 cartas en el mazo. No quedan nuevos repartos" },
    { "ca", "Pista: moveu el set de cors a la base 2",
      "El deu de trèvols a la base 1. Pila 3 del tauler: ara a dalt, valet de cors",
      "El deu de trèvols no pot anar sobre el valet de cors: aquesta pila del tauler es construeix cap avall i del mateix pal",
      "El dos de trèvols pot anar a la base 1 o a la pila 2 del tauler",
      "Nou repartiment: el descart girat cap al munt. Queden 2 cartes al munt. No queda cap nou repartiment" },
    { "ru", "Подсказка: переложите семёрку червей на основание 2",
      "Десятка треф на основание 1. Стопка расклада 3: теперь сверху валет червей",
      "Десятка треф не ложится на валета червей: эта стопка расклада строится по убыванию в одной масти",
      "Двойка треф ложится на основание 1 или на стопку расклада 2",
      "Пересдача: сброс перевёрнут в колоду. В колоде остались 2 карты. Пересдач больше нет" },
  };
  FeltState hint_st, move_st, bad_st, where_st, redeal_st;
  FeltMove hint = card_move ("cruel", "tableau.2", 1, "foundation.1");
  FeltMove move = card_move ("cruel", "tableau.2", 1, "foundation.0");
  FeltMove bad = card_move ("cruel", "tableau.2", 1, "tableau.3");
  FeltMove redeal = { .stock = TRUE };

  (void) unused;
  if (g_getenv ("FELT_LOCALEDIR") == NULL)
    skip ();
  felt_test_position (&hint_st, "cruel", "foundation.1", "AH 2H 3H 4H 5H 6H", "tableau.2", "JC 7H", NULL);
  felt_test_position (&move_st, "cruel", "foundation.0", "AC 2C 3C 4C 5C 6C 7C 8C 9C", "tableau.2", "JH TC", NULL);
  felt_test_position (&bad_st, "cruel", FELT_TEST_ACES, "tableau.2", "5D TC", "tableau.3", "JH", NULL);
  felt_test_position (&where_st, "cruel", FELT_TEST_ACES, "tableau.0", "2C", "tableau.1", "3C", NULL);
  felt_test_position (&redeal_st, "backbone", "waste", "9H 8H", "tableau.0", "KS", NULL);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      use_language (cases[i].lang);
      assert_phrase (felt_phrase_hint (&hint_st, &hint), cases[i].hint);
      assert_phrase (felt_phrase_move (&move_st, &move), cases[i].move);
      assert_phrase (felt_phrase_illegal (&bad_st, &bad, felt_state_check_move (&bad_st, &bad)), cases[i].illegal);
      assert_phrase (felt_phrase_destinations (&where_st, (guint) pile ("cruel", "tableau.0"), 0), cases[i].destinations);
      assert_phrase (felt_phrase_move (&redeal_st, &redeal), cases[i].redeal);
    }
  use_language ("C");
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_names),
    cmocka_unit_test (test_move_uncovers),
    cmocka_unit_test (test_move_run_and_refill),
    cmocka_unit_test (test_illegal),
    cmocka_unit_test (test_stock),
    cmocka_unit_test (test_undo_redo_auto),
    cmocka_unit_test (test_auto_many),
    cmocka_unit_test (test_hint),
    cmocka_unit_test (test_pile_contents),
    cmocka_unit_test (test_destinations),
    cmocka_unit_test (test_status_and_end),
    cmocka_unit_test (test_translations),
  };

  setlocale (LC_ALL, "");
  if (g_getenv ("FELT_LOCALEDIR"))
    bindtextdomain (GETTEXT_PACKAGE, g_getenv ("FELT_LOCALEDIR"));
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  return cmocka_run_group_tests (tests, english, NULL);
}
