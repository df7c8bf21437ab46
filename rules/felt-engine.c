/* felt-engine.c: the move logic shared by every game, driven by the tables.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "felt-rules-private.h"

#include <string.h>

/* ---- the seeded generator ---------------------------------------------- */

guint64
felt_rng_next (guint64 *rng)
{
  guint64 z = (*rng += G_GUINT64_CONSTANT (0x9e3779b97f4a7c15));

  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94d049bb133111eb);
  return z ^ (z >> 31);
}

guint
felt_rng_below (guint64 *rng, guint n)
{
  /* Multiply-shift on the upper 32 bits: exact integer arithmetic, so
   * every machine gets the same numbers. */
  return (guint) (((felt_rng_next (rng) >> 32) * (guint64) n) >> 32);
}

/* ---- piles ---------------------------------------------------------------- */

void
felt_pile_take (FeltState *st, guint pile, guint n, FeltCard *out)
{
  guint end = st->start[pile + 1];
  guint total = st->n_cards;

  g_assert (n <= felt_pile_size (st, pile));
  memcpy (out, st->cards + end - n, n);
  memmove (st->cards + end - n, st->cards + end, total - end);
  memset (st->cards + total - n, 0, n);
  for (guint p = pile + 1; p <= felt_state_game (st)->n_piles; p++)
    st->start[p] -= n;
  st->n_cards -= n;
}

void
felt_pile_put (FeltState *st, guint pile, const FeltCard *cards, guint n, gboolean reversed)
{
  guint end = st->start[pile + 1];
  guint total = st->n_cards;
  guint n_piles = felt_state_game (st)->n_piles;

  memmove (st->cards + end + n, st->cards + end, total - end);
  for (guint i = 0; i < n; i++)
    st->cards[end + i] = reversed ? cards[n - 1 - i] : cards[i];
  for (guint p = pile + 1; p <= n_piles; p++)
    st->start[p] += n;
  st->n_cards += n;
}

/* The same as felt_pile_take + felt_pile_put, but only the cards lying
 * between the two piles shift, and only their bounds change. */
static void
pile_move (FeltState *st, guint from, guint n, guint to, gboolean reversed)
{
  FeltCard buf[FELT_MAX_CARDS];
  guint src = st->start[from + 1] - n;   /* the first card that moves */
  guint dest;                            /* where it lands */

  g_assert (n <= felt_pile_size (st, from));
  memcpy (buf, st->cards + src, n);
  if (from < to)
    {
      dest = st->start[to + 1] - n;
      memmove (st->cards + src, st->cards + src + n, dest - src);
      for (guint p = from + 1; p <= to; p++)
        st->start[p] -= n;
    }
  else if (from > to)
    {
      dest = st->start[to + 1];
      memmove (st->cards + dest + n, st->cards + dest, src - dest);
      for (guint p = to + 1; p <= from; p++)
        st->start[p] += n;
    }
  else
    dest = src;
  for (guint i = 0; i < n; i++)
    st->cards[dest + i] = reversed ? buf[n - 1 - i] : buf[i];
}

static inline FeltRole
pile_role (const FeltGame *game, guint pile)
{
  return game->piles[pile].role;
}

/* The stock, found by its role like every pile.  Every game has one (an
 * empty one where the stock only redeals); the tables list it first
 * (tests/test-tables.c), so this loop ends at once. */
static inline guint
stock_pile (const FeltGame *game)
{
  guint p = 0;

  while (game->piles[p].role != FELT_ROLE_STOCK)
    p++;
  return p;
}

/* ---- ranks ---------------------------------------------------------------- */

/* The rank order of the game: 1..13, or with aces high 2..13, A=14. */
static inline guint
rank_value (const FeltGame *game, FeltCard c)
{
  guint r = FELT_CARD_RANK (c);
  return (game->aces_high && r == FELT_ACE) ? 14 : r;
}

