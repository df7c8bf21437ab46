# SPDX-License-Identifier: GPL-3.0-or-later
#
# deck/glyphs.py - the rank glyphs and the capitals of "FELT" as outlines.
#
# Part of build-aux/make-deck.py, which says how and why the deck is drawn.

import math

from .outlines import stroke
from .shapes import (affine, clip_box, cut, ellipse, epoint, lerp, poly,
                     reverse, rot180, solid, translate)


# Rank glyphs
#
# Drawn for Felt as strokes of a bold sans, in a box whose cap height is 100
# (top y = 0, baseline y = 100); each glyph function returns the shape and
# its advance width.  Overlapping strokes are united by the non-zero rule.

HX, HY = 12.0, 10.5             # nib: vertical strokes 24 wide, horizontal 21
OVER = 1.5                      # overshoot of round shapes
TOP, BOT = HY - OVER, 100 - HY + OVER   # centre lines of round tops, bottoms


def _keep_right_of(x):
    return ((x, 100), (x, 0))


def _keep_left_of(x):
    return ((x, 0), (x, 100))


def _keep_above(y):
    return ((100, y), (0, y))


def _cuts(shape, *lines):
    for p, q in lines:
        shape = cut(shape, p, q)
    return solid(shape)


def _tangent_t(cx, cy, rx, ry, q, lo, hi):
    """Parameter angle in [lo, hi] where the line to q touches the ellipse."""
    def f(t):
        p = epoint(cx, cy, rx, ry, t)
        a = math.radians(t)
        d = (-rx * math.sin(a), ry * math.cos(a))
        return d[0] * (q[1] - p[1]) - d[1] * (q[0] - p[0])
    flo = f(lo)
    for _ in range(60):
        mid = (lo + hi) / 2
        fm = f(mid)
        if (fm > 0) == (flo > 0):
            lo, flo = mid, fm
        else:
            hi = mid
    return (lo + hi) / 2


def _ring(cx, cy, rx, ry, hx=HX, hy=HY):
    """A closed round stroke: concentric ellipses."""
    return solid(ellipse(cx, cy, rx + hx, ry + hy) +
                 reverse(ellipse(cx, cy, rx - hx, ry - hy)))


def _st(pieces):
    return stroke(pieces, HX, HY)


def g_zero(w=80, hx=HX):
    return _ring(w / 2, 50, w / 2 - hx, 50 + OVER - HY, hx)


def g_one(hx=HX, flag=16):
    L, R = flag, flag + 2 * hx
    return solid(poly([(R, 0), (R, 100), (L, 100), (L, 36), (0, 45), (0, 23),
                       (L + 3, 0)]))


def g_two(w=78):
    cx = w / 2
    rx, ry = w - HX - cx, 22
    cy = TOP + ry
    q = (HX + 1, 100 - HY)
    te = _tangent_t(cx, cy, rx, ry, q, 0, 89)
    bowl = _cuts(_st([("A", cx, cy, rx, ry, 198, 360 + te)]), _keep_right_of(6))
    return bowl + _st([("L", epoint(cx, cy, rx, ry, te), q), ("L", q, (w, 100 - HY))])


def g_three(w=76):
    x = w / 2 - 1
    urx, ury = w / 2 - HX - 2, 19.5
    uy = TOP + ury
    mid = uy + ury
    lrx, lry = w - HX - x, (BOT - mid) / 2
    ly = mid + lry
    a = _st([("A", x, uy, urx, ury, 198, 450), ("L", (x, mid), (28, mid))])
    b = _st([("L", (28, mid), (x, mid)), ("A", x, ly, lrx, lry, 270, 518)])
    return _cuts(a, _keep_right_of(6)) + _cuts(b, _keep_right_of(6))


def g_four(w=84):
    R = w - 15                    # stem
    L = R - 2 * HX
    bt, bb = 61, 83               # crossbar
    return solid(poly([(R, 0), (R, bt), (w, bt), (w, bb), (R, bb), (R, 100),
                       (L, 100), (L, bb), (0, bb), (0, bt - 1), (L - 16, 0)]) +
                 reverse(solid(poly([(L, bt), (L, 27), (L - 25, bt)]))))


def g_five(w=76):
    x = HX + 4                    # stem
    cx = w / 2 - 1
    rx, ry = w - HX - cx, 22
    cy = BOT - ry
    # the stem ends where the bowl's counter begins
    yb = cy - (ry - HY) * math.sqrt(max(0.0, 1 - ((cx - x - HX) / (rx - HX)) ** 2))
    top = _st([("L", (w - 5, HY), (x, HY)), ("L", (x, HY), (x, yb))])
    s1 = _cuts(_st([("A", cx, cy, rx, ry, 180, 270)]),
               _keep_right_of(x - HX), _keep_above(yb))
    s2 = _cuts(_st([("A", cx, cy, rx, ry, 270, 518)]), _keep_right_of(6))
    return top + s1 + s2


def g_six(w=80):
    cx, rx, ry = w / 2, w / 2 - HX, 21.5
    cy = BOT - ry
    bcx = w - 14
    stem = _st([("A", bcx, cy, bcx - HX, cy - TOP, 180, 290)])
    return _ring(cx, cy, rx, ry) + _cuts(stem, _keep_left_of(w - 8))


