#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# quick.sh: the LAVA jobs' wiring, checked in a couple of minutes: the
# "lava" suite of make test (tests/run.sh); make lava-check (check.sh) is
# the long form. Short vexpress-a9 jobs and a Cubieboard one
# (lava/make-jobs.sh), every boot
# under -icount so that the host's load cannot fail them, run end to end by
# Debian's lava-run (lava/run-job.sh) and judged on LAVA's own results:
#  - TWL92230 (the system's QEMU): fixture-fail, whose failing case must
#    come out as a LAVA failure and its passing one as a pass;
#    sleeptrace-board, whose results are the ordering oracle's verdicts
#    judged on the board (board-oracle.RULE-ID test cases);
#    suspend-arm-in-prepare, a plan that judges its own capture on the board
#    (oracle.RULE-ID cases), two of them violations it must find; the
#    KernelCI-style sleep test, rtcwake -d rtc0 -m mem -s 5 ten times, in
#    virtual time.
#  - AXP209 (QEMU 10: run.sh's choice, else boot/qemu-backport.sh):
#    axp209-board and the same sleep test.
#  - the Cubieboard (QEMU's A10 with its own AXP209, on the same QEMU 10):
#    cubieboard-s2idle-arm, the A10's s2idle arming with the oracle's
#    verdicts judged on the board; no sleep test (no suspend to RAM there).
# Every other test case must pass, and each job must pass as a whole.
# Without a boot, the judge on a recorded log of LAVA's own format
# (lava/judge-job-selftest.sh: every results line read, an unreadable one
# a failure), lava/kernelci/pipeline.yaml checked against boot/board.sh
# and the plans (and a copy whose platforms disagree with the table must
# fail), the TWL92230 job's log judged again without
# --expect-fail must fail (lava/judge-job.sh), and a job context with a key
# lava/qemu-device.sh does not render must be refused.
# Prints an indented KTAP subtest, then "# counts: PASSED FAILED SKIPPED"
# (tests/run-suite.sh). Each result's name is the same on every run and
# has no ": " (what follows one is a diagnostic, tests/ktap-result.sh): a
# job's judgements are lava.BOARD-PROFILE.NAME, NAME the judge's
# (lava/judge-job.sh: lava.job-result, SUITE.CASE, ...). A job is a skip, saying why, where it cannot run:
# no lava-run ('make deps' installs lava-dispatcher where Debian has it),
# not root (lava-run needs it), or no QEMU that runs the job's board (its
# PMIC's model, or the QEMU version the board needs).
set -u

top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/scripts/build-dir.sh"
mkdir -p "$build"
work=$build/lava/quick
rm -rf "$work" && mkdir -p "$work"
pass=0 fail=0 skip=0 n=0
tab=$(printf '\t')
. "$top/tests/ktap-result.sh"

# renumber FILE NAME-PREFIX DIAG-PREFIX: the KTAP results of FILE (a
# judge's, at the left) numbered on as this suite's and counted, each name
# after NAME-PREFIX, its "#" lines kept after DIAG-PREFIX
renumber() {
	while IFS= read -r line; do
		case "$line" in
		"# "*)
			echo "    # $3${line#\# }" ;;
		"ok "[0-9]*" # SKIP "*)
			n=$((n + 1)) skip=$((skip + 1))
			echo "    ok $n $2${line#ok [0-9]* }" ;;
		"ok "[0-9]*)
			n=$((n + 1)) pass=$((pass + 1))
			echo "    ok $n $2${line#ok [0-9]* }" ;;
		"not ok "[0-9]*)
			n=$((n + 1)) fail=$((fail + 1))
			echo "    not ok $n $2${line#not ok [0-9]* }" ;;
		esac
	done < "$1"
}

