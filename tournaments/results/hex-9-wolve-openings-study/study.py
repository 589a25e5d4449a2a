#!/usr/bin/env python3
"""Writes table.md: main's 9x9 player against Wolve by opening, colour and White's first reply.
Run from tournaments/results/: python3 hex-9-wolve-openings-study/study.py > hex-9-wolve-openings-study/table.md"""
import collections
import json

RUNS = ['hex-9-e467687-vs-wolve', 'hex-9-3fbac4b-vs-wolve', 'hex-9-255e594-vs-wolve',
        'hex-9-fb86827-vs-wolve', 'hex-9-51e004c-vs-wolve']
agg = collections.defaultdict(lambda: [0, 0, 0, 0])
ours, ours_w = collections.defaultdict(collections.Counter), collections.defaultdict(collections.Counter)
wol, wol_w = collections.defaultdict(collections.Counter), collections.defaultdict(collections.Counter)
for r in RUNS:
    for line in open(r + '/results.jsonl'):
        g = json.loads(line)
        black = g['first'] == 'sente'  # the first engine owns the opening stone (SGF PB)
        won = (g['result'] == 'first') == black
        k, m = g['opening'], g['moves'][0]
        agg[k][(0 if black else 2) + (0 if won else 1)] += 1
        if black:
            wol[k][m] += 1
            wol_w[k][m] += not won
        else:
            ours[k][m] += 1
            ours_w[k][m] += won
print("| opening (Black's stone) | Sente as Black | Sente as White | Sente's White replies (White wins/games) | Wolve's White replies (White wins/games) |")
print("|---|---|---|---|---|")
for k in sorted(agg, key=lambda x: (x[1:], x[0])):
    a = agg[k]
    o = ', '.join(f"{m} {ours_w[k][m]}/{n}" for m, n in ours[k].most_common())
    w = ', '.join(f"{m} {wol_w[k][m]}/{n}" for m, n in wol[k].most_common())
    print(f"| {k} | {a[0]}–{a[1]} | {a[2]}–{a[3]} | {o} | {w} |")
t = [sum(agg[k][i] for k in agg) for i in range(4)]
print(f"| **all** | **{t[0]}–{t[1]}** | **{t[2]}–{t[3]}** | | |")
