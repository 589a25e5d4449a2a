#!/bin/bash
# Session 9's window, second part (10:06-10:13 UTC): 8x8 after Black a2, caps4 (as run-excl9.sh)
# against MoHex f888938, 170 s cap each (the window's end).
#   /work/tools/heavy-excl bash run-excl9b.sh
HERE=$(cd "$(dirname "$0")" && pwd)
cd "$HERE"
echo "$(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg) 8x8 a2"
python3 vs-mohex.py --size 8 --cells a2 --bin /tmp/hs9/caps4 --mohex /work/opp/mohex --timelimit 170 --stats
echo "$(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg) end"
