/* backbone-model.c: Backbone's positions held in a few bytes, played
 * and taken back in place, for its solver's search (backbone.c); the
 * model is told in backbone-model.h.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "backbone-model.h"

#include <string.h>

/* The random number of each part of a position, in a few multiplications
 * (no table to fill).  Tableau piles and foundations add theirs (alike
 * piles are a multiset, as in backbone_key); the rest exclusive-or. */
static inline guint64
bbm_z (guint tag, guint a, guint b)
{
  return felt_mix64 (((guint64) tag << 32 | (guint64) a << 16 | b) + G_GUINT64_CONSTANT (0x6262626262));
}
#define BBM_Z_TAB(top, size) ((size) ? bbm_z (1, top, size) : 0)
#define BBM_Z_FND(suit, size) ((size) ? bbm_z (2, suit, size) : 0)
#define BBM_Z_RES(k, size) bbm_z (3, k, size)
#define BBM_Z_NODE(x) bbm_z (4, x, 0)
#define BBM_Z_CURSOR(x) bbm_z (5, x, 0)
#define BBM_Z_REDEALS(r) bbm_z (6, r, 0)

/* Fills m from st; FALSE when the position does not fit the model (a
 * pile set up by hand that is no run, another layout of piles). */
gboolean
felt_bbm_init (BbModel *m, const FeltState *st)
{
  const FeltGame *game = felt_state_game (st);
  guint n = 0;

  memset (m, 0, offsetof (BbModel, root));
  m->root = *st;
  m->n_piles = game->n_piles;
  /* gint8: at most 127 redeals, which fits; 255 stands for unlimited. */
  m->redeal_limit = game->redeal_limit < 0 ? 255 : (guint8) game->redeal_limit;
  m->stock_pile = m->waste_pile = BBM_NONE;
  if (game->n_decks > 2 || game->pile_blocked == NULL)
    return FALSE;
  for (guint p = 0; p < game->n_piles; p++)
    {
      FeltRole role = game->piles[p].role;
      guint size = felt_pile_size (st, p);
      const FeltCard *c = st->cards + st->start[p];

      switch (role)
        {
        case FELT_ROLE_STOCK:
          if (m->stock_pile != BBM_NONE)
            return FALSE;
          m->kind[p] = BBM_STOCK;
          m->stock_pile = (guint8) p;
          break;
        case FELT_ROLE_WASTE:
          if (m->waste_pile != BBM_NONE)
            return FALSE;
          m->kind[p] = BBM_WASTE;
          m->waste_pile = (guint8) p;
          break;
        case FELT_ROLE_FOUNDATION:
          m->kind[p] = BBM_FND;
          m->idx[p] = m->n_fnd;
          m->fnd_pile[m->n_fnd] = (guint8) p;
          for (guint i = 0; i < size; i++)
            if (c[i] != FELT_CARD (FELT_ACE + i, FELT_CARD_SUIT (c[0])))
              return FALSE;
          m->fsuit[m->n_fnd] = size ? (guint8) FELT_CARD_SUIT (c[0]) : 0;
          m->fsize[m->n_fnd] = (guint8) size;
          m->progress += (int) size;
          m->key += BBM_Z_FND (m->fsuit[m->n_fnd], size);
          m->n_fnd++;
          break;
        case FELT_ROLE_TABLEAU:
          m->kind[p] = BBM_TAB;
          m->idx[p] = m->n_tab;
          m->tab_pile[m->n_tab] = (guint8) p;
          for (guint i = 1; i < size; i++)
            if (c[i] + 1 != c[i - 1])
              return FALSE;
          m->top[m->n_tab] = size ? c[size - 1] : 0;
          m->size[m->n_tab] = (guint8) size;
          m->key += BBM_Z_TAB (m->top[m->n_tab], size);
          m->n_tab++;
          break;
        case FELT_ROLE_RESERVE:
          m->kind[p] = BBM_RES;
          m->idx[p] = m->n_res;
          m->res_pile[m->n_res] = (guint8) p;
          memcpy (m->res[m->n_res], c, size);
          m->rsize[m->n_res] = (guint8) size;
          m->in_reserve += (guint8) size;
          m->progress -= (int) size;
          m->kx ^= BBM_Z_RES (m->n_res, size);
          m->n_res++;
          break;
        case FELT_N_ROLES:
        default:
          return FALSE;
        }
    }
  for (guint p = 0; p < game->n_piles; p++)
    if (m->kind[p] == BBM_WASTE || m->kind[p] == BBM_TAB || m->kind[p] == BBM_RES)
      m->src_pile[m->n_src++] = (guint8) p;
  /* Backbone's layout: one stock, one waste, the last reserve pile lying
   * across the others (the engine's pile_blocked). */
  if (m->stock_pile == BBM_NONE || m->waste_pile == BBM_NONE || m->n_res != 3 || m->n_fnd == 0 ||
      m->n_tab == 0)
    return FALSE;
  /* The waste bottom first, then the stock from its top. */
  for (guint i = 0; i < felt_pile_size (st, m->waste_pile); i++)
    m->card[++n] = felt_pile_card (st, m->waste_pile, i);
  m->cursor = (guint8) n;
  for (guint i = felt_pile_size (st, m->stock_pile); i > 0; i--)
    m->card[++n] = felt_pile_card (st, m->stock_pile, i - 1);
  m->tail = (guint8) (n + 1);
  for (guint x = 0; x <= n + 1; x++)
    {
      m->next[x] = (guint8) (x + 1);
      m->prev[x] = (guint8) (x ? x - 1 : 0);
      if (x >= 1 && x <= n)
        m->kx ^= BBM_Z_NODE (x);
    }
  m->redeals = st->redeals;
  m->kx ^= BBM_Z_CURSOR (m->cursor) ^ BBM_Z_REDEALS (m->redeals);
  return TRUE;
}

