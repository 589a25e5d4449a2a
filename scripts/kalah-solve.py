#!/usr/bin/env python3
"""Sends commands to `sente kalah` one at a time, waits for each reply, prints it, then quits.
Usage: kalah-solve.py [--bin PATH] [--] [engine args...] -- CMD1 ; CMD2 ; ...
Example: kalah-solve.py --threads 2 --hash 1024 -- "newgame 6 4 ; solve"
"""
import os, subprocess, sys

args = sys.argv[1:]
binary = os.environ.get("SENTE_BIN", "target/release/sente")
if "--" not in args:
    sys.exit(__doc__)
cut = args.index("--")
engine_args, commands = args[:cut], " ".join(args[cut + 1:]).split(";")
p = subprocess.Popen([binary, "kalah", *engine_args], stdin=subprocess.PIPE,
                     stdout=subprocess.PIPE, text=True)
for c in commands:
    c = c.strip()
    if not c:
        continue
    p.stdin.write(c + "\n")
    p.stdin.flush()
    lines = []
    while True:
        line = p.stdout.readline()
        if line == "" or line == "\n":
            break
        lines.append(line.rstrip("\n"))
    print("> %s\n%s" % (c, "\n".join(lines)), flush=True)
p.stdin.write("quit\n")
p.stdin.close()
p.wait()
