/* cruel-relax.c: Cruel's proof of loss from a prefix of the sequence.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A redeal reads the piles in order from the bottom and cuts the sequence
 * into fours from its start, and cards only leave from the top of a pile
 * or arrive on one.  So the first cards of the sequence, the prefix, stay
 * first, and where the cuts fall among them depends on them alone: on
 * which of them left and which cards were put on top of one of them.
 *
 * The relaxed game keeps the prefix exactly (its piles, the cuts of each
 * redeal) and makes every other card free: it is there whenever a prefix
 * card wants to go onto it, it may be put onto a prefix card whenever it
 * fits (it then belongs to the prefix), and it goes home whenever the
 * lower cards of its suit are home.  Redeals are always allowed.  Every
 * line of the real game is a line of the relaxed one (its moves that
 * touch no prefix card change nothing there), so when no relaxed line
 * brings the prefix home, the real deal is lost.
 *
 * The relaxed game has far fewer positions than the real one: the order
 * of the cards after the prefix, which makes the real layouts after a
 * redeal so many, is not in it.
 */
#include "cruel-relax.h"

#include <string.h>

#define MAX_SEQ 52
#define MAX_TODO 65536
#define MAX_PILES 16   /* 12 tableau piles, 13 after a redeal of 52 cards */

typedef struct {
  guint8 n;                 /* cards in the prefix */
  guint8 np;                /* its piles, none empty */
  guint8 home[4];           /* per suit, the highest rank home */
  guint8 end[MAX_PILES];    /* pile i is seq[end[i-1] .. end[i]) */
  guint8 seq[MAX_SEQ];      /* from the first pile's bottom card */
} Prefix;

static inline guint
pile_start (const Prefix *p, guint i)
{
  return i ? p->end[i - 1] : 0;
}

static guint64
prefix_key (const Prefix *p)
{
  return felt_hash_bytes ((const guint8 *) p, sizeof *p, 0x6372756c);
}

/* Takes the top card off pile i (dropping the pile if it empties). */
static void
take_top (Prefix *p, guint i)
{
  guint at = p->end[i] - 1u;

  memmove (p->seq + at, p->seq + at + 1, p->n - at - 1u);
  p->n--;
  p->seq[p->n] = 0;
  for (guint k = i; k < p->np; k++)
    p->end[k]--;
  if (p->end[i] == pile_start (p, i))
    {
      memmove (p->end + i, p->end + i + 1, p->np - i - 1u);
      p->np--;
      p->end[p->np] = 0;
    }
}

/* Puts card c on top of pile j. */
static void
put_top (Prefix *p, guint j, FeltCard c)
{
  guint at = p->end[j];

  memmove (p->seq + at + 1, p->seq + at, p->n - at);
  p->seq[at] = c;
  p->n++;
  for (guint k = j; k < p->np; k++)
    p->end[k]++;
}

/* The redeal: the same sequence, cut into fours. */
static gboolean
regroup (Prefix *p)
{
  gboolean same = p->np == (p->n + 3u) / 4u;

  for (guint i = 0; i < p->np && same; i++)
    same = p->end[i] == MIN (4u * (i + 1u), p->n);
  if (same)
    return FALSE;
  memset (p->end, 0, sizeof p->end);
  p->np = (guint8) ((p->n + 3u) / 4u);
  for (guint i = 0; i < p->np; i++)
    p->end[i] = (guint8) MIN (4u * (i + 1u), p->n);
  return TRUE;
}

static inline guint
card_bit (FeltCard c)
{
  return FELT_CARD_SUIT (c) * 13u + FELT_CARD_RANK (c) - 1u;
}

typedef struct _Prune Prune;

typedef struct {
  KeySet seen;
  GArray *todo;     /* Prefix: positions still to expand, the next last */
  gboolean enter;   /* free cards may join the prefix */
  guint64 nodes;    /* positions expanded, the small games' included */
  Prune *prune;     /* NULL, or the small games that prune this search */
  Limits *lim;
} Search;

