/* test-deal.c: the seeded deal, pinned for ever.
 *
 * doc/rules.md: the same game + deal number gives the same layout on every
 * machine and every release.  The literal layouts below were produced
 * once by the engine and checked against doc/rules.md (pile sizes, every
 * card once, or twice in Backbone, the foundation starters, which cards
 * lie face down).  They must never change: a change here means every
 * saved game, statistic and bug report with a deal number breaks.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "felt-test-util.h"

typedef struct {
  const char *pile;   /* doc/felt-cli.md name */
  const char *cards;  /* bottom first, "#" before a face-down card */
} PinnedPile;

typedef struct {
  const char *game;
  guint32 seed;
  guint64 rng;        /* the generator after the deal (Scuffle's reshuffles) */
  const PinnedPile *piles;
} PinnedDeal;

static const PinnedPile hopscotch_0[] = {
  { "stock",
    "#7S #9H #KS #TH #9S #4H #4S #6C #8D #2S #3D #JC #AH #QD #QH #5S "
    "#2D #3H #9C #3S #7D #KC #KH #2H #6H #7C #QS #JD #7H #4D #6S #TD "
    "#KD #8H #8C #TS #9D #5D #8S #TC #5C #AD #QC #AS #JH #JS #6D #5H" },
  { "waste", "" },
  { "foundation.0", "AC" },
  { "foundation.1", "2C" },
  { "foundation.2", "3C" },
  { "foundation.3", "4C" },
  { "reserve.0", "" },
  { "reserve.1", "" },
  { "reserve.2", "" },
  { "reserve.3", "" },
  { NULL, NULL }
};

static const PinnedPile hopscotch_1[] = {
  { "stock",
    "#KS #QH #KD #4S #8H #JC #8D #AH #KH #3S #2H #7C #TH #9H #4D #TC "
    "#TD #AD #5S #2D #8S #3H #QD #JH #6S #6C #4H #7S #9D #JS #KC #8C "
    "#7H #6H #QS #7D #6D #QC #9S #5D #5C #2S #AS #JD #5H #TS #3D #9C" },
  { "waste", "" },
  { "foundation.0", "AC" },
  { "foundation.1", "2C" },
  { "foundation.2", "3C" },
  { "foundation.3", "4C" },
  { "reserve.0", "" },
  { "reserve.1", "" },
  { "reserve.2", "" },
  { "reserve.3", "" },
  { NULL, NULL }
};

static const PinnedPile hopscotch_4294967295[] = {
  { "stock",
    "#4D #8C #5S #KS #8D #4S #4H #QD #QC #2H #KC #3D #9H #7D #3H #5H "
    "#7H #TD #8H #AS #KH #8S #TS #5D #9C #KD #6H #7S #5C #2D #JD #9S "
    "#9D #QS #JH #JS #6C #AD #7C #JC #AH #2S #3S #6D #QH #6S #TC #TH" },
  { "waste", "" },
  { "foundation.0", "AC" },
  { "foundation.1", "2C" },
  { "foundation.2", "3C" },
  { "foundation.3", "4C" },
  { "reserve.0", "" },
  { "reserve.1", "" },
  { "reserve.2", "" },
  { "reserve.3", "" },
  { NULL, NULL }
};

static const PinnedPile cruel_0[] = {
  { "stock", "" },
  { "foundation.0", "AH" },
  { "foundation.1", "AS" },
  { "foundation.2", "AC" },
  { "foundation.3", "AD" },
  { "tableau.0", "3S 7D TS 6D" },
  { "tableau.1", "8H KD 5H 6S" },
  { "tableau.2", "4C KC 8C 4S" },
  { "tableau.3", "5C JD 8S 7S" },
  { "tableau.4", "5D QC 4H JC" },
  { "tableau.5", "3D QH JH 9D" },
  { "tableau.6", "TH TD TC 9S" },
  { "tableau.7", "6C QS 3H 2S" },
  { "tableau.8", "2C 6H 2D 8D" },
  { "tableau.9", "3C 4D 5S QD" },
  { "tableau.10", "9H JS 7H KH" },
  { "tableau.11", "9C KS 2H 7C" },
  { NULL, NULL }
};

