#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The ordering oracle's own tests, on a recorded trace of a real cycle
# (fixtures/mem-cycle.trace, from the suspend-mem plan): the recording
# passes every rule; each deliberately reordered copy must break exactly
# the rule it targets (sleeptrace check -x RULE-ID exits 0 only if the
# rules named are violated and every other holds); a recorded cycle of a
# kernel whose PM core runs prepare_late too early breaks exactly the two
# rules it should; a failed device callback followed by deeper phases and a
# prepare_late without wake break the abort-path rules; a recorded monitored sleep (fixtures/monitor-rounds.trace,
# several suspend_again rounds in one suspend) passes every rule, each round
# checked as a cycle, and a reordering in its second round is reported
# there; a recorded hibernation and restore (fixtures/hibernate.trace)
# passes every hibernation rule and reordered copies of it break the rule
# each targets; an empty capture and an unknown rule ID are errors (exit 2).
# The captures of other forms, PMICs, a stock kernel and Linux 7.3 follow,
# each fixture's origin said where it is used (7.3's: in its first lines),
# then a suspend-to-idle cycle of the Cubieboard, judged on its own rules.
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
# (SLEEPTRACE: a build of its own, 'make check' here; else the project's)
if [ -n "${SLEEPTRACE:-}" ]; then
	oracle=$SLEEPTRACE
else
	. "$top/scripts/build-dir.sh"
	oracle=$build/host/sleeptrace
