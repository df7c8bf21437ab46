#!/usr/bin/env python3
# Checks that every translation is complete and valid:
#  - the program (po/LANG.po): msgfmt --check passes, and every message of
#    a template extracted now from po/POTFILES.in is translated, not fuzzy;
#  - the help (help/LANG/LANG.po): the same against a template made from
#    help/C/*.page with itstool;
#  - the About window's translator credits (the message
#    "translator-credits") name the translators the po file's header
#    names ("# NAME, YEARS." lines), one per line, in that order.
# Usage: check-translations.py SOURCE_ROOT
# SPDX-License-Identifier: GPL-3.0-or-later
import glob
import os
import re
import subprocess
import sys
import tempfile

root = sys.argv[1]
# The checks read msgfmt's English ("untranslated", "fuzzy"), whatever the
# language of the machine.
os.environ.update(LC_ALL="C.UTF-8", LANGUAGE="C")
failed = False


def fail(message):
    global failed
    failed = True
    print("FAIL:", message)


def languages(path):
    with open(path, encoding="utf-8") as f:
        return [l.strip() for l in f if l.strip() and not l.startswith("#")]


def check(po, pot, what):
    run = subprocess.run(["msgfmt", "--check", "--statistics", "-o", os.devnull, po],
                         capture_output=True, text=True)
    stats = (run.stdout + run.stderr).strip()
    if run.returncode != 0:
        fail(f"{what}: msgfmt --check: {stats}")
    elif "untranslated" in stats or "fuzzy" in stats:
        fail(f"{what}: {stats}")
    # Every message of the sources, translated (msgcmp fails on a missing
    # one; --use-untranslated=no counts an empty one as missing).
    run = subprocess.run(["msgcmp", po, pot], capture_output=True, text=True)
    if run.returncode != 0:
        fail(f"{what}: not up to date with the sources:\n{run.stderr.strip()}")
    else:
        print(f"ok {what}: {stats}")


def po_string(text, key):
    """The msgstr of msgid key in a po file's text, unescaped (None if absent)."""
    m = re.search(r'^msgid "%s"\nmsgstr ((?:".*"\n?)+)' % re.escape(key), text, flags=re.M)
    if m is None:
        return None
    parts = re.findall(r'"((?:[^"\\]|\\.)*)"', m.group(1))
    return "".join(parts).encode("utf-8").decode("unicode_escape").encode("latin-1").decode("utf-8")


def check_credits(po, what):
    with open(po, encoding="utf-8") as f:
        text = f.read()
    header = text[:text.index('msgid ""')]
    named = [m.group(1) for m in re.finditer(r"^# (.+?), \d{4}(?:[-, ]+\d{4})*\.$", header, flags=re.M)
             if not m.group(1).startswith("Copyright")]
    credits = po_string(text, "translator-credits")
    if not named:
        fail(f"{what}: the header names no translator (a line “# NAME, YEAR.”)")
    elif credits is None or credits.split("\n") != named:
        fail(f"{what}: translator-credits is {credits!r}, the header names {named}")
    else:
        print(f"ok {what}: translator-credits name {', '.join(named)}")


with tempfile.TemporaryDirectory() as tmp:
    pot = os.path.join(tmp, "felt.pot")
    with open(os.path.join(root, "po", "POTFILES.in"), encoding="utf-8") as f:
        sources = [l.strip() for l in f if l.strip() and not l.startswith("#")]
    subprocess.run(["xgettext", "--from-code=UTF-8", "--add-comments=TRANSLATORS",
                    "--keyword=_", "--keyword=N_", "--keyword=C_:1c,2", "--keyword=NC_:1c,2",
                    "--keyword=g_dngettext:2,3", "--keyword=ngettext:1,2",
                    "--flag=g_strdup_printf:1:c-format", "-o", pot, "--directory", root] + sources,
                   check=True)
    for lang in languages(os.path.join(root, "po", "LINGUAS")):
        check(os.path.join(root, "po", lang + ".po"), pot, f"program {lang}")
        check_credits(os.path.join(root, "po", lang + ".po"), f"program {lang}")

    help_pot = os.path.join(tmp, "help.pot")
    pages = sorted(glob.glob(os.path.join(root, "help", "C", "*.page")))
    subprocess.run(["itstool", "-o", help_pot] + pages, check=True)
    for lang in languages(os.path.join(root, "help", "LINGUAS")):
        check(os.path.join(root, "help", lang, lang + ".po"), help_pot, f"help {lang}")

sys.exit(1 if failed else 0)
