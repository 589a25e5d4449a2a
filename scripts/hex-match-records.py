#!/usr/bin/env python3
"""Game records (one line per game, `hex::tuning::records`) from Hex matches played here through
`sente match` (results.jsonl): the opponent's searched moves are the decisions to learn from
(name both engines of a MoHex-Wolve match with --opponent: both sides' moves are decisions);
the opening (its one or two stones), our moves and the opponent's quick moves once its search had proved the game
(under 40% of the median of its first six move times in that game) carry `?` (replayed, not learned).

Usage: scripts/hex-match-records.py --opponent wolve --opponent mohex RESULTS.jsonl... > FILE

The games are results (data), never the opponents' files: nothing of theirs is read but the
moves they played here.
"""
import argparse
import json
import sys

LETTERS = "abcdefghijklmnopqrs"


def cell_ok(name, size):
    """True for a cell name on a size x size board."""
    if len(name) < 2 or name[0] not in LETTERS[:size]:
        return False
    return name[1:].isdigit() and 1 <= int(name[1:]) <= size


def record(game, size, opponents):
    """The record line of one result, or None when it cannot be one."""
    opening = game.get("opening", "").split()
    moves = game.get("moves", [])
    movers = game.get("movers", [])
    times = game.get("times_ms", [])
    reason = game.get("reason", "")
    if not opening or len(movers) != len(moves) or len(times) != len(moves):
        return None
    if "Black connected" in reason:
        winner = "B"
    elif "White connected" in reason:
        winner = "W"
    else:
        return None
    names = [game["first"], game["second"]]
    # The time of a searched move: the median of the mover's first six (the opening is
    # always searched; a process's first move may take longer, its start-up).
    first = {}
    for m, t in zip(movers, times):
        first.setdefault(m, [])
        if len(first[m]) < 6:
            first[m].append(t)
    searched = {m: sorted(ts)[len(ts) // 2] for m, ts in first.items()}
    if not all(cell_ok(c, size) for c in opening):
        return None
    words = [f"{c}?" for c in opening]
    for m, t, cell in zip(movers, times, moves):
        if not cell_ok(cell, size):
            return None
        learn = names[m] in opponents and t >= 0.4 * searched[m]
        words.append(cell if learn else f"{cell}?")
    return f"{size} {winner} " + " ".join(words)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--opponent", action="append", required=True)
    ap.add_argument("results", nargs="+")
    args = ap.parse_args()
    out = 0
    for path in args.results:
        with open(path) as f:
            games = [json.loads(line) for line in f if line.strip()]
        games = [g for g in games if g.get("game_type") == "hex"]
        size = board_size(games)
        for g in games:
            r = record(g, size, set(args.opponent)) if size else None
            if r:
                print(r)
                out += 1
    print(f"hex-match-records: {out} games", file=sys.stderr)


def board_size(games):
    """The board size of a match: the farthest column or row any of its games reached (a
    match of tens of games on one board reaches its last row and column)."""
    far = 0
    for g in games:
        for cell in g.get("opening", "").split() + g.get("moves", []):
            if len(cell) >= 2 and cell[0] in LETTERS and cell[1:].isdigit():
                far = max(far, LETTERS.index(cell[0]) + 1, int(cell[1:]))
    return far if 1 <= far <= 19 else None


if __name__ == "__main__":
    main()
