#!/usr/bin/env bash
# Makes the Gomocup brain: a copy of the release binary named pbrain-sente (piskvork and the
# Gomocup referee pick the protocol by that prefix; so named, sente speaks Gomocup with no
# arguments, freestyle until `INFO rule` says otherwise).
#   scripts/pbrain-install.sh [DIR]    (default: target/release)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
dir="${1:-target/release}"
mkdir -p "$dir"
cp target/release/sente "$dir/pbrain-sente"
echo "$dir/pbrain-sente"
