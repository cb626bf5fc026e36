#!/bin/sh
# deps.sh -- install the Debian packages a step needs, only when missing.
#
#   . scripts/deps.sh; pl_need_pkgs pkg...
#
# Uses apt-get directly as root, through sudo otherwise.
pl_need_pkgs() {
    missing=""
    for p in "$@"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
            missing="$missing $p"
    done
    [ -z "$missing" ] && return 0
    echo "installing:$missing"
    if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
    export DEBIAN_FRONTEND=noninteractive
    # shellcheck disable=SC2086
    $sudo apt-get update -qq && $sudo apt-get install -y -qq --no-install-recommends $missing
}

# Packages to build patlint and run its unit and golden tests.
PL_BUILD_PKGS="gcc make autoconf automake pkg-config libpcre2-dev libgraphviz-dev libjson-c-dev check graphviz groff-base"
# The MLIR 16 peers (test oracles and benchmark baselines only) and the
# include tree the examples and peer suites read.
PL_PEER_PKGS="llvm-16-dev libmlir-16-dev mlir-16-tools python3 python3-jsonschema"
