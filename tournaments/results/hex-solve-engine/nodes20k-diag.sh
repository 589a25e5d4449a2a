#!/bin/bash
cd /work/wt/hexsolve/tournaments/results/hex-solve-engine
for m in plain bridge; do
  if [ $m = bridge ]; then export SENTE_BRIDGES=1; fi
  echo "$m $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"
  RUST_LOG=info /usr/bin/time -f "cpu %U" ../../../scripts/talk.py -- /tmp/hs8/diag hex --threads 1 < opening8-a1-20k.gtp 2>&1 | grep -E "dfpn:|cpu"
done
