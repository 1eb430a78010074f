#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# run-plan.sh PLAN: boot the guest with test plan tests/plans/PLAN.sh and
# judge its console. Prints the plan's results as a KTAP v1 subtest named
# SUITE (default PLAN; tests/run-suite.sh names it PLAN[@PROFILE][@KVER]),
# indented four spaces (tests/ktap.awk); exits 0 only if nothing failed.
#
# What the runner finds itself is a failed result of its own, after the
# console lines that show why: the guest timed out, stopped without a
# verdict, printed fewer results than its "1..N" line announced, exited
# non-zero without a failed test, switched lockdep off, or the console
# shows a kernel report (tests/plans/lib/judge.sh, the judge the LAVA jobs
# use too) that the plan did not declare with a "# allow: REGEX" header.
# A real-time plan's overrun (the guest printed "# overrun: ...": a loaded
# host stalled the cycle past its alarm, lib/board.sh suspend_cycle_rt)
# is a skip of its own, so the retried cycle is never silent.
#
# Plan headers (the plan's leading comment block, read by
# tests/plan-meta.sh, which rejects unknown keys): "# qemu-args: ARGS" for boot/qemu.sh,
# "# board: a9|a15|cubieboard" (the QEMU board; default $BOARD, else boot/board.sh's board_default),
# "# smp: N" (QEMU CPUs; default 1 under -icount, see below),
# "# timeout: SECONDS" (default 120), "# allow: REGEX" (repeatable),
# "# qemu-patch: NNNN..." (a QEMU with boot/qemu-patches/NNNN-*.patch;
# tests/plan-runnable.sh skips the plan on any other), and
# "# trace-check: [RULE-ID...]": the plan prints an ftrace capture
# between "vexpress-pm: trace begin" and "... trace end" lines; the host's
# ordering oracle (sleeptrace check) judges it (only where the board cannot:
# hibernation's capture spans two kernels; every other plan judges its
# own capture on the board, tests/plans/lib/oracle.sh), one KTAP result per rule,
# which the runner relays: a rule must hold, except the rules named here
# (IDs as 'sleeptrace rules' lists them), which must be violated (negative
# demonstrations). A rule the capture cannot show is a skip only if the
# plan's "# oracle-skip: RULE-ID..." names it (sleeptrace --judge-all,
# --may-skip), else a failure: a capture
# that lost its events must not pass on skips. A plan may
# print several captures (one per case): each is judged on its own, with
# the rules its own "# trace-check: [RULE-ID...]" line names (trace_dump's
# TRACE_EXPECT) instead of the header's, if it has one.
#
# "# dt-edit: [-c|-r|-d|-p|-t TYPE]... NODE [PROPERTY [VALUE...]]"
# (repeatable, applied in order) boots the plan with an edited copy of the
# board DTB, $BUILD/results/PLAN.dtb: each line runs
# "fdtput OPTIONS COPY NODE ..." (device-tree-compiler), so a bad-DT case
# is a few header lines, not another .dts. Words split on blanks: no
# quoting, no values with spaces. A PROPERTY=VALUE component of NODE
# selects a child by a string property (tests/dt-edit.sh), so one line
# serves both PMIC profiles. A failing edit fails the plan.
#
# "# host: NAME" runs tests/host/NAME.sh on the host beside the guest, to
# change the board while it runs: the launcher opens a QMP socket
# (--qmp), the script gets its path as argument and the console on its
# stdin as the guest prints it, so it acts on console lines rather than
# after guessed delays (build/host/qmp sends the commands). It must read
# its stdin to the end; a non-zero exit status fails the plan, with the
# script's output. Such a plan's "# qemu-args: ... --serial-in HOST" gives
# the console a second input, a UNIX socket (boot/qemu.sh --serial-in)
# whose path the script gets as HOST_SERIAL_IN (build/host/qmp --send
# writes into it). Its "--net-in HOST" puts the board's NIC on a UNIX
# datagram socket (boot/qemu.sh --net-in) whose path the script gets as
# HOST_NET_IN (build/host/qmp --frame sends a frame into it).
# "# boots: 2" boots the guest twice with one blank SD card image
# (boot/sd-image.sh; boot/qemu.sh --sd), for hibernation: the first boot
# ends without a verdict when the guest powers off after writing its image,
# the second resumes from it. The log is both consoles, in order.
# LAUNCH overrides the launcher (the runner's own tests use a fake one).
set -u

