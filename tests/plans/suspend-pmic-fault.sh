#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Faults injected into the platform's PMIC traffic during system sleep, with
# the SBCon driver's fault_attrs (debugfs i2c/i2c-N/fail_nak, fail_timeout),
# which apply only between the controller's suspend_noirq and resume_noirq:
# an address NAK in prepare_late aborts the suspend with -ENXIO and unwinds
# it; a timeout in wake gives a logged degraded resume that finish repairs;
# a chip left armed by a failed arm is disarmed by wake.
# Each is followed by a clean cycle. Then a standby cycle arms nothing.
# The PMIC's transfers differ by chip (how many arm makes, the registers
# it writes): lib/CHIP.sh gives them. A retried disarm writes again only
# what did not take: one write, on either chip.
# timeout: 300
# pmic: twl92230 axp209
# kernels: all
. ./lib/board.sh
. ./lib/fault.sh

F=/sys/kernel/debug/i2c/i2c-$BUS
S=/sys/power/suspend_stats
ERR=/tmp/suspend.err

# (lib/fault.sh) inject ATTR N [TIMES]: fail the Nth transfer of the next platform window
# (and the TIMES - 1 after it)

# in_phase PHASE PATTERN: trace lines matching PATTERN inside PHASE's
# begin/end events, counted
in_phase() {
	awk -v p=" $1\\\\[[0-9]+\\\\] " -v pat="$2" '
		$0 ~ p "begin" { on = 1 } $0 ~ p "end" { on = 0 }
		on && $0 ~ pat { n++ } END { print n + 0 }' $T/trace
}

# cycle NAME STATE: one traced, RTC-woken cycle; checks it succeeded and
# left what the PMIC's arming writes as it found it
cycle() {
	trace_start
	suspend_cycle "$2"
	rc=$?
	echo 0 > $T/tracing_on
	check "$1.succeeded" 0 "$rc"
	check "$1.pmic-disarmed" "$regs" "$(pmic_sleep_regs)"
}

ktap_print_header
ktap_set_plan 34
check "fault.attrs-present" yes "$([ -d $F/fail_nak ] && [ -d $F/fail_timeout ] && echo yes)"
echo deep > /sys/power/mem_sleep
# The domain stays on, so genpd switches it off over I2C in a noirq
# callback: that write must not take the fault meant for prepare_late.
echo on > $MMCI/power/control
regs=$(pmic_sleep_regs)

# An address NAK on the first transfer of prepare_late (a read of the
# sleep register).
fail=$(cat $S/fail)
dmesg -c > /dev/null
inject fail_nak 1
trace_start
suspend_cycle mem 2> $ERR
rc=$?
echo 0 > $T/tracing_on
check "nak.write-fails" 1 "$rc"
check "nak.errno-ENXIO" yes "$(grep -q 'No such device or address' $ERR && echo yes)"
check "nak.last-failed-errno" -6 "$(cat $S/last_failed_errno)"
check "nak.failure-counted" $((fail + 1)) "$(cat $S/fail)"
check "nak.error-names-prepare_late" yes "$(dmesg | grep -q 'prepare_late: suspend aborted, cannot arm the PMIC for sleep: -ENXIO' && echo yes)"
check "nak.hit-prepare_late" 1 "$(in_phase platform_prepare_late 'i2c_result: .* ret=-6$')"
check "nak.only-failure" 1 "$(grep -c 'i2c_result: .* ret=-' $T/trace)"
check "nak.domain-off-before-window" yes "$(awk -v members="($MMCI_DEV|$ETH_DEV)" -v sbcon="$SBCON_DEV" '
	$0 ~ "device_pm_callback_start: .*" members ".*noirq power domain \\[suspend\\]" { in_cb = 1 }
	in_cb && /i2c_result: .* ret=1$/ { off = 1 }
	/device_pm_callback_end: / { in_cb = 0 }
	$0 ~ "device_pm_callback_start: .* " sbcon ", .*noirq driver \\[suspend\\]" { print off ? "yes" : "no"; exit }' $T/trace)"
check "nak.no-enter" 0 "$(grep -c 'machine_suspend\[' $T/trace)"
check "nak.devices-resumed" yes "$(grep -q 'dpm_complete\[[0-9]*\] end' $T/trace &&
	[ "$(cat $MMCI/power/runtime_status)" = active ] && echo yes)"
check "nak.pmic-untouched" "$regs" "$(pmic_sleep_regs)"
cycle nak.next mem
armed=$(in_phase platform_prepare_late 'i2c_result: ')

# A timeout on the first transfer of wake: the one after prepare_late's.
success=$(cat $S/success)
dmesg -c > /dev/null
inject fail_timeout $((armed + 1))
cycle wake mem
check "wake.counted-as-success" $((success + 1)) "$(cat $S/success)"
check "wake.hit-wake" 1 "$(in_phase platform_wake 'i2c_result: .* ret=-110$')"
check "wake.degraded-logged" yes "$(dmesg | grep -q 'wake: PMIC still armed, resuming degraded, retry in finish: -ETIMEDOUT' && echo yes)"
check "wake.finish-disarmed" yes "$(dmesg | grep -q 'finish: PMIC disarmed on retry' &&
	[ "$(in_phase platform_finish 'i2c_result: .* ret=1$')" = 1 ] && echo yes)"
cycle wake.next mem

# A NAK on the arm's first read-back and on the restoring write after it:
# the chip was armed by the writes before and stays armed, so the PMIC
# driver must still count it armed, and wake (which runs after a failed
# prepare_late) must write it back.
dmesg -c > /dev/null
inject fail_nak $PMIC_ARM_READBACK 2
trace_start
suspend_cycle mem 2> $ERR
rc=$?
echo 0 > $T/tracing_on
check "arm-readback.write-fails" 1 "$rc"
check "arm-readback.two-faults" 2 "$(grep -c 'i2c_result: .* ret=-6$' $T/trace)"
check "arm-readback.wake-disarms" 1 "$(in_phase platform_wake 'i2c_result: .* ret=1$')"
check "arm-readback.pmic-disarmed" "$regs" "$(pmic_sleep_regs)"
echo auto > $MMCI/power/control

# standby: the platform callbacks run, but no PMIC transfer between them
check "standby.offered" yes "$(grep -qw standby /sys/power/state && echo yes)"
cycle standby standby
# (the trace's state numbers: standby is 2, mem 3). One round: a stray
# interrupt is cleared inside enter (suspend-stray-wake), never a second
# round.
check "standby.entered" 1 "$(grep -c 'machine_suspend\[2\] begin' $T/trace)"
check "standby.no-pmic-traffic" 0 "$(awk -v pmic="a=$(printf '%03x' $PMIC) " '
	/platform_prepare_late\[[0-9]+\] begin/ { on = seen = 1 }
	/platform_wake\[[0-9]+\] end/ { on = 0 }
	on && /i2c_(write|read): / && index($0, pmic) { n++ }
	END { print seen ? n + 0 : "no prepare_late" }' $T/trace)"
check "standby.callbacks-ran" 2 "$(grep -cE 'platform_(prepare_late|wake)\[2\] end' $T/trace)"
cycle standby.next mem
ktap_finished
