#!/usr/bin/env python3
"""Time SOLVE VCT at the first ply where Rapfi had one (vct_scan rows), with a long deadline."""
import json, subprocess, sys, time
BIN, MS, scan, results = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
games = []
for f in results:
    for line in open(f): games.append(json.loads(line))
p = subprocess.Popen([BIN, "renju", "--threads", "1"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
def send(s): p.stdin.write(s + "\n"); p.stdin.flush()
def read_until(pred):
    while True:
        l = p.stdout.readline().strip()
        if pred(l): return l
send("START 15"); read_until(lambda l: l.startswith("OK")); send("INFO rule 4")
def vct(stones):
    send("YXBOARD"); n = len(stones)
    for i, s in enumerate(stones):
        send(f"{s},{1 if (n - i) % 2 == 0 else 2}")
    send("DONE"); t = time.time(); send(f"SOLVE VCT {MS}")
    l = read_until(lambda l: l.startswith("VCT"))
    return l, time.time() - t
for g, r in zip(games, (json.loads(l) for l in open(scan))):
    for who in ("rapfi", "sente"):
        f = r["first_vct"][who]
        if f is None: continue
        allm = g["opening"].split() + g["moves"]
        l, t = vct(allm[:f[0]])
        print(who, f[0], l, round(t * 1000), flush=True)
send("END")
