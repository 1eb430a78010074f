#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The DT names the TMP105, not the TWL92230, as the system sleep
# controller: the platform refuses it (its drvdata is not a PMIC's), so
# deep is not offered, the log says why, and both chips still work.
# dt-edit: -d i2c0/pmic@4a ti,system-sleep-controller
# dt-edit: i2c0/sensor@48 ti,system-sleep-controller
. ./lib/board.sh
. ./lib/baddt.sh
ktap_print_header
ktap_set_plan 6
np=/bus@40000000/motherboard-bus@40000000/iofpga@7,00000000/i2c@16000/sensor@48
check "sleep.not-pmic.log" yes "$(dmesg | grep -qF \
	"vexpress: sleep controller $np absent (-ENODEV): suspend-to-RAM not offered" && echo yes)"
check "sleep.not-pmic.mem_sleep" "[s2idle]" "$(cat /sys/power/mem_sleep)"
# "mem" is always listed: without deep the kernel maps it to s2idle
check "sleep.not-pmic.state" "freeze mem" "$(cat /sys/power/state)"
check "sleep.not-pmic.deep-refused" refused \
	"$( (echo deep > /sys/power/mem_sleep) 2>/dev/null && echo accepted || echo refused)"
check "sleep.not-pmic.pmic-rails" 7 "$(rails_of $BUS-004a)"
check "sleep.not-pmic.sensor-bound" yes \
	"$([ -e /sys/bus/i2c/devices/$BUS-0048/driver ] && echo yes)"
ktap_finished
