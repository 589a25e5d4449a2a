#!/usr/bin/env python3
"""Tallies the forfeit replays (one folder per opening) and the 80-game figure of issue 40 with the
forfeited games replaced by them. Run from this folder: python3 tally.py"""
import glob, json, os

here = os.path.dirname(os.path.abspath(__file__))
runs = [os.path.join(here, "..", d) for d in ("hex-11-4e85612-vs-mohex", "hex-11-b65a371-vs-mohex")]


def games(pattern):
    seen = {}
    for f in sorted(glob.glob(pattern)):
        for line in open(f):
            g = json.loads(line)
            seen[(f.split("/")[-2] if "replays" in f else "", g["game"])] = g
    return seen


def sente_won(g):
    return g[g["result"]] == "sente" if g["result"] in ("first", "second") else None


def times(g, name):
    seat = 0 if g["first"] == name else 1
    return [t for t, m in zip(g["times_ms"], g["movers"]) if m == seat]


replays = games(os.path.join(here, "*", "results*.jsonl"))
print("replays (opening, sente's seat, result, reason, sente ms mean/max, mohex ms mean/max):")
won = lost = 0
all_m = []
for (o, i), g in sorted(replays.items()):
    s, m = times(g, "sente"), times(g, "mohex")
    all_m += m
    w = sente_won(g)
    won += w
    lost += not w
    seat = 1 if g["first"] == "sente" else 2
    print(f"  {o} game {i} S{seat} {'S' if w else 'M'} {g['reason']}: "
          f"{sum(s) // max(len(s), 1)}/{max(s, default=0)} {sum(m) // max(len(m), 1)}/{max(m, default=0)}")
print(f"replays: sente {won}-{lost}; mohex mean {sum(all_m) // max(len(all_m), 1)} ms, max {max(all_m, default=0)} ms")

total_w = total_l = 0
forfeits = 0
for r in runs:
    for g in games(os.path.join(r, "results*.jsonl")).values():
        w = sente_won(g)
        total_w += w
        total_l += not w
        if w and "time forfeit" in g["reason"]:
            forfeits += 1
print(f"80 games as scored: {total_w}-{total_l}; MoHex time forfeits among our wins: {forfeits}")
print(f"with the forfeits replaced by the replays: {total_w - forfeits + won}-{total_l + lost}")
