# SPDX-License-Identifier: GPL-2.0
# Sourced by the KUnit plans: a built-in suite's results, read back from
# KUnit's debugfs (CONFIG_KUNIT_DEBUGFS).
#
# The cases are not listed in the plans: each suite's own KTAP names and
# counts them (its plan line "1..N", N the KUNIT_CASEs it has, then one
# result per case, indented by four blanks; parameterised ones' results
# deeper), so a case added to a driver's tests is reported as it is.
KUNIT_D=/sys/kernel/debug/kunit

# kunit_suite_ok SUITE: prints yes if the suite's own result is ok
kunit_suite_ok() { grep -qE "^ *ok [0-9]+ $1\$" "$KUNIT_D/$1/results" 2>/dev/null && echo yes; }

# kunit_suite PREFIX SUITE: the suite's own KTAP as this plan's subtest
# SUITE, as KUnit wrote it (its results file is a KTAP document whose one
# subtest is the suite, indented four blanks: kept as it is, its cases
# under KUnit's names; a failed assertion's lines, "Expected ..." and the
# values under it, which KUnit writes without "#", made diagnostics at
# their depth, so the host keeps them), this plan's result SUITE from the suite's own
# result line; then PREFIX.SUITE.cases-reported: as many case results as
# its plan line announced, at least one (a suite that lost its cases, or
# a results file that lost them, must not pass with none).
kunit_suite() {
	_r=$KUNIT_D/$2/results
	awk '/^    / { t = $0; sub(/^ */, "", t)
		if (t !~ /^(KTAP version [0-9]+$|1\.\.[0-9]+|(not )?ok [0-9]+|#)/)
			$0 = substr($0, 1, length($0) - length(t)) "# " t
		print }' "$_r" 2>/dev/null
	case $(tail -n 1 "$_r" 2>/dev/null) in
	"ok 1 $2 # SKIP"*) ktap_test_skip "$2" ;;
	"ok 1 $2") ktap_test_pass "$2" ;;
	*) ktap_test_fail "$2" ;;
	esac
	_want=$(sed -n 's/^    1\.\.\([0-9]*\).*/\1/p' "$_r" 2>/dev/null | head -n 1)
	[ "${_want:-0}" -ge 1 ] || _want="at least 1 case"
	check "$1.$2.cases-reported" "$_want" \
		"$(grep -cE '^    (not )?ok [0-9]+ ' "$_r" 2>/dev/null)"
}
