#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# QEMU without the TWL92230: the regulator driver fails its probe with a
# clear message, registers no rail, the sleep controller waits for it
# (devices_deferred says why) so no deep sleep is offered, and the board still boots (the runner rejects any oops or
# WARNING on the console).
# qemu-args: --no-pmic
. ./lib/board.sh
. ./lib/twl92230.sh
ktap_print_header
ktap_set_plan 5
check "pmic-absent.probe-error" yes \
	"$(dmesg | grep -q 'twl92230-regulator .*: error -ENXIO: no TWL92230 answers' && echo yes)"
check "pmic-absent.no-rails" no "$(reg_sysfs vcore >/dev/null && echo yes || echo no)"
check "pmic-absent.not-bound" no \
	"$([ -e /sys/bus/i2c/drivers/twl92230-regulator/$BUS-004a ] && echo yes || echo no)"
# The PMIC never bound: the sleep controller waits for it, saying why
check "pmic-absent.no-deep.deferred" yes "$(grep -qF \
	"sleep-controller	vexpress-sleep: PMIC $(of_path i2c0)/pmic@4a not bound" \
	/sys/kernel/debug/devices_deferred && echo yes)"
check "pmic-absent.no-deep.mem_sleep" "[s2idle]" "$(cat /sys/power/mem_sleep)"
ktap_finished
