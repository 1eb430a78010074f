#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Suspend-to-RAM through the board's platform_suspend_ops: deep is offered,
# every pm_test level stops the sequence where it should (the trace shows
# the cut), and real cycles woken by the PL031 alarm succeed again and
# again, the PMIC disarmed after each. The ordering oracle (sleeptrace)
# judges the last cycle's trace on the board. It runs in real time: a cycle that a loaded host
# stalled past its own alarm (proven by lib/board.sh alarm_overran) is
# tried again, twice at most; any other abort fails.
# smp: 2
# timeout: 180
# pmic: twl92230 axp209
# kernels: all
. ./lib/board.sh
. ./lib/oracle.sh

# pm_test level, then the last phase that must be in the trace and the first
# one that must not.
levels="freezer:freeze_processes:dpm_prepare
devices:dpm_suspend:platform_prepare
platform:platform_prepare_late:CPU_OFF
processors:CPU_OFF:syscore_suspend
core:syscore_suspend:machine_suspend"

ktap_print_header
ktap_set_plan $((18 + $(oracle_planned)))
check "mem.deep-offered" yes "$(grep -q deep /sys/power/mem_sleep && echo yes)"
echo deep > /sys/power/mem_sleep

for l in $levels; do
	level=${l%%:*} rest=${l#*:}
	last=${rest%%:*} cut=${rest#*:}
	trace_start
	before=$(cat /sys/power/suspend_stats/success)
	suspend_cycle_rt mem "$level"
	rc=$?
	echo 0 > $T/tracing_on
	ok=yes
	[ $rc = 0 ] || ok="write status $rc"
	grep -q " $last\[[0-9]*\] end" $T/trace || ok="no $last in the trace"
	grep -q " $cut\[[0-9]*\] begin" $T/trace && ok="$cut ran"
	check "mem.pm_test.$level.cut-after-$last" yes "$ok"
	check "mem.pm_test.$level.counted" $((before + 1)) "$(cat /sys/power/suspend_stats/success)"
done

# Three real cycles; the PMIC's sleep arming must be undone after each (its
# sleep register back to what it was). The MMCI is held active so its PM
# domain is on and genpd switches it off over I2C in the last member's noirq
# callback (MMCI or Ethernet), before
# prepare_late arms the PMIC: the oracle checks that order on the last trace.
echo on > $MMCI/power/control
# The domain on first: on the AXP209 its rail is in the sleep register
await 5000 on pd_status > /dev/null
gpio=$(pmic_get $PMIC_SLEEP_ARM)
n=0 armed=0 premature=0 rounds=
for i in 1 2 3; do
	trace_start
	if suspend_cycle_rt mem; then
		n=$((n + 1))
		# Woken before the alarm's second, or by no armed interrupt
		# or another one than the PL031's: a stray interrupt enter
		# let through
		w=$(wakeup_irq)
		[ "$cycle_rtc" -ge "$cycle_alarm" ] && [ "${w##* }" = rtc-pl031 ] || {
			premature=$((premature + 1))
			ktap_print_msg "cycle $i premature: RTC $cycle_rtc, alarm $cycle_alarm, wakeup IRQ $w"
		}
	fi
	rounds="$rounds$(trace_count machine_suspend) "
	[ "$(pmic_get $PMIC_SLEEP_ARM)" = "$gpio" ] || armed=$((armed + 1))
done
echo auto > $MMCI/power/control
check "mem.cycles.3-succeeded" 3 "$n"
check "mem.cycles.pmic-disarmed-after-each" 0 "$armed"
check "mem.cycles.no-premature-wake" 0 "$premature"
check "mem.cycles.one-round-each" "1 1 1 " "$rounds"
check "mem.cycles.wakeup-by-rtc" yes "$(grep -q 'machine_suspend\[3\] end' $T/trace && echo yes)"
# Each overrun counts as a failed suspend; nothing else may
check "mem.cycles.no-failures" "$OVERRUNS" "$(cat /sys/power/suspend_stats/fail)"
check "mem.cycles.domain-off-in-noirq-over-i2c" yes "$(awk -v members="($MMCI_DEV|$ETH_DEV)" \
	-v pmic="a=$(printf '%03x' $PMIC) " '
	$0 ~ "device_pm_callback_start: .*" members ".*noirq power domain \\[suspend\\]" { in_cb = 1 }
	in_cb && /i2c_write: / && index($0, pmic) { seen = 1 }
	/device_pm_callback_end: / { in_cb = 0 }
	END { print seen ? "yes" : "no" }' $T/trace)"
oracle_judge oracle
# The capture, kept on the host too (the tutorial's excerpts, make
# timeline): judged above, printed for reading
trace_dump /tmp/oracle.trace
ktap_finished
