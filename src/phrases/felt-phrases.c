/* felt-phrases.c: the sentences a player hears and reads (felt-phrases.h).
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each sentence is one translatable format with the names inside it, so
 * that a translator can order the words, choose the prepositions and
 * articles, and give Russian its cases.  Names come in lower case and the
 * finished sentence gets its capital (felt_phrase_capitalize), so that no
 * name keeps a capital in the middle of a sentence.
 */
#include "felt-phrases.h"

#include <glib/gi18n.h>

/* ---- names ------------------------------------------------------------------------ */

char *
felt_phrase_capitalize (const char *text)
{
  const char *rest;
  gunichar first;
  char buf[8];
  int len;

  if (text == NULL || *text == '\0')
    return g_strdup (text);
  first = g_utf8_get_char (text);
  rest = g_utf8_next_char (text);
  len = g_unichar_to_utf8 (g_unichar_totitle (first), buf);
  return g_strdup_printf ("%.*s%s", len, buf, rest);
}

static const char *
rank_name (guint rank, FeltCardForm form)
{
  switch (rank + (form == FELT_CARD_FORM_OBJECT ? 100u : form == FELT_CARD_FORM_SUBJECT ? 200u : 0u))
    {
    /* TRANSLATORS: the ranks of the cards, in lower case, as a bare name
       in a list ("tableau 2, from the bottom: ten of spades, nine of
       hearts"; "dealt four of spades").  The card's name is made with
       the format "%s of %s" of context "card". */
    case 1: return C_("card rank", "ace");
    case 2: return C_("card rank", "two");
    case 3: return C_("card rank", "three");
    case 4: return C_("card rank", "four");
    case 5: return C_("card rank", "five");
    case 6: return C_("card rank", "six");
    case 7: return C_("card rank", "seven");
    case 8: return C_("card rank", "eight");
    case 9: return C_("card rank", "nine");
    case 10: return C_("card rank", "ten");
    case 11: return C_("card rank", "jack");
    case 12: return C_("card rank", "queen");
    case 13: return C_("card rank", "king");
    /* TRANSLATORS: the ranks as the object of a verb or after "on"
       ("Hint: move the seven of hearts to …", "cannot go on the jack of
       hearts"): with the article your language puts there ("le sept",
       "l'as", "la dame"), or in the case it needs (Russian accusative:
       "семёрку", "валета"). */
    case 101: return C_("card rank, object", "the ace");
    case 102: return C_("card rank, object", "the two");
    case 103: return C_("card rank, object", "the three");
    case 104: return C_("card rank, object", "the four");
    case 105: return C_("card rank, object", "the five");
    case 106: return C_("card rank, object", "the six");
    case 107: return C_("card rank, object", "the seven");
    case 108: return C_("card rank, object", "the eight");
    case 109: return C_("card rank, object", "the nine");
    case 110: return C_("card rank, object", "the ten");
    case 111: return C_("card rank, object", "the jack");
    case 112: return C_("card rank, object", "the queen");
    case 113: return C_("card rank, object", "the king");
    /* TRANSLATORS: the ranks as the subject that begins a sentence
       ("ten of clubs cannot go on …", "ten of clubs to foundation 1"):
       with the article your language puts there ("le dix", "l'as", "el
       diez", "la jota"), in the nominative in Russian ("десятка").
       English has none. */
    case 201: return C_("card rank, subject", "ace");
    case 202: return C_("card rank, subject", "two");
    case 203: return C_("card rank, subject", "three");
    case 204: return C_("card rank, subject", "four");
    case 205: return C_("card rank, subject", "five");
    case 206: return C_("card rank, subject", "six");
    case 207: return C_("card rank, subject", "seven");
    case 208: return C_("card rank, subject", "eight");
    case 209: return C_("card rank, subject", "nine");
    case 210: return C_("card rank, subject", "ten");
    case 211: return C_("card rank, subject", "jack");
    case 212: return C_("card rank, subject", "queen");
    case 213: return C_("card rank, subject", "king");
    default: g_return_val_if_reached ("?");
    }
}

