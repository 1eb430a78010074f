# SPDX-License-Identifier: GPL-2.0
# Helpers for guest test plans (sourced; busybox sh). Facts about the board
# live here once: the SBCon bus, and which PMIC sits on it where, as the
# DT says. The PMIC's own registers are facts of its chip, in lib/CHIP.sh.
. ./ktap_helpers.sh

# Each result's time, for a CI's per-test history (tests/ktap.awk gives it
# the JUnit testcase's time=): a "# time: S.CC s" line before the result,
# the board's clock (/proc/uptime: under -icount, the guest's virtual time)
# since the result before it, or since this file was sourced. The rest is
# kselftest's __ktap_test (ktap_helpers.sh), which every ktap_test_* calls.
read -r KTAP_T0 _ < /proc/uptime
__ktap_test() {
	read -r _t _ < /proc/uptime
	# (centiseconds; "08" would be octal: the leading zero goes)
	_c=${_t#*.} _c0=${KTAP_T0#*.}
	_d=$(((${_t%.*} - ${KTAP_T0%.*}) * 100 + ${_c#0} - ${_c0#0}))
	KTAP_T0=$_t
	_c=$((_d % 100))
	[ $_c -gt 9 ] || _c=0$_c
	echo "# time: $((_d / 100)).$_c s"
	echo "$1 $KTAP_TESTNO $2${3:+ # $3}"
	KTAP_TESTNO=$((KTAP_TESTNO + 1))
}

# The board the guest runs on, from the DT: the CA9 tile on the legacy
# motherboard map (QEMU vexpress-a9) or the CA15 on the RS1 map
# (vexpress-a15). The map decides the motherboard devices' addresses.
# On the Cubieboard (QEMU cubieboard, mainline's DT) the PMIC's bus is the
# A10's TWI0 (SBCON_NODE and SBCON_DEV name the PMIC's bus on every
# board) and there is no MMCI or motherboard Ethernet. MACHINE and CPU
# name the QEMU machine and its processor (trace_dump's sysinfo line).
case "$(tr '\0' ' ' < /proc/device-tree/compatible)" in
*cubietech,a10-cubieboard*)
	BOARD=cubieboard MODEL="Cubietech Cubieboard"
	MACHINE=cubieboard CPU=Cortex-A8
	SBCON_NODE=i2c@1c2ac00 SBCON_DEV=1c2ac00.i2c
	MMCI_DEV= ETH_DEV= ;;
*arm,vexpress,v2p-ca15*)
	BOARD=a15 MODEL="V2P-CA15 vexpress-pm"
	MACHINE=vexpress-a15 CPU=Cortex-A15
	SBCON_NODE=i2c@160000 SBCON_DEV=1c160000.i2c
	MMCI_DEV=1c050000.mmc ETH_DEV=1a000000.ethernet ;;
*)
	BOARD=a9 MODEL="V2P-CA9 vexpress-pm"
	MACHINE=vexpress-a9 CPU=Cortex-A9
	SBCON_NODE=i2c@16000 SBCON_DEV=10016000.i2c
	MMCI_DEV=10005000.mmci ETH_DEV=4e000000.ethernet ;;
esac
MMCI=/sys/bus/amba/devices/$MMCI_DEV

# The VMMC PM domain (genpd names it after its provider device), and its
# status column in pm_genpd_summary ("off-0" is off in idle state 0).
PD=power-domain-vmmc
pd_status() {
	awk -v pd=$PD '$1 == pd { sub(/-[0-9]+$/, "", $2); print $2 }' \
		/sys/kernel/debug/pm_genpd/pm_genpd_summary
}

# ktap_nest NAME STATUS FILE: a child's KTAP document (FILE: sleeptrace's
# verdicts, a KUnit suite's results) as this plan's subtest NAME, as
# kselftest's runner nests its tests: its lines indented four blanks,
# "# Subtest: NAME" after its version line, then this plan's result NAME
# from the child's exit STATUS (0 ok, 4 a skip as kselftest's, anything
# else not ok). The child's results are not read here: they stay its
# own, under their own names, counted by the reader at the end.
ktap_nest() {
	awk -v n="$1" '{ print "    " $0 }
		NR == 1 && /^KTAP version / { print "    # Subtest: " n }' "$3"
	case $2 in
	0) ktap_test_pass "$1" ;;
	4) ktap_test_skip "$1" ;;
	*) ktap_test_fail "$1" ;;
	esac
}

