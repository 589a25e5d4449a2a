#!/bin/bash
cd /work/wt/hexsolve/tournaments/results/hex-solve-engine
for m in carry carrybridge plain; do
  unset SENTE_BRIDGES SENTE_CARRY
  case $m in carry) export SENTE_CARRY=1;; carrybridge) export SENTE_CARRY=1 SENTE_BRIDGES=1;; esac
  echo "$m $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"
  RUST_LOG=info /usr/bin/time -f "cpu %U" ../../../scripts/talk.py -- /tmp/hs8/carry hex --threads 1 < opening8-a1-20k.gtp 2>&1 | grep -E "dfpn:|cpu"
done
