#!/bin/sh
# test.sh -- set up a fresh Debian machine and run the test suite (README,
# second command): unit tests (Check) and golden tests, built in build/.
set -eu
cd "$(dirname "$0")/.."
. scripts/deps.sh
pl_need_pkgs $PL_BUILD_PKGS
[ -x configure ] || autoreconf -fi
mkdir -p build
[ -f build/Makefile ] || (cd build && ../configure)
make -C build -j"$(nproc)"
make -C build -j"$(nproc)" check