fi
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
# it with AFTER=1). The regexes reach awk through the environment: -v
# would treat their backslashes as string escapes, which gawk drops ("\["
# becomes a bracket expression) where mawk keeps them.
move_block() {
	B=$1 E=$2 A=$3 awk -v after="${AFTER:-0}" '
	BEGIN { b = ENVIRON["B"]; e = ENVIRON["E"]; a = ENVIRON["A"] }
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

# violates TRACE RULE-ID...: TRACE breaks exactly those rules.
violates() {
	t=$1
	shift
	x=
	for r in "$@"; do x="$x -x $r"; done
	# shellcheck disable=SC2086 # x is a word list by design
	"$oracle" check $x "$t" > "$t.out" 2>&1
}

# expect NAME RULE-ID...: the trace in $tmp/NAME breaks exactly those rules.
expect() {
	n1=$1
	shift
	violates "$tmp/$n1" "$@"
	result $? "$n1.breaks" "$tmp/$n1.out"
}

# The rules of a suspend_ops cycle (mem, standby): all but hibernation's
# and suspend-to-idle's ('sleeptrace rules' tags those)
nrules=$("$oracle" rules | grep -Evc '[(](hibernation|suspend-to-idle)[)]$')

cp "$good" "$tmp/good"
violates "$tmp/good"
result $? "recorded-cycle.holds" "$tmp/good.out"
# Every rule shown, none skipped: as many "ok" lines as 'rules' lists.
[ "$(grep -c '^# oracle\.[^:]*: .*(holds)$' "$tmp/good.out")" = "$nrules" ]
result $? "recorded-cycle.no-rule-skipped" "$tmp/good.out"
# A rule that holds where the plan expects it violated is a failure.
violates "$tmp/good" children-first
[ $? = 1 ] && grep -q '^# oracle\.children-first: .*expected to be violated' "$tmp/good.out"
result $? "expected-violation.holds-is-a-failure" "$tmp/good.out"
# A misspelt rule ID must not quietly expect nothing.
"$oracle" check -x children_first "$good" > "$tmp/unknown.out" 2>&1
[ $? = 2 ] && grep -q "no rule 'children_first'" "$tmp/unknown.out"
result $? "unknown-rule-id.is-an-error" "$tmp/unknown.out"

move_block 'platform_prepare\[3\] begin' 'platform_prepare\[3\] end' 'dpm_suspend\[2\] begin' > "$tmp/prepare-before-suspend"
expect prepare-before-suspend prepare-after-suspend

AFTER=1 move_block 'platform_prepare\[3\] begin' 'platform_prepare\[3\] end' 'dpm_suspend_late\[2\] begin' > "$tmp/prepare-in-late"
expect prepare-in-late prepare-before-suspend-late

move_block 'platform_prepare_late\[3\] begin' 'platform_prepare_late\[3\] end' 'dpm_suspend_noirq\[2\] begin' > "$tmp/prepare_late-before-noirq"
# Its arming writes now come before the domain's noirq power-off: that
# traffic follows the arming, as in pm-core-reorder below.
expect prepare_late-before-noirq prepare-late-after-noirq pmic-quiet-while-armed

AFTER=1 move_block 'platform_wake\[3\] begin' 'platform_wake\[3\] end' 'dpm_resume_noirq\[16\] begin' > "$tmp/wake-after-resume_noirq"
expect wake-after-resume_noirq wake-before-resume-noirq

move_block 'platform_finish\[3\] begin' 'platform_finish\[3\] end' 'dpm_resume_early\[16\] begin' > "$tmp/finish-before-resume_early"
expect finish-before-resume_early finish-after-resume-early

AFTER=1 move_block 'platform_finish\[3\] begin' 'platform_finish\[3\] end' 'dpm_resume\[16\] begin' > "$tmp/finish-after-resume"
expect finish-after-resume finish-before-resume

# A PMIC write (the domain's, from the noirq phase) replayed while armed.
awk '/i2c_write: .* a=04a .*\[10-00\]/ && !w { w = $0; getline r; r2 = r }
	{ print }
	/platform_prepare_late\[3\] end/ { print w; print r2 }' "$good" > "$tmp/pmic-while-armed"
expect pmic-while-armed pmic-quiet-while-armed

# The arming write NAKed: its result an error.
awk '/platform_prepare_late\[3\] begin/ { p = 1 } /platform_prepare_late\[3\] end/ { p = 0 }
	p && /i2c_result: .* ret=1/ { sub(/ret=1/, "ret=-6") } { print }' "$good" > "$tmp/arming-failed"
expect arming-failed arming-in-prepare-late

# A device link the other way round: the MMCI as its domain's supplier.
sed 's/^# devlink: power-domain-vmmc 10005000.mmci$/# devlink: 10005000.mmci power-domain-vmmc/' \
	"$good" > "$tmp/link-reversed"
expect link-reversed device-links

# The MMCI made the child of the first device to suspend.
first=$(sed -n 's/.*device_pm_callback_start: [^ ]* \([^ ,]*\), parent: .*, \(driver\|bus\|class\|type\) \[suspend\].*/\1/p' "$good" | head -1)
sed "s/10005000.mmci, parent: [^,]*,[^,]*,/10005000.mmci, parent: $first,/" "$good" > "$tmp/parent-first"
expect parent-first children-first

# The TMP105's suspend callback failed (its second, driver-level one),
# and the suspend went on into the late and noirq phases anyway.
awk '/device_pm_callback_end: lm75 0-0048, err=0/ && ++n == 2 { sub(/err=0/, "err=-6") }
	{ print }' "$good" > "$tmp/descent-after-failure"
expect descent-after-failure abort-stops-descent

# wake left out: prepare_late armed the PMIC and no wake followed (its
# disarming write, left in, is then traffic while armed).
grep -v 'platform_wake\[3\]' "$good" > "$tmp/no-wake"
expect no-wake platform-pairs pmic-quiet-while-armed

# A real cycle on a kernel with a deliberately wrong PM-core change
# (fixtures/pm-core-reorder.trace: the suspend-mem plan's capture with
# EXTRA_PATCHES=tests/patches/pm-core-prepare-late-before-noirq.patch):
# prepare_late ran before the device noirq phase, so exactly two rules
# break: that order, and PMIC traffic (the domain's noirq power-off) after
# arming.
cp "$here/fixtures/pm-core-reorder.trace" "$tmp/reorder"
violates "$tmp/reorder" prepare-late-after-noirq pmic-quiet-while-armed
result $? "pm-core-reorder.breaks-exactly-the-two-rules" "$tmp/reorder.out"

# A monitored sleep (fixtures/monitor-rounds.trace: the suspend-monitor
# plan's first sleep, several suspend_again rounds in one suspend): each
# round checked as a cycle of its own, every rule holds (checked whole,
# the last round's noirq callbacks would follow the first prepare_late).
rounds=$here/fixtures/monitor-rounds.trace
cp "$rounds" "$tmp/rounds"
violates "$tmp/rounds"
[ $? = 0 ] && grep -q '^# oracle: [0-9]* rounds (suspend_again), each checked as a cycle$' "$tmp/rounds.out" &&
	[ "$(grep -c '^# oracle\.[^:]*: .*(holds)$' "$tmp/rounds.out")" = "$nrules" ]
result $? "monitor-rounds.each-round-holds" "$tmp/rounds.out"

# Its second round's prepare_late moved before that round's noirq phase:
# the same two rules as pm-core-reorder break (the domain's noirq
# power-off, from round 2 on, follows the arming), reported in round 2.
B='platform_prepare_late\[3\] begin' E='platform_prepare_late\[3\] end' A='dpm_suspend_noirq\[2\] begin' awk '
	BEGIN { b = ENVIRON["B"]; e = ENVIRON["E"]; a = ENVIRON["A"] }
	{ line[NR] = $0 }
	END {
		for (i = 1; i <= NR; i++) if (line[i] ~ b && ++nb == 2) { s = i; break }
		for (i = s; i <= NR; i++) if (line[i] ~ e) { t = i; break }
		for (i = 1; i <= NR; i++) if (line[i] ~ a && ++na == 2) { at = i; break }
		for (i = 1; i <= NR; i++) {
			if (i >= s && i <= t) continue
			if (i == at) for (j = s; j <= t; j++) print line[j]
			print line[i]
		}
	}' "$rounds" > "$tmp/round2-reorder"
violates "$tmp/round2-reorder" prepare-late-after-noirq pmic-quiet-while-armed
[ $? = 0 ] && [ "$(grep -c '^# round 2 of [0-9]*: ' "$tmp/round2-reorder.out")" = 2 ]
result $? "monitor-rounds.round-2-reorder-reported-in-round-2" "$tmp/round2-reorder.out"

# The per-phase table (sleeptrace phases, make bench): the arming's three
# PMIC transactions (read, write, read back) inside prepare_late, the
# disarming write inside wake.
"$oracle" phases "$good" > "$tmp/phases.out" 2>&1
grep -q '^| platform_prepare_late | [0-9.]* | 3 |$' "$tmp/phases.out" &&
	grep -q '^| platform_wake | [0-9.]* | 1 |$' "$tmp/phases.out"
result $? "phases.platform-transactions" "$tmp/phases.out"

# A recorded hibernation (fixtures/hibernate.trace: the hibernate plan's
# two consoles, events printed by tp_printk, the second boot marked): the
# hibernation rules, each side on its own boot, all hold; each reordered
# copy breaks exactly the rule it targets.
hib=$here/fixtures/hibernate.trace
cp "$hib" "$tmp/hib"
violates "$tmp/hib"
[ $? = 0 ] && [ "$(grep -c '^# oracle\.hib-[^:]*: .*(holds)$' "$tmp/hib.out")" = \
	"$("$oracle" rules | grep -c "(hibernation)$")" ]
result $? "hibernate.every-rule-holds" "$tmp/hib.out"
good=$hib
move_block 'platform_prepare\[4\] begin' 'platform_prepare\[4\] end' 'dpm_suspend_noirq\[4\] begin' > "$tmp/hib-prepare-early"
expect hib-prepare-early hib-prepare-after-poweroff-noirq
AFTER=1 move_block 'swsusp_write\[4\] begin' 'swsusp_write\[4\] end' 'dpm_prepare\[4\] begin' > "$tmp/hib-write-late"
expect hib-write-late hib-poweroff-after-write
move_block 'dpm_resume_early\[32\] begin' 'dpm_resume_early\[32\] end' 'dpm_resume_noirq\[32\] begin' > "$tmp/hib-thaw-early-first"
expect hib-thaw-early-first hib-thaw-early-after-noirq
move_block 'dpm_resume_early\[64\] begin' 'dpm_resume_early\[64\] end' 'dpm_resume_noirq\[64\] begin' > "$tmp/hib-restore-early-first"
expect hib-restore-early-first hib-restore-early-after-noirq
move_block 'platform_pre_restore\[4\] begin' 'platform_pre_restore\[4\] end' 'dpm_suspend_noirq\[8\] begin' > "$tmp/hib-pre-restore-early"
expect hib-pre-restore-early hib-jump-after-quiesce-noirq
good=$here/fixtures/mem-cycle.trace
# A PMIC write (the domain's, from poweroff_noirq) replayed while the
# image is read; the domain's transfers in poweroff_noirq dropped.
awk '/i2c_write: .* a=04a .*\[10-00\]/ && !w { w = $0; getline r; r2 = r; print w; print r2; next }
	{ print }
	/swsusp_read\[64\] begin/ { print w; print r2 }' "$hib" > "$tmp/hib-pmic-in-read"
expect hib-pmic-in-read hib-pmic-quiet-during-read
awk '/dpm_suspend_noirq\[4\] begin/ { p = 1 } /dpm_suspend_noirq\[4\] end/ { p = 0 }
	!(p && / i2c_/)' "$hib" > "$tmp/hib-domain-stays-on"
expect hib-domain-stays-on hib-domain-off-at-poweroff
# As in shutdown mode (no hibernation platform): no poweroff callbacks,
# so the domain is not switched off by one either.
grep -v 'device_pm_callback_start: .*\[hibernate\]' "$hib" > "$tmp/hib-shutdown-mode"
expect hib-shutdown-mode hib-every-phase-ran hib-domain-off-at-poweroff
# The poweroff phases' events lost too, the platform's hibernation
# callbacks kept: a board with hibernation ops, whose core ran poweroff, so
# hib-every-phase-ran is judged and broken, not skipped as on a board
# without ops (the Cubieboard's, below). And without the domain's
# callbacks, -J fails the three domain rules it cannot judge.
grep -v 'suspend_resume: dpm_[a-z_]*\[4\]\|device_pm_callback_[a-z]*: .*\[hibernate\]' "$hib" > "$tmp/hib-lost-poweroff"
"$oracle" check "$tmp/hib-lost-poweroff" > "$tmp/hib-lost-poweroff.out" 2>&1
[ $? = 1 ] && grep -q '^not ok [0-9]* oracle\.hib-every-phase-ran$' "$tmp/hib-lost-poweroff.out"
result $? "hib-lost-poweroff-phases.judged-not-skipped" "$tmp/hib-lost-poweroff.out"
grep -v 'power domain' "$hib" > "$tmp/hib-lost-domain"
"$oracle" check -J "$tmp/hib-lost-domain" > "$tmp/hib-lost-domain.out" 2>&1
[ $? = 1 ] && [ "$(grep -c '^not ok [0-9]* oracle\.hib-domain' "$tmp/hib-lost-domain.out")" = 3 ]
result $? "hib-lost-domain.fails-judge-all" "$tmp/hib-lost-domain.out"
# Whether the board has a PM domain, as its captures state it ("#
# vexpress-pm domain: NAME|none", lib/board.sh trace_dump): a domain
# stated is judged, and breaks the three rules if no callback went
# through one; "none" skips them saying so; without the line, no domain
# callback is taken for no domain, and the skip says it was inferred.
stated() {	# stated VALUE CAPTURE: CAPTURE after the board's domain line
	echo "# vexpress-pm domain: $1"
	cat "$2"
}
stated power-domain-vmmc "$hib" > "$tmp/domain-stated"
"$oracle" check "$tmp/domain-stated" > "$tmp/domain-stated.out" 2>&1
[ $? = 0 ] && [ "$(grep -c '^# oracle\.hib-domain-[^:]*: .*(holds)$' "$tmp/domain-stated.out")" = 3 ]
result $? "domain.stated-with-callbacks.holds" "$tmp/domain-stated.out"
stated power-domain-vmmc "$tmp/hib-lost-domain" > "$tmp/domain-stated-lost"
violates "$tmp/domain-stated-lost" hib-domain-on-for-write hib-domain-off-at-poweroff hib-domain-on-at-restore
[ $? = 0 ] && [ "$(grep -c '^# the capture states PM domain power-domain-vmmc, and no device callback went through a PM domain$' "$tmp/domain-stated-lost.out")" = 3 ]
result $? "domain.stated-without-callbacks.breaks" "$tmp/domain-stated-lost.out"
stated none "$here/fixtures/cubieboard-hibernate.trace" > "$tmp/domain-none"
"$oracle" check "$tmp/domain-none" > "$tmp/domain-none.out" 2>&1
[ $? = 0 ] && [ "$(grep -c '^ok [0-9]* oracle\.hib-domain-[a-z-]* # SKIP the capture states no PM domain (vexpress-pm domain: none)$' "$tmp/domain-none.out")" = 3 ]
result $? "domain.stated-none.skips" "$tmp/domain-none.out"
"$oracle" check "$tmp/hib-lost-domain" > "$tmp/domain-unstated.out" 2>&1
[ $? = 0 ] && [ "$(grep -c '^ok [0-9]* oracle\.hib-domain-[a-z-]* # SKIP no PM domain callback, so no domain (inferred: no vexpress-pm domain line)$' "$tmp/domain-unstated.out")" = 3 ]
result $? "domain.unstated.inferred-and-said" "$tmp/domain-unstated.out"
# A domain line that is empty, has more than one word or a name too long
# for sleeptrace is refused, not read as "none" or cut short
bad=0
for v in "" "power-domain-vmmc junk" "$(printf 'd%.0s' $(seq 64))"; do
	stated "$v" "$hib" > "$tmp/domain-bad"
	"$oracle" check "$tmp/domain-bad" > "$tmp/domain-bad.out" 2>&1
	[ $? = 2 ] && grep -q '^sleeptrace: line 1: "# vexpress-pm domain:" takes one name of at most 63 characters, or none$' \
		"$tmp/domain-bad.out" || bad=1
done
[ $bad = 0 ]
result $? "domain.bad-line-is-an-error" "$tmp/domain-bad.out"
# Its per-phase table: poweroff_noirq (event 0x4) holds the domain's
# power-off (a read and a write), restore_noirq (0x40) its power-on.
"$oracle" phases "$hib" > "$tmp/hib-phases.out" 2>&1
grep -q '^| dpm_suspend_noirq\[0x4\] | [0-9.]* | 2 |$' "$tmp/hib-phases.out" &&
	grep -q '^| dpm_resume_noirq\[0x40\] | [0-9.]* | 3 |$' "$tmp/hib-phases.out" &&
	grep -q '^| \*\*hibernate\*\* ' "$tmp/hib-phases.out"
result $? "hibernate.phases-table" "$tmp/hib-phases.out"

# --- Any capture, any PMIC, any kernel (docs/sleeptrace.md) ---
# The recorded cycle in trace-cmd report's form (no flags column, event
# names padded) and as console tp_printk lines: read as such, same
# verdicts. (A capture recorded with trace-cmd itself: below, if present.)
sed -E 's/(\[[0-9]+\]) [^ ]+ +([0-9]+\.[0-9]+): ([a-z_0-9]+): /\1 \2: \3:      /' "$good" > "$tmp/as-trace-cmd"
violates "$tmp/as-trace-cmd"
[ $? = 0 ] && grep -q '^# sleeptrace: .*: trace-cmd report, ' "$tmp/as-trace-cmd.out"
result $? "form.trace-cmd-report.holds" "$tmp/as-trace-cmd.out"
sed -E 's/^ *[^[]*\[[0-9]+\] [^ ]+ +([0-9]+\.[0-9]+): /[ \1] /' "$good" > "$tmp/as-console"
violates "$tmp/as-console"
[ $? = 0 ] && grep -q '^# sleeptrace: .*: console (tp_printk), ' "$tmp/as-console.out"
result $? "form.console.holds" "$tmp/as-console.out"

# Two cycles in one capture (the recorded one twice, the second 10 s
# later): each judged, numbered on; a reordering in the second is
# reported there, with the second cycle's numbers.
twice() {	# twice FILE: FILE's events again after it, 10 s later
	cat "$1"
	grep -v '^#' "$1" | awk '{ for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+\.[0-9]+:$/) {
		t = sprintf("%.6f:", $i + 10); sub(/[0-9]+\.[0-9]+:/, t); break } print }'
}
twice "$good" > "$tmp/two-cycles"
violates "$tmp/two-cycles"
[ $? = 0 ] && grep -q "^1\.\.$((2 * nrules))$" "$tmp/two-cycles.out" &&
	grep -q '^# oracle: cycle 2 of 2 (lines ' "$tmp/two-cycles.out" &&
	[ "$(grep -c '^# oracle\.[^:]*: .*(holds)$' "$tmp/two-cycles.out")" = $((2 * nrules)) ]
