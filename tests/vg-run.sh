#!/bin/sh
# vg-run.sh -- LOG_COMPILER of the tests without an extension (the Check
# unit tests and the test scripts): runs a compiled test under $VALGRIND
# when it is set (`make check VALGRIND='valgrind -q --error-exitcode=99
# ...'`, see .ci/run), anything else (a shell script) as it is.  Scripts
# that run patlint pass VALGRIND on to it themselves (tests/run-golden.sh).
case ${VALGRIND:-} in
'') exec "$@" ;;
esac
if head -c 2 "$1" 2>/dev/null | grep -q '^#!'; then
    exec "$@"
fi
# Check's fork mode off: one process, so valgrind's report is the test's.
CK_FORK=no
export CK_FORK
# shellcheck disable=SC2086
exec $VALGRIND "$@"
