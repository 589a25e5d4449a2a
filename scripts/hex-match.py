#!/usr/bin/env python3
"""A small Hex match between two GTP engines (by default Sente against its own reference
players), for measuring strength until the project's match runner covers Hex.

    python3 scripts/hex-match.py --size 9 --games 20 --movetime 1000 \
        --a "target/release/sente hex --threads 1" --b "target/release/sente hex --player greedy"

Each opening cell (a stone for Black, chosen at random but seeded) is played twice, once with
each engine as Black, so colour and opening advantages cancel. The referee keeps its own board
and checks every move; an illegal or missing move loses the game. Prints one line per game and
a summary line `match a=<wins> b=<wins> games=<n> score=<a's share>`."""
import argparse, random, shlex, subprocess, sys, threading, queue, time


class Engine:
    def __init__(self, cmd):
        self.p = subprocess.Popen(shlex.split(cmd), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.q = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.p.stdout:
            self.q.put(line.rstrip('\n'))
        self.q.put(None)

    def cmd(self, s, timeout=120):
        self.p.stdin.write(s + '\n')
        self.p.stdin.flush()
        lines = []
        while True:
            l = self.q.get(timeout=timeout)
            if l is None:
                raise RuntimeError('engine died')
            if l == '':
                if lines and lines[0].startswith('gogui-gfx:'):
                    lines = []
                    continue
                break
            lines.append(l)
        head = lines[0]
        return head.startswith('='), head[1:].strip()

    def close(self):
        try:
            self.cmd('quit', 5)
        except Exception:
            pass
        self.p.kill()
        self.p.wait()


def neighbours(x, y, n):
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)):
        if 0 <= x + dx < n and 0 <= y + dy < n:
            yield x + dx, y + dy


def winner(board, n):
    for color, starts, goal in (('b', [(x, 0) for x in range(n)], lambda x, y: y == n - 1),
                                ('w', [(0, y) for y in range(n)], lambda x, y: x == n - 1)):
        stack = [s for s in starts if board.get(s) == color]
        seen = set(stack)
        while stack:
            c = stack.pop()
            if goal(*c):
                return color
            for nb in neighbours(*c, n):
                if nb not in seen and board.get(nb) == color:
                    seen.add(nb)
                    stack.append(nb)
    return None


def parse(cell, n):
    cell = cell.lower()
    if len(cell) < 2 or not cell[0].isalpha() or not cell[1:].isdigit():
        return None
    x, y = ord(cell[0]) - 97, int(cell[1:]) - 1
    return (x, y) if 0 <= x < n and 0 <= y < n else None


def game(black, white, n, opening):
    board = {}
    for e in (black, white):
        e.cmd('boardsize %d %d' % (n, n))
        e.cmd('clear_board')
    board[opening] = 'b'
    name = '%s%d' % (chr(97 + opening[0]), opening[1] + 1)
    for e in (black, white):
        e.cmd('play b ' + name)
    moves = [name]
    side = 'w'
    while True:
        mover, other = (black, white) if side == 'b' else (white, black)
        ok, mv = mover.cmd('genmove ' + side)
        c = parse(mv, n) if ok else None
        if mv.lower() == 'resign' or c is None or c in board:
            return ('w' if side == 'b' else 'b'), moves + [mv]
        board[c] = side
        moves.append(mv)
        other.cmd('play %s %s' % (side, mv))
        w = winner(board, n)
        if w:
            return w, moves
        side = 'w' if side == 'b' else 'b'


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--size', type=int, default=9)
    ap.add_argument('--games', type=int, default=10, help='even: each opening twice')
    ap.add_argument('--movetime', type=int, default=1000, help='ms per move, via --movetime')
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--a', default='target/release/sente hex --threads 1')
    ap.add_argument('--b', default='target/release/sente hex --player greedy')
    args = ap.parse_args()
    rng = random.Random(args.seed)
    extra = ' --movetime %d' % args.movetime
    a, b = Engine(args.a + extra + ' --seed %d' % rng.randrange(1 << 30)), Engine(args.b + extra + ' --seed %d' % rng.randrange(1 << 30))
    n = args.size
    wins = {'a': 0, 'b': 0}
    cells = [(x, y) for x in range(n) for y in range(n)]
    t0 = time.time()
    for g in range(args.games):
        if g % 2 == 0:
            opening = rng.choice(cells)
        a_black = g % 2 == 0
        black, white = (a, b) if a_black else (b, a)
        w, moves = game(black, white, n, opening)
        who = 'a' if (w == 'b') == a_black else 'b'
        wins[who] += 1
        print('game %d: a plays %s, winner %s (%s), %d moves: %s' % (
            g + 1, 'black' if a_black else 'white', who, w, len(moves), ' '.join(moves)), flush=True)
    a.close(); b.close()
    total = wins['a'] + wins['b']
    print('match a=%d b=%d games=%d score=%.2f size=%d movetime=%d time=%.0fs' % (
        wins['a'], wins['b'], total, wins['a'] / max(total, 1), n, args.movetime, time.time() - t0))


if __name__ == '__main__':
    sys.exit(main())
