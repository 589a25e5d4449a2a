#!/usr/bin/env python3
"""In each lost game, at sente's move just before Rapfi's first VCT (vct_scan output), which of
sente's candidate moves leave Rapfi without a VCT? Prints the count of safe moves of all tried."""
import json, subprocess, sys
BIN, MS, scan, results = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
games = {}
for f in results:
    for line in open(f):
        g = json.loads(line); games[(f, g["game"])] = g
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
    send("DONE"); send(f"SOLVE VCT {MS}")
    l = read_until(lambda l: l.startswith("VCT"))
    return None if l == "VCT NONE" else l.split()[1]
rows = [json.loads(l) for l in open(scan)]
# scan rows are in file order: first file's games then the second's
keys = list(games.keys())
for key, r in zip(keys, rows):
    g = games[key]; assert g["game"] == r["game"]
    if r["sente_won"] or r["draw"]: continue
    k = r["first_vct"]["rapfi"][0]
    allm = g["opening"].split() + g["moves"]
    before = allm[:k - 1]; played = allm[k - 1]
    occ = set(before)
    xy = [tuple(map(int, s.split(","))) for s in before]
    cands = sorted({f"{x+dx},{y+dy}" for x, y in xy for dx in range(-2, 3) for dy in range(-2, 3)
                    if 0 <= x+dx < 15 and 0 <= y+dy < 15} - occ)
    safe = [c for c in cands if vct(before + [c]) is None]
    print(json.dumps({"file": key[0], "game": g["game"], "ply": k - 1, "played": played, "cands": len(cands), "safe": len(safe), "safe_moves": safe[:12]}), flush=True)
send("END")
