#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Suspend-to-RAM with an interrupt that is no wakeup source ending the WFI:
# the sleep controller's stray-interrupt fault_attr raises the monitor's
# timer before a WFI and stops it after the WFI, as timekeeping_suspend()
# stops the local timer (docs/reliability.md). enter must find it pending,
# stop it and wait again in the same round (one machine_suspend, the stray traced as
# platform_stray_wake and counted in debugfs), the board waking at its RTC
# alarm's second, the alarm gone. A stray after every WFI (a storm) must
# end, after the driver's limit, in a resume that it logs, and the next
# cycle must sleep until its alarm. The oracle checks the one-stray cycle.
# board: a9
# pmic: twl92230 axp209
# timeout: 120
# kernels: all
. ./lib/board.sh
. ./lib/oracle.sh

F=/sys/kernel/debug/vexpress_sleep_stray_irq
N=/sys/kernel/debug/vexpress_sleep/stray_wakes
RTC=/sys/class/rtc/rtc0
STATS=/sys/power/suspend_stats
# The driver's VEXPRESS_SLEEP_MAX_STRAYS
MAX_STRAYS=64

# stray_cycle STRAYS: one deep cycle whose first STRAYS WFIs end by a stray
# interrupt; prints "RC WOKE ALARM LEFT"
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

# stray_irqs: the interrupts the trace's platform_stray_wake events name
stray_irqs() { sed -n 's/.* platform_stray_wake\[\([0-9]*\)\] begin.*/\1/p' $T/trace | sort -u | tr '\n' ' '; }

ktap_print_header
ktap_set_plan $((18 + $(oracle_planned)))
check "stray.fault-attr" yes "$([ -d $F ] && [ -f $N ] && echo yes)"
# The monitor's timer: the interrupt the fault raises
wdt_irq=$(awk '/vexpress-sleep monitor/ { sub(":", "", $1); print $1 }' /proc/interrupts)
echo deep > /sys/power/mem_sleep
echo 100 > $F/probability
echo 1 > $F/interval
echo 0 > $F/verbose
ok=$(cat $STATS/success)
read -r n0 < $N

# One stray: cleared in enter, one round, woken by the alarm
trace_start
set -- $(stray_cycle 1)
echo 0 > $T/tracing_on
cp $T/trace /tmp/stray.trace
ktap_print_msg "one stray: rc $1, woke $2, alarm $3, left $4, stray irqs: $(stray_irqs)"
check "stray.one.suspend-ok" 0 "$1"
check "stray.one.counted-once" $((ok + 1)) "$(cat $STATS/success)"
check "stray.one.not-premature" yes "$([ "$2" -ge "$3" ] && echo yes)"
check "stray.one.not-late" yes "$([ "$2" -le $(($3 + 1)) ] && echo yes)"
check "stray.one.alarm-cleared" none "$4"
check "stray.one.one-round" "1 1" "$(trace_count machine_suspend) $(trace_count platform_prepare_late)"
check "stray.one.traced" "1 $wdt_irq " "$(trace_count platform_stray_wake) $(stray_irqs)"
check "stray.one.counted" $((n0 + 1)) "$(cat $N)"
check "stray.fault-used-up" 0 "$(cat $F/times)"

# A storm, a stray after every WFI: the limit ends the sleep early, logged,
# in one round, and the board resumes cleanly
trace_start
dmesg -c > /dev/null
set -- $(stray_cycle 1000)
echo 0 > $T/tracing_on
ktap_print_msg "storm: rc $1, woke $2, alarm $3"
check "stray.storm.suspend-ok" 0 "$1"
check "stray.storm.bounded" "1 $((MAX_STRAYS + 1))" "$(trace_count machine_suspend) $(trace_count platform_stray_wake)"
check "stray.storm.early" yes "$([ "$2" -lt "$3" ] && echo yes)"
check "stray.storm.reported" yes \
	"$(dmesg | grep -q "vexpress-sleep.*sleep ended by $((MAX_STRAYS + 1)) interrupts in a row that are no wakeup source (last: irq $wdt_irq), resuming" && echo yes)"
check "stray.storm.counted" $((n0 + 1 + MAX_STRAYS + 1)) "$(cat $N)"

echo 0 > $F/probability
# A cycle without strays still sleeps until the alarm, in one round
trace_start
set -- $(stray_cycle 0)
echo 0 > $T/tracing_on
check "stray.none.woken-by-alarm" "0 yes" "$1 $([ "$2" -ge "$3" ] && echo yes)"
check "stray.none.one-round" "1 0" "$(trace_count machine_suspend) $(trace_count platform_stray_wake)"
check "stray.none.not-counted" $((n0 + 1 + MAX_STRAYS + 1)) "$(cat $N)"
oracle_judge oracle /tmp/stray.trace
ktap_finished
