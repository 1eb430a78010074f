#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Host side of a plan with "# host: uart" (tests/run-plan.sh): an event on
# the guest's console UART when the console asks for it, once a later
# console line contains TEXT (the guest is asleep by then):
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
cr=$(printf '\r')
want= what= bad=0

send() {
	case $what in
	key) "$HOST_QMP" --send "${HOST_SERIAL_IN:-}" "$cr" ;;
	break) "$HOST_QMP" "$sock" '{"execute": "chardev-send-break", "arguments": {"id": "serial0"}}' > /dev/null ;;
	*) false ;;
	esac
	if [ $? = 0 ]; then
		echo "uart $what sent ($1)"
	else
		echo "uart: cannot send '$what'"
		bad=1
	fi
}

while IFS= read -r line; do
	line=${line%"$cr"}
	if [ -n "$want" ]; then
		case $line in
		*"$want"*) send "after: $line"; want= ;;
		esac
	fi
	case $line in
	"vexpress-pm: host: uart "*" at "*)
		req=${line#vexpress-pm: host: uart }
		what=${req%% at *} want=${req#* at } ;;
	esac
done
if [ -n "$want" ]; then
	echo "uart: never saw '$want' to send '$what'"
	bad=1
fi
exit $bad
