"""drive.py FILE.gtp CMD...: sends FILE's lines one at a time to CMD, each after the previous
reply (a genmove answers in the background, and a line sent early interrupts it); the engine's
stderr passes through."""
import subprocess, sys
p = subprocess.Popen(sys.argv[2:], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
for line in open(sys.argv[1]):
    p.stdin.write(line); p.stdin.flush()
    if line.startswith("quit"):
        break
    reply = p.stdout.readline().strip()
    while p.stdout.readline().strip():
        pass
    if line.startswith("genmove"):
        print(reply, flush=True)
p.wait()