static inline gboolean
follows (const FeltGame *game, FeltCard lower, FeltCard higher)
{
  return rank_value (game, higher) == rank_value (game, lower) + 1;
}

/* Does `card` go onto pile `pile` (not empty) by its build rule? */
static gboolean
builds_on (const FeltState *st, const FeltGame *game, guint pile, FeltCard card)
{
  FeltCard top = felt_pile_top (st, pile);
  const FeltPileSpec *spec = &game->piles[pile];

  switch (game->roles[spec->role].build)
    {
    case FELT_BUILD_NONE:
      return FALSE;
    case FELT_BUILD_ANY:
      return TRUE;
    case FELT_BUILD_UP_SUIT:
      return FELT_CARD_SUIT (card) == FELT_CARD_SUIT (top) && follows (game, top, card);
    case FELT_BUILD_UP_ANY_SUIT:
      return follows (game, top, card);
    case FELT_BUILD_DOWN_SUIT:
      return FELT_CARD_SUIT (card) == FELT_CARD_SUIT (top) && follows (game, card, top);
    case FELT_BUILD_STEP:
      return FELT_CARD_RANK (card) == (FELT_CARD_RANK (top) - 1 + spec->index + 1) % 13 + 1;
    default:
      g_assert_not_reached ();
    }
}

/* How many cards could leave `pile` together at most: 1, or the length of
 * the same-suit descending run on top where runs move. */
static guint
movable_run (const FeltState *st, const FeltGame *game, guint pile)
{
  guint size = felt_pile_size (st, pile);
  guint n;

  if (size == 0)
    return 0;
  if (!game->roles[pile_role (game, pile)].runs_move)
    return 1;
  for (n = 1; n < size; n++)
    {
      FeltCard upper = felt_pile_card (st, pile, size - n);
      FeltCard lower = felt_pile_card (st, pile, size - n - 1);
      if (FELT_CARD_SUIT (upper) != FELT_CARD_SUIT (lower) || !follows (game, upper, lower))
        break;
    }
  return n;
}

static gboolean
source_playable (const FeltState *st, const FeltGame *game, guint pile)
{
  FeltRole role = pile_role (game, pile);

  if (role == FELT_ROLE_STOCK || role == FELT_ROLE_FOUNDATION)
    return FALSE;
  if (felt_pile_size (st, pile) == 0)
    return FALSE;
  return game->pile_blocked == NULL || !game->pile_blocked (st, pile);
}

/* Would pile `to` take the `count` cards on top of `from`?  Assumes the
 * source may give them. */
static FeltIllegal
target_accepts (const FeltState *st, const FeltGame *game, guint from, guint count, guint to)
{
  FeltRole to_role = pile_role (game, to);
  const FeltRoleRules *rules = &game->roles[to_role];
  guint from_mask = FELT_FROM (pile_role (game, from));
  guint size = felt_pile_size (st, to);
  /* The card that lands first: a run lands on a foundation top card first. */
  FeltCard lead;

  if (to_role == FELT_ROLE_FOUNDATION)
    lead = felt_pile_top (st, from);
  else
    lead = felt_pile_card (st, from, felt_pile_size (st, from) - count);

  if (to_role == FELT_ROLE_FOUNDATION && size + count > 13)
    return FELT_ILLEGAL_PILE_COMPLETE;
  if (to_role == FELT_ROLE_STOCK || to_role == FELT_ROLE_WASTE)
    return FELT_ILLEGAL_NOT_FROM_THERE;

  if (size == 0)
    {
      if (!(rules->empty_from & from_mask))
        return FELT_ILLEGAL_NOT_FROM_THERE;
      if (rules->empty_rank != 0 && FELT_CARD_RANK (lead) != rules->empty_rank)
        return FELT_ILLEGAL_DOES_NOT_FIT;
    }
  else
    {
      if (!(rules->accepts_from & from_mask))
        return FELT_ILLEGAL_NOT_FROM_THERE;
      if (!builds_on (st, game, to, lead))
        return FELT_ILLEGAL_DOES_NOT_FIT;
    }
  /* A run onto a foundation lands in ascending order: the run is a
   * same-suit descending sequence, so once the first card fits the rest
   * follow (and the foundation cannot overflow, checked above). */
  return FELT_LEGAL;
}

