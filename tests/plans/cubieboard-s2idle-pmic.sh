#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# i2c-mv64xxx in the late and noirq phases (docs/cubieboard.md): one
# s2idle cycle on the Cubieboard with a platform_s2idle_ops whose every
# callback reads the AXP209's IC type and logs what the bus answered
# (tests/patches/cubieboard-s2idle-pmic-probe.patch; its wake ends the
# loop, so no wake source is needed). With the series' driver (its patch
# 0031 keeps the controller running from suspend to resume, its IRQ
# IRQF_NO_SUSPEND) every callback reads 0x01, from begin through prepare
# (after the devices' suspend_late), prepare_late and wake (after their
# suspend_noirq), restore_early (before their resume_noirq) and restore
# (before their resume_early) to end. With mainline's driver (the series'
# patch reverted by tests/patches/i2c-mv64xxx-stock-pm.patch: no
# mv64xxx_i2c_suspend in the kernel) the reads from prepare to restore
# fail with -EACCES: the driver's first call of a transfer,
# pm_runtime_resume_and_get() on its adapter, while the PM core has
# runtime PM disabled. A kernel without the probe patch skips, saying so.
# pmic: axp209
# board: cubieboard
# kernels: all
. ./lib/board.sh
ktap_print_header
if ! grep -q ' sun4i_probe_wake$' /proc/kallsyms; then
	ktap_set_plan 1
	skip_needs "cubieboard.s2idle-pmic" \
		"a kernel with tests/patches/cubieboard-s2idle-pmic-probe.patch (docs/cubieboard.md)"
	ktap_finished
fi
ktap_set_plan 8

ok="IC type 0x01"
if grep -q ' mv64xxx_i2c_suspend$' /proc/kallsyms; then
	echo "# i2c-mv64xxx: the series' (arch-patches 0031)"
	late=$ok
else
	echo "# i2c-mv64xxx: mainline's (tests/patches/i2c-mv64xxx-stock-pm.patch)"
	late="IC type read failed: -EACCES"
fi

dmesg -c > /dev/null
before=$(cat /sys/power/suspend_stats/success)
echo freeze > /sys/power/state
rc=$?
check "cubieboard.s2idle-pmic.cycle" "0 $((before + 1))" \
	"$rc $(cat /sys/power/suspend_stats/success)"
dmesg | grep 's2idle-pmic-probe: ' | sed 's/^/# /'

# probed CALLBACK: what the read from CALLBACK logged
probed() { dmesg | sed -n "s/^.*s2idle-pmic-probe: $1: //p" | head -n 1; }
check "cubieboard.s2idle-pmic.begin" "$ok" "$(probed begin)"
check "cubieboard.s2idle-pmic.prepare" "$late" "$(probed prepare)"
check "cubieboard.s2idle-pmic.prepare_late" "$late" "$(probed prepare_late)"
check "cubieboard.s2idle-pmic.wake" "$late" "$(probed wake)"
check "cubieboard.s2idle-pmic.restore_early" "$late" "$(probed restore_early)"
check "cubieboard.s2idle-pmic.restore" "$late" "$(probed restore)"
check "cubieboard.s2idle-pmic.end" "$ok" "$(probed end)"
ktap_finished