result $? "two-cycles.each-judged" "$tmp/two-cycles.out"
{ cat "$good"; move_block 'platform_prepare_late\[3\] begin' 'platform_prepare_late\[3\] end' \
	'dpm_suspend_noirq\[2\] begin' | grep -v '^#'; } > "$tmp/two-cycles-second-bad"
violates "$tmp/two-cycles-second-bad" prepare-late-after-noirq pmic-quiet-while-armed
r=$?
# expected violated in both cycles, so the first cycle's two are "not ok"
n4=$(sed -n 's/^not ok \([0-9]*\) oracle\.1\.prepare-late-after-noirq$/\1/p' "$tmp/two-cycles-second-bad.out")
v4=$(grep -q '^# oracle\.2\.prepare-late-after-noirq: .*(violated, as expected)$' "$tmp/two-cycles-second-bad.out" &&
	sed -n 's/^ok \([0-9]*\) oracle\.2\.prepare-late-after-noirq$/\1/p' "$tmp/two-cycles-second-bad.out")
[ "$r" = 1 ] && [ "$n4" = 4 ] && [ "$v4" = $((nrules + 4)) ]
result $? "two-cycles.second-cycle-reorder-reported-there" "$tmp/two-cycles-second-bad.out"

# --pmic BUS-ADDR: the same verdicts as -a; a PMIC on another bus never
# appears (exit 2, said so); an unknown chip name is an error.
"$oracle" check --pmic 0-004a "$good" > "$tmp/pmic.out" 2>&1
[ $? = 0 ] && grep -q '^# sleeptrace: .*PMIC 0-004a (twl92230)$' "$tmp/pmic.out"
result $? "pmic.bus-addr-holds-and-chip-found" "$tmp/pmic.out"
"$oracle" check --pmic 1-004a "$good" > "$tmp/pmic-absent.out" 2>&1
[ $? = 2 ] && grep -q 'PMIC 1-004a never appears' "$tmp/pmic-absent.out"
result $? "pmic.never-appears-is-an-error" "$tmp/pmic-absent.out"
"$oracle" explain --pmic 0-004a=nosuchchip "$good" > "$tmp/pmic-chip.out" 2>&1
[ $? = 2 ] && grep -q "no register table for chip 'nosuchchip'" "$tmp/pmic-chip.out"
result $? "pmic.unknown-chip-is-an-error" "$tmp/pmic-chip.out"
# An unknown chip's registers print raw: a PMIC at 0-0048 (the TMP105)
"$oracle" explain --pmic 0-0048 "$good" > "$tmp/pmic-raw.out" 2>&1
[ $? = 0 ] && grep -q 'I2C PMIC read reg(0x01) -> 0x60, by 0-0048 driver\[suspend\]' "$tmp/pmic-raw.out"
result $? "pmic.unknown-chip-raw-registers" "$tmp/pmic-raw.out"

# The PMIC's traffic seen as regmap accesses or SMBus calls (what most
# PMIC drivers' traffic looks like): one of each replayed while armed
# breaks what an i2c transfer there breaks. A second PMIC (--pmic twice),
# seen through regmap alone: its access while the first is armed breaks
# that rule too, and explain names its register from its chip's table.
awk '{ print } /platform_prepare_late\[3\] end/ {
	print "   kworker/0:1-20      [000] ...1.    11.372800: regmap_reg_write: 0-004a reg=12 val=0" }' \
	"$good" > "$tmp/regmap-while-armed"
expect regmap-while-armed pmic-quiet-while-armed
awk '{ print } /platform_prepare_late\[3\] end/ {
	print "   kworker/0:1-20      [000] ...1.    11.372800: regmap_reg_write: 1-0034 reg=12 val=5f" }' \
	"$good" > "$tmp/second-pmic"
"$oracle" check --pmic 0-004a --pmic 1-0034=axp209 -x pmic-quiet-while-armed "$tmp/second-pmic" \
	> "$tmp/second-pmic.out" 2>&1
result $? "second-pmic.regmap-while-armed.breaks" "$tmp/second-pmic.out"
"$oracle" explain --pmic 0-004a --pmic 1-0034=axp209 "$tmp/second-pmic" > "$tmp/regmap-explain.out" 2>&1
grep -q 'regmap PMIC write POWER_OUTPUT_CTRL(0x12) = 0x5f, by kworker/0:1' "$tmp/regmap-explain.out"
result $? "regmap.explained-with-register-name" "$tmp/regmap-explain.out"
awk '{ print } /platform_prepare_late\[3\] end/ {
	print "   kworker/0:1-20      [000] ...1.    11.372800: smbus_write: i2c-0 a=04a f=0000 c=12 BYTE_DATA l=1 [00]"
	print "   kworker/0:1-20      [000] ...1.    11.372810: smbus_result: i2c-0 a=04a f=0000 c=12 BYTE_DATA wr res=0" }' \
	"$good" > "$tmp/smbus-while-armed"
expect smbus-while-armed pmic-quiet-while-armed

# The PM core's order and the CPUs-down window, which every kernel
# traces: CPU_ON moved before syscore_resume breaks pm-core-order alone;
# a PMIC write replayed in syscore breaks pmic-quiet-cpus-off (and, armed,
# pmic-quiet-while-armed).
move_block 'CPU_ON\[1\] begin' 'CPU_ON\[1\] end' 'syscore_resume\[0\] begin' > "$tmp/cpu-on-early"
expect cpu-on-early pm-core-order
awk '/i2c_write: .* a=04a .*\[10-00\]/ && !w { w = $0; getline r; r2 = r }
	{ print }
	/syscore_suspend\[0\] end/ { print w; print r2 }' "$good" > "$tmp/pmic-in-syscore"
