#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Host side of a plan with "# host: net" (tests/run-plan.sh): a frame on
# the board's Ethernet, then, if asked, a key on its console, when the
# console asks for them, in the order asked, once a later console line
# contains TEXT (the guest is asleep by then), or at once without "at
# TEXT" (tests/host/lib/requests.sh):
#
#   vexpress-pm: host: net EVENT... at TEXT   EVENT is one of
#     frame   a broadcast Ethernet frame off the wire (EtherType 0x88b5,
#             the IEEE's for local experiments: no protocol of the guest
#             takes it), sent into the NIC's socket (the plan's "#
#             qemu-args: --net-in HOST", HOST_NET_IN; build/host/qmp
#             --frame)
#     key     a carriage return typed on the console (the plan's "--serial-in
#             HOST", HOST_SERIAL_IN), as tests/host/uart.sh types it
#
# QEMU takes the frame from its datagram socket as it comes, and a key only
# once it has accepted a connection to the console's socket, which the key
# opens after the frame is sent: so the frame is on the board's wire before
# the key is read.
# net.sh QMP-SOCKET, the console on stdin; HOST_QMP is the QMP client.
# Each event is reported as a "net ..." line; a failed one, or a TEXT never
# seen, exits 1.
set -u
bad=0
. "$(dirname "$0")/lib/requests.sh"

# ff:ff:ff:ff:ff:ff from 02:76:70:6d:00:01 (locally administered), type
# 0x88b5, "vexpress-pm stray" (QEMU pads it to the 60-byte minimum)
FRAME=ffffffffffff0276706d000188b576657870726573732d706d207374726179

# act EVENTS WHY: send each of EVENTS in order, saying why now
act() {
	for e in $1; do
		case $e in
		frame) "$HOST_QMP" --frame "${HOST_NET_IN:-}" "$FRAME" ;;
		key) "$HOST_QMP" --send "${HOST_SERIAL_IN:-}" "$(printf '\r')" ;;
		*) false ;;
		esac
		if [ $? = 0 ]; then
			echo "net $e sent ($2)"
		else
			echo "net: cannot send '$e'"
			bad=1
		fi
	done
}

host_requests net
exit $bad
