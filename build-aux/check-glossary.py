#!/usr/bin/env python3
# Checks that every translation keeps to its glossary (po/glossary.md):
# no message of the program (po/LANG.po) or of the help
# (help/LANG/LANG.po) whose English mentions a thing of the glossary uses
# one of the rivals the glossary forbids for it (column "Never"); and that
# every label the help quotes (<gui>…</gui>) reads as the program shows it.
# Usage: check-glossary.py SOURCE_ROOT
# SPDX-License-Identifier: GPL-3.0-or-later
import os
import re
import sys

root = sys.argv[1]


def fold(text):
    # One apostrophe, and the non-breaking spaces of French typography
    # as spaces, so that a rival cannot hide behind either.
    return text.replace("\u2019", "'").replace("\u00a0", " ").replace("\u202f", " ")


def glossary(path):
    """{lang: [(english forms, rivals)]} from the tables of the glossary."""
    terms = {}
    lang = None
    with open(path, encoding="utf-8") as f:
        for line in f:
            heading = re.match(r"## (\w+)\s*$", line)
            if heading:
                lang = heading.group(1)
                terms[lang] = []
                continue
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if lang is None or not line.startswith("|") or len(cells) != 5:
                continue
            english, _felt, _aisleriot, never, _why = cells
            if english == "English" or set(english) <= set("-"):
                continue
            rivals = [fold(r.strip()) for r in never.split(",") if r.strip() not in ("", "—")]
            if rivals:
                terms[lang].append((english, rivals))
    return terms


def unquote(s):
    return re.sub(r'\\(.)', lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), s[1:-1])


def messages(path):
    """(line, msgid, [msgstr…]) of every current message of a po file
    (obsolete "#~" entries are no longer shown to anyone)."""
    out = []
    entry = None
    field = None

    def flush():
        if entry and entry.get("msgid"):
            out.append((entry["line"], entry["msgid"] + " " + entry.get("msgid_plural", ""),
                        [v for k, v in entry.items() if k.startswith("msgstr")]))

    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            line = line.rstrip("\n")
            m = re.match(r'(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?) (".*")$', line)
            if m:
                field = m.group(1)
                if field == "msgctxt" or (field == "msgid" and (entry is None or "msgid" in entry)):
                    flush()
                    entry = {"line": number}
                entry[field] = unquote(m.group(2))
            elif line.startswith('"') and entry is not None and field:
                entry[field] += unquote(line)
            elif not line.strip():
                field = None
    flush()
    return out


def word(text):
    # A whole word or phrase, any case; \b does not work around "%u".
    return re.compile(r"(?<!\w)" + re.escape(text) + r"(?!\w)", re.IGNORECASE)


def labels(ui_path, help_path):
    """The help's <gui> labels that the program translates otherwise:
    (line, label, the program's words, the help's words)."""
    program = {}
    for _line, msgid, msgstrs in messages(ui_path):
        # Mnemonics and a trailing ellipsis are not part of the label.
        key = msgid.strip().replace("_", "")
        for m in msgstrs:
            program.setdefault(key, set()).add(m.replace("_", ""))
            program.setdefault(key.rstrip("…"), set()).add(m.replace("_", "").rstrip("…"))
    for line, msgid, msgstrs in messages(help_path):
        said = set()
        for m in msgstrs:
            said |= set(re.findall(r"<gui>(.*?)</gui>", m, re.S))
        for label in set(re.findall(r"<gui>(.*?)</gui>", msgid, re.S)):
            if label in program and not program[label] & said:
                yield line, label, program[label], said


failed = 0
terms = glossary(os.path.join(root, "po", "glossary.md"))
for lang, entries in sorted(terms.items()):
    checks = [(re.compile(r"(?<!\w)(" + "|".join(re.escape(e.strip()) for e in english.split(",")) + ")",
                          re.IGNORECASE), english, [(r, word(r)) for r in rivals])
              for english, rivals in entries]
    for path in (os.path.join(root, "po", lang + ".po"), os.path.join(root, "help", lang, lang + ".po")):
        found = 0
        for line, msgid, msgstrs in messages(path):
            for mentions, english, rivals in checks:
                if not mentions.search(msgid):
                    continue
                for rival, pattern in rivals:
                    for msgstr in msgstrs:
                        if pattern.search(fold(msgstr)):
                            found += 1
                            print(f"FAIL: {os.path.relpath(path, root)}:{line}: «{rival}» for "
                                  f"“{english}” (glossary: po/glossary.md, {lang}): {msgstr.strip()[:100]!r}")
        failed += found
        if not found:
            print(f"ok {os.path.relpath(path, root)}: keeps to the glossary")

# A label the help quotes (<gui>…</gui>) is the one the program shows.
for lang in sorted(terms):
    found = 0
    for line, label, program, said in labels(os.path.join(root, "po", lang + ".po"),
                                             os.path.join(root, "help", lang, lang + ".po")):
        found += 1
        print(f"FAIL: help/{lang}/{lang}.po:{line}: <gui>{label}</gui> is {' or '.join(sorted(map(repr, program)))} "
              f"in po/{lang}.po, the help says {' or '.join(sorted(map(repr, said))) or 'nothing'}")
    failed += found
    if not found:
        print(f"ok help/{lang}/{lang}.po: quotes the program's labels as it shows them")

sys.exit(1 if failed else 0)
