#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Runner fixture: a guest that hangs after the first of the three results
# it announced.
# timeout: 6
# pmic: twl92230 axp209
. ./ktap_helpers.sh
ktap_print_header
ktap_set_plan 3
ktap_test_pass fixture.first
while :; do sleep 1; done
