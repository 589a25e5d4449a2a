#!/usr/bin/env python3
"""Solves every first move on an n×n board with `dfpn-solve-state` and checks the answers
against the published results in ../shared/data/hex-openings.txt (6×6 and 7×7).

    python3 scripts/hex-openings.py --size 6 --timelimit 30

Prints one line per opening (solved winner, expected winner, time) and a summary line
`openings size=<n> solved=<k>/<n*n> wrong=<w> time=<s>`. Exit status 1 if any answer is wrong."""
import argparse, os, subprocess, sys, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, '..', 'shared', 'data', 'hex-openings.txt')


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--size', type=int, default=6)
    ap.add_argument('--timelimit', type=int, default=30, help='seconds per opening')
    ap.add_argument('--cells', help='comma-separated first moves to solve (default: all)')
    ap.add_argument('--bin', default=os.path.join(ROOT, 'target', 'release', 'sente'))
    args = ap.parse_args()
    n = args.size
    wins = None
    for line in open(DATA):
        if line.startswith('%dx%d win:' % (n, n)):
            wins = set(line.split(':', 1)[1].split())
    if wins is None:
        sys.exit('no published result for %dx%d' % (n, n))
    p = subprocess.Popen([args.bin, 'hex', '--threads', '1'], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, bufsize=1)

    def cmd(s):
        p.stdin.write(s + '\n')
        p.stdin.flush()
        lines = []
        while True:
            l = p.stdout.readline()
            if l == '':
                sys.exit('engine died on %r' % s)
            l = l.rstrip('\n')
            if l == '':
                if lines and lines[0].startswith('gogui-gfx:'):
                    lines = []
                    continue
                break
            lines.append(l)
        return lines[0][0] == '=', lines[0][1:].strip()

    cmd('param_dfpn timelimit %d' % args.timelimit)
    solved = wrong = 0
    t_all = time.time()
    for y in range(n):
        for x in range(n):
            cell = '%s%d' % (chr(97 + x), y + 1)
            if args.cells and cell not in args.cells.split(','):
                continue
            cmd('boardsize %d %d' % (n, n))
            cmd('play b ' + cell)
            t0 = time.time()
            ok, ans = cmd('dfpn-solve-state w')
            dt = time.time() - t0
            expected = 'black' if cell in wins else 'white'
            if ok:
                solved += 1
                wrong += ans != expected
            print('%s: %s (published %s) %.1fs%s' % (cell, ans if ok else 'unsolved: ' + ans, expected, dt,
                                                     '  WRONG' if ok and ans != expected else ''), flush=True)
    cmd('quit')
    print('openings size=%d solved=%d/%d wrong=%d time=%.0fs' % (n, solved, n * n, wrong, time.time() - t_all))
    return 1 if wrong else 0


if __name__ == '__main__':
    sys.exit(main())
