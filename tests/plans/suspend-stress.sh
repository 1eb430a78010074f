#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Deep suspend/resume cycles in a row, each judged as ChromeOS's
# suspend_stress_test judges one: suspend_stats counts it a success, the
# board wakes at the second the RTC alarm was set for (not before, and by
# the PL031's interrupt, else a premature wake; not more than a second
# later, else a late one), the alarm is no longer set, and no kernel
# report appears (the runner judges the console); an aborted cycle is named by
# its cause (abort_class). At the end the PMIC's registers read as before
# (but those the chip library says count time) and a summary line gives
# the counts, the slowest phase and the longest entry seen.
# STRESS_CYCLES on the kernel command line (make stress CYCLES=N) sets the
# count, STRESS_LEAD the alarm's lead in seconds (2; scripts/jobs/stress.sh gives
# real time more); the suite runs the short form (cycles, below): under
# -icount the guest's timing does not depend on the host's load, so more
# repeats of the same cycle add little in a suite where each costs about
# 0.2 s of host CPU; make stress runs 10000.
# timeout: 150
# pmic: twl92230 axp209
# kernels: all
. ./lib/board.sh

cycles=${STRESS_CYCLES:-100}
lead=${STRESS_LEAD:-2}
RTC=/sys/class/rtc/rtc0
STATS=/sys/power/suspend_stats

# slowest FIRST: the slowest phase in the trace of the cycles since cycle
# FIRST (power:suspend_resume; suspend_enter is the sync and the freeze),
# as "NAME MICROSECONDS CYCLE ROUNDS STRAYS ENTRY ENTRY_CYCLE", but for
# machine_suspend: the trace clock stops in the sleep. ROUNDS counts
# machine_suspend (one a cycle: enter clears a stray interrupt itself),
# STRAYS the stray wakes it cleared (platform_stray_wake). ENTRY is the
# longest time from a cycle's marker (the alarm's arming) to its
# machine_suspend, in microseconds: what the alarm's lead must cover.
# One awk for many cycles: a fork per cycle would cost more guest time
# than the kernel's whole suspend and resume.
slowest() {
	awk -v first="$1" '/ tracing_mark_write: cycle / {
		t = $0; sub(/: tracing_mark_write: .*/, "", t); n = split(t, f, " ")
		mark = f[n]; marked = $NF
	}
	/suspend_resume: / {
		split($0, a, "suspend_resume: "); split(a[2], w, " ")
		name = w[1]; sub(/\[[0-9]+\]$/, "", name)
		t = $0; sub(/: suspend_resume: .*/, "", t); n = split(t, f, " "); t = f[n]
		if (name == "suspend_enter" && w[2] == "begin") c++
		if (name == "machine_suspend" && w[2] == "begin") {
			r++
			us = int((t - mark) * 1000000 + 0.5)
			if (mark != "" && us > entry) { entry = us; entry_at = marked }
		}
		if (name == "platform_stray_wake" && w[2] == "begin") s++
		if (w[2] == "begin") start[name] = t
		else if (name in start && name != "machine_suspend") {
			us = int((t - start[name]) * 1000000 + 0.5)
			if (us > max) { max = us; slow = name; at = first + c - 1 }
		}
	}
	END {
		print slow ? slow : "none", max + 0, at + 0, r + 0, s + 0,
			entry + 0, entry_at + 0
	}' $T/trace
}

# abort_class: name the cause of cycle $i's failed suspend, from the
# trace (lib/board.sh abort_cause) and suspend_stats. QEMU's PL031 fires
# the match register's whole seconds after the register's write (hw/rtc/
# pl031.c pl031_set_alarm), so this cycle's alarm fires $lead s after its
# marker, a second less if the second turned between the read and the
# write.
# "overrun": the write failed with EBUSY, every wakeup source that fired
# is the PL031 (its armed IRQ once the device IRQs are suspended, its
# device's wakeup source when its handler runs: one alarm may show as
# both, the IRQ in the entry and the handler in the unwind), the PM core
# named no other, and the first fired $lead - 1 s or more after the
# marker: the entry outlasted the alarm's lead. "early-alarm": the same
# but sooner. "no-handshake": the cycle wrote no state (the alarm had
# fired, or events kept coming, before the wakeup_count handshake took).
# Anything else is "other". Each goes to $aborts as "CYCLE:CLASS" for
# the result line, the cause to the log.
abort_class() {
	local errno cause src t class=other
	read -r errno < $STATS/last_failed_errno
	cause=$(abort_cause "cycle $i")
	src=${cause%%, abort *}
	src=${src#source }
	case $rc:$errno:${cause##*, named: }:$src in
	nohandshake:*) class=no-handshake ;;
	*:-16:"$rtc_dev":none | *:-16:none:none) ;;
	*:-16:"$rtc_dev":* | *:-16:none:*)
		if [ -z "$(echo "$src" | tr , '\n' |
			grep -v -e "^ *$rtc_dev +" -e "^ *irq:$rtc_irq +")" ]; then
			t=${src%%,*} t=${t#* +} t=${t%%.*}
			if [ "$t" -lt $((lead - 1)) ]; then
				class=early-alarm
			else
				class=overrun overruns=$((overruns + 1))
			fi
		fi ;;
	esac
	aborts="$aborts$i:$class "
	[ $shown -lt 20 ] && ktap_print_msg "cycle $i: $class (errno $errno, alarm $alarm, RTC at return $woke): $cause"
}
rtc_dev=$(basename "$(readlink $RTC/device)")
rtc_irq=$(awk '$NF == "rtc-pl031" { sub(/:/, "", $1); print $1 }' /proc/interrupts)

