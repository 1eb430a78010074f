#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Runner fixture: a plan whose guest reports a failure.
# pmic: twl92230 axp209
. ./ktap_helpers.sh
ktap_print_header
ktap_set_plan 2
ktap_test_pass fixture.a
ktap_test_fail fixture.b
ktap_finished
