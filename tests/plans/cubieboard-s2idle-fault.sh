#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Faults on the Cubieboard's TWI0 during suspend-to-idle, injected with
# i2c-mv64xxx's fault_attrs (series patch 0035, debugfs i2c/i2c-N/fail_nak
# and fail_timeout, which act only while a suspend is in progress): a NAK
# (-ENXIO) and a timeout (-ETIMEDOUT) in the A10 sleep code's arm
# (prepare_late), on its first read and on its first read-back after the
# sleep write took; a NAK on that read-back and on the unwind's write
# back, which leaves the chip armed for restore_early to disarm; a NAK and
# a timeout on the disarm (restore_early), which restore retries; and a
# NAK and a timeout on a disarm that fails in both, which leaves the chip
# armed, logged, until the next cycle's arm. A clean cycle shows first that no device and no
# other phase talks to the PMIC. For each: what the write to
# /sys/power/state returns (and suspend_stats' errno), the log line that
# names the failure, DCDC2's voltage register read back from the chip
# afterwards (the running value, or the sleep value where the disarm
# failed for good), and a clean cycle after it that arms and disarms.
# Then the PMIC unbound (axp20x-i2c): a cycle works without arming, and
# after the bind arming works again. Each cycle is one s2idle stopped by
# pm_test=platform, as in cubieboard-s2idle-arm (no wake source on QEMU's
# A10); the oracle judges the clean cycle, the disarm cases' cycles, and
# those of the failed arms, where it must name the failed arming transfer
# (arming-in-prepare-late).
# pmic: axp209
# board: cubieboard
# kernels: all
# timeout: 300
# oracle-skip: prepare-after-suspend s2idle-prepare-after-suspend-late
# oracle-skip: s2idle-prepare-before-noirq pmic-quiet-cpus-off
. ./lib/board.sh
. ./lib/fault.sh
. ./lib/axp209.sh
. ./lib/oracle.sh
. ./lib/a10-sleep.sh

F=/sys/kernel/debug/i2c/i2c-$BUS
S=/sys/power/suspend_stats
ERR=/tmp/suspend.err
P=cubieboard.twi-fault

# (lib/fault.sh) inject ATTR N [TIMES]: fail the Nth transfer on the PMIC's bus from the
# next suspend's begin on (and the TIMES - 1 after it)

# disarm_faults: no attribute fails anything any more
disarm_faults() {
	for a in fail_nak fail_timeout; do
		echo 0 > $F/$a/probability
		echo 0 > $F/$a/times
	done
}

# cycle: one traced s2idle cycle stopped by pm_test=platform
# (s2idle_platform_cycle); the write's status in rc, its error message in
# $ERR, the success count before it in before, the kernel's log of it in
# /tmp/dmesg, the capture in /tmp/cycle.trace
cycle() {
	dmesg -c > /dev/null
	s2idle_platform_cycle 2> $ERR
	before=$cycle_before
	disarm_faults
	dmesg > /tmp/dmesg
	cp $T/trace /tmp/cycle.trace
}

# xfers [PATTERN]: the PMIC bus's transfers in the capture, as "PHASE:RET"
# (PHASE the PM core's innermost phase, RET the transfer's result), one
# word each; with PATTERN only the transfers that wrote it ("23-0c")
xfers() {
	awk -v bus="i2c-$BUS" -v pat="${1:-}" '
	/ suspend_resume: / {
		split($0, a, "suspend_resume: "); split(a[2], w, " ")
		if (w[2] == "begin") stack[++depth] = w[1]
		else while (depth > 0 && stack[depth--] != w[1]) ;
	}
	$0 ~ "i2c_write: " bus " " { wrote = wrote " " $0 }
	$0 ~ "i2c_result: " bus " " {
		r = $0; sub(/.*ret=/, "", r); ph = stack[depth]; sub(/\[[0-9]*\]$/, "", ph)
		if (pat == "" || index(wrote, "[" pat "]")) printf "%s:%s ", ph, r
		wrote = ""
	}' /tmp/cycle.trace
}

# logged PATTERN: the kernel's log of the last cycle has PATTERN
logged() { grep -qF "$1" /tmp/dmesg && echo yes || echo "no '$1'"; }

# errno_of: the last failed suspend's errno and the write's message
errno_of() { echo "$(cat $S/last_failed_errno) $(sed 's/.*: //' $ERR)"; }