/* The position as the engine holds it. */
void
felt_bbm_to_state (const BbModel *m, FeltState *st)
{
  guint n = 0;

  *st = m->root;
  for (guint p = 0; p < m->n_piles; p++)
    {
      guint j = m->idx[p];
      st->start[p] = (guint8) n;
      switch (m->kind[p])
        {
        case BBM_STOCK:
          for (guint x = m->prev[m->tail]; x != m->cursor; x = m->prev[x])
            st->cards[n++] = m->card[x];
          break;
        case BBM_WASTE:
          for (guint x = m->next[BBM_HEAD]; m->cursor != BBM_HEAD; x = m->next[x])
            {
              st->cards[n++] = m->card[x];
              if (x == m->cursor)
                break;
            }
          break;
        case BBM_FND:
          for (guint i = 0; i < m->fsize[j]; i++)
            st->cards[n++] = FELT_CARD (FELT_ACE + i, m->fsuit[j]);
          break;
        case BBM_TAB:
          for (guint i = m->size[j]; i > 0; i--)
            st->cards[n++] = (FeltCard) (m->top[j] + i - 1);
          break;
        case BBM_RES:
          memcpy (st->cards + n, m->res[j], m->rsize[j]);
          n += m->rsize[j];
          break;
        default:
          break;
        }
    }
  st->start[m->n_piles] = (guint8) n;
  st->redeals = m->redeals;
}

/* The playable card of pile p (FELT_CARD of rank 0 when none). */
static inline guint
bbm_source (const BbModel *m, guint p)
{
  guint j = m->idx[p];

  switch (m->kind[p])
    {
    case BBM_WASTE: return m->cursor != BBM_HEAD ? m->card[m->cursor] : 0;
    case BBM_TAB: return m->size[j] ? m->top[j] : 0;
    case BBM_RES:
      if (j + 1u < m->n_res && m->rsize[m->n_res - 1] > 0)
        return 0;
      return m->rsize[j] ? m->res[j][m->rsize[j] - 1] : 0;
    default: return 0;
    }
}

