#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The guest side of tools/sleeptrace/record-fixtures.sh (plan=sleeptrace-capture;
# not a test plan): captures for the checker's self-test. Two suspend-to-RAM
# cycles in one tracefs capture (with the SMBus and regmap events too),
# printed as the plans print theirs; then one cycle recorded by Debian's
# trace-cmd, its trace.dat printed gzip-compressed and base64-encoded
# between "vexpress-pm: trace-cmd data begin/end" for the host's
# 'trace-cmd report'.
#
# The kernel shares the console: a printk that lands inside a line of the
# encoded data breaks it (the AXP209 run of 2026-12-05 lost its trace.dat
# to an "hrtimer: interrupt took ... ns" warning written into a base64
# line on the loaded host). So the console shows only emergencies while
# the captures are printed (the messages stay in dmesg).
cd /tests && . ./lib/board.sh
quiet_console() { read -r lvl _ < /proc/sys/kernel/printk; echo 1 > /proc/sys/kernel/printk; }

grep -q deep /sys/power/mem_sleep && echo deep > /sys/power/mem_sleep
# The MMCI active, so its domain goes off over I2C in each noirq phase
# (as in the main job)
echo on > $MMCI/power/control
trace_start
for e in smbus regmap/regmap_reg_write regmap/regmap_reg_read; do
	echo 1 > $T/events/$e/enable
done
suspend_cycle mem
echo "vexpress-pm: cycle 1 status $?"
suspend_cycle mem
echo "vexpress-pm: cycle 2 status $?"
quiet_console
trace_dump
echo "$lvl" > /proc/sys/kernel/printk
echo 0 > $T/events/enable
echo > $T/trace

trace-cmd record -q -b 4096 -o /tmp/trace.dat \
	-e power:suspend_resume -e power:device_pm_callback_start \
	-e power:device_pm_callback_end -e i2c -e smbus \
	-e regmap:regmap_reg_write -e regmap:regmap_reg_read \
	sh -c 'cd /tests && . ./lib/board.sh && suspend_cycle mem'
echo "vexpress-pm: trace-cmd record status $?"
echo auto > $MMCI/power/control
quiet_console
echo "vexpress-pm: trace-cmd data begin"
gzip -c /tmp/trace.dat | base64
echo "vexpress-pm: trace-cmd data end"
echo "$lvl" > /proc/sys/kernel/printk
