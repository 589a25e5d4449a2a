#!/usr/bin/env python3
"""Which positions of our lost 9x9 games against Wolve our DFPN solves, and how fast.

For every game sente lost in the given results.jsonl files, walks back from the end over the
positions with sente to move, solving each from a fresh table (`clear_board`, then the moves,
then `dfpn-solve-state`), until two in a row are unsolved in the time limit. A position proven
won for sente, two plies before one proven lost, is a won position thrown away by sente's move.
Prints one line per solve (game, stones, verdict for sente, seconds) and a summary.

  python3 solvable.py BINARY SECONDS results.jsonl...
"""
import json, os, subprocess, sys, time

binary, seconds, files = sys.argv[1], float(sys.argv[2]), sys.argv[3:]
p = subprocess.Popen([binary, "hex", "--threads", "1"],
                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

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
gtp("param_dfpn use_guifx 0")
games = []
for path in files:
    for line in open(path):
        g = json.loads(line)
        sente_black = g["first"] == "sente"
        won = (g["result"] == "first") == sente_black
        if not won:
            games.append((path, g, sente_black))
thrown = []
for path, g, sente_black in games:
    moves = [g["opening"]] + g["moves"]
    me = "b" if sente_black else "w"
    # after k stones, Black to move when k is even
    ks = [k for k in range(len(moves)) if (k % 2 == 0) == sente_black]
    misses = 0
    prev = None  # (k, verdict) of the later position
    for k in reversed(ks):
        gtp("clear_board")
        for i, m in enumerate(moves[:k]):
            gtp(f"play {'b' if i % 2 == 0 else 'w'} {m}")
        t = time.time()
        r = gtp(f"dfpn-solve-state {me}")
        dt = time.time() - t
        verdict = "?" if r.startswith("?") else ("win" if r.split()[-1][0] == me else "loss")
        print(f"{os.path.basename(os.path.dirname(path))} game {g['game']} opening {g['opening']} "
              f"sente {'B' if sente_black else 'W'} stones {k} {verdict} {dt:.2f}s"
              + (f" played {moves[k]}" if k < len(moves) else ""), flush=True)
        if verdict == "win" and prev and prev[1] == "loss":
            thrown.append((g["game"], k, moves[k], dt))
            print(f"  THROWN: won at {k} stones, {moves[k]} lost it", flush=True)
        if verdict == "?":
            misses += 1
            if misses >= 2:
                break
        else:
            misses = 0
        prev = (k, verdict)
print(f"thrown away: {len(thrown)} of {len(games)} lost games: {thrown}")
gtp("quit")
