# SPDX-License-Identifier: GPL-3.0-or-later
#
# deck/court.py - the court cards (jacks, queens, kings).
#
# Part of build-aux/make-deck.py, which says how and why the deck is drawn.

import math

from .glyphs import rank_glyph
from .outlines import bar, capsule, curve_bar, disc_minus, disc_union, grow
from .paint import Paint, both_ends
from .pips import index
from .shapes import Builder, circle, ellipse, epoint, parse, poly, rrect, solid
from .style import (CHEEK, COURT, CY, GOLD, GOLD_DARK, INK, SKIN,
                    SUIT_COLOUR, WHITE)
from .suits import suit


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