/* Pruning by the first cards.  The relaxed game of the first SUB_PREFIX
 * cards of a relaxed position is a relaxation of the relaxed game from
 * that position: the cards after them become free, and every move of
 * theirs is a move of a free card there (one put onto a card among the
 * first joins them, one of the first leaving onto a card after them
 * leaves onto a free card).  A card put onto the last of them the small
 * game leaves out, as it does on any last card: it would cut none of
 * them and only cover that one.  So when the small game is lost, so is
 * the position, and the search need not go on from it.  The longer
 * prefix keeps what the short one lets go free, the short one is cheap
 * and decides many positions: on Cruel 4219 the prefix of 12 cards,
 * 44.7 million relaxed positions without pruning (not one of them a
 * win), is proven lost in 82 thousand with it (9 thousand of its own,
 * the rest in 1188 small games).  Each small game gets up to SUB_BUDGET
 * positions; the answers are kept by key. */
#define SUB_PREFIX 8
#define SUB_BUDGET 2000
#define SUB_MEMO_BITS 16   /* at most 0.5 MiB a table */
#define SUB_SEEN_BITS 14   /* a small game's own table: at most 128 KiB */
/* The pruned search's own table: 8 MiB at most (786 thousand positions;
 * Cruel 45844, the longest proof seen, keeps 560 thousand).  A full
 * table only repeats work. */
#define PRUNED_SEEN_BITS 20

struct _Prune {
  KeySet lost, open;   /* small games proven lost; not proven lost */
  Search small;        /* reused for each small game */
};

static DfsOutcome relaxed_search (Search *s, const Prefix *p, guint64 budget);

/* The same position cut to its first SUB_PREFIX cards. */
static void
cut_prefix (const Prefix *p, Prefix *t)
{
  memset (t, 0, sizeof *t);
  t->n = SUB_PREFIX;
  memcpy (t->home, p->home, sizeof t->home);
  memcpy (t->seq, p->seq, SUB_PREFIX);
  for (guint i = 0; i < p->np; i++)
    {
      t->end[t->np++] = (guint8) MIN (p->end[i], SUB_PREFIX);
      if (p->end[i] >= SUB_PREFIX)
        break;
    }
}

/* TRUE when the relaxed game of p's first SUB_PREFIX cards is lost. */
static gboolean
pruned (Search *s, const Prefix *p)
{
  Prune *pr = s->prune;
  Prefix t;
  guint64 key;
  gboolean lost;

  if (pr == NULL || p->n <= SUB_PREFIX)
    return FALSE;
  cut_prefix (p, &t);
  key = prefix_key (&t);
  if (keyset_contains (&pr->lost, key))
    return TRUE;
  if (keyset_contains (&pr->open, key))
    return FALSE;
  keyset_reset (&pr->small.seen);
  pr->small.nodes = 0;
  lost = relaxed_search (&pr->small, &t, SUB_BUDGET) == DFS_EXHAUSTED;
  s->nodes += pr->small.nodes;
  keyset_add (lost ? &pr->lost : &pr->open, key);
  return lost;
}

static void
push (Search *s, const Prefix *p)
{
  if (keyset_add (&s->seen, prefix_key (p)) && !pruned (s, p))
    g_array_append_vals (s->todo, p, 1);
}

/* Every relaxed move from *p, pushed so that the best comes off the stack
 * first: home, then away from the prefix, onto another prefix card, the
 * redeal, a free card onto the prefix.  TRUE when a move empties the
 * prefix (the relaxed game is won). */
enum { HOME, LEAVE, ONTO, ENTER, N_KINDS };

