#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# i2c_sbcon_timer.irq_no_suspend=0 (only for negative tests) requests the
# timer IRQ without IRQF_NO_SUSPEND: the driver says so, and the bus still
# works outside system sleep.
# qemu-args: --append i2c_sbcon_timer.irq_no_suspend=0
# pmic: twl92230 axp209
# pmic-per-kernel: one
# kernels: all
. ./lib/board.sh
ktap_print_header
ktap_set_plan 3
check "sbcon.irq-no-suspend.param" N "$(cat /sys/module/i2c_sbcon_timer/parameters/irq_no_suspend)"
check "sbcon.irq-no-suspend.warned" yes \
	"$(dmesg | grep -q 'IRQ without IRQF_NO_SUSPEND' && echo yes)"
check "sbcon.irq-no-suspend.pmic.rev" "$PMIC_REV_VAL" "$(pmic_get $PMIC_REV)"
ktap_finished
