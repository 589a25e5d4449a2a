#!/usr/bin/env python3
"""A small Gomocup referee: plays engines against each other over the Gomocup protocol, with
the referee's clock (timeout_turn, timeout_match, time_left before each move), and counts time
forfeits (a move later than min(turn, time left) + tolerance), illegal moves and results.

    scripts/gomoku-match.py --games 20 --rule 4 --turn 1000 --match 0 \
        --a "target/release/sente renju --threads 1" --b "target/release/sente renju --player random"

`{game}` in a command is replaced by the game number (e.g. `--seed {game}` for a reference
player that should vary). Colours alternate every game; each game starts fresh processes (start-up counts against the
first move, as in Gomocup). Renju forbidden points are judged by ../shared/conformance/renju_rules.py
(an independent checker) when it is present. Prints one line per game and a summary; with
--json the summary is also written as JSON. With --record every finished game is appended to a
JSON-lines file at once; --resume then continues a run that was cut off: the games already in
the record count as played (same openings, same colours) and the rest are played."""
import argparse, json, os, queue, random, shlex, subprocess, sys, threading, time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', '..', 'shared', 'conformance'))
try:
    from renju_rules import forbidden as renju_forbidden
except ImportError:
    renju_forbidden = None

DIRS = [(1, 0), (0, 1), (1, 1), (1, -1)]


