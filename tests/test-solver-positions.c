/* test-solver-positions.c: the positions the solver's tests
 * (test-solver.c) build: helpers, positions laid out card by card,
 * small random positions of every game, and the cross-check of
 * felt_solve's verdicts against a plain exhaustive search.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "test-solver.h"

/* ---- helpers ------------------------------------------------------------- */

const char *
verdict_name (FeltSolveVerdict v)
{
  return felt_solve_verdict_id (v);
}

/* The same from any position: each move checked by the engine. */
void
assert_line_wins_state (const FeltState *start, const GArray *line)
{
  FeltState st = *start;

  for (guint i = 0; i < line->len; i++)
    {
      const FeltMove *m = &g_array_index (line, FeltMove, i);
      FeltUndo undo;
      FeltIllegal why = felt_state_check_move (&st, m);
      if (why != FELT_LEGAL)
        fail_msg ("move %u of %u (%u->%u x%u%s) refused: %s", i, line->len, m->from, m->to,
                  m->count, m->stock ? " stock" : "", felt_illegal_message (why));
      felt_state_apply (&st, m, &undo);
    }
  if (!felt_state_is_won (&st))
    fail_msg ("the line of %u moves does not end in a win", line->len);
}

void
assert_move_is (const FeltState *st, const FeltMove *got, const char *from, guint count,
                const char *to)
{
  FeltMove want = felt_test_move (st, from, count, to);

  assert_int_equal (got->stock, 0);
  assert_int_equal (got->from, want.from);
  assert_int_equal (got->count, want.count);
  assert_int_equal (got->to, want.to);
}

void
assert_stock_move (const FeltMove *got)
{
  assert_int_equal (got->stock, 1);
}

char *
card_name (FeltCard c)
{
  char buf[3];

  felt_card_to_string (c, buf);
  return g_strdup (buf);
}

/* ---- small random positions against the exhaustive search ------------------ */


void
layout_init (Layout *l)
{
  for (guint p = 0; p < FELT_MAX_PILES; p++)
    l->piles[p] = g_string_new (NULL);
}

void
layout_clear (Layout *l)
{
  for (guint p = 0; p < FELT_MAX_PILES; p++)
    g_string_free (l->piles[p], TRUE);
}

void
layout_put (Layout *l, guint pile, FeltCard c)
{
  g_autofree char *name = card_name (c);

  if (l->piles[pile]->len)
    g_string_append_c (l->piles[pile], ' ');
  g_string_append (l->piles[pile], name);
}

void
layout_build (Layout *l, const FeltGame *game, FeltState *st)
{
  const char *piles[FELT_MAX_PILES] = { NULL };
  g_autoptr (GError) error = NULL;

  for (guint p = 0; p < game->n_piles; p++)
    piles[p] = l->piles[p]->str;
  if (!felt_state_set_piles (st, game, piles, &error))
    fail_msg ("bad layout: %s", error->message);
}

void
shuffle_cards (GRand *rand, FeltCard *cards, guint n)
{
  for (guint i = n; i > 1; i--)
    {
      guint j = (guint) g_rand_int_range (rand, 0, (gint32) i);
      FeltCard t = cards[i - 1];
      cards[i - 1] = cards[j];
      cards[j] = t;
    }
}

int
pile_of (const FeltGame *game, FeltRole role, guint index)
{
  int p = felt_game_find_pile (game, role, index);

  assert_true (p >= 0);
  return p;
}

/* Cruel: suits built to random heights, the other cards dealt into the
 * tableau, either as after a redeal (groups of four) or in piles of
 * random sizes after some move. */
void
random_cruel_between (GRand *rand, FeltState *st, gint32 min_left, gint32 max_left)
{
  const FeltGame *game = felt_game_get (FELT_GAME_CRUEL);
  guint height[4] = { 13, 13, 13, 13 };
  guint left = (guint) g_rand_int_range (rand, min_left, max_left);
  FeltCard rest[52];
  guint n = 0, next = 0;
  Layout l;

  layout_init (&l);
  while (n < left)
    {
      guint s = (guint) g_rand_int_range (rand, 0, 4);
      if (height[s] > 1)
        {
          height[s]--;
          rest[n++] = FELT_CARD (height[s] + 1, s);
        }
    }
  for (guint s = 0; s < 4; s++)
    for (guint r = 1; r <= height[s]; r++)
      layout_put (&l, (guint) pile_of (game, FELT_ROLE_FOUNDATION, s), FELT_CARD (r, s));
  shuffle_cards (rand, rest, n);
  if (g_rand_boolean (rand))
    {
      for (guint i = 0; i < n; i++)
        layout_put (&l, (guint) pile_of (game, FELT_ROLE_TABLEAU, i / 4), rest[i]);
      layout_build (&l, game, st);
    }
  else
    {
      for (guint p = 0; p < 12 && next < n; p++)
        {
          guint size = p == 11 ? n - next : (guint) g_rand_int_range (rand, 0, 6);
          for (guint k = 0; k < size && next < n; k++)
            layout_put (&l, (guint) pile_of (game, FELT_ROLE_TABLEAU, p), rest[next++]);
        }
      layout_build (&l, game, st);
      st->flags |= FELT_STATE_MOVED_SINCE_DEAL;
    }
  layout_clear (&l);
}

