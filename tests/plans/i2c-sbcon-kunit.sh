#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# KUnit suites of the SBCon driver (run at boot with kunit.enable=1): the bit
# engine against a simulated slave, and live cases on the real adapter and
# the PMIC; one result per case, read back from the KUnit debugfs results.
# The cases are not listed here: each suite's own KTAP names and counts them.
# The live -ESHUTDOWN case makes the i2c core dev_WARN "Transfer while
# suspended" once, by design: that WARNING is allowed, and counted. The
# core warns once per adapter and the case leaves the core's flags alone,
# so the live suite run again from debugfs passes without a second one.
# The allow lines are that WARNING as 6.12 prints it, then as 7.3 does.
# qemu-args: --append kunit.enable=1
# allow: WARNING: CPU: [0-9]+ PID: [0-9]+ at .*drivers/i2c/i2c-core\.h:[0-9]+ __i2c_transfer\+
# allow: WARNING: [^ ]*drivers/i2c/i2c-core\.h:[0-9]+ at __i2c_transfer\+
# pmic: twl92230 axp209
. ./lib/board.sh
ktap_print_header
D=/sys/kernel/debug/kunit
suites="i2c-sbcon-timer i2c-sbcon-timer-live"

# A suite's cases are what its results file reports (KTAP, cases indented
# by four blanks, parameterised ones' results deeper): its own plan line
# "1..N" (N: the KUNIT_CASEs it has) and one result per case. No list of
# case names here: a case added to the driver's tests is reported as it is.
case_results() { grep -E '^    (not )?ok [0-9]+ ' "$D/$1/results" 2>/dev/null; }
case_plan() { sed -n 's/^    1\.\.\([0-9]*\).*/\1/p' "$D/$1/results" 2>/dev/null | head -n 1; }

n=0
for s in $suites; do n=$((n + $(case_results $s | wc -l))); done
# Per suite: it ran, and its cases all reported; each case; then the three
# checks of the live suite's warning and rerun.
ktap_set_plan $((2 * $(echo $suites | wc -w) + n + 3))

# cases SUITE: one result per case of SUITE, as KUnit gave it
cases() {
	R=$D/$1/results
	while read -r res; do
		case $res in
		"not ok "*)
			c=${res#not ok }; c=${c#* }
			grep -E "$c|Expected|expected|# " $R | head -8 |
				while read -r l; do ktap_print_msg "$l"; done
			ktap_test_fail "kunit.sbcon.$c" ;;
		"ok "*"# SKIP"*)
			c=${res#ok }; c=${c#* }
			ktap_test_skip "kunit.sbcon.${c%% # SKIP*}" ;;
		"ok "*)
			c=${res#ok }
			ktap_test_pass "kunit.sbcon.${c#* }" ;;
		esac
	done <<EOF
$(case_results "$1")
EOF
}

for s in $suites; do
	check "kunit.sbcon.$s.suite-ran" yes "$(grep -qE "^ *ok [0-9]+ $s\$" $D/$s/results 2>/dev/null && echo yes)"
	# All its cases reported, and at least one: a suite that lost its
	# cases (or a file that lost its results) must not pass with none.
	want=$(case_plan $s)
	[ "${want:-0}" -ge 1 ] || want="at least 1 case"
	check "kunit.sbcon.$s.cases-reported" "$want" "$(case_results $s | wc -l)"
done
for s in $suites; do cases $s; done
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
	"$(grep -qE '^ *ok [0-9]+ i2c-sbcon-timer-live$' $D/i2c-sbcon-timer-live/results && echo yes)"
check "kunit.sbcon.live.rerun-warned-once" 1 "$(dmesg | grep -c 'Transfer while suspended')"
ktap_finished