# of_path ALIAS: the DT node path an alias names (i2c0 is the SBCon bus)
of_path() { tr -d '\0' < "/proc/device-tree/aliases/$1"; }

# The i2c bus number of the motherboard's SBCon (DT node $SBCON_NODE).
sbcon_bus() {
	for d in /sys/bus/i2c/devices/i2c-*; do
		case "$(readlink -f "$d/of_node" 2>/dev/null)" in
		*/"$SBCON_NODE") echo "${d##*-}"; return 0 ;;
		esac
	done
	return 1
}
BUS=$(sbcon_bus)

# The PMIC: the first node under the SBCon's DT node whose compatible a
# chip library declares ("# compatible: VENDOR,CHIP" in lib/CHIP.sh). Its
# unit address is its I2C address; the library gives the registers plans
# use whatever the chip: PMIC_REV, PMIC_SCRATCH (free to write and put
# back), PMIC_SLEEP_ARM (where the platform arms the PMIC for sleep) and
# PMIC_VMMC_EN (where the VMMC domain switches its rail).
# A disabled node counts: the chip still answers on the bus. The SBCon's
# node is the one the i2c0 alias names, if that has the node's name; else
# it is searched for: a find over the DT's sysfs costs a guest a quarter of
# a second of host time, and every plan starts here.
pmic_find() {
	nodes=/sys/firmware/devicetree/base$(of_path i2c0 2>/dev/null)
	[ "${nodes##*/}" = "$SBCON_NODE" ] && [ -d "$nodes" ] ||
		nodes=$(find /sys/firmware/devicetree/base -type d -name "$SBCON_NODE")
	# "LIB:# compatible: VENDOR,CHIP", a line for each chip library
	wants=$(grep -H '^# compatible: ' ./lib/*.sh) || return 1
	for n in $nodes; do
		for c in "$n"/*/compatible; do
			[ -f "$c" ] || continue
			have=" $(tr '\0' ' ' < "$c") "
			while IFS= read -r w; do
				[ -n "${w##* }" ] || continue
				case $have in
				*" ${w##* } "*)
					n=${c%/compatible}
					echo "0x${n##*@} ${w%%:*} ${n#/sys/firmware/devicetree/base}"
					return 0 ;;
				esac
			done <<-EOF
			$wants
			EOF
		done
	done
	return 1
}

