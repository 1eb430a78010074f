#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The AXP209 profile (dts/vexpress-pm-axp209.dtsi, QEMU's axp209_pmu): the
# axp20x MFD binds with no IRQ and adds only its regulator cell; every
# rail's voltage and on/off state in sysfs match the chip's registers; the
# TMP105 probes with its supply (LDO2) on; the VMMC domain switches LDO3,
# seen in the chip's PWR_OUT_CTRL. Fails on a board without an AXP209.
# pmic: axp209
# kernels: all
. ./lib/board.sh
. ./lib/axp209.sh
ktap_print_header
AXP_DEV=/sys/bus/i2c/devices/$BUS-0034
# Booted without its AXP209 (a wrong DTB), the plan cannot check anything:
# one failed result that says so
if ! grep -qs x-powers,axp209 $AXP_DEV/of_node/compatible; then
	ktap_set_plan 1
	ktap_test_fail "axp209: no AXP209 at 0x34 on the SBCon bus in this DT"
	ktap_finished
fi
ktap_set_plan 23

drv() { basename "$(readlink "$1/driver" 2>/dev/null)"; }
check "axp209.mfd.driver" axp20x-i2c "$(drv $AXP_DEV)"
check "axp209.chip.ic-type" 1 "$(axp_field $AXP_IC_TYPE 0 0xf)"
# With no IRQ the MFD adds axp_regulator_only_cells (7.3's MFD core
# names the cell by its id, axp20x-regulator.0: the id is not the point)
check "axp209.mfd.cells" axp20x-regulator \
	"$(cd $AXP_DEV && ls -d axp20x-* 2>&1 | sed 's/\.[0-9]*$//' | tr '\n' ' ' | sed 's/ $//')"

# Hold the MMCI active so VMMC stays on while the chip and sysfs are
# compared (the MMC core's card-detect polling runtime resumes it).
echo on > $MMCI/power/control
for r in $AXP_RAILS; do
	d=$(reg_sysfs $r)
	check "axp209.$r.microvolts" "$(axp_uv $r)" "$(cat "$d/microvolts" 2>&1)"
done
for r in $AXP_SWITCHED; do
	d=$(reg_sysfs $r)
	check "axp209.$r.state" "$(axp_state $r)" "$(cat "$d/state" 2>&1)"
done
echo auto > $MMCI/power/control

# The TMP105 (lm75) holds its vs-supply, LDO2, on
check "axp209.tmp105.driver" lm75 "$(drv /sys/bus/i2c/devices/$BUS-0048)"
check "axp209.tmp105.vs-supply" enabled "$(axp_state vaux)"

# The domain's power-off and power-on are writes of LDO3's bit
check "axp209.pd.idle.genpd" off "$(await 5000 off pd_status)"
off=$(axp_get $AXP_PWR_OUT_CTRL)
ktap_print_msg "PWR_OUT_CTRL domain off: $off ($(axp_pwr_out_rails $off))"
check "axp209.pd.idle.vmmc-rail" disabled "$(axp_state vmmc)"
echo on > $MMCI/power/control
check "axp209.pd.active.genpd" on "$(pd_status)"
on=$(axp_get $AXP_PWR_OUT_CTRL)
ktap_print_msg "PWR_OUT_CTRL domain on: $on ($(axp_pwr_out_rails $on))"
check "axp209.pd.active.vmmc-rail" enabled "$(axp_state vmmc)"
check "axp209.pd.only-ldo3" $(( off | $(axp_bit vmmc) )) $((on))
echo auto > $MMCI/power/control
check "axp209.pd.autosuspend.genpd" off "$(await 5000 off pd_status)"

link() { [ -e "/sys/class/devlink/$1" ] && echo yes || echo no; }
check "axp209.pd.devlink.pmic" yes "$(link i2c:$BUS-0034--platform:$PD)"
ktap_finished
