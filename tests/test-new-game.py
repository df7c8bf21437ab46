#!/usr/bin/env python3
# test-new-game.py: a sixth game is one command (rules/README.md).
#
#   test-new-game.py SOURCE_ROOT SCRATCH
#
# Copies the tree (its git files) to SCRATCH, runs build-aux/new-game for a
# made-up game that exists only here, configures and builds what the rules,
# the help and the data need, and runs the rules suite, the help tests and
# the data suite over the six games.  SCRATCH is the same folder from run
# to run (the build's), so that ccache finds the files that did not change.
#
# SPDX-License-Identifier: GPL-3.0-or-later

import json
import os
import shutil
import subprocess
import sys
import time

GAME, NAME = "sixth-test", "Sixth Test"


def run(argv, cwd, **kw):
    print("+", " ".join(argv), flush=True)
    t0 = time.monotonic()
    done = subprocess.run(argv, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, **kw)
    if done.returncode != 0:
        print(done.stdout[-6000:])
        sys.exit("FAIL: %s exited with %d" % (argv[0], done.returncode))
    print("  (%.0f s)" % (time.monotonic() - t0), flush=True)
    return done.stdout


def main():
    root, scratch = sys.argv[1], os.path.abspath(sys.argv[2])
    if not os.path.isdir(os.path.join(root, ".git")) and not os.path.isfile(os.path.join(root, ".git")):
        print("SKIP: the source is no git checkout, so its files are not known")
        sys.exit(77)
    files = run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], root).split("\0")
    tree = os.path.join(scratch, "src")
    shutil.rmtree(tree, ignore_errors=True)
    for name in files:
        if name and os.path.isfile(os.path.join(root, name)):
            os.makedirs(os.path.join(tree, os.path.dirname(name)), exist_ok=True)
            shutil.copy2(os.path.join(root, name), os.path.join(tree, name))
    print(run([os.path.join(tree, "build-aux", "new-game"), GAME, NAME], tree))

    build = os.path.join(scratch, "build")
    # ccache finds what an earlier run compiled: paths relative to the
    # scratch folder, and no build folder in the hash.
    env = dict(os.environ, CCACHE_BASEDIR=scratch, CCACHE_NOHASHDIR="1")
    shutil.rmtree(build, ignore_errors=True)
    run(["meson", "setup", build, "-Dui_tests=enabled", "-Dwerror=true"], tree, env=env)

    # What the rules suite, the help tests (the pages, the window) and the
    # data suite run, and no more.
    intro = json.loads(run(["meson", "introspect", "--tests", build], tree))
    # (suites are named "project:suite")
    suites = lambda t: {s.split(":")[-1] for s in t["suite"]}
    tests = [t for t in intro if suites(t) & {"rules", "data"} or t["name"] in ("help", "help-window")]
    targets = json.loads(run(["meson", "introspect", "--targets", build], tree))
    outputs = {f for t in targets for f in t["filename"]}
    by_id = {t["id"]: t["filename"] for t in targets}
    # and the translations (the phrases test reads them)
    # (files, not the run targets such as felt-update-po, which ninja knows
    # by name alone)
    needed = {f for t in targets if t["defined_in"].endswith(os.path.join("po", "meson.build")) and t["type"] != "run"
              for f in t["filename"]}
    for t in tests:
        needed.update(f for f in t["cmd"] if f in outputs)
        for d in t.get("depends", []):
            needed.update(by_id.get(d, []))
    # The run targets (felt-gmo: the translations) by their names; and the
    # whole build when a test installs it (the data suite's install test).
    names = sorted(t["name"] for t in targets
                   if t["defined_in"].endswith(os.path.join("po", "meson.build")) and t["type"] == "run")
    whole = any("install" in t["name"] for t in tests)
    run(["ninja", "-C", build] + ([] if whole else sorted(os.path.relpath(f, build) for f in needed) + names),
        tree, env=env)

    # Random play checks the five games in the main run: here 200 games
    # of each (the sixth's among them) are enough to see it takes part.
    env.setdefault("FELT_RANDOM_GAMES", "200")
    out = run(["meson", "test", "-C", build, "--no-rebuild", "--print-errorlogs", "--num-processes", "2"]
              + sorted(t["name"] for t in tests), tree, env=env)
    print(out[-4000:])
    ran = [t["name"] for t in tests]
    for needed in ["tables", "help", "help-window", "translations", "common", GAME]:
        if needed not in ran:
            sys.exit("FAIL: the test %s did not run" % needed)
    print("ok: %s builds and passes %d tests over six games" % (GAME, len(ran)))


if __name__ == "__main__":
    main()