top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/scripts/build-dir.sh"
. "$top/tests/plans/lib/judge.sh"
. "$top/tests/plan-path.sh"
. "$top/boot/board.sh"
plan=$1
file=$top/$(plan_path "$plan")
initrd="--initrd $(plan_initramfs "$plan").cpio" hostdir=$top/$(plan_hostdir "$plan")
launch=${LAUNCH:-$top/boot/qemu.sh}
results=${RESULTS:-$build/results}
mkdir -p "$results"

# Everything below prints results as it finds them; finish makes them one
# KTAP subtest (numbered, counted: tests/ktap.awk) and exits 1 if any failed.
# With PLAN_RESULTS_ONLY=1 (tests/run-suite.sh, which frames the suite once,
# with its time) it prints the results as found, indented, unframed.
out=$(mktemp)
exec 3>&1 >"$out"
finish() {
	exec >&3
	if [ "${PLAN_RESULTS_ONLY:-}" = 1 ]; then
		mv "$out" "$out.k"
	else
		awk -f "$top/tests/ktap.awk" -v mode=suite -v name="${SUITE:-$plan}" "$out" > "$out.k"
	fi
	cat "$out.k"
	! grep -q '^    not ok ' "$out.k"
	st=$?
	rm -f "$out" "$out.k"
	exit $st
}
# The runner's own results follow the plan's, numbered on from nxt.
nxt=1
# (a runner-found failure)
# failed CHECK WHY: the runner's check CHECK failed, named PLAN.CHECK on
# every run (the reason is a diagnostic before it, not part of the name)
failed() {
	_check=$1
	shift
	echo "    # $plan.$_check: $*"
	echo "    not ok $nxt $plan.$_check"
	nxt=$((nxt + 1))
}

[ -f "$file" ] || { failed plan-file "no such plan: $file"; finish; }
sh "$top/tests/plan-meta.sh" --check "$file" 2>"$out.meta" ||
	{ sed 's/^/    # /' "$out.meta"; rm -f "$out.meta"; failed plan-header "bad plan header"; finish; }
rm -f "$out.meta"
header() { sh "$top/tests/plan-meta.sh" "$file" "$1"; }
board=$(header board); board=${board:-${BOARD:-$board_default}}
# A plan run on a board other than its own keeps its own log (PLAN@a15.log).
log=$results/$plan.log
[ "$board" = "$board_default" ] || [ -n "$(header board)" ] || log=$results/$plan@$board.log
# The PMIC profile (boot/qemu.sh: PMIC, else what the QEMU offers): an
# AXP209 run keeps its own log and edits the AXP209 board DTB.
[ "${PMIC:-}" = axp209 ] && log=${log%.log}@axp209.log
# (a capture, verdicts or KTAP of an earlier run must not stand for
# this one's, a skip's included)
rm -f "$log.oracle" "$log".trace* "$log.ktap"
# A profile the plan does not run on (PMIC=), or a QEMU without the
# profile's model, is a skip that says why (tests/plan-runnable.sh);
# anything else the launcher refuses fails below.
if [ -z "${LAUNCH:-}" ]; then
	why=$(sh "$top/tests/plan-runnable.sh" "$file" "$board")
	if [ $? = 3 ]; then
		case $why in
		"needs "*) echo "    ok 1 $plan # SKIP $why" ;;
		*) echo "    ok 1 $plan # SKIP needs another PMIC profile or QEMU: $why" ;;
		esac
		finish
	fi
