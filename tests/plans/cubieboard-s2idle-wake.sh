#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# A whole suspend-to-idle on the Cubieboard, ended by a key on its
# console. The serial core arms ttyS0's interrupt for wakeup (its
# power/wakeup enabled) through the interrupt controller's wake support
# (series patch 0032), the A10's sleep code (patch 0033) arms the AXP209
# in prepare_late, the CPU idles, and the host types a carriage return
# into the console's second input (tests/host/uart.sh, boot/qemu.sh
# --serial-in) once the console shows the idle's entry ("PM:
# suspend-to-idle", printed after prepare_late with pm_debug_messages and
# no_console_suspend). Checks: the cycle succeeds, counted once; the PM
# core recorded the UART's interrupt as the one that woke it; one round
# of the idle loop; the UART's interrupt handled; DCDC2's sleep write came
# after the devices' noirq suspend and its write back before their noirq
# resume; the chip as before afterwards; the oracle on the capture.
# QEMU's A10 interrupt controller must honour its ENABLE registers, which
# no QEMU release does (docs/cubieboard.md): on one that does not, the
# wake interrupt, disabled by genirq as it wakes the board, is vectored
# again for ever and the board never resumes, so the plan needs QEMU with
# boot/qemu-patches/0001 (scripts/build-qemu-patched.sh) and skips on any
# other. (A break instead of a key wakes the board on either QEMU: the
# console's write of the wakeup message reads the line status, which
# clears the break's interrupt.)
# pmic: axp209
# board: cubieboard
# kernels: all
# host: uart
# qemu-patch: 0001
# qemu-args: --append no_console_suspend --serial-in HOST
# The oracle judges the whole s2idle cycle. The may-skips: the platform's
# prepare (the A10's code has none) and the s2idle prepare rules
# (the capture has no platform prepare to place).
# oracle-skip: prepare-after-suspend s2idle-prepare-after-suspend-late
# oracle-skip: s2idle-prepare-before-noirq
. ./lib/board.sh
. ./lib/axp209.sh
. ./lib/oracle.sh
. ./lib/a10-sleep.sh
ktap_print_header
ktap_set_plan $((11 + $(oracle_planned)))

check "cubieboard.s2idle-wake.bound" sun4i-a10-sleep "$(await 5000 sun4i-a10-sleep sleep_driver)"

TTY=/sys/class/tty/ttyS0
read -r uart_irq < $TTY/irq
echo enabled > $TTY/power/wakeup
check "cubieboard.s2idle-wake.uart-armable" enabled "$(cat $TTY/power/wakeup)"

run=$(axp_get $AXP_DCDC2_V_OUT) out=$(axp_get $AXP_PWR_OUT_CTRL)
ktap_print_msg "before: DCDC2_V_OUT $run, PWR_OUT_CTRL $out, ttyS0 IRQ $uart_irq"

# The idle's entry on the console, for the host
idle_entry_shown
n0=$(irq_count "$uart_irq")
read -r cycle_before < /sys/power/suspend_stats/success
trace_start
echo "vexpress-pm: host: uart key at PM: suspend-to-idle"
echo freeze > /sys/power/state
rc=$?
echo 0 > $T/tracing_on
idle_entry_hidden
cp $T/trace /tmp/cycle.trace
dmesg | grep -E 'sun4i-a10-sleep|axp20x|Triggering wakeup|suspend-to-idle' | sed 's/^/# /'

check "cubieboard.s2idle-wake.cycle" "0 $((cycle_before + 1))" \
	"$rc $(cat /sys/power/suspend_stats/success)"
check "cubieboard.s2idle-wake.woken-by-uart" "$uart_irq" "$(cat /sys/power/pm_wakeup_irq 2>&1)"
# s2idle_enter() traces machine_suspend once a round of the idle loop: one
# round, the UART's wakeup ending it
check "cubieboard.s2idle-wake.one-idle" 1 "$(trace_count machine_suspend /tmp/cycle.trace)"
check "cubieboard.s2idle-wake.uart-irq-handled" yes \
	"$([ "$(irq_count "$uart_irq")" -gt "$n0" ] && echo yes || echo "no: $n0 to $(irq_count "$uart_irq")")"

# writes DCDC2_V_OUT VALUE: where the capture writes VALUE to DCDC2's
# voltage register, as cubieboard-s2idle-arm reads it
writes() {
	awk -v w="i2c_write: .* a=$(printf '%03x' $PMIC) f=0000 l=2 \\\\[$(printf '%02x-%02x' "$1" "$2")" '
	/ dpm_suspend_noirq\[[0-9]*\] end/ { in_w = 1 }
	/ dpm_resume_noirq\[[0-9]*\] begin/ { in_w = 0 }
	$0 ~ w { printf "%s ", in_w ? "noirq" : "outside" }' /tmp/cycle.trace
}
check "cubieboard.s2idle-wake.dcdc2-sleep-after-noirq" "noirq " \
	"$(writes $AXP_DCDC2_V_OUT 0x0c)"
check "cubieboard.s2idle-wake.dcdc2-back-before-resume-noirq" "noirq " \
	"$(writes $AXP_DCDC2_V_OUT "$run")"
check "cubieboard.s2idle-wake.dcdc2-after" "$run" "$(axp_get $AXP_DCDC2_V_OUT)"
check "cubieboard.s2idle-wake.pwr-out-after" "$out" "$(axp_get $AXP_PWR_OUT_CTRL)"
check "cubieboard.s2idle-wake.no-errors" "" \
	"$(dmesg | grep -E 'sun4i-a10-sleep.*(suspend aborted|still armed)|failed to (dis)?arm')"
echo disabled > $TTY/power/wakeup
oracle_judge oracle /tmp/cycle.trace
trace_dump /tmp/cycle.trace
ktap_finished