char *
felt_phrase_card (FeltCard card, FeltCardForm form)
{
  static const char *const suits[] = {
    N_("clubs"), N_("diamonds"), N_("hearts"), N_("spades"),
  };
  guint suit = FELT_CARD_SUIT (card);

  g_return_val_if_fail (suit < G_N_ELEMENTS (suits), g_strdup ("?"));
  /* TRANSLATORS: a card inside a sentence, rank and suit both in lower
     case: "seven of hearts", "the seven of hearts". */
  return g_strdup_printf (C_("card", "%s of %s"), rank_name (FELT_CARD_RANK (card), form), _(suits[suit]));
}

char *
felt_phrase_pile (const FeltGame *game, guint pile, FeltPileForm form)
{
  const FeltPileSpec *spec;
  gboolean numbered;
  guint n;

  g_return_val_if_fail (pile < game->n_piles, g_strdup ("?"));
  spec = &game->piles[pile];
  numbered = felt_game_count_piles (game, spec->role) > 1;
  n = spec->index + 1u;

  if (form == FELT_PILE_FORM_TO)
    switch (spec->role)
      {
      /* TRANSLATORS: where a card goes, in lower case, with the
         preposition (and article, or case) your language uses after a
         verb of moving: "to foundation 2" ("sur la fondation 2", "на
         основание 2"). */
      case FELT_ROLE_STOCK: return g_strdup (C_("to pile", "to the stock"));
      case FELT_ROLE_WASTE: return g_strdup (C_("to pile", "to the waste"));
      case FELT_ROLE_FOUNDATION:
        return numbered ? g_strdup_printf (C_("to pile", "to foundation %u"), n)
                        : g_strdup (C_("to pile", "to the foundation"));
      case FELT_ROLE_TABLEAU:
        return numbered ? g_strdup_printf (C_("to pile", "to tableau %u"), n)
                        : g_strdup (C_("to pile", "to the tableau"));
      case FELT_ROLE_RESERVE:
        return numbered ? g_strdup_printf (C_("to pile", "to reserve %u"), n)
                        : g_strdup (C_("to pile", "to the reserve"));
      case FELT_N_ROLES:
      default:
        g_return_val_if_reached (g_strdup ("?"));
      }

  switch (spec->role)
    {
    /* TRANSLATORS: a pile inside a sentence, in lower case, as its
       subject: "tableau 3, from the bottom: …", "tableau 3: empty now". */
    case FELT_ROLE_STOCK: return g_strdup (C_("pile", "stock"));
    case FELT_ROLE_WASTE: return g_strdup (C_("pile", "waste"));
    case FELT_ROLE_FOUNDATION:
      return numbered ? g_strdup_printf (C_("pile", "foundation %u"), n) : g_strdup (C_("pile", "foundation"));
    case FELT_ROLE_TABLEAU:
      return numbered ? g_strdup_printf (C_("pile", "tableau %u"), n) : g_strdup (C_("pile", "tableau"));
    case FELT_ROLE_RESERVE:
      return numbered ? g_strdup_printf (C_("pile", "reserve %u"), n) : g_strdup (C_("pile", "reserve"));
    case FELT_N_ROLES:
    default:
      g_return_val_if_reached (g_strdup ("?"));
    }
}

static const char *
this_pile (FeltRole role)
{
  switch (role)
    {
    /* TRANSLATORS: the pile a card was refused by, as the subject of a
       rule: "this tableau builds down by suit". */
    case FELT_ROLE_STOCK: return C_("this pile", "this stock");
    case FELT_ROLE_WASTE: return C_("this pile", "this waste");
    case FELT_ROLE_FOUNDATION: return C_("this pile", "this foundation");
    case FELT_ROLE_TABLEAU: return C_("this pile", "this tableau");
    case FELT_ROLE_RESERVE: return C_("this pile", "this reserve");
    case FELT_N_ROLES:
    default: g_return_val_if_reached ("?");
    }
}

/* ---- putting sentences together --------------------------------------------------- */

