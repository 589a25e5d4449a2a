#!/usr/bin/env python3
"""cgbuild.py BINARY SEEDS OUT: callgrind of building the SEEDS-seed database on 1 thread
(Kalah(6,4) solve, quit as soon as the build is logged); prints the md5 of the file."""
import subprocess, sys, os, shutil, tempfile, hashlib, glob
binp, seeds, out = sys.argv[1:4]
cache = tempfile.mkdtemp(dir="/tmp")
env = dict(os.environ, SENTE_KALAH_DB_SEEDS=seeds, SENTE_CACHE_DIR=cache, RUST_LOG="info")
p = subprocess.Popen(["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out, binp, "kalah", "--threads", "1"],
                     stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env)
p.stdin.write("newgame 6 4\nsolve\n"); p.stdin.flush()
for line in p.stderr:
    if "built in" in line or "cached in" in line:
        print(line.strip(), flush=True)
    if "cached in" in line:
        break
p.stdin.write("quit\n"); p.stdin.close()
for line in p.stderr:
    if "Collected" in line: print(line.strip())
p.wait()
for f in glob.glob(cache + "/*.db"):
    print(hashlib.md5(open(f, "rb").read()).hexdigest(), os.path.basename(f))
shutil.rmtree(cache)
