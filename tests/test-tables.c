/* test-tables.c: every game table checked against what the engine, the
 * CLI and the build take for granted (rules/README.md): the list of games
 * agrees everywhere, pile roles come in the documented order
 * (doc/felt-cli.md, "Names"), the stock is where the engine looks for it,
 * the deal accounts for every card, every pile a hook names exists, and
 * the layout positions are sane.  A new game's table is checked here
 * without a line of this file changing.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>
#include <math.h>
#include <cmocka.h>

#include "felt-rules.h"

/* The deals checked per game: enough seeds to meet every shuffle path. */
#define N_SEEDS 200

static guint
count_role (const FeltGame *game, FeltRole role)
{
  return felt_game_count_piles (game, role);
}

/* ---- the list of games ---------------------------------------------------- */

/* The engine's list, the tables' own ids and the ids the build read from
 * rules/felt-games.h (FELT_MESON_GAME_IDS) are one and the same. */
static void
test_one_list (void **unused)
{
#define FELT_GAME_ID(suffix, id, table) id,
  static const char *const listed[] = { FELT_GAMES (FELT_GAME_ID) };
#undef FELT_GAME_ID
  g_auto (GStrv) meson_ids = g_strsplit (FELT_MESON_GAME_IDS, ",", -1);
  g_autofree char *joined = felt_games_list_ids ();
  g_autoptr (GString) expected = g_string_new (NULL);

  assert_int_equal (G_N_ELEMENTS (listed), FELT_N_GAMES);
  assert_int_equal (g_strv_length (meson_ids), FELT_N_GAMES);
  for (guint g = 0; g < FELT_N_GAMES; g++)
    {
      const FeltGame *game = felt_game_get (g);

      assert_non_null (game);
      assert_string_equal (game->id, listed[g]);
      assert_string_equal (game->id, meson_ids[g]);
      assert_ptr_equal (felt_game_lookup (game->id), game);
      g_string_append_printf (expected, "%s%s", g ? ", " : "", game->id);
      for (guint h = 0; h < g; h++)
        assert_string_not_equal (felt_game_get (h)->id, game->id);
    }
  assert_string_equal (joined, expected->str);
  assert_null (felt_game_lookup ("klondike"));
}

/* Each game has its help page (the help build names it after the id). */
static void
test_help_pages (void **unused)
{
  for (guint g = 0; g < FELT_N_GAMES; g++)
    {
      g_autofree char *name = g_strconcat (felt_game_get (g)->id, ".page", NULL);
      g_autofree char *path = g_build_filename (FELT_SOURCE_ROOT, "help", "C", name, NULL);

      if (!g_file_test (path, G_FILE_TEST_IS_REGULAR))
        fail_msg ("%s: no help page %s", felt_game_get (g)->id, path);
    }
}

/* ---- piles ---------------------------------------------------------------- */

/* Roles in the order stock, waste, foundation, tableau, reserve; within
 * a role, indices 0, 1, 2 … in pile order (so the piles of a role lie
 * together, which the engine's redeals and Backbone's hook rely on). */
static void
test_pile_order (void **unused)
{
  for (guint g = 0; g < FELT_N_GAMES; g++)
    {
      const FeltGame *game = felt_game_get (g);
      guint next_index[FELT_N_ROLES] = { 0 };

      assert_true (game->n_piles > 0 && game->n_piles <= FELT_MAX_PILES);
      for (guint p = 0; p < game->n_piles; p++)
        {
          const FeltPileSpec *spec = &game->piles[p];

          assert_true (spec->role < FELT_N_ROLES);
          if (p > 0 && spec->role < game->piles[p - 1].role)
            fail_msg ("%s: pile %u (%s) comes after a %s", game->id, p,
                      felt_role_id (spec->role), felt_role_id (game->piles[p - 1].role));
          if (spec->index != next_index[spec->role])
            fail_msg ("%s: pile %u is %s.%u, expected index %u", game->id, p,
                      felt_role_id (spec->role), spec->index, next_index[spec->role]);
          if (p > 0 && spec->role == game->piles[p - 1].role)
            assert_int_equal (spec->index, game->piles[p - 1].index + 1);
          next_index[spec->role]++;
          assert_int_equal (felt_game_find_pile (game, spec->role, spec->index), p);
        }
    }
}

/* Every game has exactly one stock, listed first (the engine looks for
 * it there first, the CLI always reports it); the other roles exist
 * exactly where the stock action and the rules need them. */