/* Sentences, each with its capital, joined by full stops (the same in
 * all of Felt's languages), without a final one. */
static char *
sentences (GPtrArray *parts)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < parts->len; i++)
    {
      g_autofree char *s = felt_phrase_capitalize (g_ptr_array_index (parts, i));
      if (i > 0)
        g_string_append (out, ". ");
      g_string_append (out, s);
    }
  return g_string_free (out, FALSE);
}

/* "a, b and c" or "a, b or c". */
static char *
list_join (GPtrArray *items, gboolean with_or)
{
  char *out;

  if (items->len == 0)
    return g_strdup ("");
  out = g_strdup (g_ptr_array_index (items, 0));
  for (guint i = 1; i < items->len; i++)
    {
      char *next;
      if (i + 1 < items->len)
        /* TRANSLATORS: joins the items of a list but the last two: "a, b" */
        next = g_strdup_printf (C_("list", "%s, %s"), out, (char *) g_ptr_array_index (items, i));
      else if (with_or)
        /* TRANSLATORS: joins the last two items of a list of choices: "a or b" */
        next = g_strdup_printf (C_("list", "%s or %s"), out, (char *) g_ptr_array_index (items, i));
      else
        /* TRANSLATORS: joins the last two items of a list: "a and b" */
        next = g_strdup_printf (C_("list", "%s and %s"), out, (char *) g_ptr_array_index (items, i));
      g_free (out);
      out = next;
    }
  return out;
}

/* The cards a move takes, as the subject that begins a sentence or a
 * clause: "ten of clubs", or "ten of clubs and 2 cards on it". */
static char *
moving_cards (const FeltState *st, const FeltMove *move)
{
  guint size = felt_pile_size (st, move->from);
  guint count = MIN (move->count, size);
  g_autofree char *card = felt_phrase_card (felt_pile_card (st, move->from, size - count), FELT_CARD_FORM_SUBJECT);

  if (count <= 1)
    return g_steal_pointer (&card);
  /* TRANSLATORS: a run of cards that moves together: "ten of clubs and 2
     cards on it" (the count does not include the ten) */
  return g_strdup_printf (ngettext ("%s and %u card on it", "%s and %u cards on it", count - 1), card, count - 1);
}

/* "ten of clubs to foundation 1" */
static char *
move_clause (const FeltState *st, const FeltMove *move)
{
  const FeltGame *game = felt_state_game (st);
  g_autofree char *what = moving_cards (st, move);
  g_autofree char *to = felt_phrase_pile (game, move->to, FELT_PILE_FORM_TO);

  /* TRANSLATORS: a move: "ten of clubs to foundation 1" (card, then the
     pile with its preposition) */
  return g_strdup_printf (C_("move", "%s %s"), what, to);
}

static char *
stock_count (const FeltState *st)
{
  guint n = felt_pile_size (st, 0);

  if (n == 0)
    return g_strdup (_("The stock is empty"));
  return g_strdup_printf (ngettext ("%u card left in the stock", "%u cards left in the stock", n), n);
}

static char *
redeals_left (const FeltState *st)
{
  int left = felt_state_redeals_left (st);

  if (left < 0)
    return NULL;
  if (left == 0)
    return g_strdup (_("No redeal left"));
  return g_strdup_printf (ngettext ("%d redeal left", "%d redeals left", left), left);
}

/* What is on top of `pile` now that cards have left it. */
static char *
uncovered (const FeltState *after, guint pile)
{
  const FeltGame *game = felt_state_game (after);
  g_autofree char *name = felt_phrase_pile (game, pile, FELT_PILE_FORM_NAME);
  guint size = felt_pile_size (after, pile);
  g_autofree char *card = NULL;

  if (size == 0)
    /* TRANSLATORS: a pile that a move has emptied: "tableau 3: empty now" */
    return g_strdup_printf (_("%s: empty now"), name);
  if (felt_state_card_face_down (after, pile, size - 1))
    /* TRANSLATORS: e.g. "reserve: a face-down card now on top" */
    return g_strdup_printf (_("%s: a face-down card now on top"), name);
  card = felt_phrase_card (felt_pile_top (after, pile), FELT_CARD_FORM_NAME);
  /* TRANSLATORS: what a move uncovered: "tableau 3: jack of hearts now on top" */
  return g_strdup_printf (_("%s: %s now on top"), name, card);
}

