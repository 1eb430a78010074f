#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# QEMU's Cubieboard (Allwinner A10) with mainline's own DT (which the
# board's sun4i-a10-cubieboard-pm.dts includes unchanged, adding only the
# PMIC's sleep configuration) and the same kernel as the vexpress boards:
# the AXP209 that QEMU's board puts at 0x34 on the SoC's TWI0 (no -device)
# is found by the axp20x MFD over i2c-mv64xxx, interrupt-driven; its rails
# as the regulator core reports them match the chip's registers, read back
# over i2c-dev; the board offers s2idle only and its RTC no wake alarm
# (docs/cubieboard.md).
# pmic: axp209
# board: cubieboard
# kernels: all
. ./lib/board.sh
. ./lib/axp209.sh
ktap_print_header
ktap_set_plan 15

check "cubieboard.board" cubieboard "$BOARD"
check "cubieboard.dt-model" "Cubietech Cubieboard" "$(tr -d '\0' < /proc/device-tree/model)"
check "cubieboard.cpus-online" 0 "$(cat /sys/devices/system/cpu/online)"

# The PMIC's bus: TWI0, bound to i2c-mv64xxx
drv() { basename "$(readlink "$1/driver" 2>/dev/null)"; }
check "cubieboard.twi0.driver" "1c2ac00.i2c mv64xxx_i2c" \
	"$(basename "$(readlink -f "/sys/bus/i2c/devices/i2c-$BUS/..")") $(drv /sys/bus/platform/devices/$SBCON_DEV)"

# The AXP209 as QEMU's board has it, behind the axp20x MFD
AXP_DEV=/sys/bus/i2c/devices/$PMIC_DEV
check "cubieboard.axp209.address" "0x34 $BUS-0034" "$PMIC $PMIC_DEV"
check "cubieboard.axp209.driver" axp20x-i2c "$(drv $AXP_DEV)"
check "cubieboard.axp209.found" yes \
	"$(dmesg | grep -q "axp20x-i2c $PMIC_DEV: AXP20x variant AXP209 found" && echo yes)"
check "cubieboard.axp209.ic-type" 0x01 "$(axp_get $AXP_IC_TYPE)"

# The controller waits for its interrupt (line 7 of the A10's controller):
# the count of its line grows with a transfer
irqs() { awk '/mv64xxx_i2c/ { n += $2 } END { print n + 0 }' /proc/interrupts; }
before=$(irqs)
axp_get $AXP_IC_TYPE > /dev/null
after=$(irqs)
ktap_print_msg "mv64xxx_i2c interrupts: $before before one read, $after after"
check "cubieboard.twi0.interrupt-driven" yes "$([ "$after" -gt "$before" ] && echo yes)"

# Each rail of mainline's DT (axp209.dtsi, named by the board's DT) as the
# regulator core reports it against the chip's own registers
for r in vdd-cpu:dcdc2 vdd-int-dll:dcdc3 avcc:ldo2; do
	d=$(reg_sysfs ${r%%:*})
	check "cubieboard.${r%%:*}.microvolts" "$(axp_uv ${r#*:})" "$(cat "$d/microvolts" 2>&1)"
done
states=
for r in vdd-cpu:dcdc2 vdd-int-dll:dcdc3 avcc:ldo2 ldo3:ldo3 ldo4:ldo4; do
	d=$(reg_sysfs ${r%%:*})
	[ "$(cat "$d/state" 2>&1)" = "$(axp_state ${r#*:})" ] ||
		states="$states ${r%%:*}:sysfs=$(cat "$d/state" 2>&1),chip=$(axp_state ${r#*:})"
done
ktap_print_msg "PWR_OUT_CTRL $(axp_get $AXP_PWR_OUT_CTRL)"
check "cubieboard.rails.state-match-chip" "" "$states"

# No platform suspend ops for the A10 in mainline: s2idle only
check "cubieboard.mem-sleep" "[s2idle]" "$(cat /sys/power/mem_sleep)"
# The A10's RTC has no wakeup capability in the kernel (QEMU's model has
# no alarm interrupt either): no wakealarm
rtc=$(basename "$(readlink /sys/class/rtc/rtc0/device)")
check "cubieboard.rtc" "1c20d00.rtc no-wakealarm" \
	"$rtc $([ -e /sys/class/rtc/rtc0/wakealarm ] && echo wakealarm || echo no-wakealarm)"
ktap_finished