# PMIC_DEV is its I2C client's name, PMIC_NODE its DT node's path.
pmic=$(pmic_find)
if [ -n "$pmic" ]; then
	PMIC=${pmic%% *} pmic=${pmic#* }
	PMIC_NODE=${pmic#* }
	[ -z "$BUS" ] || PMIC_DEV=$(printf '%d-%04x' "$BUS" "$PMIC")
	. "${pmic%% *}"
else
	ktap_print_msg "board.sh: no PMIC with a chip library under $SBCON_NODE in the DT"
fi

# -f: the PMIC driver may own the address; tests read the chip behind it.
pmic_get() { i2cget -f -y "$BUS" $PMIC "$1"; }
pmic_set() { i2cset -f -y "$BUS" $PMIC "$1" "$2"; }

# nth N WORD...: the Nth (0-based) WORD
nth() { shift $(($1 + 1)); echo "$1"; }

# reg_sysfs RAIL: the rail's /sys/class/regulator directory
reg_sysfs() {
	for d in /sys/class/regulator/regulator.*; do
		[ "$(cat "$d/name" 2>/dev/null)" = "$1" ] && { echo "$d"; return 0; }
	done
	return 1
}

# check NAME EXPECTED ACTUAL: one KTAP result comparing two values; the
# values are printed on failure so the log says what the hardware read.
check() {
	if [ "$2" = "$3" ]; then
		ktap_test_pass "$1"
	else
		ktap_print_msg "$1: expected '$2', got '$3'"
		ktap_test_fail "$1"
	fi
}

T=/sys/kernel/tracing

# Trace one suspend/resume cycle: the PM core's phases (our platform code's
# callbacks appear as platform_* phases), device callbacks and I2C traffic.
trace_start() {
	echo 0 > $T/tracing_on
	echo > $T/trace
	echo 4096 > $T/buffer_size_kb
	for e in power/suspend_resume power/device_pm_callback_start \
		 power/device_pm_callback_end i2c/i2c_write i2c/i2c_read \
		 i2c/i2c_reply i2c/i2c_result; do
		echo 1 > $T/events/$e/enable
	done
	echo 1 > $T/tracing_on
}

# trace_count PHASE [FILE]: how often the capture (the live trace, or a
# copy in FILE) enters PHASE
trace_count() { grep -c " $1\[[0-9]*\] begin" "${2:-$T/trace}"; }

# arming_writes PHASE [FILE]: the PMIC's arming writes (to the chip's sleep
# register) inside PHASE in the capture
arming_writes() {
	awk -v p="$1" \
	    -v w="i2c_write: .* a=$(printf '%03x' $PMIC) f=0000 l=2 \\\\[$(printf '%02x' $PMIC_SLEEP_ARM)-" '
	$0 ~ " " p "\\[[0-9]*\\] begin" { in_p = 1 }
	$0 ~ " " p "\\[[0-9]*\\] end" { in_p = 0 }
	in_p && $0 ~ w { n++ }
	END { print n + 0 }' "${2:-$T/trace}"
}

# trace_links: the board's device links as the oracle reads them, "#
# devlink: SUPPLIER CONSUMER". A link is named "BUS:SUPPLIER--BUS:CONSUMER"
# (device_link_add()), so the names come without readlink: a fork costs the
# emulator about 7 ms of host CPU, and four per link were a second per
# capture. (A supplier whose name held "--" would be cut there: none on this
# board.)
trace_links() {
	for l in /sys/class/devlink/*; do
		[ -e "$l/supplier" ] || continue
		# A sync-state-only link orders no PM callback (fw_devlink's
		# in a dependency cycle, as the A10's display pipeline has):
		# left out, as sleeptrace record leaves it out
		read -r _s < "$l/sync_state_only" && [ "$_s" = 1 ] && continue
		l=${l##*/} sup=${l%%--*} con=${l#*--}
		echo "# devlink: ${sup#*:} ${con#*:}"
	done
}

# trace_domain: whether the board has the PM domain the PMIC powers, as
# the oracle reads it, "# vexpress-pm domain: NAME" or "none": from the
# DT (the node there and not disabled), not from genpd, so that a domain
# whose driver never bound, or that lost its members, is still stated,
# and the oracle's domain rules break on it rather than skip
trace_domain() {
	_d=none
	if [ -d "/proc/device-tree/$PD" ]; then
		_d=$PD
		[ ! -f "/proc/device-tree/$PD/status" ] ||
			case $(tr -d '\0' < "/proc/device-tree/$PD/status") in
			okay | ok) ;;
			*) _d=none ;;
			esac
	fi
	echo "# vexpress-pm domain: $_d"
}

