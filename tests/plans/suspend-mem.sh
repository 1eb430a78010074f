#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Suspend-to-RAM through the board's platform_suspend_ops: deep is offered,
# every pm_test level stops the sequence where it should (the trace shows
# the cut), and real cycles woken by the PL031 alarm succeed again and
# again, the PMIC disarmed after each. The last cycle's trace goes to the
# host's ordering oracle.
# trace-check:
# timeout: 180
. ./lib/board.sh

# pm_test level, then the last phase that must be in the trace and the first
# one that must not.
levels="freezer:freeze_processes:dpm_prepare
devices:dpm_suspend:platform_prepare
platform:platform_prepare_late:CPU_OFF
processors:CPU_OFF:syscore_suspend
core:syscore_suspend:machine_suspend"

ktap_print_header
ktap_set_plan 14
check "mem.deep-offered" yes "$(grep -q deep /sys/power/mem_sleep && echo yes)"
echo deep > /sys/power/mem_sleep

for l in $levels; do
	level=${l%%:*} rest=${l#*:}
	last=${rest%%:*} cut=${rest#*:}
	trace_start
	before=$(cat /sys/power/suspend_stats/success)
	suspend_cycle mem "$level"
	rc=$?
	echo 0 > $T/tracing_on
	ok=yes
	[ $rc = 0 ] || ok="write status $rc"
	grep -q " $last\[[0-9]*\] end" $T/trace || ok="no $last in the trace"
	grep -q " $cut\[[0-9]*\] begin" $T/trace && ok="$cut ran"
	check "mem.pm_test.$level.cut-after-$last" yes "$ok"
	check "mem.pm_test.$level.counted" $((before + 1)) "$(cat /sys/power/suspend_stats/success)"
done

# Three real cycles; the PMIC's sleep arming bit must be clear after each.
n=0
for i in 1 2 3; do
	trace_start
	suspend_cycle mem && n=$((n + 1))
done
check "mem.cycles.3-succeeded" 3 "$n"
check "mem.cycles.wakeup-by-rtc" yes "$(grep -q 'machine_suspend\[3\] end' $T/trace && echo yes)"
check "mem.cycles.no-failures" 0 "$(cat /sys/power/suspend_stats/fail)"
trace_dump
ktap_finished
