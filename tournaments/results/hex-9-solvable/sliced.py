#!/usr/bin/env python3
"""The player's solver slice replayed on our lost 9x9 games against Wolve.

For every game sente lost in the given results.jsonl files, replays the game from the opening
and, at each position with sente to move, runs `dfpn-solve-state` for SECONDS on the table kept
from the earlier positions of that game (as `genmove`'s slice keeps it from move to move;
`clear_board` starts each game afresh). Prints per game the first stone count where the slice
proves the position, its verdict, and whether some position was proven won for sente (the slice
would have played the win there and kept it).

  python3 sliced.py BINARY SECONDS results.jsonl...
"""
import json, subprocess, sys

binary, seconds, files = sys.argv[1], float(sys.argv[2]), sys.argv[3:]
p = subprocess.Popen([binary, "hex", "--threads", "1"], stdin=subprocess.PIPE,
                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, bufsize=1)

def gtp(cmd):
    p.stdin.write(cmd + "\n")
    lines = []
    while True:
        line = p.stdout.readline()
        if line.strip() == "" and lines:
            break
        if line.strip():
            lines.append(line.strip())
    return "\n".join(lines)

gtp("boardsize 9")
gtp(f"param_dfpn timelimit {seconds}")
total, converted, first = 0, 0, {}
for path in files:
    for line in open(path):
        g = json.loads(line)
        sente_black = g["first"] == "sente"
        if (g["result"] == "first") == sente_black:
            continue
        total += 1
        me = "b" if sente_black else "w"
        moves = [g["opening"]] + g["moves"]
        gtp("clear_board")
        found = None
        for k, m in enumerate(moves):
            if (k % 2 == 0) == sente_black:
                r = gtp(f"dfpn-solve-state {me}")
                if not r.startswith("?"):
                    found = (k, "win" if r.split()[-1][0] == me else "loss")
                    break
            gtp(f"play {'b' if k % 2 == 0 else 'w'} {m}")
        tag = f"game {g['game']} opening {g['opening']} sente {'B' if sente_black else 'W'}"
        if found:
            first[found[0]] = first.get(found[0], 0) + 1
            converted += found[1] == "win"
            print(f"{tag}: first proven at {found[0]} stones: {found[1]}", flush=True)
        else:
            print(f"{tag}: never proven", flush=True)
print(f"{total} lost games; proven won for sente at the slice's first proof: {converted}; "
      f"first proof by stones: {sorted(first.items())}")
gtp("quit")
