#!/usr/bin/python3
# test-orca-probe.py: what Orca speaks for each way a GTK 4.8 widget can
# change (tests/a11y/probe.c, findings in tests/a11y/README.md).  It pins
# the ways Felt relies on to speak; the ways that are silent today are
# printed, not asserted, so that a newer GTK or Orca only adds findings.
#
#   test-orca-probe.py PROBE
#
# SPDX-License-Identifier: GPL-3.0-or-later

import importlib.util
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("orca_session", os.path.join(HERE, "orca-session.py"))
orca_session = importlib.util.module_from_spec(spec)
spec.loader.exec_module(orca_session)

# key, what it does (probe.c), what Orca must speak, numbers as N
# (None: only printed)
STEPS = [
    ("1", "label of the focused widget changed", ["Label change N"]),
    ("2", "the same label set again", []),
    ("3", "description of the focused widget changed", ["Description change N"]),
    ("4", "the same description set again", []),
    ("r", "description cleared, then set to the same text", ["Description change N"]),
    ("n", "label, then description changed", ["Label first N", "Description second N"]),
    ("5", "a label of role ALERT hidden and shown", None),
    ("6", "text of a label of role STATUS changed", None),
    ("7", "text of a visible label of role ALERT changed", None),
    ("8", "focus to another widget and back at once", None),
    ("9", "label changed, then focus to a button", ["Board after focus N", "Button push button."]),
    ("0", "focus back to the board", ["Board after focus N panel.", "Description second N."]),
    ("c", "focus to a child widget of role BUTTON in a GROUP", ["Piles panel.", "Tableau N push button.", "Seven of hearts on top."]),
    ("b", "label of the focused BUTTON child changed", ["Pile label N"]),
    ("v", "focus to a child widget of role LIST_ITEM", ["Tableau N."]),
    ("b", "label of the focused LIST_ITEM child changed", None),
    ("x", "focus back to the board", ["Board after focus N panel.", "Description second N."]),
]


def main():
    failed = 0
    with orca_session.OrcaSession(sys.argv[1]) as s:
        print("start -> %r" % s.startup)
        # probe.c numbers its texts with a count of keys: compare without it.
        for key, what, want in STEPS:
            got = [re.sub(r"\d+", "N", u) for u in s.key(key)]
            verdict = "" if want is None else ("ok" if got == want else "FAIL (wanted %r)" % want)
            if want is not None and got != want:
                failed += 1
            print("%s (%s) -> %r %s" % (key, what, got, verdict))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
