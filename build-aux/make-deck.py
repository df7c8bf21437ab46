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
# Usage: make-deck.py OUTPUT.svg
#
# The output holds 53 top-level groups: the 52 faces, with ids made of rank
# (A 2 3 4 5 6 7 8 9 T J Q K) then suit (C D H S), e.g. "AC", "TD", "KS", and
# "back".  Every group starts with the full card outline (a filled rounded
# rectangle of W x H) and draws nothing outside it, so the ink extents of
# each group are exactly the card rectangle; this is what
# rsvg_handle_render_element() fits into the viewport.
#
# Only the Python standard library is used and the output is deterministic.

import math
import sys

# --------------------------------------------------------------------------
# Geometry and palette

W, H, R = 250, 350, 14          # card size and corner radius
GAP = 20                         # spacing between cards on the sheet
COLS, ROWS = 13, 5
CX, CY = W / 2, H / 2            # card centre

RANKS = "A23456789TJQK"
SUITS = "CDHS"
RANK_TEXT = {"T": "10"}

RED = "#c8102e"
BLACK = "#1a1a1a"
SUIT_COLOUR = {"C": BLACK, "D": RED, "H": RED, "S": BLACK}

FACE = "#fffdf8"
EDGE = "#a9a9a9"
INK = "#262630"                  # outline colour of the court figures
SKIN = "#f4d3b0"
GOLD = "#e3b23c"
GOLD_DARK = "#b8862a"

FONT = "DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif"

# Court colour schemes: (panel tint, robe, robe shade, hair)
COURT = {
    "J": {"tint": "#dcebf6", "robe": "#2f6fa8", "shade": "#245a8a",
          "hair": "#7a4a22", "frame": "#2f6fa8"},
    "Q": {"tint": "#f4e1ee", "robe": "#8c3b86", "shade": "#73306e",
          "hair": "#c9862f", "frame": "#8c3b86"},
    "K": {"tint": "#f7edcf", "robe": "#2f7d5b", "shade": "#25664a",
          "hair": "#8e8e96", "frame": "#b8862a"},
}

# --------------------------------------------------------------------------
# Helpers


def n(v):
    """Format a number compactly and deterministically."""
    s = "%.2f" % v
    s = s.rstrip("0").rstrip(".")
    if s == "-0":
        s = "0"
    return s


def rrect(x, y, w, h, r, **attrs):
    a = "".join(' %s="%s"' % (k.replace("_", "-"), v)
                for k, v in attrs.items())
    return '<rect x="%s" y="%s" width="%s" height="%s" rx="%s"%s/>' % (
        n(x), n(y), n(w), n(h), n(r), a)


def use(ref, x, y, size, fill, rot=0):
    """Place a suit symbol (defined in a 100 x 100 box around the origin)."""
    t = "translate(%s %s)" % (n(x), n(y))
    if rot:
        t += " rotate(%s)" % n(rot)
    t += " scale(%s)" % n(size / 100.0)
    return '<use xlink:href="#%s" transform="%s" fill="%s"/>' % (
        ref, t, fill)


def rot180(content):
    return '<g transform="rotate(180 %s %s)">%s</g>' % (n(CX), n(CY), content)


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

# Club: three lobes plus a stem; all sub-paths wind the same way so the
# non-zero fill rule unites them.
def _circle(cx, cy, r):
    return ("M%s,%s A%s,%s 0 1,1 %s,%s A%s,%s 0 1,1 %s,%s Z" % (
        n(cx - r), n(cy), n(r), n(r), n(cx + r), n(cy), n(r), n(r),
        n(cx - r), n(cy)))


CLUB = (_circle(0, -25, 23) + " " + _circle(-25, 13, 23) + " " +
        _circle(25, 13, 23) + " " + _circle(0, 4, 12) + " " +
        "M-5,8 L5,8 C5,30 10,42 20,50 L-20,50 C-10,42 -5,30 -5,8 Z")

SUIT_PATH = {"H": HEART, "D": DIAMOND, "S": SPADE, "C": CLUB}

# --------------------------------------------------------------------------
# Card furniture

def outline():
    """Full-size card outline (the outermost, bounding shape) and face."""
    return (rrect(0, 0, W, H, R, fill=EDGE) +
            rrect(1.5, 1.5, W - 3, H - 3, R - 1.5, fill=FACE))