# job BOARD PROFILE QEMU WHY-NO-QEMU PLANS [--expect-fail PLAN.CASE]
# (the sleep test on a board that can run it: boot/board.sh's rtcwake)
job() {
	board=$1 prof=$2 q=$3 why=$4 plans=$5
	shift 5
	bp=$board-$prof
	sleep_runs=$(me=quick.sh; . "$top/boot/board.sh" && board_of "$board" > /dev/null &&
		if [ "$rtcwake" = yes ]; then echo 10; else echo 0; fi)
	if ! command -v lava-run >/dev/null; then
		why="needs lava-run (package lava-dispatcher; 'make deps' installs it on Debian 12, from trixie-backports on Debian 13)"
	elif [ "$(id -u)" != 0 ]; then
		why="needs root (lava-run does)"
	elif [ -z "$q" ]; then
		why="needs a QEMU for the $prof profile: $why"
	else
		why=
	fi
	if [ -n "$why" ]; then
		n=$((n + 1)) skip=$((skip + 1))
		echo "    ok $n lava.$bp # SKIP $why"
		return
	fi
	sh "$top/lava/make-jobs.sh" --board "$board" --profile "$prof" --out "$work/$bp" \
		--plans "$plans" --sleep-icount > "$work/$bp.gen" 2>&1 ||
		{ result fail "lava.$bp.make-jobs: make-jobs.sh failed" "$work/$bp.gen"; return; }
	rc=0
	QEMU=$q sh "$top/lava/run-job.sh" "$work/$bp/vexpress-pm-$bp.yaml" \
		"$work/$bp/run" --sleep-runs "$sleep_runs" "$@" > "$work/$bp.out" 2>&1 || rc=$?
	# A QEMU that cannot run the job's board (run-job.sh: no -device model
	# of its PMIC, or boot/qemu.sh --check's refusal, which names the QEMU
	# version needed, as the AXP209 profile's suites say it) is a skip.
	if [ $rc = 2 ] && grep -q "the job's board" "$work/$bp.out"; then
		n=$((n + 1)) skip=$((skip + 1))
		echo "    ok $n lava.$bp # SKIP needs a QEMU that runs the job's board: $(tail -n 1 "$work/$bp.out" | sed 's/^run-job\.sh: //')"
		return
	fi
	# A failed run: where (before the results, which the lines explain).
	if [ $rc != 0 ]; then
		tail -n 3 "$work/$bp.out" | sed 's/^/    # /'
		echo "    # log: $work/$bp/run/job.log"
	fi
	# run-job.sh's judgements, one result each, numbered on.
	# (and its diagnostics: what each found)
	renumber "$work/$bp.out" "lava.$bp." "$bp: "
	# No judgement at all (run-job.sh stopped early): a failure of its own.
	if [ $rc != 0 ] && ! grep -qE '^(not )?ok [0-9]' "$work/$bp.out"; then
		result fail "lava.$bp.run-job: run-job.sh exit $rc"
	fi
}

# The judge on a recorded log first (no boot, no lava-run: jq and awk):
# lava/judge-job-selftest.sh, its results numbered on as this suite's.
# (its subtest's lines, indented; not its own "# counts:", which would
# be taken for this suite's)
sh "$top/lava/judge-job-selftest.sh" > "$work/judge-fixtures.out" 2>&1
sed -n 's/^    //p' "$work/judge-fixtures.out" > "$work/judge-fixtures.ktap"
renumber "$work/judge-fixtures.ktap" "" ""
grep -q '^# counts: ' "$work/judge-fixtures.out" ||
	{ tail -n 3 "$work/judge-fixtures.out" | sed 's/^/    # /'; result fail lava.judge-job-selftest; }
# KernelCI's plans have one list, pipeline.yaml's "plans:" params
# (lava/kernelci/pipeline.sh, which the lab's KernelCI jobs read too): each
# job's board, profile, DTB and plans checked against boot/board.sh and
# the plans' headers, so that an edit of one that leaves the other behind
# fails here, no lab needed.
. "$top/boot/board.sh"
. "$top/tests/plan-path.sh"
. "$top/lava/kernelci/pipeline.sh"
if kci_check > "$work/kernelci-pipeline.out" 2>&1; then
	result ok "lava.kernelci-pipeline: the $(kci_jobs | wc -l | tr -d ' ') jobs of lava/kernelci/pipeline.yaml fit boot/board.sh and their plans"
else
	result fail "lava.kernelci-pipeline: lava/kernelci/pipeline.yaml does not fit the project" "$work/kernelci-pipeline.out"
fi
# Its platforms repeat boot/board.sh's facts: a copy whose Cubieboard
# platform says cortex-a9 and whose vexpress one says vexpress-a15 must
# fail, naming both.
sed -e 's/^      cpu: cortex-a8$/      cpu: cortex-a9/' -e 's/^      machine: vexpress-a9$/      machine: vexpress-a15/' \
	"$kci_pipeline" > "$work/pipeline-broken.yaml"
rc=0
(kci_pipeline=$work/pipeline-broken.yaml; kci_check) > "$work/kernelci-broken.out" 2>&1 || rc=$?
sed 's/^/    # broken copy: /' "$work/kernelci-broken.out"
if [ $rc = 1 ] && grep -q 'qemu-cubieboard-axp209: context.cpu is cortex-a9, the cubieboard board.s is cortex-a8' "$work/kernelci-broken.out" &&
	grep -q 'qemu-vexpress-a9-axp209: context.machine is vexpress-a15, the a9 board.s is vexpress-a9' "$work/kernelci-broken.out"; then
	result ok "lava.kernelci-platforms: a pipeline.yaml whose platforms disagree with boot/board.sh fails"
else
	result fail "lava.kernelci-platforms: a pipeline.yaml whose platforms disagree with boot/board.sh fails (exit $rc)"