static void
test_roles_needed (void **unused)
{
  for (guint g = 0; g < FELT_N_GAMES; g++)
    {
      const FeltGame *game = felt_game_get (g);
      guint n_found = count_role (game, FELT_ROLE_FOUNDATION);
      gboolean needs_waste = game->stock_deal == FELT_DEAL_TO_WASTE ||
                             game->redeal == FELT_REDEAL_TURN_WASTE;
      gboolean needs_reserve = game->stock_deal == FELT_DEAL_TO_RESERVES ||
                               game->redeal == FELT_REDEAL_SHUFFLE_RESERVES;

      assert_int_equal (game->piles[0].role, FELT_ROLE_STOCK);
      assert_int_equal (count_role (game, FELT_ROLE_STOCK), 1);
      assert_int_equal (count_role (game, FELT_ROLE_WASTE), needs_waste ? 1 : 0);
      if (needs_reserve)
        assert_true (count_role (game, FELT_ROLE_RESERVE) > 0);
      if (game->redeal == FELT_REDEAL_REGROUP)
        assert_true (count_role (game, FELT_ROLE_TABLEAU) > 0);
      if (game->waste_max)
        assert_int_equal (game->stock_deal, FELT_DEAL_TO_WASTE);
      if (game->redeal == FELT_REDEAL_NONE)
        assert_int_equal (game->redeal_limit, 0);

      /* Won means every card on a foundation, 13 at most on each. */
      assert_true (n_found * 13 >= felt_game_n_cards (game));
      switch (game->foundation_start)
        {
        case FELT_START_CLUB_STEPS:
          assert_int_equal (n_found, 4);
          break;
        case FELT_START_RANK:
          assert_int_equal (n_found, 4u * game->n_decks);
          assert_true (game->start_rank >= FELT_ACE && game->start_rank <= FELT_KING);
          break;
        case FELT_START_EMPTY:
        default:
          assert_int_equal (game->foundation_start, FELT_START_EMPTY);
          break;
        }
      /* Building by steps counts the foundation's index: foundations only. */
      for (guint r = 0; r < FELT_N_ROLES; r++)
        if (r != FELT_ROLE_FOUNDATION)
          assert_int_not_equal (game->roles[r].build, FELT_BUILD_STEP);
      /* Nothing goes onto the stock or the waste by a move. */
      assert_int_equal (game->roles[FELT_ROLE_STOCK].accepts_from | game->roles[FELT_ROLE_STOCK].empty_from, 0);
      assert_int_equal (game->roles[FELT_ROLE_WASTE].accepts_from | game->roles[FELT_ROLE_WASTE].empty_from, 0);
      if (game->status & FELT_SHOW_RESERVE)
        assert_true (count_role (game, FELT_ROLE_RESERVE) > 0);
    }
}

/* Every pile a deal step or a hook names exists. */
static void
test_named_piles_exist (void **unused)
{
  for (guint g = 0; g < FELT_N_GAMES; g++)
    {
      const FeltGame *game = felt_game_get (g);

      assert_true (game->n_deal_steps <= G_N_ELEMENTS (game->deal));
      for (guint s = 0; s < game->n_deal_steps; s++)
        {
          const FeltDealStep *step = &game->deal[s];
          assert_true (step->n_piles > 0 && step->count > 0);
          for (guint i = 0; i < step->n_piles; i++)
            if (felt_game_find_pile (game, step->role, step->first + i) < 0)
              fail_msg ("%s: deal step %u names %s.%u, which does not exist", game->id, s,
                        felt_role_id (step->role), step->first + i);
        }

      assert_true (game->n_hook_piles <= G_N_ELEMENTS (game->hook_piles));
      /* A game with hooks says which piles they name. */
      if (game->pile_blocked || game->follow_up || game->dead_end)
        assert_true (game->n_hook_piles > 0);
      for (guint i = 0; i < game->n_hook_piles; i++)
        {
          const FeltPileRef *ref = &game->hook_piles[i];
          if (felt_game_find_pile (game, ref->role, ref->index) < 0)
            fail_msg ("%s: a hook names %s.%u, which does not exist", game->id,
                      felt_role_id (ref->role), ref->index);
        }
    }
}

/* ---- the deal ------------------------------------------------------------- */

/* Each card of the decks lies in the dealt state exactly once per deck;
 * the piles' bounds are in order; no card or byte lies outside them. */
