/* test-random-play.c: thousands of seeded random games of every game,
 * checking the engine against itself and against doc/rules.md after every
 * step.
 *
 * At each step the move is drawn uniformly from the legal card moves plus
 * the stock action, and the test checks:
 *  - every card is there exactly once (twice in Backbone), n_cards fixed;
 *  - the list of legal moves is, as a set, exactly what trying every
 *    (from, count, to) through felt_state_check_move accepts (every
 *    count 1..FELT_MAX_CARDS at every FULL_CHECK_EVERY-th step, else the
 *    counts up to one past the size of the source and FELT_MAX_CARDS),
 *    and felt_state_can_stock agrees with checking the stock action;
 *  - is_over holds exactly when the game is not won and neither a move
 *    nor the stock action is left (this covers Cruel's dead end, which
 *    refuses every move), and Cruel's loop is recognised;
 *  - undo restores the position byte for byte, and replaying the move
 *    gives the same position again (Scuffle's reshuffle included);
 *  - the score counts the cards put on the foundations, never above the
 *    maximum; foundations are proper builds and never lose cards;
 *  - the hint and the double-click target agree with the legal moves;
 * and at the end of a game, undoing the whole history through the
 * session gives back the deal, and redoing it gives back the end.
 *
 * FELT_RANDOM_GAMES=N overrides the number of games per game;
 * FELT_TEST_FILTER=*cruel runs one game only.  A failure names the deal
 * number and step; the test's generator is seeded per game, so a run is
 * the same every time.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <string.h>

#include "felt-session.h"
#include "felt-test-util.h"

/* Games per game; Backbone's games are long (three times the steps), so
 * it plays fewer to keep the run under a minute. */
#define DEFAULT_GAMES 2000
#define DEFAULT_GAMES_BACKBONE 1000
#define MAX_STEPS 400
/* Every this many steps the brute force tries every count up to
 * FELT_MAX_CARDS; in between, up to one past the size of the pile. */
#define FULL_CHECK_EVERY 32

/* One random game being played, for the failure messages. */
typedef struct {
  const FeltGame *game;
  guint32 seed;
  guint step;
  FeltMove last;
} Play;

#define CHECK(play, cond, ...)                                                   \
  do {                                                                          \
    if (!(cond))                                                                \
      {                                                                         \
        g_autofree char *what_ = g_strdup_printf (__VA_ARGS__);                 \
        fail_msg ("%s deal %u, step %u (last move %u->%u x%u%s): %s: %s",       \
                  (play)->game->id, (play)->seed, (play)->step,                 \
                  (play)->last.from, (play)->last.to, (play)->last.count,       \
                  (play)->last.stock ? " stock" : "", #cond, what_);            \
      }                                                                         \
  } while (0)

/* The test's own generator, independent of the engine's. */
static guint64
test_rand (guint64 *s)
{
  guint64 z = (*s += G_GUINT64_CONSTANT (0x9e3779b97f4a7c15));

  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94d049bb133111eb);
  return z ^ (z >> 31);
}

static guint
test_rand_below (guint64 *s, guint n)
{
  return (guint) (test_rand (s) % n);
}

static FeltRole
role_of (const FeltState *st, guint pile)
{
  return felt_state_game (st)->piles[pile].role;
}

/* ---- invariants ----------------------------------------------------------- */

/* Does `upper` follow `lower` on a foundation of pile `pile`? */
static gboolean
foundation_follows (const FeltState *st, guint pile, FeltCard lower, FeltCard upper)
{
  const FeltGame *game = felt_state_game (st);
  guint lr = FELT_CARD_RANK (lower), ur = FELT_CARD_RANK (upper);
  gboolean same_suit = FELT_CARD_SUIT (lower) == FELT_CARD_SUIT (upper);

  switch ((FeltGameId) st->game)
    {
    case FELT_GAME_HOPSCOTCH:
      /* foundation n (1..4) goes up by n, K wrapping round to A */
      return ur == (lr - 1 + game->piles[pile].index + 1) % 13 + 1;
    case FELT_GAME_CRUEL:
    case FELT_GAME_BACKBONE:
      return same_suit && ur == lr + 1;
    case FELT_GAME_STRAIGHT_UP:
      /* 2 3 ... K A */
      return same_suit && (lr == FELT_KING ? ur == FELT_ACE : lr != FELT_ACE && ur == lr + 1);
    case FELT_GAME_SCUFFLE:
      return ur == lr + 1;
    case FELT_N_GAMES:
    default:
      /* A game with no oracle here: its own tests judge its foundations. */
      return TRUE;
    }
}