fi
# One CPU under -icount (boot/qemu.sh --icount: deterministic virtual
# time, idle skipped, the suspend cycle's RTC alarm virtual too) unless the
# plan needs the second CPU (CPU hotplug in the suspend sequence); those
# run in real time, as 'make run' does. Without -icount, QEMU 7.2 limits
# the SP804 to one tick per 10 us of host time and kicks the vCPU on every
# tick, and on this 2-core host the bus then crawls: i2c-sbcon's 1000 PMIC
# transfers had a read median of 112-144 ms (5 ms at best) in real time
# and 349 us under -icount, and the plan took 107-127 s instead of 10 s.
smp=$(header smp)
icount=--icount
[ "$smp" = 1 ] || icount=
args="--board $board --smp $smp $icount $initrd $(header qemu-args)"
tmo=$(header timeout)
# A debug kernel (make test-debug) runs the same plans several times slower
tmo=$((tmo * ${TIMEOUT_SCALE:-1}))
allow=$(header allow)

: > "$log.err"
edits=$(header dt-edit)
if [ -n "$edits" ]; then
	dtb=${log%.log}.dtb
	# (the board's DTB for the profile, boot/board.sh: the TWL92230's
	# unless PMIC says otherwise, or the board's own PMIC's)
	bdtb=$(me=run-plan.sh; board_of "$board" &&
		profile_of "${PMIC:-${own_pmic:-twl92230}}" && echo "$board_dtb") 2>>"$log.err"
	cp "$build/images/$bdtb" "$dtb" 2>>"$log.err" || {
		sed 's/^/    # /' "$log.err"
		failed dt-edit "no board DTB to edit (run 'make images')"
		finish
	}
	args="$args --dtb $dtb"
	printf '%s\n' "$edits" | sh "$top/tests/dt-edit.sh" "$dtb" 2>>"$log.err" || {
		sed 's/^/    # /' "$log.err"
		failed dt-edit "dt-edit failed"
		finish
	}
fi

host=$(header host)
if [ -n "$host" ]; then
	qmp=${log%.log}.qmp sin=${log%.log}.in nin=${log%.log}.net
	rm -f "$qmp" "$sin" "$nin" "$nin.out" "$log.rc"
	# (the plan's "--serial-in HOST": the console's input socket, for the
	# host script as HOST_SERIAL_IN)
	# (parameter expansion, not sed: the path is data, not a pattern or
	# a replacement)
	hargs=" $args "
	case $hargs in
	*" --serial-in HOST "*)
		hargs="${hargs%% --serial-in HOST *} --serial-in $sin ${hargs#* --serial-in HOST }" ;;
	esac
	case $hargs in
	*" --net-in HOST "*)
		hargs="${hargs%% --net-in HOST *} --net-in $nin ${hargs#* --net-in HOST }" ;;
	esac
	# shellcheck disable=SC2086 # args is a word list by design
	{ "$launch" --plan "$plan" --timeout "$tmo" --log "$log" --qmp "$qmp" $hargs \
		2>"$log.err"; echo $? > "$log.rc"; } |
		HOST_QMP=$build/host/qmp HOST_SERIAL_IN=$sin HOST_NET_IN=$nin \
		sh "$hostdir/$host.sh" "$qmp" \
		> "$log.host" 2>&1
	hrc=$?
	rc=$(cat "$log.rc")
	rm -f "$log.rc" "$qmp" "$sin" "$nin"