IDX_X = 33          # centre line of the corner index
IDX_BASE = 64       # baseline of the rank text
IDX_SIZE = 68       # font size of the rank text
IDX_SUIT_Y = 92     # centre of the index suit symbol
IDX_SUIT = 38       # size of the index suit symbol


def rank_text(rank, x, y, size, fill):
    txt = RANK_TEXT.get(rank, rank)
    common = ('font-family="%s" font-weight="bold" font-size="%s" '
              'text-anchor="middle" fill="%s"' % (FONT, n(size), fill))
    if txt == "10":
        # Condense "10" so it is no wider than the other ranks.  librsvg
        # mis-places anchored text inside a scaled coordinate system, so the
        # start position is computed here from the advance width of the
        # digits (0.696 em in DejaVu Sans Bold) instead.
        k = 0.68
        x0 = x - k * 0.696 * size
        common = common.replace('text-anchor="middle" ', '')
        return ('<text transform="translate(%s %s) scale(%s 1)" %s>10</text>'
                % (n(x0), n(y), n(k), common))
    return '<text x="%s" y="%s" %s>%s</text>' % (n(x), n(y), common, txt)


def index(rank, suit):
    col = SUIT_COLOUR[suit]
    one = (rank_text(rank, IDX_X, IDX_BASE, IDX_SIZE, col) +
           use("suit-" + suit, IDX_X, IDX_SUIT_Y, IDX_SUIT, col))
    return one + rot180(one)


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


def pips(count, suit):
    col = SUIT_COLOUR[suit]
    out = []
    for x, y in PIP_LAYOUT[count]:
        out.append(use("suit-" + suit, x, y, PIP_SIZE, col,
                       180 if y > PIP_M + 0.5 else 0))
    return "".join(out)


def ace(suit):
    col = SUIT_COLOUR[suit]
    if suit != "S":
        return use("suit-" + suit, CX, CY, 112, col)
    # The ace of spades gets a little ornament: a ring of dots, a double
    # circle, a large spade with an inset outline and the deck's name.
    out = []
    out.append('<circle cx="%s" cy="%s" r="78" fill="none" stroke="%s" '
               'stroke-width="2.5"/>' % (n(CX), n(CY), col))
    out.append('<circle cx="%s" cy="%s" r="71" fill="none" stroke="%s" '
               'stroke-width="1"/>' % (n(CX), n(CY), col))
    for i in range(24):
        a = 2 * math.pi * i / 24
        out.append('<circle cx="%s" cy="%s" r="%s" fill="%s"/>' % (
            n(CX + 86 * math.sin(a)), n(CY - 86 * math.cos(a)),
            "3" if i % 2 == 0 else "1.8", col))
    out.append(use("suit-S", CX, CY - 4, 118, col))
    k = 1.18 * 0.84
    out.append('<use xlink:href="#suit-S" transform="translate(%s %s) '
               'scale(%s)" fill="none" stroke="%s" stroke-width="%s"/>' % (
                   n(CX), n(CY - 2), n(k), FACE, n(2.2 / k)))
    out.append('<text x="%s" y="%s" font-family="%s" font-weight="bold" '
               'font-size="15" letter-spacing="5" text-anchor="middle" '
               'fill="%s">FELT</text>' % (n(CX + 2.5), n(CY + 118), FONT, col))
    return "".join(out)


# Court cards ---------------------------------------------------------------

# The picture panel is notched around the two corner indices; it is point
# symmetric about the card centre.
PANEL = [(68, 14), (236, 14), (236, 230), (182, 230),
         (182, 336), (14, 336), (14, 120), (68, 120)]


def _poly(points):
    return "M" + " L".join("%s,%s" % (n(x), n(y)) for x, y in points) + " Z"


