#!/usr/bin/env python3
# test-prerendered.py: a first launch of each game in a default window reads
# the card faces rendered at build time (data/meson.build) instead of
# rendering the deck, and they are the faces Felt renders itself.
#
#   test-prerendered.py FELT PRERENDERED_DIR GAME...
#
# Run under the tests' X server and bus (tests/meson.build).  For each game,
# felt starts with an empty face cache and data folder twice: with no
# installed faces, it renders them (and says at which size: G_MESSAGES_DEBUG)
# and keeps them in its cache after a moment; that size must be one
# data/meson.build renders, its pixels the same as the installed file's.
# With the installed faces, it must say it read them, and render nothing.
#
# SPDX-License-Identifier: GPL-3.0-or-later

import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HEADER = 64


def run(felt, game, faces_dir, wait_for):
    """felt --game GAME in fresh folders until it says where its faces came
    from and wait_for(cache folder) holds; returns (size, how, cache, folder)."""
    scratch = tempfile.mkdtemp(prefix="felt-test-prerendered-")
    cache = os.path.join(scratch, "cards")
    env = dict(os.environ, FELT_DATA_DIR=scratch, FELT_CACHE_DIR=cache, FELT_FACES_DIR=faces_dir,
               G_MESSAGES_DEBUG="Felt", GSETTINGS_BACKEND="memory")
    path = os.path.join(scratch, "log")
    with open(path, "w") as log:
        p = subprocess.Popen([felt, "--game", game, "--seed", "1"], env=env, stdout=log, stderr=log)
    found = None
    deadline = time.monotonic() + 30
    try:
        while time.monotonic() < deadline and p.poll() is None:
            with open(path) as log:
                found = re.search(r"card faces (\d+x\d+): (\w+)", log.read())
            if found and wait_for(cache):
                break
            time.sleep(0.1)
    finally:
        p.terminate()
        p.wait(10)
    with open(path) as log:
        text = log.read()
    if found is None:
        sys.exit("FAIL %s: felt (exit status %s) said nothing of its card faces:\n%s" % (game, p.returncode, text[-2000:]))
    return found.group(1), found.group(2), cache, scratch


def cached_file(cache):
    names = [n for n in os.listdir(cache) if n.endswith(".faces")] if os.path.isdir(cache) else []
    return os.path.join(cache, names[0]) if names else None


def main():
    felt, installed, games = sys.argv[1], sys.argv[2], sys.argv[3:]
    empty = tempfile.mkdtemp(prefix="felt-test-no-faces-")
    failures = 0
    for game in games:
        size, how, cache, scratch = run(felt, game, empty, lambda c: cached_file(c) is not None)
        rendered = cached_file(cache)
        prerendered = os.path.join(installed, "cards-%s.faces" % size)
        ok = how == "rendered" and rendered is not None and os.path.exists(prerendered)
        if ok:
            with open(rendered, "rb") as a, open(prerendered, "rb") as b:
                ra, rb = a.read(), b.read()
            ok = ra[HEADER:] == rb[HEADER:] and ra[:HEADER] == rb[:HEADER]
        print("%s: a default window asks for faces %s (%s); installed: %s; the same pixels: %s"
              % (game, size, how, os.path.exists(prerendered), ok))
        shutil.rmtree(scratch, ignore_errors=True)
        if not ok:
            failures += 1
            continue
        size2, how2, cache, scratch = run(felt, game, installed, lambda c: True)
        print("%s: with the installed faces: %s %s" % (game, size2, how2))
        if size2 != size or how2 != "installed":
            failures += 1
        shutil.rmtree(scratch, ignore_errors=True)
    shutil.rmtree(empty, ignore_errors=True)
    if failures:
        sys.exit("FAIL: %d game(s)" % failures)


if __name__ == "__main__":
    main()