static char *
stock_sentences (const FeltState *before, const FeltState *after, GPtrArray *parts)
{
  const FeltGame *game = felt_state_game (before);

  if (after->redeals > before->redeals)
    {
      char *left = redeals_left (after);
      switch (game->redeal)
        {
        case FELT_REDEAL_TURN_WASTE:
          g_ptr_array_add (parts, g_strdup (_("Redeal: the waste turned over into the stock")));
          g_ptr_array_add (parts, stock_count (after));
          break;
        case FELT_REDEAL_SHUFFLE_RESERVES:
          g_ptr_array_add (parts, g_strdup (_("Redeal: the reserves shuffled into the stock")));
          g_ptr_array_add (parts, stock_count (after));
          break;
        case FELT_REDEAL_REGROUP:
          g_ptr_array_add (parts, g_strdup (_("Redeal: the tableau gathered and dealt again in fours")));
          break;
        case FELT_REDEAL_NONE:
        default:
          g_ptr_array_add (parts, g_strdup (_("Redeal")));
          break;
        }
      if (left)
        g_ptr_array_add (parts, left);
      return sentences (parts);
    }

  if (game->stock_deal == FELT_DEAL_TO_WASTE)
    {
      int waste = felt_game_find_pile (game, FELT_ROLE_WASTE, 0);
      g_autofree char *card = felt_phrase_card (felt_pile_top (after, (guint) waste), FELT_CARD_FORM_NAME);
      /* TRANSLATORS: the stock dealt a card onto the waste: "dealt four of spades" */
      g_ptr_array_add (parts, g_strdup_printf (_("Dealt %s"), card));
    }
  else
    {
      g_autoptr (GPtrArray) cards = g_ptr_array_new_with_free_func (g_free);
      g_autofree char *list = NULL;
      for (guint p = 0; p < game->n_piles; p++)
        if (game->piles[p].role == FELT_ROLE_RESERVE &&
            felt_pile_size (after, p) > felt_pile_size (before, p))
          g_ptr_array_add (cards, felt_phrase_card (felt_pile_top (after, p), FELT_CARD_FORM_NAME));
      list = list_join (cards, FALSE);
      /* TRANSLATORS: one card dealt onto each reserve: "dealt to the
         reserves: four of spades, ace of hearts and two of clubs" */
      g_ptr_array_add (parts, g_strdup_printf (_("Dealt to the reserves: %s"), list));
    }
  g_ptr_array_add (parts, stock_count (after));
  return sentences (parts);
}

/* ---- actions ---------------------------------------------------------------------- */

char *
felt_phrase_move (const FeltState *before, const FeltMove *move)
{
  g_autoptr (GPtrArray) parts = NULL;
  FeltState after;
  FeltUndo undo;

  g_return_val_if_fail (before != NULL && move != NULL, NULL);
  parts = g_ptr_array_new_with_free_func (g_free);
  after = *before;
  felt_state_apply (&after, move, &undo);
  if (move->stock)
    return stock_sentences (before, &after, parts);

  g_ptr_array_add (parts, move_clause (before, move));
  if (undo.follow.count > 0)
    {
      /* The engine's own move (Straight Up refills an emptied tableau
       * pile from the reserve), said as a move of its own: the cards it
       * put down are the top ones of its target now. */
      const FeltGame *game = felt_state_game (before);
      guint at = felt_pile_size (&after, undo.follow.to) - undo.follow.count;
      g_autofree char *card = felt_phrase_card (felt_pile_card (&after, undo.follow.to, at), FELT_CARD_FORM_SUBJECT);
      g_autofree char *to = felt_phrase_pile (game, undo.follow.to, FELT_PILE_FORM_TO);

      g_ptr_array_add (parts, g_strdup_printf (C_("move", "%s %s"), card, to));
      if (undo.follow.from != move->from && undo.follow.to != move->from)
        g_ptr_array_add (parts, uncovered (&after, move->from));
      if (felt_state_game (before)->piles[undo.follow.from].role != FELT_ROLE_STOCK)
        g_ptr_array_add (parts, uncovered (&after, undo.follow.from));
    }
  else if (felt_state_game (before)->piles[move->from].role != FELT_ROLE_STOCK)
    g_ptr_array_add (parts, uncovered (&after, move->from));
  return sentences (parts);
}

