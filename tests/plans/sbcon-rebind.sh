#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Unbinding the SBCon controller takes everything behind it down in device
# link order: the MMCI and Ethernet (members of the VMMC domain), the
# domain, the PMIC. Binding it again brings all of it back. The domain
# must leave genpd's list when its provider goes: it used to stay listed
# after its memory was freed, and its power-off work then ran on freed
# memory (an oops in the workqueue, seen in 'make bench', which rebinds);
# and after a rebind it kept its rail when the new PMIC went (a WARNING in
# regulator_unregister, then an oops powering the domain). On the debug
# kernel, kmemleak then lists nothing of ours.
# pmic: twl92230 axp209
# kernels: all
. ./lib/board.sh
ktap_print_header
ktap_set_plan 18

# listed NAME: how many times pm_genpd_summary lists domain NAME
listed() {
	awk -v pd="$1" '$1 == pd { n++ } END { print n + 0 }' \
		/sys/kernel/debug/pm_genpd/pm_genpd_summary
}
bound() { [ -e "$1/driver" ] && echo bound || echo unbound; }

check "rebind.before.domain-listed" 1 "$(listed $PD)"
# Twice: the second round runs with the devices the first one created
for r in 1 2; do
	echo "$SBCON_DEV" > /sys/bus/platform/drivers/i2c-sbcon-timer/unbind
	check "rebind.$r.unbound.pmic-gone" no \
		"$([ -e /sys/bus/i2c/devices/$PMIC_DEV ] && echo yes || echo no)"
	check "rebind.$r.unbound.domain-not-listed" 0 "$(listed $PD)"
	check "rebind.$r.unbound.mmci" unbound "$(bound "$MMCI")"

	echo "$SBCON_DEV" > /sys/bus/platform/drivers/i2c-sbcon-timer/bind
	BUS=$(sbcon_bus)
	PMIC_DEV=$(printf '%d-%04x' "$BUS" "$PMIC")
	# The PMIC is a new I2C device, probed asynchronously. fw_devlink
	# linked the domain to the boot-time PMIC from the DT and does not
	# again, so nothing probes the domain for us: ask the bus (its
	# driver has no bind file). Its members' links survive: they
	# follow once it binds.
	check "rebind.$r.bound.pmic-driver" $PMIC_DRIVER \
		"$(await 10000 $PMIC_DRIVER sh -c \
		   "basename \"\$(readlink /sys/bus/i2c/devices/$PMIC_DEV/driver)\"")"
	check "rebind.$r.bound.pmic-rev" "$PMIC_REV_VAL" "$(pmic_get $PMIC_REV)"
	echo $PD > /sys/bus/platform/drivers_probe
	# (a deferral, if its rail is not registered yet, retries by itself)
	check "rebind.$r.bound.domain-listed" 1 "$(await 10000 1 listed $PD)"
	check "rebind.$r.bound.mmci" bound "$(await 10000 bound bound "$MMCI")"
	# The domain works: the MMCI held active powers it on over I2C
	echo on > $MMCI/power/control
	check "rebind.$r.bound.domain-on" on "$(await 5000 on pd_status)"
	echo auto > $MMCI/power/control
done
# Nothing the two rounds allocated in our drivers leaked
kmemleak_check "rebind.kmemleak.ours"
ktap_finished