# Print the capture (the live trace, or a copy saved in FILE) for the host
# (scripts/jobs/main-job.sh, the runner's oracle), with the board's PMIC,
# PM domain (trace_domain) and device links so the oracle can check
# supplier/consumer order and the domain's switching, and the two header lines
# pm-graph's sleepgraph needs to draw a timeline from it (make timeline):
# its stamp ("# suspend-MMDDYY-HHMMSS HOST MODE KERNEL"; MODE "mem" makes it
# take machine_suspend as the sleep) and its sysinfo. A plan that prints
# several captures names each (TRACE_NAME) and may give the rules the
# oracle must find violated in it (TRACE_EXPECT, as "# trace-check:").
# The events go gzip-compressed and base64-encoded (tests/console-trace.sh
# decodes them): a serial console byte costs the emulator about as much
# as ten thousand guest instructions, and a capture is 0.1-1.3 MB of text
# that compresses ten to fifteen times.
trace_dump() {
	echo 0 > $T/tracing_on
	echo "vexpress-pm: trace begin${TRACE_NAME:+ $TRACE_NAME}"
	[ -n "${TRACE_NAME:-}" ] && echo "# trace-check: ${TRACE_EXPECT:-}"
	echo "# suspend-$(date +%m%d%y-%H%M%S) vexpress-pm ${TRACE_MODE:-mem} $(uname -r)"
	echo "# sysinfo | man:ARM | plat:QEMU $MACHINE | cpu:$CPU | os:Linux $(uname -r) | numcpu:$(grep -c ^processor /proc/cpuinfo) | memsz:$(sed -n 's/MemTotal: *\([0-9]*\).*/\1/p' /proc/meminfo)"
	echo "# vexpress-pm pmic: $PMIC"
	trace_domain
	trace_links
	echo "vexpress-pm: trace data gzip base64"
	grep -v '^#' "${1:-$T/trace}" | gzip | base64
	echo "vexpress-pm: trace end"
}

# wakeup_count_handshake: what a suspend daemon does before writing
# /sys/power/state (ChromeOS's powerd; Documentation/ABI/testing/
# sysfs-power): read wakeup_count (it waits while a wakeup event is being
# handled) and write it back. The write fails if an event arrived since the
# read (then read again), and once it succeeds any later event aborts the
# suspend with EBUSY. Without it, an RTC alarm that fires during suspend
# entry, before the IRQs are suspended, is handled as any interrupt and
# lost: the board then sleeps with nothing left to wake it. The tests' one
# wake source is that alarm, so an alarm gone by the time the count is read
# fails the handshake too (status 2); 1 after ten failed write-backs.
wakeup_count_handshake() {
	local try count alarm
	for try in 1 2 3 4 5 6 7 8 9 10; do
		read -r count < /sys/power/wakeup_count || continue
		read -r alarm < /sys/class/rtc/rtc0/wakealarm
		[ -n "$alarm" ] || return 2
		echo "$count" 2>/dev/null > /sys/power/wakeup_count && return 0
	done
	return 1
}

# suspend_cycle STATE [PM_TEST]: one cycle woken by the PL031 alarm, entered
# with the wakeup_count handshake; prints nothing, returns the status of the
# write to /sys/power/state (1 if the handshake never succeeded).
suspend_cycle() {
	echo "${2:-none}" > /sys/power/pm_test
	echo 0 > /sys/module/suspend/parameters/pm_test_delay
	echo 0 > /sys/class/rtc/rtc0/wakealarm
	# pm-graph's name for the state (trace_dump): s2idle is "freeze"
	TRACE_MODE=$1
	[ "$1" = mem ] && grep -q '\[s2idle\]' /sys/power/mem_sleep && TRACE_MODE=freeze
	wakeup_events > /tmp/wakeup-events
	read -r cycle_fails < /sys/power/suspend_stats/fail
	# The alarm must not fire before the CPUs are down ("Wakeup pending",
	# EBUSY): the lead is the entry's budget, from this write to the last
	# CPU down. QEMU's PL031 fires whole seconds after the write, here 3
	# to 4 s (the second may turn between the kernel's read of the time
	# and its write of the match register). Under -icount the entry takes
	# tens of ms of virtual time; in real time (smp: 2) well under the
	# lead, but a loaded host stalls QEMU for seconds (docs/reliability.md,
	# "Suspend entry in real time"). An entry stalled past the lead
	# aborts, correctly, on this alarm: alarm_overran tells that case from
	# any other.
	# The arming's time in the trace, if one runs (abort_cause)
	echo arm 2>/dev/null > $T/trace_marker
	echo +4 > /sys/class/rtc/rtc0/wakealarm
	read -r cycle_alarm < /sys/class/rtc/rtc0/wakealarm
	read -r cycle_start _ < /proc/uptime
	rc=1
	wakeup_count_handshake && { echo "$1" > /sys/power/state; rc=$?; }
	read -r cycle_end _ < /proc/uptime
	read -r cycle_rtc < /sys/class/rtc/rtc0/since_epoch
	echo 0 > /sys/class/rtc/rtc0/wakealarm
	echo none > /sys/power/pm_test
	return $rc
}

