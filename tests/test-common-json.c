/* test-common-json.c: the state JSON of doc/felt-cli.md for every game;
 * part of the test-common program.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "test-common.h"

/* ---- the state JSON ------------------------------------------------------ */

/* The "id" values of a state JSON, in order, separated by spaces. */
static char *
json_pile_ids (const char *json)
{
  GString *out = g_string_new (NULL);
  const char *p = json;

  while ((p = strstr (p, "{\"id\":\"")) != NULL)
    {
      const char *end;
      p += strlen ("{\"id\":\"");
      end = strchr (p, '"');
      assert_non_null (end);
      if (out->len)
        g_string_append_c (out, ' ');
      g_string_append_len (out, p, end - p);
      p = end;
    }
  return g_string_free (out, FALSE);
}

void
test_json_of_deals (void **unused)
{
  for (guint g = 0; g < FELT_N_GAMES; g++)
    {
      const FeltGame *game = felt_game_get (g);
      const Pinned *pin = pinned_for (game->id);
      g_autoptr (FeltSession) session = felt_session_new (game, 123456);
      const FeltState *st = felt_session_get_state (session);
      g_autofree char *json = felt_state_to_json (st, 123456, 0);
      g_autofree char *head = g_strdup_printf ("{\"game\":\"%s\",\"seed\":123456,\"score\":0,"
                                               "\"moves\":0,\"redeals_left\":%d,"
                                               "\"won\":false,\"over\":false,\"piles\":[",
                                               game->id,
                                               pin ? pin->redeals_left
                                                   : felt_state_redeals_left (st));
      g_autofree char *ids = json_pile_ids (json);
      GString *want = g_string_new ("{\"id\":\"stock\",\"cards\":[");
      guint hashes = 0;

      assert_true (g_str_has_prefix (json, head));
      assert_true (g_str_has_suffix (json, "]}]}"));
      assert_null (strchr (json, '\n'));
      if (pin)
        assert_string_equal (ids, pin->json_piles);
      /* Every game: one entry per pile, in the table's order. */
      {
        g_autoptr (GString) names = g_string_new (NULL);
        for (guint p = 0; p < game->n_piles; p++)
          {
            char name[16];
            g_string_append_printf (names, "%s%s", p ? " " : "", felt_pile_name (game, p, name));
          }
        assert_string_equal (ids, names->str);
      }

      /* The stock, face down, bottom first. */
      for (guint i = 0; i < felt_pile_size (st, 0); i++)
        {
          char name[3];
          felt_card_to_string (felt_pile_card (st, 0, i), name);
          g_string_append_printf (want, "%s\"#%s\"", i ? "," : "", name);
        }
      g_string_append (want, "]}");
      assert_non_null (strstr (json, want->str));
      g_string_free (want, TRUE);

      for (const char *p = json; (p = strchr (p, '#')) != NULL; p++)
        hashes++;
      /* The stock's cards and those the game hides besides (Straight Up
       * all but the top reserve card). */
      {
        guint down = 0;
        for (guint p = 0; p < game->n_piles; p++)
          for (guint i = 0; i < felt_pile_size (st, p); i++)
            down += felt_state_card_face_down (st, p, i);
        assert_int_equal (hashes, down);
        if (pin)
          assert_int_equal (hashes, felt_pile_size (st, 0) + pin->hidden);
      }

      /* After some play the counters follow. */
      {
        GRand *rand = g_rand_new_with_seed (9);
        FeltMove m;
        g_autofree char *later = NULL;
        g_autofree char *head2 = NULL;

        for (guint i = 0; i < 5; i++)
          assert_true (random_step (session, rand, 50, &m));
        st = felt_session_get_state (session);
        later = felt_state_to_json (st, 123456, felt_session_get_n_moves (session));
        head2 = g_strdup_printf ("{\"game\":\"%s\",\"seed\":123456,\"score\":%u,"
                                 "\"moves\":5,\"redeals_left\":%d,",
                                 felt_game_get (g)->id, felt_state_score (st),
                                 felt_state_redeals_left (st));
        assert_true (g_str_has_prefix (later, head2));
        g_rand_free (rand);
      }
    }
}

/* Hopscotch: face-down stock cards marked, the waste face up. */
static void
assert_json_hopscotch (void)
{
  FeltState st;
  g_autofree char *json = NULL;

  felt_test_position (&st, "hopscotch",
                      "stock", "9D 8S", "waste", "7H",
                      "foundation.0", "AC 2D", "foundation.1", "2C",
                      "foundation.2", "3C", "foundation.3", "4C",
                      "reserve.0", "KS QS", NULL);
  json = felt_state_to_json (&st, 42, 3);
  assert_string_equal (json,
    "{\"game\":\"hopscotch\",\"seed\":42,\"score\":1,\"moves\":3,\"redeals_left\":0,"
    "\"won\":false,\"over\":false,\"piles\":["
    "{\"id\":\"stock\",\"cards\":[\"#9D\",\"#8S\"]},"
    "{\"id\":\"waste\",\"cards\":[\"7H\"]},"
    "{\"id\":\"foundation.0\",\"cards\":[\"AC\",\"2D\"]},"
    "{\"id\":\"foundation.1\",\"cards\":[\"2C\"]},"
    "{\"id\":\"foundation.2\",\"cards\":[\"3C\"]},"
    "{\"id\":\"foundation.3\",\"cards\":[\"4C\"]},"
    "{\"id\":\"reserve.0\",\"cards\":[\"KS\",\"QS\"]},"
    "{\"id\":\"reserve.1\",\"cards\":[]},"
    "{\"id\":\"reserve.2\",\"cards\":[]},"
    "{\"id\":\"reserve.3\",\"cards\":[]}]}");
}