/* Every legal card move, in the engine's order (felt_state_card_moves):
 * by source pile, then by target pile.  The targets of a card are looked
 * up by the card: bit masks of piles by the card each one takes. */
guint
felt_bbm_moves (const BbModel *m, FeltMove *out)
{
  guint32 takes[64 + 2];   /* piles (bits by index) a non-empty foundation or tableau pile: the card each takes */
  guint32 fnd_empty = 0, tab_empty = 0;
  guint n = 0;

  memset (takes, 0, sizeof takes);
  for (guint j = 0; j < m->n_fnd; j++)
    if (m->fsize[j] == 0)
      fnd_empty |= 1u << m->fnd_pile[j];
    else if (m->fsize[j] < FELT_KING)
      takes[FELT_CARD (m->fsize[j] + 1u, m->fsuit[j])] |= 1u << m->fnd_pile[j];
  for (guint j = 0; j < m->n_tab; j++)
    if (m->size[j] == 0)
      tab_empty |= 1u << m->tab_pile[j];
    else if (FELT_CARD_RANK (m->top[j]) > FELT_ACE)
      takes[m->top[j] - 1u] |= 1u << m->tab_pile[j];
  for (guint s = 0; s < m->n_src; s++)
    {
      guint from = m->src_pile[s];
      guint c = bbm_source (m, from);
      guint32 targets;
      if (c == 0)
        continue;
      targets = takes[c] | (FELT_CARD_RANK (c) == FELT_ACE ? fnd_empty : 0) |
                (m->kind[from] != BBM_RES ? tab_empty : 0);
      targets &= ~(1u << from);
      for (; targets != 0; targets &= targets - 1)
        out[n++] = (FeltMove) { (guint8) from, (guint8) __builtin_ctz (targets), 1, 0 };
    }
  return n;
}

/* felt_state_safe_among on the model: the first move home whose card no
 * other card could want (twin_is_home: a 2 or lower, or both foundations
 * of its suit at least as far as the card below it). */
gboolean
felt_bbm_safe_among (const BbModel *m, const FeltMove *moves, guint n, FeltMove *out)
{
  for (guint i = 0; i < n; i++)
    {
      guint c, rank, found = 0;
      if (m->kind[moves[i].to] != BBM_FND)
        continue;
      c = bbm_source (m, moves[i].from);
      rank = FELT_CARD_RANK (c);
      if (rank > 2)
        for (guint j = 0; j < m->n_fnd; j++)
          found += m->fsize[j] > 0 && m->fsuit[j] == FELT_CARD_SUIT (c) && m->fsize[j] >= rank - 1;
      if (rank <= 2 || found >= 2)
        {
          *out = moves[i];
          return TRUE;
        }
    }
  return FALSE;
}


