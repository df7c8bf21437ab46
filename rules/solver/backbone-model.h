/* backbone-model.h: Backbone's positions held in a few bytes for its
 * solver's search (backbone-model.c, used by backbone.c).
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "felt-solver-private.h"

G_BEGIN_DECLS

/* Most of a position's cost through the engine is its general move
 * generation and a key hashed afresh from every card.  Backbone's piles
 * are simple enough to hold in a few bytes each: a tableau pile is a run
 * of one suit (its top card and size say which), a foundation a suit and
 * a size, a reserve pile only shrinks from the top (its size says what is
 * left), and the stock and the waste are what remains of one sequence of
 * cards that never changes its order (dealing moves a cursor along it,
 * the redeal turns the waste back in the same order, and only the card
 * at the cursor leaves): a linked list with the cursor.  A move changes a
 * few bytes and the key (each part's random number, added or taken away)
 * and is taken back the same way, with no copy.  The moves are listed in
 * the engine's order (sources, then targets, by pile), so the search goes
 * through the same positions as on the engine; every winning line is
 * played through the engine before it is reported (solve_backbone), and
 * the tests walk the model and the engine side by side. */

#define BBM_HEAD 0                      /* the list's first node, before any card */
#define BBM_NONE 0xff

typedef enum { BBM_STOCK, BBM_WASTE, BBM_FND, BBM_TAB, BBM_RES, BBM_OTHER } BbmKind;

typedef struct _BbModel {
  /* What each pile of the game is: kind and index within its kind. */
  guint8 kind[FELT_MAX_PILES], idx[FELT_MAX_PILES];
  guint8 n_piles, n_tab, n_fnd, n_res, redeal_limit;
  guint8 tab_pile[FELT_MAX_PILES], fnd_pile[FELT_MAX_PILES], res_pile[FELT_MAX_PILES];
  guint8 stock_pile, waste_pile;
  guint8 src_pile[FELT_MAX_PILES], n_src;   /* the piles cards leave, in order */

  guint8 top[FELT_MAX_PILES], size[FELT_MAX_PILES];      /* tableau: top card, size */
  guint8 fsuit[FELT_MAX_PILES], fsize[FELT_MAX_PILES];   /* foundations */
  guint8 res[FELT_MAX_PILES][FELT_MAX_CARDS];            /* reserve, bottom first */
  guint8 rsize[FELT_MAX_PILES];
  /* The stock and the waste: node 0 heads the list, nodes 1..tail-1 are
   * the cards in dealing order, node tail ends it; cursor is the waste's
   * top card (BBM_HEAD: the waste is empty). */
  guint8 card[FELT_MAX_CARDS + 2], next[FELT_MAX_CARDS + 2], prev[FELT_MAX_CARDS + 2];
  guint8 tail, cursor, redeals, in_reserve;
  int progress;       /* backbone_progress */
  guint64 key, kx;    /* the key: the sum of the parts that add, and the others' exclusive-or */
  FeltState root;     /* what the model does not hold (the game, the flags) */
} BbModel;

/* What a move needs to be taken back. */
typedef struct {
  FeltMove move;
  guint8 node;     /* a card from the waste: its node; the stock action: the cursor before */
  guint8 redeal;   /* the stock action was the redeal */
} BbmUndo;

gboolean felt_bbm_init (BbModel *m, const FeltState *st);
void felt_bbm_to_state (const BbModel *m, FeltState *st);
guint felt_bbm_moves (const BbModel *m, FeltMove *out);
gboolean felt_bbm_safe_among (const BbModel *m, const FeltMove *moves, guint n, FeltMove *out);
void felt_bbm_apply (BbModel *m, const FeltMove *mv, BbmUndo *u);
void felt_bbm_undo (BbModel *m, const BbmUndo *u);

/* The key of the position (KeySet). */
static inline guint64
felt_bbm_key (const BbModel *m)
{
  return m->key ^ m->kx;
}

static inline guint
felt_bbm_pile_size (const BbModel *m, guint p)
{
  switch (m->kind[p])
    {
    case BBM_FND: return m->fsize[m->idx[p]];
    case BBM_TAB: return m->size[m->idx[p]];
    case BBM_RES: return m->rsize[m->idx[p]];
    case BBM_WASTE: return m->cursor != BBM_HEAD;   /* only "is it empty" is asked */
    default: return 0;
    }
}

static inline gboolean
felt_bbm_can_stock (const BbModel *m)
{
  return m->next[m->cursor] != m->tail || (m->cursor != BBM_HEAD && m->redeals < m->redeal_limit);
}

/* Only the tableau is left: won (backbone_done). */
static inline gboolean
felt_bbm_done (const BbModel *m)
{
  return m->in_reserve == 0 && m->next[BBM_HEAD] == m->tail;
}

G_END_DECLS
