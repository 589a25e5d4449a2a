#!/usr/bin/env python3
"""Prints a Markdown table row per `sente match` results folder, for tournaments/results/README.md.

    python3 scripts/results-table.py tournaments/results/baseline-*

Reads each folder's summary.txt (score, Elo with its 95% interval, endings, time per move,
wall time), commands.txt (the command line) and, when present, run.txt (lines `commit: ...`
and `load: ...` written by whoever ran the match). Forfeits are the endings that are not the
game's own (time, crash, error, bad reply, illegal move)."""
import os
import re
import sys

FORFEIT = re.compile(r'time forfeit|crash|engine error|bad reply|no reply|illegal|unreadable|failed')


def row(folder):
    text = open(os.path.join(folder, 'summary.txt')).read()
    score = re.search(r'Score of (\S+) vs (\S+): (\d+) - (\d+) - (\d+)\s+\[([\d.]+)\] (\d+)', text)
    elo = re.search(r'^Elo difference: (.*)$', text, re.M)
    header = re.search(r'^Match: .*?, (\w+), \d+ games, tc (\S+)', text, re.M)
    wall = re.search(r'Wall time: ([\d.]+) s', text)
    times = re.search(r'^Time per move: (.*)$', text, re.M)
    forfeits = 0
    for n, what in re.findall(r'^\s+(\d+)\s+(.*)$', text.split('Endings:')[-1], re.M):
        if FORFEIT.search(what):
            forfeits += int(n)
    cmd = ''
    path = os.path.join(folder, 'commands.txt')
    if os.path.exists(path):
        lines = [l for l in open(path).read().splitlines() if l.strip()]
        if lines:
            cmd = lines[-1].split(' ', 1)[1]
    info = {}
    path = os.path.join(folder, 'run.txt')
    if os.path.exists(path):
        for line in open(path):
            if ':' in line:
                k, v = line.split(':', 1)
                info[k.strip()] = v.strip()
    a, b, w, l, d, s, n = score.groups()
    return '| %s | %s vs %s, %s %s | %s-%s-%s (%.1f%%), %s games | %s | %d | %s | %.0f s | `%s` | %s | %s |' % (
        os.path.basename(folder.rstrip('/')), a, b, header.group(1), header.group(2),
        w, l, d, 100 * float(s), n, elo.group(1) if elo else 'n/a', forfeits,
        times.group(1) if times else '', float(wall.group(1)) if wall else 0, cmd,
        info.get('commit', ''), info.get('load', ''))


def main():
    print('| results | match | score (W-L-D) | Elo (95% interval) | forfeits | time per move | wall | command | binary | load (1/5/15 min) |')
    print('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |')
    for folder in sys.argv[1:]:
        print(row(folder))


if __name__ == '__main__':
    main()