def court_half(rank):
    """Upper half of a court figure (below y = CY nothing is drawn)."""
    c = COURT[rank]
    s = 'stroke="%s" stroke-width="2" stroke-linejoin="round"' % INK
    bot = n(CY)
    out = []
    # Long hair behind the head (queen).
    if rank == "Q":
        out.append('<path d="M97,80 C93,56 108,46 125,46 C142,46 157,56 153,80 '
                   'C155,98 160,108 166,116 L84,116 C90,108 95,98 97,80 Z" '
                   'fill="%s" %s/>' % (c["hair"], s))
    # Robe with squared shoulders.
    out.append('<path d="M50,%s L50,140 C50,126 60,120 76,118 L174,118 '
               'C190,120 200,126 200,140 L200,%s Z" fill="%s" %s/>'
               % (bot, bot, c["robe"], s))
    # Sleeves: a shaded inner edge on both sides.
    out.append('<path d="M70,%s L70,138 M180,%s L180,138" fill="none" '
               'stroke="%s" stroke-width="2"/>' % (bot, bot, INK))
    out.append('<path d="M52,%s L52,140 C52,130 58,126 68,124 L68,%s Z '
               'M198,%s L198,140 C198,130 192,126 182,124 L182,%s Z" '
               'fill="%s"/>' % (bot, bot, bot, bot, c["shade"]))
    # Central band with trim.
    out.append('<path d="M110,118 L140,118 L144,%s L106,%s Z" fill="%s" %s/>'
               % (bot, bot, GOLD, s))
    # Collar / mantle.
    if rank == "K":
        out.append('<path d="M66,126 C80,114 100,112 125,112 C150,112 170,114 '
                   '184,126 L176,142 C160,134 90,134 74,142 Z" fill="#ffffff" '
                   '%s/>' % s)
        for x, y in ((84, 128), (100, 123), (150, 123), (166, 128)):
            out.append('<path d="M%s,%s l-2.5,5 l2.5,-1.5 l2.5,1.5 Z" '
                       'fill="%s"/>' % (n(x), n(y - 3), INK))
    elif rank == "J":
        out.append('<path d="M98,116 L125,138 L152,116 Z" fill="#ffffff" %s/>'
                   % s)
    # Neck.
    if rank != "K":
        out.append(rrect(116, 100, 18, 16, 3, fill=SKIN, stroke=INK,
                         stroke_width=2))
        if rank == "Q":
            for x in range(96, 160, 10):
                out.append('<circle cx="%s" cy="118" r="7" fill="#ffffff" '
                           '%s/>' % (n(x), s))
    # Head.
    out.append('<ellipse cx="125" cy="82" rx="21" ry="24" fill="%s" %s/>'
               % (SKIN, s))
    out.append('<circle cx="117" cy="82" r="2.6" fill="%s"/>'
               '<circle cx="133" cy="82" r="2.6" fill="%s"/>' % (INK, INK))
    if rank == "K":
        out.append('<path d="M104,84 C104,108 114,120 125,122 '
                   'C136,120 146,108 146,84 C142,96 136,100 125,100 '
                   'C114,100 108,96 104,84 Z" fill="%s" %s/>'
                   % (c["hair"], s))
        out.append('<path d="M113,96 C118,92 132,92 137,96 C132,98 118,98 '
                   '113,96 Z" fill="%s" %s/>' % (c["hair"], s))
    else:
        out.append('<path d="M119,94 Q125,99 131,94" fill="none" '
                   'stroke="%s" stroke-width="2" stroke-linecap="round"/>'
                   % INK)
        out.append('<circle cx="113" cy="90" r="3.5" fill="#ec9a9a" '
                   'opacity="0.6"/><circle cx="137" cy="90" r="3.5" '
                   'fill="#ec9a9a" opacity="0.6"/>')
    # Headwear.
    if rank == "K":
        out.append('<path d="M99,66 L97,30 L111,46 L125,24 L139,46 L153,30 '
                   'L151,66 Z" fill="%s" %s/>' % (GOLD, s))
        out.append(rrect(97, 58, 56, 10, 2, fill=GOLD_DARK, stroke=INK,
                         stroke_width=2))
        for x, y in ((97, 30), (125, 24), (153, 30)):
            out.append('<circle cx="%s" cy="%s" r="4" fill="#ffffff" %s/>'
                       % (n(x), n(y), s))
    elif rank == "Q":
        out.append('<path d="M102,64 L104,44 Q114,54 125,38 Q136,54 146,44 '
                   'L148,64 Z" fill="%s" %s/>' % (GOLD, s))
        for x, y in ((104, 44), (125, 38), (146, 44)):
            out.append('<circle cx="%s" cy="%s" r="3.5" fill="#ffffff" %s/>'
                       % (n(x), n(y), s))
    else:
        out.append('<path d="M150,56 C164,40 178,30 196,26 C184,36 170,48 '
                   '156,62 Z" fill="%s" %s/>' % (GOLD, s))
        out.append('<path d="M100,72 C98,50 110,42 126,42 C144,42 156,50 '
                   '154,68 C140,62 116,62 100,72 Z" fill="%s" %s/>'
                   % (c["robe"], s))
        out.append('<path d="M100,72 C116,62 140,62 154,68" fill="none" '
                   'stroke="%s" stroke-width="4"/>' % GOLD)
    # Held attribute on the viewer's left: sceptre, flower or halberd.
    if rank == "K":
        out.append('<path d="M92,168 L80,122" stroke="%s" stroke-width="7" '
                   'stroke-linecap="round"/><path d="M92,168 L80,122" '
                   'stroke="%s" stroke-width="3.5" stroke-linecap="round"/>'
                   % (INK, GOLD))
        out.append('<circle cx="78" cy="114" r="8" fill="%s" %s/>'
                   % (GOLD, s))
        out.append('<path d="M78,104 L78,96 M74,100 L82,100" stroke="%s" '
                   'stroke-width="2.5" stroke-linecap="round"/>' % INK)
    elif rank == "Q":
        out.append('<path d="M92,168 C88,150 86,136 80,124" fill="none" '
                   'stroke="#3f7d3a" stroke-width="3"/>')
        out.append('<path d="M86,146 C78,142 74,136 74,130 C82,132 86,138 '
                   '86,146 Z" fill="#5a9d4f" %s/>' % s)
        for i in range(5):
            a = 2 * math.pi * i / 5
            out.append('<circle cx="%s" cy="%s" r="5.5" fill="#ffffff" %s/>'
                       % (n(80 + 7 * math.sin(a)), n(116 - 7 * math.cos(a)),
                          s))
        out.append('<circle cx="80" cy="116" r="4" fill="%s" %s/>'
                   % (GOLD, s))
    else:
        out.append('<path d="M92,170 L76,108" stroke="%s" stroke-width="6" '
                   'stroke-linecap="round"/><path d="M92,170 L76,108" '
                   'stroke="#a0703a" stroke-width="3" stroke-linecap="round"/>'
                   % INK)
        out.append('<path d="M72,92 C78,98 81,106 79,113 L73,114 '
                   'C68,108 68,100 72,92 Z" fill="%s" %s/>' % (GOLD, s))
        out.append('<path d="M70,116 L82,113" stroke="%s" stroke-width="3" '
                   'stroke-linecap="round"/>' % INK)
    # The hand holding it.
    out.append('<circle cx="90" cy="158" r="6.5" fill="%s" %s/>' % (SKIN, s))
    return "".join(out)


