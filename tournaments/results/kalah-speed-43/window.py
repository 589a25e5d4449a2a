#!/usr/bin/env python3
"""Kalah(6,5) `solve` with a time cap: sends the commands, and `# interrupt` after CAP seconds
if no answer came (the engine then answers with the proven margin window). stderr (progress
lines, log) passes through. Usage: window.py CAP ENGINE-ARGS... (SENTE_BIN: the binary)."""
import os, subprocess, sys, threading, time

cap, args = float(sys.argv[1]), sys.argv[2:]
binary = os.environ.get("SENTE_BIN", "target/release/sente")
p = subprocess.Popen([binary, "kalah", *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

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

send("newgame 6 5")
print(reply(), flush=True)
start = time.time()
send("solve")
timer = threading.Timer(cap, lambda: send("# interrupt"))
timer.start()
print("solve ->", reply(), "after %.1f s" % (time.time() - start), flush=True)
timer.cancel()
send("quit")
p.stdin.close()
p.wait()
