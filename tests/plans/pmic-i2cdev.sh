#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The TWL92230 answers on the SBCon bus through i2c-dev: its revision
# register, and a write read back from the emulated chip.
# pmic: twl92230 axp209
# kernels: all
. ./lib/board.sh
ktap_print_header
ktap_set_plan 3
check "pmic.rev" "$PMIC_REV_VAL" "$(pmic_get $PMIC_REV)"
# The model keeps only LDO_CTRL4's two low bits (QEMU hw/rtc/twl92230.c:
# a write of 0x5a reads back 0x02): flip one of them.
old=$(pmic_get $PMIC_SCRATCH)
new=$(printf '0x%02x' $(( (old ^ 1) & 3 )))
pmic_set $PMIC_SCRATCH $new
check "pmic.ldo-ctrl4.write-readback" $new "$(pmic_get $PMIC_SCRATCH)"
pmic_set $PMIC_SCRATCH "$old"
check "pmic.ldo-ctrl4.restored" "$old" "$(pmic_get $PMIC_SCRATCH)"
ktap_finished