static const PinnedPile cruel_1[] = {
  { "stock", "" },
  { "foundation.0", "AS" },
  { "foundation.1", "AH" },
  { "foundation.2", "AC" },
  { "foundation.3", "AD" },
  { "tableau.0", "2H 5C 6D 7H" },
  { "tableau.1", "7D 6H 5S JC" },
  { "tableau.2", "4C 9D 9C 4H" },
  { "tableau.3", "2S 9H KS QD" },
  { "tableau.4", "QH 4D 6C 3H" },
  { "tableau.5", "2C 5D KH TC" },
  { "tableau.6", "2D 8D 8H 5H" },
  { "tableau.7", "JS 7C TS KD" },
  { "tableau.8", "KC 7S QS QC" },
  { "tableau.9", "JH 8S 9S 4S" },
  { "tableau.10", "3D TD 3C 6S" },
  { "tableau.11", "8C TH 3S JD" },
  { NULL, NULL }
};

static const PinnedPile cruel_4294967295[] = {
  { "stock", "" },
  { "foundation.0", "AH" },
  { "foundation.1", "AS" },
  { "foundation.2", "AD" },
  { "foundation.3", "AC" },
  { "tableau.0", "TC TD 8C TH" },
  { "tableau.1", "JD QH 8D 3H" },
  { "tableau.2", "4S TS QD 6C" },
  { "tableau.3", "2C 9S 8H QC" },
  { "tableau.4", "4D 6S 2H 5D" },
  { "tableau.5", "JC 7C KC 7S" },
  { "tableau.6", "3D 9C 8S QS" },
  { "tableau.7", "4C 9D JH KS" },
  { "tableau.8", "7H 4H 7D 3S" },
  { "tableau.9", "2S 5S KH 5H" },
  { "tableau.10", "JS 9H 6D 2D" },
  { "tableau.11", "6H 3C KD 5C" },
  { NULL, NULL }
};

static const PinnedPile straight_up_0[] = {
  { "stock",
    "#QH #TC #8C #7S #7H #JS #7D #3H #6H #4H #KC #3D #AH #6C #9S #7C "
    "#JC #KS #KH #TD #KD #6D #AD #9H #JH #AS #5C #TH #QC #6S #8S" },
  { "waste", "" },
  { "foundation.0", "2S" },
  { "foundation.1", "2C" },
  { "foundation.2", "2D" },
  { "foundation.3", "2H" },
  { "tableau.0", "5S" },
  { "tableau.1", "5D" },
  { "tableau.2", "TS" },
  { "tableau.3", "3C" },
  { "reserve.0", "#QD #4D #8H #9D #8D #5H #3S #QS #4C #4S #9C #AC JD" },
  { NULL, NULL }
};

static const PinnedPile straight_up_1[] = {
  { "stock",
    "#QH #3D #9H #JC #JS #7D #TD #4D #TH #KC #4S #4C #5S #7C #QS #8S "
    "#9D #3S #3C #6D #KS #4H #JD #AD #QC #9C #AS #TS #3H #6C #6H" },
  { "waste", "" },
  { "foundation.0", "2C" },
  { "foundation.1", "2S" },
  { "foundation.2", "2H" },
  { "foundation.3", "2D" },
  { "tableau.0", "AH" },
  { "tableau.1", "6S" },
  { "tableau.2", "KD" },
  { "tableau.3", "AC" },
  { "reserve.0", "#KH #JH #TC #8C #5D #5C #8D #QD #9S #5H #8H #7H 7S" },
  { NULL, NULL }
};

static const PinnedPile straight_up_4294967295[] = {
  { "stock",
    "#6H #6S #5H #TH #3S #4S #8S #7D #9C #8D #7H #JC #KC #5D #6D #AS "
    "#TC #4D #5S #TD #4H #KH #QH #AH #6C #3C #8H #QS #JH #TS #KD" },
  { "waste", "" },
  { "foundation.0", "2D" },
  { "foundation.1", "2H" },
  { "foundation.2", "2S" },
  { "foundation.3", "2C" },
  { "tableau.0", "9H" },
  { "tableau.1", "KS" },
  { "tableau.2", "3H" },
  { "tableau.3", "9S" },
  { "reserve.0", "#QC #3D #8C #7C #9D #AC #4C #AD #7S #5C #JS #JD QD" },
  { NULL, NULL }
};

static const PinnedPile scuffle_0[] = {
  { "stock",
    "#4D #2D #6H #7H #9D #6C #TH #6D #QH #8H #3H #8S #4H #TD #TC #JC "
    "#QD #KS #7S #2H #QC #2S #2C #9H #3S #8C #4S #5C #7C #9C #3D #TS "
    "#KD #3C #KH #5H #JS #QS #KC #7D #6S #JH #8D #5D" },
  { "foundation.0", "AD" },
  { "foundation.1", "AS" },
  { "foundation.2", "AC" },
  { "foundation.3", "AH" },
  { "reserve.0", "9S" },
  { "reserve.1", "JD" },
  { "reserve.2", "5S" },
  { "reserve.3", "4C" },
  { NULL, NULL }
};