elif [ "$(header boots)" = 2 ]; then
	sd=${log%.log}.sd
	rm -f "$log.boot2"
	if sh "$top/boot/sd-image.sh" "$sd" 2>"$log.err"; then
		# shellcheck disable=SC2086 # args is a word list by design
		"$launch" --plan "$plan" --timeout "$tmo" --log "$log.boot1" --sd "$sd" $args \
			>/dev/null 2>"$log.err"
		rc=$?
		if [ "$rc" = 125 ]; then
			# shellcheck disable=SC2086 # args is a word list by design
			"$launch" --plan "$plan" --timeout "$tmo" --log "$log.boot2" \
				--sd "$sd" $args >/dev/null 2>"$log.err"
			rc=$?
		fi
		cat "$log.boot1" > "$log"
		[ ! -f "$log.boot2" ] || cat "$log.boot2" >> "$log"
	else
		rc=2
	fi
	rm -f "$sd"
else
	# shellcheck disable=SC2086 # args is a word list by design
	"$launch" --plan "$plan" --timeout "$tmo" --log "$log" $args >/dev/null 2>"$log.err"
	rc=$?
fi

# The plan's own output: between the start and exit markers.
sed -n "/^vexpress-pm: plan $plan start/,/^vexpress-pm: plan $plan exit/p" "$log" |
	tr -d '\r' > "$log.ktap"
# shellcheck disable=SC2046 # three words by design
set -- $(judge_ktap < "$log.ktap")
planned=$1 guest_total=$2 fail=$3
[ "$planned" != - ] || planned=

# (without the traces: the oracle judges them below)
# (a child's KTAP the plan nested, lib/board.sh ktap_nest, kept deeper)
awk '/^vexpress-pm: trace begin/ { c = 1 } !c; /^vexpress-pm: trace end/ { c = 0 }' "$log.ktap" |
	grep -E '^((    )*((not )?ok [0-9]+|# )|(    )+(KTAP version [0-9]+|1\.\.[0-9]+))' | sed 's/^/    /'
[ -z "$host" ] || sed 's/^/    # host: /' "$log.host"
# A real-time plan's overruns (lib/board.sh suspend_cycle_rt), one skip
# each: the host, not the board, stalled that cycle.
nxt=$((guest_total + 1))
sed -n 's/^# overrun: //p' "$log.ktap" > "$log.overrun"
awk -v p="$plan" -v first=$nxt '{ printf "    ok %d %s.overrun.%d # SKIP needs an unloaded host: %s\n", first + NR - 1, p, NR, $0 }' \
	"$log.overrun"
nxt=$((nxt + $(wc -l < "$log.overrun")))
rm -f "$log.overrun"

# The captures a plan printed (trace_dump) decoded for the host's readers:
# the tutorial's excerpts, make timeline, a user. The host's ordering
# oracle judges them if the plan asks ("# trace-check:"): its results
# continue the plan's numbering, and are relayed as they are.
ncap=$(grep -c '^vexpress-pm: trace begin' "$log")
[ "$ncap" = 0 ] || sh "$top/tests/console-trace.sh" "$log" > "$log.trace"
if sh "$top/tests/plan-meta.sh" --has "$file" trace-check; then
	: > "$log.oracle"
	orc=0 k=1 first=$nxt
	# Every rule judged, but those the plan's "# oracle-skip:" names (as
	# the board's oracle does, tests/plans/lib/oracle.sh)
	judge=--judge-all
	for x in $(header oracle-skip); do judge="$judge -s $x"; done
	while [ "$k" -le "${ncap:-1}" ]; do
		cap=$log.trace
		[ "$ncap" -gt 1 ] && { cap=$log.trace$k; sh "$top/tests/console-trace.sh" "$log" "$k" > "$cap"; }
		rules=$(sed -n 's/^# trace-check: *//p' "$cap" | head -n 1)
		grep -q '^# trace-check:' "$cap" || rules=$(header trace-check)
		expect=
		for x in $rules; do expect="$expect -x $x"; done
		name=$(grep '^vexpress-pm: trace begin' "$log" | sed -n "${k}s/^vexpress-pm: trace begin *//p" | tr -d '\r')
		# (several captures: each its own names, by the name the plan
		# gave it, else its index)
		prefix=oracle
		[ "$ncap" -gt 1 ] && prefix=oracle.${name:-$k} &&
			echo "# oracle: capture $k${name:+ ($name)}" >> "$log.oracle"
		# (the PMIC: the one the capture names, as the guest found it in
		# its DT, trace_dump)
		# shellcheck disable=SC2086 # expect is a word list by design
		"$build/host/sleeptrace" check -n "$first" --name "$prefix" $judge $expect "$cap" \
			>> "$log.oracle" 2>&1 || { r=$?; [ "$r" -gt "$orc" ] && orc=$r; }
		first=$((nxt + $(grep -cE '^(not )?ok [0-9]+ ' "$log.oracle")))
		k=$((k + 1))
	done
	sed 's/^/    /' "$log.oracle"
	nxt=$first
	# No results at all (no capture, a bad rule ID): one failure, the
	# oracle's message above says why.
	if [ "$orc" -gt 1 ] || ! grep -qE '^(not )?ok [0-9]+ ' "$log.oracle"; then
		failed oracle "no verdicts on the trace (exit $orc)"
	fi
