#!/usr/bin/env python3
"""summary.txt of the windows-fastgame folder, from every rule's results-shard-*.jsonl: per rule
the games, wins/losses/draws of pbrain-sente.exe, forfeits (games not ended on the board) and the
.exe's slowest move, split by the reserve of the build that played the piece (OLD: pieces played
before the 5 s turn kept 150 ms back, a flat 80 ms; listed by rule and shard below).
    python3 tournaments/results/windows-fastgame/summarize.py > .../summary.txt"""
import glob, json, os, re

here = os.path.dirname(os.path.abspath(__file__))
rules = ['freestyle-20', 'freestyle-15', 'standard', 'renju', 'caro']
# (rule, shard) pieces played by builds with the flat 80 ms reserve (run.txt).
OLD = {(r, 1) for r in rules} | {('freestyle-20', 2), ('freestyle-15', 2)}
on_board = re.compile(r'made five|forbidden move|board full|move limit')
rows = {}
for rule in rules:
    for path in sorted(glob.glob(os.path.join(here, rule, 'results-shard-*-of-5.jsonl'))):
        shard = int(re.search(r'shard-(\d+)-of', path).group(1))
        build = '80 ms' if (rule, shard) in OLD else '3 %'
        for line in open(path):
            g = json.loads(line)
            me = 0 if g['first'] == 'windows' else 1
            r = rows.setdefault((rule, build), dict(games=0, w=0, l=0, d=0, f=0, slow=0, pieces=set()))
            r['games'] += 1
            r['pieces'].add(shard)
            if g['result'] == 'draw':
                r['d'] += 1
            elif (g['result'] == 'first') == (me == 0):
                r['w'] += 1
            else:
                r['l'] += 1
            r['f'] += not on_board.search(g['reason'])
            mine = [t for t, m in zip(g['times_ms'], g['movers']) if m == me]
            r['slow'] = max([r['slow']] + mine)
print('pbrain-sente.exe (Wine) against the Linux build at Gomocup\'s fastgame control, 5 s/turn + 120 s/game')
print('(scripts/windows-match.sh in pieces, SHARD=i/5; run.txt has each piece\'s command, binary, load and verdict)')
print('reserve: what the build keeps back of the 5 s turn (80 ms before 2026-11-28 19:00, then 3 % = 150 ms)')
print()
print('%-13s %-8s %5s %-8s %5s %6s %5s %9s %12s' % ('rule', 'reserve', 'games', 'pieces', 'wins', 'losses', 'draws', 'forfeits', 'slowest move'))
tot = {}
for rule in rules:
    for build in ['80 ms', '3 %']:
        r = rows.get((rule, build))
        if not r:
            continue
        print('%-13s %-8s %5d %-8s %5d %6d %5d %9d %9d ms' % (rule, build, r['games'], ','.join(map(str, sorted(r['pieces']))), r['w'], r['l'], r['d'], r['f'], r['slow']))
        t = tot.setdefault(build, dict(games=0, w=0, l=0, d=0, f=0, slow=0))
        for k in ('games', 'w', 'l', 'd', 'f'):
            t[k] += r[k]
        t['slow'] = max(t['slow'], r['slow'])
for build, t in tot.items():
    print('%-13s %-8s %5d %-8s %5d %6d %5d %9d %9d ms' % ('all', build, t['games'], '', t['w'], t['l'], t['d'], t['f'], t['slow']))
games = sum(t['games'] for t in tot.values())
forfeits = sum(t['f'] for t in tot.values())
print()
print('forfeits (timeouts, crashes, illegal moves): %d of %d games (the issue\'s target: 0 in 50)' % (forfeits, games))
peak = int(open(os.path.join(here, 'peak-kb')).read())
print('peak working set of pbrain-sente.exe over every piece: %d MB (Gomocup\'s limit 350 MB)' % (peak >> 10))
