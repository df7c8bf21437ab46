#!/usr/bin/env python3
# check-deck.py MAKE-DECK.PY COMMITTED.svg: makes the deck afresh and
# compares it byte for byte with the committed one, so that the SVG in
# data/cards never drifts from its source.
#
# SPDX-License-Identifier: GPL-3.0-or-later

import os
import subprocess
import sys
import tempfile


def main(script, committed):
    with tempfile.TemporaryDirectory(prefix="felt-deck-") as tmp:
        fresh = os.path.join(tmp, "felt-deck.svg")
        subprocess.run([sys.executable, script, fresh], check=True)
        with open(fresh, "rb") as f:
            made = f.read()
    with open(committed, "rb") as f:
        kept = f.read()
    if made == kept:
        print("%s: %d bytes, as make-deck.py makes it" % (committed, len(kept)))
        return 0
    at = next((i for i, (a, b) in enumerate(zip(made, kept)) if a != b), min(len(made), len(kept)))
    line = kept[:at].count(b"\n") + 1
    print("%s differs from what %s makes: first at byte %d (line %d); %d bytes made, %d committed.\n"
          "Run: python3 build-aux/make-deck.py data/cards/felt-deck.svg"
          % (committed, script, at, line, len(made), len(kept)), file=sys.stderr)
    return 1


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: check-deck.py MAKE-DECK.PY COMMITTED.svg")
    sys.exit(main(sys.argv[1], sys.argv[2]))