/* Cruel: no waste, an empty stock, unlimited redeals. */
static void
assert_json_cruel (void)
{
  FeltState st;
  g_autofree char *json = NULL;

  felt_test_position (&st, "cruel",
                      "foundation.0", "AH 2H", "foundation.1", "AS",
                      "foundation.2", "AD", "foundation.3", "AC",
                      "tableau.0", "KS 3H", "tableau.11", "5D", NULL);
  st.flags |= FELT_STATE_MOVED_SINCE_DEAL;
  json = felt_state_to_json (&st, 0, 17);
  assert_string_equal (json,
    "{\"game\":\"cruel\",\"seed\":0,\"score\":1,\"moves\":17,\"redeals_left\":-1,"
    "\"won\":false,\"over\":false,\"piles\":["
    "{\"id\":\"stock\",\"cards\":[]},"
    "{\"id\":\"foundation.0\",\"cards\":[\"AH\",\"2H\"]},"
    "{\"id\":\"foundation.1\",\"cards\":[\"AS\"]},"
    "{\"id\":\"foundation.2\",\"cards\":[\"AD\"]},"
    "{\"id\":\"foundation.3\",\"cards\":[\"AC\"]},"
    "{\"id\":\"tableau.0\",\"cards\":[\"KS\",\"3H\"]},"
    "{\"id\":\"tableau.1\",\"cards\":[]},"
    "{\"id\":\"tableau.2\",\"cards\":[]},"
    "{\"id\":\"tableau.3\",\"cards\":[]},"
    "{\"id\":\"tableau.4\",\"cards\":[]},"
    "{\"id\":\"tableau.5\",\"cards\":[]},"
    "{\"id\":\"tableau.6\",\"cards\":[]},"
    "{\"id\":\"tableau.7\",\"cards\":[]},"
    "{\"id\":\"tableau.8\",\"cards\":[]},"
    "{\"id\":\"tableau.9\",\"cards\":[]},"
    "{\"id\":\"tableau.10\",\"cards\":[]},"
    "{\"id\":\"tableau.11\",\"cards\":[\"5D\"]}]}");
}

/* Straight Up: the reserve shows only its top card; one redeal used. */
static void
assert_json_straight_up (void)
{
  FeltState st;
  g_autofree char *json = NULL;

  felt_test_position (&st, "straight-up",
                      "stock", "9C", "waste", "QS TS",
                      "foundation.0", "2C", "foundation.1", "2D",
                      "foundation.2", "2H 3H", "foundation.3", "2S",
                      "tableau.0", "KD", "tableau.1", "8C", "tableau.2", "6H 5H",
                      "tableau.3", "AS", "reserve.0", "KH JH 4D", NULL);
  st.redeals = 1;
  json = felt_state_to_json (&st, 4294967295u, 250);
  assert_string_equal (json,
    "{\"game\":\"straight-up\",\"seed\":4294967295,\"score\":1,\"moves\":250,"
    "\"redeals_left\":1,\"won\":false,\"over\":false,\"piles\":["
    "{\"id\":\"stock\",\"cards\":[\"#9C\"]},"
    "{\"id\":\"waste\",\"cards\":[\"QS\",\"TS\"]},"
    "{\"id\":\"foundation.0\",\"cards\":[\"2C\"]},"
    "{\"id\":\"foundation.1\",\"cards\":[\"2D\"]},"
    "{\"id\":\"foundation.2\",\"cards\":[\"2H\",\"3H\"]},"
    "{\"id\":\"foundation.3\",\"cards\":[\"2S\"]},"
    "{\"id\":\"tableau.0\",\"cards\":[\"KD\"]},"
    "{\"id\":\"tableau.1\",\"cards\":[\"8C\"]},"
    "{\"id\":\"tableau.2\",\"cards\":[\"6H\",\"5H\"]},"
    "{\"id\":\"tableau.3\",\"cards\":[\"AS\"]},"
    "{\"id\":\"reserve.0\",\"cards\":[\"#KH\",\"#JH\",\"4D\"]}]}");
}