char *
felt_phrase_illegal (const FeltState *state, const FeltMove *move, FeltIllegal why)
{
  const FeltGame *game;
  g_autofree char *reason = NULL;
  g_autofree char *what = NULL;
  g_autofree char *sentence = NULL;
  guint size;

  g_return_val_if_fail (state != NULL && move != NULL, NULL);
  if (why == FELT_LEGAL)
    return NULL;
  game = felt_state_game (state);

  if (why == FELT_ILLEGAL_DOES_NOT_FIT && !move->stock && move->to < game->n_piles)
    {
      FeltRole role = game->piles[move->to].role;
      const FeltRoleRules *rules = &game->roles[role];
      guint target = felt_pile_size (state, move->to);

      if (target == 0 && rules->empty_rank == FELT_ACE)
        reason = g_strdup (_("only an ace can start an empty pile here"));
      else if (target == 0 && rules->empty_rank == FELT_KING)
        reason = g_strdup (_("only a king can start an empty pile here"));
      else if (target > 0)
        switch (rules->build)
          {
          case FELT_BUILD_UP_SUIT:
            /* TRANSLATORS: why a card does not fit: "this foundation builds up by suit" */
            reason = g_strdup_printf (_("%s builds up by suit"), this_pile (role));
            break;
          case FELT_BUILD_UP_ANY_SUIT:
            reason = g_strdup_printf (_("%s builds up whatever the suit"), this_pile (role));
            break;
          case FELT_BUILD_DOWN_SUIT:
            reason = g_strdup_printf (_("%s builds down by suit"), this_pile (role));
            break;
          case FELT_BUILD_STEP:
            {
              guint step = game->piles[move->to].index + 1u;
              /* TRANSLATORS: Hopscotch: foundation 2 goes 2, 4, 6 …:
                 "this foundation builds up 2 ranks at a time" */
              reason = g_strdup_printf (ngettext ("%s builds up %u rank at a time",
                                                  "%s builds up %u ranks at a time", step),
                                        this_pile (role), step);
            }
            break;
          case FELT_BUILD_NONE:
          case FELT_BUILD_ANY:
          default:
            break;
          }
    }
  if (reason == NULL)
    reason = g_strdup (_(felt_illegal_message (why)));

  if (move->stock || move->from >= game->n_piles || (size = felt_pile_size (state, move->from)) == 0 ||
      move->count == 0 || move->count > size)
    return felt_phrase_capitalize (reason);

  what = moving_cards (state, move);
  switch (why)
    {
    case FELT_ILLEGAL_DOES_NOT_FIT:
    case FELT_ILLEGAL_NOT_FROM_THERE:
    case FELT_ILLEGAL_PILE_COMPLETE:
      if (move->to >= game->n_piles)
        break;
      if (felt_pile_size (state, move->to) > 0 && !felt_state_card_face_down (state, move->to, felt_pile_size (state, move->to) - 1))
        {
          g_autofree char *on = felt_phrase_card (felt_pile_top (state, move->to), FELT_CARD_FORM_OBJECT);
          /* TRANSLATORS: "ten of clubs cannot go on the jack of hearts: this
             tableau builds down by suit" (the moving card, the card it
             was dropped on, the reason) */
          sentence = g_strdup_printf (_("%s cannot go on %s: %s"), what, on, reason);
        }
      else
        {
          g_autofree char *to = felt_phrase_pile (game, move->to, FELT_PILE_FORM_TO);
          /* TRANSLATORS: "ten of clubs cannot go to tableau 3: only a king
             can start an empty pile here" */
          sentence = g_strdup_printf (_("%s cannot go %s: %s"), what, to, reason);
        }
      break;
    case FELT_ILLEGAL_SOURCE_LOCKED:
    case FELT_ILLEGAL_NOT_A_RUN:
    case FELT_ILLEGAL_GAME_ENDED:
      /* TRANSLATORS: "ten of clubs cannot move: cards cannot be played from there" */
      sentence = g_strdup_printf (_("%s cannot move: %s"), what, reason);
      break;
    default:
      break;
    }
  return felt_phrase_capitalize (sentence ? sentence : reason);
}

