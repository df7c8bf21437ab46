#!/usr/bin/env python3
"""Aggregates felt-cli survey --verbose outputs (several chunks) into one table."""
import re, sys
deals = []
peaks = []; failed = 0; replayed = 0
for path in sys.argv[1:]:
    for line in open(path):
        m = re.match(r"deal (\d+): (\w+), (\d+) nodes, ([\d.]+) s, cpu ([\d.]+) s(?:, win chance [\d.]+%)?, (\w+) \((-?\d+)\), rated in ([\d.]+) s cpu", line)
        if m:
            deals.append((int(m[1]), m[2], float(m[5]), m[6], float(m[8])))
        m = re.match(r"peak memory: ([\d.]+) MiB", line)
        if m: peaks.append(float(m[1]))
        m = re.match(r"lines replayed: (\d+), failed: (\d+)", line)
        if m: replayed += int(m[1]); failed += int(m[2])
n = len(deals)
seeds = sorted(d[0] for d in deals)
assert seeds == list(range(seeds[0], seeds[-1] + 1)), "gaps in the seeds"
def pc(k): return f"{k} ({100.0 * k / n:.1f}%)"
won = sum(d[1] == "winnable" for d in deals); lost = sum(d[1] == "lost" for d in deals)
dec = [d for d in deals if d[1] != "unknown"]
print(f"deals: {n} ({seeds[0]}-{seeds[-1]}), from {len(sys.argv) - 1} survey runs")
print("won:", pc(won)); print("lost:", pc(lost)); print("unknown:", pc(n - won - lost))
for lim, name in ((0.010, "10 ms"), (1.0, "1 s"), (3.0, "3 s")):
    print(f"decided within {name}:", pc(sum(d[2] <= lim for d in dec)))
mx = max(deals, key=lambda d: d[2])
print(f"mean time: {sum(d[2] for d in deals) / n:.4f} s")
print(f"max time: {mx[2]:.3f} s (deal {mx[0]})")
print(f"peak memory: {max(peaks):.1f} MiB")
print(f"lines replayed: {replayed}, failed: {failed}")
print("difficulty: " + ", ".join(f"{k} {pc(sum(d[3] == k for d in deals))}" for k in ("easy", "medium", "hard", "impossible", "unknown")))
w = [d for d in deals if d[1] == "winnable"]
if w:
    print("of the winnable: " + ", ".join(f"{k} {100.0 * sum(d[3] == k for d in w) / len(w):.1f}%" for k in ("easy", "medium", "hard")))
print("rated within 1 s:", pc(sum(d[4] <= 1.0 for d in deals)))
print("undecided deals:", " ".join(str(d[0]) for d in deals if d[1] == "unknown"))
