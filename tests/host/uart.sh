#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Host side of a plan with "# host: uart" (tests/run-plan.sh): an event on
# the guest's console UART when the console asks for it, once a later
# console line contains TEXT (the guest is asleep by then), or at once
# without "at TEXT" (tests/host/lib/requests.sh):
#
#   vexpress-pm: host: uart key at TEXT     a carriage return typed on the
#                                           console (the plan's "# qemu-args:
#                                           --serial-in HOST": written into
#                                           the console's input socket,
#                                           HOST_SERIAL_IN)
#   vexpress-pm: host: uart break at TEXT   a break (QMP chardev-send-break
#                                           on serial0), which the 16550
#                                           signals without a byte
#
# uart.sh QMP-SOCKET, the console on stdin; HOST_QMP is the QMP client.
# Each event is reported as a "uart ..." line; a failed one, or a TEXT
# never seen, exits 1.
set -u
sock=$1
bad=0
. "$(dirname "$0")/lib/requests.sh"

# act WHAT WHY: send the event WHAT, saying why now
act() {
	case $1 in
	key) "$HOST_QMP" --send "${HOST_SERIAL_IN:-}" "$(printf '\r')" ;;
	break) "$HOST_QMP" "$sock" '{"execute": "chardev-send-break", "arguments": {"id": "serial0"}}' > /dev/null ;;
	*) false ;;
	esac
	if [ $? = 0 ]; then
		echo "uart $1 sent ($2)"
	else
		echo "uart: cannot send '$1'"
		bad=1
	fi
}

host_requests uart
exit $bad
