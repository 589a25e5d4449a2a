#!/usr/bin/env python3
"""Rapfi as judge: its Eval (at NODES nodes, one thread) of every position after the opening of
each game of a results.jsonl, one JSON line per game (`analyze.py` turns them into per-move
losses). Usage: NODES=100000 python3 judge.py results.jsonl judged.jsonl (Rapfi at /work/opp/rapfi).
Each position is preceded by ABOUT and YXHASHCLEAR: Rapfi 0.43 swallows the first line after a
node-limited search ends, so a sacrificial line keeps BOARD from being lost."""
import json, subprocess, sys, os, re
NODES = int(os.environ.get("NODES", "100000"))
R = "/work/opp/rapfi"
p = subprocess.Popen(["./pbrain-rapfi"], cwd=R, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
import threading, queue
Q = queue.Queue()
def reader():
    for l in p.stdout: Q.put(l)
    Q.put("")
threading.Thread(target=reader, daemon=True).start()
def send(s): p.stdin.write(s + "\r\n"); p.stdin.flush()
def until_move():
    ev = None; depth=None
    while True:
        try:
            l = Q.get(timeout=2.0)
        except queue.Empty:
            print("poke", file=sys.stderr); send("ABOUT"); continue
        if not l: raise SystemExit("rapfi died")
        l = l.strip()
        m = re.search(r"Depth (\d+)-\d+ \| Eval ([-+]?)(M?)(\d+)", l)
        if m:
            v = int(m.group(4)); v = 30000 - v if m.group(3) else v
            ev = -v if m.group(2) == "-" else v; depth = int(m.group(1))
        if re.fullmatch(r"\d+,\d+", l): return ev, l, depth
send("START 15"); 
while Q.get().strip() != "OK": pass
for c in ["INFO rule 4", "INFO thread_num 1", f"INFO max_node {NODES}", "INFO timeout_turn 100000", "INFO timeout_match 0"]: send(c)
def evaluate(stones):  # stones: list of (x,y) from Black's first; side to move = len%2
    send("ABOUT")
    send("YXHASHCLEAR")
    send("BOARD")
    n = len(stones)
    for i,(x,y) in enumerate(stones):
        own = (i % 2) == (n % 2)
        send(f"{x},{y},{1 if own else 2}")
    send("DONE")
    return until_move()
out = open(sys.argv[2], "a")
games = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
name = os.environ.get("NAME", "sente")
for g in games:
    op = [tuple(int(v) for v in s.split(",")) for s in g["opening"].split()]
    mv = [tuple(int(v) for v in s.split(",")) for s in g["moves"]]
    stones = op + mv
    sente_first = g["first"].startswith(name)
    # The engine that moves first after the opening is movers[0] (0 = "first", 1 = "second").
    sente_moves_first = g["movers"][0] == (0 if sente_first else 1)
    sente_black = (len(op) % 2 == 0) == sente_moves_first
    won = (g["result"] == "first") == sente_first
    evs = []
    for k in range(len(op), len(stones)):
        if len(stones[:k]) >= len(stones) : break
        ev, best, d = evaluate(stones[:k])
        evs.append((k, ev, best, d))
    rec = {"src": sys.argv[1], "game": g["game"], "sente_black": sente_black, "won": won, "reason": g["reason"], "stones": stones, "evals": evs}
    out.write(json.dumps(rec) + "\n"); out.flush()
    print(g["game"], sente_black, won, len(evs), file=sys.stderr)
send("END")