static const PinnedPile scuffle_1[] = {
  { "stock",
    "#JH #KD #3H #2S #JS #JD #7C #3C #2H #8S #KH #7S #5H #TH #QH #TD "
    "#7H #KS #4S #6H #9D #6S #QS #4D #TC #2D #9C #7D #3S #3D #JC #6D "
    "#QD #9S #TS #2C #5S #KC #8D #5C #5D #4H #4C #QC" },
  { "foundation.0", "AD" },
  { "foundation.1", "AH" },
  { "foundation.2", "AS" },
  { "foundation.3", "AC" },
  { "reserve.0", "9H" },
  { "reserve.1", "8H" },
  { "reserve.2", "6C" },
  { "reserve.3", "8C" },
  { NULL, NULL }
};

static const PinnedPile scuffle_4294967295[] = {
  { "stock",
    "#TC #4C #7C #KC #QS #8C #QC #8H #7D #4H #8S #4D #TS #6D #KH #9C "
    "#2H #5C #7S #5H #2D #QD #JD #9D #6C #7H #3D #KS #9H #5S #6S #5D "
    "#QH #3H #8D #JC #9S #TH #3S #KD #JS #2C #6H #TD" },
  { "foundation.0", "AS" },
  { "foundation.1", "AH" },
  { "foundation.2", "AD" },
  { "foundation.3", "AC" },
  { "reserve.0", "4S" },
  { "reserve.1", "3C" },
  { "reserve.2", "JH" },
  { "reserve.3", "2S" },
  { NULL, NULL }
};

static const PinnedPile backbone_0[] = {
  { "stock",
    "#5C #6H #TH #TH #KC #7H #9C #KH #4H #6C #6D #QC #QD #KS #3C #9D "
    "#4D #2C #JS #8D #2S #3D #AS #8S #KD #TS #TS #KC #4C #4S #4C #9H "
    "#8C #KD #6H #8H #5H #KS #AS #JC #2D #JS #5D #JH #3C #7S #9S #3H "
    "#4S #3H #6C #6S #7H #5H #8H #8S #QH #4D #AD #TC #TC #2S #JD #5S "
    "#9S #AD #3S #7C #7S #3S #AH #TD #2D #6D #JH #9D #8C" },
  { "waste", "" },
  { "foundation.0", "" },
  { "foundation.1", "" },
  { "foundation.2", "" },
  { "foundation.3", "" },
  { "foundation.4", "" },
  { "foundation.5", "" },
  { "foundation.6", "" },
  { "foundation.7", "" },
  { "tableau.0", "2H" },
  { "tableau.1", "JD" },
  { "tableau.2", "5C" },
  { "tableau.3", "QH" },
  { "tableau.4", "2H" },
  { "tableau.5", "5D" },
  { "tableau.6", "AH" },
  { "tableau.7", "9C" },
  { "reserve.0", "5S KH AC 6S 3D QD TD 7C 9H" },
  { "reserve.1", "QS 2C AC 7D 4H QC 7D QS 8D" },
  { "reserve.2", "JC" },
  { NULL, NULL }
};

static const PinnedPile backbone_1[] = {
  { "stock",
    "#6C #JS #KH #2C #KH #8S #AS #TC #8H #5C #AH #4S #7C #2H #8S #QS "
    "#9D #9C #KS #9C #JS #TS #6S #JC #5S #7S #6S #AD #3S #9S #2D #TC "
    "#6D #2S #7D #7H #6H #7S #AC #9H #5S #TS #QH #6C #4S #9S #9H #3S "
    "#3D #2H #7C #AH #2C #7D #AS #TD #JC #4H #KC #3H #KC #8C #6D #3C "
    "#AC #5H #TD #JD #JH #TH #4D #JD #5C #AD #4H #5D #5H" },
  { "waste", "" },
  { "foundation.0", "" },
  { "foundation.1", "" },
  { "foundation.2", "" },
  { "foundation.3", "" },
  { "foundation.4", "" },
  { "foundation.5", "" },
  { "foundation.6", "" },
  { "foundation.7", "" },
  { "tableau.0", "QD" },
  { "tableau.1", "KS" },
  { "tableau.2", "8H" },
  { "tableau.3", "JH" },
  { "tableau.4", "4C" },
  { "tableau.5", "QS" },
  { "tableau.6", "QD" },
  { "tableau.7", "4C" },
  { "reserve.0", "KD 2D 8D QC 5D 3C 3D 2S 6H" },
  { "reserve.1", "8C 7H 9D KD TH 4D 8D QC 3H" },
  { "reserve.2", "QH" },
  { NULL, NULL }
};

