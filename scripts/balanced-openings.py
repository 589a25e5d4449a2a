#!/usr/bin/env python3
"""Generates balanced three-stone Gomoku openings and checks each with a Gomocup engine.

    python3 scripts/balanced-openings.py --engine tournaments/opponents/rapfi/pbrain-rapfi \\
        --rule 0 --count 26 --movetime 1000 --max-eval 120 \\
        > tournaments/openings/freestyle-15-balanced.txt

Candidates are Black at the centre, White within the 5x5 square around it and Black's second
stone within the 7x7 square (distinct up to the board's 8 symmetries, drawn with a fixed seed).
The engine searches each for White (the side to move) for --movetime ms; its last reported
evaluation (`MESSAGE ... Eval N ...`, Rapfi's form) decides: an opening is kept when
|eval| <= --max-eval, so that neither side starts from a won or lost game and the match
measures the engines, not the openings. Writes Gomocup offset lines (the runner's openings
format) with the evaluation as a comment; progress goes to stderr.
"""
import argparse
import os
import random
import re
import subprocess
import sys
import time

EVAL = re.compile(r'\bEval (-?\d+)')


def symmetries(stones):
    """The 8 images of a list of (dx, dy) offsets under the square's symmetries."""
    out = []
    for swap in (False, True):
        for sx in (1, -1):
            for sy in (1, -1):
                out.append(tuple(((y if swap else x) * sx, (x if swap else y) * sy)
                                 for x, y in stones))
    return out


def canonical(stones):
    return min(symmetries(stones))


class Engine:
    def __init__(self, argv, size, rule, movetime):
        argv = [os.path.abspath(argv[0])] + argv[1:]
        self.p = subprocess.Popen(argv, cwd=os.path.dirname(os.path.abspath(argv[0])) or None,
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.size, self.rule, self.movetime = size, rule, movetime
        self.send('START %d' % size)
        self.expect_ok()

    def send(self, line):
        self.p.stdin.write(line + '\r\n')
        self.p.stdin.flush()

    def expect_ok(self):
        while True:
            line = self.p.stdout.readline()
            if not line:
                sys.exit('the engine exited')
            if line.strip().upper() == 'OK':
                return
            if line.upper().startswith(('ERROR', 'UNKNOWN')):
                sys.exit('engine: ' + line.strip())

    def evaluate(self, stones):
        """The engine's evaluation for the side to move after `stones` (offsets from the centre,
        alternating from Black), and its move."""
        c = self.size // 2
        for line in ('INFO rule %d' % self.rule, 'INFO timeout_turn %d' % self.movetime,
                     'INFO timeout_match 0', 'INFO time_left 2147483647', 'BOARD'):
            self.send(line)
        # BOARD lists stones in move order; 1 is the engine's own (the side to move: White).
        for i, (dx, dy) in enumerate(stones):
            self.send('%d,%d,%d' % (c + dx, c + dy, 2 if i % 2 == 0 else 1))
        self.send('DONE')
        last = None
        while True:
            line = self.p.stdout.readline()
            if not line:
                sys.exit('the engine exited')
            m = EVAL.search(line)
            if m:
                last = int(m.group(1))
            elif re.match(r'^\s*\d+,\d+\s*$', line):
                return last, line.strip()

    def close(self):
        try:
            self.send('END')
            self.p.wait(timeout=5)
        except Exception:
            self.p.kill()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--engine', required=True, help='the Gomocup engine that checks')
    ap.add_argument('--rule', type=int, default=0, help='Gomocup INFO rule (0 freestyle)')
    ap.add_argument('--size', type=int, default=15)
    ap.add_argument('--count', type=int, default=26)
    ap.add_argument('--movetime', type=int, default=2000, help='ms per evaluation')
    ap.add_argument('--max-eval', type=int, default=120)
    ap.add_argument('--tries', type=int, default=400, help='candidates at most')
    ap.add_argument('--seed', type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    seen, kept = set(), []
    started = time.time()
    tries = 0
    while len(kept) < args.count and tries < args.tries:
        white = (rng.randint(-2, 2), rng.randint(-2, 2))
        black = (rng.randint(-3, 3), rng.randint(-3, 3))
        stones = [(0, 0), white, black]
        if len(set(stones)) < 3:
            continue
        key = canonical(stones)
        if key in seen:
            continue
        seen.add(key)
        tries += 1
        # A process per candidate: Rapfi was seen to leave a RESTART sent right after its
        # move unanswered, and a fresh process also starts from an empty hash table.
        engine = Engine(args.engine.split(), args.size, args.rule, args.movetime)
        ev, move = engine.evaluate(stones)
        engine.close()
        ok = ev is not None and abs(ev) <= args.max_eval
        print('%s eval %s move %s %s' % (stones, ev, move, 'kept' if ok else ''), file=sys.stderr)
        if ok:
            kept.append((stones, ev))
    print('# %d balanced three-stone openings for rule %d on %dx%d, in Gomocup offset format'
          % (len(kept), args.rule, args.size, args.size))
    print('# (x,y pairs relative to the centre, stones alternating from Black; White to move).')
    print('# Made by scripts/balanced-openings.py --rule %d --movetime %d --max-eval %d --seed %d:'
          % (args.rule, args.movetime, args.max_eval, args.seed))
    print('# each kept only if the checking engine (%s) evaluated it within +/-%d for White after'
          % (os.path.basename(args.engine.split()[0]), args.max_eval))
    print('# %d ms; %d candidates tried in %.0f s.'
          % (args.movetime, tries, time.time() - started))
    print('# The evaluation stands above each line.')
    for stones, ev in kept:
        print('# eval %+d' % ev)
        print(', '.join('%d,%d' % s for s in stones))
    if len(kept) < args.count:
        sys.exit('only %d openings found' % len(kept))


if __name__ == '__main__':
    main()