fi

problem=
if [ "$rc" = 124 ]; then
	problem="timeout after ${tmo}s"
elif [ "$rc" = 125 ] || [ "$rc" -gt 125 ]; then
	problem="guest stopped without a verdict"
elif [ -z "$planned" ]; then
	problem="no KTAP plan line (empty or truncated console)"
elif [ "$guest_total" -ne "$planned" ] || [ "$planned" -eq 0 ]; then
	problem="planned $planned results, got $guest_total"
elif [ "$rc" != 0 ] && [ "$fail" = 0 ]; then
	problem="plan exited $rc without a failed test"
fi

# The results a plan announced and never printed (it hung, or the guest
# died halfway) each fail, named by their place, so a hang is never a
# smaller count; any other problem is one failure of its own.
if [ -n "$problem" ]; then
	sed 's/^/    # /' "$log.err"
	if [ -n "$planned" ] && [ "$guest_total" -lt "$planned" ]; then
		i=$((guest_total + 1))
		while [ "$i" -le "$planned" ]; do
			echo "    # $plan.result-$i: announced (1..$planned), never printed: $problem"
			echo "    not ok $nxt $plan.result-$i"
			i=$((i + 1)) nxt=$((nxt + 1))
		done
	else
		failed guest "$problem"
	fi
fi
reports=$(judge_reports "$(echo "$allow" | paste -sd'|' -)" < "$log")
[ -z "$reports" ] ||
	{ echo "$reports" | head -n 10 | sed 's/^/    # console: /'; failed kernel-reports "kernel reports on the console"; }
if grep -qs '^# vexpress-pm: capture corrupt' "$log.trace"; then
	grep '^# vexpress-pm: capture corrupt' "$log.trace" | head -n 5 | sed 's/^/    /'
	failed trace-capture "a trace capture does not decode or lost lines (tests/console-trace.sh)"
fi
judge_debug_locks < "$log" || failed lockdep "lockdep switched itself off (debug_locks = 0)"
# A plan that has its guest power off (vexpress_pm.end=poweroff, rootfs/init)
# is where kernel_power_off() is under test: the guest must have got there.
case " $args " in
*" vexpress_pm.end=poweroff "*)
	sed -n "/^vexpress-pm: plan $plan exit/,\$p" "$log" | grep -q 'reboot: Power down' ||
		failed power-off "the guest did not power off after its plan (vexpress_pm.end=poweroff)" ;;
esac
# (the host's part of the plan is a result of its own either way: what it
# judged, tests/host/poweroff.sh's transfer for one, shows when it passes)
if [ -n "$host" ] && [ "$hrc" != 0 ]; then
	failed host "host script $host exited $hrc"
elif [ -n "$host" ]; then
	echo "    ok $nxt $plan.host"
	nxt=$((nxt + 1))
fi
finish
