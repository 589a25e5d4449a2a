#!/usr/bin/env bash
# Every test the project has: formatting, lints, the unit tests (test profile), the end-to-end
# tests against the release binary and again against the test-profile binary, the doc tests,
# and the shared conformance scripts, whose absence is counted in the summary line. Run from
# anywhere; CI runs exactly this.
# Each suite runs once per binary it checks. The unit tests run in the test profile only, which
# adds checks and drops none (the three longest, once left to a release run, included): a second
# release run of them cost a single-codegen-unit LTO build of their harness and a second run of
# all 279 (the longest phase of the whole run).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo fmt --check
cargo clippy --release --all-targets -- -D warnings
# The end-to-end tests against the release binary, the one shipped (this builds it).
cargo test --release --test '*'
cargo test --release --doc
# The unit tests, in the test profile ([profile.test]: optimised, with debug_assert! and
# integer overflow checks, which the release profile leaves out), and the end-to-end tests
# once more against the binary built in that profile: the engine the transcripts, the fuzzer
# and the match runner drive then checks its own debug assertions and integer overflows.
cargo test --lib --bins --test protocol --test fuzz --test match
cargo build --release
bash scripts/conformance.sh
# The Windows build under Wine: transcripts, conformance, Gomocup's conditions, a match per
# rule (docs/gomocup.md). Needs scripts/setup-windows.sh; a missing Wine fails here.
bash scripts/windows-test.sh