fi
# The lab's reader of a job's test cases (lava/lab/cases.sh: each case's
# LAVA test set, a KernelCI job's plan), no lab needed, on answers of LAVA
# 2023.01's REST API (lava/fixtures/lab-*.json, a KernelCI job of two
# plans): the sets from the cases' metadata ("set:"); the same cases with
# the metadata LAVA keeps when it strips it (no "set:"), the sets from
# their test_set ids and the names LAVA gives those ids
# (?test_set__name=PLAN: lab-sets-2023.01.json); and without those names,
# no case taken for a plan ("?ID").
fx=$top/lava/fixtures
echo '{}' > "$work/sets-none.json"
# The same answer as LAVA gives it once it has stripped the metadata: no
# "set:" line in any case's, and none at all in two (made here from the
# recorded answer, which stays the one recording)
jq '.results |= map(if (.metadata | test("^case: (board-oracle[.]recorded|arm-in-prepare[.]cycle-status)\n"))
	then .metadata = "" else .metadata |= sub("set: [^\n]*\n"; "") end)' \
	"$fx/lab-tests-2023.01.json" > "$work/lab-tests-no-set-metadata.json"
cases_check() {
	rc=0
	sh "$top/lava/lab/cases.sh" "$fx/lab-suites-2023.01.json" "$2" "$3" > "$work/cases-$1.tsv" 2>&1 || rc=$?
	if [ $rc = 0 ] && cmp -s "$work/cases-$1.tsv" "$4"; then
		result ok "lava.lab-cases.$1: $(wc -l < "$4" | tr -d ' ') cases, each keyed as ${4##*/}"
	else
		diff "$4" "$work/cases-$1.tsv" | head -n 8 | sed 's/^/    # /'
		result fail "lava.lab-cases.$1: exit $rc, not as ${4##*/}"
	fi
}
cases_check set-in-metadata "$work/sets-none.json" "$fx/lab-tests-2023.01.json" "$fx/lab-cases.tsv"
cases_check set-by-id "$fx/lab-sets-2023.01.json" "$work/lab-tests-no-set-metadata.json" "$fx/lab-cases.tsv"
jq -r 'to_entries[] | .key + "\t" + .value' "$fx/lab-sets-2023.01.json" > "$work/sets.tsv"
awk -F "$tab" -v OFS="$tab" 'NR == FNR { id[$2] = $1; next } $4 != "-" { $4 = "?" id[$4] } { print }' \
	"$work/sets.tsv" "$fx/lab-cases.tsv" > "$work/cases-unnamed.want"
cases_check set-unnamed "$work/sets-none.json" "$work/lab-tests-no-set-metadata.json" "$work/cases-unnamed.want"

job a9 twl92230 "${QEMU_twl92230-qemu-system-arm}" "${NOQEMU_twl92230:-}" \
	"fixture-fail sleeptrace-board suspend-arm-in-prepare" --expect-fail fixture-fail.fixture.b
# The judge and the device rendering fail where they should (no boot: the
# TWL92230 job's own log and job file): that log judged without
# --expect-fail must fail on fixture-fail.fixture.b; a job context with a
# key qemu-device.sh does not render (vga) must be refused, exit 2.
log=$work/a9-twl92230/run/job.log yaml=$work/a9-twl92230/vexpress-pm-a9-twl92230.yaml
if [ -f "$log" ]; then
	rc=0
	sh "$top/lava/judge-job.sh" "$log" "$work/judge-neg" 10 > "$work/judge-neg.out" 2>&1 || rc=$?
	if [ $rc = 1 ] && grep -q '^not ok [0-9]* fixture-fail\.fixture\.b$' "$work/judge-neg.out"; then
		result ok "lava.judge-job: fails a job whose fixture-fail.fixture.b failed, unless expected"
	else
		echo "    # exit $rc: $(tail -n 1 "$work/judge-neg.out")"
		result fail "lava.judge-job: fails a job whose fixture-fail.fixture.b failed, unless expected"
	fi
fi
if [ -f "$yaml" ]; then
	awk '{ print } /^  memory: / { print "  vga: -vga std" }' "$yaml" > "$work/vga.yaml"
	rc=0
	sh "$top/lava/qemu-device.sh" "$work/vga.yaml" > /dev/null 2> "$work/vga.err" || rc=$?
	if [ $rc = 2 ] && grep -q 'context key vga' "$work/vga.err"; then
		result ok "lava.qemu-device: refuses a context key it does not render"
	else
		echo "    # exit $rc: $(head -n 1 "$work/vga.err")"
		result fail "lava.qemu-device: refuses a context key it does not render"
	fi
fi
job a9 axp209 "${QEMU_axp209-$top/boot/qemu-backport.sh}" "${NOQEMU_axp209:-}" \
	"axp209-board"
# The Cubieboard (QEMU's A10 with its own AXP209: the AXP209 profile's
# QEMU 10, as the board needs 8.1 or later) with the A10's s2idle arming,
# the oracle's verdicts judged on the board; no sleep test there.
job cubieboard axp209 "${QEMU_axp209-$top/boot/qemu-backport.sh}" "${NOQEMU_axp209:-}" \
	"cubieboard-s2idle-arm"
echo "# counts: $pass $fail $skip"
