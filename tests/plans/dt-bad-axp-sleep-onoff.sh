#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The AXP209's DCDC3 (vdcdc3) marked both regulator-off-in-suspend
# and regulator-on-in-suspend: the regulator core reads "on", the sleep
# configuration would switch the rail off. The sleep controller refuses
# it, so deep is not offered, and the rest of the board works.
# pmic: axp209
# dt-edit: i2c0/pmic@34/regulators/dcdc3/regulator-state-mem regulator-on-in-suspend
# kernels: all
. ./lib/board.sh
. ./lib/axp209.sh
. ./lib/baddt.sh
ktap_print_header
ktap_set_plan 7
sleep_refused axp-sleep.on-off "error -EINVAL: $(of_path i2c0)/pmic@34/regulators/dcdc3/regulator-state-mem: both on and off in suspend"
ktap_finished
