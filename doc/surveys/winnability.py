#!/usr/bin/env python3
# winnability.py: the figures of doc/winnability.md from survey files.
#
#   winnability.py [--prior GAME=DEALS,WON,LOST,UNDECIDED_SEEDS_FILE]...
#                  [--second FILE]... FILE...
#
# FILE: `felt-cli survey --output` files, of any games (each game's files
# must share one header, and no deal may be in two of them).  --prior adds
# counts of an earlier survey of the same solver and budget that left no
# per-deal file (its undecided deals listed in UNDECIDED_SEEDS_FILE, one
# number or more a line, words that are not numbers ignored).  --second:
# a survey file of a second pass over undecided deals with a larger budget
# (each of its deals must be undecided in the first pass; its verdicts
# replace those).  Prints, per
# game, the deals, the shares won, lost and undecided, the winnability as
# the interval from the won share's 95% Wilson lower bound to the upper
# bound of won + undecided, Scuffle's mean win chance with its normal 95%
# interval, and the CPU time; then each game's undecided deals.
#
# SPDX-License-Identifier: GPL-3.0-or-later
import math
import re
import sys

Z = 1.959964  # the normal quantile of 97.5%


def wilson(k, n):
    """The 95% Wilson score interval of the share k/n."""
    p = k / n
    centre = (p + Z * Z / (2 * n)) / (1 + Z * Z / n)
    half = Z / (1 + Z * Z / n) * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n))
    return max(0.0, centre - half), min(1.0, centre + half)


games = {}


def game(name):
    return games.setdefault(name, {"header": None, "seeds": set(), "won": 0, "lost": 0,
                                   "undecided": [], "cpu": 0.0, "chance": [], "prior": 0,
                                   "files": []})


args = sys.argv[1:]
priors = []
seconds = []
while args and args[0] in ("--prior", "--second"):
    (priors if args[0] == "--prior" else seconds).append(args[1])
    args = args[2:]

for path in args:
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    header = lines[0]
    name = re.search(r"\tgame=([a-z-]+)\t", header).group(1)
    g = game(name)
    if g["header"] not in (None, header):
        sys.exit(f"{path}: another survey ({header!r}, not {g['header']!r})")
    g["header"] = header
    g["files"].append(path)
    # The last element is what follows the last newline: empty, or a line
    # cut short by a survey still running.
    for line in lines[1:-1]:
        if line.startswith("#"):
            continue
        f = line.split("\t")
        seed = int(f[0])
        if seed in g["seeds"]:
            sys.exit(f"{path}: deal {seed} twice")
        g["seeds"].add(seed)
        g["won"] += f[1] == "winnable"
        g["lost"] += f[1] == "lost"
        if f[1] == "unknown":
            g["undecided"].append(seed)
        g["cpu"] += float(f[7] if f[7] != "-" else f[3])
        if f[9] != "-":
            g["chance"].append(float(f[9]))

for prior in priors:
    name, rest = prior.split("=", 1)
    deals, won, lost, seeds_file = rest.split(",")
    g = game(name)
    with open(seeds_file, encoding="utf-8") as f:
        seeds = [int(w) for w in f.read().split() if w.isdigit()]
    if g["seeds"] & set(seeds):
        sys.exit(f"--prior {name}: deals also in the files")
    g["prior"] += int(deals)
    g["won"] += int(won)
    g["lost"] += int(lost)
    g["undecided"] += seeds
    if int(deals) != int(won) + int(lost) + len(seeds):
        sys.exit(f"--prior {name}: {deals} deals, but {won} + {lost} + {len(seeds)} undecided")

for path in seconds:
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    name = re.search(r"\tgame=([a-z-]+)\t", lines[0]).group(1)
    g = game(name)
    g["second"] = re.search(r"\tbudget=([0-9]+)\t", lines[0]).group(1)
    g.setdefault("second_decided", 0)
    for line in lines[1:-1]:
        if line.startswith("#"):
            continue
        f = line.split("\t")
        seed = int(f[0])
        if seed not in g["undecided"]:
            sys.exit(f"{path}: deal {seed} was not undecided")
        g.setdefault("tried", set()).add(seed)
        if f[1] == "unknown":
            continue
        g["undecided"].remove(seed)
        g["won"] += f[1] == "winnable"
        g["lost"] += f[1] == "lost"
        g["second_decided"] += 1
        g["cpu"] += float(f[3])

print("| game | deals | won | lost | undecided | winnable (95%) | ± | CPU |")
print("| --- | --- | --- | --- | --- | --- | --- | --- |")
for name, g in games.items():
    n = len(g["seeds"]) + g["prior"]
    u = len(g["undecided"])
    lo = wilson(g["won"], n)[0]
    hi = wilson(g["won"] + u, n)[1]
    print(f"| {name} | {n:,} | {100 * g['won'] / n:.3f}% | {100 * g['lost'] / n:.3f}% "
          f"| {100 * u / n:.3f}% | {100 * lo:.2f}% to {100 * hi:.2f}% | {50 * (hi - lo):.2f} "
          f"| {g['cpu'] / 3600:.2f} h |")
for name, g in games.items():
    if "second" in g:
        print(f"\n{name}: {g['second_decided']} deals decided in a second pass with a budget of "
              f"{int(g['second']):,} positions")
for name, g in games.items():
    c = g["chance"]
    if c:
        mean = sum(c) / len(c)
        sd = math.sqrt(sum((x - mean) ** 2 for x in c) / (len(c) - 1))
        half = Z * sd / math.sqrt(len(c))
        print(f"\n{name}: mean win chance {100 * mean:.2f}% ± {100 * half:.2f} "
              f"(normal 95%, {len(c):,} deals, sd {100 * sd:.1f} points)")
for name, g in games.items():
    seeds = sorted(g["undecided"])
    tried = [s for s in seeds if s in g.get("tried", ())]
    print(f"\n{name} undecided ({len(seeds)}, {len(tried)} of them also in the second pass; "
          f"deals of {', '.join(g['files'])}{' and earlier surveys' if g['prior'] else ''}):")
    print(" ".join(str(s) for s in seeds))
    if tried and len(tried) < len(seeds):
        print(f"\n{name} undecided not yet tried in the second pass:")
        print(" ".join(str(s) for s in seeds if s not in g["tried"]))