void
random_cruel (GRand *rand, FeltState *st)
{
  random_cruel_between (rand, st, 5, 12);
}

/* Straight Up: suits built from the 2 (aces high) to random heights; the
 * other cards in the reserve, in tableau runs, the stock and the waste; the
 * tableau full while the reserve lasts (it refills at once). */
void
random_straight_up (GRand *rand, FeltState *st)
{
  const FeltGame *game = felt_game_get (FELT_GAME_STRAIGHT_UP);
  guint height[4] = { 13, 13, 13, 13 };  /* cards on the foundation, 2 first */
  guint left = (guint) g_rand_int_range (rand, 14, 24);
  FeltCard rest[52];
  gboolean used[52] = { FALSE };
  guint n = 0;
  guint reserve;
  Layout l;

  layout_init (&l);
  while (n < left)
    {
      guint s = (guint) g_rand_int_range (rand, 0, 4);
      if (height[s] > 1)
        {
          guint value = height[s] + 1;     /* 2..14, 14 = ace */
          height[s]--;
          rest[n++] = FELT_CARD (value == 14 ? 1 : value, s);
        }
    }
  for (guint s = 0; s < 4; s++)
    for (guint v = 2; v < 2 + height[s]; v++)
      layout_put (&l, (guint) pile_of (game, FELT_ROLE_FOUNDATION, s), FELT_CARD (v == 14 ? 1 : v, s));
  shuffle_cards (rand, rest, n);

  reserve = (guint) g_rand_int_range (rand, 0, 3);
  if (n < 4 + reserve)
    reserve = 0;
  for (guint i = 0; i < reserve; i++)
    {
      layout_put (&l, (guint) pile_of (game, FELT_ROLE_RESERVE, 0), rest[i]);
      used[i] = TRUE;
    }
  /* Tableau runs: a card, then perhaps the card below it in its suit. */
  for (guint t = 0; t < 4; t++)
    {
      int p = pile_of (game, FELT_ROLE_TABLEAU, t);
      guint i;
      if (reserve == 0 && g_rand_int_range (rand, 0, 6) == 0)
        continue;
      for (i = 0; i < n && used[i]; i++)
        ;
      if (i == n)
        break;
      layout_put (&l, (guint) p, rest[i]);
      used[i] = TRUE;
      if (g_rand_boolean (rand))
        {
          guint rank = FELT_CARD_RANK (rest[i]);
          guint value = rank == 1 ? 14 : rank;
          for (guint j = 0; j < n; j++)
            if (!used[j] && FELT_CARD_SUIT (rest[j]) == FELT_CARD_SUIT (rest[i]) && value > 3 &&
                FELT_CARD_RANK (rest[j]) == value - 1)
              {
                layout_put (&l, (guint) p, rest[j]);
                used[j] = TRUE;
                break;
              }
        }
    }
  for (guint i = 0; i < n; i++)
    if (!used[i])
      layout_put (&l, g_rand_int_range (rand, 0, 3) == 0 ? 0 : 1, rest[i]);
  layout_build (&l, game, st);
  /* Mostly the last pass, where the order of the waste can sink a game. */
  st->redeals = (guint8) MIN (g_rand_int_range (rand, 0, 5), 2);
  layout_clear (&l);
}

/* Scuffle: foundations of random heights, each rank of them in random
 * suits; the other cards on the reserves and in the stock. */