static guint
dealt_to_foundations (const FeltState *st)
{
  const FeltGame *game = felt_state_game (st);

  switch ((FeltGameId) st->game)
    {
    case FELT_GAME_BACKBONE:
      return 0;
    case FELT_GAME_HOPSCOTCH:
    case FELT_GAME_CRUEL:
    case FELT_GAME_STRAIGHT_UP:
    case FELT_GAME_SCUFFLE:
      return 4;
    case FELT_N_GAMES:
    default:
      return game->foundation_start == FELT_START_EMPTY ? 0 : 4u * game->n_decks;
    }
}

/* What must hold in every position of a game. */
static void
check_position (const Play *play, const FeltState *st, const guint8 *foundation_sizes)
{
  const FeltGame *game = play->game;
  guint copies[FELT_N_SUITS][14] = { { 0 } };
  guint on_foundations = 0;
  guint n_cards = 52 * game->n_decks;

  CHECK (play, st->n_cards == n_cards, "%u cards", st->n_cards);
  CHECK (play, st->start[0] == 0 && st->start[game->n_piles] == n_cards, "bounds");
  for (guint i = n_cards; i < FELT_MAX_CARDS; i++)
    CHECK (play, st->cards[i] == 0, "slot %u not cleared", i);

  for (guint p = 0; p < game->n_piles; p++)
    {
      FeltRole role = role_of (st, p);
      guint size;

      CHECK (play, st->start[p] <= st->start[p + 1], "pile %u bounds", p);
      size = felt_pile_size (st, p);
      for (guint i = 0; i < size; i++)
        {
          FeltCard c = felt_pile_card (st, p, i);
          CHECK (play, FELT_CARD_RANK (c) >= 1 && FELT_CARD_RANK (c) <= 13 &&
                       FELT_CARD_SUIT (c) < FELT_N_SUITS, "bad card %#x", c);
          copies[FELT_CARD_SUIT (c)][FELT_CARD_RANK (c)]++;
        }

      if (role == FELT_ROLE_FOUNDATION)
        {
          /* Cards never leave a foundation, and the foundation is a build. */
          CHECK (play, size >= foundation_sizes[p], "foundation %u shrank", p);
          CHECK (play, size <= 13, "foundation %u holds %u", p, size);
          if (size > 0)
            {
              FeltCard base = felt_pile_card (st, p, 0);
              guint base_rank;

              switch ((FeltGameId) st->game)
                {
                case FELT_GAME_HOPSCOTCH:
                  base_rank = game->piles[p].index + 1;
                  CHECK (play, FELT_CARD_SUIT (base) == FELT_CLUBS, "base");
                  break;
                case FELT_GAME_STRAIGHT_UP:
                  base_rank = 2;
                  break;
                case FELT_GAME_CRUEL:
                case FELT_GAME_SCUFFLE:
                case FELT_GAME_BACKBONE:
                  base_rank = FELT_ACE;
                  break;
                case FELT_N_GAMES:
                default:
                  /* No oracle here: its own tests judge its foundations. */
                  base_rank = FELT_CARD_RANK (base);
                  break;
                }
              CHECK (play, FELT_CARD_RANK (base) == base_rank, "foundation %u base", p);
            }
          for (guint i = 1; i < size; i++)
            CHECK (play, foundation_follows (st, p, felt_pile_card (st, p, i - 1),
                                             felt_pile_card (st, p, i)),
                   "foundation %u card %u", p, i);
          on_foundations += size;
        }

      /* Straight Up and Backbone build their tableau one suit downwards
       * from single cards, so every pile is a same-suit run. */
      if (role == FELT_ROLE_TABLEAU &&
          (st->game == FELT_GAME_STRAIGHT_UP || st->game == FELT_GAME_BACKBONE))
        for (guint i = 1; i < size; i++)
          {
            FeltCard lower = felt_pile_card (st, p, i - 1), upper = felt_pile_card (st, p, i);
            guint lr = FELT_CARD_RANK (lower), ur = FELT_CARD_RANK (upper);
            if (st->game == FELT_GAME_STRAIGHT_UP)
              {
                /* aces high */
                lr = lr == FELT_ACE ? 14 : lr;
                ur = ur == FELT_ACE ? 14 : ur;
              }
            CHECK (play, FELT_CARD_SUIT (lower) == FELT_CARD_SUIT (upper) && ur + 1 == lr,
                   "tableau %u is not a run at %u", p, i);
          }

      /* Straight Up: a tableau pile is refilled at once while the
       * reserve lasts. */
      if (role == FELT_ROLE_TABLEAU && st->game == FELT_GAME_STRAIGHT_UP &&
          felt_state_pile_count (st, FELT_ROLE_RESERVE) > 0)
        CHECK (play, size > 0, "tableau %u left empty", p);

      /* Hopscotch: the waste holds at most one card. */
      if (role == FELT_ROLE_WASTE && st->game == FELT_GAME_HOPSCOTCH)
        CHECK (play, size <= 1, "waste holds %u", size);

      for (guint i = 0; i < size; i++)
        {
          gboolean down = role == FELT_ROLE_STOCK ||
                          (st->game == FELT_GAME_STRAIGHT_UP && role == FELT_ROLE_RESERVE &&
                           i + 1 < size);
          CHECK (play, felt_state_card_face_down (st, p, i) == down, "pile %u card %u face", p, i);
        }
    }

  for (guint suit = 0; suit < FELT_N_SUITS; suit++)
    for (guint rank = 1; rank <= 13; rank++)
      CHECK (play, copies[suit][rank] == game->n_decks,
             "rank %u suit %u there %u times", rank, suit, copies[suit][rank]);

  CHECK (play, felt_state_score (st) == on_foundations - dealt_to_foundations (st),
         "score %u", felt_state_score (st));
  CHECK (play, felt_state_score (st) <= felt_game_max_score (game), "score %u", felt_state_score (st));
  CHECK (play, felt_state_is_won (st) == (on_foundations == n_cards), "won");
  if (felt_state_is_won (st))
    CHECK (play, felt_state_score (st) == felt_game_max_score (game), "won below max");

  CHECK (play, st->game != FELT_GAME_CRUEL || felt_state_redeals_left (st) == -1, "cruel redeals");
  if (game->redeal_limit >= 0)
    CHECK (play, st->redeals <= game->redeal_limit, "%u redeals", st->redeals);
}

