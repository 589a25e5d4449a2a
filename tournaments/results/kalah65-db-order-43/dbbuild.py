import subprocess, sys, os, shutil
binp, seeds, cache = sys.argv[1], sys.argv[2], sys.argv[3]
shutil.rmtree(cache, ignore_errors=True); os.makedirs(cache)
env = dict(os.environ, SENTE_KALAH_DB_SEEDS=seeds, SENTE_CACHE_DIR=cache, RUST_LOG="info")
p = subprocess.Popen(["perf", "stat", "-x,", "-e", "task-clock,cycles:u,instructions:u", binp, "kalah", "--threads", "1"],
                     stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env)
p.stdin.write("newgame 6 4\nsolve\n"); p.stdin.flush()
buf = ""
while True:
    c = p.stderr.read(1)
    if not c: break
    buf += c
    if buf.endswith("\n") and "built in" in buf.splitlines()[-1]:
        print(buf.splitlines()[-1]); break
p.stdin.write("quit\n"); p.stdin.close()
rest = p.stderr.read(); p.wait()
for l in rest.splitlines():
    if "task-clock" in l or "cycles" in l or "instructions" in l: print(l)
