#!/usr/bin/env python3
# check-install.py: Felt installs as a distribution's package does.
#
#   check-install.py BUILD_ROOT SOURCE_ROOT [REPORT]
#
# Installs the build into a temporary DESTDIR (meson install --no-rebuild,
# as a package build does) and checks that
#  - every installed file is inside DESTDIR/PREFIX;
#  - the desktop file passes desktop-file-validate, the metainfo
#    appstreamcli validate --strict --pedantic --no-net (no network, as a package
#    builder has none), the settings schema glib-compile-schemas --strict;
#  - no installed file names the source or the build tree (ELF files: their
#    RPATH/RUNPATH and data, not their debug information);
#  - the installed programs run from there: felt --version, felt-cli
#    --version and a deal, and, where xvfb-run and dbus-run-session are
#    there, felt itself for three seconds on the installed schema;
#  - meson's uninstall (what `ninja uninstall` runs) leaves no file and no
#    folder behind.
# The validators' output is printed, and written to REPORT if given.
#
# SPDX-License-Identifier: GPL-3.0-or-later
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

BUILD, SOURCE = (os.path.realpath(p) for p in sys.argv[1:3])
REPORT = sys.argv[3] if len(sys.argv) > 3 else None
APP_ID = "io.github.feltsolitaire.Felt"
failures = []
log = []


def fail(message):
    failures.append(message)
    print("FAIL:", message)


def say(text):
    log.append(text)
    print(text)


def run(args, **kwargs):
    return subprocess.run(args, capture_output=True, text=True, errors="replace", **kwargs)


def meson_option(options, name):
    return next(o["value"] for o in options if o["name"] == name)


options = json.loads(run(["meson", "introspect", BUILD, "--buildoptions"], check=True).stdout)
version = json.loads(run(["meson", "introspect", BUILD, "--projectinfo"], check=True).stdout)["version"]
prefix = meson_option(options, "prefix")
bindir, datadir = (meson_option(options, n) for n in ("bindir", "datadir"))

