#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# A suspend-to-RAM cycle leaves the PMIC as it found it: every register of
# the chip library's dump range (PMIC_DUMP_FIRST, PMIC_DUMP_COUNT; read
# over i2c-dev in one transfer) reads the same before suspend and after
# resume, except those that count time by themselves (PMIC_DUMP_LIVE; the
# library says why): the TWL92230's RTC time, on the AXP209 none. Sleep
# arming, the regulator core's suspend pass and the PM domain's noirq
# switching all write the chip during the cycle.
# timeout: 90
# pmic: twl92230 axp209
# kernels: all
. ./lib/board.sh
ktap_print_header
ktap_set_plan 5

# The domain's power-off after boot must be over: it writes VMMC's enable
check "dump.domain-idle-before" off "$(await 5000 off pd_status)"
pmic_dump > /tmp/before
echo deep > /sys/power/mem_sleep
ok=$(cat /sys/power/suspend_stats/success)
suspend_cycle mem
check "dump.cycle-succeeded" $((ok + 1)) "$(cat /sys/power/suspend_stats/success)"
# genpd powers the domain back on in resume_noirq and off again when the
# members autosuspend
check "dump.domain-idle-after" off "$(await 5000 off pd_status)"
pmic_dump > /tmp/after
pmic_dumps_whole "dump.registers-read" /tmp/before /tmp/after
ktap_print_msg "before: $(tr '\n' ' ' < /tmp/before)"
ktap_print_msg "excepted: ${PMIC_DUMP_LIVE:-none} ($PMIC_DUMP_LIVE_WHY)"
ktap_print_msg "changed, excepted ones included: $(pmic_changed /tmp/before /tmp/after all)"
check "dump.registers-identical" "" "$(pmic_changed /tmp/before /tmp/after)"
ktap_finished
