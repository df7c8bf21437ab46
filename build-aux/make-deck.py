#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
#
# make-deck.py - generate Felt's playing-card deck as a single SVG file.
#
# This file is part of Felt.
#
# Felt is free software: you can redistribute it and/or modify it under the
# terms of the GNU General Public License as published by the Free Software
# Foundation, either version 3 of the License, or (at your option) any later
# version.
#
# Usage: make-deck.py [--four-colour] OUTPUT.svg
#
# --four-colour draws each suit in a colour of its own (spades black,
# hearts red, diamonds blue, clubs green: the usual four-colour deck) for
# players who do not tell red from black well or who see badly; everything
# else is the same deck.  Felt ships it as data/cards/felt-deck-four-colour.svg.
#
# The output holds 53 top-level groups: the 52 faces, with ids made of rank
# (A 2 3 4 5 6 7 8 9 T J Q K) then suit (C D H S), e.g. "AC", "TD", "KS", and
# "back".  Every group starts with the full card outline (a filled rounded
# rectangle of W x H) and draws nothing outside it, so the ink extents of
# each group are exactly the card rectangle; this is what
# rsvg_handle_render_element() fits into the viewport.
#
# The file is drawn to be cheap for librsvg + cairo to render, because Felt
# renders the whole deck again whenever the card size changes:
#
#  - Only filled paths (and the two outline rects).  No <text> (librsvg
#    lays text out with Pango on every render): the rank glyphs are drawn
#    here as outlines.  No strokes (cairo builds a stroke's outline on every
#    render, and librsvg also computes its extents): an outlined shape is an
#    ink fill of the shape grown by half the line width under a fill of the
#    shape shrunk by it.
#  - No <use>, no opacity groups (librsvg renders an element with opacity
#    through an offscreen group, and render_element() drops those), no
#    filters, masks or clip paths.  The only pattern is the lattice of the
#    back: measured, it is much cheaper than the lattice as geometry.
#  - Fills of one colour that no other fill in between overlaps are merged
#    into one path, overlapping discs are replaced by their outlines (union
#    or difference), and the club is one outline instead of overlapping
#    lobes: cairo's cost grows with the number of edges and crossings.
#
# Only the Python standard library is used and the output is deterministic.

import math
import re
import sys

# --------------------------------------------------------------------------
# Geometry and palette

W, H, R = 250, 350, 14          # card size and corner radius
GAP = 20                         # spacing between cards on the sheet
COLS, ROWS = 13, 5
CX, CY = W / 2, H / 2            # card centre

RANKS = "A23456789TJQK"
SUITS = "CDHS"

RED = "#c8102e"
BLACK = "#1a1a1a"
SUIT_COLOUR = {"C": BLACK, "D": RED, "H": RED, "S": BLACK}

# The four-colour deck.  The blue and the green are the blue and the
# bluish green of the Okabe-Ito palette (chosen to stay apart for the
# common colour-vision deficiencies), darkened to the contrast of the red
# on the ivory face (about 5:1 or more), so that small indices stay
# legible; the green leans to blue so that it does not meet the red under
# deuteranopia.
BLUE = "#0b5ca8"
GREEN = "#00795a"
FOUR_COLOUR = {"C": GREEN, "D": BLUE, "H": RED, "S": BLACK}

FACE = "#fffdf8"
EDGE = "#a9a9a9"
INK = "#262630"                  # outline colour of the court figures
SKIN = "#f4d3b0"
GOLD = "#e3b23c"
GOLD_DARK = "#b8862a"
WHITE = "#ffffff"
CHEEK = "#efb1a3"                # #ec9a9a at 60 % over SKIN

# Court colour schemes
COURT = {
    "J": {"tint": "#dcebf6", "robe": "#2f6fa8", "shade": "#245a8a",
          "hair": "#7a4a22", "frame": "#2f6fa8"},
    "Q": {"tint": "#f4e1ee", "robe": "#8c3b86", "shade": "#73306e",
          "hair": "#c9862f", "frame": "#8c3b86"},
    "K": {"tint": "#f7edcf", "robe": "#2f7d5b", "shade": "#25664a",
          "hair": "#8e8e96", "frame": "#b8862a"},
}


def n(v):
    """Format a number compactly and deterministically."""
    s = "%.2f" % v
    s = s.rstrip("0").rstrip(".")
    if s == "-0":
        s = "0"
    return s


# --------------------------------------------------------------------------
# Shapes
#
# A contour is (start, segments), always closed; a segment is ("L", p) or
# ("C", c1, c2, p) with absolute points.  A shape is a list of contours.
# Solid contours run one way (positive signed area) and holes the other, so
# that shapes of one colour can be put in one path and united by the
# non-zero fill rule.


def lerp(a, b, t):
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def bez(p0, p1, p2, p3, t):
    u = 1 - t
    return (u * u * u * p0[0] + 3 * u * u * t * p1[0] +
            3 * u * t * t * p2[0] + t * t * t * p3[0],
            u * u * u * p0[1] + 3 * u * u * t * p1[1] +
            3 * u * t * t * p2[1] + t * t * t * p3[1])


def split_bez(p0, p1, p2, p3, t):
    a, b, c = lerp(p0, p1, t), lerp(p1, p2, t), lerp(p2, p3, t)
    d, e = lerp(a, b, t), lerp(b, c, t)
    f = lerp(d, e, t)
    return (p0, a, d, f), (f, e, c, p3)


def sub_bez(p, t0, t1):
    """The cubic p restricted to [t0, t1]."""
    if t1 < 1:
        p = split_bez(*p, t1)[0]
        t0 = t0 / t1 if t1 > 0 else 0
    if t0 > 0:
        p = split_bez(*p, t0)[1]
    return p


