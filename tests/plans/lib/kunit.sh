# SPDX-License-Identifier: GPL-2.0
# Sourced by the KUnit plans: a built-in suite's results, read back from
# KUnit's debugfs (CONFIG_KUNIT_DEBUGFS), one plan result per case.
#
# The cases are not listed in the plans: each suite's own KTAP names and
# counts them (its plan line "1..N", N the KUNIT_CASEs it has, then one
# result per case, indented by four blanks; parameterised ones' results
# deeper), so a case added to a driver's tests is reported as it is.
KUNIT_D=/sys/kernel/debug/kunit

# kunit_case_results SUITE: its cases' result lines
kunit_case_results() { grep -E '^    (not )?ok [0-9]+ ' "$KUNIT_D/$1/results" 2>/dev/null; }
# kunit_case_plan SUITE: how many cases it has
kunit_case_plan() { sed -n 's/^    1\.\.\([0-9]*\).*/\1/p' "$KUNIT_D/$1/results" 2>/dev/null | head -n 1; }
# kunit_suite_ok SUITE: prints yes if the suite's own result is ok
kunit_suite_ok() { grep -qE "^ *ok [0-9]+ $1\$" "$KUNIT_D/$1/results" 2>/dev/null && echo yes; }

# kunit_suite_checks PREFIX SUITE: two results: the suite ran and passed,
# and all its cases reported, at least one (a suite that lost its cases,
# or a file that lost its results, must not pass with none)
kunit_suite_checks() {
	check "$1.$2.suite-ran" yes "$(kunit_suite_ok "$2")"
	_want=$(kunit_case_plan "$2")
	[ "${_want:-0}" -ge 1 ] || _want="at least 1 case"
	check "$1.$2.cases-reported" "$_want" "$(kunit_case_results "$2" | wc -l)"
}

# kunit_cases PREFIX SUITE: one result per case of SUITE, as KUnit gave it,
# named PREFIX.CASE; a failed one with KUnit's messages
kunit_cases() {
	_r=$KUNIT_D/$2/results
	while read -r res; do
		case $res in
		"not ok "*)
			c=${res#not ok }; c=${c#* }
			grep -E "$c|Expected|expected|# " "$_r" | head -n 8 |
				while read -r l; do ktap_print_msg "$l"; done
			ktap_test_fail "$1.$c" ;;
		"ok "*"# SKIP"*)
			c=${res#ok }; c=${c#* }
			ktap_test_skip "$1.${c%% # SKIP*}" ;;
		"ok "*)
			c=${res#ok }
			ktap_test_pass "$1.${c#* }" ;;
		esac
	done <<EOF2
$(kunit_case_results "$2")
EOF2
}
