#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# A consumer of VCORE (the kernel's regulator-virtual-consumer, added by
# the dt-edits) sets a voltage: the chip's VCORE_CTRL1 gets the selector
# for it; a voltage between two steps and one above the DT's range are
# refused with -EINVAL and leave the register alone; the next supported
# request still goes through.
# VCORE has no phandle in the board DT (nothing else uses it): give it one
# well above the ones dtc numbers from 1.
# dt-edit: -t x i2c0/pmic@4a/regulators/vcore phandle 0x7c0e
# dt-edit: -c /vcore-consumer
# dt-edit: -t s /vcore-consumer compatible regulator-virtual-consumer
# dt-edit: -t x /vcore-consumer default-supply 0x7c0e
. ./lib/board.sh
. ./lib/twl92230.sh
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
vsel() { twl_field $TWL_VCORE_CTRL1 0 0x1f; }

check "consumer.bound" yes "$([ -e $C/driver ] && echo yes)"
# QEMU resets VCORE_CTRL1 to 0x0c (1.3 V): inside the DT's range, kept
check "consumer.before.selector" 12 "$(vsel)"

# 1.2 V = 1.000 V + 8 steps of 25 mV
request 1200000
check "consumer.1200000.selector" 8 "$(vsel)"
check "consumer.1200000.sysfs" 1200000 "$(cat "$(reg_sysfs vcore)/microvolts")"

# Between the 1.200 and 1.225 V steps: no selector
n=$(failures -22)
request 1212500
check "consumer.1212500.refused-EINVAL" $((n + 1)) "$(failures -22)"
check "consumer.1212500.register-unchanged" 8 "$(vsel)"

# Above the DT's 1.45 V maximum: the core refuses before the driver
n=$(failures -22)
request 1500000
check "consumer.1500000.refused-EINVAL" $((n + 1)) "$(failures -22)"
check "consumer.1500000.core-message" yes "$(dmesg | grep -qF \
	'vcore: unsupportable voltage range: 1500000-1450000uV' && echo yes)"
check "consumer.1500000.register-unchanged" 8 "$(vsel)"
check "consumer.sysfs-after-refusals" 1200000 "$(cat "$(reg_sysfs vcore)/microvolts")"

# The refusals left nothing stuck: the next supported request goes through
request 1250000
check "consumer.1250000.selector" 10 "$(vsel)"
ktap_finished