/* Cruel's loop, from doc/rules.md: right after a (re)deal the last pile holds
 * one card and the only card moves take it onto the pile before. */
static gboolean
cruel_loop (const FeltState *st)
{
  FeltMove moves[FELT_MAX_MOVES];
  int last = -1;
  guint n;

  if (st->flags & FELT_STATE_MOVED_SINCE_DEAL)
    return FALSE;
  for (guint p = 0; p < felt_state_game (st)->n_piles; p++)
    if (role_of (st, p) == FELT_ROLE_TABLEAU && felt_pile_size (st, p) > 0)
      last = (int) p;
  if (last < 0 || felt_pile_size (st, last) != 1 || role_of (st, last - 1) != FELT_ROLE_TABLEAU)
    return FALSE;
  n = felt_state_card_moves (st, moves);
  if (n == 0)
    return FALSE;
  for (guint i = 0; i < n; i++)
    if (moves[i].from != last || moves[i].to != last - 1)
      return FALSE;
  return TRUE;
}

/* 1, 2, ..., last, then FELT_MAX_CARDS; 0 when done. */
static guint
next_count (guint count, guint last)
{
  if (count < last)
    return count + 1;
  return count < FELT_MAX_CARDS ? FELT_MAX_CARDS : 0;
}

/* Compares the engine's moves with brute force; returns them in moves[]. */
static guint
check_moves (const Play *play, const FeltState *st, FeltMove moves[FELT_MAX_MOVES],
             gboolean *can_stock, gboolean every_count)
{
  static guint8 listed[FELT_MAX_PILES][FELT_MAX_PILES][FELT_MAX_CARDS + 1];
  const FeltGame *game = play->game;
  const FeltMove stock = { 0, 0, 0, 1 };
  guint n = felt_state_legal_moves (st, moves);
  guint n_brute = 0;
  gboolean won = felt_state_is_won (st);
  FeltMove hint;
  gboolean has_hint;

  CHECK (play, n <= FELT_MAX_MOVES, "%u moves", n);
  memset (listed, 0, sizeof listed);
  for (guint i = 0; i < n; i++)
    {
      const FeltMove *m = &moves[i];
      CHECK (play, !m->stock && m->from < game->n_piles && m->to < game->n_piles &&
                   m->count >= 1 && m->count <= FELT_MAX_CARDS,
             "listed move %u->%u x%u", m->from, m->to, m->count);
      CHECK (play, !listed[m->from][m->to][m->count], "move listed twice");
      listed[m->from][m->to][m->count] = 1;
      /* A legal move never fails its check. */
      CHECK (play, felt_state_check_move (st, m) == FELT_LEGAL,
             "listed %u->%u x%u refused: %s", m->from, m->to, m->count,
             felt_illegal_message (felt_state_check_move (st, m)));
    }

  for (guint from = 0; from < game->n_piles; from++)
    {
      guint size = felt_pile_size (st, from);
      int home = -1;

      /* Every count, or (to save time) every count up to one past the
       * size of the pile and then only the largest. */
      guint last = every_count ? FELT_MAX_CARDS : MIN (size + 1, FELT_MAX_CARDS);

      for (guint to = 0; to < game->n_piles; to++)
        for (guint count = 1; count != 0; count = next_count (count, last))
          {
            FeltMove m = { from, to, count, 0 };
            FeltIllegal why = felt_state_check_move (st, &m);

            if (why == FELT_LEGAL)
              {
                CHECK (play, listed[from][to][count], "%u->%u x%u legal but not listed",
                       from, to, count);
                CHECK (play, count <= size && from != to, "impossible move %u->%u x%u",
                       from, to, count);
                n_brute++;
                if (home < 0 && count == 1 && role_of (st, to) == FELT_ROLE_FOUNDATION)
                  home = (int) to;
              }
            else
              CHECK (play, !listed[from][to][count], "%u->%u x%u listed but %s", from, to,
                     count, felt_illegal_message (why));
          }
      /* The double-click goes to the first foundation that takes the card. */
      CHECK (play, felt_state_foundation_for (st, from, 1) == home,
             "double-click from %u: %d, not %d", from, felt_state_foundation_for (st, from, 1), home);
    }
  CHECK (play, n_brute == n, "brute force finds %u moves, the engine %u", n_brute, n);

  /* Moves that name no pile, or no cards, are refused. */
  {
    FeltMove bad[] = {
      { game->n_piles, 0, 1, 0 }, { 0, game->n_piles, 1, 0 }, { 1, 2, 0, 0 }, { 2, 1, 0, 0 },
    };
    for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
      CHECK (play, felt_state_check_move (st, &bad[i]) != FELT_LEGAL, "bad move %u accepted", i);
  }

  *can_stock = felt_state_can_stock (st);
  CHECK (play, *can_stock == (felt_state_check_move (st, &stock) == FELT_LEGAL), "stock");

  CHECK (play, felt_state_is_over (st) == (!won && n == 0 && !*can_stock),
         "over %d, won %d, %u moves, stock %d", felt_state_is_over (st), won, n, *can_stock);
  if (won)
    CHECK (play, n == 0 && !*can_stock, "moves after the win");
  if (st->game == FELT_GAME_CRUEL && !won)
    {
      /* Lost right after a (re)deal with no move, or in the loop; else a
       * redeal is always possible once a card has moved. */
      FeltMove all[FELT_MAX_MOVES];
      gboolean fresh = !(st->flags & FELT_STATE_MOVED_SINCE_DEAL);
      gboolean lost = cruel_loop (st) || (fresh && felt_state_card_moves (st, all) == 0);

      CHECK (play, felt_state_is_over (st) == lost, "Cruel over %d, expected %d",
             felt_state_is_over (st), lost);
      CHECK (play, *can_stock == !fresh || lost, "Cruel redeal %d", *can_stock);
    }

  has_hint = felt_state_hint (st, &hint);
  if (has_hint)
    CHECK (play, felt_state_check_move (st, &hint) == FELT_LEGAL, "hint refused");
  CHECK (play, has_hint || n > 0 || !*can_stock, "no hint although the stock plays");
  if (n == 0 && !*can_stock)
    CHECK (play, !has_hint, "hint with nothing to do");
  return n;
}

