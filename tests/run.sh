#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The vexpress-pm test suite (run by 'make test' and .ci/run).
#
#   run.sh [PLAN...]
#
# First the kernel-quality gates (scripts/check.sh), the runner's own tests (it must report failure when a guest fails,
# hangs, or prints a truncated log) and the ordering oracle's (on recorded
# and deliberately reordered traces), then every tests/plans/*.sh guest plan
# (fixture-* plans are only for the runner's tests), each booted in QEMU.
# Prints KTAP and ends with "N passed, N failed, N skipped"; exits 0 only
# if nothing failed.
set -u

top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 1
if [ $# -gt 0 ]; then
	plans=$*
else
	plans=$(ls tests/plans/*.sh | sed 's|.*/||; s|\.sh$||' | grep -v '^fixture-')
fi
suites="kernel-quality-gates runner-selftest oracle-selftest $plans"

P=0 F=0 S=0 n=0
echo "TAP version 13"
echo "1..$(echo "$suites" | wc -w)"
for s in $suites; do
	n=$((n + 1))
	echo "# $s"
	if [ "$s" = kernel-quality-gates ]; then
		out=$(sh scripts/check.sh "${BUILD:-build}/linux" "${BUILD:-build}/obj" 2>&1 |
			awk '/^check: .*: clean$/ { n++; sub(/^check: /, ""); print "    ok " n " " $0; p++; next }
			     /^check: .*: FAILED$/ { n++; sub(/^check: /, ""); print "    not ok " n " " $0; f++; next }
			     { print "    # " $0 }
			     END { print "# counts: " p + 0 " " (n ? f + 0 : 1) " 0" }')
	elif [ "$s" = runner-selftest ]; then
		out=$(sh tests/runner-selftest.sh)
	elif [ "$s" = oracle-selftest ]; then
		out=$(sh tests/sleeptrace/selftest.sh)
	else
		out=$(sh tests/run-plan.sh "$s")
	fi
	echo "$out" | grep -v '^# counts:'
	set -- $(echo "$out" | sed -n 's/^# counts: //p')
	P=$((P + ${1:-0})) F=$((F + ${2:-1})) S=$((S + ${3:-0}))
	if [ "${2:-1}" = 0 ]; then echo "ok $n $s"; else echo "not ok $n $s"; fi
done
echo "$P passed, $F failed, $S skipped"
[ "$F" = 0 ]
