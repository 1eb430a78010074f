#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The sleep controller's node is disabled: no I2C client exists for it, so
# the platform finds no PMIC to arm, deep is not offered, the log says
# why, no rail is registered, and the SBCon bus (with the chip on it,
# which QEMU still emulates) keeps working.
# dt-edit: -t s i2c0/pmic@4a status disabled
. ./lib/board.sh
. ./lib/baddt.sh
ktap_print_header
ktap_set_plan 5
np=/bus@40000000/motherboard-bus@40000000/iofpga@7,00000000/i2c@16000/pmic@4a
check "sleep.off.log" yes "$(dmesg | grep -qF \
	"vexpress: sleep controller $np absent (-ENODEV): suspend-to-RAM not offered" && echo yes)"
check "sleep.off.mem_sleep" "[s2idle]" "$(cat /sys/power/mem_sleep)"
check "sleep.off.no-client" no "$([ -e /sys/bus/i2c/devices/$BUS-004a ] && echo yes || echo no)"
check "sleep.off.no-rails" 0 "$(rails_of $BUS-004a)"
check "sleep.off.bus-works" 0x22 "$(pmic_get $PMIC_REV)"
ktap_finished
