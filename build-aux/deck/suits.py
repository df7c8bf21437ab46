# SPDX-License-Identifier: GPL-3.0-or-later
#
# deck/suits.py - the four suit symbols.
#
# Part of build-aux/make-deck.py, which says how and why the deck is drawn.

import math

from .shapes import Builder, affine, bez, parse, solid, sub_bez


# Suit symbols, each drawn in a 100 x 100 box centred on the origin.

HEART = ("M0,-24 C-4,-40 -16,-48 -28,-48 C-42,-48 -50,-36 -50,-22 "
         "C-50,2 -26,20 0,48 C26,20 50,2 50,-22 C50,-36 42,-48 28,-48 "
         "C16,-48 4,-40 0,-24 Z")

DIAMOND = ("M0,-50 C10,-32 24,-14 40,0 C24,14 10,32 0,50 "
           "C-10,32 -24,14 -40,0 C-24,-14 -10,-32 0,-50 Z")

SPADE = ("M0,-50 C-12,-30 -50,-14 -50,12 C-50,28 -38,37 -25,37 "
         "C-15,37 -8,33 -4,27 C-5,38 -10,45 -20,50 L20,50 "
         "C10,45 5,38 4,27 C8,33 15,37 25,37 C38,37 50,28 50,12 "
         "C50,-14 12,-30 0,-50 Z")


def club():
    """The club: three lobes of radius 23 on a flared stem, as the one
    outline of their union."""
    r = 23
    top, left, right = (0, -25), (-25, 13), (25, 13)
    stem = ((5, 8), (5, 30), (10, 42), (20, 50))      # right edge of the stem
    # where the stem edge leaves the right lobe
    lo, hi = 0.0, 1.0
    for _ in range(60):
        mid = (lo + hi) / 2
        p = bez(*stem, mid)
        if math.hypot(p[0] - right[0], p[1] - right[1]) < r:
            lo = mid
        else:
            hi = mid
    edge = sub_bez(stem, (lo + hi) / 2, 1.0)
    sr = edge[0]
    # the notch between the top and the right lobe (away from the centre)
    dx, dy = right[0] - top[0], right[1] - top[1]
    d = math.hypot(dx, dy)
    h = math.sqrt(r * r - d * d / 4)
    mx, my = (top[0] + right[0]) / 2, (top[1] + right[1]) / 2
    ptr = max(((mx + h * dy / d, my - h * dx / d), (mx - h * dy / d, my + h * dx / d)),
              key=lambda p: math.hypot(p[0], p[1] - 4))
    ptl, sl = (-ptr[0], ptr[1]), (-sr[0], sr[1])

    def ang(c, p):
        return math.degrees(math.atan2(p[1] - c[1], p[0] - c[0]))

    def arc_cw(b, c, p, q):
        a0, a1 = ang(c, p), ang(c, q)
        while a1 < a0:
            a1 += 360
        b.arc(c[0], c[1], r, r, a0, a1, connect=False)
    b = Builder(ptl)
    arc_cw(b, top, ptl, ptr)
    arc_cw(b, right, ptr, sr)
    b.curve(edge[1], edge[2], edge[3])
    b.line((-20, 50))
    b.curve((-edge[2][0], edge[2][1]), (-edge[1][0], edge[1][1]), sl)
    arc_cw(b, left, sl, ptl)
    return solid(b.close())


SUIT_SHAPE = {"H": solid(parse(HEART)), "D": solid(parse(DIAMOND)),
              "S": solid(parse(SPADE)), "C": club()}


def suit(s, x, y, size, rot=False):
    """A suit symbol of the given size centred on (x, y), upside down with
    rot."""
    k = size / 100.0
    if rot:
        k = -k
    return affine(SUIT_SHAPE[s], k, 0, 0, k, x, y)