# s2idle_platform_cycle: one traced suspend-to-idle that the PM core ends
# at pm_test=platform, right after the platform's prepare_late (on the
# Cubieboard no wake source completes an idle in QEMU: docs/cubieboard.md);
# its status in rc, the suspend_stats success count before it in
# cycle_before; tracing stopped after it.
s2idle_platform_cycle() {
	# (pm-graph's name for the state, trace_dump's stamp)
	TRACE_MODE=freeze
	echo 0 > /sys/module/suspend/parameters/pm_test_delay
	echo platform > /sys/power/pm_test
	trace_start
	read -r cycle_before < /sys/power/suspend_stats/success
	echo freeze > /sys/power/state
	rc=$?
	echo 0 > $T/tracing_on
	echo none > /sys/power/pm_test
}

# cycle_took: seconds from the last suspend_cycle's write to its return
# (/proc/uptime's 10 ms), as "%.2f"
cycle_took() { awk -v a="$cycle_start" -v b="$cycle_end" 'BEGIN { printf "%.2f", b - a }'; }

# wakeup_events: every wakeup source's event count, "NAME COUNT" a line
# (builtins only: suspend_cycle takes it on the real-time path)
wakeup_events() {
	for w in /sys/class/wakeup/wakeup*; do
		read -r name < "$w/name" && read -r count < "$w/event_count" &&
			echo "$name $count"
	done
}

# wakeup_irq: the armed wakeup interrupt that aborted the last suspend,
# as "NUMBER NAME" (/sys/power/pm_wakeup_irq, /proc/interrupts), or none
wakeup_irq() {
	local irq
	read -r irq 2>/dev/null < /sys/power/pm_wakeup_irq || { echo none; return; }
	awk -v irq="$irq:" '$1 == irq { print irq, $NF; f = 1 } END { if (!f) print irq }' /proc/interrupts
}

# changed_sources: the wakeup sources whose event count moved since the
# last suspend_cycle began
changed_sources() {
	wakeup_events | awk 'NR == FNR { n[$1] = $2; next }
		$2 != n[$1] { print $1 }' /tmp/wakeup-events -
}

# alarm_overran: whether the last suspend_cycle failed only because its
# own alarm fired before the CPUs were down (an overrun of the lead):
# the write failed with EBUSY, the alarm's second had come when it
# returned, and the RTC is the one wakeup source that counted events
# meanwhile. Any other wakeup source, error or timing is no overrun.
alarm_overran() {
	local fails errno rtc
	read -r fails < /sys/power/suspend_stats/fail
	read -r errno < /sys/power/suspend_stats/last_failed_errno
	[ "$fails" = $((cycle_fails + 1)) ] && [ "$errno" = -16 ] && [ -n "$cycle_alarm" ] && [ "$cycle_rtc" -ge "$cycle_alarm" ] ||
		return 1
	rtc=$(basename "$(readlink /sys/class/rtc/rtc0/device)")
	[ "$(changed_sources)" = "$rtc" ]
}

# abort_trace_on: trace what names the cause of an aborted suspend, beside
# what the plan traces already: every wakeup source's activation, and the
# kernel's messages about wakeups and aborts as printk:console events
# ("Freezing ... aborted", "Wakeup pending. Abort CPU freeze", and with
# pm_debug_messages, once the target state is set, after the freezer:
# "Wakeup pending, aborting suspend" and the active wakeup sources;
# those are KERN_DEBUG, so not on the console). All are timed by the
# trace clock, as the marker a cycle writes when it arms its alarm
# (abort_cause).
abort_trace_on() {
	echo 1 > /sys/power/pm_debug_messages
	echo 1 > $T/events/power/wakeup_source_activate/enable
	echo 'msg ~ "*ake*" || msg ~ "*bort*"' > $T/events/printk/console/filter
	echo 1 > $T/events/printk/console/enable
}

