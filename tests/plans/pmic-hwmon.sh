#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The TMP105 at 0x48, supplied by the PMIC's VAUX LDO (the TWL92230's
# VAUX, the AXP209's LDO2): bound once its supply is up, its temperature
# readable through hwmon, and VAUX on in the chip because the sensor
# holds it.
# pmic: twl92230 axp209
# kernels: all
. ./lib/board.sh
ktap_print_header
ktap_set_plan 3
hw=
for d in /sys/class/hwmon/hwmon*; do
	[ "$(cat "$d/name" 2>/dev/null)" = tmp105 ] && hw=$d
done
check "tmp105.hwmon-found" yes "$([ -n "$hw" ] && echo yes)"
t=$(cat "$hw/temp1_input" 2>&1)
case $t in
-*[!0-9]*|[!-0-9]*|'') ktap_print_msg "temp1_input: '$t'"; ktap_test_fail "tmp105.temp1_input" ;;
*) ktap_print_msg "temp1_input: $t"; ktap_test_pass "tmp105.temp1_input" ;;
esac
check "tmp105.vs-supply-on" enabled "$(pmic_state vaux)"
ktap_finished
