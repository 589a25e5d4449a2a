#!/usr/bin/env python3
"""Balanced 2-ply Hex openings for self-play SPRTs, judged by our own engine.

With 1-ply openings most positions are decided by the colour (the side owning a central stone
wins), so the two games of a pair split and tell an SPRT nothing. This script gives every
1-ply opening (Black's stone) the White reply after which Black's winning rate, by a short
search of the engine named, is closest to one half: then neither colour is favoured and a pair's
two games both depend on the play.

For each Black stone it tries `--replies` White replies drawn at random (seeded) and keeps the
most balanced one, as a line `<stone> <reply>` with the rate in a comment:

    python3 scripts/hex-balanced-openings.py --engine target/release/sente --size 9 \
        --replies 10 --movetime 300 --shard 0/2 > /tmp/bal-0.txt

Shards (`--shard i/n`: every n-th stone from the i-th) let two processes share the work; the
engine is asked over GTP (one command at a time: a command that arrives while it thinks stops
the search) and its rate is read from its info log line on stderr (kept in `--log`.i) `genmove (mcts): ... mean M`.
"""

import argparse
import os
import random
import re
import subprocess
import sys

MEAN = re.compile(r"genmove \(mcts\): best \S+ mean ([0-9.]+) playouts (\d+)")


def cell(size, i):
    return "abcdefghijklmnopqrstuvwxyz"[i % size] + str(i // size + 1)


class Engine:
    def __init__(self, cmd, log):
        self.err = open(log, "w")
        env = dict(os.environ, RUST_LOG="info")
        self.p = subprocess.Popen(
            cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.err, text=True,
            bufsize=1, env=env,
        )

    def ask(self, command):
        self.p.stdin.write(command + "\n")
        self.p.stdin.flush()
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError(f"engine ended after {command!r}")
            if line.strip() == "" and lines:
                break
            if line.strip():
                lines.append(line.strip())
        if not lines[0].startswith("="):
            raise RuntimeError(f"{command!r}: {lines}")
        return lines[0][1:].strip()

    def close(self):
        self.ask("quit")
        self.p.wait()


def last_mean(log):
    with open(log) as f:
        found = MEAN.findall(f.read())
    return (float(found[-1][0]), int(found[-1][1])) if found else (None, 0)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--engine", required=True)
    ap.add_argument("--size", type=int, default=9)
    ap.add_argument("--replies", type=int, default=10)
    ap.add_argument("--movetime", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--shard", default="0/1")
    ap.add_argument("--log", default="/tmp/hex-balanced-openings.log")
    a = ap.parse_args()
    i, n = map(int, a.shard.split("/"))
    log = f"{a.log}.{i}"
    eng = Engine([a.engine, "hex", "--threads", "1", "--movetime", str(a.movetime)], log)
    cells = a.size * a.size
    print(f"# hex-balanced-openings.py size={a.size} replies={a.replies} "
          f"movetime={a.movetime} seed={a.seed} shard={a.shard}")
    for stone in range(i, cells, n):
        rng = random.Random(a.seed * 1_000_003 + stone)
        replies = rng.sample([c for c in range(cells) if c != stone], a.replies)
        best = None
        for r in replies:
            eng.ask(f"boardsize {a.size}")
            eng.ask("clear_board")
            eng.ask(f"play b {cell(a.size, stone)}")
            eng.ask(f"play w {cell(a.size, r)}")
            eng.ask("genmove b")
            mean, playouts = last_mean(log)
            if mean is None or playouts == 0:
                continue
            if best is None or abs(mean - 0.5) < abs(best[1] - 0.5):
                best = (r, mean)
        if best:
            print(f"{cell(a.size, stone)} {cell(a.size, best[0])}  # black {best[1]:.3f}",
                  flush=True)
        else:
            print(f"# {cell(a.size, stone)}: no reply measured", file=sys.stderr)
    eng.close()


if __name__ == "__main__":
    main()
