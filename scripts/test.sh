#!/usr/bin/env bash
# Every test the project has: formatting, lints, unit and protocol tests (release), the unit
# tests again in the test profile (debug assertions and overflow checks on), and the shared
# conformance scripts, whose absence is counted in the summary line. Run from anywhere; CI runs
# exactly this.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo fmt --check
cargo clippy --release --all-targets -- -D warnings
cargo test --release
# The unit tests in the test profile ([profile.test]: optimised, with debug_assert! and
# integer overflow checks, which the release profile leaves out). Two long solves that only
# repeat known values are left to the release run above.
cargo test --lib --bins -- --skip kalah_6_4_has_its_published_values \
  --skip the_transcripts_kalah_6_2_answer_is_the_minimax_value_and_a_best_pit
cargo build --release
bash scripts/conformance.sh
# The Windows build under Wine: transcripts, conformance, Gomocup's conditions, a match per
# rule (docs/gomocup.md). Needs scripts/setup-windows.sh; a missing Wine fails here.
bash scripts/windows-test.sh
