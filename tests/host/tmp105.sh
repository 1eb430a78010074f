#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Host side of a plan with "# host: tmp105" (tests/run-plan.sh): sets the
# temperature of QEMU's TMP105 (qom-set of its "temperature" property, in
# millidegrees C) when the guest's console asks for it:
#
#   vexpress-pm: host: tmp105 MC              at once
#   vexpress-pm: host: tmp105 MC at TEXT      once a later console line
#                                             contains TEXT (the guest may
#                                             be asleep by then)
#
# tmp105.sh QMP-SOCKET, the console on stdin; HOST_QMP is the QMP client.
# Each change is reported as a "tmp105 ..." line; a failed change, or a
# TEXT never seen, exits 1.
set -u
sock=$1
path= bad=0
. "$(dirname "$0")/lib/requests.sh"

qmp() { "$HOST_QMP" "$sock" "$@"; }

# The device has no id (boot/qemu.sh): find it among the anonymous ones.
tmp105_path() {
	qmp '{"execute": "qom-list", "arguments": {"path": "/machine/peripheral-anon"}}' |
		sed -n 's|.*"name": "\([^"]*\)", "type": "child<tmp105>".*|/machine/peripheral-anon/\1|p'
}

# act MC WHY: set the temperature, saying why now
act() {
	[ -n "$path" ] || path=$(tmp105_path)
	if [ -n "$path" ] && qmp "{\"execute\": \"qom-set\", \"arguments\": {\"path\": \"$path\", \"property\": \"temperature\", \"value\": $1}}" > /dev/null; then
		echo "tmp105 $1 mC ($2)"
	else
		echo "tmp105: cannot set $1 mC on '$path'"
		bad=1
	fi
}

host_requests tmp105
exit $bad