def court(rank, suit):
    c = COURT[rank]
    col = SUIT_COLOUR[suit]
    out = []
    out.append('<path d="%s" fill="%s" stroke="%s" stroke-width="2.5" '
               'stroke-linejoin="round"/>' % (_poly(PANEL), c["tint"],
                                              c["frame"]))
    half = '<use xlink:href="#court-%s"/>' % rank
    badge = ('<circle cx="125" cy="146" r="16" fill="#ffffff" '
             'stroke="%s" stroke-width="2"/>' % INK +
             use("suit-" + suit, 125, 147, 21, col))
    # Rank letter and suit in the free corner of each half of the panel.
    corner = (rank_text(rank, 210, 62, 44, c["frame"]) +
              use("suit-" + suit, 210, 86, 26, col))
    top = half + badge + corner
    out.append(top + rot180(top))
    # Divider between the two halves.
    out.append(rrect(50, CY - 3, 150, 6, 0, fill=c["frame"]))
    out.append('<path d="M14,%s L236,%s" stroke="%s" stroke-width="2"/>'
               % (n(CY), n(CY), c["frame"]))
    return "".join(out)


# Card back ----------------------------------------------------------------

BACK_DARK = "#1d3f6b"
BACK_LINE = "#2e5a91"
BACK_DOT = "#5c86bd"
BACK_TRIM = "#a9c3e4"
LATTICE = 25