# abort_cause MARK [FILE]: why the suspend after the trace marker MARK
# failed, from the capture (abort_trace_on), times in seconds after the
# marker: "source NAME +S s in PHASE[, NAME +S s in PHASE...], abort +A s
# (MESSAGE), named: NAMES". NAME is a wakeup source that was activated,
# or irq:N for an armed wakeup interrupt that came after the device IRQs
# were suspended (it counts no event: pm_system_irq_wakeup); PHASE the PM
# core's innermost phase begun and not ended (syscore_suspend traces no
# end when it aborts); NAMES the sources that
# pm_print_active_wakeup_sources printed, or none (it prints only for a
# counted event, not for an armed IRQ).
abort_cause() {
	awk -v mark="$1" '
	function ts(ev,  t, f, n) {
		t = $0; sub(" " ev ": .*", "", t); n = split(t, f, " ")
		sub(/:$/, "", f[n]); return f[n]
	}
	function where() {
		return depth ? stack[depth] : began ? "no phase" : "before suspend_enter"
	}
	# From the last marker MARK to the next other marker
	/ tracing_mark_write: / {
		on = ($0 ~ "tracing_mark_write: " mark "$")
		if (on) {
			t0 = ts("tracing_mark_write"); found = 1; src = ""
			depth = 0; began = 0; abort = ""; named = ""
		}
		next
	}
	!on { next }
	/ suspend_resume: / {
		split($0, a, "suspend_resume: "); split(a[2], w, " ")
		if (w[2] == "begin") { stack[++depth] = w[1]; began = 1 }
		else while (depth > 0 && stack[depth--] != w[1]) ;
	}
	/ wakeup_source_activate: / {
		split($0, a, "wakeup_source_activate: "); split(a[2], w, " ")
		src = src (src ? ", " : "") sprintf("%s +%.3f s in %s", w[1],
			ts("wakeup_source_activate") - t0, where())
	}
	/ console: / {
		m = $0; sub(/.* console: /, "", m)
		if (m ~ /Triggering wakeup from IRQ /) {
			n = m; sub(/.*IRQ /, "", n)
			src = src (src ? ", " : "") sprintf("irq:%s +%.3f s in %s", n,
				ts("console") - t0, where())
		}
		if (m ~ /active wakeup source: /) { sub(/.*source: /, "", m); named = named (named ? " " : "") m }
		else if (m ~ /Wakeup pending|abort|Abort|early wake/ && abort == "")
			abort = sprintf("+%.3f s (%s)", ts("console") - t0, m)
	}
	END {
		if (!found) { print "no marker " mark " in the trace"; exit }
		printf "source %s, abort %s, named: %s\n", src ? src : "none",
			abort ? abort : "none", named ? named : "none"
	}' "${2:-$T/trace}"
}

# suspend_cycle_rt STATE [PM_TEST]: suspend_cycle for the real-time plans,
# run again (with a fresh trace if one is on) after an overrun
# (alarm_overran), at most twice; OVERRUNS counts them, and each one is
# logged with the time the entry took. Returns the last cycle's status.
OVERRUNS=0
suspend_cycle_rt() {
	local try
	abort_trace_on
	for try in 1 2 3; do
		suspend_cycle "$@" && return 0
		ktap_print_msg "cycle failed (status $rc) after $(cycle_took) s, alarm $cycle_alarm, RTC $cycle_rtc, wakeup IRQ $(wakeup_irq), sources with events: $(changed_sources | tr '\n' ' ')"
		# The alarm's second began 3 to 4 s after the marker
		ktap_print_msg "after arming: $(abort_cause arm)"
		[ $try != 3 ] && alarm_overran || return $rc
		OVERRUNS=$((OVERRUNS + 1))
		ktap_print_msg "overrun: the alarm ($cycle_alarm) fired before the CPUs were down, $(cycle_took) s after it was set; again"
		[ "$(cat $T/tracing_on)" = 1 ] && trace_start
	done
}

