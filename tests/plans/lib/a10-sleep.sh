# SPDX-License-Identifier: GPL-2.0
# Sourced by the Cubieboard's plans: the A10's sleep code (patch 0033),
# its platform device, and the driver bound to it (sleep_driver prints
# nothing when none is).
SLEEP_DEV=/sys/bus/platform/devices/sun4i-a10-sleep
sleep_driver() { basename "$(readlink "$SLEEP_DEV/driver" 2>/dev/null)"; }

# A whole s2idle the host ends (cubieboard-s2idle-wake, -stray): the
# host acts once the console shows the idle's entry, "PM: suspend-to-idle",
# which pm_debug_messages prints at KERN_DEBUG after prepare_late.
# idle_entry_shown turns that on (and pm_test off, the kernel log emptied);
# idle_entry_hidden puts the console back as it was.
idle_entry_shown() {
	read -r a10_printk_levels < /proc/sys/kernel/printk
	echo 1 > /sys/power/pm_debug_messages
	echo 8 > /proc/sys/kernel/printk
	echo none > /sys/power/pm_test
	TRACE_MODE=freeze
	dmesg -c > /dev/null
}
idle_entry_hidden() {
	echo "$a10_printk_levels" > /proc/sys/kernel/printk
	echo 0 > /sys/power/pm_debug_messages
}

# irq_count IRQ: how often interrupt IRQ was handled (/proc/interrupts'
# second column: the A10's one CPU)
irq_count() { awk -v irq="$1:" '$1 == irq { print $2 }' /proc/interrupts; }
