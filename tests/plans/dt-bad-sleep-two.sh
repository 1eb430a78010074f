#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The DT names two devices, the board's PMIC and the TMP105, as the one
# that puts the board to sleep (the binding allows one phandle): the
# sleep controller refuses to pick one, so deep is not offered, and the
# PMIC's rails, the VMMC domain they feed, the TMP105 and the bus work.
# Both get phandles no real node uses (the PMIC's replaces its own: only
# arm,pmic, rewritten here, refers to it).
# pmic: twl92230 axp209
# dt-edit: -t x i2c0/pmic phandle 0x7e59
# dt-edit: -t x i2c0/sensor@48 phandle 0x7e5a
# dt-edit: -t x /sleep-controller arm,pmic 0x7e59 0x7e5a
# kernels: all
. ./lib/board.sh
. ./lib/baddt.sh
ktap_print_header
ktap_set_plan 7
sleep_refused sleep.two-phandles "error -EINVAL: arm,pmic must name one PMIC, not 2"
ktap_finished
