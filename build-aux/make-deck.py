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
# The drawing lives in the package deck/ next to this script, one module a
# seam: style (geometry, palettes), shapes (contours, clipping), outlines
# (strokes, growing, disc unions), glyphs and suits (the rank glyphs and
# suit symbols as outlines), paint (merging fills), pips (indices, pip
# cards, aces), court, back and document (the SVG file).
#
# Only the Python standard library is used and the output is deterministic.

import sys

# deck/ is found because Python puts this script's directory first on
# sys.path.
from deck.document import document
from deck.style import FOUR_COLOUR, SUIT_COLOUR


def main(argv):
    args = argv[1:]
    if args and args[0] == "--four-colour":
        # Every drawing function reads SUIT_COLOUR when it runs, and the
        # modules all hold this one dict: update it, never rebind it.
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
