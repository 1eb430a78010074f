#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Runner fixture (tests/fake-launch.sh only): a plan booted twice with one
# SD card image, as hibernation is; the second boot finds no image and stops
# without a verdict again, which must fail.
# boots: 2
. ./ktap_helpers.sh
ktap_print_header
ktap_set_plan 1
ktap_test_pass fixture.a
ktap_finished