static void
test_deal_accounts_for_every_card (void **unused)
{
  for (guint g = 0; g < FELT_N_GAMES; g++)
    {
      const FeltGame *game = felt_game_get (g);
      /* The cards that start the foundations leave the deck first: four
       * a deck (one per suit, or the clubs up to the four). */
      guint started = game->foundation_start == FELT_START_EMPTY ? 0 : 4u * game->n_decks;
      guint dealt_by_table = 0;

      /* The deal steps take at most the rest; what they leave, if
       * anything, is the stock (a game may deal every card). */
      for (guint s = 0; s < game->n_deal_steps; s++)
        dealt_by_table += game->deal[s].n_piles * game->deal[s].count;
      assert_true (dealt_by_table + started <= felt_game_n_cards (game));

      for (guint32 seed = 0; seed < N_SEEDS; seed++)
        {
          FeltState st;
          guint seen[FELT_N_SUITS][FELT_KING + 1] = { { 0 } };
          static const guint8 zero[sizeof st.pad] = { 0 };

          felt_state_deal (&st, game, seed == N_SEEDS - 1 ? G_MAXUINT32 : seed);
          assert_int_equal (st.game, g);
          assert_int_equal (st.n_cards, felt_game_n_cards (game));
          assert_int_equal (st.start[0], 0);
          assert_int_equal (st.start[game->n_piles], st.n_cards);
          for (guint p = 0; p < game->n_piles; p++)
            assert_true (st.start[p] <= st.start[p + 1]);
          for (guint i = 0; i < st.n_cards; i++)
            {
              FeltCard c = st.cards[i];
              assert_true (FELT_CARD_RANK (c) >= FELT_ACE && FELT_CARD_RANK (c) <= FELT_KING);
              assert_true (FELT_CARD_SUIT (c) < FELT_N_SUITS);
              seen[FELT_CARD_SUIT (c)][FELT_CARD_RANK (c)]++;
            }
          for (guint suit = 0; suit < FELT_N_SUITS; suit++)
            for (guint rank = FELT_ACE; rank <= FELT_KING; rank++)
              if (seen[suit][rank] != game->n_decks)
                fail_msg ("%s deal %u: rank %u of suit %u lies there %u times", game->id,
                          seed, rank, suit, seen[suit][rank]);
          for (guint i = st.n_cards; i < FELT_MAX_CARDS; i++)
            assert_int_equal (st.cards[i], 0);
          for (guint p = game->n_piles + 1; p <= FELT_MAX_PILES; p++)
            assert_int_equal (st.start[p], 0);
          assert_memory_equal (st.pad, zero, sizeof zero);
          /* Foundations start with one card at most, and score nothing. */
          for (guint p = 0; p < game->n_piles; p++)
            if (game->piles[p].role == FELT_ROLE_FOUNDATION)
              assert_true (felt_pile_size (&st, p) <= 1);
          assert_int_equal (felt_state_score (&st), 0);
          assert_false (felt_state_is_won (&st));
        }
    }
}

/* The explicit padding stays zero through play and undo, so memcmp and
 * byte hashes see only the position. */
static void
test_padding_stays_zero (void **unused)
{
  static const guint8 zero[sizeof ((FeltState *) NULL)->pad] = { 0 };

  for (guint g = 0; g < FELT_N_GAMES; g++)
    {
      FeltState st, before;
      guint64 pick = g;

      felt_state_deal (&st, felt_game_get (g), 3);
      for (guint step = 0; step < 300; step++)
        {
          FeltMove moves[FELT_MAX_MOVES];
          guint n = felt_state_legal_moves (&st, moves);
          FeltUndo undo;
          FeltMove m;

          if (felt_state_can_stock (&st))
            moves[n++] = FELT_MOVE_STOCK;
          if (n == 0)
            break;
          m = moves[felt_rng_below (&pick, n)];
          before = st;
          felt_state_apply (&st, &m, &undo);
          assert_memory_equal (st.pad, zero, sizeof zero);
          felt_state_undo (&st, &undo);
          assert_true (felt_state_equal (&st, &before));
          felt_state_apply (&st, &m, &undo);
        }
    }
}

/* ---- the layout ----------------------------------------------------------- */

/* Positions are finite, on the board and not negative; no two piles'
 * first cards overlap; fans and their room make sense. */
static void
test_layout_sane (void **unused)
{
  for (guint g = 0; g < FELT_N_GAMES; g++)
    {
      const FeltGame *game = felt_game_get (g);

      for (guint p = 0; p < game->n_piles; p++)
        {
          const FeltPileSpec *a = &game->piles[p];

          assert_true (isfinite (a->x) && isfinite (a->y) && isfinite (a->room));
          assert_true (a->x >= 0 && a->x <= 16 && a->y >= 0 && a->y <= 8);
          assert_true (a->room >= 0 && a->room <= 8);
          assert_true (a->fan == FELT_FAN_NONE || a->fan == FELT_FAN_DOWN || a->fan == FELT_FAN_RIGHT);
          /* Only fanned piles need room beyond their first card. */
          if (a->fan == FELT_FAN_NONE)
            assert_true (a->room == 0);
          for (guint q = 0; q < p; q++)
            {
              const FeltPileSpec *b = &game->piles[q];
              if (fabsf (a->x - b->x) < 1 && fabsf (a->y - b->y) < 1)
                fail_msg ("%s: piles %u and %u overlap at (%g, %g) and (%g, %g)", game->id, q, p,
                          b->x, b->y, a->x, a->y);
            }
        }
    }
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_one_list),
    cmocka_unit_test (test_help_pages),
    cmocka_unit_test (test_pile_order),
    cmocka_unit_test (test_roles_needed),
    cmocka_unit_test (test_named_piles_exist),
    cmocka_unit_test (test_deal_accounts_for_every_card),
    cmocka_unit_test (test_padding_stays_zero),
    cmocka_unit_test (test_layout_sane),
  };

  return cmocka_run_group_tests (tests, NULL, NULL);
}
