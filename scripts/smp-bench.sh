#!/usr/bin/env bash
# Time to depth, 1 thread vs 2, in one run: `scripts/smp-bench.sh <game> <depth> [hash MB]`.
# Prints both bench lines and the ratios (time and nodes). Run on an otherwise idle machine.
set -euo pipefail
cd "$(dirname "$0")/.."
game=${1:-nim}
depth=${2:-16}
hash=${3:-256}
cargo build --release --quiet
bin=target/release/sente
one=$($bin bench "$game" --threads 1 --depth "$depth" --hash "$hash" 2>/dev/null | tail -n 1)
two=$($bin bench "$game" --threads 2 --depth "$depth" --hash "$hash" 2>/dev/null | tail -n 1)
echo "$one"
echo "$two"
field() { sed -E "s/.* $1=([0-9]+).*/\1/" <<<"$2"; }
python3 - "$(field time_ms "$one")" "$(field time_ms "$two")" "$(field nodes "$one")" "$(field nodes "$two")" <<'PY'
import sys
t1, t2, n1, n2 = map(int, sys.argv[1:])
print(f"time to depth: 2 threads take {t2 / max(t1, 1):.2f}x the time of 1 (speed-up {t1 / max(t2, 1):.2f}x); "
      f"nodes {n2 / max(n1, 1):.2f}x")
PY
