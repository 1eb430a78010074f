#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The Cubieboard's DT puts its AXP209 at 0x35, where nothing answers
# (QEMU's board has the chip at 0x34): the PMIC is absent as far as the
# kernel can tell. The axp20x MFD's probe fails ("failed to add irq
# chip": the writes of its IRQ masks are NAKed),
# the A10's sleep code waits for the PMIC (devices_deferred says why) and
# has nothing to arm, and an s2idle cycle (pm_test=platform) still
# succeeds, with no transfer to either address; the chip at 0x34 runs as
# before. The node keeps its name: fdtput cannot rename it.
# pmic: axp209
# board: cubieboard
# kernels: all
# dt-edit: -t x /soc/i2c@1c2ac00/pmic@34 reg 0x35
. ./lib/board.sh
. ./lib/axp209.sh
ktap_print_header
ktap_set_plan 6

P=cubieboard.pmic-absent
dmesg | grep -E 'axp20x|sun4i-a10-sleep|0-0035' | sed 's/^/# /'
sed 's/^/# deferred: /' /sys/kernel/debug/devices_deferred

# (the client exists, and no driver holds it)
check "$P.mfd-unbound" "exists, no driver" \
	"$([ -e /sys/bus/i2c/devices/$BUS-0035 ] && echo exists || echo "no client $BUS-0035"), $(readlink /sys/bus/i2c/devices/$BUS-0035/driver || echo no driver)"
check "$P.mfd-probe-error" yes \
	"$(dmesg | grep -qF "axp20x-i2c $BUS-0035: failed to add irq chip: -6" && echo yes || echo "no irq chip error of axp20x-i2c $BUS-0035 in dmesg")"
check "$P.sleep-code-waits" "sun4i-a10-sleep	sun4i-a10-sleep: $BUS-0035 is not bound yet" \
	"$(grep '^sun4i-a10-sleep	' /sys/kernel/debug/devices_deferred)"

run=$(axp_get $AXP_DCDC2_V_OUT)
s2idle_platform_cycle
check "$P.cycle" "0 $((cycle_before + 1)) $run" \
	"$rc $(cat /sys/power/suspend_stats/success) $(axp_get $AXP_DCDC2_V_OUT)"
check "$P.no-pmic-transfers" 0 "$(grep -cE "i2c_(write|read): i2c-$BUS .* a=03[45] " $T/trace)"
# (busybox i2cget's own words, "i2cget: read failed: ...": a read that
# failed on the bus, not a missing tool or a bad bus number)
got=$(i2cget -f -y "$BUS" 0x35 $AXP_IC_TYPE 2>&1)
case $got in *"read failed"*) got="read failed" ;; esac
check "$P.nothing-answers" "read failed" "$got"
ktap_finished
