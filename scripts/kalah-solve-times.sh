#!/usr/bin/env bash
# Reproduces the Kalah solve timings: `solve` from the start of Kalah(m,n) in both rule variants,
# beside the plain alpha-beta + TT solver of src/bin/kalah-plain.rs (the last rows),
# with 1 and 2 threads, printing the margin, the node count and the time of each.
#
#   scripts/kalah-solve-times.sh              # (6,3) and (6,4)
#   KALAH_SIZES="6,3 6,4 6,5" CAP=1200 scripts/kalah-solve-times.sh   # (6,5) too, 20 min cap each
#   KALAH_SIZES=6,5 HASH=8192 THREADS=1 CAP=1500 scripts/kalah-solve-times.sh
#                                   # the (6,5) rows of the report: `solve` takes 23-seed
#                                   # databases for boards this big (834 MB each, about 3 min
#                                   # apiece to build on the quiet machine)
#
# The endgame databases are cached in $SENTE_CACHE_DIR (default target/kalah-cache); the first
# run builds them (timed separately, before the solves). HASH sets the proof table in MB,
# DB_SEEDS the database size (default: the engine's, 20 seeds for 6 pits, 23 from 60 seeds up).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
export SENTE_CACHE_DIR="${SENTE_CACHE_DIR:-$PWD/target/kalah-cache}"
sizes="${KALAH_SIZES:-6,3 6,4}"
cap="${CAP:-1200}"
hash="${HASH:-1024}"
threads_list="${THREADS:-1 2}"
if [ -n "${DB_SEEDS:-}" ]; then export SENTE_KALAH_DB_SEEDS="$DB_SEEDS"; fi

# Builds (or loads) the database each solve below will use, once per size and variant, so the
# solves measure the search: `solve` on a trivial board with as many seeds as the game (the
# mover's one seed sown into its store ends the game) makes the engine build it (a bigger
# database for bigger boards).
for size in $sizes; do
  m=${size%,*}; n=${size#*,}
  rest=$((2 * m * n - 1))
  theirs=$(for i in $(seq 1 "$m"); do echo -n "$((rest / m + (i <= rest % m ? 1 : 0))) "; done)
  mine="$(printf '0 %.0s' $(seq 2 "$m"))1"
  for ec in off on; do
    start=$(date +%s.%N)
    RUST_LOG=info timeout "$cap" scripts/kalah-solve.py --threads 2 --hash 16 -- \
      "newgame $m $n; rule empty_capture $ec; position $mine 0 $theirs 0; solve" \
      2>&1 >/dev/null | grep -E "database (loaded|cached)|built in" || true
    echo "database for Kalah($m,$n) empty_capture $ec ready in $(echo "$(date +%s.%N) - $start" | bc) s"
  done
done

printf "%-12s %-14s %-8s %-8s %-12s %-10s\n" game empty_capture threads margin nodes time_ms
for size in $sizes; do
  m=${size%,*}; n=${size#*,}
  for ec in off on; do
    for t in $threads_list; do
      log=$(RUST_LOG=info timeout "$cap" scripts/kalah-solve.py --threads "$t" --hash "$hash" -- \
        "newgame $m $n; rule empty_capture $ec; solve" 2>&1 >/dev/null | grep "solve:" || true)
      if [ -z "$log" ]; then
        printf "%-12s %-14s %-8s %s\n" "Kalah($m,$n)" "$ec" "$t" "no answer within ${cap} s"
        continue
      fi
      value=$(sed -E 's/.*value ([-+][0-9]+).*/\1/' <<<"$log")
      nodes=$(sed -E 's/.*nodes ([0-9]+).*/\1/' <<<"$log")
      ms=$(sed -E 's/.*time ([0-9]+) ms.*/\1/' <<<"$log")
      printf "%-12s %-14s %-8s %-8s %-12s %-10s\n" "Kalah($m,$n)" "$ec" "$t" "$value" "$nodes" "$ms"
    done
  done
done

# The yardstick: a plain alpha-beta + transposition table solver (src/bin/kalah-plain.rs, no
# code shared with the engine), one thread, on the sizes given by PLAIN_SIZES (default 6,3 6,4;
# the plain solver takes hours on (6,5)). `solve` should take under 0.2x its time.
for size in ${PLAIN_SIZES:-6,3 6,4}; do
  m=${size%,*}; n=${size#*,}
  for ec in off on; do
    out=$(timeout "$cap" target/release/kalah-plain "$m" "$n" "$ec" || echo "no answer within ${cap} s")
    printf "%-12s %-14s %-8s %s\n" "Kalah($m,$n)" "$ec" "plain" "$out"
  done
done
