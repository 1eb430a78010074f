#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Three more TWL92230s on the SBCon bus, each DT node with one
# regulator defect: a node the driver has no rail for (rejected: a typo would
# otherwise leave a rail silently unconstrained), min above max, and a
# voltage no selector of the rail's table reaches. Each probe fails with
# the message that names the defect and registers no rail; the board's
# own PMIC at 0x4a keeps its seven.
# qemu-args: --device twl92230,address=0x4b --device twl92230,address=0x4c --device twl92230,address=0x4d
# dt-edit: -c i2c0/pmic@4b
# dt-edit: -t s i2c0/pmic@4b compatible ti,twl92230
# dt-edit: -t x i2c0/pmic@4b reg 0x4b
# dt-edit: -c i2c0/pmic@4b/regulators
# dt-edit: -c i2c0/pmic@4b/regulators/vfoo
# dt-edit: -t s i2c0/pmic@4b/regulators/vfoo regulator-name bad-unknown
# dt-edit: -c i2c0/pmic@4c
# dt-edit: -t s i2c0/pmic@4c compatible ti,twl92230
# dt-edit: -t x i2c0/pmic@4c reg 0x4c
# dt-edit: -c i2c0/pmic@4c/regulators
# dt-edit: -c i2c0/pmic@4c/regulators/vdcdc3
# dt-edit: -t s i2c0/pmic@4c/regulators/vdcdc3 regulator-name bad-minmax
# dt-edit: -t u i2c0/pmic@4c/regulators/vdcdc3 regulator-min-microvolt 3000000
# dt-edit: -t u i2c0/pmic@4c/regulators/vdcdc3 regulator-max-microvolt 2200000
# dt-edit: -c i2c0/pmic@4d
# dt-edit: -t s i2c0/pmic@4d compatible ti,twl92230
# dt-edit: -t x i2c0/pmic@4d reg 0x4d
# dt-edit: -c i2c0/pmic@4d/regulators
# dt-edit: -c i2c0/pmic@4d/regulators/vmmc
# dt-edit: -t s i2c0/pmic@4d/regulators/vmmc regulator-name bad-table
# dt-edit: -t u i2c0/pmic@4d/regulators/vmmc regulator-min-microvolt 2900000
# dt-edit: -t u i2c0/pmic@4d/regulators/vmmc regulator-max-microvolt 2900000
# kernels: all
. ./lib/board.sh
. ./lib/baddt.sh
ktap_print_header
ktap_set_plan 11
D=twl92230-regulator

check "pmic.unknown-node.probe-error" yes \
	"$(probe_error $D $BUS-004b 'error -EINVAL: unknown regulator node vfoo')"
check "pmic.unknown-node.nothing-left" none "$(leftovers i2c $BUS-004b)"

# The regulator core names the defect, the driver the rail it failed on
check "pmic.min-above-max.core-error" yes \
	"$(dmesg | grep -qF 'bad-minmax: invalid voltage constraints' && echo yes)"
check "pmic.min-above-max.probe-error" yes \
	"$(probe_error $D $BUS-004c 'error -EINVAL: failed to register vdcdc3')"
check "pmic.min-above-max.nothing-left" none "$(leftovers i2c $BUS-004c)"

# VMMC's table is 1.85, 2.8, 3.0, 3.1 V: 2.9 V lies between two selectors
check "pmic.off-table.core-error" yes \
	"$(dmesg | grep -qF 'bad-table: unsupportable voltage constraints 3000000-2800000uV' && echo yes)"
check "pmic.off-table.probe-error" yes \
	"$(probe_error $D $BUS-004d 'error -EINVAL: failed to register vmmc')"
check "pmic.off-table.nothing-left" none "$(leftovers i2c $BUS-004d)"

check "pmic.board-pmic.rails" 7 "$(rails_of $BUS-004a)"
check "pmic.board-pmic.leftovers" "driver regulators" "$(leftovers i2c $BUS-004a)"
check "pmic.board-pmic.deep-offered" yes "$(grep -q deep /sys/power/mem_sleep && echo yes)"
ktap_finished
