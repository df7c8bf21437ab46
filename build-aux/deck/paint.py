# SPDX-License-Identifier: GPL-3.0-or-later
#
# deck/paint.py - painting fills in order, merging fills of one colour.
#
# Part of build-aux/make-deck.py, which says how and why the deck is drawn.

from .outlines import grow
from .shapes import bbox, circle, rot180, svg_d
from .style import EDGE, FACE, H, INK, R, W, n


def _overlap(ba, bb, margin=1.0):
    return any(a[0] - margin < b[2] and b[0] - margin < a[2] and
               a[1] - margin < b[3] and b[1] - margin < a[3]
               for a in ba for b in bb)


class Paint:
    """Fills in painting order.  A fill joins the last earlier fill of its
    colour when no fill in between overlaps it (by bounding boxes)."""

    def __init__(self):
        self.ops = []                   # [colour, shape, boxes]

    def fill(self, colour, shape):
        if not shape:
            return
        shape = list(shape)
        boxes = [bbox([c]) for c in shape]
        for op in reversed(self.ops):
            if op[0] == colour:
                op[1].extend(shape)
                op[2].extend(boxes)
                return
            if _overlap(op[2], boxes):
                break
        self.ops.append([colour, shape, boxes])

    def outlined(self, colour, shape, w=2.0):
        """A shape filled with colour and outlined in INK (line width w)."""
        self.fill(INK, grow(shape, w / 2))
        self.fill(colour, grow(shape, -w / 2))

    def ocircle(self, colour, cx, cy, r, w=2.0):
        self.fill(INK, circle(cx, cy, r + w / 2))
        self.fill(colour, circle(cx, cy, r - w / 2))

    def svg(self):
        out = []
        for colour, shape, _ in self.ops:
            colour, _, alpha = colour.partition("@")
            out.append('<path fill="%s"%s d="%s"/>' % (
                colour, ' fill-opacity="%s"' % alpha if alpha else "",
                svg_d(shape)))
        return "".join(out)


def rect(x, y, w, h, r, fill):
    return '<rect x="%s" y="%s" width="%s" height="%s" rx="%s" fill="%s"/>' % (
        n(x), n(y), n(w), n(h), n(r), fill)


def outline():
    """Full-size card outline (the outermost, bounding shape) and face."""
    return rect(0, 0, W, H, R, EDGE) + rect(1.5, 1.5, W - 3, H - 3, R - 1.5, FACE)


def both_ends(shape):
    """A shape and its copy turned about the card centre."""
    return shape + rot180(shape)