static const PinnedPile backbone_4294967295[] = {
  { "stock",
    "#2H #QC #TC #2D #3D #JS #JC #2S #3S #6H #4D #3C #4H #TC #QS #2H "
    "#9D #5S #KD #AC #QD #6S #7S #7H #6C #9S #AD #7D #TD #2C #9H #4S "
    "#QD #KS #9D #6S #2S #9C #AS #QH #TS #8C #AD #6D #8D #JH #8S #KS "
    "#3H #KC #2C #5D #5D #AH #TH #4H #5H #4D #7C #8H #7H #4C #AC #8C "
    "#5H #JD #KH #5C #KC #3H #8S #AS #5S #TD #JC #3C #7D" },
  { "waste", "" },
  { "foundation.0", "" },
  { "foundation.1", "" },
  { "foundation.2", "" },
  { "foundation.3", "" },
  { "foundation.4", "" },
  { "foundation.5", "" },
  { "foundation.6", "" },
  { "foundation.7", "" },
  { "tableau.0", "8H" },
  { "tableau.1", "6H" },
  { "tableau.2", "9C" },
  { "tableau.3", "KH" },
  { "tableau.4", "7C" },
  { "tableau.5", "3D" },
  { "tableau.6", "QH" },
  { "tableau.7", "JH" },
  { "reserve.0", "TS AH KD TH 3S QS QC JD 8D" },
  { "reserve.1", "9S 2D 6C 4C 7S 9H 5C 4S JS" },
  { "reserve.2", "6D" },
  { NULL, NULL }
};

static const PinnedDeal pinned_deals[] = {
  { "hopscotch", 0u, G_GUINT64_CONSTANT (0xed7cb0675bd6b82f), hopscotch_0 },
  { "hopscotch", 1u, G_GUINT64_CONSTANT (0xed7cb0675bd6b830), hopscotch_1 },
  { "hopscotch", 4294967295u, G_GUINT64_CONSTANT (0xed7cb0685bd6b82e), hopscotch_4294967295 },
  { "cruel", 0u, G_GUINT64_CONSTANT (0xe87fb5605bd6b82f), cruel_0 },
  { "cruel", 1u, G_GUINT64_CONSTANT (0xe87fb5605bd6b830), cruel_1 },
  { "cruel", 4294967295u, G_GUINT64_CONSTANT (0xe87fb5615bd6b82e), cruel_4294967295 },
  { "straight-up", 0u, G_GUINT64_CONSTANT (0xf881b5645bd6b82f), straight_up_0 },
  { "straight-up", 1u, G_GUINT64_CONSTANT (0xf881b5645bd6b830), straight_up_1 },
  { "straight-up", 4294967295u, G_GUINT64_CONSTANT (0xf881b5655bd6b82e), straight_up_4294967295 },
  { "scuffle", 0u, G_GUINT64_CONSTANT (0xf870b55a5bd6b82f), scuffle_0 },
  { "scuffle", 1u, G_GUINT64_CONSTANT (0xf870b55a5bd6b830), scuffle_1 },
  { "scuffle", 4294967295u, G_GUINT64_CONSTANT (0xf870b55b5bd6b82e), scuffle_4294967295 },
  { "backbone", 0u, G_GUINT64_CONSTANT (0x0ab35d0d36f7ec73), backbone_0 },
  { "backbone", 1u, G_GUINT64_CONSTANT (0x0ab35d0d36f7ec74), backbone_1 },
  { "backbone", 4294967295u, G_GUINT64_CONSTANT (0x0ab35d0e36f7ec72), backbone_4294967295 },
};

/* ---- helpers -------------------------------------------------------------- */

/* The cards of a pile as in PinnedPile: "#" before a face-down card. */
static char *
pile_text (const FeltState *st, guint pile)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < felt_pile_size (st, pile); i++)
    {
      char name[3];

      assert_true (felt_card_to_string (felt_pile_card (st, pile, i), name));
      if (i)
        g_string_append_c (out, ' ');
      if (felt_state_card_face_down (st, pile, i))
        g_string_append_c (out, '#');
      g_string_append (out, name);
    }
  return g_string_free (out, FALSE);
}

