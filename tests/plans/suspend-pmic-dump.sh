#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# A suspend-to-RAM cycle leaves the PMIC as it found it: every register
# (0x01-0x3a, read over i2c-dev in one transfer) reads the same before
# suspend and after resume, except the RTC's live time (0x23-0x29), which
# counts seconds. Sleep arming, the regulator core's suspend pass and the
# PM domain's noirq switching all write the chip during the cycle.
# timeout: 90
. ./lib/board.sh
ktap_print_header
ktap_set_plan 5

# dump: registers 0x01-0x3a (the model auto-increments), one per line as
# "REG=VALUE"
dump() {
	i2ctransfer -f -y "$BUS" w1@$PMIC 0x01 r58 | tr ' ' '\n' |
		awk 'NF { printf "0x%02x=%s\n", NR, $1 }'
}
# changed: the registers that differ, without the RTC's time (0x23-0x29)
changed() {
	diff /tmp/before /tmp/after | grep '^+0x' | cut -c2- | tr '\n' ' '
}

# The domain's power-off after boot must be over: it writes VMMC's mode
check "dump.domain-idle-before" off "$(await 5000 off pd_status)"
dump > /tmp/before
echo deep > /sys/power/mem_sleep
ok=$(cat /sys/power/suspend_stats/success)
suspend_cycle mem
check "dump.cycle-succeeded" $((ok + 1)) "$(cat /sys/power/suspend_stats/success)"
# genpd powers the domain back on in resume_noirq and off again when the
# members autosuspend
check "dump.domain-idle-after" off "$(await 5000 off pd_status)"
dump > /tmp/after
check "dump.registers-read" "58 58" "$(grep -c = /tmp/before) $(grep -c = /tmp/after)"
ktap_print_msg "before: $(tr '\n' ' ' < /tmp/before)"
ktap_print_msg "changed, RTC included: $(changed)"
check "dump.registers-identical" "" "$(changed | sed 's/0x2[3-9]=[^ ]* //g')"
ktap_finished
