#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Host side of a plan with "# host: poweroff" (tests/run-plan.sh), for a
# board whose power-off is an I2C write to its PMIC that QEMU keeps but
# acts on by cutting nothing (the Cubieboard's AXP209): the kernel comes
# back from kernel_power_off() and QEMU would run on. On request it judges
# the power-off transfer on the console, then ends QEMU (QMP quit):
#
#   vexpress-pm: host: poweroff ADDR at TEXT   once a later console line
#        contains TEXT: after "reboot: Power down", an i2c_write event to
#        address ADDR (as the event prints it, "034") of register 0x32
#        (the AXP20x's OFF_CTRL) with bit 7 (power off) set, and the
#        i2c_result that follows it with ret=1 (tp_printk, i2c events on)
#
# poweroff.sh QMP-SOCKET, the console on stdin; HOST_QMP is the QMP client.
# The transfer and the quit are reported as "poweroff ..." lines; a
# transfer not found or failed, a failed quit, a TEXT never seen, or no
# request at all (nothing judged) exits 1.
set -u
sock=$1
bad=0 judged=0
host_console=$(mktemp) || exit 1
trap 'rm -f "$host_console"' EXIT
trap 'exit 1' INT TERM HUP
. "$(dirname "$0")/lib/requests.sh"

# act "ADDR" WHY: judge the power-off transfer, then end QEMU
act() {
	judged=1
	# (kernel lines may carry printk's "[ seconds ]"; the request does not)
	off=$(sed -n '/reboot: Power down/,$p' "$host_console" | sed 's/^\[[ 0-9.]*\] //')
	w=$(printf '%s\n' "$off" | grep -n -E \
		"^i2c_write: i2c-[0-9]+ #0 a=$1 f=0000 l=2 \[32-[0-9a-f]{2}\]$" | head -n 1)
	# (the first i2c_result after that write: its transfer's)
	r=
	[ -z "$w" ] || r=$(printf '%s\n' "$off" | tail -n +"${w%%:*}" | grep -m 1 '^i2c_result:')
	w=${w#*:}
	v=${w##*-}
	v=${v%]}
	if [ -z "$w" ]; then
		echo "poweroff: no write of OFF_CTRL (0x32) to $1 after 'reboot: Power down'"
		bad=1
	elif [ $((0x$v & 0x80)) = 0 ]; then
		echo "poweroff: OFF_CTRL written 0x$v, without the power-off bit (0x80)"
		bad=1
	elif [ "${r##* }" != ret=1 ]; then
		echo "poweroff: OFF_CTRL 0x$v to $1 failed: '${r:-no i2c_result}'"
		bad=1
	else
		echo "poweroff: OFF_CTRL 0x$v to $1 after 'reboot: Power down', $r ($2)"
	fi
	if "$HOST_QMP" "$sock" '{"execute": "quit"}' > /dev/null; then
		echo "poweroff: QEMU quit"
	else
		echo "poweroff: cannot quit QEMU"
		bad=1
	fi
}

host_requests poweroff
[ $judged = 1 ] || { echo "poweroff: no 'vexpress-pm: host: poweroff' request on the console"; bad=1; }
exit $bad
