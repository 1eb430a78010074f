#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The vexpress-pm test suite (run by 'make test' and .ci/run).
#
#   run.sh [SUITE...]
#
# With no SUITE: the host suites (the kernel-quality gates,
# scripts/check.sh; the series' per-kernel copies against their bases,
# scripts/check-copies.sh; the host's awk programs under mawk and gawk,
# tests/awk-selftest.sh; the runner's own tests: it must report failure when a
# guest fails, hangs, prints a truncated log, or is interrupted; the KTAP
# reader's, on a recorded run; the ordering oracle's, on recorded and
# deliberately reordered traces; EXTRA_PATCHES'; the lab: the same short
# LAVA jobs the lava suite runs with lava-run alone (lava/quick.sh, still a
# suite by name), scheduled by a LAVA server on two workers, brought up and
# down for it, lava/lab/test.sh), then every tests/plans/*.sh guest plan
# (the runner's own fixtures are in tests/fixtures/) on each PMIC profile it
# names (on one of them a kernel where it says "# pmic-per-kernel: one"),
# each booted in QEMU: tests/run-suite.sh runs one suite.
# Named SUITEs (plans or host suites, e.g. 'make test PLANS="boot
# suspend-mem"') run just those, without the other host suites. GATES=0
# leaves the host suites out, GATES=1 runs them with named plans too.
#
# Kernels (scripts/kver.sh): the default kernel runs everything; every
# other kernel in KVERS_TEST (default: all of KVERS) runs its own gates
# and the plans whose "# kernels:" header says all (or names it): the
# suspend and hibernation plans the oracle judges. Such a suite is named
# PLAN[@PROFILE]@KVER and uses build/KVER; a kernel without images fails
# its suites. KVERS_TEST="6.12" limits a run to the default kernel.
#
# Prints one KTAP v1 stream: one subtest per suite, then "# time:" and
# "N passed, N failed, N skipped", the counts of the stream's own results
# as tests/ktap.awk (and the kernel's kunit.py parse) reads them. The
# stream and its JUnit XML go to TEST_RESULTS (default build/results):
# ktap.txt, junit.xml. Exit status 0 only if nothing failed and the stream
# is well formed. With CI=true a last suite, ci-skips, fails every skip
# that does not name what the machine lacks ("# SKIP needs ...") or that
# the plan does not allow ("# SKIP may-skip: ..."). While it runs, each
# finished suite is shown on stderr (name, verdict, seconds, how many
# remain), one short line each, unless TEST_PROGRESS=0: a CI log shows
# them too. Before the last line, a comment counts the real-time cycles
# a loaded host stalled (skips "needs an unloaded host"), which CI=true
# lets pass: coverage lost that way is said.
#
# Ctrl-C or SIGTERM ends every process the run started, QEMUs included
# (timeout(1) puts them in process groups of their own, out of the
# terminal's reach), and removes its temporary files: every one is under
# one directory, the run's TMPDIR, which the processes' VEXPRESS_PM_RUN
# names.
#
# Suites run TEST_JOBS at a time, longest first. Every guest runs under
# -icount, where the guest's time does not depend on the host's load,
# except plans that boot a second CPU ("# smp: 2"): those run in real time,
# one at a time, from the start, in a slot of their own, while the others
# take TEST_JOBS slots at a lower priority (nice 10), so the suite's own
# jobs leave the real-time guest the CPU it asks for (other load on the
# host does not). TEST_JOBS is one per CPU by default: a third job on 2
# CPUs for the whole run made it slower (fresh clones, 2026-12-05: the
# suites 594 s wall, 1152 s CPU, against 537 s and 974 s with two).
# Results are printed in the order listed.
set -u

top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 1
. scripts/kver.sh
. tests/plan-path.sh
default=${KVERS%% *}
# run-suite.sh says when each suite started, after this
RUN_START=$(date +%s); export RUN_START
runres=${TEST_RESULTS:-$top/build/results}
mkdir -p "$runres" || exit 1

# Every temporary file of the run, its children's included, in one place
tmpd=$(mktemp -d) || exit 1
TMPDIR=$tmpd; export TMPDIR
# What each QEMU is and which PMIC models it has, asked once a run
# (boot/qemu.sh), not three times a suite
QEMU_PROBES=$tmpd/qemu-probes; export QEMU_PROBES
# The run's processes: all that inherited VEXPRESS_PM_RUN, which only the
# suites' jobs get (not this shell's own helpers, such as the ones below),
# equal to the run's TMPDIR or under it (a run inside the run), wherever
# they were reparented (the terminal's Ctrl-C may have ended their parents
# first).
ours() {
	grep -lsz "^VEXPRESS_PM_RUN=$tmpd\(/.*\)\?$" /proc/[0-9]*/environ |
		sed 's|^/proc/||; s|/environ$||'
}
cleanup() {
	trap - EXIT INT TERM HUP
	# shellcheck disable=SC2046 # a pid list by design
	kill -TERM $(ours) 2>/dev/null
	# (timeout(1) passes the TERM on to its QEMU; KILL what outlives 3 s)
	i=0
	while [ $i -lt 30 ] && [ -n "$(ours)" ]; do sleep 0.1; i=$((i + 1)); done
	# shellcheck disable=SC2046 # a pid list by design
	kill -KILL $(ours) 2>/dev/null
	rm -rf "$tmpd"
}
trap cleanup EXIT
trap 'cleanup; exit 130' INT
trap 'cleanup; exit 143' TERM HUP
mkdir "$QEMU_PROBES" || exit 1	# (after the traps: a failure removes $tmpd)

