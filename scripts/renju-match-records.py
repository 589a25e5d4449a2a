#!/usr/bin/env python3
"""Renju game records (one line per game, `learn/records.rs`: `renju 15 B 3 h8 h7 ...`) from
matches played here through `sente match` (results.jsonl): Rapfi against itself, or Sente against
Rapfi. `sente tune renju` learns from the results of the positions, whoever played them.

Usage: scripts/renju-match-records.py RESULTS.jsonl... > data/renju/matches/NAME.txt

Games without a decisive or drawn result (a forfeit, an illegal move, a crash) are left out.
The games are results (data), never the opponents' files: nothing of theirs is read but the
moves they played here.
"""
import json
import sys

LETTERS = "abcdefghijklmnopqrstuvwxyz"


def name(xy):
    x, y = (int(v) for v in xy.split(","))
    return f"{LETTERS[x]}{y + 1}"


def record(game):
    reason = game.get("reason", "")
    if game.get("game_type", "renju") != "renju":
        return None
    if "Black made five" in reason:
        winner = "B"
    elif "White made five" in reason:
        winner = "W"
    elif game.get("result") == "draw" and "draw" in reason.lower():
        winner = "D"
    else:
        return None
    opening = game.get("opening", "").split()
    moves = opening + game.get("moves", [])
    return f"renju 15 {winner} {len(opening)} " + " ".join(name(m) for m in moves)


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    kept = skipped = 0
    for path in sys.argv[1:]:
        with open(path) as f:
            for line in f:
                r = record(json.loads(line))
                if r is None:
                    skipped += 1
                    continue
                kept += 1
                print(r)
    print(f"{kept} games, {skipped} left out", file=sys.stderr)


if __name__ == "__main__":
    main()