# await MS EXPECTED CMD [ARGS...]: run CMD every 10 ms until it prints
# EXPECTED or MS milliseconds pass; prints the last output (for check).
await() {
	ms=$1 want=$2
	shift 2
	while :; do
		got=$("$@")
		[ "$got" = "$want" ] || [ "$ms" -le 0 ] && break
		usleep 10000
		ms=$((ms - 10))
	done
	echo "$got"
}

# pmic_dump: the chip library's dump range (PMIC_DUMP_FIRST,
# PMIC_DUMP_COUNT) in one transfer (the models auto-increment), one
# "0xRR=0xVV" a line
pmic_dump() {
	i2ctransfer -f -y "$BUS" w1@$PMIC $PMIC_DUMP_FIRST r$PMIC_DUMP_COUNT |
		tr ' ' '\n' |
		awk -v first=$((PMIC_DUMP_FIRST)) 'NF { printf "0x%02x=%s\n", first + NR - 1, $1 }'
}

# pmic_dumps_whole NAME BEFORE AFTER: result NAME, both dumps hold every
# register the chip library dumps (two empty dumps would compare equal)
pmic_dumps_whole() {
	_n=$((PMIC_DUMP_COUNT))
	check "$1" "$_n $_n" "$(grep -c = "$2") $(grep -c = "$3")"
}

# pmic_changed BEFORE AFTER [all]: the registers that differ between two
# dumps, as "REG=VALUE" after, on one line; without "all", not those that
# count time by themselves (the chip library's PMIC_DUMP_LIVE)
pmic_changed() {
	c=" $(diff "$1" "$2" | grep '^+0x' | cut -c2- | tr '\n' ' ')"
	if [ "${3:-}" != all ]; then
		for r in $PMIC_DUMP_LIVE; do c=$(echo "$c" | sed "s/ $r=[^ ]*//"); done
	fi
	echo "$c" | sed 's/^ *//; s/ *$//'
}

# kmemleak (the debug kernel, make test-debug). kmemleak_check NAME: one
# result, how many suspected leaks the scans list whose allocation
# backtrace passes through this board's drivers (0 expected; their
# reports are printed); a skip on a kernel without kmemleak. kmemleak
# lists only objects older than 5 s, hence the wait before the scan: a
# leak in what the plan just did would not be listed yet (nothing to
# await; under -icount the idle wait costs no host time).
# A skip that says what the machine lacks ("# SKIP needs ..."), as the
# runner asks of every skip under CI=true: kselftest's ktap_test_skip()
# takes no reason.
skip_needs() {	# skip_needs NAME WHAT
	__ktap_test ok "$1" "SKIP needs $2"
	KTAP_CNT_SKIP=$((KTAP_CNT_SKIP + 1))
}

KMEMLEAK=/sys/kernel/debug/kmemleak
OUR_CODE='sbcon_|twl92230|vexpress_pmic|vexpress_sleep|axp20x_sleep'
kmemleak_check() {
	if [ ! -w $KMEMLEAK ]; then
		skip_needs "$1" "a kernel with kmemleak (make test-debug builds one)"
		return
	fi
	sleep 6
	# A scan lists an object only if its contents did not change since the
	# scan before: the first scan to see an object only records its checksum
	# (mm/kmemleak.c), so one scan alone lists nothing allocated after the
	# last one, the leaks of this plan included. Two, then.
	# A kmemleak that switched itself off refuses the scan (EPERM): no
	# scan, no result.
	if ! { echo scan > $KMEMLEAK && echo scan > $KMEMLEAK; } 2> /dev/null; then
		check "$1" "two scans" "scan refused: $(head -n 1 $KMEMLEAK 2> /dev/null)"
		return
	fi
	n=$(awk -v ours="$OUR_CODE" '
		/^unreferenced object/ { n += hit; hit = 0 }
		$0 ~ ours { hit = 1 }
		END { print n + hit }' $KMEMLEAK)
	[ "$n" = 0 ] || sed 's/^/# /' $KMEMLEAK
	check "$1" 0 "$n"
}
