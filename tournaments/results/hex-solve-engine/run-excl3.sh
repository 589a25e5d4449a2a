#!/bin/bash
# The 45-position middle-game benchmark, main (base) against the reach cache (reach2), 3 s
# each, one thread (run under /work/tools/heavy-excl).
HERE=$(cd "$(dirname "$0")" && pwd)
echo "$(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg) midgame"
python3 "$HERE/../hex-9-midgame-solve/bench.py" --bin /tmp/hs-bin/base --bin /tmp/hs-bin/reach2 --timelimit 3
echo "$(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg) end"