/* Pile sizes right after the deal, in pile order (doc/rules.md), for
 * the five games; check_deal checks every other part of a deal for any
 * game of the engine's list. */
static const guint8 hopscotch_sizes[] = { 48, 0, 1, 1, 1, 1, 0, 0, 0, 0 };
static const guint8 cruel_sizes[] = { 0, 1, 1, 1, 1, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4 };
static const guint8 straight_up_sizes[] = { 31, 0, 1, 1, 1, 1, 1, 1, 1, 1, 13 };
/* Scuffle starts with the first round dealt onto the reserves. */
static const guint8 scuffle_sizes[] = { 44, 1, 1, 1, 1, 1, 1, 1, 1 };
static const guint8 backbone_sizes[] = {
  77, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 9, 9, 1,
};

typedef struct {
  const char *id;
  const guint8 *sizes;
  guint n_piles;
  guint n_foundations;
} DealSizes;

static const DealSizes deal_sizes[] = {
  { "hopscotch", hopscotch_sizes, G_N_ELEMENTS (hopscotch_sizes), 4 },
  { "cruel", cruel_sizes, G_N_ELEMENTS (cruel_sizes), 4 },
  { "straight-up", straight_up_sizes, G_N_ELEMENTS (straight_up_sizes), 4 },
  { "scuffle", scuffle_sizes, G_N_ELEMENTS (scuffle_sizes), 4 },
  { "backbone", backbone_sizes, G_N_ELEMENTS (backbone_sizes), 8 },
};

static const DealSizes *
deal_sizes_for (const FeltGame *game)
{
  for (guint i = 0; i < G_N_ELEMENTS (deal_sizes); i++)
    if (g_str_equal (deal_sizes[i].id, game->id))
      return &deal_sizes[i];
  return NULL;
}

/* Everything doc/rules.md says about a fresh deal of `id`, for any seed. */
static void
check_deal (const FeltState *st, FeltGameId id, guint32 seed)
{
  const FeltGame *game = felt_game_get (id);
  const DealSizes *pin = deal_sizes_for (game);
  guint copies[FELT_N_SUITS][14] = { { 0 } };
  guint found_suits = 0;
  guint n_foundations = 0;

  assert_int_equal (st->game, id);
  if (pin)
    {
      assert_int_equal (game->n_piles, pin->n_piles);
      /* Of the five, only Straight Up hides its reserve. */
      assert_int_equal (game->reserve_face_down, g_str_equal (game->id, "straight-up"));
    }
  assert_int_equal (st->n_cards, 52 * game->n_decks);
  assert_int_equal (st->redeals, 0);
  assert_int_equal (st->flags, 0);
  assert_int_equal (st->start[0], 0);
  assert_int_equal (st->start[game->n_piles], st->n_cards);
  for (guint i = st->n_cards; i < FELT_MAX_CARDS; i++)
    assert_int_equal (st->cards[i], 0);
  for (guint p = game->n_piles + 1; p <= FELT_MAX_PILES; p++)
    assert_int_equal (st->start[p], 0);
  for (guint i = 0; i < sizeof st->pad; i++)
    assert_int_equal (st->pad[i], 0);

  for (guint p = 0; p < game->n_piles; p++)
    {
      FeltRole role = game->piles[p].role;
      guint size;

      assert_true (st->start[p] <= st->start[p + 1]);
      size = felt_pile_size (st, p);
      if (pin && size != pin->sizes[p])
        fail_msg ("%s seed %u: pile %u holds %u cards, not %u",
                  game->id, seed, p, size, pin->sizes[p]);

      for (guint i = 0; i < size; i++)
        {
          FeltCard c = felt_pile_card (st, p, i);
          gboolean down;

          assert_true (FELT_CARD_RANK (c) >= 1 && FELT_CARD_RANK (c) <= 13);
          assert_true (FELT_CARD_SUIT (c) < FELT_N_SUITS);
          copies[FELT_CARD_SUIT (c)][FELT_CARD_RANK (c)]++;

          /* The stock lies face down; so does Straight Up's reserve but
           * for its top card; every other card is face up. */
          if (role == FELT_ROLE_STOCK)
            down = TRUE;
          else if (game->reserve_face_down && role == FELT_ROLE_RESERVE)
            down = i + 1 < size;
          else
            down = FALSE;
          assert_int_equal (felt_state_card_face_down (st, p, i), down);
        }

      if (role != FELT_ROLE_FOUNDATION)
        continue;
      switch (id)
        {
        case FELT_GAME_HOPSCOTCH:
          /* foundation.n starts with the (n+1) of clubs */
          assert_int_equal (felt_pile_top (st, p),
                            FELT_CARD (game->piles[p].index + 1, FELT_CLUBS));
          break;
        case FELT_GAME_CRUEL:
        case FELT_GAME_SCUFFLE:
        case FELT_GAME_STRAIGHT_UP:
          {
            FeltCard c = felt_pile_top (st, p);
            guint rank = id == FELT_GAME_STRAIGHT_UP ? 2 : FELT_ACE;
            assert_int_equal (FELT_CARD_RANK (c), rank);
            assert_false (found_suits & (1u << FELT_CARD_SUIT (c)));
            found_suits |= 1u << FELT_CARD_SUIT (c);
          }
          break;
        case FELT_GAME_BACKBONE:
        case FELT_N_GAMES:
        default:
          break;
        }
      n_foundations++;
    }
  if (pin)
    assert_int_equal (n_foundations, pin->n_foundations);

  for (guint suit = 0; suit < FELT_N_SUITS; suit++)
    for (guint rank = 1; rank <= 13; rank++)
      if (copies[suit][rank] != game->n_decks)
        fail_msg ("%s seed %u: card rank %u suit %u dealt %u times",
                  game->id, seed, rank, suit, copies[suit][rank]);

  assert_int_equal (felt_state_score (st), 0);
  assert_false (felt_state_is_won (st));
}

