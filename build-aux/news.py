#!/usr/bin/env python3
# news.py: NEWS is the one source of the release notes; the metainfo's
# <releases> are made from it.
#
#   news.py metainfo SOURCE_ROOT          write NEWS's releases into
#                                         data/APP_ID.metainfo.xml.in
#   news.py check SOURCE_ROOT VERSION [FELT]
#                                         fail unless meson.build's VERSION
#                                         is NEWS's newest release, the
#                                         metainfo's releases are NEWS's,
#                                         every manual page says VERSION
#                                         and `FELT --version` prints it
#
# NEWS is written as GNOME's are: per release a "Version X.Y.Z" title
# underlined with "=", a "Released: YYYY-MM-DD" line, paragraphs, and
# lists (" * item", continued indented) under a "Heading:" line.  In the
# metainfo, a paragraph or heading becomes a <p>, a list a <ul>; they are
# translated through po/ like the rest of the metainfo.
#
# SPDX-License-Identifier: GPL-3.0-or-later
import glob
import os
import re
import subprocess
import sys
from xml.sax.saxutils import escape

APP_ID = "io.github.feltsolitaire.Felt"


def parse_news(path):
    """[(version, date, blocks)], newest first; a block is ("p", text) or
    ("ul", [text, ...])."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    releases = []
    i = 0
    while i < len(lines):
        m = re.fullmatch(r"Version (\d+\.\d+\.\d+)", lines[i])
        if not m:
            if lines[i].strip():
                raise SystemExit(f"{path}:{i + 1}: expected “Version X.Y.Z”, got “{lines[i]}”")
            i += 1
            continue
        if i + 1 >= len(lines) or lines[i + 1] != "=" * len(lines[i]):
            raise SystemExit(f"{path}:{i + 2}: the version's title is underlined with “=”")
        version, blocks, date = m.group(1), [], None
        i += 2
        while i < len(lines) and not lines[i].startswith("Version "):
            line = lines[i]
            if not line.strip():
                i += 1
            elif line.startswith("Released: "):
                date = line[len("Released: "):]
                if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", date):
                    raise SystemExit(f"{path}:{i + 1}: “Released: YYYY-MM-DD”")
                i += 1
            elif line.startswith(" * "):
                items = []
                while i < len(lines) and lines[i].startswith((" * ", "   ")) and lines[i].strip():
                    if lines[i].startswith(" * "):
                        items.append(lines[i][3:].strip())
                    else:
                        items[-1] += " " + lines[i].strip()
                    i += 1
                blocks.append(("ul", items))
            else:
                text = []
                while i < len(lines) and lines[i].strip() and not lines[i].startswith(" * "):
                    text.append(lines[i].strip())
                    i += 1
                blocks.append(("p", " ".join(text)))
        if date is None:
            raise SystemExit(f"{path}: version {version} has no “Released:” line")
        releases.append((version, date, blocks))
    return releases


def releases_xml(releases):
    out = ["  <releases>"]
    for version, date, blocks in releases:
        out.append(f'    <release version="{version}" date="{date}">')
        out.append("      <description>")
        for kind, content in blocks:
            if kind == "p":
                out.append(f"        <p>{escape(content)}</p>")
            else:
                out.append("        <ul>")
                out.extend(f"          <li>{escape(item)}</li>" for item in content)
                out.append("        </ul>")
        out.append("      </description>")
        out.append("    </release>")
    out.append("  </releases>")
    return "\n".join(out) + "\n"


def metainfo_path(root):
    return os.path.join(root, "data", APP_ID + ".metainfo.xml.in")


def with_releases(text, releases):
    new, n = re.subn(r"^  <releases>\n.*?^  </releases>\n", lambda m: releases_xml(releases),
                     text, count=1, flags=re.M | re.S)
    if n != 1:
        raise SystemExit("the metainfo has no <releases> block")
    return new


def main():
    command, root = sys.argv[1], sys.argv[2]
    releases = parse_news(os.path.join(root, "NEWS"))
    with open(metainfo_path(root), encoding="utf-8") as f:
        metainfo = f.read()
    if command == "metainfo":
        with open(metainfo_path(root), "w", encoding="utf-8") as f:
            f.write(with_releases(metainfo, releases))
        return 0
    version = sys.argv[3]
    failures = []
    newest, date = releases[0][0], releases[0][1]
    if newest != version:
        failures.append(f"NEWS: the newest release is {newest}, meson.build says {version}")
    if [r[1] for r in releases] != sorted((r[1] for r in releases), reverse=True):
        failures.append("NEWS: releases are not newest first")
    if with_releases(metainfo, releases) != metainfo:
        failures.append(f"{metainfo_path(root)}: <releases> is not NEWS's; "
                        "run build-aux/news.py metainfo SOURCE_ROOT")
    for page in sorted(glob.glob(os.path.join(root, "data", "man", "**", "*.[1-8]"), recursive=True)):
        with open(page, encoding="utf-8") as f:
            th = re.search(r'^\.TH \S+ \d (\S+) "Felt ([^"]+)"', f.read(), flags=re.M)
        if th is None or th.group(2) != version:
            failures.append(f"{page}: .TH does not say “Felt {version}”")
    if len(sys.argv) > 4:
        out = subprocess.run([sys.argv[4], "--version"], capture_output=True, text=True)
        if out.returncode != 0 or out.stdout != f"felt {version}\n" or out.stderr:
            failures.append(f"felt --version: status {out.returncode}, printed {out.stdout!r}, "
                            f"stderr {out.stderr!r}; expected “felt {version}”")
    for message in failures:
        print(message)
    print(f"version {version}, released {date}: {len(failures)} problems")
    return 1 if failures else 0


sys.exit(main())
