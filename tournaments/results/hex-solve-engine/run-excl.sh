#!/bin/bash
# The exclusive measurements of this folder's README: main's engine (base) and this branch's
# (new) one after the other on each set. Run under /work/tools/heavy-excl.
HERE=$(cd "$(dirname "$0")" && pwd)
cd "$HERE"
for set in openings6-fresh openings7-fresh; do
  for b in base new; do
    echo "$(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg) $set $b: $(bash measure.sh /tmp/hs-bin/$b $set.gtp)"
  done
done
