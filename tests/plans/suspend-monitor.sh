#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Monitored suspend-to-RAM (platform suspend_again): asleep, the board
# wakes every interval from the CPU's private watchdog, which is no wakeup
# source, reads the TMP105 and sleeps again while it reads below the
# threshold. The host sets the sensor's temperature through QMP: below the
# threshold several rounds pass inside one counted suspend with user space
# frozen throughout; raised above it, the next round resumes fully. A
# second sleep is ended by the RTC alarm, a wakeup event. The oracle checks
# each round of the first sleep.
# board: a9
# pmic: twl92230 axp209
# host: tmp105
# timeout: 120
# kernels: all
. ./lib/board.sh
. ./lib/oracle.sh

P=/sys/module/vexpress_sleep/parameters
hw=
for d in /sys/class/hwmon/hwmon*; do
	[ "$(cat "$d/name" 2>/dev/null)" = tmp105 ] && hw=$d
done
temp() { cat "$hw/temp1_input"; }

# host_temp MC: the host sets the sensor (tests/host/tmp105.sh); returns
# once the sensor reads that, or after 5 s
host_temp() {
	echo "vexpress-pm: host: tmp105 $1"
	await 5000 "$1" temp > /dev/null
}

# monitored_sleep SECONDS: suspend-to-RAM, the RTC alarm that far ahead
monitored_sleep() {
	echo 0 > /sys/class/rtc/rtc0/wakealarm
	echo "+$1" > /sys/class/rtc/rtc0/wakealarm
	echo mem > /sys/power/state
	rc=$?
	echo 0 > /sys/class/rtc/rtc0/wakealarm
	return $rc
}

# sensor_rounds: suspend_again phases that read the sensor (0x48)
sensor_rounds() {
	awk '/ platform_suspend_again\[[0-9]*\] begin/ { in_sa = 1; seen = 0 }
	     in_sa && /i2c_(read|write): .* a=048 / { seen = 1 }
	     / platform_suspend_again\[[0-9]*\] end/ { in_sa = 0; n += seen }
	     END { print n + 0 }' $T/trace
}

ktap_print_header
ktap_set_plan $((14 + $(oracle_planned)))
check "monitor.controller-monitors" yes \
	"$(dmesg | grep -q 'vexpress-sleep.*monitored sleep with sensor 0-0048' && echo yes)"
host_temp 25000
check "monitor.host-sets-sensor" 25000 "$(temp)"

echo deep > /sys/power/mem_sleep
echo 200 > $P/monitor_interval_ms
echo 40000 > $P/monitor_threshold_mc
# Each round's "monitor: round N" line must reach the console while the
# board sleeps: the host acts on it
echo N > /sys/module/printk/parameters/console_suspend
echo 1 > /sys/power/pm_debug_messages
echo 8 > /proc/sys/kernel/printk
gpio=$(pmic_get $PMIC_GPIO_CTRL)
ok=$(cat /sys/power/suspend_stats/success)
failed=$(cat /sys/power/suspend_stats/fail)

# Rounds at 25 C until the host, having seen round 3, sets 45 C.
trace_start
echo "vexpress-pm: host: tmp105 45000 at monitor: round 3:"
monitored_sleep 60
rc=$?
echo 0 > $T/tracing_on
cp $T/trace /tmp/monitor.trace
rounds=$(trace_count machine_suspend)
ktap_print_msg "threshold: $rounds rounds, sensor $(temp) mC"
check "monitor.threshold.suspend-ok" 0 "$rc"
check "monitor.threshold.one-suspend-counted" $((ok + 1)) "$(cat /sys/power/suspend_stats/success)"
check "monitor.threshold.3-rounds-or-more-below" yes "$([ "$rounds" -ge 4 ] && echo yes)"
# One freeze and thaw, one device suspend and resume, a late suspend each round
check "monitor.threshold.user-space-frozen-throughout" "1 1 1 1 $rounds" \
	"$(trace_count freeze_processes) $(trace_count thaw_processes) $(trace_count dpm_suspend) $(trace_count dpm_resume) $(trace_count dpm_suspend_late)"
check "monitor.threshold.sensor-read-each-round" "$rounds" "$(sensor_rounds)"
check "monitor.threshold.resumed-at-threshold" yes \
	"$(dmesg | grep -q "monitor: round $rounds: 45000 mC, at or above 40000 mC, resuming" && echo yes)"
check "monitor.threshold.pmic-disarmed" "$gpio" "$(pmic_get $PMIC_GPIO_CTRL)"

# Below the threshold throughout: the RTC alarm ends the loop.
host_temp 25000
trace_start
monitored_sleep 2
rc=$?
echo 0 > $T/tracing_on
rtc_rounds=$(trace_count machine_suspend)
ktap_print_msg "rtc: $rtc_rounds rounds"
check "monitor.rtc.suspend-ok" 0 "$rc"
check "monitor.rtc.counted" $((ok + 2)) "$(cat /sys/power/suspend_stats/success)"
check "monitor.rtc.rounds-before-the-alarm" yes "$([ "$rtc_rounds" -ge 3 ] && echo yes)"
check "monitor.rtc.ended-by-wakeup" yes \
	"$(dmesg | grep -q 'monitor: .*wakeup event.* resuming' && echo yes)"
check "monitor.no-failures" "$failed" "$(cat /sys/power/suspend_stats/fail)"

echo 0 > $P/monitor_interval_ms
echo 0 > /sys/power/pm_debug_messages
echo Y > /sys/module/printk/parameters/console_suspend
oracle_judge oracle /tmp/monitor.trace
# The capture, kept on the host too (the tutorial's excerpts, make
# timeline): judged above, printed for reading
trace_dump /tmp/oracle.trace
ktap_finished
