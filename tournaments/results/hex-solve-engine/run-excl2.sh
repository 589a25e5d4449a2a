#!/bin/bash
# Exclusive timing of session 3 (run under /work/tools/heavy-excl): main (base) against the
# cached reach of ice::layer (reach2), and MoHex, each opening from an empty table.
HERE=$(cd "$(dirname "$0")" && pwd)
cd "$HERE"
echo "$(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg) 6x6"
python3 vs-mohex.py --size 6 --bin /tmp/hs-bin/base --bin /tmp/hs-bin/reach2 --mohex /work/opp/mohex --timelimit 60
echo "$(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg) 7x7 sample"
python3 vs-mohex.py --size 7 --cells a1,b2,c3,d4,a2,e2,b6 --bin /tmp/hs-bin/base --bin /tmp/hs-bin/reach2 --mohex /work/opp/mohex --timelimit 120
echo "$(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg) end"
