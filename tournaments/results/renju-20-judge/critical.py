#!/usr/bin/env python3
"""critical.py NAME "SENTE CMD" NODES : Sente's move at NODES in each critical position, judged by Rapfi."""
import subprocess, sys, threading, queue, shlex, re, json, os
name, cmd, nodes = sys.argv[1], sys.argv[2], int(sys.argv[3])
JN = int(os.environ.get("JUDGE_NODES", "100000"))
class Eng:
    def __init__(self, argv, cwd=None):
        self.p = subprocess.Popen(argv, cwd=cwd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.q = queue.Queue()
        threading.Thread(target=self.rd, daemon=True).start()
    def rd(self):
        for l in self.p.stdout: self.q.put(l)
        self.q.put("")
    def send(self, s): self.p.stdin.write(s + "\r\n"); self.p.stdin.flush()
    def until(self, pred):
        ev = None
        while True:
            l = self.q.get(timeout=300).strip()
            m = re.search(r"Eval ([-+]?)(M?)(\d+)", l)
            if m:
                v = int(m.group(3)); v = 30000 - v if m.group(2) else v
                ev = -v if m.group(1) == "-" else v
            if pred(l): return l, ev
    def start(self, nodes):
        self.send("START 15"); self.until(lambda l: l == "OK")
        for c in ["INFO rule 4", "INFO thread_num 1", f"INFO max_node {nodes}", "INFO timeout_turn 300000", "INFO timeout_match 0"]: self.send(c)
    def ask(self, st):
        self.send("ABOUT")
        self.send("YXHASHCLEAR"); self.send("BOARD"); n = len(st)
        for i, (x, y) in enumerate(st): self.send(f"{x},{y},{1 if (i % 2) == (n % 2) else 2}")
        self.send("DONE")
        return self.until(lambda l: l[:1].isdigit())
pos = []
for line in open(os.path.join(os.path.dirname(__file__), os.environ.get("CRIT","critical.txt"))):
    tag, *mv = line.split()
    e0 = int(tag.split("e0=")[1].split(":")[0])
    pos.append((tag, e0, [tuple(map(int, m.split(","))) for m in mv]))
mf = f"/work/notes/judge/crit-{name}.moves"
if os.path.exists(mf) and len(open(mf).read().split()) == len(pos):
    moves = open(mf).read().split()
else:
    s = Eng(shlex.split(cmd)); s.start(nodes)
    moves = [s.ask(st)[0] for _, _, st in pos]
    s.send("END")
    open(mf, "w").write("\n".join(moves) + "\n")
j = Eng(["./pbrain-rapfi"], cwd="/work/opp/rapfi"); j.start(JN)
cap = lambda v: max(-2000, min(2000, v))
losses = []; out = open(f"/work/notes/judge/crit-{name}.jsonl", "w")
for (tag, e0, st), mv in zip(pos, moves):
    x, y = map(int, mv.split(","))
    _, e1 = j.ask(st + [(x, y)])
    loss = cap(e0) + cap(e1 if e1 is not None else 0)
    losses.append((loss, e1 is not None and e1 >= 20000))
    out.write(json.dumps({"tag": tag, "move": mv, "after": e1, "loss": loss}) + "\n"); out.flush()
n = len(losses)
W = [l for (t, _, _), l in zip(pos, losses) if ":W:" in t]
B = [l for (t, _, _), l in zip(pos, losses) if ":B:" in t]
f = lambda L: f"{len(L)} pos, mean loss {sum(a for a,_ in L)/max(1,len(L)):.0f}, >300 {sum(a>300 for a,_ in L)}, mate allowed {sum(b for _,b in L)}"
print(f"{name}: all {f(losses)} | W {f(W)} | B {f(B)}")
