#!/bin/bash
# Session 8's exclusive window (07:12-07:27 UTC): 8x8 after Black a1, White to move, one solve
# each from an empty table, one thread, 250 s cap: the branch before this session (plain: the
# diagnostic build of 97cd270 with the work counters), the connection sets carried into every
# visited child (carry: the session's build, sets built only at the root), the same with the
# bridged edge cells pruned (cbridge: SENTE_BRIDGES=1 on that build, a temporary switch), and
# MoHex f888938 with its own counters. Wrappers in /tmp/hs8 set the switches.
#   /work/tools/heavy-excl bash run-excl8.sh
HERE=$(cd "$(dirname "$0")" && pwd)
cd "$HERE"
echo "$(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg) 8x8 a1"
python3 vs-mohex.py --size 8 --cells a1 --bin /tmp/hs8/plain --bin /tmp/hs8/carry --bin /tmp/hs8/cbridge --mohex /work/opp/mohex --timelimit 250 --stats
echo "$(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg) end"