/* Every card on a foundation: no other pile holds one.  Stopping at the
 * first that does (mostly the stock, listed first) makes this cheap
 * enough for every move check. */
static gboolean
is_won (const FeltState *st, const FeltGame *game)
{
  for (guint p = 0; p < game->n_piles; p++)
    if (game->piles[p].role != FELT_ROLE_FOUNDATION && felt_pile_size (st, p) > 0)
      return FALSE;
  return TRUE;
}

static gboolean
game_ended (const FeltState *st, const FeltGame *game)
{
  return is_won (st, game) || (game->dead_end && game->dead_end (st));
}

FeltIllegal
felt_state_check_move (const FeltState *st, const FeltMove *move)
{
  const FeltGame *game = felt_state_game (st);

  if (game_ended (st, game))
    return FELT_ILLEGAL_GAME_ENDED;
  if (move->stock)
    return felt_state_can_stock (st) ? FELT_LEGAL : FELT_ILLEGAL_NO_STOCK_ACTION;
  if (move->from >= game->n_piles || move->to >= game->n_piles)
    return FELT_ILLEGAL_NO_SUCH_PILE;
  if (move->from == move->to)
    return FELT_ILLEGAL_SAME_PILE;
  if (move->count == 0)
    return FELT_ILLEGAL_BAD_COUNT;
  if (felt_pile_size (st, move->from) == 0)
    return FELT_ILLEGAL_EMPTY_SOURCE;
  if (!source_playable (st, game, move->from))
    return FELT_ILLEGAL_SOURCE_LOCKED;
  if (move->count > felt_pile_size (st, move->from))
    return FELT_ILLEGAL_NOT_ENOUGH_CARDS;
  if (move->count > movable_run (st, game, move->from))
    return FELT_ILLEGAL_NOT_A_RUN;
  return target_accepts (st, game, move->from, move->count, move->to);
}

/* ---- the stock ------------------------------------------------------------ */

static int
role_first (const FeltGame *game, FeltRole role)
{
  return felt_game_find_pile (game, role, 0);
}

guint
felt_game_count_piles (const FeltGame *game, FeltRole role)
{
  guint n = 0;

  for (guint p = 0; p < game->n_piles; p++)
    n += game->piles[p].role == role;
  return n;
}

static gboolean
can_deal (const FeltState *st, const FeltGame *game)
{
  int waste;

  if (game->stock_deal == FELT_DEAL_NONE || felt_pile_size (st, stock_pile (game)) == 0)
    return FALSE;
  waste = role_first (game, FELT_ROLE_WASTE);
  if (game->stock_deal == FELT_DEAL_TO_WASTE && game->waste_max != 0 &&
      felt_pile_size (st, waste) >= game->waste_max)
    return FALSE;
  return TRUE;
}

static gboolean
can_redeal (const FeltState *st, const FeltGame *game)
{
  if (game->redeal == FELT_REDEAL_NONE)
    return FALSE;
  if (game->redeal_limit >= 0 && st->redeals >= game->redeal_limit)
    return FALSE;
  if (game->redeal_needs_move && !(st->flags & FELT_STATE_MOVED_SINCE_DEAL))
    return FALSE;

  switch (game->redeal)
    {
    case FELT_REDEAL_TURN_WASTE:
      return felt_pile_size (st, stock_pile (game)) == 0 &&
             felt_pile_size (st, role_first (game, FELT_ROLE_WASTE)) > 0;
    case FELT_REDEAL_SHUFFLE_RESERVES:
      return felt_pile_size (st, stock_pile (game)) == 0 &&
             felt_state_pile_count (st, FELT_ROLE_RESERVE) > 0;
    case FELT_REDEAL_REGROUP:
      return felt_state_pile_count (st, FELT_ROLE_TABLEAU) > 0;
    case FELT_REDEAL_NONE:
    default:
      return FALSE;
    }
}

