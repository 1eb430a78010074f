#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Runner fixture: a plan whose capture (the fake launcher replays
# tools/sleeptrace/fixtures/pm-core-reorder.trace) breaks exactly these two
# rules, for the runner's test of the oracle's relayed verdicts.
# trace-check: prepare-late-after-noirq pmic-quiet-while-armed
. ./ktap_helpers.sh
ktap_print_header
ktap_set_plan 1
ktap_test_pass fixture.a
ktap_finished