void
random_scuffle (GRand *rand, FeltState *st)
{
  const FeltGame *game = felt_game_get (FELT_GAME_SCUFFLE);
  guint height[4];
  FeltCard rest[52];
  guint n = 0, total = 0;
  Layout l;

  layout_init (&l);
  do
    {
      total = 0;
      for (guint f = 0; f < 4; f++)
        {
          height[f] = (guint) g_rand_int_range (rand, 6, 14);
          total += 13 - height[f];
        }
    }
  while (total < 8 || total > 18);
  for (guint r = 1; r <= 13; r++)
    {
      FeltCard suits[4] = { FELT_CARD (r, 0), FELT_CARD (r, 1), FELT_CARD (r, 2), FELT_CARD (r, 3) };
      guint k = 0;
      shuffle_cards (rand, suits, 4);
      for (guint f = 0; f < 4; f++)
        if (height[f] >= r)
          layout_put (&l, (guint) pile_of (game, FELT_ROLE_FOUNDATION, f), suits[k++]);
      while (k < 4)
        rest[n++] = suits[k++];
    }
  shuffle_cards (rand, rest, n);
  {
    /* Reserve piles, most of them with the lower cards on top (as
     * a player keeps them), then the stock. */
    FeltCard piles[4][52];
    guint sizes[4] = { 0 };
    for (guint i = 0; i < n; i++)
      {
        guint where = (guint) g_rand_int_range (rand, 0, 7);
        if (where >= 4)
          layout_put (&l, 0, rest[i]);
        else
          piles[where][sizes[where]++] = rest[i];
      }
    for (guint p = 0; p < 4; p++)
      {
        gboolean sorted = g_rand_boolean (rand);
        for (guint i = 1; sorted && i < sizes[p]; i++)
          for (guint j = i; j > 0 && FELT_CARD_RANK (piles[p][j - 1]) < FELT_CARD_RANK (piles[p][j]); j--)
            {
              FeltCard t = piles[p][j];
              piles[p][j] = piles[p][j - 1];
              piles[p][j - 1] = t;
            }
        for (guint i = 0; i < sizes[p]; i++)
          layout_put (&l, (guint) pile_of (game, FELT_ROLE_RESERVE, p), piles[p][i]);
      }
  }
  layout_build (&l, game, st);
  st->redeals = (guint8) MIN (g_rand_int_range (rand, 0, 5), 2);
  st->rng = ((guint64) g_rand_int (rand) << 32) | g_rand_int (rand);
  layout_clear (&l);
}

/* The foundations of Hopscotch to the given heights; the cards left over
 * (the first free suit for each rank) are returned. */
guint
hopscotch_foundations (Layout *l, const guint height[4], FeltCard *rest)
{
  const FeltGame *game = felt_game_get (FELT_GAME_HOPSCOTCH);
  gboolean used[4][14] = { { FALSE } };
  guint n = 0;

  /* The clubs A to 4 start the foundations. */
  for (guint f = 0; f < 4; f++)
    used[FELT_CLUBS][f + 1] = TRUE;
  for (guint f = 0; f < 4; f++)
    {
      guint rank = f + 1;
      layout_put (l, (guint) pile_of (game, FELT_ROLE_FOUNDATION, f), FELT_CARD (rank, FELT_CLUBS));
      for (guint k = 1; k < height[f]; k++)
        {
          guint s = 0;
          rank = (rank - 1 + f + 1) % 13 + 1;
          while (used[s][rank])
            s++;
          used[s][rank] = TRUE;
          layout_put (l, (guint) pile_of (game, FELT_ROLE_FOUNDATION, f), FELT_CARD (rank, s));
        }
    }
  for (guint s = 0; s < 4; s++)
    for (guint r = 1; r <= 13; r++)
      if (!used[s][r])
        rest[n++] = FELT_CARD (r, s);
  return n;
}

/* Hopscotch: the foundations to random heights (their ranks fixed, suits
 * the first free ones); the other cards in the stock, the waste and the
 * reserves. */
void
random_hopscotch (GRand *rand, FeltState *st)
{
  const FeltGame *game = felt_game_get (FELT_GAME_HOPSCOTCH);
  guint height[4];
  FeltCard rest[52];
  guint n = 0, total;
  Layout l;

  layout_init (&l);
  do
    {
      total = 0;
      for (guint f = 0; f < 4; f++)
        {
          height[f] = (guint) g_rand_int_range (rand, 8, 14);
          total += 13 - height[f];
        }
    }
  while (total < 6 || total > 13);
  n = hopscotch_foundations (&l, height, rest);
  shuffle_cards (rand, rest, n);
  for (guint i = 0; i < n; i++)
    {
      guint where = (guint) g_rand_int_range (rand, 0, 7);
      if (where == 6 && l.piles[1]->len == 0)
        layout_put (&l, 1, rest[i]);
      else if (where >= 4)
        layout_put (&l, 0, rest[i]);
      else
        layout_put (&l, (guint) pile_of (game, FELT_ROLE_RESERVE, where), rest[i]);
    }
  layout_build (&l, game, st);
  layout_clear (&l);
}

/* Backbone: the two foundations of each suit to random heights; the other
 * cards in tableau runs, the reserve, the stock and the waste. */