gboolean
felt_state_can_stock (const FeltState *st)
{
  const FeltGame *game = felt_state_game (st);

  if (game_ended (st, game))
    return FALSE;
  return can_deal (st, game) || can_redeal (st, game);
}

/* Cut the tableau, read in order, into groups of four (Cruel). */
static void
regroup (FeltState *st, const FeltGame *game)
{
  int first = role_first (game, FELT_ROLE_TABLEAU);
  guint n = felt_game_count_piles (game, FELT_ROLE_TABLEAU);
  guint begin = st->start[first];
  guint cards = st->start[first + n] - begin;

  /* The tableau piles lie next to each other in cards[], so regrouping
   * only moves the boundaries. */
  for (guint i = 0; i < n; i++)
    st->start[first + i] = begin + MIN (cards, 4 * i);
}

static void
shuffle (FeltCard *cards, guint n, guint64 *rng)
{
  for (guint i = n; i > 1; i--)
    {
      guint j = felt_rng_below (rng, i);
      FeltCard t = cards[i - 1];
      cards[i - 1] = cards[j];
      cards[j] = t;
    }
}

static void
unshuffle (FeltCard *cards, guint n, guint64 rng)
{
  guint swaps[FELT_MAX_CARDS];

  for (guint i = n; i > 1; i--)
    swaps[i - 1] = felt_rng_below (&rng, i);
  for (guint i = 2; i <= n; i++)
    {
      guint j = swaps[i - 1];
      FeltCard t = cards[i - 1];
      cards[i - 1] = cards[j];
      cards[j] = t;
    }
}

static void
stock_action (FeltState *st, const FeltGame *game, FeltUndo *undo)
{
  int first_reserve = role_first (game, FELT_ROLE_RESERVE);
  int waste = role_first (game, FELT_ROLE_WASTE);
  guint stock = stock_pile (game);
  FeltCard buf[FELT_MAX_CARDS];

  undo->dealt = 0;
  if (can_deal (st, game))
    {
      if (game->stock_deal == FELT_DEAL_TO_WASTE)
        {
          pile_move (st, stock, 1, waste, FALSE);
          undo->dealt = 1;
        }
      else
        {
          guint n = felt_game_count_piles (game, FELT_ROLE_RESERVE);
          for (guint i = 0; i < n && felt_pile_size (st, stock) > 0; i++)
            {
              pile_move (st, stock, 1, first_reserve + i, FALSE);
              undo->dealt++;
            }
        }
      return;
    }

  memcpy (undo->start, st->start, sizeof undo->start);
  st->redeals++;
  st->flags &= ~FELT_STATE_MOVED_SINCE_DEAL;

  switch (game->redeal)
    {
    case FELT_REDEAL_TURN_WASTE:
      undo->dealt = felt_pile_size (st, waste);
      pile_move (st, waste, undo->dealt, stock, TRUE);
      break;
    case FELT_REDEAL_SHUFFLE_RESERVES:
      {
        guint n = felt_game_count_piles (game, FELT_ROLE_RESERVE);
        guint total = 0;
        /* Gather pile 1 first, each from bottom to top. */
        for (guint i = 0; i < n; i++)
          {
            guint p = first_reserve + i;
            guint size = felt_pile_size (st, p);
            memcpy (buf + total, st->cards + st->start[p], size);
            total += size;
          }
        for (guint i = n; i > 0; i--)
          {
            FeltCard scratch[FELT_MAX_CARDS];
            guint p = first_reserve + i - 1;
            felt_pile_take (st, p, felt_pile_size (st, p), scratch);
          }
        shuffle (buf, total, &st->rng);
        felt_pile_put (st, stock, buf, total, FALSE);
        undo->dealt = total;
      }
      break;
    case FELT_REDEAL_REGROUP:
      regroup (st, game);
      break;
    case FELT_REDEAL_NONE:
    default:
      g_assert_not_reached ();
    }
}

