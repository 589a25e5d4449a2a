#!/bin/bash
# Session 7's exclusive window (04:13-04:30 UTC): 8x8 after Black a1, White to move, one solve
# each from an empty table, one thread, 250 s cap: the branch before this session (plain:
# b65a371's solver, the switch build with SENTE_BRIDGES=0), the bridged edge cells pruned
# (bridge: SENTE_BRIDGES=1), the same with the first-look mobility counting them (bdelta:
# SENTE_BRIDGE_DELTA=1), and MoHex f888938 with its own counters.
#   /work/tools/heavy-excl bash run-excl7.sh
HERE=$(cd "$(dirname "$0")" && pwd)
cd "$HERE"
echo "$(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg) 8x8 a1"
python3 vs-mohex.py --size 8 --cells a1 --bin /tmp/hx/plain --bin /tmp/hx/bridge --bin /tmp/hx/bdelta --mohex /work/opp/mohex --timelimit 250 --stats
echo "$(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg) end"