hostsuites="kernel-quality-gates patch-copies runner-selftest ktap-selftest awk-selftest launcher-selftest parity-selftest oracle-selftest extra-patches-selftest ci-snippets lab"
# After every other suite, on their results: the tutorial's excerpts
# (tests/tutorial-check.sh), in a whole run of the default kernel's own
# build (not make test-debug's, another kernel), or when named.
late=tutorial-check
named=
if [ $# -gt 0 ]; then
	names=$* named=1
	gates=${GATES:-0}
	case " $names " in
	*" $late "*) names=$(echo " $names " | sed "s/ $late / /") ;;
	*) late= ;;
	esac
else
	names=$(ls tests/plans/*.sh | sed 's|.*/||; s|\.sh$||')
	gates=${GATES:-1}
fi
[ "$gates" = 0 ] || names="$hostsuites $names"
case ${BUILD:-build/$default} in
build/"$default" | "$top/build/$default") ;;
*) [ -n "$named" ] || late= ;;
esac
# Each name once: two suites of one name would share its result files
names=$(printf '%s\n' $names | awk '!seen[$0]++')

# The plans' headers, read once a key for all plans (tests/plan-meta.sh
# --each: a call a plan and key took the run 4 s before its first suite)
plans=
for p in $names; do
	f=$(plan_path "${p%%@*}")
	case " $hostsuites $plans " in *" $p "* | *" $f "*) continue ;; esac
	[ -f "$f" ] && plans="$plans $f"
done
for key in kernels pmic pmic-per-kernel smp timeout; do
	v=
	[ -z "$plans" ] || v=$(sh tests/plan-meta.sh --each $key $plans 2>/dev/null)
	eval "meta_$(echo $key | tr - _)=\$v"
done
# meta KEY PLAN: m= the plan's values of KEY, on one line; status 1 (m
# empty) if there is no such plan
meta() {
	eval "m=\"
\$meta_$(echo "$1" | tr - _)
\""
	case $m in
	*"
$(plan_path "$2") "*)
		m=${m#*"
$(plan_path "$2") "}
		m=${m%%"
"*} ;;
	*) m=; return 1 ;;
	esac
}

# Which QEMU runs each profile: QEMU if set, else the system's, else for
# the AXP209 the QEMU 10 that 'make deps' unpacked on Debian 12 (when the
# system's has no axp209_pmu: boot/qemu.sh --check, status 3). Whether it
# can boot each suite run-suite.sh asks (a skip only for a missing model).
# runnable: the profiles that have a QEMU here with their model.
runnable=
for prof in twl92230 axp209; do
	q=${QEMU:-qemu-system-arm}
	QEMU=$q PMIC=$prof sh boot/qemu.sh --check >/dev/null 2>&1
	r=$?
	if [ $r = 3 ] && [ -z "${QEMU:-}" ] && [ $prof = axp209 ]; then
		QEMU=$top/boot/qemu-backport.sh PMIC=$prof sh boot/qemu.sh --check >/dev/null 2>&1
		r=$?
		[ $r = 3 ] || q=$top/boot/qemu-backport.sh
	fi
	eval "export QEMU_$prof=\"\$q\""
	[ $r = 3 ] || runnable="$runnable $prof"
done

# one_profile KVER PROFILE...: for a plan with "# pmic-per-kernel: one"
# (its code does not depend on the PMIC: the bus driver's tests), the one
# profile KVER runs it on: of the PROFILEs a QEMU here can run, the Nth
# for the Nth kernel of KVERS, in turn, so each kernel runs the plan and
# each profile is covered by some kernel; none runnable: all of them (to
# skip, saying why).
one_profile() {
	_k=$1
	shift
	_r=
	for _p in "$@"; do
		case " $runnable " in *" $_p "*) _r="$_r $_p" ;; esac
	done
	[ -n "$_r" ] || { echo "$*"; return; }
	# shellcheck disable=SC2086 # word lists by design
	set -- $_r
	_i=0
	for _v in $KVERS; do
		[ "$_v" = "$_k" ] && break
		_i=$((_i + 1))
	done
	shift $((_i % $#))
	echo "$1"
}

shared= alone=
for k in ${KVERS_TEST:-$KVERS}; do
	case " $KVERS " in
	*" $k "*) ;;
	*) echo "run.sh: KVERS_TEST: $k is not a kernel this project builds ($KVERS)" >&2; exit 2 ;;
	esac
	at=@$k
	[ "$k" != "$default" ] || at=
	for p in $names; do
		case " $hostsuites " in
		*" $p "*)
			# The gates judge each kernel's series; the rest
			# does not depend on the kernel.
			[ -z "$at" ] || [ "$p" = kernel-quality-gates ] || continue
			shared="$shared $p$at"
			continue ;;
		esac
		if [ -n "$at" ]; then
			meta kernels "$p"
			case " $m " in
			*" all "* | *" $k "*) ;;
			*) continue ;;
			esac
		fi
		# One suite per PMIC profile: PLAN on the TWL92230,
		# PLAN@axp209 on the AXP209. A bad header (or no such
		# plan) still makes a suite, which fails saying why.
		# (plan-meta.sh's default, tests/plan-profiles.sh; a plan
		# that is not there, or whose "# pmic:" is empty, gets the
		# TWL92230's suite, to fail in)
		meta pmic "$p" && [ -n "$m" ] || m=twl92230
		profs=$m
		meta pmic-per-kernel "$p"
		[ "$m" != one ] || profs=$(one_profile "$k" $profs)
		suites=
		for prof in $profs; do
			case $prof in
			twl92230) suites="$suites $p$at" ;;
			*) suites="$suites $p@$prof$at" ;;
			esac
		done
		meta smp "$p"
		case $m in
		"" | 1) shared="$shared$suites" ;;
		*) alone="$alone$suites" ;;
		esac
	done
