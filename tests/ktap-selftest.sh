#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The KTAP reader's and the plan-header reader's own tests: on a recorded
# run of tests/run.sh (tests/ktap/run.ktap), tests/ktap.awk counts what the
# run's last line says with no structure error, the kernel's own parser
# (kunit.py parse, from the kernel tree the build unpacked) counts the same
# with 0 errors, and the JUnit XML has as many test cases, failures and
# skips; a stream numbered wrong is an error; a suite's output that hides a
# failure (an exit status, a private count, no result) gets a failed
# result, and a child's KTAP nested in it is kept as it is; tests/plan-meta.sh rejects an unknown key with file and line and
# reads no header below the leading comment block, and its --each (the
# runner's one call a key) says what a call a plan says; every plan the
# oracle judges runs on every kernel. Prints an indented KTAP subtest.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/scripts/build-dir.sh"
n=0 pass=0 fail=0 skip=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$top/tests/ktap-result.sh"
# verdict COMMAND...: ok if COMMAND succeeds, else fail (a result's verdict)
verdict() { if "$@" >/dev/null 2>&1; then echo ok; else echo fail; fi; }

rec=$top/tests/ktap/run.ktap
want=$(tail -n 1 "$rec" | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed, \([0-9]*\) skipped$/\1 \2 \3/p')
awk -f "$top/tests/ktap.awk" -v mode=totals -v junit="$tmp/junit.xml" -v json="$tmp/results.json" \
	"$rec" > "$tmp/totals"
result "$(verdict test "$(cat "$tmp/totals")" = "$want")" "ktap.recorded.counts-as-last-line" "$tmp/totals"

# The kernel's parser: "Ran N tests: passed: P, failed: F, skipped: S"
# (fields that are 0 left out), and "errors: E" only if there are some.
kunit=$build/linux/tools/testing/kunit/kunit.py
if ! command -v python3 >/dev/null; then
	result skip ktap.recorded.kunit-parse "needs python3 (kunit.py)"
elif [ ! -f "$kunit" ]; then
	echo "no $kunit (make tree)" > "$tmp/kunit"
	result fail "ktap.recorded.kunit-parse" "$tmp/kunit"
else
	python3 "$kunit" parse "$rec" > "$tmp/kunit" 2>&1
	set -- $want
	got=$(sed -n 's/.*Testing complete\. Ran [0-9]* tests*: //p' "$tmp/kunit")
	exp="passed: $1"
	[ "$2" = 0 ] || exp="$exp, failed: $2"
	[ "$3" = 0 ] || exp="$exp, skipped: $3"
	tail -n 3 "$tmp/kunit" > "$tmp/kunit.tail"
	result "$(verdict test "$got" = "$exp")" "ktap.recorded.kunit-parse.same-counts-no-errors" "$tmp/kunit.tail"
fi

set -- $want
x=$(sed -n 's/^<testsuites [^>]*tests="\([0-9]*\)" failures="\([0-9]*\)" skipped="\([0-9]*\)">$/\1 \2 \3/p' "$tmp/junit.xml")
c=$(grep -c '<testcase ' "$tmp/junit.xml")
echo "junit: $x, $c test cases" > "$tmp/j"
result "$(verdict test "$x $c" = "$(($1 + $2 + $3)) $2 $3 $(($1 + $2 + $3))")" "ktap.recorded.junit-counts" "$tmp/j"
# Every suite's counts are numbers, the first one's too (its counters
# were empty strings before any suite had been flushed)
grep -n '<testsuite [^>]*=""' "$tmp/junit.xml" > "$tmp/e" 2>&1
result "$(verdict test ! -s "$tmp/e")" "ktap.recorded.junit-suite-counts-numbers" "$tmp/e"
# Valid against the JUnit schema CI systems read (tests/ktap/junit.xsd),
# and a count left empty is not
if command -v xmllint >/dev/null; then
	xmllint --noout --schema "$top/tests/ktap/junit.xsd" "$tmp/junit.xml" > "$tmp/x" 2>&1
	result "$(verdict grep -q ' validates$' "$tmp/x")" "ktap.recorded.junit-valid" "$tmp/x"
	sed 's/failures="0"/failures=""/' "$tmp/junit.xml" > "$tmp/bad.xml"
	xmllint --noout --schema "$top/tests/ktap/junit.xsd" "$tmp/bad.xml" > "$tmp/x" 2>&1
	result "$(verdict grep -q ' fails to validate$' "$tmp/x")" "ktap.junit-schema.empty-count-invalid" "$tmp/x"
else
	result skip ktap.recorded.junit-valid "needs xmllint (package libxml2-utils)"
	result skip ktap.junit-schema.empty-count-invalid "needs xmllint (package libxml2-utils)"
fi

# Each testsuite carries its own KTAP text
echo "$(grep -c '<testsuite ' "$tmp/junit.xml") testsuites, $(grep -c '<system-out>' "$tmp/junit.xml") system-out" > "$tmp/so"
result "$(verdict test "$(grep -c '<testsuite ' "$tmp/junit.xml")" = \
	"$(grep -c '<system-out>' "$tmp/junit.xml")")" "ktap.recorded.junit-system-out-per-suite" "$tmp/so"
# A result's own "# time: S s" line (the guest's, lib/board.sh) is its
# testcase's time=, and not part of a failure's text
printf '%s\n' 'KTAP version 1' '1..1' '    KTAP version 1' '    # Subtest: s' '    1..2' \
	'    # time: 0.25 s' '    ok 1 a' '    # why' '    # time: 1.50 s' '    not ok 2 b' \
	'    # time: s: 3 s wall, 1.0 s CPU' 'not ok 1 s' |
	awk -f "$top/tests/ktap.awk" -v mode=totals -v junit="$tmp/tc.xml" > /dev/null
r=fail
grep -q '<testcase classname="s" name="a" time="0.25"/>' "$tmp/tc.xml" &&
	grep -q '<testcase classname="s" name="b" time="1.5"><failure message="b"># why</failure>' "$tmp/tc.xml" &&
	grep -q '<testsuite name="s" [^>]* time="3">' "$tmp/tc.xml" && r=ok
result $r "ktap.junit-testcase-time" "$tmp/tc.xml"
# A leaf nested in a result (an oracle verdict, a KUnit case) has no
# clock of its own: its time= is the nearest enclosing result's "# time:"
# (p's 2 s for v1, and for w two levels down, whose parent v2 has none);
# a leaf no enclosing result timed (u, under q) has none. Valid against
# the schema.
printf '%s\n' 'KTAP version 1' '1..1' '    KTAP version 1' '    # Subtest: s' '    1..3' \
	'    # time: 0.25 s' '    ok 1 a' \
	'        KTAP version 1' '        1..2' '        ok 1 v1' \
	'            KTAP version 1' '            1..1' '            not ok 1 w' '        not ok 2 v2' \
	'    # time: 2.00 s' '    not ok 2 p' \
	'        KTAP version 1' '        1..1' '        ok 1 u' '    ok 3 q' \
	'    # time: s: 3 s wall, 1.0 s CPU' 'not ok 1 s' |
	awk -f "$top/tests/ktap.awk" -v mode=totals -v junit="$tmp/nest.xml" > /dev/null
r=fail
grep -q '<testcase classname="s" name="a" time="0.25"/>' "$tmp/nest.xml" &&
	grep -q '<testcase classname="s" name="v1" time="2"/>' "$tmp/nest.xml" &&
	grep -q '<testcase classname="s" name="w" time="2"><failure ' "$tmp/nest.xml" &&
	grep -q '<testcase classname="s" name="u"/>' "$tmp/nest.xml" &&
	[ "$(grep -c '<testcase ' "$tmp/nest.xml")" = 4 ] &&
	{ ! command -v xmllint > /dev/null ||
	  xmllint --noout --schema "$top/tests/ktap/junit.xsd" "$tmp/nest.xml" >> "$tmp/nest.xml" 2>&1; } && r=ok
result $r "ktap.junit-nested-leaf-time" "$tmp/nest.xml"

# The JSON summary (kunit.py --json's shape) reads as JSON, with the
# same counts
if command -v python3 >/dev/null; then
	python3 -c 'import json, sys
g = json.load(open(sys.argv[1]))
c = [t["status"] for s in g["sub_groups"] for t in s["test_cases"]]
print(c.count("PASS"), c.count("FAIL"), c.count("SKIP"))' "$tmp/results.json" > "$tmp/js" 2>&1
	result "$(verdict test "$(cat "$tmp/js")" = "$want")" "ktap.recorded.json-same-counts" "$tmp/js"
else
	result skip ktap.recorded.json-same-counts "needs python3"
fi

# A result numbered out of order, a plan count not met: errors
sed -E '0,/^    (not )?ok 1 /s/^    (not )?ok 1 /    \1ok 2 /' "$rec" | awk -f "$top/tests/ktap.awk" -v mode=totals > "$tmp/e1"
result "$(verdict grep -q '^# ktap: .*expected result 1, found 2' "$tmp/e1")" "ktap.misnumbered.is-an-error" "$tmp/e1"
sed '0,/^1\.\./s//1..9&/' "$rec" | awk -f "$top/tests/ktap.awk" -v mode=totals > "$tmp/e2"
result "$(verdict grep -q '^# ktap: .*planned 9[0-9]* results' "$tmp/e2")" "ktap.plan-not-met.is-an-error" "$tmp/e2"

# suite OUTPUT RC: the normalised suite's "not ok" lines
suite() { printf "$1" | awk -f "$top/tests/ktap.awk" -v mode=suite -v name=s -v num=1 -v rc="$2" > "$tmp/s"; }
suite '    ok 1 a\n' 3
result "$(verdict grep -q '^not ok 1 s$' "$tmp/s")" "ktap.suite.exit-status-without-failure-fails" "$tmp/s"
suite '    ok 1 a\n# counts: 1 1 0\n' 0
result "$(verdict grep -q '^    not ok 2 s: the suite counted 1' "$tmp/s")" "ktap.suite.private-count-fails" "$tmp/s"
suite '    # nothing\n' 0
result "$(verdict grep -q '^    not ok 1 s: no results$' "$tmp/s")" "ktap.suite.no-result-fails" "$tmp/s"
suite '    ok 1 a # SKIP why\n    ok 2 b # SKIP other\n' 0
result "$(verdict grep -q '^ok 1 s # SKIP why$' "$tmp/s")" "ktap.suite.all-skipped-is-a-skip" "$tmp/s"
# A child's KTAP nested under a result (a plan's sleeptrace or KUnit
# subtest) is kept as it is, its results counted as their own, once
suite '    ok 1 a\n        KTAP version 1\n        # Subtest: o\n        1..2\n        ok 1 o.x\n        not ok 2 o.y\n    not ok 2 o\n' 1
{ echo 'KTAP version 1'; echo '1..1'; cat "$tmp/s"; } > "$tmp/nest"
awk -f "$top/tests/ktap.awk" -v mode=totals "$tmp/nest" > "$tmp/nt"
r=fail
grep -qx '        not ok 2 o.y' "$tmp/s" && grep -qx '    1..2' "$tmp/s" && grep -qx '    not ok 2 o' "$tmp/s" &&
	test "$(cat "$tmp/nt")" = "2 1 0" && r=ok
cat "$tmp/nt" >> "$tmp/s"
result $r "ktap.suite.nested-kept-counted-once" "$tmp/s"
# A parent not ok whose subtests all passed (a child's exit status alone
# said it failed) is an error: the counts, the leaves', would not show it
printf '%s\n' 'KTAP version 1' '1..1' '    KTAP version 1' '    1..1' '    ok 1 x' 'not ok 1 p' |
	awk -f "$top/tests/ktap.awk" -v mode=totals > "$tmp/np"
result "$(verdict grep -q '^# ktap: .*"p" is not ok, but none of its subtests failed' "$tmp/np")" "ktap.parent-fails-alone.is-an-error" "$tmp/np"

# The plan-header reader
printf '#!/bin/sh\n# A plan.\n# timeout: 5\n# tiemout: 6\n. ./lib/board.sh\n# smp: 2\n' > "$tmp/p.sh"
sh "$top/tests/plan-meta.sh" "$tmp/p.sh" timeout > "$tmp/m" 2>&1
result "$(verdict grep -q "^$tmp/p.sh:4: unknown plan header key \"tiemout\"" "$tmp/m")" \
	"ktap.meta.unknown-key-fails-with-file-and-line" "$tmp/m"