static void
stock_undo (FeltState *st, const FeltGame *game, const FeltUndo *undo)
{
  int first_reserve = role_first (game, FELT_ROLE_RESERVE);
  int waste = role_first (game, FELT_ROLE_WASTE);
  guint stock = stock_pile (game);
  FeltCard buf[FELT_MAX_CARDS];

  if (undo->redeals == st->redeals)
    {
      /* It was a deal. */
      if (game->stock_deal == FELT_DEAL_TO_WASTE)
        pile_move (st, waste, 1, stock, FALSE);
      else
        for (guint i = undo->dealt; i > 0; i--)
          pile_move (st, first_reserve + i - 1, 1, stock, FALSE);
      return;
    }

  switch (game->redeal)
    {
    case FELT_REDEAL_TURN_WASTE:
      pile_move (st, stock, undo->dealt, waste, TRUE);
      break;
    case FELT_REDEAL_SHUFFLE_RESERVES:
      {
        guint done = 0;
        felt_pile_take (st, stock, undo->dealt, buf);
        unshuffle (buf, undo->dealt, undo->rng);
        for (guint p = first_reserve; p < first_reserve + felt_game_count_piles (game, FELT_ROLE_RESERVE); p++)
          {
            guint size = undo->start[p + 1] - undo->start[p];
            felt_pile_put (st, p, buf + done, size, FALSE);
            done += size;
          }
      }
      break;
    case FELT_REDEAL_REGROUP:
      memcpy (st->start, undo->start, sizeof st->start);
      break;
    case FELT_REDEAL_NONE:
    default:
      g_assert_not_reached ();
    }
}

/* ---- apply and undo ------------------------------------------------------- */

static gboolean
lands_reversed (const FeltGame *game, const FeltMove *move)
{
  /* A run lands on a foundation in ascending order (and leaves it the
   * same way when undone). */
  return move->count > 1 &&
         (pile_role (game, move->to) == FELT_ROLE_FOUNDATION ||
          pile_role (game, move->from) == FELT_ROLE_FOUNDATION);
}

void
felt_state_apply (FeltState *st, const FeltMove *move, FeltUndo *undo)
{
  const FeltGame *game = felt_state_game (st);

  undo->move = *move;
  undo->follow = (FeltMove) { 0, 0, 0, 0 };
  undo->redeals = st->redeals;
  undo->flags = st->flags;
  undo->dealt = 0;
  undo->rng = st->rng;

  if (move->stock)
    {
      stock_action (st, game, undo);
      return;
    }

  pile_move (st, move->from, move->count, move->to, lands_reversed (game, move));
  st->flags |= FELT_STATE_MOVED_SINCE_DEAL;

  if (game->follow_up && game->follow_up (st, move, &undo->follow))
    pile_move (st, undo->follow.from, undo->follow.count, undo->follow.to,
               lands_reversed (game, &undo->follow));
}

void
felt_state_undo (FeltState *st, const FeltUndo *undo)
{
  const FeltGame *game = felt_state_game (st);
  const FeltMove *m = &undo->move;

  if (m->stock)
    stock_undo (st, game, undo);
  else
    {
      if (undo->follow.count)
        pile_move (st, undo->follow.to, undo->follow.count, undo->follow.from,
                   lands_reversed (game, &undo->follow));
      pile_move (st, m->to, m->count, m->from, lands_reversed (game, m));
    }
  st->redeals = undo->redeals;
  st->flags = undo->flags;
  st->rng = undo->rng;
}

/* ---- move generation ------------------------------------------------------ */

/* Every card move the piles allow, without asking whether the game has
 * ended: the game hooks use this. */
