#!/usr/bin/env python3
# check-flatpak.py: what of the Flatpak manifest can be checked without
# a runtime (none can be downloaded here; README.md says it is untested).
#
#   check-flatpak.py SOURCE_ROOT
#
# The manifest parses; it is for the GNOME runtime 43 or newer (GTK 4.8,
# what Felt needs); its permissions are exactly the display (Wayland, X11
# where there is no Wayland), IPC for X11 and the GPU, so no home folder
# (Felt keeps its files in the sandbox's data folder) and no network; it
# runs felt; its Meson options are options of this meson_options.txt; and
# flatpak-builder --show-manifest, where installed, reads every key of it.
#
# SPDX-License-Identifier: GPL-3.0-or-later
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = sys.argv[1]
APP_ID = "io.github.feltsolitaire.Felt"
PATH = os.path.join(ROOT, APP_ID + ".json")
FINISH_ARGS = ["--share=ipc", "--socket=fallback-x11", "--socket=wayland", "--device=dri"]
failures = []


def fail(message):
    failures.append(message)
    print("FAIL:", message)


with open(PATH, encoding="utf-8") as f:
    manifest = json.load(f)

for key, want in (("id", APP_ID), ("runtime", "org.gnome.Platform"), ("sdk", "org.gnome.Sdk"),
                  ("command", "felt")):
    if manifest.get(key) != want:
        fail(f"{key} is {manifest.get(key)!r}, not {want!r}")
if not re.fullmatch(r"\d+", manifest.get("runtime-version", "")) or int(manifest["runtime-version"]) < 43:
    fail(f"runtime-version {manifest.get('runtime-version')!r}: GNOME 43 (GTK 4.8) or newer")
if sorted(manifest.get("finish-args", [])) != sorted(FINISH_ARGS):
    fail(f"finish-args {manifest.get('finish-args')}, not {FINISH_ARGS}")

felt = [m for m in manifest.get("modules", []) if isinstance(m, dict) and m.get("name") == "felt"]
if len(felt) != 1 or manifest["modules"][-1] is not felt[0]:
    fail("the last module is not felt")
else:
    with open(os.path.join(ROOT, "meson_options.txt"), encoding="utf-8") as f:
        options = set(re.findall(r"^option\('([a-z_]+)'", f.read(), flags=re.M))
    if felt[0].get("buildsystem") != "meson":
        fail("felt's module is not built with meson")
    for opt in felt[0].get("config-opts", []):
        m = re.fullmatch(r"-D([a-z_]+)=.*", opt)
        if m and m.group(1) not in options:
            fail(f"config-opts: {opt}: meson_options.txt has no {m.group(1)}")

builder = shutil.which("flatpak-builder")
if builder:
    # It keeps its state (.flatpak-builder) in the folder it runs in.
    with tempfile.TemporaryDirectory() as tmp:
        run = subprocess.run([builder, "--show-manifest", os.path.abspath(PATH)], capture_output=True,
                             text=True, cwd=tmp)
    if run.returncode != 0:
        fail(f"flatpak-builder --show-manifest: {run.stderr.strip()}")
    elif json.loads(run.stdout) != manifest:
        fail("flatpak-builder --show-manifest reads the manifest differently (a key it does not know?)")
    else:
        print("ok flatpak-builder --show-manifest reads every key")
else:
    print("flatpak-builder is not installed: --show-manifest not run")

print(f"{PATH}: {len(failures)} problems")
sys.exit(1 if failures else 0)