/* ---- the generator -------------------------------------------------------- */

static void
test_rng_next_vectors (void **unused)
{
  /* splitmix64's published outputs. */
  guint64 rng = 0;

  assert_int_equal (felt_rng_next (&rng), G_GUINT64_CONSTANT (0xe220a8397b1dcdaf));
  assert_int_equal (felt_rng_next (&rng), G_GUINT64_CONSTANT (0x6e789e6aa1b965f4));
  assert_int_equal (felt_rng_next (&rng), G_GUINT64_CONSTANT (0x06c45d188009454f));
  /* The state moves on by the golden gamma at every step. */
  assert_int_equal (rng, G_GUINT64_CONSTANT (0x9e3779b97f4a7c15) * 3);

  rng = 1234567;
  assert_int_equal (felt_rng_next (&rng), G_GUINT64_CONSTANT (0x599ed017fb08fc85));
  assert_int_equal (felt_rng_next (&rng), G_GUINT64_CONSTANT (0x2c73f08458540fa5));

  rng = G_MAXUINT64;
  assert_int_equal (felt_rng_next (&rng), G_GUINT64_CONSTANT (0xe4d971771b652c20));
  assert_int_equal (rng, G_GUINT64_CONSTANT (0x9e3779b97f4a7c14));
}

static void
test_rng_below_vectors (void **unused)
{
  guint64 rng = 0;
  guint histogram[6] = { 0 };

  assert_int_equal (felt_rng_below (&rng, 52), 45);
  assert_int_equal (felt_rng_below (&rng, 1), 0);
  assert_int_equal (felt_rng_below (&rng, 2), 0);
  assert_int_equal (felt_rng_below (&rng, 104), 100);
  assert_int_equal (felt_rng_below (&rng, 4294967295u), 456755561);
  /* One step of the generator per number. */
  assert_int_equal (rng, G_GUINT64_CONSTANT (0x9e3779b97f4a7c15) * 5);

  /* The upper 32 bits scaled to n: below (n) < n, and every value comes up. */
  rng = 42;
  for (guint i = 0; i < 60000; i++)
    {
      guint v = felt_rng_below (&rng, 6);
      assert_true (v < 6);
      histogram[v]++;
    }
  for (guint v = 0; v < 6; v++)
    assert_in_range (histogram[v], 9000, 11000);

  rng = 7;
  for (guint i = 0; i < 1000; i++)
    assert_int_equal (felt_rng_below (&rng, 1), 0);
}

/* ---- pinned deals --------------------------------------------------------- */

static void
test_pinned_deal (void **state)
{
  const PinnedDeal *pin = *state;
  const FeltGame *game = felt_game_lookup (pin->game);
  FeltState st;
  guint p;

  assert_non_null (game);
  felt_state_deal (&st, game, pin->seed);
  for (p = 0; pin->piles[p].pile != NULL; p++)
    {
      char name[16];
      g_autofree char *cards = NULL;

      assert_true (p < game->n_piles);
      assert_string_equal (felt_pile_name (game, p, name), pin->piles[p].pile);
      cards = pile_text (&st, p);
      if (strcmp (cards, pin->piles[p].cards) != 0)
        fail_msg ("%s deal %u, %s:\n  got      %s\n  expected %s",
                  pin->game, pin->seed, pin->piles[p].pile, cards, pin->piles[p].cards);
    }
  assert_int_equal (p, game->n_piles);
  assert_int_equal (st.rng, pin->rng);
  check_deal (&st, (FeltGameId) st.game, pin->seed);
  assert_false (felt_state_is_over (&st));
}