def g_seven(w=76):
    s = _st([("L", (2, HY), (w - HX, HY)), ("L", (w - HX, HY), (26, 114))])
    return solid(clip_box(s, 0, 0, w, 100))


def g_eight(w=80):
    ury, lry = 18, 22
    return (_ring(w / 2, TOP + ury, w / 2 - HX - 4, ury) +
            _ring(w / 2, BOT - lry, w / 2 - HX, lry))


def g_nine(w=80):
    return rot180(g_six(w), w / 2, 50)


def g_A(w=94):
    apex = (w / 2, -12)
    legs = (_st([("L", (HX + 1, 116), apex)]) +
            _st([("L", apex, (w - HX - 1, 116))]))
    bar_ = solid(poly([(16, 64), (w - 16, 64), (w - 12, 84), (12, 84)]))
    return [solid([c])[0] for c in clip_box(legs, 0, 0, w, 100)] + bar_


def g_J(w=58):
    x = w - HX
    rx, ry = x - HX - 3, 23
    cy = BOT - ry
    return _cuts(_st([("L", (x, 0), (x, cy)), ("A", x - rx, cy, rx, ry, 0, 200)]),
                 _keep_right_of(3))


def g_Q(w=90):
    cx, rx, ry = w / 2, w / 2 - HX, 50 + OVER - HY
    a = epoint(cx, 50, rx, ry, 55)
    d = (-rx * math.sin(math.radians(55)), ry * math.cos(math.radians(55)))
    # the tail starts on the ring's centre line, cut along its tangent
    tail = cut(_st([("L", a, (w + 4, 116))]), (a[0] + d[0], a[1] + d[1]), a)
    return _ring(cx, 50, rx, ry) + solid(clip_box(tail, 0, 0, w, 108))


def g_K(w=86):
    stem = solid(poly([(0, 0), (2 * HX, 0), (2 * HX, 100), (0, 100)]))
    a, b = (2 * HX - 6, 72), (w + 8, -12)
    up = _st([("L", a, b)])
    low = cut(_st([("L", lerp(b, a, 0.9), (w - 4, 112))]), a, b)
    return stem + [solid([c])[0] for c in clip_box(up + low, 0, 0, w, 100)]


def g_ten():
    one = g_one(hx=11, flag=16)                  # 0 .. 38
    return one + translate(g_zero(64, hx=11), 44, 0), 108


# The capitals of the ace of spades' "FELT".
def g_F(w=60):
    return solid(poly([(0, 0), (w, 0), (w, 2 * HY), (2 * HX, 2 * HY),
                       (2 * HX, 40), (w - 6, 40), (w - 6, 40 + 2 * HY),
                       (2 * HX, 40 + 2 * HY), (2 * HX, 100), (0, 100)]))


def g_E(w=62):
    return solid(poly([(0, 0), (w, 0), (w, 2 * HY), (2 * HX, 2 * HY),
                       (2 * HX, 39), (w - 4, 39), (w - 4, 39 + 2 * HY),
                       (2 * HX, 39 + 2 * HY), (2 * HX, 100 - 2 * HY),
                       (w, 100 - 2 * HY), (w, 100), (0, 100)]))


def g_L(w=58):
    return solid(poly([(0, 0), (2 * HX, 0), (2 * HX, 100 - 2 * HY),
                       (w, 100 - 2 * HY), (w, 100), (0, 100)]))


def g_T(w=72):
    m = w / 2
    return solid(poly([(0, 0), (w, 0), (w, 2 * HY), (m + HX, 2 * HY),
                       (m + HX, 100), (m - HX, 100), (m - HX, 2 * HY),
                       (0, 2 * HY)]))


GLYPHS = {
    "A": (g_A, 94), "2": (g_two, 78), "3": (g_three, 76), "4": (g_four, 84),
    "5": (g_five, 76), "6": (g_six, 80), "7": (g_seven, 76),
    "8": (g_eight, 80), "9": (g_nine, 80), "J": (g_J, 58), "Q": (g_Q, 90),
    "K": (g_K, 86),
}
LETTERS = {"F": (g_F, 60), "E": (g_E, 62), "L": (g_L, 58), "T": (g_T, 72)}
_glyph_cache = {}


def glyph(ch, letters=False):
    """(shape, width) of a rank glyph ("T" is "10") or, with letters, of a
    capital of "FELT"."""
    key = (ch, letters)
    if key not in _glyph_cache:
        if letters:
            f, w = LETTERS[ch]
            _glyph_cache[key] = (f(), w)
        elif ch == "T":
            _glyph_cache[key] = g_ten()
        else:
            f, w = GLYPHS[ch]
            _glyph_cache[key] = (f(), w)
    return _glyph_cache[key]


def rank_glyph(rank, x, base, cap):
    """A rank, horizontally centred on x, standing on base, cap high."""
    g, w = glyph(rank)
    k = cap / 100.0
    return affine(g, k, 0, 0, k, x - w * k / 2, base - cap)


def word(text, x, base, cap, spacing):
    """Capitals centred on x, with extra spacing between them."""
    k = cap / 100.0
    gl = [glyph(c, True) for c in text]
    cur = x - (sum(w for g, w in gl) * k + spacing * (len(gl) - 1)) / 2
    out = []
    for g, w in gl:
        out += affine(g, k, 0, 0, k, cur, base - cap)
        cur += w * k + spacing
    return out