# clean NAME [BACK]: a clean cycle after a case: it succeeds, arms
# (DCDC2's sleep write in prepare_late) and disarms (its running value
# written back where BACK says, by default once in restore_early), and the
# chip runs at its running value
clean() {
	cycle
	check "$1.next-cycle" "0 $((before + 1)) platform_prepare_late:1 ${2:-platform_restore_early:1} $run" \
		"$rc $(cat $S/success) $(xfers "23-$SLEEPV")$(xfers "23-${run#0x}")$(axp_get $AXP_DCDC2_V_OUT)"
}

ktap_print_header
ktap_set_plan $((43 + 5 * $(oracle_planned)))

check "$P.attrs-present" "yes yes" "$([ -d $F/fail_nak ] && echo yes) $([ -d $F/fail_timeout ] && echo yes)"
check "$P.sleep-code-bound" sun4i-a10-sleep "$(await 5000 sun4i-a10-sleep sleep_driver)"
# DCDC2 (vdd-cpu) runs at 0x16, 1.25 V; the board's DT sleeps it at
# 1.0 V, 0x0c
run=$(axp_get $AXP_DCDC2_V_OUT) SLEEPV=0c
ktap_print_msg "DCDC2_V_OUT $run, PWR_OUT_CTRL $(axp_get $AXP_PWR_OUT_CTRL)"

# A clean cycle: the PMIC's transfers, where they are, and which of
# them the faults below aim at (counted from the suspend's begin, as the
# attributes count them)
cycle
all=$(xfers)
ktap_print_msg "clean cycle's PMIC transfers: $all"
check "$P.clean.cycle" "0 $((before + 1)) $run" "$rc $(cat $S/success) $(axp_get $AXP_DCDC2_V_OUT)"
# No device callback and no other phase talks to the PMIC: only the arm
# and the disarm
check "$P.clean.only-platform-transfers" "platform_prepare_late platform_restore_early" \
	"$(echo $all | tr ' ' '\n' | sed 's/:.*//' | uniq | tr '\n' ' ' | sed 's/ $//')"
arm=$(echo $all | tr ' ' '\n' | grep -c '^platform_prepare_late:')
# The sleep write's number, from the transfers up to it
sleep_write=$(awk -v bus="i2c-$BUS" -v w="[23-$SLEEPV]" '
	$0 ~ "i2c_write: " bus " " && index($0, w) { hit = 1 }
	$0 ~ "i2c_result: " bus " " { n++; if (hit) { print n; exit } }' /tmp/cycle.trace)
ktap_print_msg "the arm makes $arm transfers, its sleep write is number $sleep_write"
oracle_judge oracle.clean /tmp/cycle.trace

# A NAK on the arm's first transfer (a read): nothing written, the
# suspend aborts with ENXIO
inject fail_nak 1
cycle
check "$P.arm-nak.returns" "1 -6 No such device or address" "$rc $(errno_of)"
check "$P.arm-nak.logged" yes "$(logged 'sun4i-a10-sleep sun4i-a10-sleep: suspend aborted, cannot arm the PMIC for sleep: -ENXIO')"
check "$P.arm-nak.transfers" "platform_prepare_late:-6" "$(xfers | sed 's/ $//')"
check "$P.arm-nak.dcdc2" "$run" "$(axp_get $AXP_DCDC2_V_OUT)"
# The oracle names the failed arming, and finds the rest of the abort in
# order
oracle_judge oracle.arm-nak /tmp/cycle.trace -x arming-in-prepare-late
clean "$P.arm-nak"

# A timeout on the arm's first read-back, after the sleep write took: the
# arm writes the running value back (its unwind) and the suspend aborts
# with ETIMEDOUT
inject fail_timeout $((sleep_write + 1))
cycle
check "$P.arm-timeout.returns" "1 -110 Connection timed out" "$rc $(errno_of)"
check "$P.arm-timeout.logged" yes "$(logged 'sun4i-a10-sleep sun4i-a10-sleep: suspend aborted, cannot arm the PMIC for sleep: -ETIMEDOUT')"
check "$P.arm-timeout.unwound-in-prepare_late" "platform_prepare_late:-110 platform_prepare_late:1" \
	"$(xfers | sed 's/.*\(platform_prepare_late:-110\)/\1/; s/ $//')"
check "$P.arm-timeout.dcdc2" "$run" "$(axp_get $AXP_DCDC2_V_OUT)"
oracle_judge oracle.arm-timeout /tmp/cycle.trace -x arming-in-prepare-late
clean "$P.arm-timeout"

# A NAK on that read-back and on the unwind's write back: the chip is left
# at its sleep voltage by prepare_late, and restore_early, which the PM
# core runs after a failed prepare_late, disarms it
inject fail_nak $((sleep_write + 1)) 2
cycle
check "$P.arm-unwind-nak.returns" "1 -6 No such device or address" "$rc $(errno_of)"
check "$P.arm-unwind-nak.logged" yes "$(logged 'suspend aborted, cannot arm the PMIC for sleep: -ENXIO')"
check "$P.arm-unwind-nak.restore_early-disarms" "platform_prepare_late:-6 platform_restore_early:1" "$(xfers "23-${run#0x}" | sed 's/ $//')"
check "$P.arm-unwind-nak.dcdc2" "$run" "$(axp_get $AXP_DCDC2_V_OUT)"
clean "$P.arm-unwind-nak"

# A NAK and a timeout on the disarm's write (the first transfer after the
# arm's): the resume goes on, logged, and restore disarms on its retry
for f in nak:fail_nak:-6:-ENXIO timeout:fail_timeout:-110:-ETIMEDOUT; do
	IFS=: read -r c attr ret err <<-EOF
	$f
	EOF
	inject $attr $((arm + 1))
	cycle
	check "$P.disarm-$c.returns" "0 $((before + 1))" "$rc $(cat $S/success)"
	check "$P.disarm-$c.logged" "yes yes" \
		"$(logged "sun4i-a10-sleep sun4i-a10-sleep: restore_early: PMIC still armed: $err") $(logged 'sun4i-a10-sleep sun4i-a10-sleep: restore: PMIC disarmed on retry')"
	check "$P.disarm-$c.restore-retries" "platform_restore_early:$ret platform_restore:1" \
		"$(xfers "23-${run#0x}" | sed 's/ $//')"
	check "$P.disarm-$c.dcdc2" "$run" "$(axp_get $AXP_DCDC2_V_OUT)"
	oracle_judge oracle.disarm-$c /tmp/cycle.trace
	clean "$P.disarm-$c"
done

# The disarm NAKed (timed out) in restore_early and in restore's retry
# (its first transfer, a read of the register the failed write left
# uncached): the board resumes, logged, with the chip still at its sleep
# voltage; the next cycle's arm disarms it first, and that cycle ends at
# the running value
for f in nak:fail_nak:-ENXIO timeout:fail_timeout:-ETIMEDOUT; do
	IFS=: read -r c attr err <<-EOF
	$f
	EOF
	inject $attr $((arm + 1)) 2
	cycle
	check "$P.disarm-dead-$c.returns" "0 $((before + 1))" "$rc $(cat $S/success)"
	check "$P.disarm-dead-$c.logged" yes "$(logged "sun4i-a10-sleep sun4i-a10-sleep: restore: PMIC still armed: $err")"
	check "$P.disarm-dead-$c.still-armed" "0x$SLEEPV" "$(axp_get $AXP_DCDC2_V_OUT)"
	clean "$P.disarm-dead-$c" "platform_prepare_late:1 platform_restore_early:1"
done

# The PMIC unbound: the sleep code goes with it (its device link), a
# cycle works without a transfer to the PMIC; bound again, the code comes
# back and the cycle arms and disarms
DRV=/sys/bus/i2c/drivers/axp20x-i2c
echo "$PMIC_DEV" > $DRV/unbind
check "$P.unbound.sleep-code" "" "$(readlink "$SLEEP_DEV/driver")"
cycle
check "$P.unbound.cycle" "0 $((before + 1)) $run" "$rc $(cat $S/success) $(axp_get $AXP_DCDC2_V_OUT)"
check "$P.unbound.no-pmic-transfers" "" "$(xfers)"
echo "$PMIC_DEV" > $DRV/bind
check "$P.rebound.sleep-code" sun4i-a10-sleep "$(await 10000 sun4i-a10-sleep sleep_driver)"
clean "$P.rebound"
check "$P.no-fault-left" "" "$(dmesg | grep -E 'still armed|failed to (dis)?arm|suspend aborted')"
ktap_finished
