#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# 'make stress [CYCLES=N]': the suspend-stress plan (tests/plans/
# suspend-stress.sh) with N deep cycles instead of the suite's short form,
# judged by the test runner (tests/run-plan.sh: KTAP results, kernel
# reports on the console, timeout). Under -icount on one CPU, as every
# plan without "# smp: 2": idle time, the sleep included, costs no wall
# time. Prints the plan's results, its summary line and the wall time;
# the console is in $BUILD/results/suspend-stress.log.
#
# The runner starts this script again as its launcher (LAUNCH), with
# boot/qemu.sh's arguments: it adds STRESS_CYCLES to the kernel command
# line (unknown parameters reach /init's environment, and so the plan's)
# and a timeout sized for N cycles.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
cycles=${CYCLES:-10000}
# Measured: about 0.1 s of wall time per cycle on a loaded 2-core host;
# four times that, and the boot
tmo=$((60 + cycles * 4 / 10))

if [ "${1:-}" = --plan ]; then
	exec sh "$top/boot/qemu.sh" "$@" --timeout "$tmo" --append "STRESS_CYCLES=$cycles"
fi

echo "== suspend-stress: $cycles deep cycles under -icount (timeout $tmo s)"
t0=$(date +%s)
rc=0
LAUNCH=$top/boot/stress.sh CYCLES=$cycles sh "$top/tests/run-plan.sh" suspend-stress || rc=$?
echo "== wall time $(($(date +%s) - t0)) s"
exit $rc
