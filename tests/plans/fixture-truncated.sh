#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Runner fixture: the guest stops after one of three announced results.
. ./ktap_helpers.sh
ktap_print_header
ktap_set_plan 3
ktap_test_pass fixture.a
poweroff -f
