#!/usr/bin/env python3
"""Seeded 2-ply Hex openings for generating training games: every cell gets a Black stone,
each with White replies drawn at random among the other cells (no pair twice), written round
by round (every cell once per round), so a match cut short still covers the whole board.

Usage: scripts/hex-random-openings.py --size 9 --replies 4 --seed 1 > FILE

Benzene's convention: the referee places both stones and Black moves next. Each line is played
with both colours by `sente match`.
"""
import argparse
import random

LETTERS = "abcdefghijklmnopqrs"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--size", type=int, default=9)
    ap.add_argument("--replies", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    n = args.size
    cells = [f"{LETTERS[c]}{r + 1}" for r in range(n) for c in range(n)]
    rng = random.Random(args.seed)
    print(f"# Hex {n}x{n}: {args.replies * len(cells)} seeded 2-ply openings (a Black stone on every cell,")
    print(f"# {args.replies} random White replies each; Black moves next), round by round. Made by:")
    print(f"#   python3 scripts/hex-random-openings.py --size {n} --replies {args.replies} --seed {args.seed}")
    print("# Each line is played with both colours.")
    used = {c: set() for c in cells}
    for _ in range(args.replies):
        for stone in cells:
            reply = rng.choice([c for c in cells if c != stone and c not in used[stone]])
            used[stone].add(reply)
            print(f"{stone} {reply}")


if __name__ == "__main__":
    main()
