#!/usr/bin/env python3
# Checks that every screenshot the metainfo names is in the repository
# (data/screenshots/, made by build-aux/make-screenshots): the file exists
# at the path its URL names, is a PNG, and has the width and height the
# metainfo states.
# Usage: check-screenshots.py METAINFO SOURCE_ROOT
# SPDX-License-Identifier: GPL-3.0-or-later
import os
import struct
import sys
import xml.etree.ElementTree as ET

# The metainfo's screenshot URLs are the repository's files on its main branch.
PREFIX = "https://raw.githubusercontent.com/feltsolitaire/felt/main/"

metainfo, root = sys.argv[1], sys.argv[2]
failed = False
images = ET.parse(metainfo).getroot().findall("./screenshots/screenshot/image")
if not images:
    print("FAIL: the metainfo names no screenshot")
    failed = True
for image in images:
    url = image.text.strip()
    if not url.startswith(PREFIX):
        print(f"FAIL: {url} is not a file of the repository ({PREFIX}...)")
        failed = True
        continue
    path = os.path.join(root, url[len(PREFIX):])
    try:
        with open(path, "rb") as f:
            head = f.read(24)
    except OSError as e:
        print(f"FAIL: {url}: {e.strerror}: {path}")
        failed = True
        continue
    if head[:8] != b"\x89PNG\r\n\x1a\n" or head[12:16] != b"IHDR":
        print(f"FAIL: {path} is not a PNG")
        failed = True
        continue
    width, height = struct.unpack(">II", head[16:24])
    want = (int(image.get("width", width)), int(image.get("height", height)))
    if (width, height) != want:
        print(f"FAIL: {path} is {width}x{height}, the metainfo says {want[0]}x{want[1]}")
        failed = True
        continue
    print(f"ok {path}: {width}x{height}, {os.path.getsize(path) // 1024} KiB")
sys.exit(1 if failed else 0)
