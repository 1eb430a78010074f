#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# run-suite.sh SUITE: one suite of the test run (tests/run.sh): the
# kernel-quality gates, the series' per-kernel copies against their
# bases (scripts/check-copies.sh), the runner's, the KTAP reader's, the awk
# programs' under mawk and gawk, the launcher's,
# the PMIC parity's, the oracle's or EXTRA_PATCHES' self-tests, docs/ci.md's
# CI snippets, the
# tutorial's excerpts against the plans' results, the LAVA jobs' short
# check (lava: lava-run alone, by name only), the same jobs through a LAVA
# lab (lab: make test-lab, and make test's list), or a guest plan. SUITE is NAME[@PROFILE][@KVER]: a PMIC profile other than the
# TWL92230 (axp209), a kernel other than the default (scripts/kver.sh),
# whose build directory, build/KVER, it then uses. Prints the suite as a
# KTAP v1 subtest (tests/ktap.awk) with how long it took; with SUITE_NUM,
# also its own result line, numbered so (run.sh's place for it).
set -u

top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 1
. scripts/kver.sh
suite=$1 name=${1%%@*} prof=twl92230
rest=${1#"$name"}
# (a name without a kernel is the default kernel's, whatever KVER the
# caller has: the name says which kernel a result is of)
kver=${KVERS%% *}
while [ -n "$rest" ]; do
	rest=${rest#@}
	w=${rest%%@*} rest=${rest#"$w"}
	case " $KVERS " in
	*" $w "*) kver=$w ;;
	*) prof=$w ;;
	esac
done
# (another kernel than the caller's, KVER: its own build directory; the
# caller's kernel keeps the caller's BUILD, make test-debug's)
[ "$kver" = "$KVER" ] || { KVER=$kver BUILD=build/$kver; export KVER BUILD; }
. scripts/build-dir.sh
start=$(date +%s)
out=$(mktemp)
trap 'rm -f "$out" "$out.raw"' EXIT
rc=0
# nest: a checker's own KTAP ($out.raw), indented as this suite's ($out)
nest() {
	sed 's/^/    /' "$out.raw" > "$out"
	rm -f "$out.raw"
}
# Each suite prints indented results; its exit status counts too.
case "$name" in
kernel-quality-gates)
	# (its exit status counts: a check.sh that dies after some gates
	# must not pass with those alone)
	sh scripts/check.sh "$build/linux" "$build/obj" > "$out.raw" 2>&1; rc=$?
	nest ;;
patch-copies)
	sh scripts/check-copies.sh > "$out.raw" 2>&1; rc=$?
	nest ;;
runner-selftest)
	sh tests/runner-selftest.sh > "$out"; rc=$? ;;
ktap-selftest)
	sh tests/ktap-selftest.sh > "$out"; rc=$? ;;
awk-selftest)
	sh tests/awk-selftest.sh > "$out"; rc=$? ;;
launcher-selftest)
	sh tests/launcher-selftest.sh > "$out"; rc=$? ;;
parity-selftest)
	sh tests/parity-selftest.sh > "$out"; rc=$? ;;
tutorial-check)
	# (after the plans, on their results: run.sh runs it last)
	sh tests/tutorial-check.sh "$build/results" > "$out.raw"; rc=$?
	nest ;;
oracle-selftest)
	sh tools/sleeptrace/selftest.sh > "$out"; rc=$? ;;
extra-patches-selftest)
	sh tests/extra-patches-selftest.sh > "$out"; rc=$? ;;
ci-snippets)
	sh tests/ci-snippets.sh > "$out"; rc=$? ;;
lava)
	sh lava/quick.sh > "$out"; rc=$? ;;
lab)
	sh lava/lab/test.sh > "$out"; rc=$? ;;
*)
	# A guest plan, on the profile's QEMU (run.sh picks it, else QEMU or
	# the system's): one without the profile's PMIC model is a skip that
	# names the QEMU version needed (boot/qemu.sh --check, status 3);
	# anything else wrong (no image, no DTB, no QEMU at all) a failure.
	eval "q=\${QEMU_$prof:-\${QEMU:-qemu-system-arm}}"
	err=$(QEMU=$q PMIC=$prof sh boot/qemu.sh --check 2>&1 >/dev/null)
	case $? in
	0) QEMU=$q PMIC=$prof PLAN_RESULTS_ONLY=1 sh tests/run-plan.sh "$name" > "$out"; rc=$? ;;
	3) echo "    ok 1 $suite: QEMU # SKIP $(echo "$err" | head -n 1 | sed 's/^qemu.sh: PMIC [a-z0-9]* //')" > "$out" ;;
	*) { echo "$err" | sed 's/^/    # /'; echo "    not ok 1 $suite: cannot boot it"; } > "$out" ;;
	esac ;;
esac
# How long it took: wall time, the CPU time (user + system) of all it ran,
# QEMU included, from "times" (in this shell: in a pipeline or $(...) it
# would count a subshell's children), and when it started after
# tests/run.sh did (RUN_START): where the run's time goes.
tmp=$(mktemp)
times > "$tmp"
cpu=$(awk 'END { gsub(/[ms]/, " "); printf "%.1f", $1 * 60 + $2 + $3 * 60 + $4 }' "$tmp")
rm -f "$tmp"
echo "    # time: $suite: $(($(date +%s) - start)) s wall, $cpu s CPU${RUN_START:+, from +$((start - RUN_START)) s}" >> "$out"
awk -f tests/ktap.awk -v mode=suite -v name="$suite" -v num="${SUITE_NUM:-}" -v rc=$rc "$out"
