#!/bin/bash
# Exclusive timing of session 4 (run under /work/tools/heavy-excl, at most 6 minutes): main's
# solver (tt: main ebecdbc + the lazy alpha-beta table clear, which no solve touches) against
# the kept parent sets (sets-cache), and MoHex; each opening from an empty table.
HERE=$(cd "$(dirname "$0")" && pwd)
cd "$HERE"
A=${A:-/tmp/hs-bin/tt}; B=${B:-/tmp/hs-bin/andcopy}
echo "$(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg) 6x6 A=$A B=$B"
python3 vs-mohex.py --size 6 --bin $A --bin $B --mohex /work/opp/mohex --timelimit 60
echo "$(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg) 7x7 sample"
python3 vs-mohex.py --size 7 --cells a1,b2,c3,d4,a2,e2,b6 --bin $A --bin $B --mohex /work/opp/mohex --timelimit 120
echo "$(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg) midgame"
timeout 290 python3 "$HERE/../hex-9-midgame-solve/bench.py" --bin $A --bin $B --timelimit 3
echo "$(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg) end"
