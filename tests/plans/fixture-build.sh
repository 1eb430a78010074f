#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Runner fixture: a plan that uses every path the runner derives from BUILD
# (the results, the board DTB a dt-edit copies, the host's oracle), for the
# runner's tests of an absolute and a relative BUILD.
# dt-edit: -t s / model fixture
# trace-check:
. ./ktap_helpers.sh
ktap_print_header
ktap_set_plan 1
ktap_test_pass fixture.a
ktap_finished
