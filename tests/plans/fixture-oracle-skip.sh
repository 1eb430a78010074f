#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Runner fixture: a plan whose capture cannot show two oracle rules, one of
# which its header allows to skip (the runner's tests use a stand-in
# oracle that skips rule-a and rule-b).
# trace-check:
# oracle-skip: rule-a
. ./ktap_helpers.sh
ktap_print_header
ktap_set_plan 1
ktap_test_pass fixture.a
ktap_finished