def back():
    out = [outline()]
    m = 10
    out.append(rrect(m, m, W - 2 * m, H - 2 * m, R - 6, fill=BACK_DARK))
    out.append(rrect(m, m, W - 2 * m, H - 2 * m, R - 6,
                     fill="url(#back-lattice)"))
    # double inner border
    out.append(rrect(20, 20, W - 40, H - 40, 6, fill="none",
                     stroke=BACK_TRIM, stroke_width=2.5))
    out.append(rrect(26, 26, W - 52, H - 52, 3, fill="none",
                     stroke=BACK_TRIM, stroke_width=1, opacity=0.7))
    # calm central medallion
    out.append('<ellipse cx="%s" cy="%s" rx="44" ry="56" fill="%s" '
               'stroke="%s" stroke-width="2.5"/>' % (
                   n(CX), n(CY), BACK_DARK, BACK_TRIM))
    out.append('<ellipse cx="%s" cy="%s" rx="37" ry="49" fill="none" '
               'stroke="%s" stroke-width="1" opacity="0.7"/>' % (
                   n(CX), n(CY), BACK_TRIM))
    # four suits arranged in a cross
    for s, dx, dy in (("S", 0, -24), ("H", 18, 0), ("C", 0, 24),
                      ("D", -18, 0)):
        out.append(use("suit-" + s, CX + dx, CY + dy, 18, BACK_TRIM))
    return "".join(out)


def lattice_pattern():
    t = LATTICE
    h = t / 2.0
    # align the tiling so that a tile centre falls on the card centre
    px = (CX - h) % t
    py = (CY - h) % t
    return ('<pattern id="back-lattice" patternUnits="userSpaceOnUse" '
            'x="%s" y="%s" width="%s" height="%s">'
            '<path d="M0,%s L%s,0 L%s,%s L%s,%s Z" fill="none" stroke="%s" '
            'stroke-width="1.6"/>'
            '<circle cx="%s" cy="%s" r="1.8" fill="%s"/>'
            '<circle cx="0" cy="0" r="2.6" fill="%s"/>'
            '<circle cx="%s" cy="0" r="2.6" fill="%s"/>'
            '<circle cx="0" cy="%s" r="2.6" fill="%s"/>'
            '<circle cx="%s" cy="%s" r="2.6" fill="%s"/>'
            '</pattern>' % (
                n(px), n(py), n(t), n(t),
                n(h), n(h), n(t), n(h), n(h), n(t), BACK_LINE,
                n(h), n(h), BACK_DOT,
                BACK_LINE, n(t), BACK_LINE, n(t), BACK_LINE,
                n(t), n(t), BACK_LINE))


# --------------------------------------------------------------------------
# Document


def card_face(rank, suit):
    out = [outline()]
    if rank == "A":
        out.append(ace(suit))
    elif rank in "JQK":
        out.append(court(rank, suit))
    else:
        count = 10 if rank == "T" else int(rank)
        out.append(pips(count, suit))
    out.append(index(rank, suit))
    return "".join(out)


def place(col, row):
    return GAP + col * (W + GAP), GAP + row * (H + GAP)


def document():
    sw = COLS * W + (COLS + 1) * GAP
    sh = ROWS * H + (ROWS + 1) * GAP
    out = []
    out.append('<?xml version="1.0" encoding="UTF-8"?>\n')
    out.append('<!-- Felt playing cards. Generated by build-aux/make-deck.py;'
               ' do not edit.\n     SPDX-License-Identifier: '
               'GPL-3.0-or-later -->\n')
    out.append('<svg xmlns="http://www.w3.org/2000/svg" '
               'xmlns:xlink="http://www.w3.org/1999/xlink" version="1.1" '
               'width="%s" height="%s" viewBox="0 0 %s %s">\n' % (
                   sw, sh, sw, sh))
    out.append('<defs>\n')
    for s in SUITS:
        out.append('<path id="suit-%s" d="%s"/>\n' % (s, SUIT_PATH[s]))
    for r in "JQK":
        out.append('<g id="court-%s">%s</g>\n' % (r, court_half(r)))
    out.append(lattice_pattern() + "\n")
    out.append('</defs>\n')
    for row, suit in enumerate(SUITS):
        for col, rank in enumerate(RANKS):
            x, y = place(col, row)
            out.append('<g id="%s%s" transform="translate(%s %s)">%s</g>\n'
                       % (rank, suit, n(x), n(y), card_face(rank, suit)))
    x, y = place(0, 4)
    out.append('<g id="back" transform="translate(%s %s)">%s</g>\n'
               % (n(x), n(y), back()))
    out.append('</svg>\n')
    return "".join(out)


def main(argv):
    if len(argv) != 2:
        sys.stderr.write("usage: %s OUTPUT.svg\n" % argv[0])
        return 2
    with open(argv[1], "w", encoding="utf-8", newline="\n") as f:
        f.write(document())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
