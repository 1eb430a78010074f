#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The suspend_order kselftest (tools/selftests/suspend_order), installed in
# the initramfs as a lab installs it (/kselftest), run on the board: two
# deep suspends, each recorded with tracefs and judged by sleeptrace; its
# KTAP is this plan's, one result per state, cycle and rule. Deep alone:
# there every rule can be judged, and a rule that could not be would be a
# skip that make test's CI mode counts against it (s2idle and shallow
# have no platform callbacks or no arming to judge: docs/kselftest.md
# gives what they showed). The PMIC rules watch the board's PMIC
# (SUSPEND_ORDER_PMIC).
# pmic: twl92230 axp209
# kernels: all
# timeout: 300
. ./lib/board.sh
SUSPEND_ORDER_PMIC=$PMIC_DEV SUSPEND_ORDER_STATES=deep SUSPEND_ORDER_CYCLES=2 exec /kselftest/suspend_order/suspend_order.sh
