#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# lava-plan.sh PLAN [ALLOW-ERE]: run test plan /tests/PLAN.sh inside a LAVA
# test shell (the run step of the jobs lava/make-jobs.sh writes) and report
# each KTAP result, at any depth, as a LAVA test case: "ok" is pass, "ok ... #
# SKIP" skip, "not ok" fail. Then three cases judge the plan as a whole
# with the judge tests/run-plan.sh uses on the host (/tests/lib/judge.sh):
# "plan-complete" (as many results as its "1..N" line announced, and exit
# status 0 unless a result failed), "kernel-reports" (no kernel report in
# the kernel log other than those matching ALLOW-ERE, the plan's "# allow:"
# lines) and "debug-locks" (lockdep, if the kernel has it, still on). The
# plans judge their captures on the board (lib/oracle.sh), so the ordering
# oracle's verdicts are among their results; the host's oracle ("#
# trace-check:", hibernation's two boots) does not run here.
# lava-test-case comes from LAVA's test shell; without it (a plain shell,
# for trying this out) the cases are printed instead.
. /tests/lib/judge.sh
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

total=0
while IFS= read -r line; do
	# (a result at any depth: a subtest the plan nested, its sleeptrace
	# or KUnit verdicts, has its own results, named apart)
	line=${line#"${line%%[! ]*}"}
	case "$line" in
	"ok "[0-9]*|"not ok "[0-9]*)
		total=$((total + 1))
		name=$(printf '%s\n' "$line" |
			sed -E 's/^(not )?ok [0-9]+ *(- *)?//; s/ *#.*$//')
		[ -n "$name" ] || name=result-$total
		case "$line" in
		"not ok "*) result=fail ;;
		*"# SKIP"*|*"# skip"*) result=skip ;;
		*) result=pass ;;
		esac
		case_ "$name" $result ;;
	esac
done < "$out"

# shellcheck disable=SC2046 # three words by design
set -- $(judge_ktap < "$out")
if [ "$1" = "$2" ] && [ "$2" != 0 ] && { [ "$rc" = 0 ] || [ "$3" != 0 ]; }; then
	case_ plan-complete pass
else
	echo "lava-plan: $plan exited $rc with $2 results of a plan of $1"
	case_ plan-complete fail
fi

reports=$(dmesg | judge_reports "$allow")
if [ -z "$reports" ]; then
	case_ kernel-reports pass
else
	printf 'lava-plan: kernel reports:\n%s\n' "$reports"
	case_ kernel-reports fail
fi
# (as rootfs/init prints it on the console for the host's runner)
if grep -h debug_locks /proc/lockdep_stats 2>/dev/null | sed 's/^ */vexpress-pm: /' |
	judge_debug_locks; then
	case_ debug-locks pass
else
	echo "lava-plan: lockdep switched itself off (debug_locks = 0)"
	case_ debug-locks fail
fi
exit 0
