#!/usr/bin/env python3
# check-man.py: the manual pages (data/man/) agree with the programs.
#
#   check-man.py SOURCE_ROOT FELT FELT_CLI
#
# Every page formats without a warning from groff (-ww); felt.6 and each
# translation of it (one per language of po/LINGUAS) list exactly the
# options `felt --help` lists, and keep the English page's macros line for
# line (so a translation cannot drop an option or a file); felt-cli.6 names
# every command and option of felt-cli's usage, and no other.  No page
# names the games one by one: a sixth game touches no page here
# (rules/README.md).
#
# SPDX-License-Identifier: GPL-3.0-or-later
import os
import re
import subprocess
import sys

ROOT, FELT, FELT_CLI = sys.argv[1:4]
MAN = os.path.join(ROOT, "data", "man")
failures = []


def fail(message):
    failures.append(message)


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def run(args):
    return subprocess.run(args, check=True, capture_output=True, text=True,
                          env=dict(os.environ, LANGUAGE="C", LC_ALL="C.UTF-8")).stdout


def lint(path):
    result = subprocess.run(["groff", "-k", "-man", "-Tutf8", "-ww", "-z", path],
                            capture_output=True, text=True)
    if result.returncode != 0 or result.stderr.strip():
        fail(f"{path}: groff: {result.stderr.strip() or 'exit status %d' % result.returncode}")


def section(text, number):
    """The lines of the page's section NUMBER (0: the first .SH), whatever
    its title's language."""
    parts = re.split(r"^\.SH .*$", text, flags=re.M)
    return parts[number + 1] if number + 1 < len(parts) else ""


def long_options(text):
    """The long options a page's lines name (roff writes --seed as \\-\\-seed)."""
    return {name.replace("\\-", "-") for name in re.findall(r"\\-\\-([a-z]+(?:\\-[a-z]+)*)", text)}


def skeleton(text):
    """The macro of every request line and every path or option it names:
    what a translation keeps as it is."""
    lines = []
    for line in text.splitlines():
        if line.startswith(".") and not line.startswith(".\\\""):
            macro = line.split()[0]
            kept = re.findall(r"~/\S+|\\-\\-[a-z\\-]+|\b[A-Z]+(?:_[A-Z]+)+\b", line)
            lines.append(" ".join([macro] + kept))
    return lines


# felt: the options of its --help (GLib's own, -h and --help, and the
# application's), each in every language's page.
felt_help = run([FELT, "--help"])
app_options = set(re.findall(r"^\s+--([a-z][a-z-]*)", felt_help.split("Application Options:")[-1], flags=re.M))
if not app_options:
    fail("felt --help lists no application option")
want = app_options | {"help"}

games = [line.split("\t")[0] for line in run([FELT_CLI, "games"]).splitlines()]
english = read(os.path.join(MAN, "felt.6"))
languages = [line.strip() for line in read(os.path.join(ROOT, "po", "LINGUAS")).splitlines()
             if line.strip() and not line.startswith("#")]
for lang in ["C"] + languages:
    path = os.path.join(MAN, "felt.6") if lang == "C" else os.path.join(MAN, lang, "felt.6")
    if not os.path.exists(path):
        fail(f"{path}: missing (po/LINGUAS lists {lang})")
        continue
    lint(path)
    text = read(path)
    # The third section (OPTIONS, in any language) holds exactly them.
    have = long_options(section(text, 3))
    if have != want:
        fail(f"{path}: options {sorted(have)}, felt --help has {sorted(want)}")
    for game in games:
        if re.search(r"\b%s\b" % re.escape(game.replace("-", "\\-")), text):
            fail(f"{path}: names the game {game} (the games are listed by felt --help)")
            break
    if lang != "C" and skeleton(text) != skeleton(english):
        for a, b in zip(skeleton(english), skeleton(text)):
            if a != b:
                fail(f"{path}: differs from the English page's macros: “{a}” against “{b}”")
                break
        else:
            fail(f"{path}: {len(skeleton(text))} macro lines, the English page {len(skeleton(english))}")

# felt-cli: the commands and options of its usage, and no others.
cli_path = os.path.join(MAN, "felt-cli.6")
lint(cli_path)
cli_page = read(cli_path)
usage = run([FELT_CLI, "--help"])
# A command's line, or its continuation (indented, an option in brackets).
usage_lines = [line for line in usage.splitlines() if re.match(r"^(usage:)?\s+(felt-cli |\[)", line)]
commands = {line.split("felt-cli", 1)[1].split()[0] for line in usage_lines if "felt-cli" in line} - {"--help", "--version"}
cli_options = set(re.findall(r"--([a-z][a-z-]*)", " ".join(usage_lines)))
synopsis = section(cli_page, 1)
page_commands = set(re.findall(r"^\.SY felt\\-cli\n\.B ([a-z]+)$", synopsis, flags=re.M))
if page_commands != commands:
    fail(f"{cli_path}: SYNOPSIS has the commands {sorted(page_commands)}, the usage {sorted(commands)}")
described = set(re.findall(r"^\.TP\n\.B ([a-z]+)$", section(cli_page, 3), flags=re.M))
if described != commands:
    fail(f"{cli_path}: COMMANDS describes {sorted(described)}, the usage has {sorted(commands)}")
for name, text in (("SYNOPSIS", synopsis), ("OPTIONS", section(cli_page, 4))):
    have = long_options(text)
    if have != cli_options:
        fail(f"{cli_path}: {name} has the options {sorted(have)}, the usage {sorted(cli_options)}")

for message in failures:
    print(message)
print(f"{2 + len(languages)} pages checked, {len(failures)} problems")
sys.exit(1 if failures else 0)