class Engine:
    def __init__(self, cmd):
        self.p = subprocess.Popen(shlex.split(cmd), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.q = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.p.stdout:
            self.q.put(line.rstrip('\r\n'))
        self.q.put(None)

    def send(self, s):
        try:
            self.p.stdin.write(s + '\r\n')
            self.p.stdin.flush()
        except OSError:
            pass

    def reply(self, timeout):
        """The next line that is not MESSAGE/DEBUG, or None on timeout/exit."""
        deadline = time.time() + timeout
        while True:
            try:
                l = self.q.get(timeout=max(0.01, deadline - time.time()))
            except queue.Empty:
                return None
            if l is None:
                return None
            if l.split(' ')[0].upper() in ('MESSAGE', 'DEBUG'):
                continue
            return l

    def peak_rss_mb(self):
        """The process's peak resident memory (Linux), in MB, or 0 if unknown."""
        try:
            with open('/proc/%d/status' % self.p.pid) as f:
                for l in f:
                    if l.startswith('VmHWM:'):
                        return int(l.split()[1]) / 1024
        except OSError:
            pass
        return 0

    def close(self):
        self.send('END')
        try:
            self.p.wait(timeout=2)
        except subprocess.TimeoutExpired:
            self.p.kill()
            self.p.wait()


def run_len(stones, p, d, size):
    n = 1
    for s in (1, -1):
        x, y = p[0] + s * d[0], p[1] + s * d[1]
        while 0 <= x < size and 0 <= y < size and (x, y) in stones:
            n += 1
            x, y = x + s * d[0], y + s * d[1]
    return n


def wins(own, opp, p, size, rule, black):
    for d in DIRS:
        n = run_len(own, p, d, size)
        if rule == 4 and black or rule & 1:
            if n == 5:
                return True
        elif rule & 8:
            if n >= 5:
                ends = []
                for s in (1, -1):
                    x, y = p
                    while (x, y) in own:
                        x, y = x + s * d[0], y + s * d[1]
                    ends.append((x, y) in opp)
                if not all(ends):
                    return True
        elif n >= 5:
            return True
    return False


def play_game(args, cmd_black, cmd_white, opening):
    size, rule = args.size, args.rule
    engines = [Engine(cmd_black), Engine(cmd_white)]
    stones = [set(), set()]
    left = [args.match if args.match > 0 else None] * 2
    history = []
    result = {'history': history, 'winner': None, 'reason': '', 'moves': 0, 'forfeit': None, 'max_ratio': [0.0, 0.0], 'rss': [0, 0]}
    try:
        for i, e in enumerate(engines):
            e.send('START %d' % size)
            if e.reply(10) != 'OK':
                result.update(winner=1 - i, reason='START not OK')
                return result
            e.send('INFO rule %d' % rule)
            e.send('INFO timeout_turn %d' % args.turn)
            e.send('INFO timeout_match %d' % args.match)
            e.send('INFO max_memory %d' % (args.memory << 20))
            e.send('INFO game_type 1')
        side = 0
        for (x, y) in opening:
            stones[side].add((x, y))
            history.append((x, y, side))
            side = 1 - side
        first = [True, True]
        while True:
            e = engines[side]
            if left[side] is not None:
                e.send('INFO time_left %d' % left[side])
            limit = args.turn if args.turn > 0 else 10**9
            if left[side] is not None:
                limit = min(limit, left[side])
            t0 = time.time()
            if first[side] and history:
                e.send('BOARD')
                for (x, y, s) in history:
                    e.send('%d,%d,%d' % (x, y, 1 if s == side else 2))
                e.send('DONE')
            elif first[side]:
                e.send('BEGIN')
            else:
                x, y, _ = history[-1]
                e.send('TURN %d,%d' % (x, y))
            first[side] = False
            line = e.reply(limit / 1000 + args.tolerance / 1000 + 5)
            used = (time.time() - t0) * 1000
            result['max_ratio'][side] = max(result['max_ratio'][side], used / max(1, limit))
            if left[side] is not None:
                left[side] -= int(used)
            if used > limit + args.tolerance:
                result.update(winner=1 - side, reason='time forfeit (%.0f ms > %d + %d)' % (used, limit, args.tolerance),
                              forfeit=side)
                return result
            try:
                x, y = map(int, line.split(','))
            except Exception:
                result.update(winner=1 - side, reason='bad reply %r' % line)
                return result
            p = (x, y)
            if not (0 <= x < size and 0 <= y < size) or p in stones[0] or p in stones[1]:
                result.update(winner=1 - side, reason='illegal move %s' % line)
                return result
            own, opp = stones[side], stones[1 - side]
            if wins(own | {p}, opp, p, size, rule, side == 0):
                own.add(p)
                history.append((x, y, side))
                result.update(winner=side, reason='five', moves=len(history))
                return result
            if rule == 4 and side == 0 and renju_forbidden and renju_forbidden(own, opp, p, size):
                result.update(winner=1, reason='forbidden move %s' % line)
                return result
            own.add(p)
            history.append((x, y, side))
            if len(history) >= size * size or (rule == 4 and size == 15 and len(history) >= 200):
                result.update(reason='draw', moves=len(history))
                return result
            side = 1 - side
    finally:
        for i, e in enumerate(engines):
            result['rss'][i] = e.peak_rss_mb()
            e.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--a', required=True, help='command of engine A')
    ap.add_argument('--b', required=True, help='command of engine B')
    ap.add_argument('--games', type=int, default=10)
    ap.add_argument('--rule', type=int, default=0)
    ap.add_argument('--size', type=int, default=15)
    ap.add_argument('--turn', type=int, default=1000, help='timeout_turn, ms')
    ap.add_argument('--match', type=int, default=0, help='timeout_match, ms (0: none)')
    ap.add_argument('--tolerance', type=int, default=1000, help='ms allowed over the limit')
    ap.add_argument('--openings', type=int, default=0, help='random stones placed near the centre first')
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--memory', type=int, default=350, help='INFO max_memory, MB')
    ap.add_argument('--json')
    ap.add_argument('--record', help='append each game (moves, winner) as a JSON line to this file')
    ap.add_argument('--resume', action='store_true', help='skip the games already in --record')
    args = ap.parse_args()
    done = {}
    if args.resume:
        if not args.record:
            ap.error('--resume needs --record')
        if os.path.exists(args.record):
            with open(args.record) as f:
                for line in f:
                    if line.strip():
                        rec = json.loads(line)
                        done[rec['game']] = rec
    rng = random.Random(args.seed)
    score = {'A': 0, 'B': 0, 'draw': 0}
    forfeits = {'A': 0, 'B': 0}
    illegal = {'A': 0, 'B': 0}
    worst = {'A': 0.0, 'B': 0.0}
    rss = {'A': 0.0, 'B': 0.0}
    for g in range(args.games):
        a_black = g % 2 == 0
        opening = []
        if args.openings:
            c = args.size // 2
            while len(opening) < args.openings:
                p = (c + rng.randint(-2, 2), c + rng.randint(-2, 2))
                if p not in opening:
                    opening.append(p)
        a, b = args.a.replace('{game}', str(g + 1)), args.b.replace('{game}', str(g + 1))
        names = ['A', 'B'] if a_black else ['B', 'A']
        if g + 1 in done:
            rec = done[g + 1]
            if 'forfeit' not in rec:
                sys.exit('record of game %d has no forfeit field: cannot resume from it' % (g + 1))
            score[rec['winner']] += 1
            if rec['forfeit'] is not None:
                forfeits[rec['forfeit']] += 1
            if rec.get('illegal') is not None:
                illegal[rec['illegal']] += 1
            for n in ('A', 'B'):
                worst[n] = max(worst[n], rec['max_ratio'][n])
                rss[n] = max(rss[n], rec['rss'][n])
            continue
        r = play_game(args, a if a_black else b, b if a_black else a, opening)
        for s in (0, 1):
            worst[names[s]] = max(worst[names[s]], r['max_ratio'][s])
            rss[names[s]] = max(rss[names[s]], r['rss'][s])
        if r['winner'] is None:
            score['draw'] += 1
            who = 'draw'
        else:
            who = names[r['winner']]
            score[who] += 1
        forfeit = names[r['forfeit']] if r['forfeit'] is not None else None
        if forfeit is not None:
            forfeits[forfeit] += 1
        bad = None
        if r['reason'].startswith('illegal') or r['reason'].startswith('bad') or r['reason'].startswith('forbidden'):
            bad = names[1 - r['winner']]
            illegal[bad] += 1
        if args.record:
            with open(args.record, 'a') as f:
                f.write(json.dumps({'game': g + 1, 'a_black': a_black, 'winner': who, 'reason': r['reason'],
                                    'forfeit': forfeit, 'illegal': bad,
                                    'max_ratio': {names[0]: r['max_ratio'][0], names[1]: r['max_ratio'][1]},
                                    'rss': {names[0]: r['rss'][0], names[1]: r['rss'][1]},
                                    'moves': [[x, y] for (x, y, _) in r['history']]}) + '\n')
        if r['forfeit'] is not None:
            print('forfeit: %s' % r['reason'], file=sys.stderr, flush=True)
        print('game %d: A is %s, winner %s (%s) after %d moves' % (
            g + 1, 'black' if a_black else 'white', who, r['reason'], r['moves']), flush=True)
    summary = {'games': args.games, 'resumed': len(done), 'rule': args.rule, 'size': args.size, 'turn_ms': args.turn,
               'match_ms': args.match, 'score': score, 'time_forfeits': forfeits,
               'illegal_or_bad_replies': illegal, 'worst_time_ratio': worst,
               'peak_rss_mb': rss, 'max_memory_mb': args.memory}
    print(json.dumps(summary))
    if args.json:
        with open(args.json, 'w') as f:
            json.dump(summary, f, indent=1)


if __name__ == '__main__':
    main()
