#!/usr/bin/env python3
# Prints the closing line of a test run, "N passed, N failed", from
# meson's test log.  Exits 1 when the log is missing or records no test.
# SPDX-License-Identifier: GPL-3.0-or-later
import json
import sys

passed = failed = skipped = 0
try:
    with open(sys.argv[1], encoding="utf-8") as log:
        for line in log:
            result = json.loads(line).get("result")
            if result in ("OK", "EXPECTEDFAIL"):
                passed += 1
            elif result == "SKIP":
                skipped += 1
            else:
                failed += 1
except OSError as e:
    print(f"test-summary: cannot read the test log: {e}", file=sys.stderr)
    sys.exit(1)

line = f"{passed} passed, {failed} failed"
if skipped:
    line += f", {skipped} skipped"
print(line)
sys.exit(0 if passed and not failed else 1)
