#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Every TWL92230 rail: the voltage and on/off state the regulator core
# reports in sysfs match the emulated chip's registers, and the sleep
# configuration from the board DT's regulator-state-mem is in the chip
# (the regulator core programs a mem state at registration already).
# The driver caches no mode register, since an armed chip switches rails
# by itself: after a suspend cycle, and after a mode changed behind the
# driver's back, sysfs still reads what the chip holds.
. ./lib/board.sh
. ./lib/twl92230.sh
ktap_print_header
ktap_set_plan 29
# VMMC follows its PM domain, which genpd switches whenever a member
# runtime resumes or autosuspends (the MMC core's card-detect polling
# does both), and each PMIC read takes 10-250 ms: hold the MMCI active so
# the rail stays on while the chip and sysfs are compared.
echo on > $MMCI/power/control
for r in $TWL_RAILS; do
	d=$(reg_sysfs $r)
	check "pmic.$r.microvolts" "$(twl_uv $r)" "$(cat "$d/microvolts" 2>&1)"
done
for r in $TWL_SWITCHED; do
	d=$(reg_sysfs $r)
	check "pmic.$r.state" "$(twl_state $r)" "$(cat "$d/state" 2>&1)"
done
# vcore, vdcdc3, vmem, vaux and vmmc drop in sleep; vdcdc2 and vio stay on
check "pmic.sleep-ctrl2" 0x6d "$(pmic_get $TWL_SLEEP_CTRL2)"
# vcore's sleep voltage: 1.100 V is code 4
check "pmic.vcore.suspend-microvolt" 4 "$(twl_field $TWL_VCORE_CTRL3 0 0x1f)"
# Sleep control stays disarmed outside platform suspend (SLPCTLEN, bit 6)
check "pmic.sleep-disarmed" 0 "$(twl_field $TWL_GPIO_CTRL 6 1)"

echo deep > /sys/power/mem_sleep
suspend_cycle mem
check "pmic.cycle" 0 "$?"
for r in $TWL_SWITCHED; do
	check "pmic.$r.state-after-resume" "$(twl_state $r)" "$(cat "$(reg_sysfs $r)/state")"
done
# Each rail's mode flipped in the chip, as the chip's own sleep logic does:
# sysfs must follow at once (a cached mode would not), then put back.
for r in $TWL_SWITCHED; do
	set -- $(twl_mode $r)
	old=$(pmic_get "$1")
	pmic_set "$1" $(( old ^ $2 ))
	want=$(twl_state $r)
	got=$(cat "$(reg_sysfs $r)/state")
	pmic_set "$1" "$old"
	check "pmic.$r.state-not-cached" "$want" "$got"
done
echo auto > $MMCI/power/control
ktap_finished
