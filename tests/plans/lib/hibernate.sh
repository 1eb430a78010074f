# SPDX-License-Identifier: GPL-2.0
# Sourced by the hibernation plans (after lib/board.sh), which set SD, the
# card's block device that holds the swap area and the image.
#
# sig: the swap signature, the last 10 bytes of the card's first 4 KiB page
# (SWAPSPACE2, or S1SUSPEND with an image); none on a blank card
sig() { dd if=$SD bs=1 skip=4086 count=10 2>/dev/null | tr -dc 'A-Z0-9'; }

# hib_phases DEVICES: the device phases of hibernation's restored side in
# which a callback of one of DEVICES (an ERE alternation of device names)
# started in the trace, in the PM core's order ("freeze", "noirq freeze",
# "late freeze", "early freeze", then restore's), one word each
hib_phases() {
	for v in freeze restore; do for l in "" "noirq " "late " "early "; do
		grep -E "device_pm_callback_start: .* ($1), parent: .*, ${l}(power domain|driver|bus|type|class) ?\[$v\]" $T/trace |
			sed -n "1s/.*/$l$v/p"; done; done | tr '\n' ' '
}
