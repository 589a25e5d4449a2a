#!/bin/bash
# Timed window: main (A) and forced_block_extension=21 (B) against Rapfi at 0.2 s/turn, A B A B, alone.
cd /work/wt/lead
for n in A1 B1 A2 B2; do
  echo "== $n start $(date -u +%T) load $(cut -d' ' -f1-3 /proc/loadavg)"
  /work/notes/tw/sente-A match --config /work/notes/tw/$n.toml > /work/notes/tw/$n.log 2>&1
  echo "== $n end $(date -u +%T) load $(cut -d' ' -f1-3 /proc/loadavg): $(grep -o 'sente vs rapfi: [^E]*' /work/notes/tw/$n.log | tail -1)"
done