def line_x(p, d, q, e):
    """Intersection of the lines p + s d and q + t e (None if parallel)."""
    den = d[0] * e[1] - d[1] * e[0]
    if abs(den) < 1e-9:
        return None
    s = ((q[0] - p[0]) * e[1] - (q[1] - p[1]) * e[0]) / den
    return (p[0] + d[0] * s, p[1] + d[1] * s)


def poly(points):
    pts = [(float(x), float(y)) for x, y in points]
    return [(pts[0], [("L", p) for p in pts[1:]])]


def epoint(cx, cy, rx, ry, t):
    a = math.radians(t)
    return (cx + rx * math.cos(a), cy + ry * math.sin(a))


def arc_segs(cx, cy, rx, ry, t0, t1):
    """Cubics of an elliptical arc; parameter angles in degrees, y down."""
    a0, a1 = math.radians(t0), math.radians(t1)
    k = max(1, int(math.ceil(abs(a1 - a0) / (math.pi / 2) - 1e-9)))
    out = []
    for i in range(k):
        a = a0 + (a1 - a0) * i / k
        b = a0 + (a1 - a0) * (i + 1) / k
        h = 4.0 / 3.0 * math.tan((b - a) / 4)
        p0 = (cx + rx * math.cos(a), cy + ry * math.sin(a))
        p3 = (cx + rx * math.cos(b), cy + ry * math.sin(b))
        c1 = (p0[0] - h * rx * math.sin(a), p0[1] + h * ry * math.cos(a))
        c2 = (p3[0] + h * rx * math.sin(b), p3[1] - h * ry * math.cos(b))
        out.append(("C", c1, c2, p3))
    return out


def ellipse(cx, cy, rx, ry):
    return [(epoint(cx, cy, rx, ry, 0), arc_segs(cx, cy, rx, ry, 0, 360))]


def circle(cx, cy, r):
    return ellipse(cx, cy, r, r)


def rrect(x, y, w, h, r):
    if r <= 0:
        return poly([(x, y), (x + w, y), (x + w, y + h), (x, y + h)])
    segs = [("L", (x + w - r, y))]
    segs += arc_segs(x + w - r, y + r, r, r, -90, 0)
    segs.append(("L", (x + w, y + h - r)))
    segs += arc_segs(x + w - r, y + h - r, r, r, 0, 90)
    segs.append(("L", (x + r, y + h)))
    segs += arc_segs(x + r, y + h - r, r, r, 90, 180)
    segs.append(("L", (x, y + r)))
    segs += arc_segs(x + r, y + r, r, r, 180, 270)
    return [((x + r, y), segs)]


class Builder:
    """Build one closed contour from lines, cubics and elliptical arcs."""

    def __init__(self, p):
        self.start = self.cur = tuple(p)
        self.segs = []

    def line(self, p):
        self.segs.append(("L", tuple(p)))
        self.cur = tuple(p)

    def curve(self, c1, c2, p):
        self.segs.append(("C", tuple(c1), tuple(c2), tuple(p)))
        self.cur = tuple(p)

    def arc(self, cx, cy, rx, ry, t0, t1, connect=True):
        p = epoint(cx, cy, rx, ry, t0)
        if connect and math.hypot(p[0] - self.cur[0], p[1] - self.cur[1]) > 1e-6:
            self.segs.append(("L", p))
        self.segs += arc_segs(cx, cy, rx, ry, t0, t1)
        self.cur = self.segs[-1][-1]

    def close(self):
        return [(self.start, self.segs)]


def tmap(shape, f):
    return [(f(start), [(s[0],) + tuple(f(p) for p in s[1:]) for s in segs])
            for start, segs in shape]


def affine(shape, a, b, c, d, e, f):
    return tmap(shape, lambda p: (a * p[0] + c * p[1] + e,
                                  b * p[0] + d * p[1] + f))


def translate(shape, dx, dy):
    return affine(shape, 1, 0, 0, 1, dx, dy)


def scale(shape, k):
    return affine(shape, k, 0, 0, k, 0, 0)


def rot180(shape, ox=CX, oy=CY):
    return affine(shape, -1, 0, 0, -1, 2 * ox, 2 * oy)


def reverse(shape):
    out = []
    for start, segs in shape:
        pts = [start] + [s[-1] for s in segs]
        rsegs = []
        for i in range(len(segs) - 1, -1, -1):
            s = segs[i]
            if s[0] == "L":
                rsegs.append(("L", pts[i]))
            else:
                rsegs.append(("C", s[2], s[1], pts[i]))
        out.append((pts[-1], rsegs))
    return out


def flatten(contour, steps=8):
    start, segs = contour
    pts = [start]
    cur = start
    for s in segs:
        if s[0] == "L":
            pts.append(s[1])
        else:
            pts += [bez(cur, s[1], s[2], s[3], i / steps)
                    for i in range(1, steps + 1)]
        cur = s[-1]
    return pts


def signed_area(contour):
    pts = flatten(contour)
    return sum(pts[i - 1][0] * pts[i][1] - pts[i][0] * pts[i - 1][1]
               for i in range(len(pts))) / 2


def solid(shape):
    """Orient a shape (outer contour plus holes) so that its largest contour
    is positive; holes keep their opposite direction."""
    big = max(shape, key=lambda c: abs(signed_area(c)))
    return reverse(shape) if signed_area(big) < 0 else shape


def bbox(shape):
    pts = [p for c in shape for p in flatten(c)]
    return (min(p[0] for p in pts), min(p[1] for p in pts),
            max(p[0] for p in pts), max(p[1] for p in pts))


