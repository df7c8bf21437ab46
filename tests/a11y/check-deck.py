#!/usr/bin/python3
# check-deck.py: data/cards/felt-deck-four-colour.svg is what
# build-aux/make-deck.py --four-colour writes now (the generated file is
# committed, like the deck itself), and it differs from the deck only in
# the colours of the clubs and diamonds.
#
#   check-deck.py SOURCE_ROOT
#
# SPDX-License-Identifier: GPL-3.0-or-later

import os
import re
import subprocess
import sys
import tempfile

root = sys.argv[1]
script = os.path.join(root, "build-aux", "make-deck.py")
committed = os.path.join(root, "data", "cards", "felt-deck-four-colour.svg")
plain = os.path.join(root, "data", "cards", "felt-deck.svg")

with tempfile.TemporaryDirectory() as tmp:
    fresh = os.path.join(tmp, "four.svg")
    subprocess.run([sys.executable, script, "--four-colour", fresh], check=True)
    with open(fresh, "rb") as f:
        made = f.read()
with open(committed, "rb") as f:
    if f.read() != made:
        sys.exit("FAIL: %s is not what make-deck.py --four-colour writes: run it again" % committed)

with open(plain, encoding="utf-8") as f:
    deck = f.read()
four = made.decode("utf-8")
fills = lambda text: sorted(set(re.findall(r'fill="(#[0-9a-f]{6})"', text)))
new = set(fills(four)) - set(fills(deck))
if new != {"#0b5ca8", "#00795a"}:
    sys.exit("FAIL: the four-colour deck's new colours are %s" % sorted(new))
# Same drawing: with the two new colours mapped back, the files are equal.
back = four.replace("#0b5ca8", "#c8102e").replace("#00795a", "#1a1a1a")
if back != deck:
    sys.exit("FAIL: the four-colour deck differs from the deck in more than colour")
print("ok: four-colour deck up to date; clubs #00795a, diamonds #0b5ca8")
