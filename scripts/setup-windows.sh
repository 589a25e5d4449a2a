#!/usr/bin/env bash
# What the Windows build and its tests need, installed where missing (idempotent; CI calls it
# from .ci/run before scripts/test.sh): the MinGW-w64 linker and C runtime
# (gcc-mingw-w64-x86-64), Wine to run the .exe (wine64), and Rust's x86_64-pc-windows-gnu
# standard library. Debian/Ubuntu packages; run as root or with sudo.
set -euo pipefail
packages=()
command -v x86_64-w64-mingw32-gcc >/dev/null 2>&1 || packages+=(gcc-mingw-w64-x86-64)
command -v wine64 >/dev/null 2>&1 || [ -x /usr/lib/wine/wine64 ] || packages+=(wine64)
if [ ${#packages[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${packages[@]}"
fi
rustup target list --installed | grep -qx x86_64-pc-windows-gnu ||
  rustup target add x86_64-pc-windows-gnu
