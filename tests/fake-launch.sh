#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# A stand-in for boot/qemu.sh for the runner's own tests: writes a canned
# console log for the fixture plan and exits as qemu.sh would.
set -u
plan= log=/dev/null dtb= sd= serial_in= net_in=
while [ $# -gt 0 ]; do
	case "$1" in
	--plan) plan=$2; shift ;;
	--log) log=$2; shift ;;
	--dtb) dtb=$2; shift ;;
	--sd) sd=$2; shift ;;
	--serial-in) serial_in=$2; shift ;;
	--net-in) net_in=$2; shift ;;
	--timeout|--append|--device|--board|--smp|--qmp|--initrd) shift ;;
	esac
	shift
done
start="vexpress-pm: plan $plan start"
case "$plan" in
fixture-pass|fixture-dt-edit)
	printf '%s\nTAP version 13\n1..2\nok 1 a\nok 2 b\n# 2 passed\nvexpress-pm: plan %s exit 0\n' "$start" "$plan" > "$log"; exit 0 ;;
fixture-fail)
	printf '%s\nTAP version 13\n1..2\nok 1 a\nnot ok 2 b\nvexpress-pm: plan %s exit 1\n' "$start" "$plan" > "$log"; exit 1 ;;
fixture-empty)
	: > "$log"; exit 125 ;;
fixture-truncated)
	printf '%s\nTAP version 13\n1..3\nok 1 a\n' "$start" > "$log"; exit 125 ;;
fixture-oops)
	printf 'Unable to handle kernel NULL pointer dereference at virtual address 00000000\n%s\nTAP version 13\n1..1\nok 1 a\nvexpress-pm: plan %s exit 0\n' "$start" "$plan" > "$log"; exit 0 ;;
fixture-build)
	# The edited DTB must exist where the runner said; exit 2 (a plan
	# that exits non-zero without a failed test) if it does not.
	[ -f "$dtb" ] || { echo "fake-launch: no DTB at '$dtb'" >&2; exit 2; }
	printf '%s\nTAP version 13\n1..1\nok 1 a\nvexpress-pm: trace begin\n# fake trace\nvexpress-pm: trace end\nvexpress-pm: plan %s exit 0\n' "$start" "$plan" > "$log"; exit 0 ;;
fixture-oracle-skip)
	printf '%s\nTAP version 13\n1..1\nok 1 a\nvexpress-pm: trace begin\n# fake trace\nvexpress-pm: trace end\nvexpress-pm: plan %s exit 0\n' "$start" "$plan" > "$log"; exit 0 ;;
fixture-trace)
	{ printf '%s\nTAP version 13\n1..1\nok 1 a\nvexpress-pm: trace begin\n' "$start"
	  cat "$(dirname "$0")/../tools/sleeptrace/fixtures/pm-core-reorder.trace"
	  printf 'vexpress-pm: trace end\nvexpress-pm: plan %s exit 0\n' "$plan"; } > "$log"; exit 0 ;;
fixture-two-boots|fixture-two-boots-noresume)
	# The first boot marks the card and powers off without a verdict (an
	# image written); the second resumes from it, or starts over.
	[ -f "$sd" ] || { echo "fake-launch: no SD card image '$sd'" >&2; exit 2; }
	if [ "$(head -c 5 "$sd")" != image ] || [ "$plan" = fixture-two-boots-noresume ]; then
		printf image | dd of="$sd" conv=notrunc 2>/dev/null
		printf '%s\nTAP version 13\n1..1\n' "$start" > "$log"; exit 125
	fi
	printf 'ok 1 a\nvexpress-pm: plan %s exit 0\n' "$plan" > "$log"; exit 0 ;;
fixture-hang)
	printf '%s\nKTAP version 1\n1..3\nok 1 fixture.first\n' "$start" > "$log"; exit 124 ;;
fixture-host-inputs)
	# the host script must get the paths the launcher was given
	printf '%s\nTAP version 13\n1..1\nok 1 a\nfake-launch: serial-in %s net-in %s\nvexpress-pm: plan %s exit 0\n' \
		"$start" "$serial_in" "$net_in" "$plan" | tee "$log"; exit 0 ;;
fixture-host-pass|fixture-host-fail)
	# the console on stdout too, as qemu.sh prints it: a "# host:" script reads it
	printf '%s\nTAP version 13\n1..1\nok 1 a\nvexpress-pm: plan %s exit 0\n' "$start" "$plan" |
		tee "$log"; exit 0 ;;
esac
exit 2
