#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The sleep controller's PMIC node (pmic@4a or pmic@34: fdtput finds it
# by its name without the address) is disabled: the sleep controller says
# so and gives up (rather than wait for a device that cannot come), deep
# is not offered, no rail is registered, and the SBCon bus (with the chip
# on it, which QEMU still emulates) keeps working.
# dt-edit: -t s i2c0/pmic status disabled
# pmic: twl92230 axp209
# kernels: all
. ./lib/board.sh
. ./lib/baddt.sh
ktap_print_header
ktap_set_plan 6
check "sleep.off.probe-error" yes "$(probe_error vexpress-sleep sleep-controller \
	"error -ENODEV: PMIC $PMIC_NODE is disabled")"
check "sleep.off.nothing-left" none "$(leftovers platform sleep-controller)"
check "sleep.off.mem_sleep" "[s2idle]" "$(cat /sys/power/mem_sleep)"
check "sleep.off.no-client" no "$([ -e /sys/bus/i2c/devices/$PMIC_DEV ] && echo yes || echo no)"
check "sleep.off.no-rails" 0 "$(rails_of $PMIC_DEV)"
check "sleep.off.bus-works" "$PMIC_REV_VAL" "$(pmic_get $PMIC_REV)"
ktap_finished
