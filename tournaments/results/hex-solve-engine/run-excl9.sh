#!/bin/bash
# Session 9's exclusive window (09:58-10:13 UTC): 8x8 after Black a1, White to move, one solve
# each from an empty table, one thread, 240 s cap: main's solver (base: the switch build with
# SENTE_CAPS=0, no captured pairs), the captured pairs in the AND/OR rules with the semi lists
# between two non-edge nodes held to 4 (caps4: SENTE_CAPS=1 SENTE_SEMICAP=4), and MoHex f888938
# with its own counters. Wrappers in /tmp/hs9 set the switches.
#   /work/tools/heavy-excl bash run-excl9.sh
HERE=$(cd "$(dirname "$0")" && pwd)
cd "$HERE"
echo "$(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg) 8x8 a1"
python3 vs-mohex.py --size 8 --cells a1 --bin /tmp/hs9/base --bin /tmp/hs9/caps4 --mohex /work/opp/mohex --timelimit 240 --stats
echo "$(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg) end"
