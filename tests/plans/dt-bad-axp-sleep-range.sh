#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The AXP209's DCDC2 (vcore, 1.0-1.45 V) asked to sleep at 0.9 V: a
# setting the chip has, but below the rail's regulator-min-microvolt,
# which the regulator core never takes the rail under. The sleep
# controller refuses the configuration, naming the rail and both values,
# so deep is not offered, and the rest of the board works.
# pmic: axp209
# dt-edit: -t u i2c0/pmic@34/regulators/dcdc2/regulator-state-mem regulator-suspend-microvolt 900000
# kernels: all
. ./lib/board.sh
. ./lib/axp209.sh
. ./lib/baddt.sh
ktap_print_header
ktap_set_plan 7
sleep_refused axp-sleep.range "error -EINVAL: $(of_path i2c0)/pmic@34/regulators/dcdc2: sleep voltage 900000 uV outside the rail's 1000000-1450000 uV"
ktap_finished
