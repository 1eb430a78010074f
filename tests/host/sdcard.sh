#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Host side of a plan with "# host: sdcard" (tests/run-plan.sh), booted
# with an empty MMC slot ("--drive if=sd,id=sd0"): inserts a card into it
# or ejects it (QMP blockdev-change-medium, eject) when the guest's console
# asks:
#
#   vexpress-pm: host: sdcard insert     a 1 MiB card whose first bytes
#                                        read "vexpress-pm sdcard"
#   vexpress-pm: host: sdcard eject
#
# sdcard.sh QMP-SOCKET, the console on stdin; HOST_QMP is the QMP client.
# Each change is reported as an "sdcard ..." line; a failed one exits 1.
set -u
sock=$1
cr=$(printf '\r')
img=$(mktemp) || exit 1
trap 'rm -f "$img"' EXIT
bad=0

# QEMU's SD card wants a size that is a power of two
printf 'vexpress-pm sdcard' | dd of="$img" bs=1M seek=0 count=1 conv=sync 2>/dev/null

qmp() {
	if "$HOST_QMP" "$sock" "$1" | grep -q '"return"'; then
		echo "sdcard $2"
	else
		echo "sdcard: $2 failed"
		bad=1
	fi
}

while IFS= read -r line; do
	case ${line%"$cr"} in
	"vexpress-pm: host: sdcard insert")
		qmp "{\"execute\": \"blockdev-change-medium\", \"arguments\": {\"device\": \"sd0\", \"filename\": \"$img\", \"format\": \"raw\"}}" inserted ;;
	"vexpress-pm: host: sdcard eject")
		qmp '{"execute": "eject", "arguments": {"device": "sd0", "force": true}}' ejected ;;
	esac
done
exit $bad