/* Scuffle's redeal draws on the generator the deal left behind, so the
 * reshuffle is pinned as well: deal number + moves replay a game. */
static void
test_pinned_scuffle_reshuffle (void **unused)
{
  FeltState st;
  FeltUndo undo;
  g_autofree char *reserves = NULL;
  g_autofree char *after = NULL;
  GString *gathered = g_string_new (NULL);

  felt_state_deal (&st, felt_game_get (FELT_GAME_SCUFFLE), 1);
  for (guint i = 0; i < 11; i++)
    {
      assert_int_equal (felt_test_check_stock (&st), FELT_LEGAL);
      felt_state_apply (&st, &felt_test_stock_move, &undo);
    }
  assert_int_equal (felt_pile_size (&st, 0), 0);
  for (guint p = 5; p < 9; p++)
    {
      g_autofree char *cards = pile_text (&st, p);
      g_string_append_printf (gathered, "%s%s", p > 5 ? " | " : "", cards);
    }
  reserves = g_string_free (gathered, FALSE);
  assert_string_equal (reserves,
                       "9H QC 5C 2C 6D 7D 4D 6H TD 7S 3C 2S | "
                       "8H 4C 8D TS JC 9C QS 4S QH KH 7C 3H | "
                       "6C 4H KC 9S 3D 2D 6S KS TH 8S JD KD | "
                       "8C 5D 5S QD 3S TC 9D 7H 5H 2H JS JH");

  assert_int_equal (felt_test_check_stock (&st), FELT_LEGAL);
  felt_state_apply (&st, &felt_test_stock_move, &undo);
  after = pile_text (&st, 0);
  assert_string_equal (after,
                       "#5D #TH #TC #5H #7C #TD #QD #JC #KS #8S #4H #2D #4D #2H #6H #JH "
                       "#QH #KH #JS #2S #4C #TS #6S #4S #6C #7H #KC #7D #9H #5S #2C #QC "
                       "#8D #5C #8C #3C #JD #8H #3H #3D #9C #9S #3S #QS #6D #7S #9D #KD");
  assert_int_equal (st.rng, G_GUINT64_CONSTANT (0x04a00e68ba83800b));
  assert_int_equal (st.redeals, 1);
}

/* ---- every deal ----------------------------------------------------------- */

static void
test_seed_zero (void **unused)
{
  /* 0 is an ordinary deal number: a full, shuffled deal, not a blank. */
  for (guint id = 0; id < FELT_N_GAMES; id++)
    {
      const FeltGame *game = felt_game_get (id);
      FeltState zero, one, last;
      g_autoptr (FeltSession) session = felt_session_new (game, 0);

      felt_state_deal (&zero, game, 0);
      felt_state_deal (&one, game, 1);
      felt_state_deal (&last, game, G_MAXUINT32);
      check_deal (&zero, id, 0);
      assert_false (felt_state_equal (&zero, &one));
      assert_false (felt_state_equal (&zero, &last));
      assert_true (felt_state_equal (&zero, felt_session_get_state (session)));
      assert_int_equal (felt_session_get_seed (session), 0);
    }
}

static void
test_same_seed_same_deal (void **unused)
{
  static const guint32 seeds[] = { 0, 1, 2, 42, 65535, 65536, 2147483648u, G_MAXUINT32 };

  for (guint id = 0; id < FELT_N_GAMES; id++)
    for (guint s = 0; s < G_N_ELEMENTS (seeds); s++)
      {
        const FeltGame *game = felt_game_get (id);
        FeltState a, b;
        g_autoptr (FeltSession) session = NULL;

        /* Whatever was in memory before, the deal is the same bytes. */
        memset (&a, 0x00, sizeof a);
        memset (&b, 0xa5, sizeof b);
        felt_state_deal (&a, game, seeds[s]);
        felt_state_deal (&b, game, seeds[s]);
        assert_memory_equal (&a, &b, sizeof a);
        assert_true (felt_state_equal (&a, &b));

        session = felt_session_new (game, seeds[s]);
        assert_memory_equal (&a, felt_session_get_state (session), sizeof a);
      }
}

