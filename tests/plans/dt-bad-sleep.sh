#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The DT names the TMP105, not the board's PMIC, as the PMIC that puts the
# board to sleep: the sleep controller refuses it (no PMIC it can arm),
# so deep is not offered, the log says why, and both chips still work.
# The sensor gets a phandle no real node uses, for arm,pmic to name.
# dt-edit: -t x i2c0/sensor@48 phandle 0x7e58
# dt-edit: -t x /sleep-controller arm,pmic 0x7e58
# pmic: twl92230 axp209
# kernels: all
. ./lib/board.sh
. ./lib/baddt.sh
ktap_print_header
ktap_set_plan 7
np=$(of_path i2c0)/sensor@48
check "sleep.not-pmic.probe-error" yes "$(probe_error vexpress-sleep sleep-controller \
	"error -ENODEV: $np is no PMIC to sleep with")"
check "sleep.not-pmic.nothing-left" none "$(leftovers platform sleep-controller)"
check "sleep.not-pmic.mem_sleep" "[s2idle]" "$(cat /sys/power/mem_sleep)"
# "mem" is always listed: without deep the kernel maps it to s2idle;
# "disk" (hibernation) does not depend on the sleep controller
check "sleep.not-pmic.state" "freeze mem disk" "$(cat /sys/power/state)"
check "sleep.not-pmic.deep-refused" refused \
	"$( (echo deep > /sys/power/mem_sleep) 2>/dev/null && echo accepted || echo refused)"
check "sleep.not-pmic.pmic-rails" 7 "$(rails_of $PMIC_DEV)"
check "sleep.not-pmic.sensor-bound" yes \
	"$([ -e /sys/bus/i2c/devices/$BUS-0048/driver ] && echo yes)"
ktap_finished
