#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# A whole suspend-to-idle on the Cubieboard with a frame on the wire whose
# interrupt must wait for the resume: while the board idles (the EMAC's
# driver has turned its receiver and interrupt off in its own suspend, so
# nothing is raised in the idle), the host puts a broadcast Ethernet frame on the
# wire of the A10's EMAC (sun4i-emac, its own interrupt line, not armed for
# wakeup; QEMU's dgram netdev, boot/qemu.sh --net-in), then types a key on
# the console, the wake source (as cubieboard-s2idle-wake), both once the
# console shows the idle's entry (tests/host/net.sh). The frame must not
# end the idle: the board wakes on the key alone, the PM core records the
# UART's interrupt as the one that woke it, the idle loop runs one round,
# and the cycle is counted once. The frame is not lost: after the resume
# the EMAC takes it (one more received packet) and its interrupt is
# handled, and none of the EMAC's interrupts is handled in the idle.
# What keeps the frame out of the idle here is the EMAC's driver, not the
# interrupt controller: sun4i-emac's suspend callback turns the MAC's
# receiver and interrupts off, so the frame waits in QEMU's queue and
# raises the EMAC's interrupt only once the driver's resume callback turns
# them on again, which the plan checks in the trace. The masking of the
# lines not armed for wakeup (series patch 0032, IRQCHIP_MASK_ON_SUSPEND)
# is the second guard, for a device whose driver leaves its interrupt on
# (docs/cubieboard.md). Needs QEMU with boot/qemu-patches/0001, as
# cubieboard-s2idle-wake does, and skips on any other.
# pmic: axp209
# board: cubieboard
# kernels: all
# host: net
# qemu-patch: 0001
# qemu-args: --append no_console_suspend --serial-in HOST --net-in HOST
# The oracle judges the whole s2idle cycle, with the may-skips of
# cubieboard-s2idle-wake.
# oracle-skip: prepare-after-suspend s2idle-prepare-after-suspend-late
# oracle-skip: s2idle-prepare-before-noirq
. ./lib/board.sh
. ./lib/axp209.sh
. ./lib/oracle.sh
. ./lib/a10-sleep.sh
ktap_print_header
ktap_set_plan $((11 + $(oracle_planned)))

check "cubieboard.s2idle-stray.bound" sun4i-a10-sleep "$(await 5000 sun4i-a10-sleep sleep_driver)"

# irq_of NAME: the interrupt /proc/interrupts names NAME
irq_of() { awk -v n="$1" '$NF == n { sub(":", "", $1); print $1 }' /proc/interrupts; }

TTY=/sys/class/tty/ttyS0
read -r uart_irq < $TTY/irq
echo enabled > $TTY/power/wakeup
NET=/sys/class/net/eth0
# (the EMAC requests its interrupt when the interface comes up)
ip link set eth0 up
emac_irq=$(irq_of eth0)
# (IFF_UP, bit 0 of the interface's flags)
check "cubieboard.s2idle-stray.emac-up" "sun4i-emac up" \
	"$(basename "$(readlink $NET/device/driver 2>/dev/null)") $([ $(($(cat $NET/flags 2>/dev/null || echo 0) & 1)) = 1 ] && echo up || echo down)"
check "cubieboard.s2idle-stray.emac-irq" yes \
	"$([ -n "$emac_irq" ] && [ "$emac_irq" != "$uart_irq" ] && echo yes || echo "no: '$emac_irq'")"
ktap_print_msg "ttyS0 IRQ $uart_irq (wakeup $(cat $TTY/power/wakeup)), eth0 IRQ $emac_irq"

# The idle's entry on the console, for the host
idle_entry_shown
u0=$(irq_count "$uart_irq") e0=$(irq_count "$emac_irq")
read -r rx0 < $NET/statistics/rx_packets
read -r cycle_before < /sys/power/suspend_stats/success
trace_start
# The EMAC's interrupts in the capture, beside the PM core's phases
echo "irq == $emac_irq" > $T/events/irq/irq_handler_entry/filter
echo 1 > $T/events/irq/irq_handler_entry/enable
echo "vexpress-pm: host: net frame key at PM: suspend-to-idle"
echo freeze > /sys/power/state
rc=$?
echo 0 > $T/tracing_on
echo 0 > $T/events/irq/irq_handler_entry/enable
echo 0 > $T/events/irq/irq_handler_entry/filter
idle_entry_hidden
cp $T/trace /tmp/cycle.trace
dmesg | grep -E 'sun4i-a10-sleep|sun4i-emac|Triggering wakeup|suspend-to-idle' | sed 's/^/# /'
read -r rx1 < $NET/statistics/rx_packets

check "cubieboard.s2idle-stray.cycle" "0 $((cycle_before + 1))" \
	"$rc $(cat /sys/power/suspend_stats/success)"
check "cubieboard.s2idle-stray.woken-by-uart" "$uart_irq" "$(cat /sys/power/pm_wakeup_irq 2>&1)"
# s2idle_enter() traces machine_suspend once a round of the idle loop
check "cubieboard.s2idle-stray.one-idle" 1 "$(trace_count machine_suspend /tmp/cycle.trace)"
check "cubieboard.s2idle-stray.uart-irq-handled" yes \
	"$([ "$(irq_count "$uart_irq")" -gt "$u0" ] && echo yes || echo "no: $u0 to $(irq_count "$uart_irq")")"
check "cubieboard.s2idle-stray.frame-received" 1 "$((rx1 - rx0))"
check "cubieboard.s2idle-stray.emac-irq-handled" yes \
	"$([ "$(irq_count "$emac_irq")" -gt "$e0" ] && echo yes || echo "no: $e0 to $(irq_count "$emac_irq")")"

# Where the capture handles the EMAC's interrupts: "idle" between the idle
# loop's begin and end, "emac-resume" inside the EMAC's own callback in
# the resume phase, "elsewhere" otherwise; the count in the idle, then
# where the first one was handled. The frame came in the idle, so it has
# waited for the driver's resume callback.
emac_irqs() {
	awk -v irq="irq=$emac_irq " '
	/ machine_suspend\[[0-9]*\] begin/ { idle = 1 }
	/ machine_suspend\[[0-9]*\] end/ { idle = 0 }
	/ dpm_resume\[[0-9]*\] begin/ { res = 1 }
	/ dpm_resume\[[0-9]*\] end/ { res = 0 }
	/device_pm_callback_start: sun4i-emac / { cb = res }
	/device_pm_callback_end: sun4i-emac / { cb = 0 }
	/irq_handler_entry: / && index($0, irq) {
		w = idle ? "idle" : cb ? "emac-resume" : "elsewhere"
		if (w == "idle") n++
		if (first == "") first = w
	}
	END { printf "%d in the idle, first %s\n", n, first == "" ? "none" : first }' /tmp/cycle.trace
}
check "cubieboard.s2idle-stray.frame-waited" "0 in the idle, first emac-resume" "$(emac_irqs)"
check "cubieboard.s2idle-stray.no-errors" "" \
	"$(dmesg | grep -E 'sun4i-a10-sleep.*(suspend aborted|still armed)|failed to (dis)?arm')"
echo disabled > $TTY/power/wakeup
ip link set eth0 down
# (the oracle reads the PM core's events; the EMAC's interrupts are this
# plan's own)
grep -v ' irq_handler_entry: ' /tmp/cycle.trace > /tmp/oracle-in.trace
oracle_judge oracle /tmp/oracle-in.trace
trace_dump /tmp/cycle.trace
ktap_finished
