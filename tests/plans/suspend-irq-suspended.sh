#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Negative demonstration (a), the symptom of the 2009 ARM breakage (the
# power IC's I2C transfers fail late in suspend), not its cause (the
# platform's .prepare moved after the late device callbacks): the I2C
# controller's IRQ requested without IRQF_NO_SUSPEND. From dpm_suspend_noirq on, its
# interrupt is off, so the PM domain's noirq power-off and the platform's
# prepare_late arming both time out on the bus; suspend must abort with an
# error naming the cause, never hang, and leave the board working: PMIC
# registers as before, the bus usable, the same failure again on a second
# try (the flag is chosen at probe: the other plans boot with it on).
# The adapter's timeout is cut from 1 s to 100 ms first (I2C_TIMEOUT), and
# the plan checks that the driver waits that long, not a fixed time.
# qemu-args: --append i2c_sbcon_timer.irq_no_suspend=0
# timeout: 60
# pmic: twl92230 axp209
# kernels: all
. ./lib/board.sh

dump() {	# the PMIC's rail and sleep registers, read from the chip
	for r in 0x02 0x04 0x07 0x0a 0x0b 0x0c 0x0d 0x0e 0x0f 0x10 0x11 0x13 0x1d; do
		printf '%s ' "$(pmic_get $r)"
	done
}

ktap_print_header
ktap_set_plan 11
check "irq.flag-off-at-probe" yes "$(dmesg | grep -q 'without IRQF_NO_SUSPEND' && echo yes)"
check "irq.adapter-timeout-100ms" ok "$(i2c-probe "$BUS" timeout 100)"
echo deep > /sys/power/mem_sleep
echo on > $MMCI/power/control
before=$(dump)
fails=$(cat /sys/power/suspend_stats/fail)

suspend_cycle mem
check "irq.suspend-aborted" 1 "$?"
check "irq.failure-counted" $((fails + 1)) "$(cat /sys/power/suspend_stats/fail)"
check "irq.errno-is-timeout" -110 "$(cat /sys/power/suspend_stats/last_failed_errno)"
check "irq.cause-logged" yes "$(dmesg | grep -q 'cannot arm the PMIC for sleep: -ETIMEDOUT' &&
	dmesg | grep -q 'IRQ [0-9]* is suspended during system sleep (requested without IRQF_NO_SUSPEND)' &&
	echo yes)"
# Two transfers gave up (the domain's and prepare_late's), each after
# 100 ms without a tick: 0.2 s and more, where the driver's own 1 s would
# make it 2 s, and a driver that did not wait would make it less
took=$(cycle_took)
ktap_print_msg "the aborted suspend took $took s"
check "irq.gave-up-after-adapter-timeout" yes \
	"$(awk -v t="$took" 'BEGIN { if (t >= 0.18 && t < 1) print "yes" }')"
check "irq.pmic-registers-restored" "$before" "$(dump)"
check "irq.mmci-resumed" active "$(cat $MMCI/power/runtime_status)"

suspend_cycle mem
check "irq.second-try-fails-the-same-way" "1 -110" "$? $(cat /sys/power/suspend_stats/last_failed_errno)"
echo auto > $MMCI/power/control
check "irq.adapter-timeout-back-to-1s" ok "$(i2c-probe "$BUS" timeout 1000)"
ktap_finished