/* Scuffle, lost: redeals used, nothing fits. */
static void
assert_json_scuffle (void)
{
  FeltState st;
  g_autofree char *json = NULL;

  felt_test_position (&st, "scuffle",
                      "foundation.0", "AC 2C", "foundation.1", "AD",
                      "foundation.2", "AH", "foundation.3", "AS",
                      "reserve.1", "9S 8S", NULL);
  st.redeals = 2;
  json = felt_state_to_json (&st, 7, 40);
  assert_string_equal (json,
    "{\"game\":\"scuffle\",\"seed\":7,\"score\":1,\"moves\":40,\"redeals_left\":0,"
    "\"won\":false,\"over\":true,\"piles\":["
    "{\"id\":\"stock\",\"cards\":[]},"
    "{\"id\":\"foundation.0\",\"cards\":[\"AC\",\"2C\"]},"
    "{\"id\":\"foundation.1\",\"cards\":[\"AD\"]},"
    "{\"id\":\"foundation.2\",\"cards\":[\"AH\"]},"
    "{\"id\":\"foundation.3\",\"cards\":[\"AS\"]},"
    "{\"id\":\"reserve.0\",\"cards\":[]},"
    "{\"id\":\"reserve.1\",\"cards\":[\"9S\",\"8S\"]},"
    "{\"id\":\"reserve.2\",\"cards\":[]},"
    "{\"id\":\"reserve.3\",\"cards\":[]}]}");
}

/* Backbone: eight foundations, the reserves face up. */
static void
assert_json_backbone (void)
{
  FeltState st;
  g_autofree char *json = NULL;

  felt_test_position (&st, "backbone",
                      "stock", "2C 3C", "waste", "4C",
                      "foundation.4", "AD",
                      "tableau.0", "KH", "tableau.7", "QS JS",
                      "reserve.0", "5H 6H", "reserve.1", "7H", "reserve.2", "8H", NULL);
  json = felt_state_to_json (&st, 99, 1);
  assert_string_equal (json,
    "{\"game\":\"backbone\",\"seed\":99,\"score\":1,\"moves\":1,\"redeals_left\":1,"
    "\"won\":false,\"over\":false,\"piles\":["
    "{\"id\":\"stock\",\"cards\":[\"#2C\",\"#3C\"]},"
    "{\"id\":\"waste\",\"cards\":[\"4C\"]},"
    "{\"id\":\"foundation.0\",\"cards\":[]},"
    "{\"id\":\"foundation.1\",\"cards\":[]},"
    "{\"id\":\"foundation.2\",\"cards\":[]},"
    "{\"id\":\"foundation.3\",\"cards\":[]},"
    "{\"id\":\"foundation.4\",\"cards\":[\"AD\"]},"
    "{\"id\":\"foundation.5\",\"cards\":[]},"
    "{\"id\":\"foundation.6\",\"cards\":[]},"
    "{\"id\":\"foundation.7\",\"cards\":[]},"
    "{\"id\":\"tableau.0\",\"cards\":[\"KH\"]},"
    "{\"id\":\"tableau.1\",\"cards\":[]},"
    "{\"id\":\"tableau.2\",\"cards\":[]},"
    "{\"id\":\"tableau.3\",\"cards\":[]},"
    "{\"id\":\"tableau.4\",\"cards\":[]},"
    "{\"id\":\"tableau.5\",\"cards\":[]},"
    "{\"id\":\"tableau.6\",\"cards\":[]},"
    "{\"id\":\"tableau.7\",\"cards\":[\"QS\",\"JS\"]},"
    "{\"id\":\"reserve.0\",\"cards\":[\"5H\",\"6H\"]},"
    "{\"id\":\"reserve.1\",\"cards\":[\"7H\"]},"
    "{\"id\":\"reserve.2\",\"cards\":[\"8H\"]}]}");
}

/* The state JSON of a position of each game, character for character. */
void
test_json_exact (void **unused)
{
  assert_json_hopscotch ();
  assert_json_cruel ();
  assert_json_straight_up ();
  assert_json_scuffle ();
  assert_json_backbone ();
}

void
test_json_won (void **unused)
{
  FeltState st;
  g_autofree char *json = NULL;

  felt_test_position (&st, "scuffle",
                      "foundation.0", "AC 2D 3H 4S 5C 6D 7H 8S 9C TD JH QS KC",
                      "foundation.1", "AD 2H 3S 4C 5D 6H 7S 8C 9D TH JS QC KD",
                      "foundation.2", "AH 2S 3C 4D 5H 6S 7C 8D 9H TS JC QD KH",
                      "foundation.3", "AS 2C 3D 4H 5S 6C 7D 8H 9S TC JD QH KS",
                      NULL);
  json = felt_state_to_json (&st, 3, 60);
  assert_true (g_str_has_prefix (json,
    "{\"game\":\"scuffle\",\"seed\":3,\"score\":48,\"moves\":60,\"redeals_left\":2,"
    "\"won\":true,\"over\":false,\"piles\":[{\"id\":\"stock\",\"cards\":[]},"
    "{\"id\":\"foundation.0\",\"cards\":[\"AC\",\"2D\","));
}

