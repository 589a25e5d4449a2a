"""CPU seconds of a few fixed-playout moves: feeds a GTP file to `sente hex --playouts N`, one
command at a time (genmove answers in the background), and prints the moves and the child's
user time and peak memory. Usage: python3 cpu-per-moves.py BINARY FILE.gtp PLAYOUTS"""
import resource
import subprocess
import sys

binary, gtp, playouts = sys.argv[1], sys.argv[2], sys.argv[3]
p = subprocess.Popen([binary, "--seed", "1", "hex", "--threads", "1", "--playouts", playouts],
                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
moves = []
for line in open(gtp):
    p.stdin.write(line)
    p.stdin.flush()
    if line.startswith("quit"):
        break
    reply = p.stdout.readline().strip()
    p.stdout.readline()
    if line.startswith("genmove"):
        moves.append(reply)
p.wait()
ru = resource.getrusage(resource.RUSAGE_CHILDREN)
print("maxrss %d MB" % (ru.ru_maxrss // 1024), binary.split('/')[-1], gtp, "moves",
      " ".join(moves), "user %.2f s" % ru.ru_utime)
