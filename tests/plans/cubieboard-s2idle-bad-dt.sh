#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# A sleep configuration the A10's sleep code must refuse: DCDC2 (vdd-cpu,
# 1.0-1.45 V in mainline's DT) asked to sleep at 0.9 V, a setting the
# AXP209 has but below the rail's regulator-min-microvolt. The AXP20x
# regulator driver's sleep code refuses it at the sleep code's probe,
# naming the rail and both values; the board then has no platform s2idle
# ops, and an s2idle cycle (stopped by pm_test=platform) still succeeds
# without any PMIC write, the chip as it was.
# pmic: axp209
# board: cubieboard
# kernels: all
# dt-edit: -p -t u /soc/i2c@1c2ac00/pmic@34/regulators/dcdc2/regulator-state-mem regulator-suspend-microvolt 900000
. ./lib/board.sh
. ./lib/axp209.sh
. ./lib/baddt.sh
. ./lib/a10-sleep.sh
ktap_print_header
ktap_set_plan 4

check "cubieboard.s2idle-bad-dt.refused" yes \
	"$(probe_error sun4i-a10-sleep sun4i-a10-sleep "error -EINVAL: /soc/i2c@1c2ac00/pmic@34/regulators/dcdc2: sleep voltage 900000 uV outside the rail's 1000000-1450000 uV")"
check "cubieboard.s2idle-bad-dt.unbound" "" "$(readlink "$SLEEP_DEV/driver")"

run=$(axp_get $AXP_DCDC2_V_OUT)
s2idle_platform_cycle
check "cubieboard.s2idle-bad-dt.cycle" "0 $((cycle_before + 1)) $run" \
	"$rc $(cat /sys/power/suspend_stats/success) $(axp_get $AXP_DCDC2_V_OUT)"
check "cubieboard.s2idle-bad-dt.no-pmic-writes" 0 \
	"$(grep -c "i2c_write: .* a=$(printf '%03x' $PMIC) " $T/trace)"
ktap_finished
