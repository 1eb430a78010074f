#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The sleep controller lives and dies with the drivers it calls. Unbinding
# the PMIC's driver (twl92230-regulator, axp20x-i2c) unbinds the sleep
# controller first (its device link) and mem_sleep loses deep; binding the
# PMIC again probes the sleep controller (and the VMMC domain) again, deep
# comes back and a cycle arms and disarms the chip. Unbinding the monitor's
# sensor's driver (lm75, which the sleep controller reads it through on the
# CA9 board) does the same, and so does unbinding and binding the sleep
# controller itself. The states come and go in a work item that the
# sleep controller's probe and remove queue (they must not take the PM
# core's transition lock): awaited. Twice each, so the second round runs
# on what the first one rebuilt. On the debug kernel, kmemleak then lists
# nothing of ours. On the AXP209 the sleep controller is linked to the
# axp20x-regulator cell as well, whose driver owns the sleep
# configuration; that cell is not unbound alone: the regulator core warns
# when rails still in use (the VMMC domain's) go away, whoever else is
# linked to them.
# pmic: twl92230 axp209
# kernels: all
. ./lib/board.sh
ktap_print_header
ktap_set_plan 40

SC=/sys/bus/platform/devices/sleep-controller
DRV=$(readlink -f "/sys/bus/i2c/devices/$PMIC_DEV/driver")
bound() { [ -e "$1/driver" ] && echo bound || echo unbound; }
pd_listed() { [ -n "$(pd_status)" ] && echo yes || echo no; }
# The sleep controller's debugfs fault_attr: removed at unbind, or the next
# probe could not create it again
stray_knob() { [ -d /sys/kernel/debug/vexpress_sleep_stray_irq ] && echo yes || echo no; }

# cycle NAME: a deep cycle that succeeds and leaves the PMIC disarmed
cycle() {
	gpio=$(pmic_get $PMIC_SLEEP_ARM)
	suspend_cycle mem
	check "$1.cycle" 0 "$?"
	check "$1.disarmed" "$gpio" "$(pmic_get $PMIC_SLEEP_ARM)"
}

# The VMMC rail's enable is in the register the AXP209's arming writes:
# hold the MMCI active so the rail is on before and after every cycle.
echo on > $MMCI/power/control
check "sleep-rebind.boot.mem_sleep" "s2idle shallow [deep]" "$(cat /sys/power/mem_sleep)"
for r in 1 2; do
	echo "$PMIC_DEV" > "$DRV/unbind"
	check "sleep-rebind.pmic.$r.unbound" unbound "$(bound $SC)"
	check "sleep-rebind.pmic.$r.no-deep" "[s2idle]" \
		"$(await 10000 "[s2idle]" cat /sys/power/mem_sleep)"
	check "sleep-rebind.pmic.$r.no-domain" no "$(pd_listed)"
	echo "$PMIC_DEV" > "$DRV/bind"
	# The PMIC probes asynchronously (on the AXP209, its regulators
	# after it); the links probe the rest after it. The end of the
	# sleep controller's probe is what offers deep (its driver link
	# appears before its probe runs, and stays while it defers).
	check "sleep-rebind.pmic.$r.deep" "s2idle shallow [deep]" \
		"$(await 10000 "s2idle shallow [deep]" cat /sys/power/mem_sleep)"
	check "sleep-rebind.pmic.$r.bound" bound "$(bound $SC)"
	check "sleep-rebind.pmic.$r.domain" yes "$(await 10000 yes pd_listed)"
	cycle "sleep-rebind.pmic.$r"
done
# The monitor's sensor, which the sleep controller reads through lm75
# (the CA9 board's DT names it): the same link, the same unwind
for r in 1 2; do
	echo "$BUS-0048" > /sys/bus/i2c/drivers/lm75/unbind
	check "sleep-rebind.sensor.$r.unbound" unbound "$(bound $SC)"
	check "sleep-rebind.sensor.$r.no-deep" "[s2idle]" \
		"$(await 10000 "[s2idle]" cat /sys/power/mem_sleep)"
	echo "$BUS-0048" > /sys/bus/i2c/drivers/lm75/bind
	check "sleep-rebind.sensor.$r.deep" "s2idle shallow [deep]" \
		"$(await 10000 "s2idle shallow [deep]" cat /sys/power/mem_sleep)"
	cycle "sleep-rebind.sensor.$r"
done
for r in 1 2; do
	echo sleep-controller > /sys/bus/platform/drivers/vexpress-sleep/unbind
	check "sleep-rebind.self.$r.no-deep" "[s2idle]" \
		"$(await 10000 "[s2idle]" cat /sys/power/mem_sleep)"
	check "sleep-rebind.self.$r.no-stray-knob" no "$(stray_knob)"
	echo sleep-controller > /sys/bus/platform/drivers/vexpress-sleep/bind
	check "sleep-rebind.self.$r.deep" "s2idle shallow [deep]" \
		"$(await 10000 "s2idle shallow [deep]" cat /sys/power/mem_sleep)"
	check "sleep-rebind.self.$r.stray-knob" yes "$(stray_knob)"
	cycle "sleep-rebind.self.$r"
done
echo auto > $MMCI/power/control
# Nothing the rebinds and the deep cycles allocated in our drivers leaked
kmemleak_check "sleep-rebind.kmemleak.ours"
ktap_finished
