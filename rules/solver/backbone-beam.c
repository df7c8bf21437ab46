/* backbone-beam.c: Backbone searched card by card along the stock, the
 * best positions after each card dealt kept (rules/solver/README.md,
 * "Backbone's beam").
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A deal the short runs miss is one whose win needs many right choices
 * along the stock: which waste card goes where, which is left to be
 * buried.  A run that went wrong early spends its positions under that
 * choice.  The beam instead takes each layer (the positions after the
 * same number of stock actions) as a whole: from each kept position
 * every line of card moves (up to BEAM_CLOSURE new positions), and at
 * each position reached the next stock action, which makes a candidate
 * of the next layer; of those it keeps the `width` best by a score.
 */
#include "backbone-beam.h"

/* New positions searched from each kept one before its layer's next
 * stock actions: 50 won the same deals as 200 for fewer positions. */
#define BEAM_CLOSURE 50

typedef struct {
  FeltState st;   /* the position, expanded in the next layer */
  guint parent;   /* the kept position of the layer before it came from */
  guint off, n;   /* its moves from there, in the layer's moves */
  guint order;    /* ties go to the first found: the same beam everywhere */
  int score;
} BeamNode;

/* What a kept position leaves for the winning line once its layer is
 * expanded: where it came from and how. */
typedef struct {
  guint parent, off, n;
} BeamStep;

typedef struct {
  GArray *steps;   /* BeamStep, one per kept position */
  GArray *moves;   /* FeltMove */
} BeamLayer;

typedef struct {
  BbModel *m;
  BbmGenFunc gen;
  gpointer data;
  Limits *lim;
  KeySet seen;        /* the positions of this layer's lines */
  KeySet next_seen;   /* the candidates of the next layer */
  GArray *next;       /* BeamNode */
  GArray *next_moves; /* FeltMove: the candidates' moves */
  GArray *path;       /* the moves from the kept position expanded */
  guint parent, closure_left, width;
  guint64 salt;       /* 0, or the seed of the noise that reorders equal-looking candidates */
  guint order;        /* candidates made so far */
  gboolean won;
} Beam;

/* Cards home and out of the reserve count alike; a card left in the
 * waste costs: buried there in the last pass, it can only leave once
 * every card dealt over it has, and in the first its place among the
 * cards dealt again is fixed.  Weights chosen on the undecided deals of
 * 10001-10300 (README.md). */
static int
beam_score (const BbModel *m)
{
  int home = 0, waste = 0;

  for (guint j = 0; j < m->n_fnd; j++)
    home += m->fsize[j];
  for (guint x = m->next[BBM_HEAD]; m->cursor != BBM_HEAD; x = m->next[x])
    {
      waste++;
      if (x == m->cursor)
        break;
    }
  return 10 * home - 10 * m->in_reserve - (m->redeals >= m->redeal_limit ? 5 : 2) * waste;
}

static int
beam_node_cmp (gconstpointer a, gconstpointer b)
{
  const BeamNode *x = a, *y = b;

  if (x->score != y->score)
    return x->score > y->score ? -1 : 1;
  return (x->order > y->order) - (x->order < y->order);
}

/* The model's position, one stock action after the expanded position's
 * line, as a candidate of the next layer (once). */
static void
beam_candidate (Beam *c)
{
  BeamNode nd;

  if (!keyset_add (&c->next_seen, felt_bbm_key (c->m)))
    return;
  felt_bbm_to_state (c->m, &nd.st);
  nd.parent = c->parent;
  nd.off = c->next_moves->len;
  nd.n = c->path->len;
  nd.order = c->order++;
  nd.score = beam_score (c->m);
  /* Less than a card's worth (10): a beam run again at the same width
   * keeps other positions among those that score alike. */
  if (c->salt)
    nd.score += (int) (felt_mix64 (felt_bbm_key (c->m) ^ c->salt) % 8);
  g_array_append_vals (c->next_moves, c->path->data, c->path->len);
  g_array_append_val (c->next, nd);
}

/* Every line of card moves from the model's position (new positions
 * only, up to closure_left), each stock action a candidate; FALSE when
 * the search must stop (won: the model is left at the win). */
static gboolean
beam_lines (Beam *c)
{
  FeltMove moves[FELT_MAX_MOVES + 1];
  guint n = c->gen (c->data, c->m, moves);

  for (guint i = 0; i < n; i++)
    {
      BbmUndo undo;
      gboolean go_on = TRUE;

      if (!moves[i].stock && c->closure_left == 0)
        continue;
      if (!limits_spend (c->lim))
        return FALSE;
      felt_bbm_apply (c->m, &moves[i], &undo);
      g_array_append_val (c->path, moves[i]);
      if (moves[i].stock)
        beam_candidate (c);
      else if (felt_bbm_done (c->m))
        {
          c->won = TRUE;
          return FALSE;
        }
      else if (keyset_add (&c->seen, felt_bbm_key (c->m)))
        {
          c->closure_left--;
          go_on = beam_lines (c);
        }
      if (!go_on)
        return FALSE;
      g_array_set_size (c->path, c->path->len - 1);
      felt_bbm_undo (c->m, &undo);
    }
  return TRUE;
}

