#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# run-suite.sh SUITE: one suite of the test run (tests/run.sh): the
# kernel-quality gates, the runner's, the oracle's or EXTRA_PATCHES'
# self-tests, the LAVA jobs' short check (lava), or a guest plan. Prints its results as an indented KTAP
# subtest, then how long it took, then "# counts: PASSED FAILED SKIPPED".
set -u

top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 1
. scripts/build-dir.sh
start=$(date +%s)
case "$1" in
kernel-quality-gates)
	out=$(sh scripts/check.sh "$build/linux" "$build/obj" 2>&1 |
		awk '/^check: .*: clean$/ { n++; sub(/^check: /, ""); print "    ok " n " " $0; p++; next }
		     /^check: .*: FAILED$/ { n++; sub(/^check: /, ""); print "    not ok " n " " $0; f++; next }
		     /^check: .*: SKIP / { n++; sub(/^check: /, ""); sub(/: SKIP /, " # SKIP "); print "    ok " n " " $0; s++; next }
		     { print "    # " $0 }
		     END { print "# counts: " p + 0 " " (n ? f + 0 : 1) " " s + 0 }') ;;
runner-selftest)
	out=$(sh tests/runner-selftest.sh) ;;
launcher-selftest)
	out=$(sh tests/launcher-selftest.sh) ;;
oracle-selftest)
	out=$(sh tests/sleeptrace/selftest.sh) ;;
extra-patches-selftest)
	out=$(sh tests/extra-patches-selftest.sh) ;;
lava)
	out=$(sh lava/quick.sh) ;;
*)
	# PLAN or PLAN@PROFILE: the QEMU for the profile comes from run.sh
	plan=${1%@*} prof=twl92230
	[ "$plan" = "$1" ] || prof=${1#*@}
	eval "q=\${QEMU_$prof-unset} why=\${NOQEMU_$prof:-}"
	if [ "$q" = unset ]; then	# run alone, not from run.sh
		out=$(sh tests/run-plan.sh "$plan")
	elif [ -n "$q" ]; then
		out=$(QEMU=$q PMIC=$prof sh tests/run-plan.sh "$plan")
	else
		out=$(printf '    ok 1 %s # SKIP no QEMU for the %s profile: %s\n# counts: 0 0 1\n' \
			"$1" "$prof" "$(echo "$why" | head -n 1)")
	fi ;;
esac
echo "$out" | grep -v '^# counts:'
# How long it took: wall time, the CPU time (user + system) of all it ran,
# QEMU included, from "times" (in this shell: in a pipeline or $(...) it
# would count a subshell's children), and when it started after
# tests/run.sh did (RUN_START): where the run's time goes.
tmp=$(mktemp)
times > "$tmp"
cpu=$(awk 'END { gsub(/[ms]/, " "); printf "%.1f", $1 * 60 + $2 + $3 * 60 + $4 }' "$tmp")
rm -f "$tmp"
echo "    # time: $1: $(($(date +%s) - start)) s wall, $cpu s CPU${RUN_START:+, from +$((start - RUN_START)) s}"
echo "$out" | grep '^# counts:' || echo "# counts: 0 1 0"
