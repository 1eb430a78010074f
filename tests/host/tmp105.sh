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
cr=$(printf '\r')
path= want= temp= bad=0

qmp() { "$HOST_QMP" "$sock" "$@"; }

# The device has no id (boot/qemu.sh): find it among the anonymous ones.
tmp105_path() {
	qmp '{"execute": "qom-list", "arguments": {"path": "/machine/peripheral-anon"}}' |
		sed -n 's|.*"name": "\([^"]*\)", "type": "child<tmp105>".*|/machine/peripheral-anon/\1|p'
}

set_temp() {
	[ -n "$path" ] || path=$(tmp105_path)
	if [ -n "$path" ] && qmp "{\"execute\": \"qom-set\", \"arguments\": {\"path\": \"$path\", \"property\": \"temperature\", \"value\": $1}}" > /dev/null; then
		echo "tmp105 $1 mC ($2)"
	else
		echo "tmp105: cannot set $1 mC on '$path'"
		bad=1
	fi
}

while IFS= read -r line; do
	line=${line%"$cr"}
	if [ -n "$want" ]; then
		case $line in
		*"$want"*) set_temp "$temp" "after: $line"; want= ;;
		esac
	fi
	case $line in
	"vexpress-pm: host: tmp105 "*" at "*)
		req=${line#vexpress-pm: host: tmp105 }
		temp=${req%% *} want=${req#* at } ;;
	"vexpress-pm: host: tmp105 "*)
		set_temp "${line#vexpress-pm: host: tmp105 }" "asked" ;;
	esac
done
if [ -n "$want" ]; then
	echo "tmp105: never saw '$want' to set $temp mC"
	bad=1
fi
exit $bad
