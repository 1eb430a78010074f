#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# A pm_test=devices suspend cycle completes: devices suspend and resume,
# the write to /sys/power/state succeeds and suspend_stats counts it.
# pmic: twl92230 axp209
# kernels: all
. ./lib/board.sh
ktap_print_header
ktap_set_plan 3
echo 0 > /sys/module/suspend/parameters/pm_test_delay
echo devices > /sys/power/pm_test
before=$(cat /sys/power/suspend_stats/success)
echo mem > /sys/power/state
check "suspend.devices.state-write" 0 "$?"
check "suspend.devices.success-counted" $((before + 1)) "$(cat /sys/power/suspend_stats/success)"
check "suspend.devices.no-failure" 0 "$(cat /sys/power/suspend_stats/fail)"
echo none > /sys/power/pm_test
ktap_finished
