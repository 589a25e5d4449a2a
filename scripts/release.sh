#!/usr/bin/env bash
# The release: from a clean checkout, every binary a user downloads, in dist/:
#   sente-VERSION-gomocup.zip        pbrain-sente.exe at the root (x86-64 baseline, any 64-bit
#                                    CPU): what Gomocup and Piskvork load
#   sente-VERSION-gomocup-avx2.zip   the same built for AVX2 CPUs (x86-64-v3), also at the root
#   sente-VERSION-windows-x86_64.zip sente.exe (Hex GTP, Kalah, Nim, the match runner), both
#                                    flavours of each, README and docs
#   sente-VERSION-linux-x86_64.tar.gz the Linux binary, README and docs
#   SHA256SUMS                        their SHA-256 sums
# The .exe files are statically linked (x86_64-pc-windows-gnu): each is checked to import no DLL
# but Windows' own and to stay within Gomocup's 8 MB. Installs what it needs
# (scripts/setup-windows.sh). ABOUT's author, country and website come from SENTE_AUTHOR,
# SENTE_COUNTRY and SENTE_WWW when set (src/protocol/gomocup.rs).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup-windows.sh
version=$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -1)
win=x86_64-pc-windows-gnu
dist=dist
rm -rf "$dist"
mkdir -p "$dist"
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT

cargo build --release --locked
cargo build --release --locked --target "$win"
# The AVX2 flavour in a target folder of its own: RUSTFLAGS changes every crate's build.
RUSTFLAGS="-C target-cpu=x86-64-v3" \
  cargo build --release --locked --target "$win" --target-dir target/avx2

# Windows' own DLLs (the system's, present on every Windows 10 and 11): anything else is a
# dependency a Gomocup machine would lack.
system_dlls='^(kernel32|ntdll|advapi32|bcrypt|bcryptprimitives|msvcrt|ws2_32|userenv|user32|api-ms-win-[a-z0-9-]+)\.dll$'
check_exe() {
  local exe=$1 bytes dll
  bytes=$(stat -c %s "$exe")
  if [ "$bytes" -gt $((8 << 20)) ]; then
    echo "release: $exe is $bytes bytes, over Gomocup's 8 MB" >&2
    exit 1
  fi
  for dll in $(x86_64-w64-mingw32-objdump -p "$exe" | sed -n 's/^\s*DLL Name: //p' | sort -fu); do
    if ! echo "$dll" | tr 'A-Z' 'a-z' | grep -Eq "$system_dlls"; then
      echo "release: $exe imports $dll, not a Windows DLL" >&2
      exit 1
    fi
  done
  echo "release: $(basename "$(dirname "$exe")")/$(basename "$exe"): $bytes bytes," \
    "imports $(x86_64-w64-mingw32-objdump -p "$exe" | sed -n 's/^\s*DLL Name: //p' | sort -fu | tr '\n' ' ')"
}

mkdir -p "$stage/baseline" "$stage/avx2"
cp "target/$win/release/sente.exe" "$stage/baseline/pbrain-sente.exe"
cp "target/avx2/$win/release/sente.exe" "$stage/avx2/pbrain-sente.exe"
for exe in "$stage"/*/pbrain-sente.exe; do
  x86_64-w64-mingw32-strip "$exe"
  check_exe "$exe"
done

# Gomocup: the exe at the zip's root (the binary speaks Gomocup when named pbrain-*).
(cd "$stage/baseline" && zip -q -X "$OLDPWD/$dist/sente-$version-gomocup.zip" pbrain-sente.exe)
(cd "$stage/avx2" && zip -q -X "$OLDPWD/$dist/sente-$version-gomocup-avx2.zip" pbrain-sente.exe)

w="$stage/sente-$version-windows-x86_64"
mkdir -p "$w"
cp "$stage/baseline/pbrain-sente.exe" "$w/pbrain-sente.exe"
cp "$stage/baseline/pbrain-sente.exe" "$w/sente.exe"
cp "$stage/avx2/pbrain-sente.exe" "$w/pbrain-sente-avx2.exe"
cp "$stage/avx2/pbrain-sente.exe" "$w/sente-avx2.exe"
cp -r README.md docs "$w/"
(cd "$stage" && zip -q -X -r "$OLDPWD/$dist/sente-$version-windows-x86_64.zip" "sente-$version-windows-x86_64")

l="$stage/sente-$version-linux-x86_64"
mkdir -p "$l"
cp target/release/sente "$l/sente"
strip "$l/sente"
cp -r README.md docs "$l/"
tar -C "$stage" -czf "$dist/sente-$version-linux-x86_64.tar.gz" "sente-$version-linux-x86_64"

(cd "$dist" && sha256sum -- *.zip *.tar.gz >SHA256SUMS)
ls -l "$dist"
cat "$dist/SHA256SUMS"
