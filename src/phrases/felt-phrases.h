/* felt-phrases.h: the sentences a player hears from a screen reader and
 * reads in the status line, built from the engine's positions and moves.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * GLib and the rules engine only (no GTK), so that the words are tested
 * without a display (tests/test-phrases.c).  Every function returns a new
 * string in the player's language: one or more sentences, the first
 * letter capitalised, without a final full stop (the status line shows
 * them as they are; screen readers pause at the end anyway).
 *
 * Sentences are made from lower-case card and pile names whose forms the
 * translators choose (FeltCardForm, FeltPileForm): French, Spanish and
 * Catalan put an article inside the name ("le sept de cœur", "l'as de
 * pique", "el diez de tréboles"), Russian a case ("семёрку червей").
 */
#pragma once

#include "felt-rules.h"

G_BEGIN_DECLS

typedef enum {
  FELT_CARD_FORM_NAME,    /* a bare name, in a list: "seven of hearts" */
  FELT_CARD_FORM_OBJECT,  /* as the object of a verb or after "on": "the seven of hearts" */
  FELT_CARD_FORM_SUBJECT, /* the subject that begins a sentence: "seven of hearts"
                           * in English, "le sept de cœur" in French */
} FeltCardForm;

typedef enum {
  FELT_PILE_FORM_NAME,    /* as a subject: "tableau 3", "stock" */
  FELT_PILE_FORM_TO,      /* where a card goes: "to tableau 3" */
} FeltPileForm;

/* Names */
char *felt_phrase_card (FeltCard card, FeltCardForm form);
char *felt_phrase_pile (const FeltGame *game, guint pile, FeltPileForm form);
/* The first letter in upper case ("tableau 3" -> "Tableau 3"). */
char *felt_phrase_capitalize (const char *text);

/* What a move did, said after it was made; `before` is the position
 * before it.  "Ten of clubs to foundation 1. Tableau 3: jack of hearts
 * now on top"; for the stock, "Dealt four of spades. 30 cards in the
 * stock", "Redeal: … 2 redeals left". */
char *felt_phrase_move (const FeltState *before, const FeltMove *move);
/* Why a move is refused: "Ten of clubs cannot go on the jack of hearts:
 * this tableau builds down by suit".  `why` is felt_state_check_move's. */
char *felt_phrase_illegal (const FeltState *state, const FeltMove *move, FeltIllegal why);
/* Undo and Redo of a turn: the move and the n_auto cards that went home
 * by themselves after it; `before` is the position before the move
 * (after Undo).  "Took back: ten of clubs to foundation 1", "Took back:
 * four of hearts to tableau 3, and 2 cards that went home by themselves". */
char *felt_phrase_undo (const FeltState *before, const FeltMove *move, guint n_auto);
char *felt_phrase_redo (const FeltState *before, const FeltMove *move, guint n_auto);
/* Undo of several moves at once (Undo to Winnable): "Took back 3 moves". */
char *felt_phrase_undo_many (guint n_moves);
/* Moves Felt made by itself, one after another from `before`:
 * "Played by itself: ten of clubs to foundation 1, jack of clubs to
 * foundation 1", or a count when there are many. */
char *felt_phrase_auto (const FeltState *before, const FeltMove *moves, guint n_moves);
/* "Hint: move the seven of hearts to foundation 2", "Hint: deal from the
 * stock".  NULL move: "No useful move is left". */
char *felt_phrase_hint (const FeltState *state, const FeltMove *move);

/* Review */
/* "Tableau 3, from the bottom: 2 face-down cards, nine of spades, eight
 * of hearts"; "Tableau 3: empty". */
char *felt_phrase_pile_contents (const FeltState *state, guint pile);
/* Where the card at `index` of `pile` (and the cards on it) can go:
 * "Nine of spades can go to foundation 2 or to tableau 5", "Nine of
 * spades has nowhere to go". */
char *felt_phrase_destinations (const FeltState *state, guint pile, guint index);
/* The engine's figures: "Score: 12 of 48. 30 cards left in the stock.
 * 2 redeals left" (what the game shows, RULES.md "Status"). */
char *felt_phrase_status (const FeltState *state);
/* The end of a game: "You won: every card is on the foundations", "No
 * move is left: the game is over. Score: 30 of 48"; NULL while it goes on. */
char *felt_phrase_game_end (const FeltState *state);

G_END_DECLS
