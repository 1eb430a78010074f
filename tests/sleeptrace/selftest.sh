#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The ordering oracle's own tests, on a recorded trace of a real cycle
# (fixtures/mem-cycle.trace, from the suspend-mem plan): the recording
# passes every rule; each deliberately reordered copy must break the rule
# it targets (and the oracle exit 1); a recorded cycle of a kernel whose PM
# core runs prepare_late too early breaks the two rules it should; an
# empty capture is an error (exit 2).
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
. "$top/scripts/build-dir.sh"
oracle=$build/host/sleeptrace
good=$here/fixtures/mem-cycle.trace
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0 n=0

result() {	# result OK NAME [DETAILS-FILE]
	n=$((n + 1))
	if [ "$1" = 0 ]; then
		echo "    ok $n oracle.$2"; pass=$((pass + 1))
	else
		echo "    not ok $n oracle.$2"; fail=$((fail + 1))
		[ -n "${3:-}" ] && sed 's/^/    # /' "$3" | head -20
	fi
}

# move_block FIRST LAST ANCHOR: lines matching FIRST..LAST (inclusive, first
# occurrence) moved to just before the first line matching ANCHOR (or after
# it with AFTER=1).
move_block() {
	awk -v b="$1" -v e="$2" -v a="$3" -v after="${AFTER:-0}" '
	{ line[NR] = $0 }
	END {
		for (i = 1; i <= NR; i++) if (!s && line[i] ~ b) s = i
		for (i = s; i <= NR; i++) if (line[i] ~ e) { t = i; break }
		for (i = 1; i <= NR; i++) if (!(i >= s && i <= t) && line[i] ~ a) { at = i; break }
		for (i = 1; i <= NR; i++) {
			if (i >= s && i <= t) continue
			if (i == at && !after) for (j = s; j <= t; j++) print line[j]
			print line[i]
			if (i == at && after) for (j = s; j <= t; j++) print line[j]
		}
	}' "$good"
}

# expect NAME RULE-SUBSTRING: the trace in $tmp/NAME breaks that rule.
expect() {
	"$oracle" check "$tmp/$1" > "$tmp/$1.out" 2>&1
	rc=$?
	ok=1
	[ $rc = 1 ] && grep -q "^FAIL $2" "$tmp/$1.out" && ok=0
	result $ok "$1.breaks" "$tmp/$1.out"
}

"$oracle" check "$good" > "$tmp/good.out" 2>&1
rc=$?
result "$(grep -c '^FAIL' "$tmp/good.out" | sed "s/^0$/$rc/")" "recorded-cycle.holds" "$tmp/good.out"
result "$([ "$(grep -c '^ok ' "$tmp/good.out")" -ge 11 ]; echo $?)" "recorded-cycle.no-rule-skipped" "$tmp/good.out"

move_block 'platform_prepare\[3\] begin' 'platform_prepare\[3\] end' 'dpm_suspend\[2\] begin' > "$tmp/prepare-before-suspend"
expect prepare-before-suspend "platform prepare after every device suspend"

AFTER=1 move_block 'platform_prepare\[3\] begin' 'platform_prepare\[3\] end' 'dpm_suspend_late\[2\] begin' > "$tmp/prepare-in-late"
expect prepare-in-late "platform prepare before any suspend_late"

move_block 'platform_prepare_late\[3\] begin' 'platform_prepare_late\[3\] end' 'dpm_suspend_noirq\[2\] begin' > "$tmp/prepare_late-before-noirq"
expect prepare_late-before-noirq "every suspend_noirq before prepare_late"

AFTER=1 move_block 'platform_wake\[3\] begin' 'platform_wake\[3\] end' 'dpm_resume_noirq\[16\] begin' > "$tmp/wake-after-resume_noirq"
expect wake-after-resume_noirq "wake before any resume_noirq"

move_block 'platform_finish\[3\] begin' 'platform_finish\[3\] end' 'dpm_resume_early\[16\] begin' > "$tmp/finish-before-resume_early"
expect finish-before-resume_early "resume_early before finish"

AFTER=1 move_block 'platform_finish\[3\] begin' 'platform_finish\[3\] end' 'dpm_resume\[16\] begin' > "$tmp/finish-after-resume"
expect finish-after-resume "finish before any resume"

# A PMIC write (the domain's, from the noirq phase) replayed while armed.
awk '/i2c_write: .* a=04a .*\[10-00\]/ && !w { w = $0; getline r; r2 = r }
	{ print }
	/platform_prepare_late\[3\] end/ { print w; print r2 }' "$good" > "$tmp/pmic-while-armed"
expect pmic-while-armed "no PMIC traffic between arming and wake"

# The arming write NAKed: its result an error.
awk '/platform_prepare_late\[3\] begin/ { p = 1 } /platform_prepare_late\[3\] end/ { p = 0 }
	p && /i2c_result: .* ret=1/ { sub(/ret=1/, "ret=-6") } { print }' "$good" > "$tmp/arming-failed"
expect arming-failed "PMIC arming transfers inside prepare_late"

# A device link the other way round: the MMCI as its domain's supplier.
sed 's/^# devlink: power-domain-vmmc 10005000.mmci$/# devlink: 10005000.mmci power-domain-vmmc/' \
	"$good" > "$tmp/link-reversed"
expect link-reversed "device-link suppliers"

# The MMCI made the child of the first device to suspend.
first=$(sed -n 's/.*device_pm_callback_start: [^ ]* \([^ ,]*\), parent: .*, \(driver\|bus\|class\|type\) \[suspend\].*/\1/p' "$good" | head -1)
sed "s/10005000.mmci, parent: [^,]*,[^,]*,/10005000.mmci, parent: $first,/" "$good" > "$tmp/parent-first"
expect parent-first "children before parents"

# A real cycle on a kernel with a deliberately wrong PM-core change
# (fixtures/pm-core-reorder.trace: the suspend-mem plan's capture with
# EXTRA_PATCHES=tests/patches/pm-core-prepare-late-before-noirq.patch):
# prepare_late ran before the device noirq phase, so exactly two rules
# break: that order, and PMIC traffic (the domain's noirq power-off) after
# arming.
"$oracle" check "$here/fixtures/pm-core-reorder.trace" > "$tmp/reorder.out" 2>&1
rc=$?
[ $rc = 1 ] && [ "$(grep -c '^FAIL' "$tmp/reorder.out")" = 2 ] &&
	grep -q '^FAIL every suspend_noirq before prepare_late' "$tmp/reorder.out" &&
	grep -q '^FAIL no PMIC traffic between arming and wake' "$tmp/reorder.out"
result $? "pm-core-reorder.breaks-exactly-the-two-rules" "$tmp/reorder.out"

# The per-phase table (sleeptrace phases, make bench): the arming's three
# PMIC transactions (read, write, read back) inside prepare_late, the
# disarming write inside wake.
"$oracle" phases "$good" > "$tmp/phases.out" 2>&1
grep -q '^| platform_prepare_late | [0-9.]* | 3 |$' "$tmp/phases.out" &&
	grep -q '^| platform_wake | [0-9.]* | 1 |$' "$tmp/phases.out"
result $? "phases.platform-transactions" "$tmp/phases.out"

: > "$tmp/empty"
"$oracle" check "$tmp/empty" > "$tmp/empty.out" 2>&1
result "$([ $? = 2 ]; echo $?)" "empty-capture.is-an-error" "$tmp/empty.out"

echo "# counts: $pass $fail 0"
