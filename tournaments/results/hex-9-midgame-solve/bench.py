#!/usr/bin/env python3
"""The middle-game solver benchmark: positions of our lost 9x9 games against Wolve with 8 to 14
stones (Sente to move), each solved from a fresh table with `dfpn-solve-state`.

The positions are those of ../hex-9-solvable/fresh-3s-51e004c.txt at 8-14 stones, rebuilt from
the games of ../hex-9-51e004c-vs-wolve/results.jsonl. Prints one line per position (verdict,
seconds, df-pn nodes, positions judged) and a summary; with --mohex, MoHex's dfpn solves each too.

    python3 bench.py --bin BIN [--bin2 BIN] [--mohex PATH] [--timelimit S] [--nodes N] [--min-stones 8] [--max-stones 14]

--nodes N gives each Sente solve a budget of N df-pn nodes (`param_dfpn node_limit`) as well as
the time limit: with a time limit too long to reach, the count proved is the same whatever the
machine's load (MoHex has no such budget; leave it out of such a run).
"""
import argparse, json, os, re, subprocess, sys, threading, time

HERE = os.path.dirname(os.path.abspath(__file__))
GAMES = os.path.join(HERE, '..', 'hex-9-51e004c-vs-wolve', 'results.jsonl')
LIST = os.path.join(HERE, '..', 'hex-9-solvable', 'fresh-3s-51e004c.txt')


def positions(lo, hi):
    games = {}
    for line in open(GAMES):
        g = json.loads(line)
        games[g['game']] = g
    out = []
    for line in open(LIST):
        f = line.split()
        if len(f) < 11 or f[1] != 'game':
            continue
        game, stones = int(f[2]), int(f[8])
        if lo <= stones <= hi:
            g = games[game]
            moves = ([g['opening']] + g['moves'])[:stones]
            me = 'b' if f[6] == 'B' else 'w'
            out.append((game, stones, me, moves))
    return out


class Engine:
    def __init__(self, argv, pattern, env=None):
        self.p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, text=True, bufsize=1, env=env)
        self.nodes, self.evaluated = None, 0
        # The engine's log lines of the last solve (vs-mohex.py --stats prints MoHex's counters).
        self.log = []
        def read():
            for l in self.p.stderr:
                self.log.append(l.rstrip('\n'))
                m = re.search(pattern, l)
                if m:
                    self.nodes = int(m.group(1))
                m = re.search(r'evaluated (\d+)', l)
                if m:
                    self.evaluated = int(m.group(1))
        threading.Thread(target=read, daemon=True).start()

    def send(self, s):
        self.p.stdin.write(s + '\n')
        self.p.stdin.flush()
        lines = []
        while True:
            l = self.p.stdout.readline()
            if l == '':
                sys.exit('engine died on %r' % s)
            l = l.rstrip('\n')
            if l == '':
                if lines and lines[0].startswith('gogui-gfx:'):
                    lines = []
                    continue
                break
            lines.append(l)
        return lines[0][1:].strip()

    def solve(self, moves, me):
        self.send('clear_board')
        for i, m in enumerate(moves):
            self.send('play %s %s' % ('b' if i % 2 == 0 else 'w', m))
        self.nodes, self.evaluated = None, 0
        self.log = []
        t = time.time()
        ans = self.send('dfpn-solve-state ' + me)
        dt = time.time() - t
        time.sleep(0.05)
        v = '?' if not ans or ans[0] not in 'bw' else ('win' if ans[0] == me else 'loss')
        return v, dt, self.nodes, self.evaluated


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--bin', action='append', required=True)
    ap.add_argument('--mohex')
    ap.add_argument('--timelimit', type=float, default=5)
    ap.add_argument('--nodes', type=int, default=0, help='df-pn node budget per Sente solve')
    ap.add_argument('--min-stones', type=int, default=8)
    ap.add_argument('--max-stones', type=int, default=14)
    a = ap.parse_args()
    env = dict(os.environ, RUST_LOG='info')
    engines = []
    for b in a.bin:
        e = Engine([b, 'hex', '--threads', '1'], r'dfpn: (\d+) nodes', env)
        engines.append((os.path.basename(b), e))
    if a.mohex:
        e = Engine([a.mohex, '--use-logfile=false'], r'^MID calls\s+(\d+)')
        e.send('param_mohex num_threads 1')
        engines.append(('mohex', e))
    for n, e in engines:
        e.send('boardsize 9')
        e.send('param_dfpn timelimit %g' % a.timelimit)
        e.send('param_dfpn use_guifx 0')
        if a.nodes and n != 'mohex':
            e.send('param_dfpn node_limit %d' % a.nodes)
    tot = {n: [0, 0.0, 0, 0] for n, _ in engines}
    for game, stones, me, moves in positions(a.min_stones, a.max_stones):
        line = 'game %d stones %d' % (game, stones)
        for n, e in engines:
            if n == 'mohex':
                e.send('dfpn-clear-tt')  # MoHex keeps its table otherwise
            v, dt, nodes, ev = e.solve(moves, me)
            t = tot[n]
            t[0] += v != '?'
            t[1] += dt
            t[2] += nodes or 0
            t[3] += ev
            line += ' | %s %s %.2fs %s nodes %d evaluated' % (n, v, dt, nodes, ev)
        print(line, flush=True)
    for n, t in tot.items():
        print('total %s solved=%d time=%.1fs nodes=%d evaluated=%d' % (n, *t))
    for _, e in engines:
        e.send('quit')


if __name__ == '__main__':
    main()
