#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Runner fixture: a passing plan whose host-side script passes only if the
# console reached it.
# host: fixture-console
. ./ktap_helpers.sh
ktap_print_header
ktap_set_plan 1
ktap_test_pass fixture.a
ktap_finished
