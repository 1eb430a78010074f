#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The same kernel on QEMU vexpress-a15 (CA15 tile, RS1 motherboard map):
# the board DT, the timer-paced SBCon with the PMIC behind it, the rails as
# the chip holds them, and one deep suspend cycle woken by the PL031 alarm,
# with the secondary A15 taken down and brought back and the PMIC disarmed
# after it. The ordering oracle (sleeptrace) judges the cycle's trace on
# the board.
# pmic: twl92230 axp209
# board: a15
# smp: 2
# timeout: 120
# kernels: all
. ./lib/board.sh
. ./lib/oracle.sh
ktap_print_header
ktap_set_plan $((13 + $(oracle_planned)))

check "a15.board" a15 "$BOARD"
check "a15.dt-model" "V2P-CA15 vexpress-pm" "$(tr -d '\0' < /proc/device-tree/model)"
check "a15.cpus-online" 0-1 "$(cat /sys/devices/system/cpu/online)"
DEV=$(readlink -f "/sys/bus/i2c/devices/i2c-$BUS/..")
check "a15.sbcon.driver" "1c160000.i2c i2c-sbcon-timer" \
	"$(basename "$DEV") $(basename "$(readlink "$DEV/driver")")"
check "a15.pmic.rev" "$PMIC_REV_VAL" "$(pmic_get $PMIC_REV)"

# Every rail's voltage as the regulator core reports it against the chip's
# registers; a mismatch names the rail.
bad=
for r in $PMIC_RAILS; do
	[ "$(cat "$(reg_sysfs $r)/microvolts" 2>&1)" = "$(pmic_uv $r)" ] || bad="$bad $r"
done
check "a15.pmic.rails-match-chip" "" "$bad"
# The DT's sleep configuration where the chip holds it while running (the
# chip library's PMIC_MEM_REGS), and the chip disarmed
mem=
for m in $PMIC_MEM_REGS; do mem="$mem${m%%=*}=$(pmic_mem_reg ${m%%=*}) "; done
check "a15.pmic.idle-state" "${PMIC_MEM_REGS:+$PMIC_MEM_REGS }disarmed" "$mem$(pmic_armed)"

# One deep cycle with the MMCI held active, so genpd switches the VMMC
# domain off over I2C in noirq, before prepare_late arms the PMIC.
echo deep > /sys/power/mem_sleep
check "a15.mem.deep-selected" "[deep]" "$(grep -o '\[deep\]' /sys/power/mem_sleep)"
regs=$(pmic_sleep_regs)
before=$(cat /sys/power/suspend_stats/success)
echo on > $MMCI/power/control
trace_start
suspend_cycle_rt mem
rc=$?
echo 0 > $T/tracing_on
echo auto > $MMCI/power/control
check "a15.mem.cycle" "0 $((before + 1))" "$rc $(cat /sys/power/suspend_stats/success)"
check "a15.mem.pmic-disarmed" "$regs" "$(pmic_sleep_regs)"
# The secondary went down after prepare_late and came back before wake
check "a15.mem.cpu1-off-and-back" "CPU_OFF CPU_ON 0-1" \
	"$(grep -o ' CPU_O[NF]F*\[1\] end' $T/trace | sed 's/ \(CPU_O[NF]*\).*/\1/' |
	   tr '\n' ' ')$(cat /sys/devices/system/cpu/online)"
check "a15.mem.wakeup-by-rtc" yes \
	"$(grep -q 'machine_suspend\[3\] end' $T/trace && echo yes)"
# A premature wake (before the alarm's second) or a second round is a stray
# interrupt that enter let through
check "a15.mem.one-round-not-premature" "1 yes" \
	"$(trace_count machine_suspend) $([ "$cycle_rtc" -ge "$cycle_alarm" ] && echo yes)"
oracle_judge oracle
ktap_finished
