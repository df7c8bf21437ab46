# SPDX-License-Identifier: GPL-3.0-or-later
#
# deck/back.py - the card back.
#
# Part of build-aux/make-deck.py, which says how and why the deck is drawn.

import math

from .paint import Paint, outline, rect
from .shapes import circle, ellipse, poly, reverse, rrect, solid, svg_d
from .style import CX, CY, H, R, W, n
from .suits import suit


BACK_DARK = "#1d3f6b"
BACK_LINE = "#2e5a91"
BACK_DOT = "#5c86bd"
BACK_TRIM = "#a9c3e4"
LATTICE = 25


def lattice_pattern():
    """One tile of the diamond lattice.  A pattern is rendered once per card
    and repeated by cairo; as geometry the lattice costs several times as
    much."""
    t = LATTICE
    h = t / 2.0
    e = 0.8 * math.sqrt(2)      # half the line width (1.6) along the axes

    def diamond(r):
        return solid(poly([(h, h - r), (h + r, h), (h, h + r), (h - r, h)]))
    lines = diamond(h + e) + reverse(diamond(h - e))
    dots = [c for x, y in ((0, 0), (t, 0), (0, t), (t, t))
            for c in circle(x, y, 2.6)]
    # align the tiling so that a tile centre falls on the card centre
    return ('<pattern id="back-lattice" patternUnits="userSpaceOnUse" '
            'x="%s" y="%s" width="%s" height="%s">'
            '<path fill="%s" d="%s"/><path fill="%s" d="%s"/></pattern>' % (
                n((CX - h) % t), n((CY - h) % t), n(t), n(t),
                BACK_LINE, svg_d(lines + dots), BACK_DOT,
                svg_d(circle(h, h, 1.8))))


def back():
    def ring(x, y, w, h, r, lw):
        return (rrect(x - lw / 2, y - lw / 2, w + lw, h + lw, r + lw / 2) +
                reverse(rrect(x + lw / 2, y + lw / 2, w - lw, h - lw, r - lw / 2)))
    out = [outline(), rect(10, 10, W - 20, H - 20, R - 6, BACK_DARK),
           rect(10, 10, W - 20, H - 20, R - 6, "url(#back-lattice)")]
    p = Paint()
    faint = BACK_TRIM + "@0.7"
    # double inner border
    p.fill(BACK_TRIM, ring(20, 20, W - 40, H - 40, 6, 2.5))
    p.fill(faint, ring(26, 26, W - 52, H - 52, 3, 1))
    # calm central medallion
    p.fill(BACK_TRIM, ellipse(CX, CY, 45.25, 57.25))
    p.fill(BACK_DARK, ellipse(CX, CY, 42.75, 54.75))
    p.fill(faint, ellipse(CX, CY, 37.5, 49.5) + reverse(ellipse(CX, CY, 36.5, 48.5)))
    # four suits arranged in a cross
    p.fill(BACK_TRIM, [c for s, dx, dy in (("S", 0, -24), ("H", 18, 0),
                                           ("C", 0, 24), ("D", -18, 0))
                       for c in suit(s, CX + dx, CY + dy, 18)])
    return "".join(out) + p.svg()