static gboolean
expand (Search *s, const Prefix *p)
{
  guint64 in = 0;
  guint minrank[4] = { 14, 14, 14, 14 };
  int top_of[64];
  Prefix next[N_KINDS][MAX_PILES];
  guint n_next[N_KINDS] = { 0 };
  Prefix q;

  for (guint k = 0; k < 64; k++)
    top_of[k] = -1;
  for (guint k = 0; k < p->n; k++)
    {
      FeltCard c = p->seq[k];
      in |= G_GUINT64_CONSTANT (1) << card_bit (c);
      minrank[FELT_CARD_SUIT (c)] = MIN (minrank[FELT_CARD_SUIT (c)], FELT_CARD_RANK (c));
    }
  for (guint i = 0; i < p->np; i++)
    top_of[card_bit (p->seq[p->end[i] - 1u])] = (int) i;

  /* The last card of the prefix cuts no card of it: taking it away only
   * frees the others (a lower card of its suit may go home sooner, its
   * predecessor may leave instead of going onto it).  So when it can
   * leave, that is the one move to try. */
  {
    FeltCard x = p->seq[p->n - 1u];
    FeltCard up = FELT_CARD (FELT_CARD_RANK (x) + 1u, FELT_CARD_SUIT (x));
    if (FELT_CARD_RANK (x) < FELT_KING && !(in & (G_GUINT64_CONSTANT (1) << card_bit (up))))
      {
        if (p->n == 1)
          return TRUE;
        q = *p;
        take_top (&q, p->np - 1u);
        push (s, &q);
        return FALSE;
      }
  }

  for (guint i = 0; i < p->np; i++)
    {
      FeltCard x = p->seq[p->end[i] - 1u];
      guint suit = FELT_CARD_SUIT (x), rank = FELT_CARD_RANK (x);

      /* Home, once no lower card of its suit is in the prefix (the free
       * ones go home before it). */
      if (minrank[suit] == rank)
        {
          if (p->n == 1)
            return TRUE;
          q = *p;
          take_top (&q, i);
          q.home[suit] = (guint8) rank;
          next[HOME][n_next[HOME]++] = q;
        }
      if (rank < FELT_KING)
        {
          FeltCard up = FELT_CARD (rank + 1u, suit);
          int j = top_of[card_bit (up)];

          if (j >= 0)
            {
              /* Onto its successor on top of another prefix pile. */
              q = *p;
              take_top (&q, i);
              put_top (&q, (guint) j - ((guint) j > i && q.np < p->np), x);
              next[ONTO][n_next[ONTO]++] = q;
            }
          else if (!(in & (G_GUINT64_CONSTANT (1) << card_bit (up))))
            {
              /* Onto its successor, a free card: it leaves the prefix. */
              if (p->n == 1)
                return TRUE;
              q = *p;
              take_top (&q, i);
              next[LEAVE][n_next[LEAVE]++] = q;
            }
        }
      /* A free card put onto it joins the prefix (aces are home); not
       * onto the last card, where it would only stand in the way (it
       * would cut no card of the prefix). */
      if (s->enter && i + 1u < p->np && rank > 2 && rank - 1u > p->home[suit] && p->n < MAX_SEQ)
        {
          FeltCard down = FELT_CARD (rank - 1u, suit);
          if (!(in & (G_GUINT64_CONSTANT (1) << card_bit (down))))
            {
              q = *p;
              put_top (&q, i, down);
              next[ENTER][n_next[ENTER]++] = q;
            }
        }
    }
  for (guint k = n_next[ENTER]; k > 0; k--)
    push (s, &next[ENTER][k - 1]);
  q = *p;
  if (regroup (&q))
    push (s, &q);
  for (int kind = ONTO; kind >= 0; kind--)
    for (guint k = n_next[kind]; k > 0; k--)
      push (s, &next[kind][k - 1]);
  return FALSE;
}

static void
search_init (Search *s, gboolean enter, Prune *prune, Limits *lim)
{
  *s = (Search) { .enter = enter, .prune = prune, .lim = lim };
  keyset_init (&s->seen, 12);
  s->todo = g_array_new (FALSE, FALSE, sizeof (Prefix));
}

static void
search_clear (Search *s)
{
  g_array_free (s->todo, TRUE);
  keyset_free (&s->seen);
}

/* Searches the relaxed game from p, up to budget positions (counted in
 * s->nodes, which the small games add to). */
