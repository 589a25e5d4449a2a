#!/usr/bin/env bash
# The Windows build, held under Wine to what the Linux build is held to (scripts/test.sh runs
# this last): the .exe is cross-built (x86_64-pc-windows-gnu), then
#   - the Gomoku, Renju and Hex transcripts run against it (the Hex ones as `sente.exe hex`);
#   - the shared Gomocup and Hex GTP conformance scripts, when present (as conformance.sh);
#   - sente.exe's match runner ends an engine's whole process tree (its job object);
#   - pbrain-sente.exe keeps Gomocup's conditions at the fastgame control: peak working set
#     under 350 MB, nothing but protocol on stdout, gone on END (scripts/gomocup-memory.py);
#   - a short match of pbrain-sente.exe against the Linux build under each Gomocup rule must
#     end every game on the board (scripts/windows-match.sh).
# A missing Wine or MinGW fails the run (scripts/setup-windows.sh installs them). Wine's
# prefix lives in target/wine.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
target=x86_64-pc-windows-gnu
# The .exe in a target folder of its own (target/windows-build): scripts/test.sh builds it there
# beside the Linux release build, whose lock on target/ it then does not wait for; each build
# ends in one single-threaded step (fat LTO, one codegen unit), so side by side they take the
# time of one.
cargo build --release --quiet
cargo build --release --quiet --target "$target" --target-dir target/windows-build
out=target/windows-test
rm -rf "$out"
mkdir -p "$out"
exe=$root/$out/sente.exe
cp "target/windows-build/$target/release/sente.exe" "$exe"
cp "$exe" "$out/pbrain-sente.exe"
# sente.exe under Wine as one command, for the transcripts and the conformance scripts.
printf '#!/bin/sh\nexec %q %q "$@"\n' "$root/scripts/wine-run.sh" "$exe" >"$out/sente-wine"
chmod +x "$out/sente-wine"
# One wineserver for the whole run (scripts/wine-run.sh's prefix), ended with it: a Wine
# start that finds none running starts one and loads the prefix, about 1 s against 0.1 s,
# and one left to itself exits 3 s after its last program.
export WINEPREFIX="${WINEPREFIX:-$root/target/wine}"
wineserver=$(command -v wineserver || echo /usr/lib/wine/wineserver64)
mkdir -p "$WINEPREFIX"
"$wineserver" -p || true # (one already running: kept, and ended with the run)
trap '"$wineserver" -k 2>/dev/null || true' EXIT
# The first start creates the prefix (about 10 s); a broken Wine fails here, plainly.
scripts/wine-run.sh "$exe" --version

echo "windows: transcripts (gomoku, renju, hex) under Wine"
# The protocol test harness scripts/test.sh built (test profile), pointed at sente.exe.
SENTE_TEST_BIN=$root/$out/sente-wine SENTE_TRANSCRIPT_GAMES=gomoku,renju,hex \
  cargo test --quiet --test protocol

shared=${SENTE_CONFORMANCE_DIR:-../shared/conformance}
for check in gomocup hex_gtp; do
  if [ -f "$shared/$check.py" ]; then
    echo "windows: conformance $check under Wine"
    SENTE_BIN=$root/$out/sente-wine python3 "$shared/$check.py"
  else
    echo "windows: conformance $check: $shared/$check.py not found, SKIPPED"
  fi
done

echo "windows: the match runner as sente.exe, one engine a batch file that outlives quit"
# The batch file's ping keeps running after the engine quits; only the runner's job object
# (src/arena/engine.rs) ends it: without one, killing cmd.exe leaves ping behind.
printf '@echo off\r\nsente.exe nim\r\nping -n 67 127.0.0.1 >nul\r\n' >"$out/outlives.bat"
(cd "$out" && "$root/scripts/wine-run.sh" sente.exe match --game nim --games 2 --tc 100ms/move \
  --engine "name=exe cmd=sente.exe nim" --engine "name=bat cmd=cmd /c outlives.bat" \
  --out runner >runner.log 2>&1) || { tail -5 "$out/runner.log"; exit 1; }
grep -q "2 games played" "$out/runner.log" || { tail -5 "$out/runner.log"; exit 1; }
sleep 1
if pgrep -f "ping -n 67 127.0.0.1" >/dev/null; then
  echo "windows: the batch file's child outlived the match (no job object kill)" >&2
  exit 1
fi

echo "windows: Gomocup's memory and output conditions (fastgame, 350 MB)"
python3 scripts/gomocup-memory.py --moves 3 scripts/wine-run.sh "$root/$out/pbrain-sente.exe"

echo "windows: match against the Linux build under each rule"
bash scripts/windows-match.sh
