#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Runner fixture: a plan that would pass, with a dt-edit that cannot apply
# (no such node): the runner must fail it rather than boot the board DTB.
# dt-edit: -t s /no-such-node status disabled
. ./ktap_helpers.sh
ktap_print_header
ktap_set_plan 1
ktap_test_pass fixture.a
ktap_finished
