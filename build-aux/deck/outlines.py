# SPDX-License-Identifier: GPL-3.0-or-later
#
# deck/outlines.py - strokes, grown and shrunk shapes, and unions of discs.
#
# Part of build-aux/make-deck.py, which says how and why the deck is drawn.

import math

from .shapes import (Builder, bez, epoint, lerp, line_x, poly, reverse,
                     signed_area, solid, split_bez, tmap)


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
