#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Runner fixture: every result passes, but the kernel crashes.
. ./ktap_helpers.sh
ktap_print_header
ktap_set_plan 1
ktap_test_pass fixture.a
echo c > /proc/sysrq-trigger