# Guest CPU time so far (all but idle), in USER_HZ (100) ticks
busy() { awk '/^cpu / { print $2 + $3 + $4 + $7 + $8 }' /proc/stat; }

ktap_print_header
ktap_set_plan 10
# The interrupts by number, for the sleep controller's stray wake lines
sed 's/^/# /' /proc/interrupts
echo deep > /sys/power/mem_sleep
echo 0 > $T/tracing_on
echo > $T/trace
echo 1024 > $T/buffer_size_kb
echo 1 > $T/events/power/suspend_resume/enable
echo 1 > $T/tracing_on

check "stress.domain-idle-before" off "$(await 5000 off pd_status)"
pmic_dump > /tmp/pmic-before
read -r ok0 < $STATS/success
read -r fail0 < $STATS/fail
# Console at warnings and worse during the loop: every cycle's PM info
# lines would be some 20 per cycle, and the runner's patterns (WARNING,
# BUG, Oops, lockdep, KASAN) are all at KERN_WARNING or above.
read -r printk < /proc/sys/kernel/printk
echo 5 > /proc/sys/kernel/printk
abort_trace_on
ktap_print_msg "$cycles cycles, the alarm $lead s ahead"
start=$(date +%s)

i=0 succeeded=0 failed=0 premature=0 late=0 armed=0 noshake=0 shown=0
slow_us=0 slow_name=none slow_at=0 chunk=1 rounds=0 strays=0 busy0=$(busy)
overruns=0 aborts= entry_us=0 entry_at=0
while [ $i -lt "$cycles" ]; do
	i=$((i + 1))
	read -r before < $STATS/success
	# The marker before the read: the alarm fires $lead s after it, or a
	# second less (abort_class)
	echo "cycle $i" > $T/trace_marker
	read -r now < $RTC/since_epoch
	alarm=$((now + lead))
	echo "$alarm" > $RTC/wakealarm
	rc=nohandshake
	wakeup_count_handshake && { echo mem > /sys/power/state; rc=$?; }
	read -r woke < $RTC/since_epoch
	read -r left < $RTC/wakealarm
	# The armed interrupt that ended the sleep (none: ENODATA)
	wirq=
	read -r wirq 2>/dev/null < /sys/power/pm_wakeup_irq
	read -r after < $STATS/success
	why=
	if [ "$rc" = 0 ] && [ "$after" = $((before + 1)) ]; then
		succeeded=$((succeeded + 1))
		# Woken by anything but the alarm: before its second, or by
		# no armed interrupt or another one than the PL031's
		[ "$woke" -lt "$alarm" ] || [ "$wirq" != "$rtc_irq" ] &&
			premature=$((premature + 1)) why=" premature (wakeup IRQ ${wirq:-none})"
		[ "$woke" -gt $((alarm + 1)) ] && late=$((late + 1)) why=" late"
	else
		failed=$((failed + 1)) why=" failed (rc $rc)"
		[ "$rc" = nohandshake ] && noshake=$((noshake + 1))
		abort_class
	fi
	[ -n "$left" ] && armed=$((armed + 1)) why="$why alarm-left"
	if [ -n "$why" ]; then
		echo 0 > $RTC/wakealarm
		[ $shown -lt 20 ] && ktap_print_msg "cycle $i:$why (alarm $alarm, woke $woke)"
		shown=$((shown + 1))
	fi
	if [ $((i % 50)) = 0 ] || [ $i = "$cycles" ]; then
		set -- $(slowest $chunk)
		[ "$2" -gt $slow_us ] && slow_name=$1 slow_us=$2 slow_at=$3
		rounds=$((rounds + $4)) strays=$((strays + $5))
		[ "$6" -gt $entry_us ] && entry_us=$6 entry_at=$7
		echo > $T/trace
		chunk=$((i + 1))
	fi
	[ $((i % 500)) = 0 ] && ktap_print_msg "$i cycles, $failed failed"
done
busy1=$(busy)

secs=$(($(date +%s) - start))
echo "$printk" > /proc/sys/kernel/printk
echo 0 > /sys/power/pm_debug_messages
check "stress.cycles-succeeded" "$cycles" "$succeeded"
check "stress.counted-by-suspend_stats" "$((ok0 + cycles)) $fail0" \
	"$(cat $STATS/success) $(cat $STATS/fail)"
check "stress.no-premature-wake" 0 "$premature"
# Every aborted cycle by its cause ("CYCLE:CLASS", abort_class)
check "stress.no-abort" "" "$aborts"
check "stress.no-late-wake" 0 "$late"
# One machine_suspend per counted cycle (failed ones have none)
check "stress.one-round-per-cycle" "$succeeded" "$rounds"
check "stress.alarm-cleared" 0 "$armed"
check "stress.domain-idle-after" off "$(await 5000 off pd_status)"
pmic_dump > /tmp/pmic-after
check "stress.pmic-registers-identical" "" "$(pmic_changed /tmp/pmic-before /tmp/pmic-after)"
ktap_print_msg "stress: cycles=$cycles succeeded=$succeeded failed=$failed premature=$premature late=$late alarm-left=$armed no-handshake=$noshake overruns=$overruns rounds=$rounds stray-wakes=$strays slowest=$slow_name $((slow_us / 1000)).$(printf %03d $((slow_us % 1000))) ms (cycle $slow_at) longest-entry=$((entry_us / 1000)).$(printf %03d $((entry_us % 1000))) ms (cycle $entry_at) guest-busy-ms-per-cycle=$(((busy1 - busy0) * 1000 / 100 / cycles)) guest-seconds=$secs"
ktap_finished