def parse(d):
    """Shape from SVG path data with absolute M, L, C and Z only."""
    toks = re.findall(r"[MLCZ]|-?[\d.]+", d)
    out, i, cmd = [], 0, None
    while i < len(toks):
        if toks[i] in "MLCZ":
            cmd = toks[i]
            i += 1
            if cmd == "Z":
                out.append((start, segs))
            continue
        k = {"M": 2, "L": 2, "C": 6}[cmd]
        v = [float(x) for x in toks[i:i + k]]
        i += k
        if cmd == "M":
            start, segs = (v[0], v[1]), []
        elif cmd == "L":
            segs.append(("L", (v[0], v[1])))
        else:
            segs.append(("C", (v[0], v[1]), (v[2], v[3]), (v[4], v[5])))
    return out


def _h(v):
    """A coordinate in hundredths of a unit."""
    return int(round(v * 100))


def _num(h):
    """Format hundredths compactly: "12", "1.5", "-.25"."""
    s = ("%d.%02d" % (abs(h) // 100, abs(h) % 100)).rstrip("0").rstrip(".")
    if s.startswith("0."):
        s = s[1:]
    if not s:
        return "0"
    return "-" + s if h < 0 else s


def svg_d(shape):
    """Compact path data: relative commands, repeated command letters left
    out, numbers separated only where needed.  Coordinates are rounded to
    0.01 first, so that the relative steps add up exactly."""
    out = []
    last = "M"                  # the last token written

    def emit(cmd, vals):
        nonlocal last
        if cmd:
            out.append(cmd)
            last = cmd
        for v in vals:
            t = _num(v)
            if not last.isalpha() and t[0] != "-" and not (t[0] == "." and "." in last):
                out.append(" ")
            out.append(t)
            last = t
    for start, segs in shape:
        x0, y0 = _h(start[0]), _h(start[1])
        emit("M", [x0, y0])
        cx, cy, prev = x0, y0, "M"
        for s in segs:
            if s[0] == "L":
                x, y = _h(s[1][0]), _h(s[1][1])
                if (x, y) == (cx, cy):
                    continue
                if y == cy:
                    cmd, vals = "h", [x - cx]
                elif x == cx:
                    cmd, vals = "v", [y - cy]
                else:
                    cmd, vals = "l", [x - cx, y - cy]
            else:
                pts = [(_h(p[0]), _h(p[1])) for p in s[1:]]
                x, y = pts[2]
                cmd, vals = "c", [pts[0][0] - cx, pts[0][1] - cy,
                                  pts[1][0] - cx, pts[1][1] - cy, x - cx, y - cy]
            emit(None if cmd == prev else cmd, vals)
            cx, cy, prev = x, y, cmd
        emit("z", [])
    return "".join(out)


# --------------------------------------------------------------------------
# Clipping by half-planes


def clip_half(shape, a, b, c):
    """Keep the part of a shape where a x + b y + c >= 0.  Each contour is
    cut where it crosses the line and closed along it."""
    f = lambda p: a * p[0] + b * p[1] + c
    out = []
    for start, segs in shape:
        pieces = []
        cur = start
        for s in segs:
            if s[0] == "L":
                fp, fq = f(cur), f(s[1])
                if (fp >= 0) != (fq >= 0):
                    m = lerp(cur, s[1], fp / (fp - fq))
                    pieces += [("L", (cur, m)), ("L", (m, s[1]))]
                else:
                    pieces.append(("L", (cur, s[1])))
            else:
                pts = (cur, s[1], s[2], s[3])
                ts, steps, prev = [], 48, f(cur)
                for i in range(1, steps + 1):
                    v = f(bez(*pts, i / steps))
                    if (v >= 0) != (prev >= 0):
                        lo, hi, flo = (i - 1) / steps, i / steps, prev
                        for _ in range(40):
                            mid = (lo + hi) / 2
                            fm = f(bez(*pts, mid))
                            if (fm >= 0) == (flo >= 0):
                                lo, flo = mid, fm
                            else:
                                hi = mid
                        ts.append((lo + hi) / 2)
                    prev = v
                bounds = [0.0] + ts + [1.0]
                pieces += [("C", sub_bez(pts, bounds[i], bounds[i + 1]))
                           for i in range(len(bounds) - 1)]
            cur = s[-1]
        kept = [(k, p) for k, p in pieces
                if f(lerp(p[0], p[-1], 0.5) if k == "L" else bez(*p, 0.5)) >= -1e-9]
        if not kept:
            continue
        st = cur = kept[0][1][0]
        nsegs = []
        for k, p in kept:
            if math.hypot(p[0][0] - cur[0], p[0][1] - cur[1]) > 1e-6:
                nsegs.append(("L", p[0]))
            nsegs.append(("L", p[1]) if k == "L" else ("C",) + tuple(p[1:]))
            cur = p[-1]
        out.append((st, nsegs))
    return out


def cut(shape, p, q):
    """Keep the part of a shape on the right of the directed line p -> q
    (y down)."""
    d = (q[0] - p[0], q[1] - p[1])
    return clip_half(shape, -d[1], d[0], d[1] * p[0] - d[0] * p[1])


def clip_box(shape, x0, y0, x1, y1):
    for p, q in (((x0, y1), (x0, y0)), ((x1, y0), (x1, y1)),
                 ((x0, y0), (x1, y0)), ((x1, y1), (x0, y1))):
        shape = cut(shape, p, q)
    return shape


# --------------------------------------------------------------------------
# Strokes: the outline of a centre line drawn with an elliptical nib
#
# A centre line is a list of pieces ("L", p0, p1) or
# ("A", cx, cy, rx, ry, t0, t1) (elliptical arc).  stroke() returns the
# outline drawn with a nib of half-widths hx, hy (a vertical stroke is 2 hx
# wide, a horizontal one 2 hy), mitred corners and butt ends.  The rank
# glyphs are built from such strokes.


def _unit_right(d):
    l = math.hypot(d[0], d[1])
    return (-d[1] / l, d[0] / l)


def _offset_piece(pc, h):
    """One piece offset by h to its right: start point, segments, start and
    end tangents."""
    if pc[0] == "L":
        p0, p1 = pc[1], pc[2]
        d = (p1[0] - p0[0], p1[1] - p0[1])
        r = _unit_right(d)
        a = (p0[0] + h * r[0], p0[1] + h * r[1])
        return a, [("L", (p1[0] + h * r[0], p1[1] + h * r[1]))], d, d
    _, cx, cy, rx, ry, t0, t1 = pc

    def Q(t):
        d = (-rx * math.sin(t), ry * math.cos(t))
        r = _unit_right(d)
        return (cx + rx * math.cos(t) + h * r[0], cy + ry * math.sin(t) + h * r[1])

    def dQ(t, e=1e-5):
        a, b = Q(t - e), Q(t + e)
        return ((b[0] - a[0]) / (2 * e), (b[1] - a[1]) / (2 * e))

    a0, a1 = math.radians(t0), math.radians(t1)
    k = max(2, int(math.ceil(abs(a1 - a0) / math.radians(30))))
    segs = []
    for i in range(k):
        ta = a0 + (a1 - a0) * i / k
        tb = a0 + (a1 - a0) * (i + 1) / k
        A, B, dA, dB = Q(ta), Q(tb), dQ(ta), dQ(tb)
        dt = (tb - ta) / 3
        segs.append(("C", (A[0] + dA[0] * dt, A[1] + dA[1] * dt),
                     (B[0] - dB[0] * dt, B[1] - dB[1] * dt), B))
    sgn = 1 if a1 > a0 else -1

    def D(t):
        return (-rx * math.sin(t) * sgn, ry * math.cos(t) * sgn)
    return Q(a0), segs, D(a0), D(a1)


def _stroke_side(pieces, h, closed):
    chains = [list(_offset_piece(pc, h)) for pc in pieces]
    m = len(chains)
    for i in (range(m) if closed else range(m - 1)):
        a, b = chains[i], chains[(i + 1) % m]
        end, start = a[1][-1][-1], b[0]
        if math.hypot(end[0] - start[0], end[1] - start[1]) < 1e-3:
            continue
        x = line_x(end, a[3], start, b[2])
        if x is None or math.hypot(x[0] - end[0], x[1] - end[1]) > 6 * abs(h):
            continue                    # bevel
        last = a[1][-1]
        if last[0] == "L":
            a[1][-1] = ("L", x)
        else:
            a[1][-1] = ("C", last[1], (last[2][0] + x[0] - end[0],
                                       last[2][1] + x[1] - end[1]), x)
        first = b[1][0]
        if first[0] == "C":
            b[1][0] = ("C", (first[1][0] + x[0] - start[0],
                             first[1][1] + x[1] - start[1]), first[2], first[3])
        b[0] = x
    segs = []
    for i, c in enumerate(chains):
        if i > 0:
            segs.append(("L", c[0]))
        segs += c[1]
    return chains[0][0], segs


def stroke(pieces, hx, hy, closed=False):
    k = hy / hx                       # squash x so that the nib is round
    sq = []
    for pc in pieces:
        if pc[0] == "L":
            sq.append(("L", (pc[1][0] * k, pc[1][1]), (pc[2][0] * k, pc[2][1])))
        else:
            _, cx, cy, rx, ry, t0, t1 = pc
            sq.append(("A", cx * k, cy, rx * k, ry, t0, t1))
    r0, rsegs = _stroke_side(sq, hy, closed)
    l0, lsegs = _stroke_side(sq, -hy, closed)
    if closed:
        shape = [(r0, rsegs)] + reverse([(l0, lsegs)])
    else:
        left = reverse([(l0, lsegs)])[0]
        shape = [(r0, rsegs + [("L", left[0])] + left[1])]
    return solid(tmap(shape, lambda p: (p[0] / k, p[1])))


# --------------------------------------------------------------------------
# Growing and shrinking closed shapes (for the outlines of the court art)


def _seg_offset(p0, seg, d):
    """Offset of one segment of a positive contour, outward by d (a cubic by
    the Tiller-Hanson construction).  Returns a mutable list."""
    def nrm(a, b):
        l = math.hypot(b[0] - a[0], b[1] - a[1])
        return None if l < 1e-9 else ((b[1] - a[1]) / l, -(b[0] - a[0]) / l)

    def off(p, nv):
        return (p[0] + d * nv[0], p[1] + d * nv[1])
    if seg[0] == "L":
        nv = nrm(p0, seg[1])
        return ["L", off(p0, nv), off(seg[1], nv)]
    c = [p0, seg[1], seg[2], seg[3]]
    n0 = nrm(c[0], c[1]) or nrm(c[0], c[2])
    n3 = nrm(c[2], c[3]) or nrm(c[1], c[3])
    n12 = nrm(c[1], c[2])
    q0, q3 = off(c[0], n0), off(c[3], n3)
    if n12 is None:
        return ["C", q0, off(c[1], n0), off(c[2], n3), q3]
    d01 = (c[1][0] - c[0][0], c[1][1] - c[0][1])
    d12 = (c[2][0] - c[1][0], c[2][1] - c[1][1])
    d23 = (c[3][0] - c[2][0], c[3][1] - c[2][1])
    q1 = q2 = None
    if math.hypot(*d01) > 1e-9:
        q1 = line_x(off(c[0], n0), d01, off(c[1], n12), d12)
    if math.hypot(*d23) > 1e-9:
        q2 = line_x(off(c[1], n12), d12, off(c[2], n3), d23)
    if q1 is None or math.hypot(q1[0] - c[1][0], q1[1] - c[1][1]) > 4 * abs(d) + 1e-6:
        q1 = off(c[1], n0)
    if q2 is None or math.hypot(q2[0] - c[2][0], q2[1] - c[2][1]) > 4 * abs(d) + 1e-6:
        q2 = off(c[2], n3)
    return ["C", q0, q1, q2, q3]


def _exact_offset(p, t, d):
    u = 1 - t
    x, y = bez(*p, t)
    dx = 3 * (u * u * (p[1][0] - p[0][0]) + 2 * u * t * (p[2][0] - p[1][0]) +
              t * t * (p[3][0] - p[2][0]))
    dy = 3 * (u * u * (p[1][1] - p[0][1]) + 2 * u * t * (p[2][1] - p[1][1]) +
              t * t * (p[3][1] - p[2][1]))
    l = math.hypot(dx, dy)
    return (x + d * dy / l, y - d * dx / l)


def _refined(p0, seg, d, depth=0):
    """Split a cubic until its Tiller-Hanson offset is within 0.03 units of
    the true offset curve."""
    p = (p0, seg[1], seg[2], seg[3])
    q = _seg_offset(p0, seg, d)[1:]
    err = 0.0
    for t in (0.25, 0.5, 0.75):
        a = bez(*q, t)
        err = max(err, min(math.hypot(a[0] - e[0], a[1] - e[1]) for e in (
            _exact_offset(p, t + k * 0.02, d) for k in range(-5, 6)
            if 0 <= t + k * 0.02 <= 1)))
    if err < 0.03 or depth >= 4:
        return [seg]
    l, r = split_bez(*p, 0.5)
    return (_refined(l[0], ("C",) + l[1:], d, depth + 1) +
            _refined(r[0], ("C",) + r[1:], d, depth + 1))


def _at(o, t):
    if o[0] == "L":
        return lerp(o[1], o[2], t)
    return bez(*o[1:], t)


def _trim(a, b, steps=48):
    """Cut the overlapping ends of offset pieces a and b (modified in place)
    at their crossing nearest to the joint.  False if they do not cross."""
    pa = [(_at(a, 1 - k / steps), 1 - k / steps) for k in range(steps + 1)]
    pb = [(_at(b, k / steps), k / steps) for k in range(steps + 1)]
    for i in range(steps):
        (p1, ta1), (p2, ta2) = pa[i], pa[i + 1]
        d1 = (p2[0] - p1[0], p2[1] - p1[1])
        for j in range(steps):
            (q1, tb1), (q2, tb2) = pb[j], pb[j + 1]
            d2 = (q2[0] - q1[0], q2[1] - q1[1])
            den = d1[0] * d2[1] - d1[1] * d2[0]
            if abs(den) < 1e-12:
                continue
            u = ((q1[0] - p1[0]) * d2[1] - (q1[1] - p1[1]) * d2[0]) / den
            v = ((q1[0] - p1[0]) * d1[1] - (q1[1] - p1[1]) * d1[0]) / den
            if 0 <= u <= 1 and 0 <= v <= 1:
                x = (p1[0] + d1[0] * u, p1[1] + d1[1] * u)
                ta, tb = ta1 + (ta2 - ta1) * u, tb1 + (tb2 - tb1) * v
                if a[0] == "L":
                    a[2] = x
                else:
                    p = split_bez(*a[1:], ta)[0]
                    a[2], a[3], a[4] = p[1], p[2], x
                if b[0] == "L":
                    b[1] = x
                else:
                    p = split_bez(*b[1:], tb)[1]
                    b[1], b[2], b[3] = x, p[1], p[2]
                return True
    return False


def grow(shape, d, miter=3.0):
    """Offset every contour of an oriented shape outward by d (inward if d
    is negative), with mitred or bevelled corners."""
    out = []
    for contour in shape:
        start, segs = contour
        dd = d if signed_area(contour) > 0 else -d
        offs, verts = [], []
        cur = start
        for s in segs + [("L", start)]:
            if math.hypot(s[-1][0] - cur[0], s[-1][1] - cur[1]) > 1e-9 or s[0] == "C":
                for r in (_refined(cur, s, dd) if s[0] == "C" else [s]):
                    offs.append(_seg_offset(cur, r, dd))
                    verts.append(r[-1])
                    cur = r[-1]
            cur = s[-1]
        m = len(offs)
        via = [None] * m
        for i in range(m):
            a, b = offs[i], offs[(i + 1) % m]
            ea, sb = a[-1], b[1]
            ta = (a[2][0] - a[1][0], a[2][1] - a[1][1]) if a[0] == "L" else (
                (a[4][0] - a[3][0], a[4][1] - a[3][1]))
            tb = (b[2][0] - b[1][0], b[2][1] - b[1][1])
            cross = ta[0] * tb[1] - ta[1] * tb[0]
            if abs(math.atan2(cross, ta[0] * tb[0] + ta[1] * tb[1])) < math.radians(2):
                mid = lerp(ea, sb, 0.5)
                a[-1] = b[1] = mid
                continue
            outer = cross * dd > 0          # the offsets leave a gap
            if not outer and _trim(a, b):
                continue
            x = line_x(ea, ta, sb, tb)
            near = x is not None and math.hypot(x[0] - ea[0], x[1] - ea[1]) <= miter * abs(dd)
            if not outer and not near and dd > 0:
                via[i] = verts[i]           # cusp while growing: go round
                continue
            if x is not None and (not outer or near):
                if a[0] == "C":
                    a[3] = (a[3][0] + x[0] - ea[0], a[3][1] + x[1] - ea[1])
                a[-1] = x
                if b[0] == "C":
                    b[2] = (b[2][0] + x[0] - sb[0], b[2][1] + x[1] - sb[1])
                b[1] = x
        nsegs = []
        cur = offs[0][1]
        for i, o in enumerate(offs):
            if i > 0:
                if via[i - 1] is not None:
                    nsegs.append(("L", via[i - 1]))
                    cur = via[i - 1]
                if math.hypot(o[1][0] - cur[0], o[1][1] - cur[1]) > 1e-9:
                    nsegs.append(("L", o[1]))
            nsegs.append(("L", o[2]) if o[0] == "L" else ("C", o[2], o[3], o[4]))
            cur = nsegs[-1][-1]
        if via[-1] is not None:
            nsegs.append(("L", via[-1]))
        out.append((offs[0][1], nsegs))
    return out


# --------------------------------------------------------------------------
# Discs: unions and differences as outlines made of arcs


def _circle_cuts(ci, ri, others):
    cuts = []
    for cj, rj in others:
        dx, dy = cj[0] - ci[0], cj[1] - ci[1]
        d = math.hypot(dx, dy)
        if d >= ri + rj or d <= abs(ri - rj):
            continue
        a = (ri * ri - rj * rj + d * d) / (2 * d)
        base = math.degrees(math.atan2(dy, dx))
        h = math.degrees(math.acos(max(-1.0, min(1.0, a / ri))))
        cuts += [(base - h) % 360, (base + h) % 360]
    cuts.sort()
    if not cuts:
        return [(0.0, 360.0)]
    return [(cuts[k], cuts[(k + 1) % len(cuts)] + (360 if k == len(cuts) - 1 else 0))
            for k in range(len(cuts))]


def _chain_arcs(arcs):
    def end(a, which):
        c, r, t0, t1 = a
        return epoint(c[0], c[1], r, r, t1 if which else t0)

    def dist(p, q):
        return math.hypot(p[0] - q[0], p[1] - q[1])
    out = []
    left = list(arcs)
    while left:
        loop = [left.pop(0)]
        while left and dist(end(loop[-1], 1), end(loop[0], 0)) > 1e-4:
            e = end(loop[-1], 1)
            nxt = min(left, key=lambda b: dist(end(b, 0), e))
            if dist(end(nxt, 0), e) > 1e-4:
                break
            left.remove(nxt)
            loop.append(nxt)
        b = Builder(end(loop[0], 0))
        for c, r, t0, t1 in loop:
            b.arc(c[0], c[1], r, r, t0, t1, connect=False)
        out += b.close()
    return out


def disc_union(discs):
    """Outline of the union of discs [((x, y), r)]."""
    arcs = []
    for i, (c, r) in enumerate(discs):
        others = discs[:i] + discs[i + 1:]
        for t0, t1 in _circle_cuts(c, r, others):
            m = epoint(c[0], c[1], r, r, (t0 + t1) / 2)
            if all(math.hypot(m[0] - o[0], m[1] - o[1]) >= ro - 1e-7 for o, ro in others):
                arcs.append((c, r, t0, t1))
    return solid(_chain_arcs(arcs))


def disc_minus(c, r, subs):
    """Outline of the disc (c, r) minus the union of the discs in subs."""
    arcs = []
    for t0, t1 in _circle_cuts(c, r, subs):
        m = epoint(c[0], c[1], r, r, (t0 + t1) / 2)
        if all(math.hypot(m[0] - o[0], m[1] - o[1]) >= ro - 1e-7 for o, ro in subs):
            arcs.append((c, r, t0, t1))
    for i, (cs, rs) in enumerate(subs):
        others = subs[:i] + subs[i + 1:]
        for t0, t1 in _circle_cuts(cs, rs, [(c, r)] + others):
            m = epoint(cs[0], cs[1], rs, rs, (t0 + t1) / 2)
            if (math.hypot(m[0] - c[0], m[1] - c[1]) < r and
                    all(math.hypot(m[0] - o[0], m[1] - o[1]) >= ro - 1e-7 for o, ro in others)):
                arcs.append((cs, rs, t1, t0))
    return solid(_chain_arcs(arcs))


def capsule(p, q, w):
    """A straight line of width w with round caps, as one contour."""
    r = w / 2
    a = math.degrees(math.atan2(q[1] - p[1], q[0] - p[0]))
    b = Builder(epoint(q[0], q[1], r, r, a - 90))
    b.arc(q[0], q[1], r, r, a - 90, a + 90, connect=False)
    b.arc(p[0], p[1], r, r, a + 90, a + 270)
    return solid(b.close())


def bar(p, q, w):
    """A straight line of width w with butt ends."""
    d = (q[0] - p[0], q[1] - p[1])
    l = math.hypot(*d)
    nx, ny = -d[1] / l * w / 2, d[0] / l * w / 2
    return solid(poly([(p[0] + nx, p[1] + ny), (q[0] + nx, q[1] + ny),
                       (q[0] - nx, q[1] - ny), (p[0] - nx, p[1] - ny)]))


def curve_bar(p0, p1, p2, p3, w):
    """A cubic line of width w with butt ends."""
    a = _seg_offset(p0, ("C", p1, p2, p3), w / 2)
    b = _seg_offset(p0, ("C", p1, p2, p3), -w / 2)
    return solid([(a[1], [("C", a[2], a[3], a[4]), ("L", b[4]),
                          ("C", b[3], b[2], b[1])])])


# --------------------------------------------------------------------------
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


# --------------------------------------------------------------------------
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


# --------------------------------------------------------------------------
# Painting


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


# Court cards ---------------------------------------------------------------

# The picture panel is notched around the two corner indices; it is point
# symmetric about the card centre.
PANEL = [(68, 14), (236, 14), (236, 230), (182, 230),
         (182, 336), (14, 336), (14, 120), (68, 120)]


def path(d):
    return solid(parse(d))


def court_half(rank):
    """The upper half of a court figure (nothing below y = CY), as fills."""
    c = COURT[rank]
    p = Paint()
    bot = CY
    # Long hair behind the head (queen).
    if rank == "Q":
        p.outlined(c["hair"], path(
            "M97,80 C93,56 108,46 125,46 C142,46 157,56 153,80 "
            "C155,98 160,108 166,116 L84,116 C90,108 95,98 97,80 Z"))
    # Robe with squared shoulders, shaded sleeves and their inner edges.
    p.outlined(c["robe"], path(
        "M50,%s L50,140 C50,126 60,120 76,118 L174,118 "
        "C190,120 200,126 200,140 L200,%s Z" % (bot, bot)))
    p.fill(c["shade"], path("M52,%s L52,140 C52,130 58,126 68,124 L68,%s Z"
                            % (bot, bot)) +
           path("M198,%s L198,140 C198,130 192,126 182,124 L182,%s Z"
                % (bot, bot)))
    p.fill(INK, bar((70, bot), (70, 138), 2) + bar((180, bot), (180, 138), 2))
    # Central band.
    p.outlined(GOLD, path("M110,118 L140,118 L144,%s L106,%s Z" % (bot, bot)))
    # Collar / mantle.
    if rank == "K":
        p.outlined(WHITE, path(
            "M66,126 C80,114 100,112 125,112 C150,112 170,114 184,126 "
            "L176,142 C160,134 90,134 74,142 Z"))
        p.fill(INK, [c_ for x, y in ((84, 128), (100, 123), (150, 123), (166, 128))
                     for c_ in solid(poly([(x, y - 3), (x - 2.5, y + 2),
                                           (x, y + 0.5), (x + 2.5, y + 2)]))])
    elif rank == "J":
        p.outlined(WHITE, path("M98,116 L125,138 L152,116 Z"))
    # Neck and, for the queen, a string of pearls, each over the last.
    if rank != "K":
        p.fill(INK, rrect(115, 99, 20, 18, 4))
        p.fill(SKIN, rrect(117, 101, 16, 14, 2))
        if rank == "Q":
            xs = list(range(96, 160, 10))
            p.fill(INK, disc_union([((x, 118), 8) for x in xs]))
            p.fill(WHITE, [c_ for i, x in enumerate(xs) for c_ in disc_minus(
                (x, 118), 6, [((xs[i + 1], 118), 8)] if i + 1 < len(xs) else [])])
    # Head.
    p.fill(INK, ellipse(125, 82, 22, 25))
    p.fill(SKIN, ellipse(125, 82, 20, 23))
    eyes = circle(117, 82, 2.6) + circle(133, 82, 2.6)
    if rank == "K":
        p.fill(INK, eyes)
        p.outlined(c["hair"], path(
            "M104,84 C104,108 114,120 125,122 C136,120 146,108 146,84 "
            "C142,96 136,100 125,100 C114,100 108,96 104,84 Z"))
        p.outlined(c["hair"], path(
            "M113,96 C118,92 132,92 137,96 C132,98 118,98 113,96 Z"))
    else:
        # a smile through (119,94) (125,96.5) (131,94) with round ends
        r = (36 + 6.25) / 5
        cy = 96.5 - r
        a0 = math.degrees(math.atan2(94 - cy, -6))
        a1 = math.degrees(math.atan2(94 - cy, 6))
        b = Builder(epoint(125, cy, r + 1, r + 1, a1))
        b.arc(125, cy, r + 1, r + 1, a1, a0, connect=False)
        e0, e1 = epoint(125, cy, r, r, a0), epoint(125, cy, r, r, a1)
        b.arc(e0[0], e0[1], 1, 1, a0, a0 + 180, connect=False)
        b.arc(125, cy, r - 1, r - 1, a0, a1, connect=False)
        b.arc(e1[0], e1[1], 1, 1, a1 + 180, a1 + 360, connect=False)
        p.fill(INK, eyes + solid(b.close()))
        p.fill(CHEEK, circle(113, 90, 3.5) + circle(137, 90, 3.5))
    # Headwear.
    if rank == "K":
        p.outlined(GOLD, path("M99,66 L97,30 L111,46 L125,24 L139,46 L153,30 "
                              "L151,66 Z"))
        p.fill(INK, rrect(96, 57, 58, 12, 3))
        p.fill(GOLD_DARK, rrect(98, 59, 54, 8, 1))
        jewels = ((97, 30), (125, 24), (153, 30))
        p.fill(INK, [c_ for x, y in jewels for c_ in circle(x, y, 5)])
        p.fill(WHITE, [c_ for x, y in jewels for c_ in circle(x, y, 3)])
    elif rank == "Q":
        p.outlined(GOLD, path("M102,64 L104,44 C110.67,50.67 117.67,48.67 125,38 "
                              "C132.33,48.67 139.33,50.67 146,44 L148,64 Z"))
        jewels = ((104, 44), (125, 38), (146, 44))
        p.fill(INK, [c_ for x, y in jewels for c_ in circle(x, y, 4.5)])
        p.fill(WHITE, [c_ for x, y in jewels for c_ in circle(x, y, 2.5)])
    else:
        p.outlined(GOLD, path("M150,56 C164,40 178,30 196,26 C184,36 170,48 "
                              "156,62 Z"))
        p.outlined(c["robe"], path(
            "M100,72 C98,50 110,42 126,42 C144,42 156,50 154,68 "
            "C140,62 116,62 100,72 Z"))
        p.fill(GOLD, curve_bar((100, 72), (116, 62), (140, 62), (154, 68), 4))
    # Held attribute on the viewer's left: sceptre, flower or halberd.
    if rank == "K":
        p.fill(INK, capsule((92, 168), (80, 122), 7))
        p.fill(GOLD, capsule((92, 168), (80, 122), 3.5))
        p.ocircle(GOLD, 78, 114, 8)
        p.fill(INK, capsule((78, 104), (78, 96), 2.5) +
               capsule((74, 100), (82, 100), 2.5))
    elif rank == "Q":
        p.fill("#3f7d3a", curve_bar((92, 168), (88, 150), (86, 136), (80, 124), 3))
        p.outlined("#5a9d4f", path("M86,146 C78,142 74,136 74,130 "
                                   "C82,132 86,138 86,146 Z"))
        # five petals, each over the last, and a gold heart on top
        petals = [(80 + 7 * math.sin(2 * math.pi * i / 5),
                   116 - 7 * math.cos(2 * math.pi * i / 5)) for i in range(5)]
        p.fill(INK, disc_union([(q, 6.5) for q in petals] + [((80, 116), 5)]))
        p.fill(WHITE, [c_ for i, q in enumerate(petals) for c_ in disc_minus(
            q, 4.5, [(o, 6.5) for o in petals[i + 1:]] + [((80, 116), 5)])])
        p.fill(GOLD, circle(80, 116, 3))
    else:
        p.fill(INK, capsule((92, 170), (76, 108), 6))
        p.fill("#a0703a", capsule((92, 170), (76, 108), 3))
        p.outlined(GOLD, path("M72,92 C78,98 81,106 79,113 L73,114 "
                              "C68,108 68,100 72,92 Z"))
        p.fill(INK, capsule((70, 116), (82, 113), 3))
    # The hand holding it.
    p.ocircle(SKIN, 90, 158, 6.5)
    return p


_COURT_HALF = {}


def court(p, rank, s):
    c = COURT[rank]
    panel = solid(poly(PANEL))
    p.fill(c["frame"], grow(panel, 1.25))
    p.fill(c["tint"], grow(panel, -1.25))
    if rank not in _COURT_HALF:
        _COURT_HALF[rank] = court_half(rank)
    # The two halves do not overlap: paint them together.
    for colour, shape, _ in _COURT_HALF[rank].ops:
        p.fill(colour, both_ends(shape))
    # A badge with the suit on the chest, and the rank and suit in the free
    # corner of each half of the panel.
    p.fill(INK, both_ends(circle(125, 146, 17)))
    p.fill(WHITE, both_ends(circle(125, 146, 15)))
    # Divider between the two halves.
    p.fill(c["frame"], both_ends(rank_glyph(rank, 210, 62, 32)) +
           rrect(50, CY - 3, 150, 6, 0) + rrect(14, CY - 1, 222, 2, 0))
    p.fill(SUIT_COLOUR[s], both_ends(suit(s, 125, 147, 21) + suit(s, 210, 86, 26)) +
           index(rank, s))


def card_face(rank, s):
    p = Paint()
    if rank == "A":
        ace(p, s)
    elif rank in "JQK":
        court(p, rank, s)
    else:
        p.fill(SUIT_COLOUR[s], pips(10 if rank == "T" else int(rank), s) +
               index(rank, s))
    return outline() + p.svg()


# Card back ----------------------------------------------------------------

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


# --------------------------------------------------------------------------
# Document


def place(col, row):
    return GAP + col * (W + GAP), GAP + row * (H + GAP)


def document():
    sw = COLS * W + (COLS + 1) * GAP
    sh = ROWS * H + (ROWS + 1) * GAP
    out = ['<?xml version="1.0" encoding="UTF-8"?>\n',
           '<!-- Felt playing cards. Generated by build-aux/make-deck.py;'
           ' do not edit.\n     SPDX-License-Identifier: '
           'GPL-3.0-or-later -->\n',
           '<svg xmlns="http://www.w3.org/2000/svg" version="1.1" '
           'width="%s" height="%s" viewBox="0 0 %s %s">\n' % (sw, sh, sw, sh),
           '<defs>%s</defs>\n' % lattice_pattern()]
    for row, s in enumerate(SUITS):
        for col, rank in enumerate(RANKS):
            x, y = place(col, row)
            out.append('<g id="%s%s" transform="translate(%s %s)">%s</g>\n'
                       % (rank, s, n(x), n(y), card_face(rank, s)))
    x, y = place(0, 4)
    out.append('<g id="back" transform="translate(%s %s)">%s</g>\n'
               % (n(x), n(y), back()))
    out.append('</svg>\n')
    return "".join(out)


def main(argv):
    args = argv[1:]
    if args and args[0] == "--four-colour":
        # Every drawing function reads SUIT_COLOUR when it runs.
        SUIT_COLOUR.update(FOUR_COLOUR)
        args = args[1:]
    if len(args) != 1:
        sys.stderr.write("usage: %s [--four-colour] OUTPUT.svg\n" % argv[0])
        return 2
    with open(args[0], "w", encoding="utf-8", newline="\n") as f:
        f.write(document())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
