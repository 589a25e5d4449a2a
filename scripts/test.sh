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
# integer overflow checks, which the release profile leaves out). Two long solves and the
# 841-puzzle search check, which only repeat known values, are left to the release run above.
cargo test --lib --bins -- --skip kalah_6_4_has_its_published_values \
  --skip the_transcripts_kalah_6_2_answer_is_the_minimax_value_and_a_best_pit \
  --skip vcf_puzzles_are_proven_within_a_node_budget_and_their_moves_checked
# The end-to-end tests once more, against the binary built in the test profile: the engine the
# transcripts, the fuzzer and the match runner drive then checks its own debug assertions and
# integer overflows.
cargo test --test protocol --test fuzz --test match
cargo build --release
bash scripts/conformance.sh
# The Windows build under Wine: transcripts, conformance, Gomocup's conditions, a match per
# rule (docs/gomocup.md). Needs scripts/setup-windows.sh; a missing Wine fails here.
bash scripts/windows-test.sh