static char *
stock_clause (const FeltState *before)
{
  FeltState after = *before;
  FeltUndo undo;
  FeltMove move = { .stock = TRUE };

  felt_state_apply (&after, &move, &undo);
  if (after.redeals > before->redeals)
    return g_strdup (C_("clause", "the redeal"));
  return g_strdup (C_("clause", "the deal from the stock"));
}

/* Undo and Redo take a turn: the player's move and the cards that went
 * home by themselves after it (n_auto of them). */
char *
felt_phrase_undo (const FeltState *before, const FeltMove *move, guint n_auto)
{
  g_autofree char *clause = move->stock ? stock_clause (before) : move_clause (before, move);
  g_autofree char *s = NULL;

  if (n_auto > 0)
    /* TRANSLATORS: Undo of a move and the cards that went to the
       foundations by themselves after it: "took back: four of hearts to
       tableau 3, and 3 cards that went home by themselves" */
    s = g_strdup_printf (ngettext ("Took back: %s, and %u card that went home by itself",
                                   "Took back: %s, and %u cards that went home by themselves", n_auto),
                         clause, n_auto);
  else
    /* TRANSLATORS: Undo: "took back: ten of clubs to foundation 1",
       "took back: the deal from the stock" */
    s = g_strdup_printf (_("Took back: %s"), clause);
  return felt_phrase_capitalize (s);
}

char *
felt_phrase_redo (const FeltState *before, const FeltMove *move, guint n_auto)
{
  g_autofree char *clause = move->stock ? stock_clause (before) : move_clause (before, move);
  g_autofree char *s = NULL;

  if (n_auto > 0)
    /* TRANSLATORS: Redo of a move and the cards that go to the foundations
       by themselves after it: "played again: four of hearts to tableau 3,
       and 3 cards went home by themselves" */
    s = g_strdup_printf (ngettext ("Played again: %s, and %u card went home by itself",
                                   "Played again: %s, and %u cards went home by themselves", n_auto),
                         clause, n_auto);
  else
    /* TRANSLATORS: Redo: "played again: ten of clubs to foundation 1" */
    s = g_strdup_printf (_("Played again: %s"), clause);
  return felt_phrase_capitalize (s);
}

char *
felt_phrase_undo_many (guint n_moves)
{
  return g_strdup_printf (ngettext ("Took back %u move", "Took back %u moves", n_moves), n_moves);
}

char *
felt_phrase_auto (const FeltState *before, const FeltMove *moves, guint n_moves)
{
  const FeltGame *game = felt_state_game (before);
  g_autoptr (GPtrArray) clauses = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *list = NULL;
  FeltState st = *before;
  gboolean all_home = TRUE;

  if (n_moves == 0)
    return NULL;
  for (guint i = 0; i < n_moves; i++)
    {
      FeltUndo undo;
      if (moves[i].stock || game->piles[moves[i].to].role != FELT_ROLE_FOUNDATION)
        all_home = FALSE;
      g_ptr_array_add (clauses, moves[i].stock ? stock_clause (&st) : move_clause (&st, &moves[i]));
      felt_state_apply (&st, &moves[i], &undo);
    }
  /* Beyond three, a list is too long to listen to. */
  if (n_moves > 3 && all_home)
    return g_strdup_printf (ngettext ("%u card went to the foundations by itself",
                                      "%u cards went to the foundations by themselves", n_moves), n_moves);
  if (n_moves > 3)
    return g_strdup_printf (ngettext ("%u move played by itself", "%u moves played by themselves", n_moves), n_moves);
  list = list_join (clauses, FALSE);
  {
    /* TRANSLATORS: moves Felt made by itself: "by itself: ten of clubs to
       foundation 1 and jack of clubs to foundation 1" */
    g_autofree char *s = g_strdup_printf (_("By itself: %s"), list);
    return felt_phrase_capitalize (s);
  }
}

