#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The VMMC-switched PM domain: off while the MMCI and the Ethernet
# controller are runtime suspended, on while the MMCI is held active, off
# again after it autosuspends; the chip's VMMC rail (the TWL92230's mode
# register, the AXP209's LDO3 enable) agrees with genpd each time. Device
# links order suspend: members, then the domain provider, then the PMIC
# (whose parent chain is the I2C controller).
# pmic: twl92230 axp209
# kernels: all
. ./lib/board.sh
ktap_print_header
ktap_set_plan 10
mount -t debugfs none /sys/kernel/debug 2>/dev/null

# Await the members' autosuspend and genpd's power-off work.
check "pd.idle.genpd" off "$(await 5000 off pd_status)"
check "pd.idle.vmmc-rail" disabled "$(pmic_state vmmc)"

echo on > $MMCI/power/control
check "pd.active.genpd" on "$(pd_status)"
check "pd.active.vmmc-rail" enabled "$(pmic_state vmmc)"
check "pd.active.mmci" active "$(cat $MMCI/power/runtime_status)"

echo auto > $MMCI/power/control
check "pd.autosuspend.genpd" off "$(await 5000 off pd_status)"
check "pd.autosuspend.vmmc-rail" disabled "$(pmic_state vmmc)"

link() { [ -e "/sys/class/devlink/$1" ] && echo yes || echo no; }
check "pd.devlink.mmci" yes "$(link platform:$PD--amba:$MMCI_DEV)"
check "pd.devlink.ethernet" yes "$(link platform:$PD--platform:$ETH_DEV)"
check "pd.devlink.pmic" yes "$(link i2c:$PMIC_DEV--platform:$PD)"
ktap_finished
