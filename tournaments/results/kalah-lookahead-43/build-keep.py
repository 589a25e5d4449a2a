#!/usr/bin/env python3
"""build-keep.py BINARY SEEDS THREADS CACHE: builds the SEEDS-seed database into CACHE (Kalah(6,5)
`solve`, quit once cached); prints the build lines."""
import subprocess, sys, os
binp, seeds, threads, cache = sys.argv[1:5]
os.makedirs(cache, exist_ok=True)
env = dict(os.environ, SENTE_KALAH_DB_SEEDS=seeds, SENTE_CACHE_DIR=cache, RUST_LOG="info")
p = subprocess.Popen(["/usr/bin/time", "-f", "%U user %e wall %M KB", binp, "kalah", "--threads", threads, "--hash", "64"],
                     stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env)
p.stdin.write("newgame 6 5\nsolve\n"); p.stdin.flush()
for l in p.stderr:
    if "built in" in l or "cached in" in l or "loaded" in l: print(l.strip(), flush=True)
    if "cached in" in l or "loaded" in l: break
p.stdin.write("# interrupt\nquit\n"); p.stdin.close()
print(p.stderr.read().strip()); p.wait()
