#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# record-fixtures.sh OUT-DIR: boot the board once with
# plan=sleeptrace-capture (rootfs/sleeptrace-capture.sh) and write the
# captures it makes, for the checker's self-test fixtures:
#   OUT-DIR/two-cycles.trace   two suspend cycles, tracefs text
#   OUT-DIR/trace-cmd.dat      one cycle recorded by the guest's trace-cmd
#   OUT-DIR/trace-cmd.txt      that, as this host's 'trace-cmd report' prints it
#   OUT-DIR/console.log        the guest's console
# BUILD (e.g. build/stock for a kernel without the series' tracing),
# BOARD, PMIC and QEMU as for boot/qemu.sh. Not part of make test.
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/scripts/build-dir.sh"
[ $# = 1 ] || { echo "usage: record-fixtures.sh OUT-DIR" >&2; exit 2; }
command -v trace-cmd > /dev/null ||
	{ echo "record-fixtures.sh: no trace-cmd on this host (Debian package trace-cmd)" >&2; exit 2; }
out=$1
mkdir -p "$out"
log=$out/console.log
rc=0
sh "$top/boot/qemu.sh" --plan sleeptrace-capture --timeout 300 --log "$log" > /dev/null || rc=$?
[ -f "$log" ] || exit "$rc"
tr -d '\r' < "$log" | grep '^vexpress-pm: ' | grep -v 'trace begin\|trace data\|trace end'
sh "$top/tests/console-trace.sh" "$log" 1 > "$out/two-cycles.trace"
tr -d '\r' < "$log" |
	sed -n '/^vexpress-pm: trace-cmd data begin/,/^vexpress-pm: trace-cmd data end/{/^[A-Za-z0-9+/=][A-Za-z0-9+/=]*$/p;}' |
	base64 -d | gzip -dc > "$out/trace-cmd.dat" ||
	{ echo "record-fixtures.sh: trace-cmd data corrupt (a console line inside it?)" >&2; exit 1; }
trace-cmd report -i "$out/trace-cmd.dat" > "$out/trace-cmd.txt"
echo "record-fixtures.sh: guest status $rc; $(grep -c . "$out/two-cycles.trace") and $(grep -c . "$out/trace-cmd.txt") lines in $out"
