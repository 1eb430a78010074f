#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The AXP209's DCDC2 given its sleep voltage as a range
# (regulator-suspend-min/max-microvolt) instead of one value
# (regulator-suspend-microvolt): the chip's sleep configuration has one
# voltage, and the range would be ignored, so the sleep controller refuses
# it, deep is not offered, and the rest of the board works.
# pmic: axp209
# dt-edit: -d i2c0/pmic@34/regulators/dcdc2/regulator-state-mem regulator-suspend-microvolt
# dt-edit: -t u i2c0/pmic@34/regulators/dcdc2/regulator-state-mem regulator-suspend-min-microvolt 1100000
# dt-edit: -t u i2c0/pmic@34/regulators/dcdc2/regulator-state-mem regulator-suspend-max-microvolt 1200000
# kernels: all
. ./lib/board.sh
. ./lib/axp209.sh
. ./lib/baddt.sh
ktap_print_header
ktap_set_plan 7
sleep_refused axp-sleep.v-range "error -EINVAL: $(of_path i2c0)/pmic@34/regulators/dcdc2/regulator-state-mem: use regulator-suspend-microvolt, not a suspend voltage range"
ktap_finished