with tempfile.TemporaryDirectory(prefix="felt-install-") as tmp:
    destdir = os.path.join(tmp, "dest")
    root = destdir + prefix
    result = run(["meson", "install", "-C", BUILD, "--no-rebuild", "--destdir", destdir])
    if result.returncode != 0:
        print(result.stdout, result.stderr)
        sys.exit(f"meson install failed (status {result.returncode})")

    installed = []
    for folder, _, files in os.walk(destdir):
        for name in files:
            path = os.path.join(folder, name)
            installed.append(path)
            if not path.startswith(root + os.sep):
                fail(f"installed outside the prefix {prefix}: {path[len(destdir):]}")
    say(f"felt {version}: {len(installed)} files installed under {prefix}")

    share = os.path.join(root, datadir)
    desktop = os.path.join(share, "applications", APP_ID + ".desktop")
    metainfo = os.path.join(share, "metainfo", APP_ID + ".metainfo.xml")
    schemas = os.path.join(share, "glib-2.0", "schemas")
    compiled = os.path.join(tmp, "schemas")
    os.mkdir(compiled)
    for name, args in (
            ("desktop-file-validate", ["desktop-file-validate", desktop]),
            ("appstreamcli validate --strict --pedantic --no-net",
             ["appstreamcli", "validate", "--strict", "--pedantic", "--no-net", "--explain", metainfo]),
            ("glib-compile-schemas --strict", ["glib-compile-schemas", "--strict", "--targetdir", compiled, schemas])):
        if shutil.which(args[0]) is None:
            fail(f"{args[0]} is not installed")
            continue
        result = run(args)
        output = (result.stdout + result.stderr).replace(destdir, "$DESTDIR").strip()
        say(f"$ {' '.join(a.replace(destdir, '$DESTDIR') for a in args)}\n{output or '(no output)'}\n"
            f"exit status {result.returncode}")
        if result.returncode != 0:
            fail(f"{name} failed")

    # A path into the trees would make the package depend on the machine
    # that built it.  The build tree is usually inside the source tree.
    trees = sorted({SOURCE, BUILD}, key=len)
    for path in installed:
        with open(path, "rb") as f:
            elf = f.read(4) == b"\x7fELF"
        if elf:
            dynamic = run(["readelf", "-d", path]).stdout
            data = run(["readelf", "-p", ".rodata", "-p", ".data", "-p", ".data.rel.ro", path]).stdout
            text = dynamic + data
        else:
            with open(path, "rb") as f:
                text = f.read().decode("utf-8", "replace")
        for tree in trees:
            if tree in text:
                fail(f"{path[len(destdir):]} names {tree}")
                break

    env = dict(os.environ, LC_ALL="C.UTF-8", LANGUAGE="C", GSETTINGS_SCHEMA_DIR=compiled,
               GSETTINGS_BACKEND="memory", HOME=tmp, XDG_DATA_HOME=os.path.join(tmp, "data"),
               XDG_CONFIG_HOME=os.path.join(tmp, "config"), XDG_CACHE_HOME=os.path.join(tmp, "cache"),
               XDG_DATA_DIRS=share + ":/usr/share")
    for variable in ("FELT_LOCALEDIR", "FELT_FACES_DIR", "FELT_CACHE_DIR", "G_DEBUG"):
        env.pop(variable, None)
    felt = os.path.join(root, bindir, "felt")
    felt_cli = os.path.join(root, bindir, "felt-cli")
    for args, want in (([felt, "--version"], f"felt {version}\n"),
                       ([felt_cli, "--version"], f"felt-cli {version}\n")):
        result = run(args, env=env, cwd=tmp)
        if result.returncode != 0 or result.stdout != want:
            fail(f"{' '.join(args[1:])}: status {result.returncode}, {result.stdout!r}, not {want!r}")
    result = run([felt_cli, "show", "cruel", "--seed", "1"], env=env, cwd=tmp)
    if result.returncode != 0 or "cruel" not in result.stdout.lower():
        fail(f"felt-cli show cruel --seed 1: status {result.returncode}: {result.stderr}")

    # The window for three seconds: the installed schema is the only one
    # (a missing key aborts), warnings are fatal.
    xvfb_run, dbus_run = shutil.which("xvfb-run"), shutil.which("dbus-run-session")
    if xvfb_run and dbus_run:
        conf = os.path.join(SOURCE, "tests", "dbus-session.conf")
        child = subprocess.Popen([xvfb_run, "-a", "-s", "-screen 0 1280x900x24", dbus_run,
                                  "--config-file", conf, "--", felt, "--game", "cruel", "--seed", "1"],
                                 env=dict(env, G_DEBUG="fatal-criticals"), cwd=tmp,
                                 stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                 start_new_session=True)
        time.sleep(3)
        status = child.poll()
        if status is not None:
            fail(f"felt ended within 3 s (status {status}): {child.stdout.read().decode(errors='replace')}")
        else:
            os.killpg(child.pid, signal.SIGTERM)
            child.wait()
            say("felt ran for 3 s from the prefix on the installed schema")
    else:
        say("xvfb-run or dbus-run-session missing: felt's window not started")

    # What `ninja uninstall` runs, without a second ninja in the build
    # folder while meson test runs.
    result = run(["meson", "--internal", "uninstall"], cwd=BUILD)
    if result.returncode != 0:
        fail(f"uninstall failed: {result.stdout}{result.stderr}")
    left = []
    for folder, dirs, files in os.walk(destdir):
        left += [os.path.join(folder, name)[len(destdir):] for name in files + dirs]
    if left:
        fail(f"uninstall left {len(left)} behind: {', '.join(sorted(left)[:10])}")
    else:
        say("uninstall left nothing behind")

if REPORT:
    with open(REPORT, "w", encoding="utf-8") as f:
        f.write("\n\n".join(log) + "\n")
print(f"{len(failures)} problems")
sys.exit(1 if failures else 0)