printf '#!/bin/sh\n# A plan.\n# timeout: 5\n. ./lib/board.sh\n# smp: 2\n' > "$tmp/p.sh"
sh "$top/tests/plan-meta.sh" "$tmp/p.sh" smp > "$tmp/m" 2>&1
result "$(verdict test "$(cat "$tmp/m")" = 1)" "ktap.meta.below-the-block-not-a-header" "$tmp/m"
sh "$top/tests/plan-meta.sh" --check "$top"/tests/plans/*.sh "$top"/tests/fixtures/*.sh > "$tmp/m" 2>&1
result "$(verdict test ! -s "$tmp/m")" "ktap.meta.every-plan-valid" "$tmp/m"
: > "$tmp/m"
for f in "$top"/tests/plans/*.sh; do
	case $f in */fixture-*) continue ;; esac
	sh "$top/tests/plan-meta.sh" "$f" kernels | grep -qx all || echo "${f##*/}: no kernels: all" >> "$tmp/m"
done
result "$(verdict test ! -s "$tmp/m")" "ktap.meta.plans-on-every-kernel" "$tmp/m"
# --each (the runner's one call a key) says what a call a plan says, the
# defaults included: on plans with and without each key (dt-bad-pmic has
# no "# pmic:"), and on one with a key twice, an empty one and a bad one,
# whose lines it still prints, exiting 2
printf '#!/bin/sh\n# pmic: a\n# kernels:\n# pmic: b\n# tiemout: 6\n' > "$tmp/p.sh"
set -- boot hibernate pmic-absent dt-bad-pmic fixture-hang suspend-stress
. "$top/tests/plan-path.sh"
plans=$(for p in "$@"; do echo "$top/$(plan_path "$p")"; done)
: > "$tmp/m"
for key in kernels pmic smp timeout; do
	# shellcheck disable=SC2086 # a list of paths without blanks
	sh "$top/tests/plan-meta.sh" --each $key $plans "$tmp/p.sh" > "$tmp/each" 2>/dev/null
	[ $? = 2 ] || echo "$key: --each did not exit 2 on the bad key" >> "$tmp/m"
	for f in $plans; do
		want="$f $(sh "$top/tests/plan-meta.sh" "$f" $key | tr '\n' ' ')"
		grep -qxF "${want% }" "$tmp/each" || echo "$key: not '${want% }'" >> "$tmp/m"
	done
	case $key in
	kernels) want="$tmp/p.sh " ;;
	pmic) want="$tmp/p.sh a b" ;;
	smp) want="$tmp/p.sh 1" ;;
	timeout) want="$tmp/p.sh 120" ;;
	esac
	grep -qxF "$want" "$tmp/each" || echo "$key: not '$want'" >> "$tmp/m"
done
result "$(verdict test ! -s "$tmp/m")" "ktap.meta.each-as-one-plan-at-a-time" "$tmp/m"
echo "# counts: $pass $fail $skip"
[ $fail = 0 ]
