#!/bin/bash
# Session 6's exclusive window (01:25-01:45 UTC): 8x8 after Black a1, White to move, one solve
# each from an empty table, one thread, 270 s cap: main's solver (A: cb5413b), the candidate
# (B: b54c5b7, MAX_ORS 2), and MoHex f888938, with MoHex's own counters.
#   /work/tools/heavy-excl bash run-excl6.sh
HERE=$(cd "$(dirname "$0")" && pwd)
cd "$HERE"
A=${A:-/tmp/hs6/base}; B=${B:-/tmp/hs6/ors2}
echo "$(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg) 8x8 a1 A=$A B=$B env: $(env | grep '^SENTE_' | tr '\n' ' ')"
python3 vs-mohex.py --size 8 --cells a1 --bin $A --bin $B --mohex /work/opp/mohex --timelimit 270 --stats
echo "$(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg) end"
