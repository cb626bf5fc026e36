#!/bin/sh
# build.sh -- set up a fresh Debian machine, build patlint in build/, and
# lint the bundled example pattern set (README, first command).
set -eu
cd "$(dirname "$0")/.."
. scripts/deps.sh
pl_need_pkgs $PL_BUILD_PKGS graphviz $PL_PEER_PKGS
[ -x configure ] || autoreconf -fi
mkdir -p build
[ -f build/Makefile ] || (cd build && ../configure)
make -C build -j"$(nproc)"
echo "== patlint on examples/ =="
sh examples/run.sh build/patlint
