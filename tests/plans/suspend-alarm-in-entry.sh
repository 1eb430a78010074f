#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# An RTC alarm that expires during suspend entry, before the IRQs are
# suspended, is not lost when user space follows the wakeup_count protocol
# (wakeup_count_handshake in lib/board.sh): the suspend aborts with EBUSY,
# or the alarm, expiring later, wakes the board. Without the handshake the
# PM core goes on and the alarm is gone: a real suspend would never wake
# (the hang seen in real time, cycle 92 of 100); shown with pm_test=core,
# which stops just before the sleep. Each case sweeps the moment of the
# write across the alarm's second so that some tries hit the entry.
# timeout: 180
# pmic: twl92230 axp209
# kernels: all
. ./lib/board.sh

RTC=/sys/class/rtc/rtc0
STATS=/sys/power/suspend_stats

# try HANDSHAKE PM_TEST DELAY_MS: arm the alarm for the next second, wait
# DELAY_MS and write mem. QEMU's PL031 fires whole seconds after the write
# of its match register, not at the turn of the second as the real one
# does: this alarm fires 1000 ms after it is set. Prints "WHEN RESULT": WHEN is where the alarm
# fired (rtc_timer_fired in the trace): "before" the write, "in-entry"
# (after the write, before any resume-side phase), "after" (in the sleep or
# later), "never"; RESULT is "ok", "EBUSY"/"E<n>" (suspend_stats'
# last_failed_errno) or "alarm-gone" (the handshake found it fired).
try() {
	echo "$2" > /sys/power/pm_test
	echo 0 > $RTC/wakealarm
	echo > $T/trace
	# (A second that turns between reading it and setting the alarm
	# would make it fire at once: again)
	while :; do
		read -r now < $RTC/since_epoch
		echo $((now + 1)) 2>/dev/null > $RTC/wakealarm || continue
		read -r then < $RTC/since_epoch
		[ "$then" = "$now" ] && break
		echo 0 > $RTC/wakealarm
	done
	usleep $(($3 * 1000))
	res=ok
	if [ "$1" = yes ]; then
		wakeup_count_handshake
		case $? in
		0) ;;
		2) res=alarm-gone ;;
		*) res=no-handshake ;;
		esac
	fi
	if [ $res = ok ] && ! echo mem 2>/dev/null > /sys/power/state; then
		read -r res < $STATS/last_failed_errno
		[ "$res" = -16 ] && res=EBUSY || res=E$res
	fi
	# The alarm fires within a second: have it fired (or cleared) before
	# the next try
	[ -n "$(cat $RTC/wakealarm)" ] && sysfs-wait $RTC/wakealarm "" 2000 > /dev/null
	echo 0 > $RTC/wakealarm
	echo none > /sys/power/pm_test
	# Where the alarm fired, and when against the write (ms, trace clock)
	awk -v res="$res" '
		function ts(l, f, n) { sub(/: [a-z_]+: .*/, "", l); n = split(l, f, " "); return f[n] }
		/suspend_resume: suspend_enter\[[0-9]+\] begin/ { entered = 1; t0 = ts($0) }
		entered && /suspend_resume: (machine_suspend|syscore_resume|dpm_resume_noirq|dpm_resume_early|dpm_resume|dpm_complete|thaw_processes)\[[0-9]+\] begin/ { resumed = 1 }
		/rtc_timer_fired/ {
			when = entered ? (resumed ? "after" : "in-entry") : "before"
			if (entered) when = when sprintf(" %+.1f", (ts($0) - t0) * 1000)
			exit
		}
		END { print (when ? when : "never") " " res }' $T/trace
}

# lead HANDSHAKE: the time (ms) from setting the alarm to the start of the
# suspend entry, from one try that writes at once (pm_test core): its alarm
# fires 1000 ms after it was set, well after that cycle. About 1 ms on the
# normal kernel, tens of ms on a slower one (the debug kernel).
lead() {
	set -- $(try "$1" core 0)
	case "$1 $2" in
	"after +"*) awk -v x="${2#+}" 'BEGIN { printf "%d\n", 1000 - x + 0.5 }' ;;
	*) echo "lead: the alarm fired $*" >&2; return 1 ;;
	esac
}

# sweep HANDSHAKE PM_TEST: one try per delay, the delays placing the alarm
# 13 to 0 ms after the entry's start as lead measures it; prints the tries'
# results
sweep() {
	l=$(lead "$1") || { echo "no lead"; return; }
	ktap_print_msg "handshake $1: $l ms from setting the alarm to suspend entry" >&2
	for k in $AFTER; do
		d=$((1000 - l - k))
		r=$(try "$1" "$2" "$d")
		ktap_print_msg "handshake $1, pm_test $2, write at +$d ms: $r" >&2
		echo "$r"
	done
}

# verdict: from sweep's lines, whether some try had the alarm fire in entry
# and what each of those ended with ("in-entry: RESULT..." sorted, unique)
verdict() {
	awk '$1 == "in-entry" { r[$NF] = 1; n++ }
	     END { if (!n) { print "no try in entry"; exit }
		   s = "in-entry:"; for (k in r) s = s " " k; print s }'
}

ktap_print_header
ktap_set_plan 5
echo deep > /sys/power/mem_sleep
echo 0 > /sys/module/suspend/parameters/pm_test_delay
echo 0 > $T/tracing_on
echo 1 > $T/events/power/suspend_resume/enable
echo 1 > $T/events/rtc/rtc_timer_fired/enable
echo 1 > $T/tracing_on

# The entry, from the write to the noirq phase (where the alarm's IRQ
# becomes a wake-up IRQ that aborts the suspend by itself), takes some
# tens of ms of virtual time: sweep the alarm across its start in steps
# shorter than that (on the normal kernel, writes at +986 to +999 ms;
# earlier on a slower kernel, whose user space takes longer to get there).
AFTER="13 12 11 10 9 8 7 6 5 4 3 2 1 0"

check "entry.no-handshake.alarm-lost" "in-entry: ok" "$(sweep no core | verdict)"
check "entry.handshake.aborts" "in-entry: EBUSY" "$(sweep yes core | verdict)"
# Real cycles: each one aborts or wakes; a lost alarm would hang the plan
real=$(sweep yes none)
check "entry.handshake.real-cycles-abort" "in-entry: EBUSY" "$(echo "$real" | verdict)"
# ... or finds at the handshake that the alarm has fired: no suspend then
check "entry.handshake.real-cycles-end" "" "$(echo "$real" | grep -vE ' (ok|EBUSY|alarm-gone)$')"
ok=$(cat $STATS/success)
suspend_cycle mem
check "entry.next-cycle" $((ok + 1)) "$(cat $STATS/success)"
ktap_finished
