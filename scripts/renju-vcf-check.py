#!/usr/bin/env python3
"""End-to-end VCF check: every puzzle of ../shared/data/renju-vcf.jsonl is set with YXBOARD and
answered with `SOLVE VCF <ms>`; each line returned is checked by the independent referee
../shared/conformance/gomoku_ref.py. Prints solved/total, invalid lines and the time per puzzle.
    scripts/renju-vcf-check.py [--ms 2000] [--data FILE] [--bin target/release/sente]"""
import argparse, json, os, subprocess, sys, time

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = os.path.join(HERE, '..', '..', 'shared')
sys.path.insert(0, os.path.join(SHARED, 'conformance'))
from gomoku_ref import check_vcf  # noqa: E402

ap = argparse.ArgumentParser()
ap.add_argument('--ms', type=int, default=2000)
ap.add_argument('--data', default=os.path.join(SHARED, 'data', 'renju-vcf.jsonl'))
ap.add_argument('--bin', default=os.path.join(HERE, '..', 'target', 'release', 'sente'))
args = ap.parse_args()

p = subprocess.Popen([args.bin, 'renju', '--threads', '1'], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                     stderr=subprocess.DEVNULL, text=True, bufsize=1)


def send(s):
    p.stdin.write(s + '\n')
    p.stdin.flush()


solved = invalid = total = 0
worst = 0.0
t_all = time.time()
for line in open(args.data):
    d = json.loads(line)
    size, black, white = d['size'], [tuple(s) for s in d['black']], [tuple(s) for s in d['white']]
    own_black = d['to_move'] == 'black'
    fb, fw = (1, 2) if own_black else (2, 1)
    send('START %d' % size)
    assert p.stdout.readline().strip() == 'OK'
    send('INFO rule %d' % (4 if d.get('rule', 'renju') == 'renju' else 0))
    # Move order with Black first; surplus stones of one colour go in a row.
    b, w = list(black), list(white)
    seq = [(b.pop(0), fb)] if b else []
    while len(b) > len(w):
        seq.append((b.pop(0), fb))
    while b or w:
        if w:
            seq.append((w.pop(0), fw))
        if b:
            seq.append((b.pop(0), fb))
    send('YXBOARD')
    for (x, y), f in seq:
        send('%d,%d,%d' % (x, y, f))
    send('DONE')
    t0 = time.time()
    send('SOLVE VCF %d' % args.ms)
    reply = p.stdout.readline().strip()
    worst = max(worst, time.time() - t0)
    total += 1
    if reply.startswith('VCF ') and reply != 'VCF NONE':
        moves = [tuple(map(int, m.split(','))) for m in reply[4:].split()]
        why = check_vcf(black, white, d['to_move'], moves, size, d.get('rule', 'renju') == 'renju')
        if why is None:
            solved += 1
        else:
            invalid += 1
            print('invalid line for %s: %s (%s)' % (line.strip(), reply, why))
send('END')
n = max(1, total)
print('SOLVE VCF %d: %d/%d solved (%.1f%%), %d invalid lines, %.1f ms per puzzle, worst %.0f ms'
      % (args.ms, solved, total, 100.0 * solved / n, invalid, (time.time() - t_all) * 1000 / n, worst * 1000))
sys.exit(0 if solved * 100 >= total * 95 and invalid == 0 else 1)