expect pmic-in-syscore pmic-quiet-cpus-off pmic-quiet-while-armed

# A stock kernel's capture (the recorded cycle without the series'
# platform_* phases): the platform rules skip, naming the phase they
# need; the rest are judged; the summary line says which is which. The
# syscore replay there breaks pmic-quiet-cpus-off alone.
grep -v 'suspend_resume: platform_' "$good" > "$tmp/stock"
violates "$tmp/stock"
[ $? = 0 ] && grep -q '^ok [0-9]* oracle\.prepare-after-suspend # SKIP needs the platform_prepare phase' "$tmp/stock.out" &&
	grep -q "^# oracle: judged 6 of $nrules rules; could not judge: prepare-after-suspend, .*, platform-pairs (no platform_\* phases: " "$tmp/stock.out" &&
	[ "$(grep -c '^# oracle\.[^:]*: .*(holds)$' "$tmp/stock.out")" = 6 ]
result $? "stock.platform-rules-skip-the-rest-judged" "$tmp/stock.out"
grep -v 'suspend_resume: platform_' "$tmp/pmic-in-syscore" > "$tmp/stock-pmic-in-syscore"
expect stock-pmic-in-syscore pmic-quiet-cpus-off

# Recorded with tools/sleeptrace/record-fixtures.sh (the guest's
# rootfs/sleeptrace-capture.sh): the AXP209 profile's two cycles in one
# tracefs capture, its PMIC traffic as i2c, SMBus and regmap events
# (fixtures/axp209-two-cycles.trace), and a TWL92230 cycle recorded by
# the guest's trace-cmd and printed by this host's 'trace-cmd report'
# (fixtures/trace-cmd-report.txt). Every rule holds in each; the AXP209's
# chip is found from its driver; edited copies break what they target.
axp=$here/fixtures/axp209-two-cycles.trace
"$oracle" check --pmic 0-0034 "$axp" > "$tmp/axp.out" 2>&1
[ $? = 0 ] && grep -q "^1\.\.$((2 * nrules))$" "$tmp/axp.out" &&
	grep -q '^# sleeptrace: .*tracefs text, .* 2 suspend cycle(s); PMIC 0-0034 (axp209)$' "$tmp/axp.out" &&
	[ "$(grep -c '^# oracle\.[^:]*: .*(holds)$' "$tmp/axp.out")" = $((2 * nrules)) ]
result $? "axp209-two-cycles.every-rule-holds" "$tmp/axp.out"
# The domain's regmap write (its noirq power-off) copied into the second
# cycle's syscore phase: the second cycle alone breaks the CPUs-down and
# armed windows.
awk '/regmap_reg_write: 0-0034 reg=12 val=1e/ && !w { w = $0 }
	{ print }
	/syscore_suspend\[0\] end/ && ++n == 3 { print w }' "$axp" > "$tmp/axp-second-bad"
"$oracle" check --pmic 0-0034 "$tmp/axp-second-bad" > "$tmp/axp-second-bad.out" 2>&1
[ $? = 1 ] && [ "$(grep '^not ok' "$tmp/axp-second-bad.out" | sed 's/ oracle\.[0-9]*\.\([a-z-]*\)$/ \1/' | tr '\n' ' ')" = \
	"not ok $((nrules + 6)) pmic-quiet-while-armed not ok $((nrules + 15)) pmic-quiet-cpus-off " ]
result $? "axp209-two-cycles.second-cycle-regmap-write-in-syscore" "$tmp/axp-second-bad.out"

tcr=$here/fixtures/trace-cmd-report.txt
"$oracle" check --pmic 0-004a "$tcr" > "$tmp/tcr.out" 2>&1
[ $? = 0 ] && grep -q '^# sleeptrace: .*: trace-cmd report, .* PMIC 0-004a (twl92230)$' "$tmp/tcr.out" &&
	[ "$(grep -c '^# oracle\.[^:]*: .*(holds)$' "$tmp/tcr.out")" = $((nrules - 1)) ] &&
	grep -q '^ok [0-9]* oracle\.device-links # SKIP no .# devlink:. lines' "$tmp/tcr.out"
result $? "trace-cmd-report.every-rule-holds" "$tmp/tcr.out"
good=$tcr
move_block 'CPU_ON\[1\] begin' 'CPU_ON\[1\] end' 'syscore_resume\[0\] begin' > "$tmp/tcr-cpu-on-early"
expect tcr-cpu-on-early pm-core-order
AFTER=1 move_block 'platform_wake\[3\] begin' 'platform_wake\[3\] end' 'dpm_resume_noirq\[16\] begin' > "$tmp/tcr-wake-late"
expect tcr-wake-late wake-before-resume-noirq
good=$here/fixtures/mem-cycle.trace

# A stock kernel's capture (fixtures/stock-cycle.trace: the first of the
# two cycles record-fixtures.sh recorded with BUILD=build/stock, a kernel
# built with EXTRA_PATCHES=tests/patches/stock-pm-tracing.patch, the
# series' tracing left out): no platform_* phase in it; the six rules
# the PM core's own events show hold, the rest skip saying so; the
# domain's write copied into syscore breaks pmic-quiet-cpus-off alone,
# CPU_ON moved before syscore_resume pm-core-order alone.
stock=$here/fixtures/stock-cycle.trace
"$oracle" check "$stock" > "$tmp/stock-real.out" 2>&1
[ $? = 0 ] && ! grep -q 'suspend_resume: platform_' "$stock" &&
	[ "$(grep -c '^# oracle\.[^:]*: .*(holds)$' "$tmp/stock-real.out")" = 6 ] &&
	grep -q "^# oracle: judged 6 of $nrules rules; could not judge: .* (no platform_\* phases: " "$tmp/stock-real.out"
result $? "stock-kernel.six-rules-judged-and-hold" "$tmp/stock-real.out"
good=$stock
awk '/i2c_write: .* a=04a .*\[10-00\]/ && !w { w = $0; getline r; r2 = r }
	{ print }
	/syscore_suspend\[0\] end/ { print w; print r2 }' "$good" > "$tmp/stock-real-pmic-in-syscore"
expect stock-real-pmic-in-syscore pmic-quiet-cpus-off
move_block 'CPU_ON\[1\] begin' 'CPU_ON\[1\] end' 'syscore_resume\[0\] begin' > "$tmp/stock-real-cpu-on-early"
expect stock-real-cpu-on-early pm-core-order
good=$here/fixtures/mem-cycle.trace

# Linux 7.3 (each fixture's header says how it was recorded): a TWL92230
# cycle (tracefs text), an AXP209 cycle recorded by the guest's trace-cmd
# (after the same boot's device links) and a hibernation and restore as
# the two consoles printed it (tp_printk lines). Every rule holds in each,
# all judged.
t73=$here/fixtures/twl92230-7.3.trace
"$oracle" check "$t73" > "$tmp/t73.out" 2>&1
[ $? = 0 ] && grep -q '^# sleeptrace: .*: tracefs text, .* 1 suspend cycle(s); PMIC 0x4a (any bus) (twl92230)$' "$tmp/t73.out" &&
	[ "$(grep -c '^# oracle\.[^:]*: .*(holds)$' "$tmp/t73.out")" = "$nrules" ]
result $? "7.3-twl92230.every-rule-holds" "$tmp/t73.out"
# 7.3 traces the console's resume as console_resume_all (6.12:
# resume_console): moved before dpm_complete, pm-core-order alone breaks.
good=$t73
move_block 'console_resume_all\[3\] begin' 'console_resume_all\[3\] end' 'dpm_complete\[16\] begin' > "$tmp/7.3-console-resume-early"
expect 7.3-console-resume-early pm-core-order

a73=$here/fixtures/axp209-7.3-trace-cmd-report.txt
"$oracle" check --pmic 0-0034 "$a73" > "$tmp/a73.out" 2>&1
[ $? = 0 ] && grep -q '^# sleeptrace: .*: trace-cmd report, .* 1 suspend cycle(s); PMIC 0-0034 (axp209)$' "$tmp/a73.out" &&
	[ "$(grep -c '^# oracle\.[^:]*: .*(holds)$' "$tmp/a73.out")" = "$nrules" ]
