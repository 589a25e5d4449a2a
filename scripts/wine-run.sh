#!/usr/bin/env bash
# Runs a Windows program under Wine the way the Windows tests do:
#   scripts/wine-run.sh PROGRAM.exe [ARGS...]
# in the prefix target/wine (WINEPREFIX overrides), created on first use, with Wine's own
# messages off (WINEDEBUG=-all) so that stdout and stderr are the program's. The prefix gets
# a stand-in bcryptprimitives.dll (scripts/wine-bcryptprimitives.c), which Windows 10 and 11
# have and Wine 8 lacks. The program keeps this script's pid (exec), so a caller can read its
# memory in /proc and kill it by pid. Needs scripts/setup-windows.sh.
#   scripts/wine-run.sh --init
# only makes the prefix (scripts/test.sh, in the background from its start).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
export WINEPREFIX="${WINEPREFIX:-$root/target/wine}"
export WINEDEBUG=-all
wine=$(command -v wine64 || true)
[ -n "$wine" ] || { [ -x /usr/lib/wine/wine64 ] && wine=/usr/lib/wine/wine64; }
[ -n "$wine" ] || { echo "wine-run: no wine64 (run scripts/setup-windows.sh)" >&2; exit 127; }
dll="$WINEPREFIX/drive_c/windows/system32/bcryptprimitives.dll"
if [ ! -f "$dll" ]; then
  mkdir -p "$WINEPREFIX"
  (
    flock 9
    if [ ! -f "$dll" ]; then
      "$wine" wineboot --init >/dev/null 2>&1 || true
      x86_64-w64-mingw32-gcc -O2 -shared -o "$dll.tmp" "$root/scripts/wine-bcryptprimitives.c" -ladvapi32
      mv "$dll.tmp" "$dll"
    fi
  ) 9>"$WINEPREFIX.lock"
fi
[ "${1:-}" != --init ] || exit 0
exec "$wine" "$@"