/* ---- one game ------------------------------------------------------------- */

typedef struct {
  guint won, lost, unfinished;
  guint64 steps;
} Tally;

static void
play_one (const FeltGame *game, guint32 seed, guint64 *rand, Tally *tally)
{
  g_autoptr (FeltSession) session = felt_session_new (game, seed);
  FeltState deal, st;
  guint8 foundation_sizes[FELT_MAX_PILES] = { 0 };
  Play play = { game, seed, 0, { 0, 0, 0, 0 } };
  guint n_moves;

  felt_state_deal (&deal, game, seed);
  st = deal;
  CHECK (&play, felt_state_equal (&st, felt_session_get_state (session)), "session deal");

  for (;;)
    {
      FeltMove moves[FELT_MAX_MOVES];
      FeltState after, back;
      FeltUndo undo, again;
      gboolean can_stock;
      guint n, k;
      FeltMove move;

      check_position (&play, &st, foundation_sizes);
      n = check_moves (&play, &st, moves, &can_stock, play.step % FULL_CHECK_EVERY == 0);

      if (felt_state_is_won (&st))
        {
          tally->won++;
          break;
        }
      if (felt_state_is_over (&st))
        {
          tally->lost++;
          break;
        }
      if (play.step == MAX_STEPS)
        {
          tally->unfinished++;
          break;
        }

      k = test_rand_below (rand, n + (can_stock ? 1 : 0));
      move = k < n ? moves[k] : (FeltMove) { 0, 0, 0, 1 };

      for (guint p = 0; p < game->n_piles; p++)
        foundation_sizes[p] = (guint8) felt_pile_size (&st, p);

      /* apply, undo: the same bytes as before; apply again: the same
       * bytes as after. */
      after = st;
      felt_state_apply (&after, &move, &undo);
      CHECK (&play, !felt_state_equal (&after, &st), "the move changed nothing");
      back = after;
      felt_state_undo (&back, &undo);
      CHECK (&play, memcmp (&back, &st, sizeof st) == 0, "undo of %u->%u x%u%s",
             move.from, move.to, move.count, move.stock ? " stock" : "");
      felt_state_apply (&back, &move, &again);
      CHECK (&play, memcmp (&back, &after, sizeof st) == 0, "replaying the move");
      CHECK (&play, move.stock || after.rng == st.rng, "a card move used the generator");

      CHECK (&play, felt_session_play (session, &move) == FELT_LEGAL, "session refuses");
      CHECK (&play, felt_state_equal (felt_session_get_state (session), &after), "session");

      st = after;
      play.last = move;
      play.step++;
    }
  tally->steps += play.step;

  /* Undo everything through the session: back to the deal. */
  n_moves = felt_session_get_n_moves (session);
  CHECK (&play, n_moves == play.step, "%u moves in the history", n_moves);
  while (felt_session_undo (session))
    ;
  CHECK (&play, felt_state_equal (felt_session_get_state (session), &deal), "undo to the deal");
  CHECK (&play, felt_session_get_n_redo (session) == n_moves, "redo list");
  while (felt_session_redo (session))
    ;
  CHECK (&play, felt_state_equal (felt_session_get_state (session), &st), "redo to the end");
}

