#!/usr/bin/env bash
# Every test the project has: formatting, lints, the end-to-end tests (against the release
# binary, and protocol, fuzz and match against the test-profile binary), the unit tests (test
# profile), the doc tests, the shared conformance scripts (whose absence is counted in the
# summary line) and the Windows build under Wine. Run from anywhere; CI runs exactly this.
# Each suite runs once, and every test harness is built once: in the test profile, then
# pointed at whichever binary it checks (SENTE_TEST_BIN, tests/support/mod.rs).
# Built in the release profile (fat LTO, one codegen unit) they cost an LTO link each; a
# second release run of the unit tests cost a single-codegen-unit LTO build of their harness
# and a second run of all of them (the longest phase of the whole run).
set -euo pipefail
cd "$(dirname "$0")/.."
# Each stage's wall time, printed as it ends and listed at the end (issue 38 watches the run's
# length stage by stage; on a failure the list holds the stages that passed before it).
# With each, the CPU time (user + system) of the processes it waited for (this shell's children
# in /proc, clock ticks): unlike the wall time, nearly the same at any load, so it shows which
# stage's work grew.
stages=()
windows_build= windows_listed=
cpu_seconds() { awk -v hz="$(getconf CLK_TCK)" '{ print int(($16 + $17) / hz) }' "/proc/${1:-$$}/stat"; }
stage() {
  local name=$1 start=$SECONDS cpu
  cpu=$(cpu_seconds)
  shift
  "$@"
  # The background Windows build, once reaped (its /proc entry gone), is in this shell's
  # children's CPU: taken out of this stage's and listed on a line of its own.
  local background=
  [ -n "$windows_build" ] && [ -z "$windows_listed" ] && ! [ -e "/proc/$windows_build" ] && background=1
  cpu=$(($(cpu_seconds) - cpu))
  if [ -n "$background" ]; then
    local windows_wall=0 windows=0
    [ -s "$windows_cpu" ] && read -r windows_wall windows <"$windows_cpu"
    cpu=$((cpu - windows))
    stages+=("$(printf '%6d s %6d s CPU  %s' "$windows_wall" "$windows" "build-windows (in the background, to here)")")
    windows_listed=1
  fi
  stages+=("$(printf '%6d s %6d s CPU  %s' $((SECONDS - start)) "$cpu" "$name")")
  echo "test.sh: $name took $((SECONDS - start)) s ($cpu s CPU)"
}
# The Wine prefix the Windows tests run in (target/wine), made once per clone: wineboot needs
# none of the builds, so it runs in the background from here, beside them, instead of at the
# start of the Windows stage. wine-run.sh makes it under a lock (a stage that needs it first
# waits for it); a missing Wine fails the Windows stage, as before, not this.
scripts/wine-run.sh --init >/dev/null 2>&1 &
wine_prefix=$!
trap '[ -z "$windows_build" ] || [ -n "$windows_listed" ] || kill "$windows_build" 2>/dev/null; wait "$wine_prefix" 2>/dev/null; echo "test.sh: stage times (wall, CPU)"; printf "%s\n" "${stages[@]}"; echo "test.sh: ${SECONDS} s in all, $(cpu_seconds) s CPU"' EXIT
stage fmt cargo fmt --check
# The Windows build scripts/windows-test.sh tests (release profile, in a target folder of its
# own, so that it never waits for target/'s lock), in the background from here to the Windows
# stage at the lowest priority: it takes the CPU the stages in front leave idle (clippy's and
# the Linux build's single-threaded steps, the end-to-end tests' waits on the engines) and
# yields it to them, so their clocks and time limits run as they would without it. Its wall
# time (from the start) and CPU time are listed on a line of their own, before the stage it
# ended in, which does not count its CPU.
windows_cpu=target/windows-build.cpu
rm -f "$windows_cpu"
(
  nice -n 19 cargo build --release --quiet --target x86_64-pc-windows-gnu --target-dir target/windows-build &
  cargo=$!
  trap 'kill "$cargo" 2>/dev/null' TERM
  rc=0 me=$BASHPID
  wait "$cargo" || rc=$?
  echo "$SECONDS $(cpu_seconds "$me")" >"$windows_cpu"
  exit "$rc"
) &
windows_build=$!
stage clippy cargo clippy --release --all-targets -- -D warnings
# The shipped binary, which the end-to-end tests, the conformance scripts and the Windows
# tests' Linux opponent drive.
stage build-release cargo build --release
# The end-to-end tests that drive the engine through its protocols (the transcripts, the
# fuzzer, the match runner's games) run once, against the test-profile binary below, which
# checks its own debug assertions and integer overflows; run against the release binary as
# well they cost about 50 s and checked nothing more (the release build's code still plays the
# transcripts and matches under Wine, and the conformance scripts, below). Every other
# end-to-end test (tests/*.rs: the docs, the scripts, the import layers, ...) runs here against
# the release binary, the one shipped; a new file in tests/ joins this run.
e2e_release=()
for file in tests/*.rs; do
  name=$(basename "$file" .rs)
  case $name in
  fuzz | match) ;;
  *) e2e_release+=(--test "$name") ;;
  esac
done
# Every test harness of the test profile, built in one cargo run before any of them runs: the
# unit tests' harness (the whole library again, with its tests) then compiles beside the library
# the end-to-end tests link, each a long single-threaded front end, instead of after it.
stage build-tests cargo test --no-run --tests
stage e2e-release env SENTE_TEST_BIN="$PWD/target/release/sente" cargo test "${e2e_release[@]}"
stage doc cargo test --doc
# The unit tests, in the test profile ([profile.test]: optimised, with debug_assert! and
# integer overflow checks, which the release profile leaves out), and the protocol, fuzz and
# match end-to-end tests against the binary built in that profile.
stage unit+e2e-test-profile cargo test --lib --bins --test protocol --test fuzz --test match
stage conformance bash scripts/conformance.sh
# The Windows build under Wine: transcripts, conformance, Gomocup's conditions, a match per
# rule (docs/gomocup.md). Needs scripts/setup-windows.sh; a missing Wine fails here.
# The Windows build from the start (above), waited for (bash keeps its exit status after it
# ended); then its tests.
stage wait-windows-build wait "$windows_build"
stage windows bash scripts/windows-test.sh