char *
felt_phrase_hint (const FeltState *state, const FeltMove *move)
{
  const FeltGame *game = felt_state_game (state);
  g_autofree char *card = NULL;
  g_autofree char *to = NULL;
  g_autofree char *s = NULL;
  guint size;

  if (move == NULL)
    return g_strdup (_("No useful move is left"));
  if (move->stock)
    {
      FeltState after = *state;
      FeltUndo undo;
      felt_state_apply (&after, move, &undo);
      if (after.redeals > state->redeals)
        return g_strdup (_("Hint: redeal"));
      return g_strdup (_("Hint: deal from the stock"));
    }
  size = felt_pile_size (state, move->from);
  g_return_val_if_fail (move->count >= 1 && move->count <= size, NULL);
  card = felt_phrase_card (felt_pile_card (state, move->from, size - move->count), FELT_CARD_FORM_OBJECT);
  to = felt_phrase_pile (game, move->to, FELT_PILE_FORM_TO);
  if (move->count > 1)
    /* TRANSLATORS: Hint, for a run of cards moving together: "Hint: move
       the ten of clubs and 2 cards on it to tableau 4" (the card in its
       object form, then the pile with its preposition) */
    s = g_strdup_printf (ngettext ("Hint: move %s and %u card on it %s",
                                   "Hint: move %s and %u cards on it %s", move->count - 1),
                         card, move->count - 1u, to);
  else
    /* TRANSLATORS: Hint: "Hint: move the seven of hearts to foundation 2".
       The card comes in its object form (context "card rank, object":
       with its article, or in the accusative), the pile with its
       preposition (context "to pile"); both in lower case. */
    s = g_strdup_printf (_("Hint: move %s %s"), card, to);
  return g_steal_pointer (&s);
}

/* ---- review ----------------------------------------------------------------------- */

char *
felt_phrase_pile_contents (const FeltState *state, guint pile)
{
  const FeltGame *game = felt_state_game (state);
  g_autofree char *name = NULL;
  g_autoptr (GPtrArray) items = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *list = NULL;
  g_autofree char *s = NULL;
  guint size, down = 0;

  g_return_val_if_fail (pile < game->n_piles, NULL);
  name = felt_phrase_pile (game, pile, FELT_PILE_FORM_NAME);
  size = felt_pile_size (state, pile);
  if (size == 0)
    {
      /* TRANSLATORS: a pile read aloud: "tableau 3: empty" */
      s = g_strdup_printf (_("%s: empty"), name);
      return felt_phrase_capitalize (s);
    }
  for (guint i = 0; i < size; i++)
    {
      if (felt_state_card_face_down (state, pile, i))
        {
          down++;
          continue;
        }
      if (down > 0)
        {
          g_ptr_array_add (items, g_strdup_printf (ngettext ("%u face-down card", "%u face-down cards", down), down));
          down = 0;
        }
      g_ptr_array_add (items, felt_phrase_card (felt_pile_card (state, pile, i), FELT_CARD_FORM_NAME));
    }
  if (down > 0)
    g_ptr_array_add (items, g_strdup_printf (ngettext ("%u face-down card", "%u face-down cards", down), down));
  /* Cards from the bottom up, joined by commas: the player listens in
   * the order they lie. */
  list = g_strdup (g_ptr_array_index (items, 0));
  for (guint i = 1; i < items->len; i++)
    {
      char *next = g_strdup_printf (C_("list", "%s, %s"), list, (char *) g_ptr_array_index (items, i));
      g_free (list);
      list = next;
    }
  if (items->len == 1)
    /* TRANSLATORS: a pile read aloud when all its cards are one item:
       "waste: four of spades", "stock: 30 face-down cards" */
    s = g_strdup_printf (C_("pile contents", "%s: %s"), name, list);
  else
    /* TRANSLATORS: a pile read aloud, bottom card first: "tableau 3, from
       the bottom: 2 face-down cards, nine of spades, eight of hearts" */
    s = g_strdup_printf (_("%s, from the bottom: %s"), name, list);
  return felt_phrase_capitalize (s);
}

