#!/usr/bin/env python3
"""Kalah(M,N) `solve` until an absolute deadline (kalah-rank-43/window65.py for any size): sends
`newgame M N`, `solve`, and `# interrupt` at DEADLINE (Unix time) if no answer came, then
`quit`. stderr lines (database progress, progress lines, log) are echoed with the seconds
since `solve` was sent.
Usage: window66.py DEADLINE M N ENGINE-ARGS... (SENTE_BIN: the binary)."""
import os, subprocess, sys, threading, time

deadline, m, n, args = float(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4:]
binary = os.environ.get("SENTE_BIN", "target/release/sente")
p = subprocess.Popen([binary, "kalah", *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                     stderr=subprocess.PIPE, text=True)
start = None

def echo():
    buf = ""
    while True:
        c = p.stderr.read(1)
        if not c:
            return
        if c in "\r\n":
            if buf:
                t = time.time() - start if start else 0.0
                print("[%7.1f s] %s" % (t, buf), flush=True)
            buf = ""
        else:
            buf += c

threading.Thread(target=echo, daemon=True).start()

def send(line):
    p.stdin.write(line + "\n")
    p.stdin.flush()

def reply():
    lines = []
    while True:
        line = p.stdout.readline()
        if line in ("", "\n"):
            return "\n".join(lines)
        lines.append(line.rstrip("\n"))

print("start", time.strftime("%H:%M:%S", time.gmtime()), "load", open("/proc/loadavg").read().strip(), flush=True)
send("newgame %s %s" % (m, n))
reply()
start = time.time()
send("solve")
timer = threading.Timer(max(1.0, deadline - time.time()), lambda: send("# interrupt"))
timer.start()
print("solve ->", reply(), "after %.1f s" % (time.time() - start), flush=True)
timer.cancel()
print("end", time.strftime("%H:%M:%S", time.gmtime()), "load", open("/proc/loadavg").read().strip(), flush=True)
send("quit")
p.stdin.close()
p.wait()
time.sleep(0.5)
