#!/bin/bash
# Kalah(6,4) solve from the start (release build of f0c0b54), 2 threads, both rules: database
# seeds K and proof-table MB varied; CPU (user) of the whole command, the solve's nodes.
cd /work/fresh18w1 || exit 1
for k in ${KS:-16 18 20}; do
  for mb in ${MBS:-64 256}; do
    for rule in off on; do
      cache=$(mktemp -d /tmp/win-kcache.XXXX)
      out=$( { SENTE_CACHE_DIR=$cache SENTE_KALAH_DB_SEEDS=$k RUST_LOG=info /usr/bin/time -f 'TIME %e %U' \
        python3 scripts/kalah-solve.py --threads 2 --hash $mb -- "rule empty_capture $rule ; newgame 6 4 ; solve"; } 2>&1)
      rm -rf "$cache"
      echo "k=$k mb=$mb $rule: $(echo "$out" | grep -o 'value [^t]*' | head -1) $(echo "$out" | grep -o 'nodes [0-9]* time [0-9]* ms' | tail -1) $(echo "$out" | grep TIME)"
    done
  done
done