char *
felt_phrase_destinations (const FeltState *state, guint pile, guint index)
{
  const FeltGame *game = felt_state_game (state);
  FeltMove moves[FELT_MAX_MOVES];
  g_autoptr (GPtrArray) places = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *card = NULL;
  g_autofree char *list = NULL;
  g_autofree char *s = NULL;
  guint size, n;

  g_return_val_if_fail (pile < game->n_piles, NULL);
  size = felt_pile_size (state, pile);
  if (size == 0)
    return g_strdup (_("There is no card here"));
  if (index >= size)
    index = size - 1;
  if (felt_state_card_face_down (state, pile, index))
    return g_strdup (_("A face-down card cannot move"));
  card = felt_phrase_card (felt_pile_card (state, pile, index), FELT_CARD_FORM_SUBJECT);
  n = felt_state_legal_moves (state, moves);
  for (guint i = 0; i < n; i++)
    if (!moves[i].stock && moves[i].from == pile && moves[i].count == size - index)
      g_ptr_array_add (places, felt_phrase_pile (game, moves[i].to, FELT_PILE_FORM_TO));
  if (places->len == 0)
    /* TRANSLATORS: "where can this card go": "nine of spades has nowhere to go" */
    s = g_strdup_printf (_("%s has nowhere to go"), card);
  else
    {
      list = list_join (places, TRUE);
      /* TRANSLATORS: "where can this card go": "nine of spades can go to
         foundation 2 or to tableau 5" (the places with their prepositions) */
      s = g_strdup_printf (_("%s can go %s"), card, list);
    }
  return felt_phrase_capitalize (s);
}

char *
felt_phrase_status (const FeltState *state)
{
  const FeltGame *game = felt_state_game (state);
  g_autoptr (GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);
  FeltStatus status;

  felt_state_status (state, &status);
  g_ptr_array_add (parts, g_strdup_printf (_("Score: %u of %u"), felt_state_score (state), felt_game_max_score (game)));
  if (status.stock >= 0)
    g_ptr_array_add (parts, stock_count (state));
  if (status.reserve >= 0)
    g_ptr_array_add (parts, g_strdup_printf (ngettext ("%d card left in the reserve", "%d cards left in the reserve",
                                                       status.reserve), status.reserve));
  if (game->status & FELT_SHOW_REDEALS)
    {
      char *left = redeals_left (state);
      g_ptr_array_add (parts, left ? left : g_strdup (_("Unlimited redeals")));
    }
  if (status.not_on_foundations >= 0)
    g_ptr_array_add (parts, g_strdup_printf (ngettext ("%d card not on the foundations", "%d cards not on the foundations",
                                                       status.not_on_foundations), status.not_on_foundations));
  return sentences (parts);
}

char *
felt_phrase_game_end (const FeltState *state)
{
  const FeltGame *game = felt_state_game (state);

  if (felt_state_is_won (state))
    return g_strdup (_("You won: every card is on the foundations"));
  if (felt_state_is_over (state))
    {
      g_autoptr (GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);
      /* TRANSLATORS: the end of a lost game, followed by the score */
      g_ptr_array_add (parts, g_strdup (_("No move is left: the game is over")));
      g_ptr_array_add (parts, g_strdup_printf (_("Score: %u of %u"), felt_state_score (state), felt_game_max_score (game)));
      return sentences (parts);
    }
  return NULL;
}
