#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The A10's suspend-to-idle platform code (series patch 0033,
# drivers/soc/sunxi/sun4i-a10-sleep.c) on the Cubieboard: bound to the
# AXP209 whose DCDC2 is the CPU's supply, it arms the chip's sleep
# configuration through the AXP20x regulator driver in prepare_late and
# takes it back in restore_early. The board's DT
# (dts/allwinner/sun4i-a10-cubieboard-pm.dts) asks DCDC2 (vdd-cpu,
# 1.25 V) to sleep at 1.0 V; mainline's DT has no sleep state.
# One s2idle cycle stopped by pm_test=platform after prepare_late, so it
# needs no wake source (docs/cubieboard.md: QEMU's A10 has none that
# works). From the trace (power:suspend_resume and the i2c events): the
# write of DCDC2's sleep voltage comes after the devices' last noirq
# suspend callback, the write back before their first noirq resume one,
# and the chip runs as before afterwards; an unbind and a bind of the
# PMIC's MFD, then of its I2C controller, take the sleep code down and
# bring it back. With mainline's i2c-mv64xxx
# (tests/patches/i2c-mv64xxx-stock-pm.patch) the arm fails with -EACCES,
# the cycle aborts, and this plan fails.
# pmic: axp209
# board: cubieboard
# kernels: all
# The oracle judges the cycle as suspend-to-idle (the series traces
# platform_s2idle_ops' callbacks, with the state's value 1): the arming in
# prepare_late, its pair restore_early, restore. The may-skips are the
# rules this capture cannot show, on the platform's prepare (the A10's
# code has none) and on the CPUs' idle (pm_test=platform stops before
# it).
# oracle-skip: prepare-after-suspend s2idle-prepare-after-suspend-late
# oracle-skip: s2idle-prepare-before-noirq pmic-quiet-cpus-off
. ./lib/board.sh
. ./lib/axp209.sh
. ./lib/oracle.sh
. ./lib/a10-sleep.sh
ktap_print_header
ktap_set_plan $((9 + $(oracle_planned)))

check "cubieboard.s2idle-arm.bound" sun4i-a10-sleep "$(await 5000 sun4i-a10-sleep sleep_driver)"

# DCDC2: 0.7 V + 25 mV a step; 1.0 V is 0x0c
run=$(axp_get $AXP_DCDC2_V_OUT) out=$(axp_get $AXP_PWR_OUT_CTRL)
ktap_print_msg "before: DCDC2_V_OUT $run, PWR_OUT_CTRL $out"

dmesg -c > /dev/null
s2idle_platform_cycle
cp $T/trace /tmp/cycle.trace
dmesg | grep -E 'sun4i-a10-sleep|axp20x' | sed 's/^/# /'
check "cubieboard.s2idle-arm.cycle" "0 $((cycle_before + 1))" \
	"$rc $(cat /sys/power/suspend_stats/success)"

# writes DCDC2_V_OUT VALUE: where the capture writes VALUE to DCDC2's
# voltage register: "noirq" between the end of the devices' noirq suspend
# and the start of their noirq resume, "outside" elsewhere, one word a
# write
writes() {
	awk -v w="i2c_write: .* a=$(printf '%03x' $PMIC) f=0000 l=2 \\\\[$(printf '%02x-%02x' "$1" "$2")" '
	/ dpm_suspend_noirq\[[0-9]*\] end/ { in_w = 1 }
	/ dpm_resume_noirq\[[0-9]*\] begin/ { in_w = 0 }
	$0 ~ w { printf "%s ", in_w ? "noirq" : "outside" }' $T/trace
}
check "cubieboard.s2idle-arm.dcdc2-sleep-after-noirq" "noirq " \
	"$(writes $AXP_DCDC2_V_OUT 0x0c)"
check "cubieboard.s2idle-arm.dcdc2-back-before-resume-noirq" "noirq " \
	"$(writes $AXP_DCDC2_V_OUT "$run")"
check "cubieboard.s2idle-arm.dcdc2-after" "$run" "$(axp_get $AXP_DCDC2_V_OUT)"
check "cubieboard.s2idle-arm.pwr-out-after" "$out" "$(axp_get $AXP_PWR_OUT_CTRL)"
check "cubieboard.s2idle-arm.no-errors" "" \
	"$(dmesg | grep -E 'sun4i-a10-sleep.*(suspend aborted|still armed)|failed to (dis)?arm')"

# The ops go with the PMIC's drivers (the device link) and come back
# with them
DRV=/sys/bus/i2c/drivers/axp20x-i2c
echo "$PMIC_DEV" > $DRV/unbind
gone=$(readlink "$SLEEP_DEV/driver" > /dev/null && echo bound || echo unbound)
echo "$PMIC_DEV" > $DRV/bind
back=$(await 10000 sun4i-a10-sleep sleep_driver)
check "cubieboard.s2idle-arm.rebind" "unbound sun4i-a10-sleep" "$gone $back"
# And with the PMIC's bus controller, whose unbind deletes the PMIC's I2C
# device
DRV=/sys/bus/platform/drivers/mv64xxx_i2c
echo "$SBCON_DEV" > $DRV/unbind
gone=$(readlink "$SLEEP_DEV/driver" > /dev/null && echo bound || echo unbound)
echo "$SBCON_DEV" > $DRV/bind
back=$(await 10000 sun4i-a10-sleep sleep_driver)
check "cubieboard.s2idle-arm.rebind-controller" "unbound sun4i-a10-sleep" "$gone $back"
oracle_judge oracle /tmp/cycle.trace
trace_dump /tmp/cycle.trace
ktap_finished
