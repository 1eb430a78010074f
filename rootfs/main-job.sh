#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The main job's guest side: one suspend-to-RAM cycle woken by the PL031
# RTC, traced, the capture printed for the host to explain
# (scripts/jobs/main-job.sh). On the Cubieboard: one suspend-to-idle
# cycle stopped by pm_test=platform after the platform's prepare_late,
# since nothing ends an s2idle on QEMU's A10 (docs/cubieboard.md, "Wake
# sources on QEMU's A10").
cd /tests && . ./lib/board.sh

echo 1 > /sys/power/pm_print_times
echo "vexpress-pm: /sys/power/mem_sleep: $(cat /sys/power/mem_sleep)"

if [ "$BOARD" = cubieboard ]; then
	# The A10's sleep code binds once the AXP20x drivers have bound
	. ./lib/a10-sleep.sh
	echo "vexpress-pm: A10 sleep code: $(await 5000 sun4i-a10-sleep sleep_driver)"
	echo "vexpress-pm: AXP209 $PMIC_DEV: DCDC2_V_OUT $(axp_get $AXP_DCDC2_V_OUT), POWER_OUTPUT_CTRL $(axp_get $AXP_PWR_OUT_CTRL)"
	echo "vexpress-pm: suspending to idle, stopped by pm_test=platform after prepare_late (no wake source ends an s2idle on QEMU's A10)"
	s2idle_platform_cycle
	echo "vexpress-pm: resumed: write status $rc, suspend_stats/success $cycle_before -> $(cat /sys/power/suspend_stats/success)"
	echo "vexpress-pm: AXP209 $PMIC_DEV: DCDC2_V_OUT $(axp_get $AXP_DCDC2_V_OUT), POWER_OUTPUT_CTRL $(axp_get $AXP_PWR_OUT_CTRL)"
	trace_dump
	exit $rc
fi

grep -q deep /sys/power/mem_sleep && echo deep > /sys/power/mem_sleep
before=$(cat /sys/power/suspend_stats/success)
# Hold the MMCI active so its PM domain is on when the cycle starts: genpd
# then switches the domain's PMIC rail off over I2C in the noirq phase, the
# traffic that must come before prepare_late arms the PMIC. (An idle MMCI
# leaves the domain off already, and that write is not in the cycle.)
echo on > $MMCI/power/control
echo "vexpress-pm: suspending ($(cat /sys/power/mem_sleep)), PL031 alarm in 4 s"
trace_start
suspend_cycle mem
rc=$?
echo auto > $MMCI/power/control
echo "vexpress-pm: resumed: write status $rc, suspend_stats/success $before -> $(cat /sys/power/suspend_stats/success)"
trace_dump
exit $rc
