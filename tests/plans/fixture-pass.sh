#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Runner fixture: a plan that passes.
. ./ktap_helpers.sh
ktap_print_header
ktap_set_plan 2
ktap_test_pass fixture.a
ktap_test_pass fixture.b
ktap_finished
