#!/usr/bin/env python3
"""vctprobe.py BIN MS : for each critical position where main's move allowed a mate, does SOLVE VCT find the attacker's win after it?"""
import subprocess, sys, threading, queue, json, time
B=sys.argv[1]; ms=int(sys.argv[2])
D="/work/wt/lead/tournaments/results/renju-20-judge/"
crit=[l.split() for l in open(D+"critical.txt")]
res=[json.loads(l) for l in open(D+"crit-base.jsonl")]
import os; os.environ["RUST_LOG"]="sente::games::renju::threats::dfpn=debug"
p=subprocess.Popen([B,"renju","--threads","1"],stdin=subprocess.PIPE,stdout=subprocess.PIPE,stderr=open("probe.err","w"),text=True,bufsize=1)
Q=queue.Queue()
threading.Thread(target=lambda: [Q.put(l) for l in p.stdout],daemon=True).start()
def send(s): p.stdin.write(s+"\r\n"); p.stdin.flush()
def until(pred):
    while True:
        l=Q.get(timeout=60).strip()
        if pred(l): return l
send("START 15"); until(lambda l:l=="OK"); send("INFO rule 4")
found=0; n=0
for (tag,*mv),r in zip(crit,res):
    if r["after"] is None or r["after"]<20000: continue
    st=[tuple(map(int,m.split(','))) for m in mv]+[tuple(map(int,r["move"].split(',')))]
    k=len(st)
    send("YXBOARD")
    for i,(x,y) in enumerate(st): send(f"{x},{y},{1 if (i%2)==(k%2) else 2}")
    send("DONE")
    t=time.time(); send(f"SOLVE VCT {ms}")
    l=until(lambda l: l.startswith("VCT"))
    n+=1; found+= l!="VCT NONE"
    print(tag[:12], r["move"], 30000-r["after"], l, round(time.time()-t,2), flush=True)
print("found",found,"of",n)
send("END")