static guint
layout_hash (gconstpointer key)
{
  const FeltState *st = key;
  guint h = 5381;

  for (guint i = 0; i < st->n_cards; i++)
    h = h * 33 + st->cards[i];
  return h;
}

static gboolean
layout_equal (gconstpointer a, gconstpointer b)
{
  const FeltState *x = a, *y = b;

  return x->n_cards == y->n_cards && memcmp (x->cards, y->cards, x->n_cards) == 0 &&
         memcmp (x->start, y->start, sizeof x->start) == 0;
}

static void
test_different_seeds_differ (void **unused)
{
  enum { N = 3000 };
  static const guint32 extra[] = { 65536, 1u << 24, 2147483648u, G_MAXUINT32 - 1, G_MAXUINT32 };

  for (guint id = 0; id < FELT_N_GAMES; id++)
    {
      const FeltGame *game = felt_game_get (id);
      g_autofree FeltState *deals = g_new (FeltState, N + G_N_ELEMENTS (extra));
      g_autoptr (GHashTable) seen = g_hash_table_new (layout_hash, layout_equal);

      for (guint i = 0; i < N + G_N_ELEMENTS (extra); i++)
        {
          guint32 seed = i < N ? i : extra[i - N];
          felt_state_deal (&deals[i], game, seed);
          if (!g_hash_table_add (seen, &deals[i]))
            fail_msg ("%s: deal %u repeats an earlier deal", game->id, seed);
        }
    }
}

static void
test_every_deal_valid (void **unused)
{
  for (guint id = 0; id < FELT_N_GAMES; id++)
    for (guint32 seed = 0; seed < 10000; seed++)
      {
        FeltState st;

        felt_state_deal (&st, felt_game_get (id), seed);
        check_deal (&st, id, seed);
      }
}

/* Cruel: the aces start the foundations in the order in which they lay in
 * the shuffled deck, and the other 48 cards are dealt in order, four to a
 * pile.  The shuffle is Fisher-Yates over the new deck (clubs, diamonds,
 * hearts, spades, A..K each) driven by the seeded generator. */
static void
test_cruel_deal_order (void **unused)
{
  const FeltGame *game = felt_game_get (FELT_GAME_CRUEL);

  for (guint32 seed = 0; seed < 10000; seed++)
    {
      FeltCard deck[52];
      guint aces = 0, rest = 0;
      guint64 rng = felt_test_shuffled_deck (game, seed, deck);
      FeltState st;

      felt_state_deal (&st, game, seed);
      for (guint i = 0; i < 52; i++)
        {
          if (FELT_CARD_RANK (deck[i]) == FELT_ACE)
            {
              assert_int_equal (felt_pile_card (&st, 1 + aces, 0), deck[i]);
              aces++;
            }
          else
            {
              assert_int_equal (felt_pile_card (&st, 5 + rest / 4, rest % 4), deck[i]);
              rest++;
            }
        }
      assert_int_equal (st.rng, rng);
    }
}

int
main (void)
{
  struct CMUnitTest tests[G_N_ELEMENTS (pinned_deals) + 8];
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  guint n = 0;

  tests[n++] = (struct CMUnitTest) cmocka_unit_test (test_rng_next_vectors);
  tests[n++] = (struct CMUnitTest) cmocka_unit_test (test_rng_below_vectors);
  for (guint i = 0; i < G_N_ELEMENTS (pinned_deals); i++)
    {
      tests[n] = (struct CMUnitTest) cmocka_unit_test_prestate (test_pinned_deal,
                                                                (void *) &pinned_deals[i]);
      tests[n].name = g_strdup_printf ("test_pinned_deal %s %u",
                                       pinned_deals[i].game, pinned_deals[i].seed);
      g_ptr_array_add (names, (char *) tests[n].name);
      n++;
    }
  tests[n++] = (struct CMUnitTest) cmocka_unit_test (test_pinned_scuffle_reshuffle);
  tests[n++] = (struct CMUnitTest) cmocka_unit_test (test_seed_zero);
  tests[n++] = (struct CMUnitTest) cmocka_unit_test (test_same_seed_same_deal);
  tests[n++] = (struct CMUnitTest) cmocka_unit_test (test_different_seeds_differ);
  tests[n++] = (struct CMUnitTest) cmocka_unit_test (test_every_deal_valid);
  tests[n++] = (struct CMUnitTest) cmocka_unit_test (test_cruel_deal_order);
  return _cmocka_run_group_tests ("deal", tests, n, NULL, NULL);
}
