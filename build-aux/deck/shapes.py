# SPDX-License-Identifier: GPL-3.0-or-later
#
# deck/shapes.py - closed shapes as contours of lines and Beziers, and clipping.
#
# Part of build-aux/make-deck.py, which says how and why the deck is drawn.

import math
import re

from .style import CX, CY


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
