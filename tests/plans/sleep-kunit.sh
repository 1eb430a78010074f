#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# KUnit suite of the sleep controller's stray-wake filter, on the live GIC
# and the monitor's timer (CONFIG_VEXPRESS_SLEEP_KUNIT_TEST): a per-CPU
# interrupt that its driver disabled, pending, is no stray and stays masked
# through the filter; an enabled one is masked for the sleep and unmasked
# after. Booted with that suite alone enabled; run again from debugfs once
# the controller is bound (at boot it may not be yet, and the suite fails
# to initialize: a case skipped then would never run again, see the
# suite's init), and the rerun's results count: the suite's KTAP is this
# plan's subtest (lib/kunit.sh).
# board: a9
# smp: 1
# qemu-args: --append kunit.enable=1 --append kunit.filter_glob=vexpress-sleep-stray-filter
# pmic: twl92230 axp209
# kernels: all
. ./lib/board.sh
. ./lib/kunit.sh
S=vexpress-sleep-stray-filter
ktap_print_header

bound() { [ -e /sys/bus/platform/drivers/vexpress-sleep/sleep-controller ] && echo bound; }
b=$(await 10000 bound bound)
# KUnit prints the rerun's KTAP with printk (KERN_INFO), and the console is
# this plan's KTAP stream: keep it off (lib/kunit.sh reads the results file)
echo 6 > /proc/sys/kernel/printk
[ "$b" != bound ] || echo 1 > $KUNIT_D/$S/run
ktap_set_plan 3
check "kunit.sleep.controller-bound" bound "$b"
kunit_suite kunit.sleep $S
ktap_finished