/* Keeps the width best candidates (their moves stay where they are). */
static void
beam_keep_best (Beam *c)
{
  g_array_sort (c->next, beam_node_cmp);
  if (c->next->len > c->width)
    g_array_set_size (c->next, c->width);
}

/* The kept candidates as the next layer's history, their moves copied
 * out of the candidates' buffer. */
static BeamLayer
beam_history (const Beam *c)
{
  BeamLayer layer = {
    g_array_sized_new (FALSE, FALSE, sizeof (BeamStep), c->next->len),
    g_array_new (FALSE, FALSE, sizeof (FeltMove)),
  };

  for (guint i = 0; i < c->next->len; i++)
    {
      const BeamNode *nd = &g_array_index (c->next, BeamNode, i);
      BeamStep step = { nd->parent, layer.moves->len, nd->n };
      g_array_append_vals (layer.moves, &g_array_index (c->next_moves, FeltMove, nd->off), nd->n);
      g_array_append_val (layer.steps, step);
    }
  return layer;
}

/* The winning line: each layer's moves from the root to the kept
 * position whose lines won (index `at` of the last layer), then those. */
static void
beam_line (const GArray *history, guint at, const GArray *path, GArray *line)
{
  g_array_append_vals (line, path->data, path->len);
  for (guint k = history->len; k > 1; k--)
    {
      const BeamLayer *layer = &g_array_index (history, BeamLayer, k - 1);
      const BeamStep *step = &g_array_index (layer->steps, BeamStep, at);
      g_array_prepend_vals (line, &g_array_index (layer->moves, FeltMove, step->off), step->n);
      at = step->parent;
    }
}

/* Expands every kept position of cur into the candidates (c->next);
 * FALSE when the search must stop. */
static gboolean
beam_expand (Beam *c, const GArray *cur)
{
  keyset_reset (&c->seen);
  keyset_reset (&c->next_seen);
  g_array_set_size (c->next, 0);
  g_array_set_size (c->next_moves, 0);
  for (guint i = 0; i < cur->len; i++)
    {
      const BeamNode *nd = &g_array_index (cur, BeamNode, i);
      felt_bbm_init (c->m, &nd->st);
      keyset_add (&c->seen, felt_bbm_key (c->m));
      g_array_set_size (c->path, 0);
      c->parent = i;
      c->closure_left = BEAM_CLOSURE;
      if (!beam_lines (c))
        return FALSE;
      /* Bounded memory: never more than a few widths of candidates. */
      if (c->next->len > 4 * c->width)
        beam_keep_best (c);
    }
  return TRUE;
}

FeltSolveVerdict
felt_bb_beam (const FeltState *root, BbModel *m, BbmGenFunc gen, gpointer data, guint width,
              guint64 salt, Limits *lim, GArray *line)
{
  Beam c = { m, gen, data, lim };
  g_autoptr (GArray) history = g_array_new (FALSE, FALSE, sizeof (BeamLayer));
  g_autoptr (GArray) cur = g_array_new (FALSE, FALSE, sizeof (BeamNode));
  BeamNode first = { *root, G_MAXUINT, 0, 0, 0, 0 };
  BeamLayer layer0 = {
    g_array_new (FALSE, FALSE, sizeof (BeamStep)), g_array_new (FALSE, FALSE, sizeof (FeltMove)),
  };
  BeamStep step0 = { G_MAXUINT, 0, 0 };
  FeltSolveVerdict verdict = FELT_SOLVE_UNKNOWN;

  if (!felt_bbm_init (m, root))
    return FELT_SOLVE_UNKNOWN;
  c.width = MAX (width, 1u);
  c.salt = salt;
  keyset_init (&c.seen, 10);
  keyset_init (&c.next_seen, 10);
  c.next = g_array_new (FALSE, FALSE, sizeof (BeamNode));
  c.next_moves = g_array_new (FALSE, FALSE, sizeof (FeltMove));
  c.path = g_array_new (FALSE, FALSE, sizeof (FeltMove));
  g_array_append_val (layer0.steps, step0);
  g_array_append_val (history, layer0);
  g_array_append_val (cur, first);
  while (cur->len > 0)
    {
      BeamLayer layer;
      GArray *t;
      if (!beam_expand (&c, cur))
        break;
      beam_keep_best (&c);
      layer = beam_history (&c);
      g_array_append_val (history, layer);
      /* The candidates kept are the next layer to expand. */
      t = cur;
      cur = c.next;
      c.next = t;
    }
  if (c.won)
    {
      beam_line (history, c.parent, c.path, line);
      verdict = FELT_SOLVE_WINNABLE;
    }
  for (guint k = 0; k < history->len; k++)
    {
      BeamLayer *l = &g_array_index (history, BeamLayer, k);
      g_array_unref (l->steps);
      g_array_unref (l->moves);
    }
  keyset_free (&c.seen);
  keyset_free (&c.next_seen);
  g_array_unref (c.next);
  g_array_unref (c.next_moves);
  g_array_unref (c.path);
  return verdict;
}
