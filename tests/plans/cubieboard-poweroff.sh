#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The Cubieboard powers off through its AXP209, as the real board does:
# axp20x registers a power-off handler, which kernel_power_off() calls
# with interrupts off (ARM's machine_power_off()), and which sets the
# power-off bit of the chip's OFF_CTRL register over TWI0. With interrupts
# off the I2C core sends that transfer through i2c-mv64xxx's .xfer_atomic
# (i2c_in_atomic_xfer_mode()): the one path of the controller's driver no
# other plan reaches, since a whole s2idle never runs I2C with interrupts
# off (docs/cubieboard.md). The plan checks the bit is clear while the
# board runs and turns the i2c events on, printed on the console
# (tp_printk); the host (tests/host/poweroff.sh) judges the
# transfer after "reboot: Power down": the write with bit 7 set and its
# ret=1.
#
# QEMU's AXP209 keeps the write but cuts no power, so the handler returns:
# machine_power_off() comes back with interrupts off, the reboot syscall's
# do_exit() warns about it (kernel/exit.c, allowed below: a real board is
# off by then) and init is back; the host then ends QEMU.
# pmic: axp209
# board: cubieboard
# kernels: all
# host: poweroff
# qemu-args: --append vexpress_pm.end=poweroff --append tp_printk
# allow: WARNING: .*kernel/exit\.c:[0-9]+.* do_exit
. ./lib/board.sh
ktap_print_header
ktap_set_plan 5

AXP_OFF_CTRL=0x32	# bit 7: power off
drv() { basename "$(readlink "$1/driver" 2>/dev/null)"; }
check "poweroff.twi0.driver" mv64xxx_i2c "$(drv /sys/bus/platform/devices/$SBCON_DEV)"
check "poweroff.axp209.driver" axp20x-i2c "$(drv "/sys/bus/i2c/devices/$PMIC_DEV")"
off=$(pmic_get $AXP_OFF_CTRL)
check "poweroff.off-bit-clear" 0 "$(( ${off:-0x80} & 0x80 ))"

ev=/sys/kernel/tracing/events/i2c
for e in i2c_write i2c_result; do echo 1 > "$ev/$e/enable"; done
check "poweroff.i2c-events" "1 1" "$(cat "$ev/i2c_write/enable" "$ev/i2c_result/enable" | paste -sd' ')"
# (tp_printk on the command line: the sysctl alone cannot turn it on)
check "poweroff.tracepoint-printk" 1 "$(cat /proc/sys/kernel/tracepoint_printk)"

# rootfs/init powers off after the plan (vexpress_pm.end=poweroff), and
# prints this once kernel_power_off() has returned
echo "vexpress-pm: host: poweroff $(printf '%03x' "$PMIC") at vexpress-pm: shell"
ktap_finished