done
[ "${CI:-}" != true ] || ci="ci-skips"
all=$(echo $shared $alone $late ${ci:-})
# A run of named suites checks the tutorial's excerpts of those it ran: the
# others' sources are skips when missing (tests/tutorial-check.sh)
if [ -n "$named" ]; then
	TUTORIAL_SUITES=$(echo $shared $alone)
	export TUTORIAL_SUITES
fi

# The suites run TEST_JOBS at a time (and the real-time job beside them,
# below). Each one's output goes to a file,
# then through a FIFO that is read in the order listed: a FIFO's reader
# waits for its writer, so no polling, and a finished suite's slot is free
# at once (its writer waits in the background). The real-time ones are one
# job, first: they run one after the other in a slot of their own.
fifos=$tmpd/fifos
mkdir "$fifos"
# Longest first, so that short ones fill in at the end: the gates, the
# runner's tests (they wait for a hung guest's timeout), then plans by
# their "# timeout:" header, which the slow ones raise.
n=0
for s in $shared; do
	n=$((n + 1))
	mkfifo "$fifos/$n"
	case ${s%%@*} in
	kernel-quality-gates) t=10000 ;;
	runner-selftest) t=9999 ;;
	lava) t=9998 ;;	# lava/quick.sh: 40-70 s (docs/measurements.md)
	lab) t=9997 ;;	# lava/lab/test.sh: 80-100 s with the lab's bring-up and stop (docs/lava.md)
	# (two awks, each a whole run of fake guests: 45 s of CPU, as long as
	# the longest plans; ranked by its 30 s it ran last, alone, the run's
	# last 45 s on one CPU: fresh clone, 2026-12-07)
	awk-selftest) t=9996 ;;
	patch-copies | ktap-selftest | launcher-selftest | parity-selftest | oracle-selftest | extra-patches-selftest | ci-snippets) t=1 ;;
	*) meta timeout "${s%%@*}"; t=${m%% *} ;;
	esac
	echo "${t:-120} $n $s"
done > "$fifos/jobs"
rt=
for s in $alone; do
	n=$((n + 1))
	mkfifo "$fifos/$n"
	rt="$rt $n $s"
done
# The real-time job's slot is one more than TEST_JOBS while it runs: its
# guests wait seconds of real time for their RTC alarms, which left about
# two fifths of a CPU idle (docs/measurements.md). When its suites are done it holds the slot until the last
# job, "release", starts (every other one has), so the other jobs never
# run more than TEST_JOBS at a time.
slots=${TEST_JOBS:-$(nproc)}
if [ -n "$rt" ]; then
	echo "99999 rt$rt" >> "$fifos/jobs"
	if [ "$slots" -gt 1 ]; then
		mkfifo "$fifos/release"
		echo "-1 release" >> "$fifos/jobs"
		slots=$((slots + 1))
	fi
