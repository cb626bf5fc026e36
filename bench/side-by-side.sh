#!/bin/sh
# side-by-side.sh COMMAND [ARG]...: run COMMAND twice at once and wait for
# both (bench.sh: what two cores give two runs that share nothing).
"$@" > /dev/null 2>&1 &
"$@" > /dev/null 2>&1
wait
