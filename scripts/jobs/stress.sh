#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# 'make stress [CYCLES=N]': the suspend-stress plan (tests/plans/
# suspend-stress.sh) with N deep cycles instead of the suite's short form,
# judged by the test runner (tests/run-plan.sh: KTAP results, kernel
# reports on the console, timeout). By default under -icount on one CPU, as every
# plan without "# smp: 2": idle time, the sleep included, costs no wall
# time. Prints the plan's results, its summary line and the wall time;
# the console is in $BUILD/results/suspend-stress.log.
#
# The runner starts this script again as its launcher (LAUNCH), with
# boot/qemu.sh's arguments: it adds STRESS_CYCLES and STRESS_LEAD to the
# kernel command line (unknown parameters reach /init's environment, and
# so the plan's) and a timeout sized for N cycles.
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
# MODE=icount (default): one CPU, virtual time, 10,000 cycles; 0.1-0.25 s
# of wall time per cycle on a 2-core host at load 4-13, 0.75 s at load 20
# (2026-12-05, 217 cycles in 170 s): a timeout of 1 s per cycle, and the
# boot. MODE=realtime: two CPUs in real time, as
# 'make run' (CPU hotplug in every cycle, alarms in host seconds), the
# alarm 4 s ahead instead of 2: on a loaded host the entry, from the
# alarm's arming to the sleep, took up to 1.9 s in cycles that slept and
# more than 2 s in the three that the alarm aborted (40 cycles at load
# 20-24, QEMU at nice 10, 2026-12-05; docs/reliability.md). Each cycle
# then sleeps about 4 s, so 100 cycles by default, 8 s allowed each.
mode=${MODE:-icount}
case $mode in
icount)   cycles=${CYCLES:-10000}; tmo=$((60 + ${CYCLES:-10000})) lead=2 ;;
realtime) cycles=${CYCLES:-100}; tmo=$((60 + ${CYCLES:-100} * 8)) lead=4 ;;
*) echo "stress.sh: MODE=$mode: expected icount or realtime" >&2; exit 2 ;;
esac

if [ "${1:-}" = --plan ]; then
	if [ "$mode" = realtime ]; then
		# the runner's launcher arguments, without -icount, on two CPUs
		for a; do
			shift
			case $a in
			--icount) ;;
			--smp) set -- "$@" --smp; smp=next ;;
			*) [ "${smp:-}" = next ] && a=2 smp=; set -- "$@" "$a" ;;
			esac
		done
	fi
	exec sh "$top/boot/qemu.sh" "$@" --timeout "$tmo" --append "STRESS_CYCLES=$cycles STRESS_LEAD=$lead"
fi

echo "== suspend-stress: $cycles deep cycles, $mode, alarm $lead s ahead (timeout $tmo s)"
t0=$(date +%s)
rc=0
LAUNCH=$top/scripts/jobs/stress.sh MODE=$mode CYCLES=$cycles sh "$top/tests/run-plan.sh" suspend-stress || rc=$?
echo "== wall time $(($(date +%s) - t0)) s"
exit $rc
