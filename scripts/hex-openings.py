#!/usr/bin/env python3
"""Solves every first move on an n×n board with `dfpn-solve-state` and checks the answers
against the published results in ../shared/data/hex-openings.txt (6×6 and 7×7).

    python3 scripts/hex-openings.py --size 6 --timelimit 30

Prints one line per opening (solved winner, expected winner, time, nodes) and a summary line
`openings size=<n> solved=<k>/<n*n> wrong=<w> time=<s> nodes=<k> evaluated=<k>`. Node counts are
Sente's df-pn nodes and MoHex's `MID calls`; `evaluated` is Sente's positions judged (connection
sets brought to them), MoHex's `VC builds`; both read from the engines' stderr; MoHex keeps its
table from one opening to the next, so its later openings start with what earlier ones proved. Exit status 1 if any answer is wrong.

With `--mohex PATH` (MoHex 2.0 from Benzene) each opening is also solved by MoHex's
`dfpn-solve-state`, one engine after the other, and each line gives both times and their ratio;
the summary adds MoHex's total, its solved count and the ratio of the totals:

    python3 scripts/hex-openings.py --size 6 --mohex tournaments/opponents/mohex"""
import argparse, os, re, subprocess, sys, threading, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, '..', 'shared', 'data', 'hex-openings.txt')


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--size', type=int, default=6)
    ap.add_argument('--timelimit', type=int, default=30, help='seconds per opening')
    ap.add_argument('--cells', help='comma-separated first moves to solve (default: all)')
    ap.add_argument('--bin', default=os.path.join(ROOT, 'target', 'release', 'sente'))
    ap.add_argument('--mohex', help="MoHex's binary: solve each opening with it too")
    args = ap.parse_args()
    n = args.size
    wins = None
    for line in open(DATA):
        if line.startswith('%dx%d win:' % (n, n)):
            wins = set(line.split(':', 1)[1].split())
    # No published result (8x8 and up): the answers are only compared between the engines.
    def start(argv, pattern, env=None):
        # The engines report their node counts on stderr: a reader thread keeps the last one.
        p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, bufsize=1, env=env)
        p.nodes = None
        p.evaluated = 0
        def read():
            for l in p.stderr:
                m = re.search(pattern, l)
                if m:
                    p.nodes = int(m.group(1))
                m = re.search(r'evaluated (\d+)', l)
                if m:
                    p.evaluated += int(m.group(1))
        p.reader = threading.Thread(target=read, daemon=True)
        p.reader.start()
        return p

    def nodes(p):
        # The count is written just before the answer; give the reader a moment to catch up.
        for _ in range(50):
            if p.nodes is not None:
                break
            time.sleep(0.002)
        n, p.nodes = p.nodes, None
        return '?' if n is None else str(n)

    def send(p, s):
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

    env = dict(os.environ, RUST_LOG='info')
    p = start([args.bin, 'hex', '--threads', '1'], r'dfpn: (\d+) nodes', env)
    cmd = lambda s: send(p, s)
    cmd('param_dfpn timelimit %d' % args.timelimit)
    mohex = None
    if args.mohex:
        mohex = start([args.mohex, '--use-logfile=false'], r'^MID calls\s+(\d+)')
        for c in ('param_dfpn timelimit %d' % args.timelimit, 'param_mohex num_threads 1'):
            send(mohex, c)
    solved = wrong = m_solved = 0
    t_ours = t_theirs = 0.0
    n_ours = n_theirs = 0
    t_all = time.time()
    for y in range(n):
        for x in range(n):
            cell = '%s%d' % (chr(97 + x), y + 1)
            if args.cells and cell not in args.cells.split(','):
                continue
            cmd('boardsize %d %d' % (n, n))
            cmd('play b ' + cell)
            p.nodes = None
            t0 = time.time()
            ok, ans = cmd('dfpn-solve-state w')
            dt = time.time() - t0
            t_ours += dt
            expected = ('black' if cell in wins else 'white') if wins is not None else 'unknown'
            if ok:
                solved += 1
                wrong += wins is not None and ans != expected
            k = nodes(p)
            n_ours += int(k) if k.isdigit() else 0
            line = '%s: %s (published %s) %.2fs %s nodes%s' % (
                cell, ans if ok else 'unsolved: ' + ans, expected, dt, k,
                '  WRONG' if ok and wins is not None and ans != expected else '')
            if mohex:
                for c in ('boardsize %d %d' % (n, n), 'play b ' + cell):
                    send(mohex, c)
                mohex.nodes = None
                t0 = time.time()
                m_ok, m_ans = send(mohex, 'dfpn-solve-state w')
                mt = time.time() - t0
                t_theirs += mt
                m_ok = m_ok and m_ans in ('black', 'white')
                m_solved += m_ok
                mk = nodes(mohex)
                n_theirs += int(mk) if mk.isdigit() else 0
                line += '; mohex %s %.2fs %s nodes; ratio %.2f%s' % (
                    m_ans if m_ok else 'unsolved', mt, mk, dt / max(mt, 1e-3),
                    '  DISAGREE' if ok and m_ok and m_ans != ans else '')
            print(line, flush=True)
    cmd('quit')
    summary = 'openings size=%d solved=%d/%d wrong=%d time=%.1fs nodes=%d evaluated=%d' % (
        n, solved, n * n, wrong, t_ours, n_ours, p.evaluated)
    if mohex:
        send(mohex, 'quit')
        summary += ' mohex_solved=%d mohex_time=%.1fs mohex_nodes=%d ratio=%.2f' % (
            m_solved, t_theirs, n_theirs, t_ours / max(t_theirs, 1e-3))
    print(summary)
    return 1 if wrong else 0


if __name__ == '__main__':
    sys.exit(main())