result $? "7.3-axp209-trace-cmd.every-rule-holds" "$tmp/a73.out"
# Its PMIC seen through regmap alone (the i2c events left out), as a PMIC
# on SPI, RSB or SPMI is seen: every rule still judged and holding; the
# arming's two regmap writes moved into platform prepare break
# arming-in-prepare-late alone.
grep -v ' i2c_[a-z]*: ' "$a73" > "$tmp/a73-regmap"
"$oracle" check --pmic 0-0034 "$tmp/a73-regmap" > "$tmp/a73-regmap.out" 2>&1
[ $? = 0 ] && [ "$(grep -c '^# oracle\.[^:]*: .*(holds)$' "$tmp/a73-regmap.out")" = "$nrules" ]
result $? "7.3-axp209-regmap-only.every-rule-holds" "$tmp/a73-regmap.out"
good=$tmp/a73-regmap
move_block 'regmap_reg_write: +0-0034 reg=12 val=18' 'regmap_reg_write: +0-0034 reg=23 val=10' 'platform_prepare\[3\] end' > "$tmp/a73-arming-in-prepare"
"$oracle" check --pmic 0-0034 -x arming-in-prepare-late "$tmp/a73-arming-in-prepare" > "$tmp/a73-arming-in-prepare.out" 2>&1
result $? "7.3-axp209-regmap-arming-in-prepare.breaks" "$tmp/a73-arming-in-prepare.out"

h73=$here/fixtures/hibernate-7.3.trace
"$oracle" check "$h73" > "$tmp/h73.out" 2>&1
[ $? = 0 ] && grep -q '^# sleeptrace: .*: console (tp_printk), .* a hibernation (two boots)' "$tmp/h73.out" &&
	[ "$(grep -c '^# oracle\.hib-[^:]*: .*(holds)$' "$tmp/h73.out")" = \
	"$("$oracle" rules | grep -c "(hibernation)$")" ]
result $? "7.3-hibernate.every-rule-holds" "$tmp/h73.out"
# The domain's power-off write (freeze_noirq) copied in after the
# platform's pre_snapshot: hib-pmic-quiet-around-snapshot alone breaks.
awk '/i2c_write: .* a=04a .*\[10-00\]/ && !w { w = $0; getline r; r2 = r; print w; print r2; next }
	{ print }
	/platform_pre_snapshot\[4\] end/ { print w; print r2 }' "$h73" > "$tmp/7.3-hib-pmic-at-snapshot"
expect 7.3-hib-pmic-at-snapshot hib-pmic-quiet-around-snapshot
# The Cubieboard's hibernation (fixtures/cubieboard-hibernate.trace: the
# cubieboard-hibernate plan's two consoles, 6.12, QEMU 10.0.2,
# 2026-12-07), in reboot mode: no hibernation ops (no poweroff phases, no
# platform callbacks), no PM domain, no late or early callbacks on the
# A10. With the plan's may-skips, the other 16 rules hold; its thaw noirq
# callbacks dropped (the noirq level has callbacks in freeze), the
# every-phase rule breaks rather than skipping.
cbh=$here/fixtures/cubieboard-hibernate.trace
skips=$(sed -n 's/^# oracle-skip: //p' "$top/tests/plans/cubieboard-hibernate.sh" | tr ' ' '\n' | sed 's/^/-s /' | tr '\n' ' ')
# shellcheck disable=SC2086 # skips is a word list by design
"$oracle" check --judge-all $skips "$cbh" > "$tmp/cbh.out" 2>&1
[ $? = 0 ] && [ "$(grep -c '^# oracle\.hib-[^:]*: .*(holds)$' "$tmp/cbh.out")" = 16 ] &&
	grep -q '^ok 1 oracle\.hib-every-phase-ran # SKIP may-skip: no poweroff phase (no hibernation ops); empty: freeze late, thaw late$' "$tmp/cbh.out"
result $? "cubieboard-hibernate.holds-with-its-may-skips" "$tmp/cbh.out"
grep -v 'device_pm_callback_start: .*noirq driver \[thaw\]' "$cbh" > "$tmp/cubieboard-hib-no-thaw-noirq"
expect cubieboard-hib-no-thaw-noirq hib-every-phase-ran
# 7.3 built without the series' tracing (tests/patches/7.3/
# stock-pm-tracing.patch): six rules judged, all holding, as on 6.12.
# A late suspend callback (the bus hsb's noirq one, relabelled) running
# after device IRQs went off breaks irqs-off-after-suspend-late alone.
s73=$here/fixtures/stock-7.3-cycle.trace
"$oracle" check "$s73" > "$tmp/s73.out" 2>&1
[ $? = 0 ] && ! grep -q 'suspend_resume: platform_' "$s73" &&
	[ "$(grep -c '^# oracle\.[^:]*: .*(holds)$' "$tmp/s73.out")" = 6 ] &&
	grep -q "^# oracle: judged 6 of $nrules rules; could not judge: .* (no platform_\* phases: " "$tmp/s73.out"
result $? "7.3-stock-kernel.six-rules-judged-and-hold" "$tmp/s73.out"
sed 's/\(device_pm_callback_start: simple-pm-bus hsb@e0000000, parent: platform, \)noirq driver/\1late driver/' \
	"$s73" > "$tmp/7.3-stock-late-after-irqs-off"
expect 7.3-stock-late-after-irqs-off irqs-off-after-suspend-late

# Suspend-to-idle: the Cubieboard's cycle stopped by pm_test=platform
# (fixtures/cubieboard-s2idle.trace, the cubieboard-s2idle-arm plan's
# capture on 6.12; its first lines say how it was taken), whose platform
# callbacks are platform_s2idle_ops' (state 1). Judged as suspend-to-idle:
# its rules alone, every one held but the four the capture cannot show
# (the A10's code has no prepare; pm_test=platform stops before the idle).
# Each reordering of its callbacks breaks the rule it targets; a
# suspend_ops rule expected violated on it is an error.
s2i=$here/fixtures/cubieboard-s2idle.trace
ns2=$("$oracle" rules | grep -Evc '[(](hibernation|suspend_ops)[)]$')
s2i_skips="-s prepare-after-suspend -s s2idle-prepare-after-suspend-late -s s2idle-prepare-before-noirq -s pmic-quiet-cpus-off"
# shellcheck disable=SC2086 # a word list by design
"$oracle" check --pmic 0-0034 --judge-all $s2i_skips "$s2i" > "$tmp/s2i.out" 2>&1
[ $? = 0 ] && grep -q "^1\.\.$ns2$" "$tmp/s2i.out" &&
	grep -q '^# kind: suspend-to-idle$' "$tmp/s2i.out" &&
	[ "$(grep -c '^# oracle\.[^:]*: .*(holds)$' "$tmp/s2i.out")" = $((ns2 - 4)) ] &&
	grep -q '^ok [0-9]* oracle\.restore-early-before-resume-noirq$' "$tmp/s2i.out" &&
	grep -q '^ok [0-9]* oracle\.arming-in-prepare-late$' "$tmp/s2i.out" &&
	! grep -q 'oracle\.wake-before-resume-noirq' "$tmp/s2i.out"
result $? "s2idle.judged-as-suspend-to-idle" "$tmp/s2i.out"
s2i_move() {	# as move_block, on the suspend-to-idle capture
	(good=$s2i; move_block "$@")
}
AFTER=1 s2i_move 'platform_restore_early\[1\] begin' 'platform_restore_early\[1\] end' \
	'dpm_resume_noirq\[16\] begin' > "$tmp/s2idle-restore-early-after-resume-noirq"
expect s2idle-restore-early-after-resume-noirq restore-early-before-resume-noirq
s2i_move 'platform_restore\[1\] begin' 'platform_restore\[1\] end' \
	'dpm_resume_noirq\[16\] begin' > "$tmp/s2idle-restore-before-resume-noirq"
expect s2idle-restore-before-resume-noirq restore-after-resume-noirq
AFTER=1 s2i_move 'platform_restore\[1\] begin' 'platform_restore\[1\] end' \
	'dpm_resume_early\[16\] begin' > "$tmp/s2idle-restore-in-resume-early"
expect s2idle-restore-in-resume-early restore-before-resume-early
s2i_move 'platform_prepare_late\[1\] begin' 'platform_prepare_late\[1\] end' \
	'dpm_suspend_noirq\[2\] begin' > "$tmp/s2idle-prepare-late-before-noirq"
expect s2idle-prepare-late-before-noirq prepare-late-after-noirq
# restore_early's events gone (its disarm left in place): prepare_late
# has no pair, and the disarm is PMIC traffic while armed (the capture
# names its PMIC, 0x34: check judges its traffic without --pmic)
grep -v 'platform_restore_early\[1\]' "$s2i" > "$tmp/s2idle-no-restore-early"
expect s2idle-no-restore-early platform-pairs pmic-quiet-while-armed
cp "$s2i" "$tmp/s2idle-x-ops-rule"
violates "$tmp/s2idle-x-ops-rule" wake-before-resume-noirq
[ $? = 1 ] && grep -q '^# oracle: wake-before-resume-noirq expected violated, but it judges suspend_ops cycles and this capture has none$' "$tmp/s2idle-x-ops-rule.out"
result $? "s2idle.suspend-ops-rule-expected-is-an-error" "$tmp/s2idle-x-ops-rule.out"
# explain: the platform_s2idle_ops callbacks by their own names and places
"$oracle" explain "$s2i" > "$tmp/s2i-explain.out" 2>&1
grep -q ' platform_prepare_late: suspend-to-idle prepare_late(): after every noirq callback$' "$tmp/s2i-explain.out" &&
	grep -q " platform_restore_early: suspend-to-idle restore_early(), prepare_late's pair: before any resume_noirq$" "$tmp/s2i-explain.out" &&
	grep -q ' platform_restore: suspend-to-idle restore(): after every resume_noirq callback$' "$tmp/s2i-explain.out"
