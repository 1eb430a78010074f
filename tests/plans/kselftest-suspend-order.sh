#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The suspend_order kselftest (tools/selftests/suspend_order), installed in
# the initramfs as a lab installs it (/kselftest), run on the board: every
# suspend state the board offers (s2idle, shallow, deep), one cycle each,
# recorded with tracefs and judged by sleeptrace; its KTAP is this plan's,
# one result per state, cycle and rule. The PMIC rules watch the board's
# PMIC (SUSPEND_ORDER_PMIC).
# pmic: twl92230 axp209
# kernels: all
# timeout: 300
. ./lib/board.sh
SUSPEND_ORDER_PMIC=$PMIC_DEV CYCLES=1 exec /kselftest/suspend_order/suspend_order.sh
