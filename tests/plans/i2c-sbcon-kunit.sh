#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# KUnit suites of the SBCon driver (run at boot with kunit.enable=1): the bit
# engine against a simulated slave, and live cases on the real adapter and
# the PMIC; each suite's KTAP, read back from the KUnit debugfs results, as
# a subtest of this plan (lib/kunit.sh).
# The live -ESHUTDOWN case makes the i2c core dev_WARN "Transfer while
# suspended" once, by design: that WARNING is allowed, and counted. The
# core warns once per adapter and the case leaves the core's flags alone,
# so the live suite run again from debugfs passes without a second one.
# The allow lines are that WARNING as 6.12 prints it, then as 7.3 does.
# qemu-args: --append kunit.enable=1
# allow: WARNING: CPU: [0-9]+ PID: [0-9]+ at .*drivers/i2c/i2c-core\.h:[0-9]+ __i2c_transfer\+
# allow: WARNING: [^ ]*drivers/i2c/i2c-core\.h:[0-9]+ at __i2c_transfer\+
# pmic: twl92230 axp209
# pmic-per-kernel: one
# kernels: all
. ./lib/board.sh
. ./lib/kunit.sh
ktap_print_header
D=$KUNIT_D
suites="i2c-sbcon-timer i2c-sbcon-timer-live"

# Per suite: its KTAP as a subtest, and its cases all reported; then the
# three checks of the live suite's warning and rerun.
ktap_set_plan $((2 * $(echo $suites | wc -w) + 3))
for s in $suites; do kunit_suite kunit.sbcon $s; done
check "kunit.sbcon.live.one-suspended-warning" 1 "$(dmesg | grep -c 'Transfer while suspended')"
# KUnit prints the rerun's KTAP with printk (KERN_INFO), and the console
# is this plan's KTAP stream: keep it off the console (dmesg has it, and
# the results file), to the plan's end. Not restored after the run: 7.3's
# PL011 is an nbcon console, printed by a kthread after printk returns,
# and judged against the console level it finds then. Level 6 still
# shows warnings and errors, the reports the runner judges.
echo 6 > /proc/sys/kernel/printk
echo 1 > $D/i2c-sbcon-timer-live/run
check "kunit.sbcon.live.rerun-passed" yes \
	"$(kunit_suite_ok i2c-sbcon-timer-live)"
check "kunit.sbcon.live.rerun-warned-once" 1 "$(dmesg | grep -c 'Transfer while suspended')"
ktap_finished