static DfsOutcome
relaxed_search (Search *s, const Prefix *p, guint64 budget)
{
  DfsOutcome outcome = DFS_STOPPED;

  g_array_set_size (s->todo, 0);
  push (s, p);
  while (!limits_stopped (s->lim))
    {
      Prefix cur;

      if (s->todo->len == 0)
        {
          /* Every relaxed position was searched, and none won. */
          outcome = DFS_EXHAUSTED;
          break;
        }
      /* The stack, not only the table, is bounded (4.6 MiB): past that
       * the search stops without a proof. */
      if (s->nodes >= budget || s->todo->len > MAX_TODO || !limits_spend (s->lim))
        break;
      s->nodes++;
      cur = g_array_index (s->todo, Prefix, s->todo->len - 1);
      g_array_set_size (s->todo, s->todo->len - 1);
      if (expand (s, &cur))
        {
          outcome = DFS_WON;
          break;
        }
    }
  return outcome;
}

static gboolean
prefix_lost (const FeltState *st, guint prefix, guint64 budget, gboolean prune, Limits *lim)
{
  const FeltGame *game = felt_state_game (st);
  int first = felt_game_find_pile (game, FELT_ROLE_TABLEAU, 0);
  guint n_tableau = felt_game_count_piles (game, FELT_ROLE_TABLEAU);
  guint n_found = felt_game_count_piles (game, FELT_ROLE_FOUNDATION);
  gboolean lost;
  Search s;
  Prune pr;
  Prefix p;

  memset (&p, 0, sizeof p);
  for (guint f = 0; f < n_found; f++)
    {
      guint pile = (guint) felt_game_find_pile (game, FELT_ROLE_FOUNDATION, f);
      if (felt_pile_size (st, pile) > 0)
        {
          FeltCard top = felt_pile_top (st, pile);
          p.home[FELT_CARD_SUIT (top)] = (guint8) FELT_CARD_RANK (top);
        }
    }
  /* The piles as they lie (a redeal keeps them while they hold four),
   * the last one cut at the prefix's end. */
  for (guint t = 0; t < n_tableau && p.n < prefix && p.n < MAX_SEQ; t++)
    {
      guint pile = (guint) first + t, size = felt_pile_size (st, pile);
      if (size == 0)
        continue;
      for (guint k = 0; k < size && p.n < prefix && p.n < MAX_SEQ; k++)
        p.seq[p.n++] = felt_pile_card (st, pile, k);
      p.end[p.np++] = p.n;
    }
  if (p.n == 0)
    return FALSE;

  /* Without free cards joining it the relaxed game is smaller, and a win
   * there is a win of the relaxed game: no proof from this prefix. */
  search_init (&s, FALSE, NULL, lim);
  lost = relaxed_search (&s, &p, budget / 4) != DFS_WON;
  search_clear (&s);
  if (!lost)
    return FALSE;
  if (prune)
    {
      keyset_init (&pr.lost, 10);
      keyset_init (&pr.open, 10);
      pr.lost.max_bits = pr.open.max_bits = SUB_MEMO_BITS;
      search_init (&pr.small, TRUE, NULL, lim);
      pr.small.seen.max_bits = SUB_SEEN_BITS;
    }
  search_init (&s, TRUE, prune ? &pr : NULL, lim);
  if (prune)
    s.seen.max_bits = PRUNED_SEEN_BITS;
  lost = relaxed_search (&s, &p, budget) == DFS_EXHAUSTED;
  search_clear (&s);
  if (prune)
    {
      search_clear (&pr.small);
      keyset_free (&pr.lost);
      keyset_free (&pr.open);
    }
  return lost;
}

gboolean
felt_cruel_prefix_lost (const FeltState *st, guint prefix, guint64 budget, Limits *lim)
{
  return prefix_lost (st, prefix, budget, FALSE, lim);
}

gboolean
felt_cruel_prefix_lost_pruned (const FeltState *st, guint prefix, guint64 budget, Limits *lim)
{
  return prefix_lost (st, prefix, budget, TRUE, lim);
}