void
random_backbone (GRand *rand, FeltState *st)
{
  const FeltGame *game = felt_game_get (FELT_GAME_BACKBONE);
  guint height[8];
  FeltCard rest[104];
  gboolean used[104] = { FALSE };
  guint n = 0, total;
  Layout l;

  layout_init (&l);
  do
    {
      total = 0;
      for (guint f = 0; f < 8; f++)
        {
          height[f] = (guint) g_rand_int_range (rand, 9, 14);
          total += 13 - height[f];
        }
    }
  while (total < 8 || total > 14);
  /* Foundation f builds suit f % 4. */
  for (guint f = 0; f < 8; f++)
    {
      for (guint r = 1; r <= height[f]; r++)
        layout_put (&l, (guint) pile_of (game, FELT_ROLE_FOUNDATION, f), FELT_CARD (r, f % 4));
      for (guint r = height[f] + 1; r <= 13; r++)
        rest[n++] = FELT_CARD (r, f % 4);
    }
  shuffle_cards (rand, rest, n);
  /* A few tableau runs of one or two cards. */
  for (guint t = 0; t < 8; t++)
    {
      guint i;
      if (g_rand_int_range (rand, 0, 4) != 0)
        continue;
      for (i = 0; i < n && used[i]; i++)
        ;
      if (i == n)
        break;
      layout_put (&l, (guint) pile_of (game, FELT_ROLE_TABLEAU, t), rest[i]);
      used[i] = TRUE;
      for (guint j = 0; j < n; j++)
        if (!used[j] && g_rand_boolean (rand) && rest[j] + 1 == rest[i])
          {
            layout_put (&l, (guint) pile_of (game, FELT_ROLE_TABLEAU, t), rest[j]);
            used[j] = TRUE;
            break;
          }
    }
  for (guint i = 0; i < n; i++)
    {
      guint where;
      if (used[i])
        continue;
      where = (guint) g_rand_int_range (rand, 0, 8);
      switch (where)
        {
        case 0:
        case 1:
          layout_put (&l, (guint) pile_of (game, FELT_ROLE_RESERVE, where), rest[i]);
          break;
        case 2:
          if (l.piles[pile_of (game, FELT_ROLE_RESERVE, 2)]->len == 0)
            {
              layout_put (&l, (guint) pile_of (game, FELT_ROLE_RESERVE, 2), rest[i]);
              break;
            }
          G_GNUC_FALLTHROUGH;
        case 3:
        case 6:
          layout_put (&l, 1, rest[i]);
          break;
        case 4:
        case 5:
          layout_put (&l, (guint) pile_of (game, FELT_ROLE_RESERVE, g_rand_int_range (rand, 0, 2)),
                      rest[i]);
          break;
        default:
          layout_put (&l, 0, rest[i]);
          break;
        }
    }
  layout_build (&l, game, st);
  st->redeals = (guint8) MIN (g_rand_int_range (rand, 0, 4), 1);
  layout_clear (&l);
}


/* Positions where the exhaustive search finishes must get the same
 * verdict from felt_solve; every line must win. */
void
cross_check (RandomPosition make, guint count, guint32 seed, guint min_won, guint min_lost)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
  guint won = 0, lost = 0;

  for (guint i = 0; i < count; i++)
    {
      FeltState st;
      FeltSolveResult fast, full;

      make (rand, &st);
      felt_solve_exhaustive (&st, 400000, NULL, &full);
      felt_solve (&st, 400000, NULL, &fast);
      if (full.verdict == FELT_SOLVE_WINNABLE)
        assert_line_wins_state (&st, full.line);
      if (fast.verdict == FELT_SOLVE_WINNABLE)
        assert_line_wins_state (&st, fast.line);
      if (full.verdict != FELT_SOLVE_UNKNOWN && fast.verdict != FELT_SOLVE_UNKNOWN &&
          full.verdict != fast.verdict)
        {
          g_autofree char *text = felt_state_to_text (&st, 0);
          fail_msg ("position %u: the solver says %s, the exhaustive search %s:\n%s", i,
                    verdict_name (fast.verdict), verdict_name (full.verdict), text);
        }
      /* A proof of loss needs the full search to agree. */
      if (fast.verdict == FELT_SOLVE_LOST && full.verdict == FELT_SOLVE_UNKNOWN)
        {
          FeltSolveResult bigger;
          felt_solve_exhaustive (&st, 1500000, NULL, &bigger);
          assert_int_not_equal (bigger.verdict, FELT_SOLVE_WINNABLE);
          felt_solve_result_clear (&bigger);
        }
      won += full.verdict == FELT_SOLVE_WINNABLE;
      lost += full.verdict == FELT_SOLVE_LOST;
      felt_solve_result_clear (&fast);
      felt_solve_result_clear (&full);
    }
  /* The sample must contain both kinds, or it checks little. */
  if (won < min_won || lost < min_lost)
    fail_msg ("only %u won and %u lost positions among %u", won, lost, count);
}

