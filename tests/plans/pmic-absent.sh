#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# QEMU without the PMIC the DT names: its probe fails with a clear message
# naming the chip and its address (the chip library's PMIC_ABSENT_ERROR),
# no rail is registered, the sleep controller is not bound (it waits for
# the TWL92230's driver; it gives up on a silent AXP209), so no deep sleep
# is offered, the rails' consumers wait for their supplies, and the board
# still boots (the runner rejects any oops or WARNING on the console).
# qemu-args: --no-pmic
# pmic: twl92230 axp209
# kernels: all
. ./lib/board.sh
. ./lib/baddt.sh
ktap_print_header
ktap_set_plan 9
deferred() { grep -q "^$1	" /sys/kernel/debug/devices_deferred && echo yes || echo no; }

check "pmic-absent.probe-error" yes \
	"$(dmesg | grep -qF "$PMIC_ABSENT_ERROR" && echo yes || echo "no '$PMIC_ABSENT_ERROR' in dmesg")"
check "pmic-absent.no-rails" 0 "$(rails_of $PMIC_DEV)"
# Not bound: waiting for the PMIC (devices_deferred says why), or gave up
sc=$(sed -n 's/^sleep-controller	vexpress-sleep: /waits: /p' /sys/kernel/debug/devices_deferred)
[ -e /sys/bus/platform/devices/sleep-controller/driver ] && sc=bound
check "pmic-absent.sleep-controller" "$PMIC_ABSENT_SLEEP" "${sc:-gave up}"
check "pmic-absent.no-deep.mem_sleep" "[s2idle]" "$(cat /sys/power/mem_sleep)"
# The rails' consumers wait for them
check "pmic-absent.domain-waits" yes "$(deferred power-domain-vmmc)"
check "pmic-absent.mmci-waits" yes "$(deferred $MMCI_DEV)"
check "pmic-absent.tmp105-waits" yes "$(deferred $BUS-0048)"
# Nothing answers at the PMIC's address; the TMP105 answers at its own
answers() { i2cget -f -y "$BUS" "$1" "$2" >/dev/null 2>&1 && echo yes || echo no; }
check "pmic-absent.pmic-silent" no "$(answers $PMIC $PMIC_REV)"
check "pmic-absent.bus-works" yes "$(answers 0x48 0x01)"
ktap_finished
