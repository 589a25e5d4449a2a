#!/usr/bin/env bash
# The shared conformance scripts (optional: they live outside the repository, in
# ../shared/conformance, or SENTE_CONFORMANCE_DIR). Prints one summary line with how many ran and
# how many were skipped, so that missing scripts show instead of passing silently; with
# SENTE_REQUIRE_CONFORMANCE=1 a skipped script fails the run. Run from anywhere.
set -euo pipefail
cd "$(dirname "$0")/.."
shared=${SENTE_CONFORMANCE_DIR:-../shared/conformance}
checks=(nim match hex_gtp gomocup)
ran=0
skipped=0
for check in "${checks[@]}"; do
  if [ -f "$shared/$check.py" ]; then
    echo "conformance: $check"
    python3 "$shared/$check.py"
    ran=$((ran + 1))
  else
    echo "conformance: $check: $shared/$check.py not found, SKIPPED"
    skipped=$((skipped + 1))
  fi
done
echo "conformance summary: ${ran} run, ${skipped} skipped (of ${#checks[@]})"
if [ "$skipped" -gt 0 ] && [ "${SENTE_REQUIRE_CONFORMANCE:-0}" = 1 ]; then
  echo "SENTE_REQUIRE_CONFORMANCE=1: skipped conformance scripts fail the run" >&2
  exit 1
fi
