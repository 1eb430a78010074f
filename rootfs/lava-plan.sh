#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# lava-plan.sh PLAN [ALLOW-ERE]: run test plan /tests/PLAN.sh inside a LAVA
# test shell (the run step of the jobs lava/make-jobs.sh writes) and report
# each top-level KTAP result as a LAVA test case: "ok" is pass, "ok ... #
# SKIP" skip, "not ok" fail. Then two cases judge the plan as a whole, as
# tests/run-plan.sh does on the host: "plan-complete" (as many results as
# its "1..N" line announced, and exit status 0 unless a result failed) and
# "kernel-reports" (no oops, BUG, WARNING, lockdep or KASAN report in the
# kernel log other than those matching ALLOW-ERE, the plan's "# allow:"
# lines). The host's ordering oracle ("# trace-check:") does not run here.
# lava-test-case comes from LAVA's test shell; without it (a plain shell,
# for trying this out) the cases are printed instead.
plan=$1 allow=${2:-}
out=/tmp/$plan.ktap
if command -v lava-test-case >/dev/null; then
	report() { lava-test-case "$@"; }
else
	report() { echo "lava-test-case $*"; }
fi

(cd /tests && sh "./$plan.sh") > "$out" 2>&1
rc=$?
cat "$out"

# case NAME RESULT: one LAVA test case; LAVA wants [A-Za-z0-9._-] names.
case_() {
	report "$(printf '%s' "$1" | tr -c 'A-Za-z0-9._-' '_' | cut -c1-90)" --result "$2"
}

planned= total=0 failed=0
while IFS= read -r line; do
	case "$line" in
	1..*)
		[ -n "$planned" ] || { planned=${line#1..}; planned=${planned%% *}; } ;;
	"ok "[0-9]*|"not ok "[0-9]*)
		total=$((total + 1))
		name=$(printf '%s\n' "$line" |
			sed -E 's/^(not )?ok [0-9]+ *(- *)?//; s/ *#.*$//')
		[ -n "$name" ] || name=result-$total
		case "$line" in
		"not ok "*) result=fail failed=$((failed + 1)) ;;
		*"# SKIP"*|*"# skip"*) result=skip ;;
		*) result=pass ;;
		esac
		case_ "$name" $result ;;
	esac
done < "$out"

if [ -n "$planned" ] && [ "$total" = "$planned" ] && [ "$total" != 0 ] &&
	{ [ "$rc" = 0 ] || [ "$failed" != 0 ]; }; then
	case_ plan-complete pass
else
	echo "lava-plan: $plan exited $rc with $total results of ${planned:-no} plan"
	case_ plan-complete fail
fi

bad='Internal error:|Unable to handle kernel|Kernel panic|BUG:|WARNING:|possible recursive locking|possible circular locking|inconsistent lock state|KASAN|blocked for more than'
reports=$(dmesg | grep -E "$bad" | { if [ -n "$allow" ]; then grep -vE "$allow"; else cat; fi; })
if [ -z "$reports" ]; then
	case_ kernel-reports pass
else
	printf 'lava-plan: kernel reports:\n%s\n' "$reports"
	case_ kernel-reports fail
fi
exit 0
