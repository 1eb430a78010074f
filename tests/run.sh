#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The vexpress-pm test suite (run by 'make test' and .ci/run).
#
#   run.sh [PLAN...]
#
# First the kernel-quality gates (scripts/check.sh), the runner's own tests
# (it must report failure when a guest fails, hangs, or prints a truncated
# log), the ordering oracle's (on recorded and deliberately reordered
# traces) and EXTRA_PATCHES' (every patch format applies, a patch that
# changes nothing stops the build), short LAVA jobs run by lava-run
# (lava/quick.sh), then every tests/plans/*.sh guest plan
# (fixture-* plans are only for the runner's tests) on each PMIC profile
# it names, each booted in QEMU: tests/run-suite.sh runs one.
# Prints KTAP and ends with "N passed, N failed, N skipped"; exits 0 only
# if nothing failed.
#
# Suites run TEST_JOBS at a time (default: one per CPU), longest first.
# Every guest runs under -icount, where the guest's time does not depend on
# the host's load, except plans that boot a second CPU ("# smp: 2"): those
# run in real time, one at a time, from the start, while the others take the
# remaining TEST_JOBS - 1 slots at a lower priority (nice 10), so the suite's
# own jobs leave the real-time guest the CPU it asks for (other load on the
# host does not). Results are printed in the
# order listed.
set -u

top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 1
# run-suite.sh says when each suite started, after this
RUN_START=$(date +%s); export RUN_START
if [ $# -gt 0 ]; then
	plans=$*
else
	plans=$(ls tests/plans/*.sh | sed 's|.*/||; s|\.sh$||' | grep -v '^fixture-')
fi
# HOST_SUITES: the suites that do not boot a guest (make test-debug: none)
shared=${HOST_SUITES-kernel-quality-gates runner-selftest launcher-selftest oracle-selftest extra-patches-selftest lava}
alone=
for p in $plans; do
	# The PMIC profiles a plan runs on (tests/plan-profiles.sh): one
	# suite each, named PLAN on the TWL92230 and PLAN@axp209.
	suites=
	for prof in $(sh tests/plan-profiles.sh "tests/plans/$p.sh"); do
		case $prof in
		twl92230) suites="$suites $p" ;;
		*) suites="$suites $p@$prof" ;;
		esac
	done
	case "$(sed -n 's/^# smp: //p' "tests/plans/$p.sh" 2>/dev/null)" in
	"" | 1) shared="$shared$suites" ;;
	*) alone="$alone$suites" ;;
	esac
done

# Which QEMU runs each profile, asked once (boot/qemu.sh --check): QEMU if
# set, else the system's, else for the AXP209 the QEMU 10 that 'make deps'
# unpacked on Debian 12. Without one, that profile's suites are skips that
# say why (run-suite.sh).
for prof in twl92230 axp209; do
	q=${QEMU:-qemu-system-arm}
	why=$(QEMU=$q PMIC=$prof sh boot/qemu.sh --check 2>&1 >/dev/null)
	if [ -n "$why" ] && [ -z "${QEMU:-}" ] && [ $prof = axp209 ] &&
	   QEMU=$top/boot/qemu-backport.sh PMIC=$prof sh boot/qemu.sh --check >/dev/null 2>&1; then
		q=$top/boot/qemu-backport.sh why=
	fi
	[ -z "$why" ] || q=
	eval "export QEMU_$prof=\"\$q\" NOQEMU_$prof=\"\$why\""
done

# The suites run TEST_JOBS at a time. Each one's output goes to a file,
# then through a FIFO that is read in the order listed: a FIFO's reader
# waits for its writer, so no polling, and a finished suite's slot is free
# at once (its writer waits in the background). The real-time ones are one
# job, first: they run one after the other in a slot of their own.
fifos=$(mktemp -d)
trap 'rm -rf "$fifos"' EXIT
# Longest first, so that short ones fill in at the end: the gates, the
# runner's tests (6 s of them wait for a hung guest's timeout), then plans
# by their "# timeout:" header (default 120 s), which the slow ones raise.
n=0
for s in $shared; do
	n=$((n + 1))
	mkfifo "$fifos/$n"
	case $s in
	kernel-quality-gates) t=10000 ;;
	runner-selftest) t=9999 ;;
	lava) t=9998 ;;	# lava/quick.sh: 40-70 s (docs/measurements.md)
	*) t=$(sed -n 's/^# timeout: //p' "tests/plans/${s%@*}.sh" 2>/dev/null | head -n 1) ;;
	esac
	echo "${t:-120} $n $s"
done > "$fifos/jobs"
rt=
for s in $alone; do
	n=$((n + 1))
	mkfifo "$fifos/$n"
	rt="$rt $n $s"
done
[ -z "$rt" ] || echo "99999 rt$rt" >> "$fifos/jobs"
# Each job: "[rt] N SUITE [N SUITE...]"
sort -k1,1nr -k2,2n "$fifos/jobs" | cut -d' ' -f2- | xargs -P "${TEST_JOBS:-$(nproc)}" -L 1 sh -c '
	nice="nice -n 10"
	[ "$1" != rt ] || { nice=; shift; }
	while [ $# -ge 2 ]; do
		$nice sh tests/run-suite.sh "$2" > "$0/$1.out" 2>&1
		cat "$0/$1.out" > "$0/$1" &
		shift 2
	done' "$fifos" &

P=0 F=0 S=0 n=0
echo "TAP version 13"
echo "1..$(echo $shared $alone | wc -w)"
for s in $shared $alone; do
	n=$((n + 1))
	echo "# $s"
	out=$(cat "$fifos/$n")
	echo "$out" | grep -v '^# counts:'
	set -- $(echo "$out" | sed -n 's/^# counts: //p')
	P=$((P + ${1:-0})) F=$((F + ${2:-1})) S=$((S + ${3:-0}))
	if [ "${2:-1}" = 0 ]; then echo "ok $n $s"; else echo "not ok $n $s"; fi
done
wait
tmp=$(mktemp)
times > "$tmp"	# as run-suite.sh does
echo "# time: $(($(date +%s) - RUN_START)) s wall, $(awk 'END { gsub(/[ms]/, " "); printf "%.0f", $1 * 60 + $2 + $3 * 60 + $4 }' "$tmp") s CPU"
rm -f "$tmp"
echo "$P passed, $F failed, $S skipped"
[ "$F" = 0 ]