result $? "s2idle.explain-names-the-s2idle-callbacks" "$tmp/s2i-explain.out"
# Mainline's i2c-mv64xxx (fixtures/cubieboard-s2idle-stock-i2c.trace, the
# Cubieboard's cycle with patch 0031 reverted): the arming's first
# transfer fails, and the oracle says so with its error code, the one rule
# broken; explain marks the transfer FAILED. Neither is told the PMIC:
# the capture's "# vexpress-pm pmic: 0x34" line names it.
"$oracle" check "$here/fixtures/cubieboard-s2idle-stock-i2c.trace" > "$tmp/s2i-stock.out" 2>&1
[ $? = 1 ] && grep -q '^# sleeptrace: .* PMIC 0x34 (any bus) (axp209)$' "$tmp/s2i-stock.out" &&
	grep -q '^not ok [0-9]* oracle\.arming-in-prepare-late$' "$tmp/s2i-stock.out" &&
	grep -q '^# arming transfer failed: -13 (Permission denied)$' "$tmp/s2i-stock.out" &&
	[ "$(grep -c '^not ok ' "$tmp/s2i-stock.out")" = 1 ] &&
	"$oracle" explain "$here/fixtures/cubieboard-s2idle-stock-i2c.trace" |
	grep -q 'I2C PMIC read POWER_OUTPUT_CTRL(0x12): FAILED -13, by platform_prepare_late$'
result $? "s2idle.stock-i2c.failed-arming-named" "$tmp/s2i-stock.out"
# A capture whose PMIC line is not an address is an error, as a bad -a
# is, not a capture judged against another PMIC
sed 's/^# vexpress-pm pmic: 0x34$/# vexpress-pm pmic: 0-0034/' \
	"$here/fixtures/cubieboard-s2idle-stock-i2c.trace" > "$tmp/bad-pmic-line"
"$oracle" check "$tmp/bad-pmic-line" > "$tmp/bad-pmic-line.out" 2>&1
[ $? = 2 ] && grep -q "^sleeptrace: the capture's \"# vexpress-pm pmic:\" line: not a number: '0-0034'$" "$tmp/bad-pmic-line.out"
result $? "bad.pmic-line-is-an-error" "$tmp/bad-pmic-line.out"
sed 's/^# vexpress-pm pmic: 0x34$/# vexpress-pm pmic: 0x34 0x4a/' \
	"$here/fixtures/cubieboard-s2idle-stock-i2c.trace" > "$tmp/junk-pmic-line"
"$oracle" check "$tmp/junk-pmic-line" > "$tmp/junk-pmic-line.out" 2>&1
[ $? = 2 ] && grep -q "^sleeptrace: the capture's \"# vexpress-pm pmic:\" line: not a number: '0x34 0x4a'$" "$tmp/junk-pmic-line.out"
result $? "bad.pmic-line-with-junk-is-an-error" "$tmp/junk-pmic-line.out"

good=$here/fixtures/mem-cycle.trace
# devices: every callback of the capture, in the order it started, and
# the async TMP105 (lm75, in a kworker) ending before the callback that
# started just before it.
"$oracle" devices "$good" > "$tmp/devices.out" 2>&1
[ "$(awk '!/^#/ { print $3 }' "$tmp/devices.out")" = \
  "$(sed -n 's/.*device_pm_callback_start: .* \([^ ]*\), parent: .*/\1/p' "$good")" ] &&
	grep -q '^32 31 0-0048 lm75 kworker/' "$tmp/devices.out"
result $? "devices.start-order-and-async-end" "$tmp/devices.out"

# explain says where a platform callback ran as the capture shows it:
# after every noirq callback in the recorded cycle, not after them in the
# reordered one (the label is no fixed text)
"$oracle" explain "$good" > "$tmp/label.out" 2>&1
"$oracle" explain "$here/fixtures/pm-core-reorder.trace" >> "$tmp/label.out" 2>&1
[ "$(grep -c 'platform_prepare_late: system wide prepare_late(): after every noirq callback$' "$tmp/label.out")" = 1 ] &&
	[ "$(grep -c 'prepare_late(): NOT after every noirq callback (dpm_suspend_noirq ran after it here)$' "$tmp/label.out")" = 1 ] &&
	[ "$(grep -c 'platform_wake: system wide wake(): before any resume_noirq$' "$tmp/label.out")" = 2 ]
result $? "explain.placement-as-the-capture-shows" "$tmp/label.out"

# Bad input: each a clear message and its exit status, never a crash.
head -c "$(($(wc -c < "$good") / 2))" "$good" > "$tmp/truncated"
"$oracle" check "$tmp/truncated" > "$tmp/truncated.out" 2> "$tmp/truncated.err"
[ $? = 1 ] && grep -q 'cut short' "$tmp/truncated.err" &&
	grep -q '^# oracle: cycle 1 has no thaw_processes end' "$tmp/truncated.out"
result $? "bad.truncated-is-judged-and-said" "$tmp/truncated.err"
# ftrace's own marker of an overrun ring buffer (a buffer too small for
# the cycle): judged, said, exit status 3
awk 'NR == 40 { print "CPU:0 [LOST 1234 EVENTS]" } { print }' "$good" > "$tmp/lost"
"$oracle" check "$tmp/lost" > "$tmp/lost.out" 2> "$tmp/lost.err"
[ $? = 3 ] && grep -q 'cut short (the ring buffer lost events)' "$tmp/lost.err"
result $? "bad.lost-events-are-said" "$tmp/lost.err"
grep -v suspend_resume "$good" > "$tmp/no-suspend"
"$oracle" check "$tmp/no-suspend" > "$tmp/no-suspend.out" 2>&1
[ $? = 2 ] && grep -q 'no suspend in it' "$tmp/no-suspend.out"
result $? "bad.no-suspend-is-an-error" "$tmp/no-suspend.out"
sed 's/suspend_resume: dpm_suspend\[2\] begin/suspend_resume: dpm_suspend state=2 begin/' "$good" > "$tmp/unknown-form"
"$oracle" check "$tmp/unknown-form" > "$tmp/unknown-form.out" 2>&1
[ $? = 2 ] && grep -q 'line [0-9]*: an event in a form sleeptrace does not read' "$tmp/unknown-form.out"
result $? "bad.unknown-event-form-is-an-error" "$tmp/unknown-form.out"
awk 'BEGIN { for (i = 0; i < 200001; i++) {
	printf "sh-1 [000] ...1. %d.000001: suspend_resume: dpm_suspend[2] begin\n", i
	printf "sh-1 [000] ...1. %d.000002: suspend_resume: dpm_suspend[2] end\n", i } }' > "$tmp/huge"
"$oracle" check "$tmp/huge" > "$tmp/huge.out" 2>&1
[ $? = 2 ] && grep -q 'more than 400000 events' "$tmp/huge.out"
result $? "bad.too-many-events-refused" "$tmp/huge.out"

# Captures as users make them: a console with tp_printk and no printk
# timestamps, only power:suspend_resume and i2c:i2c_write/read enabled
# (the docs' minimum): order alone is judged, a transfer without its
# i2c_result still counts, and the rules that need callbacks say so.
# With no callback, nothing shows which device is the PMIC: without
# --pmic the PMIC rules say they need it (no address of this board's is
# assumed), and explain shows the order with no times
sed -n -E 's/^.*: (suspend_resume|i2c_write|i2c_read): /\1: /p' "$good" > "$tmp/user-untimed"
"$oracle" check --pmic 0-004a "$tmp/user-untimed" > "$tmp/user-untimed.out" 2>&1
[ $? = 0 ] && grep -q '^# sleeptrace: .*: console (tp_printk)' "$tmp/user-untimed.out" &&
	grep -q '^# oracle\.arming-in-prepare-late: .* (holds)$' "$tmp/user-untimed.out" &&
	grep -q '^# oracle: judged 12 of 15 rules; could not judge: children-first, device-links, abort-stops-descent (needs power:device_pm_callback_start/end: none in this capture)$' \
		"$tmp/user-untimed.out" &&
	"$oracle" check "$tmp/user-untimed" > "$tmp/user-untimed-nopmic.out" 2>&1 &&
	grep -q '^# sleeptrace: .* PMIC none named (--pmic BUS-ADDR; ' "$tmp/user-untimed-nopmic.out" &&
	grep -q '^ok [0-9]* oracle\.pmic-quiet-cpus-off # SKIP needs the PMIC named: --pmic BUS-ADDR$' "$tmp/user-untimed-nopmic.out" &&
	grep -q '^# oracle: judged 9 of 15 rules; could not judge: arming-in-prepare-late, pmic-quiet-while-armed, pmic-quiet-cpus-off (needs the PMIC named: --pmic BUS-ADDR); ' \
		"$tmp/user-untimed-nopmic.out" &&
	"$oracle" explain "$tmp/user-untimed" > "$tmp/user-untimed-explain.out" 2>&1 &&
	grep -q '^# events without a timestamp (a console with printk.time=0): their order, no times$' "$tmp/user-untimed-explain.out" &&
	grep -q '^ *- *-  dpm_suspend: ' "$tmp/user-untimed-explain.out" &&
	! grep -q '0\.000' "$tmp/user-untimed-explain.out"
