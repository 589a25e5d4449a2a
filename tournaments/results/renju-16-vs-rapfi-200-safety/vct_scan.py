#!/usr/bin/env python3
"""For each game in results.jsonl files: at each position, does the side to move have a VCT
(sente's SOLVE VCT)? Prints per game: result, who is sente, first ply where each side had one."""
import json, subprocess, sys
BIN = sys.argv[1]; MS = sys.argv[2]; files = sys.argv[3:]
p = subprocess.Popen([BIN, "renju", "--threads", "1"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
def send(s): p.stdin.write(s + "\n"); p.stdin.flush()
def read_until(pred):
    while True:
        l = p.stdout.readline()
        if not l: raise SystemExit("eof")
        l = l.strip()
        if pred(l): return l
send("START 15"); read_until(lambda l: l.startswith("OK"))
send("INFO rule 4")
def vct(stones):
    send("YXBOARD")
    n = len(stones)
    for i, s in enumerate(stones):
        own = (n - i) % 2 == 0  # side to move = the one who did not play last
        send(f"{s},{1 if own else 2}")
    send("DONE")
    send(f"SOLVE VCT {MS}")
    l = read_until(lambda l: l.startswith("VCT"))
    return None if l == "VCT NONE" else l.split()[1]
for f in files:
    for line in open(f):
        g = json.loads(line)
        opening = g["opening"].split(); moves = g["moves"]; allm = opening + moves
        sente_black = g["first"] == "sente"
        won = (g["result"] == "first") == sente_black
        first = {"sente": None, "rapfi": None}
        for k in range(len(opening), len(allm)):
            black_to_move = k % 2 == 0
            mover = "sente" if black_to_move == sente_black else "rapfi"
            if first[mover] is not None: continue
            v = vct(allm[:k])
            if v: first[mover] = (k, v, allm[k])
        print(json.dumps({"game": g["game"], "sente_won": won, "draw": g["result"] not in ("first","second"), "plies": len(allm), "sente_black": sente_black, "first_vct": first}), flush=True)
send("END")