guint
felt_state_card_moves (const FeltState *st, FeltMove moves[FELT_MAX_MOVES])
{
  const FeltGame *game = felt_state_game (st);
  /* The piles that may take cards, as bit masks: those built by suit
   * filed by the suit of their top card, and the others.  A source then
   * visits only the piles that could take its cards, in pile order. */
  guint32 by_suit[FELT_N_SUITS] = { 0 };
  guint32 any_suit = 0;
  guint n = 0;

  G_STATIC_ASSERT (FELT_MAX_PILES <= 32);

  for (guint to = 0; to < game->n_piles; to++)
    {
      FeltRole role = pile_role (game, to);
      const FeltRoleRules *rules = &game->roles[role];
      FeltCard top = felt_pile_top (st, to);

      if (role == FELT_ROLE_STOCK || role == FELT_ROLE_WASTE ||
          !(top ? rules->accepts_from : rules->empty_from))
        continue;
      if (top && (rules->build == FELT_BUILD_UP_SUIT || rules->build == FELT_BUILD_DOWN_SUIT))
        by_suit[FELT_CARD_SUIT (top)] |= 1u << to;
      else
        any_suit |= 1u << to;
    }

  for (guint from = 0; from < game->n_piles; from++)
    {
      guint run, from_mask;
      guint32 targets;

      if (!source_playable (st, game, from))
        continue;
      run = movable_run (st, game, from);
      from_mask = FELT_FROM (pile_role (game, from));
      /* The cards that may leave together are all of one suit. */
      targets = (by_suit[FELT_CARD_SUIT (felt_pile_top (st, from))] | any_suit) & ~(1u << from);
      for (; targets != 0; targets &= targets - 1)
        {
          guint to = (guint) __builtin_ctz (targets);
          const FeltRoleRules *rules = &game->roles[pile_role (game, to)];

          /* A quick refusal before target_accepts decides: a pile that
           * takes nothing from this role. */
          if (!((felt_pile_size (st, to) ? rules->accepts_from : rules->empty_from) & from_mask))
            continue;
          for (guint count = 1; count <= run; count++)
            if (target_accepts (st, game, from, count, to) == FELT_LEGAL)
              moves[n++] = (FeltMove) { from, to, count, 0 };
        }
    }
  return n;
}

guint
felt_state_legal_moves (const FeltState *st, FeltMove moves[FELT_MAX_MOVES])
{
  if (game_ended (st, felt_state_game (st)))
    return 0;
  return felt_state_card_moves (st, moves);
}

/* The first foundation (in layout order) that takes the `count` cards on
 * top of `pile`, or -1: what a double-click does. */
int
felt_state_foundation_for (const FeltState *st, guint pile, guint count)
{
  const FeltGame *game = felt_state_game (st);

  for (guint to = 0; to < game->n_piles; to++)
    {
      FeltMove m = { pile, to, count, 0 };
      if (pile_role (game, to) == FELT_ROLE_FOUNDATION &&
          felt_state_check_move (st, &m) == FELT_LEGAL)
        return (int) to;
    }
  return -1;
}

/* ---- the state as a whole ------------------------------------------------- */

gboolean
felt_state_equal (const FeltState *a, const FeltState *b)
{
  return memcmp (a, b, sizeof *a) == 0;
}

guint
felt_state_pile_count (const FeltState *st, FeltRole role)
{
  const FeltGame *game = felt_state_game (st);
  guint n = 0;

  for (guint p = 0; p < game->n_piles; p++)
    if (game->piles[p].role == role)
      n += felt_pile_size (st, p);
  return n;
}

static guint
dealt_to_foundations (const FeltGame *game)
{
  switch (game->foundation_start)
    {
    case FELT_START_RANK:
    case FELT_START_CLUB_STEPS:
      return 4;
    case FELT_START_EMPTY:
    default:
      return 0;
    }
}

guint
felt_state_score (const FeltState *st)
{
  return felt_state_pile_count (st, FELT_ROLE_FOUNDATION) -
         dealt_to_foundations (felt_state_game (st));
}

