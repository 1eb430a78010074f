#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Five broken copies of the SBCon controller node next to the real one,
# one defect each: the driver's probe fails with a message that names the
# defect, leaves no adapter, IRQ or binding behind, and the real bus still
# works. (The clock-frequency check comes first in probe, so those two
# nodes need nothing else.) The alias only shortens the edit lines; the
# fake SP804 without an interrupt gets a phandle no real node uses.
# dt-edit: -t s /aliases iofpga /bus@40000000/motherboard-bus@40000000/iofpga@7,00000000
# dt-edit: -c iofpga/i2c-noreg
# dt-edit: -t s iofpga/i2c-noreg compatible arm,vexpress-sbcon-timer-i2c
# dt-edit: -c iofpga/timer-noirq
# dt-edit: -t x iofpga/timer-noirq reg 0x14000 0x1000
# dt-edit: -t x iofpga/timer-noirq phandle 0x7e57
# dt-edit: -c iofpga/i2c@13000
# dt-edit: -t s iofpga/i2c@13000 compatible arm,vexpress-sbcon-timer-i2c
# dt-edit: -t x iofpga/i2c@13000 reg 0x13000 0x1000
# dt-edit: -t x iofpga/i2c@13000 arm,timer 0x7e57
# dt-edit: -c iofpga/i2c@18000
# dt-edit: -t s iofpga/i2c@18000 compatible arm,vexpress-sbcon-timer-i2c
# dt-edit: -t x iofpga/i2c@18000 reg 0x18000 0x1000
# dt-edit: -c iofpga/i2c@1b000
# dt-edit: -t s iofpga/i2c@1b000 compatible arm,vexpress-sbcon-timer-i2c
# dt-edit: -t x iofpga/i2c@1b000 reg 0x1b000 0x1000
# dt-edit: -t i iofpga/i2c@1b000 clock-frequency 0
# dt-edit: -c iofpga/i2c@1d000
# dt-edit: -t s iofpga/i2c@1d000 compatible arm,vexpress-sbcon-timer-i2c
# dt-edit: -t x iofpga/i2c@1d000 reg 0x1d000 0x1000
# dt-edit: -t i iofpga/i2c@1d000 clock-frequency 1000001
# pmic: twl92230 axp209
# pmic-per-kernel: one
# kernels: all
. ./lib/board.sh
. ./lib/baddt.sh
ktap_print_header
ktap_set_plan 12

# bad NAME DEVICE MESSAGE: the probe error, then nothing left behind
bad() {
	check "sbcon.$1.probe-error" yes "$(probe_error i2c-sbcon-timer "$2" "$3")"
	check "sbcon.$1.nothing-left" none "$(leftovers platform "$2")"
}
bad no-reg "$(of_dev i2c-noreg)" 'error -EINVAL: no SBCon register range'
bad no-timer 10018000.i2c 'error -EINVAL: no arm,timer: the SP804 that paces the bus'
bad timer-no-interrupt 10013000.i2c \
	'error -EINVAL: no interrupt for the timer /bus@40000000/motherboard-bus@40000000/iofpga@7,00000000/timer-noirq'
bad clock-frequency-0 1001b000.i2c 'error -EINVAL: clock-frequency 0 Hz not in 1..1000000'
bad clock-frequency-1000001 1001d000.i2c \
	'error -EINVAL: clock-frequency 1000001 Hz not in 1..1000000'
check "sbcon.real-bus-works" "$PMIC_REV_VAL" "$(pmic_get $PMIC_REV)"
# The leftovers probe sees a bound controller (so "none" above means none)
check "sbcon.real-bus-leftovers" "driver adapter irq" "$(leftovers platform 10016000.i2c)"
ktap_finished
