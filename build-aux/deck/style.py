# SPDX-License-Identifier: GPL-3.0-or-later
#
# deck/style.py - card geometry, the palettes and number formatting.
#
# Part of build-aux/make-deck.py, which says how and why the deck is drawn.

W, H, R = 250, 350, 14          # card size and corner radius
GAP = 20                         # spacing between cards on the sheet
COLS, ROWS = 13, 5
CX, CY = W / 2, H / 2            # card centre

RANKS = "A23456789TJQK"
SUITS = "CDHS"

RED = "#c8102e"
BLACK = "#1a1a1a"
# make-deck.py --four-colour updates this dict in place (see there).
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