void
felt_bbm_apply (BbModel *m, const FeltMove *mv, BbmUndo *u)
{
  guint c = 0, j;

  u->move = *mv;
  if (mv->stock)
    {
      u->node = m->cursor;
      u->redeal = m->next[m->cursor] == m->tail;
      m->kx ^= BBM_Z_CURSOR (m->cursor);
      if (u->redeal)
        {
          m->kx ^= BBM_Z_REDEALS (m->redeals) ^ BBM_Z_REDEALS (m->redeals + 1);
          m->redeals++;
          m->cursor = BBM_HEAD;
        }
      else
        m->cursor = m->next[m->cursor];
      m->kx ^= BBM_Z_CURSOR (m->cursor);
      return;
    }
  j = m->idx[mv->from];
  switch (m->kind[mv->from])
    {
    case BBM_WASTE:
      {
        guint x = m->cursor;
        c = m->card[x];
        u->node = (guint8) x;
        m->next[m->prev[x]] = m->next[x];
        m->prev[m->next[x]] = m->prev[x];
        m->cursor = m->prev[x];
        m->kx ^= BBM_Z_NODE (x) ^ BBM_Z_CURSOR (x) ^ BBM_Z_CURSOR (m->cursor);
        break;
      }
    case BBM_TAB:
      c = m->top[j];
      m->key -= BBM_Z_TAB (c, m->size[j]);
      m->size[j]--;
      m->top[j] = m->size[j] ? (guint8) (c + 1) : 0;
      m->key += BBM_Z_TAB (m->top[j], m->size[j]);
      break;
    case BBM_RES:
      c = m->res[j][m->rsize[j] - 1];
      m->kx ^= BBM_Z_RES (j, m->rsize[j]) ^ BBM_Z_RES (j, m->rsize[j] - 1u);
      m->rsize[j]--;
      m->in_reserve--;
      m->progress++;
      break;
    default:
      g_assert_not_reached ();
    }
  j = m->idx[mv->to];
  if (m->kind[mv->to] == BBM_FND)
    {
      m->key -= BBM_Z_FND (m->fsuit[j], m->fsize[j]);
      m->fsuit[j] = (guint8) FELT_CARD_SUIT (c);
      m->fsize[j]++;
      m->key += BBM_Z_FND (m->fsuit[j], m->fsize[j]);
      m->progress++;
    }
  else
    {
      m->key -= BBM_Z_TAB (m->top[j], m->size[j]);
      m->top[j] = (guint8) c;
      m->size[j]++;
      m->key += BBM_Z_TAB (m->top[j], m->size[j]);
    }
}

void
felt_bbm_undo (BbModel *m, const BbmUndo *u)
{
  const FeltMove *mv = &u->move;
  guint c, j;

  if (mv->stock)
    {
      m->kx ^= BBM_Z_CURSOR (m->cursor) ^ BBM_Z_CURSOR (u->node);
      m->cursor = u->node;
      if (u->redeal)
        {
          m->kx ^= BBM_Z_REDEALS (m->redeals) ^ BBM_Z_REDEALS (m->redeals - 1u);
          m->redeals--;
        }
      return;
    }
  j = m->idx[mv->to];
  if (m->kind[mv->to] == BBM_FND)
    {
      c = FELT_CARD (m->fsize[j], m->fsuit[j]);
      m->key -= BBM_Z_FND (m->fsuit[j], m->fsize[j]);
      m->fsize[j]--;
      m->key += BBM_Z_FND (m->fsuit[j], m->fsize[j]);
      m->progress--;
    }
  else
    {
      c = m->top[j];
      m->key -= BBM_Z_TAB (m->top[j], m->size[j]);
      m->size[j]--;
      m->top[j] = m->size[j] ? (guint8) (c + 1) : 0;
      m->key += BBM_Z_TAB (m->top[j], m->size[j]);
    }
  j = m->idx[mv->from];
  switch (m->kind[mv->from])
    {
    case BBM_WASTE:
      {
        guint x = u->node;
        m->kx ^= BBM_Z_NODE (x) ^ BBM_Z_CURSOR (x) ^ BBM_Z_CURSOR (m->cursor);
        m->next[m->prev[x]] = (guint8) x;
        m->prev[m->next[x]] = (guint8) x;
        m->cursor = (guint8) x;
        break;
      }
    case BBM_TAB:
      m->key -= BBM_Z_TAB (m->top[j], m->size[j]);
      m->size[j]++;
      m->top[j] = (guint8) c;
      m->key += BBM_Z_TAB (m->top[j], m->size[j]);
      break;
    case BBM_RES:
      m->kx ^= BBM_Z_RES (j, m->rsize[j]) ^ BBM_Z_RES (j, m->rsize[j] + 1u);
      m->rsize[j]++;
      m->in_reserve++;
      m->progress--;
      break;
    default:
      g_assert_not_reached ();
    }
}

