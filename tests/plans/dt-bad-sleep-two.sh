#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The DT names both PMICs, the AXP209 and a TWL92230, as the one that puts
# the board to sleep (the binding allows one phandle): the sleep
# controller refuses to pick one, so deep is not offered, and the AXP209's
# rails, the VMMC domain they feed, the TMP105 and the bus work. The
# TWL92230 node (QEMU 10 has no such chip) fails its own probe.
# pmic: axp209
# dt-edit: -t x i2c0/pmic@34 phandle 0x7e59
# dt-edit: -c i2c0/pmic@4a
# dt-edit: -t s i2c0/pmic@4a compatible ti,twl92230
# dt-edit: -t x i2c0/pmic@4a reg 0x4a
# dt-edit: -t x i2c0/pmic@4a phandle 0x7e5a
# dt-edit: -t x /sleep-controller arm,pmic 0x7e59 0x7e5a
. ./lib/board.sh
. ./lib/axp209.sh
. ./lib/baddt.sh
ktap_print_header
ktap_set_plan 8
axp_sleep_refused sleep.two-pmics \
	"error -EINVAL: arm,pmic must name one PMIC, not 2"
check "sleep.two-pmics.twl92230-absent" yes "$(probe_error twl92230-regulator \
	$BUS-004a "error -ENXIO: no TWL92230 answers at 0x4a")"
ktap_finished