static guint
n_games (FeltGameId id)
{
  const char *env = g_getenv ("FELT_RANDOM_GAMES");
  guint64 n;

  if (env != NULL && g_ascii_string_to_unsigned (env, 10, 1, G_MAXUINT, &n, NULL))
    return (guint) n;
  return id == FELT_GAME_BACKBONE ? DEFAULT_GAMES_BACKBONE : DEFAULT_GAMES;
}

static void
test_random_play (void **state)
{
  FeltGameId id = (FeltGameId) GPOINTER_TO_UINT (*state);
  const FeltGame *game = felt_game_get (id);
  guint64 rand = G_GUINT64_CONSTANT (0x243f6a8885a308d3) ^ game->deal_salt;
  Tally tally = { 0 };
  guint n = n_games (id);
  gint64 begin = g_get_monotonic_time ();

  for (guint i = 0; i < n; i++)
    {
      /* Deal numbers from all over the range, the ends included. */
      guint32 seed = i == 0 ? 0 : i == 1 ? G_MAXUINT32 : (guint32) test_rand (&rand);
      play_one (game, seed, &rand, &tally);
    }
  assert_int_equal (tally.won + tally.lost + tally.unfinished, n);
  print_message ("# %-12s %u random games: %u won, %u lost, %u unfinished after %u steps "
                 "(%" G_GUINT64_FORMAT " steps, %.1f s)\n",
                 game->id, n, tally.won, tally.lost, tally.unfinished, MAX_STEPS, tally.steps,
                 (g_get_monotonic_time () - begin) / 1e6);
}

int
main (void)
{
  struct CMUnitTest tests[FELT_N_GAMES];
  int failed;

  for (guint id = 0; id < FELT_N_GAMES; id++)
    {
      tests[id] = (struct CMUnitTest) cmocka_unit_test_prestate (test_random_play,
                                                                 GUINT_TO_POINTER (id));
      tests[id].name = g_strdup_printf ("random play %s", felt_game_get (id)->id);
    }
  if (g_getenv ("FELT_TEST_FILTER"))
    cmocka_set_test_filter (g_getenv ("FELT_TEST_FILTER"));
  failed = _cmocka_run_group_tests ("random-play", tests, FELT_N_GAMES, NULL, NULL);
  for (guint id = 0; id < FELT_N_GAMES; id++)
    g_free ((char *) tests[id].name);
  return failed;
}
