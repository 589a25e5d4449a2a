#!/usr/bin/env bash
# Every test the project has: formatting, lints, unit and protocol tests, and the shared
# conformance scripts for the features that exist. Run from anywhere; CI runs exactly this.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo fmt --check
cargo clippy --release --all-targets -- -D warnings
cargo test --release
cargo build --release
shared=../shared/conformance
if [ -d "$shared" ]; then
  for check in nim match hex_gtp gomocup; do
    echo "conformance: $check"
    python3 "$shared/$check.py"
  done
else
  echo "conformance scripts not found at $shared: skipped"
fi
