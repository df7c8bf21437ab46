# SPDX-License-Identifier: GPL-3.0-or-later
#
# deck - the drawing behind build-aux/make-deck.py, split along its seams so
# that each part can be read on its own.  make-deck.py is the entry point
# and says how and why the deck is drawn.
