#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# A monitored sleep whose sensor stops answering: the SBCon's fault
# injection, over the whole transition (fault_whole_sleep), NAKs the first
# transfer of the first round's read, which lm75 makes for the sleep
# controller (lm75_read_oneshot()). The board resumes fully with the
# reason logged, rather than sleep on unmonitored. A clean monitored sleep
# first, with the threshold at absolute zero so that its first round
# resumes, counts the transfers before that read.
# board: a9
# pmic: twl92230 axp209
# kernels: all
. ./lib/board.sh

P=/sys/module/vexpress_sleep/parameters
F=/sys/kernel/debug/i2c/i2c-$BUS
ktap_print_header
ktap_set_plan 8

# monitored_sleep: suspend-to-RAM, traced, the RTC alarm a minute ahead
monitored_sleep() {
	trace_start
	echo 0 > /sys/class/rtc/rtc0/wakealarm
	echo +60 > /sys/class/rtc/rtc0/wakealarm
	echo mem > /sys/power/state
	rc=$?
	echo 0 > /sys/class/rtc/rtc0/wakealarm
	echo 0 > $T/tracing_on
}
rounds() { grep -c ' machine_suspend\[[0-9]*\] begin' $T/trace; }

echo deep > /sys/power/mem_sleep
threshold=$(cat $P/monitor_threshold_mc)
echo -273000 > $P/monitor_threshold_mc
echo 200 > $P/monitor_interval_ms
monitored_sleep
check "monitor.nak.reference.suspend-ok" 0 "$rc"
check "monitor.nak.reference.one-round" 1 "$(rounds)"
# The transfers of the transition before the first round's read, plus one
n=$(awk '/ platform_begin\[[0-9]+\] begin/ { on = 1 }
	/ platform_suspend_again\[[0-9]+\] begin/ { print m + 1; exit }
	on && /i2c_result:/ { m++ }' $T/trace)
check "monitor.nak.reference.read-found" yes "$([ -n "$n" ] && echo yes)"

ok=$(cat /sys/power/suspend_stats/success)
dmesg -c > /dev/null
echo 1 > $F/fault_whole_sleep
echo 1 > $F/fail_nak/verbose
echo "$n" > $F/fail_nak/space
echo 1 > $F/fail_nak/times
echo 100 > $F/fail_nak/probability
monitored_sleep
echo 0 > $F/fail_nak/probability
echo 0 > $F/fault_whole_sleep
echo 0 > $P/monitor_interval_ms
echo "$threshold" > $P/monitor_threshold_mc
check "monitor.nak.suspend-ok" 0 "$rc"
check "monitor.nak.counted" $((ok + 1)) "$(cat /sys/power/suspend_stats/success)"
check "monitor.nak.one-round" 1 "$(rounds)"
check "monitor.nak.failed-read-traced" 1 "$(awk '
	/ platform_suspend_again\[[0-9]+\] begin/ { on = 1 }
	/ platform_suspend_again\[[0-9]+\] end/ { on = 0 }
	on && /i2c_result: i2c-[0-9]* n=[0-9]* ret=-6$/ { n++ } END { print n + 0 }' $T/trace)"
check "monitor.nak.reason-logged" yes \
	"$(dmesg | grep -q "monitor: cannot read sensor $BUS-0048, resuming: -ENXIO" && echo yes)"
ktap_finished
