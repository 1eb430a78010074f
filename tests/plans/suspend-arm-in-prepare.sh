#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Negative demonstration (b): arm the PMIC in .prepare, before the late and
# noirq device phases, where commit 6a7c7eaf put .prepare back for ARM
# platforms (and added prepare_late for ACPI). The PM domain's noirq power-off
# then talks to an already armed PMIC: the oracle, on the board, must flag
# exactly that (arming outside prepare_late, PMIC traffic after arming), and a
# following cycle with the parameter back must be clean. The same verdicts
# on both PMICs: the AXP209's sleep configuration leaves the domain's rail
# to the domain (dts/vexpress-pm-axp209.dtsi), so its power-off is a write
# to the chip after the arming there too.
# pmic: twl92230 axp209
# kernels: all
. ./lib/board.sh
. ./lib/oracle.sh
P=/sys/module/vexpress_sleep/parameters/arm_in_prepare

ktap_print_header
ktap_set_plan $((4 + $(oracle_planned)))
echo deep > /sys/power/mem_sleep
echo on > $MMCI/power/control
# What the arming writes, as the chip holds it before both cycles
regs=$(pmic_sleep_regs)
echo 1 > $P
trace_start
suspend_cycle mem
check "arm-in-prepare.cycle-status" 0 "$?"
cp $T/trace /tmp/arm-in-prepare.trace
# The arming write (to the chip's sleep register) inside .prepare
check "arm-in-prepare.armed-in-prepare" yes \
	"$([ "$(arming_writes platform_prepare /tmp/arm-in-prepare.trace)" -gt 0 ] && echo yes || echo no)"

# Recovery: the parameter back, a normal cycle.
echo 0 > $P
suspend_cycle mem
check "arm-in-prepare.recovery-cycle" 0 "$?"
check "arm-in-prepare.recovery-disarmed" "$regs" "$(pmic_sleep_regs)"
echo auto > $MMCI/power/control
oracle_judge oracle /tmp/arm-in-prepare.trace \
	-x arming-in-prepare-late -x pmic-quiet-while-armed
# The capture, kept on the host too (the tutorial's excerpts, make
# timeline): judged above, printed for reading
trace_dump /tmp/oracle.trace
ktap_finished
