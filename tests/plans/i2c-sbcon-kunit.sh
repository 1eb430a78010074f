#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# KUnit suites of the SBCon driver (run at boot with kunit.enable=1): the bit
# engine against a simulated slave, and live cases on the real adapter and
# the PMIC; one result per case, read back from the KUnit debugfs results.
# The live -ESHUTDOWN case makes the i2c core dev_WARN "Transfer while
# suspended" once, by design: that WARNING is allowed, and counted. The
# core warns once per adapter and the case leaves the core's flags alone,
# so the live suite run again from debugfs passes without a second one.
# qemu-args: --append kunit.enable=1
# allow: WARNING: CPU: [0-9]+ PID: [0-9]+ at .*drivers/i2c/i2c-core\.h:[0-9]+ __i2c_transfer\+
. ./lib/board.sh
ktap_print_header
engine="sbcon_test_write sbcon_test_read_rstart sbcon_test_addr_nak
sbcon_test_data_nak sbcon_test_quick sbcon_test_stretch sbcon_test_bus_busy"
live="sbcon_live_suspended sbcon_live_atomic sbcon_live_recovery"
ktap_set_plan $(($(echo $engine $live | wc -w) + 5))
D=/sys/kernel/debug/kunit

# cases SUITE CASE...: one result per case of SUITE
cases() {
	R=$D/$1/results
	shift
	for c in "$@"; do
		if grep -qE "^ *ok [0-9]+ $c\$" $R 2>/dev/null; then
			ktap_test_pass "kunit.sbcon.$c"
		else
			grep -E "$c|Expected|expected|# " $R 2>/dev/null | head -8 |
				while read -r l; do ktap_print_msg "$l"; done
			ktap_test_fail "kunit.sbcon.$c"
		fi
	done
}

for s in i2c-sbcon-timer i2c-sbcon-timer-live; do
	check "kunit.sbcon.$s.suite-ran" yes "$(grep -qE "^ *ok [0-9]+ $s\$" $D/$s/results 2>/dev/null && echo yes)"
done
# shellcheck disable=SC2086 # word lists
cases i2c-sbcon-timer $engine
# shellcheck disable=SC2086
cases i2c-sbcon-timer-live $live
check "kunit.sbcon.live.one-suspended-warning" 1 "$(dmesg | grep -c 'Transfer while suspended')"
# KUnit prints the rerun's KTAP with printk, and the console is this plan's
# KTAP stream: keep it off the console (dmesg has it, and the results file).
level=$(cut -f1 /proc/sys/kernel/printk)
echo 4 > /proc/sys/kernel/printk
echo 1 > $D/i2c-sbcon-timer-live/run
echo "$level" > /proc/sys/kernel/printk
check "kunit.sbcon.live.rerun-passed" yes \
	"$(grep -qE '^ *ok [0-9]+ i2c-sbcon-timer-live$' $D/i2c-sbcon-timer-live/results && echo yes)"
check "kunit.sbcon.live.rerun-warned-once" 1 "$(dmesg | grep -c 'Transfer while suspended')"
ktap_finished
