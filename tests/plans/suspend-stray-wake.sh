#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Suspend-to-RAM ended by an interrupt that is no wakeup source: the sleep
# controller's stray-interrupt fault_attr ends the WFI at once, as the
# local timer's interrupt left pending through enter does (docs/
# reliability.md). The board must go back to sleep (suspend_again, the
# late and noirq phases and the PMIC's arming again) and wake at its RTC
# alarm's second, the alarm gone; a stray on every round must end, after
# the driver's limit, in a resume that it reports. The oracle checks the
# two-round cycle.
# board: a9
# pmic: twl92230 axp209
# trace-check:
# timeout: 120
# kernels: all
. ./lib/board.sh

F=/sys/kernel/debug/vexpress_sleep_stray_irq
RTC=/sys/class/rtc/rtc0
STATS=/sys/power/suspend_stats
# The driver's VEXPRESS_SLEEP_MAX_STRAYS
MAX_STRAYS=8

# stray_cycle STRAYS: one deep cycle whose first STRAYS rounds end by a
# stray interrupt; prints "RC WOKE ALARM LEFT"
stray_cycle() {
	echo "$1" > $F/times
	read -r now < $RTC/since_epoch
	alarm=$((now + 4))
	echo 0 > $RTC/wakealarm
	echo "$alarm" > $RTC/wakealarm
	rc=nohandshake
	wakeup_count_handshake && { echo mem > /sys/power/state; rc=$?; }
	read -r woke < $RTC/since_epoch
	read -r left < $RTC/wakealarm
	echo 0 > $RTC/wakealarm
	echo 0 > $F/times
	echo "$rc $woke $alarm ${left:-none}"
}

ktap_print_header
ktap_set_plan 14
check "stray.fault-attr" yes "$([ -d $F ] && echo yes)"
echo deep > /sys/power/mem_sleep
echo 100 > $F/probability
echo 1 > $F/interval
echo 0 > $F/verbose
ok=$(cat $STATS/success)

# One stray: two rounds in one counted suspend, woken by the alarm
trace_start
set -- $(stray_cycle 1)
echo 0 > $T/tracing_on
cp $T/trace /tmp/stray.trace
ktap_print_msg "one stray: rc $1, woke $2, alarm $3, left $4"
check "stray.one.suspend-ok" 0 "$1"
check "stray.one.counted-once" $((ok + 1)) "$(cat $STATS/success)"
check "stray.one.not-premature" yes "$([ "$2" -ge "$3" ] && echo yes)"
check "stray.one.not-late" yes "$([ "$2" -le $(($3 + 1)) ] && echo yes)"
check "stray.one.alarm-cleared" none "$4"
check "stray.one.two-rounds" "2 2" "$(trace_count machine_suspend) $(trace_count platform_suspend_again)"
check "stray.one.one-device-suspend" "1 1" "$(trace_count dpm_suspend) $(trace_count dpm_resume)"
check "stray.one.pmic-armed-each-round" 2 "$(arming_writes platform_prepare_late)"
check "stray.fault-used-up" 0 "$(cat $F/times)"

# A stray on every round: the limit resumes the board early, and says so
trace_start
dmesg -c > /dev/null
set -- $(stray_cycle 100)
echo 0 > $T/tracing_on
ktap_print_msg "stray on every round: rc $1, woke $2, alarm $3"
check "stray.stuck.suspend-ok" 0 "$1"
check "stray.stuck.rounds" $((MAX_STRAYS + 1)) "$(trace_count machine_suspend)"
check "stray.stuck.reported" yes \
	"$(dmesg | grep -q "vexpress-sleep.*woken $((MAX_STRAYS + 1)) times in a row by no wakeup source, resuming" && echo yes)"

echo 0 > $F/probability
# A cycle without strays still sleeps until the alarm
set -- $(stray_cycle 0)
check "stray.none.woken-by-alarm" "0 yes" "$1 $([ "$2" -ge "$3" ] && echo yes)"
trace_dump /tmp/stray.trace
ktap_finished
