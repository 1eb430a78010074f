#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# A monitored sleep whose sensor does not answer (its node moved to 0x4b,
# where nothing is): the first round's read fails, and the board resumes
# fully with the reason logged, rather than sleep on unmonitored.
# board: a9
# pmic: twl92230 axp209
# dt-edit: -t x i2c0/sensor@48 reg 4b
. ./lib/board.sh

P=/sys/module/vexpress_sleep/parameters
ktap_print_header
ktap_set_plan 5
echo deep > /sys/power/mem_sleep
echo 200 > $P/monitor_interval_ms
ok=$(cat /sys/power/suspend_stats/success)
trace_start
echo 0 > /sys/class/rtc/rtc0/wakealarm
echo +60 > /sys/class/rtc/rtc0/wakealarm
echo mem > /sys/power/state
rc=$?
echo 0 > /sys/class/rtc/rtc0/wakealarm
echo 0 > $T/tracing_on
echo 0 > $P/monitor_interval_ms
check "monitor.nak.suspend-ok" 0 "$rc"
check "monitor.nak.counted" $((ok + 1)) "$(cat /sys/power/suspend_stats/success)"
check "monitor.nak.one-round" 1 "$(grep -c ' machine_suspend\[[0-9]*\] begin' $T/trace)"
check "monitor.nak.failed-read-traced" yes \
	"$(grep -q 'i2c_result: i2c-[0-9]* n=[0-9]* ret=-6' $T/trace && echo yes)"
check "monitor.nak.reason-logged" yes \
	"$(dmesg | grep -q 'monitor: cannot read sensor 0-004b, resuming: -ENXIO' && echo yes)"
ktap_finished
