#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Every PMIC rail: the voltage and on/off state the regulator core reports
# in sysfs match the emulated chip's registers (decoded by the chip
# library), the DT's regulator-state-mem is in the chip where the chip
# holds it while running (the TWL92230's SLEEP_CTRL2 and VCORE sleep
# voltage; the AXP209 has no such registers), and the chip is disarmed
# outside platform suspend. After a suspend cycle sysfs still reads what
# the chip holds. Rails an armed chip switches by itself (the TWL92230's)
# are not cached by the driver: after a mode changed behind the driver's
# back, sysfs still reads what the chip holds.
# pmic: twl92230 axp209
# kernels: all
. ./lib/board.sh
ktap_print_header
words() { echo $# ; }
ktap_set_plan $(( $(words $PMIC_RAILS) + 2 * $(words $PMIC_SWITCHED) + \
	$(words $PMIC_MEM_REGS) + $(words $PMIC_UNCACHED) + 2 ))
# VMMC follows its PM domain, which genpd switches whenever a member
# runtime resumes or autosuspends (the MMC core's card-detect polling
# does both), and each PMIC read takes 10-250 ms: hold the MMCI active so
# the rail stays on while the chip and sysfs are compared.
echo on > $MMCI/power/control
for r in $PMIC_RAILS; do
	d=$(reg_sysfs $r)
	check "pmic.$r.microvolts" "$(pmic_uv $r)" "$(cat "$d/microvolts" 2>&1)"
done
for r in $PMIC_SWITCHED; do
	d=$(reg_sysfs $r)
	check "pmic.$r.state" "$(pmic_state $r)" "$(cat "$d/state" 2>&1)"
done
for m in $PMIC_MEM_REGS; do
	check "pmic.mem.${m%%=*}" "${m#*=}" "$(pmic_mem_reg ${m%%=*})"
done
# Sleep control stays disarmed outside platform suspend
check "pmic.sleep-disarmed" disarmed "$(pmic_armed)"

echo deep > /sys/power/mem_sleep
suspend_cycle mem
check "pmic.cycle" 0 "$?"
for r in $PMIC_SWITCHED; do
	check "pmic.$r.state-after-resume" "$(pmic_state $r)" "$(cat "$(reg_sysfs $r)/state")"
done
# Each rail's mode flipped in the chip, as the chip's own sleep logic does:
# sysfs must follow at once (a cached mode would not), then put back.
for r in $PMIC_UNCACHED; do
	pmic_flip $r
	want=$(pmic_state $r)
	got=$(cat "$(reg_sysfs $r)/state")
	pmic_flip $r
	check "pmic.$r.state-not-cached" "$want" "$got"
done
echo auto > $MMCI/power/control
ktap_finished
