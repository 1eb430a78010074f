#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Runner fixture: a guest that hangs after its plan line.
# timeout: 6
# pmic: twl92230 axp209
. ./ktap_helpers.sh
ktap_print_header
ktap_set_plan 1
while :; do sleep 1; done
