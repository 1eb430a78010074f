#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The DT puts the AXP209 at 0x35, where nothing answers (QEMU's chip is
# at 0x34). The axp20x MFD binds without a word to the chip, its
# regulators fail to register, and the sleep controller, which asks the
# chip for its IC type, gives up with one message that names the address:
# deep is not offered. The VMMC domain and the TMP105 wait for their
# rails (devices_deferred), and the bus and the chip at its real address
# still answer. The node keeps its name: fdtput cannot rename it.
# pmic: axp209
# dt-edit: -t x i2c0/pmic@34 reg 0x35
# kernels: all
. ./lib/board.sh
. ./lib/axp209.sh
. ./lib/baddt.sh
ktap_print_header
ktap_set_plan 9
deferred() { grep -q "^$1	" /sys/kernel/debug/devices_deferred && echo yes || echo no; }

check "axp-absent.probe-error" yes "$(probe_error vexpress-sleep sleep-controller \
	"error -ENXIO: no AXP209 answers at 0x35 ($BUS-0035)")"
# The refusal is the chip code's: no second line calls the PMIC unbound
check "axp-absent.one-message" 0 \
	"$(dmesg | grep -c 'vexpress-sleep sleep-controller: .*not bound')"
check "axp-absent.nothing-left" none "$(leftovers platform sleep-controller)"
check "axp-absent.mem_sleep" "[s2idle]" "$(cat /sys/power/mem_sleep)"
check "axp-absent.no-rails" 0 "$(rails_of $BUS-0035)"
# The rails' consumers wait for them, as with no PMIC at all
check "axp-absent.domain-waits" yes "$(deferred power-domain-vmmc)"
check "axp-absent.mmci-waits" yes "$(deferred $MMCI_DEV)"
check "axp-absent.tmp105-waits" yes "$(deferred $BUS-0048)"
check "axp-absent.bus-works" "$PMIC_REV_VAL" "$(pmic_get $PMIC_REV)"
ktap_finished
