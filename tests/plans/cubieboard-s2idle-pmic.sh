#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The failure first, on the stock i2c-mv64xxx (docs/cubieboard.md): one
# s2idle cycle on the Cubieboard with a platform_s2idle_ops whose every
# callback reads the AXP209's IC type and logs what the bus answered
# (tests/patches/cubieboard-s2idle-pmic-probe.patch; its wake ends the
# loop, so no wake source is needed). The results are the stock driver's:
# the reads from begin and end reach the chip; every callback in between,
# from prepare (after the devices' suspend_late) to restore (before their
# resume_early), fails with -EACCES: the driver's first call of a transfer,
# pm_runtime_resume_and_get() on its adapter, while the PM core has runtime
# PM disabled. A kernel without the patch skips, saying so.
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

dmesg -c > /dev/null
before=$(cat /sys/power/suspend_stats/success)
echo freeze > /sys/power/state
rc=$?
check "cubieboard.s2idle-pmic.cycle" "0 $((before + 1))" \
	"$rc $(cat /sys/power/suspend_stats/success)"
dmesg | grep 's2idle-pmic-probe: ' | sed 's/^/# /'

# probed CALLBACK: what the read from CALLBACK logged
probed() { dmesg | sed -n "s/^.*s2idle-pmic-probe: $1: //p" | head -n 1; }
ok="IC type 0x01"
failed="IC type read failed: -EACCES"
check "cubieboard.s2idle-pmic.begin" "$ok" "$(probed begin)"
check "cubieboard.s2idle-pmic.prepare" "$failed" "$(probed prepare)"
check "cubieboard.s2idle-pmic.prepare_late" "$failed" "$(probed prepare_late)"
check "cubieboard.s2idle-pmic.wake" "$failed" "$(probed wake)"
check "cubieboard.s2idle-pmic.restore_early" "$failed" "$(probed restore_early)"
check "cubieboard.s2idle-pmic.restore" "$failed" "$(probed restore)"
check "cubieboard.s2idle-pmic.end" "$ok" "$(probed end)"
ktap_finished
