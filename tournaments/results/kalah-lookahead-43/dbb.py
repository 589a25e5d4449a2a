#!/usr/bin/env python3
"""dbb.py BINARY SEEDS THREADS: builds the SEEDS-seed Kalah(6,*) database from an empty cache under
perf stat; prints the build line, task-clock, cycles, instructions, and the cached file's md5."""
import subprocess, sys, os, shutil, hashlib, glob, time, tempfile
binp, seeds, threads = sys.argv[1:4]
cache = tempfile.mkdtemp(dir="/tmp")
shutil.rmtree(cache, ignore_errors=True); os.makedirs(cache)
env = dict(os.environ, SENTE_KALAH_DB_SEEDS=seeds, SENTE_CACHE_DIR=cache, RUST_LOG="info")
t0 = time.time()
p = subprocess.Popen(["perf", "stat", "-x,", "-e", "task-clock,cycles:u,instructions:u", binp, "kalah", "--threads", threads],
                     stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env)
p.stdin.write("newgame 6 4\nsolve\n"); p.stdin.flush()
buf = ""
while True:
    c = p.stderr.read(1)
    if not c: break
    buf += c
    if buf.endswith("\n"):
        l = buf.splitlines()[-1]
        if "built in" in l: print(l.split("]")[-1].strip(), flush=True)
        if "cached in" in l: break
p.stdin.write("quit\n"); p.stdin.close()
rest = p.stderr.read(); p.wait()
for l in rest.splitlines():
    if "task-clock" in l or "cycles" in l or "instructions" in l: print(l)
for f in glob.glob(cache + "/*.db"):
    print(hashlib.md5(open(f, "rb").read()).hexdigest()[:12], os.path.basename(f), "wall %.1f" % (time.time()-t0))
shutil.rmtree(cache)