gboolean
felt_state_is_won (const FeltState *st)
{
  return is_won (st, felt_state_game (st));
}

gboolean
felt_state_is_over (const FeltState *st)
{
  const FeltGame *game = felt_state_game (st);
  FeltMove moves[FELT_MAX_MOVES];

  if (felt_state_is_won (st))
    return FALSE;
  if (game->dead_end && game->dead_end (st))
    return TRUE;
  return !can_deal (st, game) && !can_redeal (st, game) &&
         felt_state_card_moves (st, moves) == 0;
}

int
felt_state_redeals_left (const FeltState *st)
{
  const FeltGame *game = felt_state_game (st);

  if (game->redeal == FELT_REDEAL_NONE)
    return 0;
  if (game->redeal_limit < 0)
    return -1;
  return game->redeal_limit - st->redeals;
}

void
felt_state_status (const FeltState *st, FeltStatus *status)
{
  const FeltGame *game = felt_state_game (st);

  status->stock = (game->status & FELT_SHOW_STOCK) ? (int) felt_pile_size (st, stock_pile (game)) : -1;
  status->reserve = (game->status & FELT_SHOW_RESERVE)
                    ? (int) felt_state_pile_count (st, FELT_ROLE_RESERVE) : -1;
  status->redeals_left = (game->status & FELT_SHOW_REDEALS) ? felt_state_redeals_left (st) : -1;
  status->not_on_foundations = (game->status & FELT_SHOW_NOT_ON_FOUNDATIONS)
                               ? (int) (st->n_cards - felt_state_pile_count (st, FELT_ROLE_FOUNDATION))
                               : -1;
}

gboolean
felt_state_card_face_down (const FeltState *st, guint pile, guint i)
{
  const FeltGame *game = felt_state_game (st);

  switch (pile_role (game, pile))
    {
    case FELT_ROLE_STOCK:
      return TRUE;
    case FELT_ROLE_RESERVE:
      /* Straight Up's reserve shows only its top card. */
      return game->reserve_face_down && i + 1 < felt_pile_size (st, pile);
    case FELT_ROLE_WASTE:
    case FELT_ROLE_FOUNDATION:
    case FELT_ROLE_TABLEAU:
    case FELT_N_ROLES:
    default:
      return FALSE;
    }
}

gboolean
felt_state_card_playable (const FeltState *st, guint pile, guint i)
{
  const FeltGame *game = felt_state_game (st);
  guint size = felt_pile_size (st, pile);

  if (i >= size || !source_playable (st, game, pile))
    return FALSE;
  return size - i <= movable_run (st, game, pile);
}

const char *
felt_illegal_message (FeltIllegal why)
{
  switch (why)
    {
    case FELT_LEGAL: return N_("legal");
    case FELT_ILLEGAL_NO_SUCH_PILE: return N_("no such pile in this game");
    case FELT_ILLEGAL_SAME_PILE: return N_("a pile cannot move onto itself");
    case FELT_ILLEGAL_BAD_COUNT: return N_("the count must be at least 1");
    case FELT_ILLEGAL_EMPTY_SOURCE: return N_("that pile is empty");
    case FELT_ILLEGAL_NOT_ENOUGH_CARDS: return N_("that pile does not hold so many cards");
    case FELT_ILLEGAL_NOT_A_RUN: return N_("those cards cannot move together");
    case FELT_ILLEGAL_SOURCE_LOCKED: return N_("cards cannot be played from there");
    case FELT_ILLEGAL_NOT_FROM_THERE: return N_("that pile does not take cards from there");
    case FELT_ILLEGAL_DOES_NOT_FIT: return N_("the card does not fit there");
    case FELT_ILLEGAL_PILE_COMPLETE: return N_("that foundation is complete");
    case FELT_ILLEGAL_NO_STOCK_ACTION: return N_("the stock cannot deal or redeal now");
    case FELT_ILLEGAL_GAME_ENDED: return N_("the game is over");
    default: return N_("illegal move");
    }
}