result $? "user.untimed-console-without-callbacks" "$tmp/user-untimed.out"
# The same with printk timestamps: --pmic BUS-ADDR finds the PMIC's
# transfers without their results, and explain says none was traced
awk '{ printf "[%12.6f] %s\n", NR / 1000, $0 }' "$tmp/user-untimed" > "$tmp/user-timed"
"$oracle" check --pmic 0-004a "$tmp/user-timed" > "$tmp/user-timed.out" 2>&1 &&
	grep -q '^# oracle\.arming-in-prepare-late: .* (holds)$' "$tmp/user-timed.out" &&
	"$oracle" explain --pmic 0-004a "$tmp/user-timed" 2>&1 | grep -q '(no result traced)'
result $? "user.pmic-by-bus-addr-without-results" "$tmp/user-timed.out"
# A hibernation without callback events: its rules on callbacks cannot be
# judged, and none is called violated
grep -v device_pm_callback "$here/fixtures/hibernate.trace" > "$tmp/user-hib"
"$oracle" check "$tmp/user-hib" > "$tmp/user-hib.out" 2>&1
[ $? = 0 ] && ! grep -q '^not ok' "$tmp/user-hib.out" &&
	grep -q '^# oracle: judged 23 of 28 rules; could not judge: hib-every-phase-ran, hib-domain-on-for-write, hib-domain-off-at-poweroff, hib-every-restore-phase-ran, hib-domain-on-at-restore (needs power:device_pm_callback_start/end: none in this capture)$' \
		"$tmp/user-hib.out"
result $? "user.hibernation-without-callbacks" "$tmp/user-hib.out"

# Another board's capture, as a user makes it (fixtures/debian-6.1-virt-*:
# Debian 12's stock armhf kernel 6.1.0-57-armmp on QEMU 7.2's -M virt,
# its console kept on the host; the first lines say how). Suspend-to-idle
# with every event the docs name: the cycle is found, four rules are
# judged and hold, the others say what they need; no PMIC is assumed
deb=$here/fixtures/debian-6.1-virt-s2idle-console.trace
"$oracle" check "$deb" > "$tmp/deb.out" 2>&1
[ $? = 0 ] && ! grep -q '^not ok' "$tmp/deb.out" &&
	grep -q '^# sleeptrace: .*: console (tp_printk), 900 event(s), 1 suspend cycle(s); PMIC none named (--pmic BUS-ADDR; ' "$tmp/deb.out" &&
	grep -qx '# kind: suspend-to-idle' "$tmp/deb.out" &&
	[ "$(grep -c '^# oracle\.[^:]*: .*(holds)$' "$tmp/deb.out")" = 4 ] &&
	grep -q '^# oracle\.pm-core-order: .*(holds)$' "$tmp/deb.out" &&
	grep -q '^# oracle\.children-first: .*(holds)$' "$tmp/deb.out" &&
	grep -q '^# oracle: judged 4 of 16 rules; could not judge: prepare-after-suspend, .* (no platform_\* phases: .*); arming-in-prepare-late, pmic-quiet-while-armed, pmic-quiet-cpus-off (needs bus events (i2c:\*, smbus:\* or regmap:\*): none in this capture); device-links (no .# devlink:. lines in this capture)$' "$tmp/deb.out" &&
	"$oracle" explain "$deb" > "$tmp/deb-explain.out" 2>&1 &&
	grep -q ' machine_suspend: s2idle_enter(): the CPUs idle until a wakeup$' "$tmp/deb-explain.out" &&
	grep -q ' dpm_complete: per-device complete() \[169 device callbacks\]$' "$tmp/deb-explain.out"
result $? "user.debian-virt.s2idle-console-judged" "$tmp/deb.out"
good=$deb
move_block 'resume_console\[1\] begin' 'resume_console\[1\] end' 'dpm_complete\[16\] begin' > "$tmp/deb-console-early"
expect deb-console-early pm-core-order
# the RTC class device rtc0 suspended after its parent, the PL031
move_block 'rtc rtc0, parent: 9010000\.pl031, class \[suspend\]' 'device_pm_callback_end: rtc rtc0,' \
	'platform 4010000000\.pcie, parent: platform, bus \[suspend\]' > "$tmp/deb-child-early"
expect deb-child-early children-first
# An I2C transfer to 0x4a (this project's PMIC address) while the CPUs
# idle: on another board that is whatever sits at 0x4a, so without
# --pmic it is no PMIC traffic and the PMIC rules say they need it; named
# with --pmic it breaks pmic-quiet-cpus-off
awk '{ print } /machine_suspend\[1\] begin/ { print "[  247.000000] i2c_write: i2c-0 #0 a=04a f=0000 l=2 [10-00]" }' "$deb" > "$tmp/deb-4a"
"$oracle" check "$tmp/deb-4a" > "$tmp/deb-4a.out" 2>&1
[ $? = 0 ] && ! grep -q '^not ok' "$tmp/deb-4a.out" &&
	grep -q '^ok [0-9]* oracle\.pmic-quiet-cpus-off # SKIP needs the PMIC named: --pmic BUS-ADDR$' "$tmp/deb-4a.out" &&
	"$oracle" check -x pmic-quiet-cpus-off --pmic 0-004a "$tmp/deb-4a" > "$tmp/deb-4a-named.out" 2>&1
result $? "user.debian-virt.no-pmic-assumed" "$tmp/deb-4a.out"
# Without --pmic, a capture that shows a known PMIC driver bound names it
# (this project's 7.3 AXP209 capture: not the TWL92230's 0x4a)
"$oracle" check "$here/fixtures/axp209-7.3-trace-cmd-report.txt" > "$tmp/a73-bound.out" 2>&1
[ $? = 0 ] && grep -q '; PMIC 0-0034 (axp209)$' "$tmp/a73-bound.out" &&
	grep -q '^# oracle: judged 15 of 15 rules$' "$tmp/a73-bound.out"
result $? "pmic.bound-driver-named-by-default" "$tmp/a73-bound.out"
# The docs' minimum with no printk timestamps (printk.time=0, events
# power:suspend_resume and i2c:i2c_write), two cycles: the order alone
# judges the PM core's in each, explain shows each cycle without times
min=$here/fixtures/debian-6.1-virt-minimum-console.trace
"$oracle" check "$min" > "$tmp/deb-min.out" 2>&1
[ $? = 0 ] && ! grep -q '^not ok' "$tmp/deb-min.out" &&
	grep -q '^# sleeptrace: .*: console (tp_printk), 56 event(s), 2 suspend cycle(s); ' "$tmp/deb-min.out" &&
	grep -q '^# oracle\.2\.pm-core-order: .*(holds)$' "$tmp/deb-min.out" &&
	[ "$(grep -c '^# oracle: judged 2 of 16 rules; could not judge: .*; children-first, device-links, abort-stops-descent (needs power:device_pm_callback_start/end: none in this capture)$' "$tmp/deb-min.out")" = 2 ] &&
	"$oracle" explain "$min" > "$tmp/deb-min-explain.out" 2>&1 &&
	grep -q '^-- cycle 2 of 2 (line 59)$' "$tmp/deb-min-explain.out" &&
	[ "$(grep -c '^ *- *-  machine_suspend: s2idle_enter()' "$tmp/deb-min-explain.out")" = 2 ]
