#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# KUnit suite of the SBCon bit engine (run at boot with kunit.enable=1):
# one result per case, read back from the KUnit debugfs results file.
# qemu-args: --append kunit.enable=1
. ./lib/board.sh
ktap_print_header
cases="sbcon_test_write sbcon_test_read_rstart sbcon_test_addr_nak
sbcon_test_data_nak sbcon_test_quick sbcon_test_stretch sbcon_test_bus_busy"
ktap_set_plan $(($(echo $cases | wc -w) + 1))
R=/sys/kernel/debug/kunit/i2c-sbcon-timer/results
check "kunit.sbcon.suite-ran" yes "$(grep -q "ok [0-9]* i2c-sbcon-timer$" $R 2>/dev/null && echo yes)"
for c in $cases; do
	if grep -qE "^ *ok [0-9]+ $c\$" $R 2>/dev/null; then
		ktap_test_pass "kunit.sbcon.$c"
	else
		grep -E "$c|Expected|expected" $R 2>/dev/null | head -5 |
			while read -r l; do ktap_print_msg "$l"; done
		ktap_test_fail "kunit.sbcon.$c"
	fi
done
ktap_finished
