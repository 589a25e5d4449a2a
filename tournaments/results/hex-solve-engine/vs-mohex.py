#!/usr/bin/env python3
"""First moves of an n×n board solved from an empty table each, by one or more Sente binaries
and MoHex, one engine after the other on each opening (the issue's "fresh" figure: a HexGui
user who opens a position and presses Solve). Each solve is timed alone; MoHex gets
`dfpn-clear-tt` and Sente `clear_board` (which drops its solver table) before it. The engine
driver is the middle-game benchmark's (`../hex-9-midgame-solve/bench.py`).

    python3 vs-mohex.py --size 6 --bin BIN [--bin BIN2] [--mohex PATH] [--cells a1,b2] [--timelimit S]
                        [--fresh]

`--cells` keeps the order given. `--fresh` starts every engine anew for each opening (a fresh
process, as the issue's targets ask), not only with an empty table. Either `--bin` or `--mohex`
may be left out, so that two copies of the script can run the engines side by side, one a core.
"""
import argparse, os, re, sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', 'hex-9-midgame-solve'))
from bench import Engine  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--size', type=int, default=6)
    ap.add_argument('--bin', action='append', default=[])
    ap.add_argument('--mohex')
    ap.add_argument('--cells', help='comma-separated first moves (default: all)')
    ap.add_argument('--timelimit', type=float, default=300)
    ap.add_argument('--fresh', action='store_true',
                    help='a new process of every engine for each opening')
    ap.add_argument('--stats', action='store_true',
                    help="print MoHex's solver counters (VC builds, MID calls, ...) after each solve")
    a = ap.parse_args()
    n = a.size
    env = dict(os.environ, RUST_LOG='info')

    def start():
        engines = [(os.path.basename(b), Engine([b, 'hex', '--threads', '1'], r'dfpn: (\d+) nodes', env))
                   for b in a.bin]
        if a.mohex:
            e = Engine([a.mohex, '--use-logfile=false'], r'^MID calls\s+(\d+)')
            e.send('param_mohex num_threads 1')
            engines.append(('mohex', e))
        for _, e in engines:
            e.send('boardsize %d' % n)
            e.send('param_dfpn timelimit %g' % a.timelimit)
            e.send('param_dfpn use_guifx 0')
        return engines

    engines = start()
    cells = ['%s%d' % (chr(97 + x), y + 1) for y in range(n) for x in range(n)]
    if a.cells:
        cells = [c for c in a.cells.split(',') if c in cells]
    tot = {name: [0, 0.0, 0] for name, _ in engines}
    for k, cell in enumerate(cells):
        if a.fresh and k > 0:
            for _, e in engines:
                e.send('quit')
            engines = start()
        line = cell
        answers = set()
        for name, e in engines:
            if name == 'mohex':
                e.send('dfpn-clear-tt')
            # White to move after Black's opening: 'win' means White wins.
            v, dt, nodes, evaluated = e.solve([cell], 'w')
            if a.stats and name == 'mohex':
                for l in e.log:
                    if re.match(r'(VC builds|MID calls|Terminal|Work|MID/sec|Total Time)', l):
                        print('  mohex %s' % l, flush=True)
            t = tot[name]
            t[0] += v != '?'
            t[1] += dt
            t[2] += nodes or 0
            if v != '?':
                answers.add(v)
            line += ' | %s %s %.2fs %s nodes' % (name, v, dt, nodes)
            if name != 'mohex':
                line += ' %d judged' % evaluated
        print(line + ('  DISAGREE' if len(answers) > 1 else ''), flush=True)
    for name, t in tot.items():
        print('total %s solved=%d/%d time=%.1fs nodes=%d' % (name, t[0], len(cells), t[1], t[2]))
    for _, e in engines:
        e.send('quit')


if __name__ == '__main__':
    main()
