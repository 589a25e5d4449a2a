#!/usr/bin/env python3
"""Gomocup's memory and output conditions, held by the brain under Wine (or any Gomocup engine):
started as the manager starts it, told the fastgame control (5 s/turn, 120 s/game) and the 350 MB
limit (`INFO max_memory 367001600`, as Gomocup sends it), it plays MOVES moves of freestyle on
20x20; its peak working set (VmHWM of the process that runs the .exe: Wine runs a Windows
process as one Linux process) must stay under the limit, every line on stdout must be protocol
(a move, OK, MESSAGE, DEBUG, ERROR, UNKNOWN), and END must end it within 5 s.
  scripts/gomocup-memory.py [--moves N] COMMAND...     (e.g. scripts/wine-run.sh pbrain-sente.exe)
Prints one line: peak working set, moves, seconds per move; exits 1 on a broken condition."""
import re, subprocess, sys, threading, queue, time

LIMIT = 367001600
args = sys.argv[1:]
moves = 3
if args[:1] == ['--moves']:
    moves, args = int(args[1]), args[2:]
p = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
q = queue.Queue()
threading.Thread(target=lambda: [q.put(l.rstrip('\r\n')) for l in p.stdout] and q.put(None),
                 daemon=True).start()
peak = 0


def fail(msg):
    print('gomocup-memory: ' + msg)
    if p.poll() is None:
        p.kill()
    sys.exit(1)


def sample():
    global peak
    try:
        with open('/proc/%d/status' % p.pid) as f:
            for l in f:
                if l.startswith('VmHWM:'):
                    peak = max(peak, int(l.split()[1]) * 1024)
    except OSError:
        pass


def send(s):
    p.stdin.write(s + '\n')
    p.stdin.flush()


MOVE = re.compile(r'^\d+,\d+$')
PROTOCOL = re.compile(r'^(OK|MESSAGE( .*)?|DEBUG( .*)?|ERROR( .*)?|UNKNOWN( .*)?|\d+,\d+)$')


def reply(timeout=30):
    deadline = time.time() + timeout
    while True:
        sample()
        try:
            l = q.get(timeout=0.2)
        except queue.Empty:
            if time.time() > deadline:
                fail('no reply within %d s' % timeout)
            continue
        if l is None:
            fail('the engine closed its output (exit code %s)' % p.poll())
        if not PROTOCOL.match(l):
            fail('not a protocol line on stdout: %r' % l)
        if not (l.startswith('MESSAGE') or l.startswith('DEBUG')):
            return l


send('START 20')
if reply() != 'OK':
    fail('START 20 not answered OK')
for s in ['INFO timeout_turn 5000', 'INFO timeout_match 120000', 'INFO time_left 120000',
          'INFO max_memory %d' % LIMIT, 'INFO game_type 1', 'INFO rule 0']:
    send(s)
stones = set()
t0 = time.time()
send('BEGIN')
for i in range(moves):
    m = reply()
    if not MOVE.match(m):
        fail('BEGIN/TURN answered %r' % m)
    stones.add(m)
    if i + 1 == moves:
        break
    # The opponent plays next to the last move, on a free point.
    x, y = map(int, m.split(','))
    t = next('%d,%d' % (a, b) for a, b in [(x + 1, y), (x, y + 1), (x - 1, y), (x, y - 1),
                                            (x + 1, y + 1), (x - 1, y - 1), (x + 1, y - 1), (x - 1, y + 1)]
             if 0 <= a < 20 and 0 <= b < 20 and '%d,%d' % (a, b) not in stones)
    stones.add(t)
    send('TURN ' + t)
per_move = (time.time() - t0) / moves
sample()
send('END')
try:
    p.wait(timeout=5)
except subprocess.TimeoutExpired:
    fail('still running 5 s after END')
extra = [l for l in iter(q.get, None)]
if extra:
    fail('output after END: %r' % extra)
print('gomocup-memory: peak working set %.0f MB (limit %.0f MB), %d moves at %.1f s/move, exited on END'
      % (peak / 2**20, LIMIT / 2**20, moves, per_move))
sys.exit(0 if peak and peak < LIMIT else 1)
