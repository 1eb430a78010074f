#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# A consumer of VCORE (the kernel's regulator-virtual-consumer, added by
# the dt-edits) sets a voltage: the chip's VCORE register (the TWL92230's
# VCORE_CTRL1, the AXP209's DCDC2_V_OUT, decoded by the chip library)
# gets it; a voltage between two steps and one above the DT's range are
# refused with -EINVAL and leave the register alone; the next supported
# request still goes through.
# VCORE has no phandle in the board DT (nothing else uses it): give it one
# well above the ones dtc numbers from 1. It is the node the DT names
# "vcore" on either chip (vcore on the TWL92230, dcdc2 on the AXP209).
# pmic: twl92230 axp209
# dt-edit: -t x i2c0/pmic/regulators/regulator-name=vcore phandle 0x7c0e
# dt-edit: -c /vcore-consumer
# dt-edit: -t s /vcore-consumer compatible regulator-virtual-consumer
# dt-edit: -t x /vcore-consumer default-supply 0x7c0e
# kernels: all
. ./lib/board.sh
ktap_print_header
ktap_set_plan 11
C=/sys/bus/platform/devices/vcore-consumer

# request UV: the consumer asks for exactly UV. It drops its old request
# first (min 0) so that each case is one regulator_set_voltage() call; the
# sysfs write itself always succeeds, the driver logs the error code.
request() {
	echo 0 > $C/min_microvolts
	echo "$1" > $C/max_microvolts
	echo "$1" > $C/min_microvolts
}
failures() { dmesg | grep -c "reg-virt-consumer vcore-consumer: regulator_set_voltage() failed: $1"; }

check "consumer.bound" yes "$([ -e $C/driver ] && echo yes)"
check "consumer.before.chip-microvolts" $PMIC_VCORE_RESET_UV "$(pmic_uv vcore)"

# Both chips step VCORE by 25 mV (the TWL92230 from 1.000 V, the AXP209's
# DCDC2 from 0.700 V): 1.2 V is a step on either
request 1200000
check "consumer.1200000.chip-microvolts" 1200000 "$(pmic_uv vcore)"
check "consumer.1200000.sysfs" 1200000 "$(cat "$(reg_sysfs vcore)/microvolts")"

# Between the 1.200 and 1.225 V steps: no selector
n=$(failures -22)
request 1212500
check "consumer.1212500.refused-EINVAL" $((n + 1)) "$(failures -22)"
check "consumer.1212500.register-unchanged" 1200000 "$(pmic_uv vcore)"

# Above the DT's 1.45 V maximum: the core refuses before the driver
n=$(failures -22)
request 1500000
check "consumer.1500000.refused-EINVAL" $((n + 1)) "$(failures -22)"
check "consumer.1500000.core-message" yes "$(dmesg | grep -qF \
	'vcore: unsupportable voltage range: 1500000-1450000uV' && echo yes)"
check "consumer.1500000.register-unchanged" 1200000 "$(pmic_uv vcore)"
check "consumer.sysfs-after-refusals" 1200000 "$(cat "$(reg_sysfs vcore)/microvolts")"

# The refusals left nothing stuck: the next supported request goes through
request 1275000
check "consumer.1275000.chip-microvolts" 1275000 "$(pmic_uv vcore)"
ktap_finished