result $? "user.debian-virt.untimed-minimum-two-cycles" "$tmp/deb-min.out"
# The same kernel on QEMU's Cubieboard with its AXP209 bound
# (fixtures/debian-6.1-cubieboard-s2idle-console.trace; its first lines
# say how): a pm_test=platform cycle, then a suspend-to-idle that never
# woke (the stock A10 interrupt controller cannot arm the console's line),
# the console kept from the PMIC driver's probe on. The PMIC is named by
# its bound driver, the device links are judged, and in the unwoken cycle
# the PMIC's quiet from machine_suspend on is judged to the capture's end
# (cut short: exit 3), not skipped as if there were no machine_suspend
cub=$here/fixtures/debian-6.1-cubieboard-s2idle-console.trace
# (stderr apart: its "cut short" line would land inside stdout's)
"$oracle" check "$cub" > "$tmp/cub.out" 2> "$tmp/cub.err"
[ $? = 3 ] && grep -q ': cut short (a cycle has no thaw_processes end): ' "$tmp/cub.err" && ! grep -q '^not ok' "$tmp/cub.out" &&
	grep -q '^# sleeptrace: .*: console (tp_printk), 2174 event(s), 2 suspend cycle(s); PMIC 0-0034 (axp209)$' "$tmp/cub.out" &&
	grep -q '^# oracle\.1\.device-links: .*(holds)$' "$tmp/cub.out" &&
	grep -q '^ok [0-9]* oracle\.1\.pmic-quiet-cpus-off # SKIP no CPU_OFF, syscore_suspend or machine_suspend in this cycle$' "$tmp/cub.out" &&
	grep -q '^# oracle\.2\.pmic-quiet-cpus-off: .*(holds)$' "$tmp/cub.out" &&
	grep -q '^# oracle: judged 5 of 16 rules; ' "$tmp/cub.out" &&
	grep -q '^# oracle: judged 6 of 16 rules; ' "$tmp/cub.out" &&
	grep -q '^# oracle: cycle 2 has no thaw_processes end: the capture is cut short$' "$tmp/cub.out"
result $? "user.debian-cubieboard.unwoken-s2idle-judged" "$tmp/cub.out"
# A write to the PMIC while that cycle sleeps, never woken, breaks it
awk '{ print } END { print "[   99.000000] i2c_write: i2c-0 #0 a=034 f=0000 l=2 [12-00]" }' "$cub" > "$tmp/cub-asleep"
"$oracle" check --pmic 0-0034 "$tmp/cub-asleep" > "$tmp/cub-asleep.out" 2> /dev/null
[ $? = 1 ] && grep -q '^not ok [0-9]* oracle\.2\.pmic-quiet-cpus-off$' "$tmp/cub-asleep.out" &&
	[ "$(grep -c '^not ok' "$tmp/cub-asleep.out")" = 1 ]
result $? "user.debian-cubieboard.pmic-write-while-never-woken" "$tmp/cub-asleep.out"
# A woken cycle whose way back was lost (no machine_suspend end, CPU_ON
# or syscore_resume lines): the CPUs' window has no end, and its resume's
# PMIC traffic is not taken for traffic with the CPUs down: a skip
grep -v 'machine_suspend\[3\] end\|syscore_resume\[0\] \|CPU_ON\[1\] ' "$axp" > "$tmp/axp-lost"
"$oracle" check "$tmp/axp-lost" > "$tmp/axp-lost.out" 2> /dev/null
[ "$(grep -c '^ok [0-9]* oracle\.[12]\.pmic-quiet-cpus-off # SKIP the cycle resumed, but the capture lost where its CPUs came back$' "$tmp/axp-lost.out")" = 2 ] &&
	! grep -q '^not ok' "$tmp/axp-lost.out"
result $? "axp209-two-cycles.lost-way-back-is-a-skip" "$tmp/axp-lost.out"
# explain starts at the first cycle and counts the probe's transfers
# before it; a transfer outside every phase (between the cycles) names no
# task, which a console does not show; phases totals each cycle, and says
# "(missing)" for the sleep an early pm_test level skips and for the
# resume of a board that never woke
awk '{ print } /thaw_processes\[0\] end/ && !d { print "[   45.000000] i2c_write: i2c-0 #0 a=034 f=0000 l=2 [12-16]"; d = 1 }' "$cub" > "$tmp/cub-between"
"$oracle" explain "$tmp/cub-between" > "$tmp/cub-explain.out" 2> /dev/null &&
	grep -q '^# 27 transfer(s) before the first suspend_enter (lines 28-119): not shown$' "$tmp/cub-explain.out" &&
	grep -q '^ *0\.000 *[0-9.]*  suspend_enter: ' "$tmp/cub-explain.out" &&
	grep -q ' I2C PMIC write POWER_OUTPUT_CTRL(0x12) = 0x16 (no result traced)$' "$tmp/cub-explain.out" &&
	grep -q ' (no end)  machine_suspend: s2idle_enter(): ' "$tmp/cub-explain.out" &&
	"$oracle" phases "$cub" > "$tmp/cub-phases.out" 2> /dev/null &&
	grep -q '^| \*\*suspend, cycle 1\*\* (suspend_enter \.\. machine_suspend) | (missing) | |$' "$tmp/cub-phases.out" &&
	grep -q '^| \*\*suspend, cycle 2\*\* (suspend_enter \.\. machine_suspend) | 750\.278 | |$' "$tmp/cub-phases.out" &&
	grep -q '^| \*\*resume, cycle 2\*\* (machine_suspend \.\. thaw_processes) | (missing) | |$' "$tmp/cub-phases.out"
result $? "user.debian-cubieboard.explain-and-phases" "$tmp/cub-explain.out"
good=$here/fixtures/mem-cycle.trace

# A test plan's capture must carry its events: with --judge-all a rule it
# cannot show fails, but for those --may-skip names, which stay skips
"$oracle" check -J -s children-first -s device-links -a 0x4a "$tmp/user-untimed" > "$tmp/judge-all.out" 2>&1
[ $? = 1 ] && grep -q '^ok [0-9]* oracle\.children-first # SKIP may-skip: needs power:device_pm_callback_start/end' "$tmp/judge-all.out" &&
	grep -q '^# oracle\.abort-stops-descent: .*(could not judge: needs power:device_pm_callback_start/end.*; --may-skip does not name it)$' "$tmp/judge-all.out" &&
	grep -q '^not ok [0-9]* oracle\.abort-stops-descent$' "$tmp/judge-all.out" &&
	[ "$(grep -c '^not ok' "$tmp/judge-all.out")" = 1 ] &&
	"$oracle" check --judge-all "$good" > "$tmp/judge-all-good.out" 2>&1 &&
	! "$oracle" check -s device-links "$good" > "$tmp/may-alone.out" 2>&1 &&
	! "$oracle" check -J -s no-such-rule "$good" > "$tmp/may-bad.out" 2>&1 &&
	grep -q "^sleeptrace: no rule 'no-such-rule'" "$tmp/may-bad.out"
result $? "judge-all-fails-the-unjudged-but-may-skip" "$tmp/judge-all.out"

# Names: --name sets the prefix; one that would break a KTAP line (a blank,
# a '#') is refused; phases refuses a capture without timestamps
"$oracle" check --name board "$good" > "$tmp/name.out" 2>&1 &&
	grep -q '^ok 1 board\.prepare-after-suspend$' "$tmp/name.out" &&
	! "$oracle" check --name 'a #b' "$good" > "$tmp/name-bad.out" 2>&1 &&
	grep -q "^sleeptrace: --name 'a #b': a name without blanks or '#'$" "$tmp/name-bad.out" &&
	! "$oracle" phases "$tmp/user-untimed" > "$tmp/phases-untimed.out" 2>&1 &&
	grep -q 'phases has no durations to show' "$tmp/phases-untimed.out"
result $? "names-and-untimed-phases" "$tmp/name-bad.out"

# What check found, stated for the programs that read it (the plans'
# tests/plans/lib/oracle.sh): a "# kind: KIND" line for each cycle, in
# order, in fixed words; "# kind: none" (on stdout, exit 2) for a capture
# with no cycle in it
kinds() {	# kinds NAME CAPTURE: its "# kind:" words on one line, in $tmp/NAME.kind
	"$oracle" check "$2" > "$tmp/$1.kind" 2>&1
	echo $? >> "$tmp/$1.kind"
	sed -n 's/^# kind: //p' "$tmp/$1.kind" | tr '\n' ' '
}
[ "$(kinds mem "$good")" = "suspend_ops " ]
result $? "kind.suspend-ops" "$tmp/mem.kind"
[ "$(kinds two "$tmp/two-cycles")" = "suspend_ops suspend_ops " ]
result $? "kind.suspend-ops.each-cycle-stated" "$tmp/two.kind"
[ "$(kinds s2idle "$s2i")" = "suspend-to-idle " ]
result $? "kind.suspend-to-idle" "$tmp/s2idle.kind"
[ "$(kinds hib "$hib")" = "hibernation " ]
result $? "kind.hibernation" "$tmp/hib.kind"
"$oracle" check "$tmp/no-suspend" > "$tmp/kind-none.out" 2> "$tmp/kind-none.err"
[ $? = 2 ] && [ "$(cat "$tmp/kind-none.out")" = "# kind: none" ] &&
	grep -q 'no suspend in it' "$tmp/kind-none.err"
result $? "kind.none-without-a-cycle" "$tmp/kind-none.out"

: > "$tmp/empty"
"$oracle" check "$tmp/empty" > "$tmp/empty.out" 2>&1
result "$([ $? = 2 ]; echo $?)" "empty-capture.is-an-error" "$tmp/empty.out"

echo "# counts: $pass $fail 0"
[ "$fail" = 0 ]