fi
# Each job: "[rt] N SUITE [N SUITE...]". A finished suite is shown on
# stderr (fd 4) at once, whatever the order of the stream: "[K/TOTAL]",
# K counted in $fifos/done.
total=$(echo $all | wc -w)
progress=
[ "${TEST_PROGRESS:-1}" = 0 ] || progress=$total
exec 4>&2
sort -k1,1nr -k2,2n "$fifos/jobs" | cut -d' ' -f2- |
	VEXPRESS_PM_RUN=$tmpd PROGRESS=$progress xargs -P "$slots" -L 1 sh -c '
	nice="nice -n 10" rt=
	case $1 in
	release) echo > "$0/release"; exit 0 ;;
	rt) nice= rt=1; shift ;;
	esac
	while [ $# -ge 2 ]; do
		SUITE_NUM=$1 $nice sh tests/run-suite.sh "$2" > "$0/$1.out" 2>&1
		if [ -n "$PROGRESS" ]; then
			echo "$2" >> "$0/done"
			v=$(tail -n 1 "$0/$1.out" | sed -n "s/^not ok .*/FAIL/p; s/^ok .* # SKIP .*/skip/p; s/^ok .*/ok/p")
			t=$(sed -n "s/^    # time: [^:]*: \([0-9]*\) s wall.*/\1/p" "$0/$1.out")
			k=$(wc -l < "$0/done")
			printf "[%d/%d] %s: %s, %s s, %d left\n" $k $PROGRESS "$2" "${v:-FAIL}" "${t:-?}" $((PROGRESS - k)) >&4
		fi
		cat "$0/$1.out" > "$0/$1" &
		shift 2
	done
	[ -z "$rt" ] || [ ! -p "$0/release" ] || read -r _ < "$0/release"' "$fifos" &
exec 4>&-

stream=$runres/ktap.txt
{ echo "KTAP version 1"; echo "1..$total"; } | tee "$stream"
n=0
for s in $shared $alone; do
	n=$((n + 1))
	# (in the background: a trapped signal interrupts "wait" at once, a
	# foreground command only when it ends; marked as the run's, so that
	# an interrupt ends it too: once the suites' jobs are gone, nothing
	# would open its fifo for writing)
	VEXPRESS_PM_RUN=$tmpd cat "$fifos/$n" > "$fifos/$n.txt" &
	wait $!
	tee -a "$stream" < "$fifos/$n.txt"
done
wait	# (xargs)
for s in $late; do
	n=$((n + 1))
	VEXPRESS_PM_RUN=$tmpd SUITE_NUM=$n sh tests/run-suite.sh "$s" > "$tmpd/late" 2>&1 &
	wait $!
	tee -a "$stream" < "$tmpd/late"
done
if [ -n "${ci:-}" ]; then
	n=$((n + 1))
	# Skips the machine could have run: all but "# SKIP needs ..." (what
	# it lacks) and "# SKIP may-skip: ..." (what the plan's oracle-skip
	# allows).
	awk '/^    # Subtest: / { s = substr($0, 16) }
	     /^ *ok [0-9]+ .* # SKIP / && !/ # SKIP (needs |may-skip: )/ {
		t = $0; sub(/^ *ok [0-9]+ /, "", t); sub(/ # SKIP /, " (skipped: ", t)
		print "    not ok " ++k " " s ": " t ")" }' "$stream" > "$tmpd/ci"
	[ -s "$tmpd/ci" ] || echo "    ok 1 ci.every-skip-names-what-the-machine-lacks" > "$tmpd/ci"
	awk -f tests/ktap.awk -v mode=suite -v name=ci-skips -v num=$n "$tmpd/ci" | tee -a "$stream"
fi
tmp=$tmpd/times
times > "$tmp"	# as run-suite.sh does
cputime=$(awk 'END { gsub(/[ms]/, " "); printf "%.0f", $1 * 60 + $2 + $3 * 60 + $4 }' "$tmp")
# The verdict: the stream's own results, read once for the counts, the
# JUnit XML and the JSON summary (tests/ktap.awk)
awk -f tests/ktap.awk -v mode=totals -v junit="$runres/junit.xml" \
	-v json="$runres/results.json" "$stream" > "$tmp"
# shellcheck disable=SC2046 # three words by design
set -- $(head -n 1 "$tmp")
P=$1 F=$2 S=$3
tail -n +2 "$tmp" | tee -a "$stream"
{
	echo "# time: $(($(date +%s) - RUN_START)) s wall, $cputime s CPU"
	echo "# skipped for a loaded host: $(grep -c '^ *ok [0-9]* .* # SKIP needs an unloaded host' "$stream") real-time cycle(s)"
	echo "$P passed, $F failed, $S skipped"
} | tee -a "$stream"
[ "$F" = 0 ] && [ "$(wc -l < "$tmp")" = 1 ]
