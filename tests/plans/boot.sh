#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The board boots to the test plan with the board DT and its SBCon bus.
# Both CPUs the plan asks QEMU for are online.
# smp: 2
# pmic: twl92230 axp209
# kernels: all
. ./lib/board.sh
ktap_print_header
ktap_set_plan 4
ktap_test_pass "boot.plan-reached"
check "boot.dt-model" "$MODEL" "$(tr -d '\0' < /proc/device-tree/model)"
check "boot.sbcon-bus-found" yes "$([ -n "$BUS" ] && echo yes)"
check "boot.cpus-online" 0-1 "$(cat /sys/devices/system/cpu/online)"
ktap_finished
