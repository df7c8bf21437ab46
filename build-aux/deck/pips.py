# SPDX-License-Identifier: GPL-3.0-or-later
#
# deck/pips.py - the corner indices, the pip cards and the aces.
#
# Part of build-aux/make-deck.py, which says how and why the deck is drawn.

import math

from .glyphs import rank_glyph, word
from .outlines import grow
from .paint import both_ends
from .shapes import circle, reverse, scale, translate
from .style import CX, CY, FACE, H, SUIT_COLOUR, W
from .suits import SUIT_SHAPE, suit


IDX_X = 33          # centre line of the corner index
IDX_BASE = 64       # baseline of the rank
IDX_CAP = 50        # cap height of the rank
IDX_SUIT_Y = 92     # centre of the index suit symbol
IDX_SUIT = 38       # size of the index suit symbol


def index(rank, s):
    return both_ends(rank_glyph(rank, IDX_X, IDX_BASE, IDX_CAP) +
                     suit(s, IDX_X, IDX_SUIT_Y, IDX_SUIT))


# Pip layout ---------------------------------------------------------------

PIP_L, PIP_C, PIP_R = 93, CX, W - 93
PIP_T, PIP_B = 64, H - 64
PIP_M = CY
_D = (PIP_B - PIP_T) / 3.0

PIP_LAYOUT = {
    2: [(PIP_C, PIP_T), (PIP_C, PIP_B)],
    3: [(PIP_C, PIP_T), (PIP_C, PIP_M), (PIP_C, PIP_B)],
    4: [(PIP_L, PIP_T), (PIP_R, PIP_T), (PIP_L, PIP_B), (PIP_R, PIP_B)],
    5: [(PIP_L, PIP_T), (PIP_R, PIP_T), (PIP_C, PIP_M),
        (PIP_L, PIP_B), (PIP_R, PIP_B)],
    6: [(x, y) for y in (PIP_T, PIP_M, PIP_B) for x in (PIP_L, PIP_R)],
    7: [(x, y) for y in (PIP_T, PIP_M, PIP_B) for x in (PIP_L, PIP_R)] +
       [(PIP_C, (PIP_T + PIP_M) / 2)],
    8: [(x, y) for y in (PIP_T, PIP_M, PIP_B) for x in (PIP_L, PIP_R)] +
       [(PIP_C, (PIP_T + PIP_M) / 2), (PIP_C, (PIP_M + PIP_B) / 2)],
    9: [(x, PIP_T + i * _D) for i in range(4) for x in (PIP_L, PIP_R)] +
       [(PIP_C, PIP_M)],
    10: [(x, PIP_T + i * _D) for i in range(4) for x in (PIP_L, PIP_R)] +
        [(PIP_C, PIP_T + _D / 2), (PIP_C, PIP_B - _D / 2)],
}
PIP_SIZE = 42


def pips(count, s):
    out = []
    for x, y in PIP_LAYOUT[count]:
        out += suit(s, x, y, PIP_SIZE, y > PIP_M + 0.5)
    return out


def ace(p, s):
    col = SUIT_COLOUR[s]
    if s != "S":
        p.fill(col, suit(s, CX, CY, 112) + index("A", s))
        return
    # The ace of spades gets a little ornament: a ring of dots, a double
    # circle, a large spade with an inset outline and the deck's name.
    def ring(r, w):
        return circle(CX, CY, r + w / 2) + reverse(circle(CX, CY, r - w / 2))
    shape = ring(78, 2.5) + ring(71, 1)
    for i in range(24):
        a = 2 * math.pi * i / 24
        shape += circle(CX + 86 * math.sin(a), CY - 86 * math.cos(a),
                        3 if i % 2 == 0 else 1.8)
    shape += suit("S", CX, CY - 4, 118)
    shape += word("FELT", CX, CY + 118, 11, 5.5)
    p.fill(col, shape + index("A", s))
    inset = scale(SUIT_SHAPE["S"], 1.18 * 0.84)
    p.fill(FACE, translate(grow(inset, 1.1) + reverse(grow(inset, -1.1)), CX, CY - 2))
