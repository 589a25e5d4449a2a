#!/usr/bin/env python3
"""Run from the project root. Nodes to prove the attacker's win on the defence suite's positions (after Sente's losing game move).
usage: atk.py ENGINE_CMD MAXNODES [SUITE] ; ENGINE_CMD is a shell string; prints per position and a summary."""
import subprocess, sys, re, math, concurrent.futures as cf, shlex
cmd = sys.argv[1]; N = int(sys.argv[2])
suite = sys.argv[3] if len(sys.argv) > 3 else 'tournaments/renju-defence-positions.txt'
rows = []
for l in open(suite):
    p = l.split()
    if len(p) < 7: continue
    rows.append(p[6:] + [p[4]])
def board(moves):
    mover = len(moves) % 2
    out = ["BOARD"] + [f"{m},{1 if i % 2 == mover else 2}" for i, m in enumerate(moves)] + ["DONE"]
    return out
SDEP = re.compile(r"MESSAGE depth (\d+) score (-?\d+) nodes (\d+)")
RAP = re.compile(r"Eval (M\d+|-?\d+).*?\| Time")
RNODE = re.compile(r"Node (\d+)(K|M)?")
def one(moves):
    lines = ["START 15", "INFO rule 4", "INFO thread_num 1", "INFO timeout_match 0", "INFO timeout_turn 600000",
             f"INFO max_node {N}", "INFO show_detail 1"] + board(moves)
    p = subprocess.Popen(cmd, shell=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    p.stdin.write("\n".join(lines) + "\n"); p.stdin.flush()
    first = None; last = None
    for line in p.stdout:
        line = line.strip()
        m = SDEP.search(line)
        if m:
            s, n = int(m.group(2)), int(m.group(3)); last = s
            if s >= 29000 and first is None: first = n
        if re.fullmatch(r"\d+,\d+", line): break
    try:
        p.stdin.write("END\n"); p.stdin.flush()
    except BrokenPipeError: pass
    p.wait()
    return first, last
with cf.ThreadPoolExecutor(2) as pool:
    res = list(pool.map(one, rows))
proven = [f for f, _ in res if f is not None]
for i, (f, l) in enumerate(res):
    print(i, f if f is not None else '-', l)
# score: log-mean of nodes with unproven counted as 2N
lm = math.exp(sum(math.log(f if f is not None else 2 * N) for f, _ in res) / len(res))
print(f"proven {len(proven)}/{len(res)} within {N} nodes; log-mean nodes (unproven=2N) {lm:.0f}")
