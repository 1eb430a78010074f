#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# 'make timeline': boot the board with the main job's guest script
# (rootfs/main-job.sh: one RTC-woken deep suspend/resume cycle, traced) and
# draw the cycle with the kernel tree's pm-graph sleepgraph, which reads the
# capture as an ftrace file of its own (trace_dump in tests/plans/lib/
# board.sh prints the stamp and sysinfo lines it needs). QEMU runs as for
# 'make run' (real time, two CPUs), so the I2C phases take as long as the
# host lets the emulated bus run; 'make bench' has the reproducible times.
# Writes build/timeline/suspend.html, and suspend.png when chromium is
# installed.
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/scripts/build-dir.sh"
out=$build/timeline
sg=$build/linux/tools/power/pm-graph/sleepgraph.py
mkdir -p "$out"
log=$out/timeline.log

[ -f "$sg" ] || { echo "timeline: $sg missing (run 'make tree')" >&2; exit 2; }
command -v python3 >/dev/null || { echo "timeline: python3 not found" >&2; exit 2; }

echo "== booting the board; console in $log"
rm -f "$log"
rc=0
sh "$top/boot/qemu.sh" --plan main-job --timeout 120 --log "$log" >/dev/null || rc=$?
# No console log: the launcher refused to boot (and said why).
[ -f "$log" ] || exit "$rc"
# sleepgraph names the page after the capture: X_ftrace.txt -> X.html
trace=$out/suspend_ftrace.txt
sh "$top/tests/console-trace.sh" "$log" > "$trace"
grep -q '^# suspend-' "$trace" || {
	echo "timeline: no pm-graph stamp in the capture (guest status $rc); see $log" >&2
	exit 1
}
rm -f "$out/suspend.html"
python3 "$sg" -ftrace "$trace"
[ -s "$out/suspend.html" ] || { echo "timeline: sleepgraph wrote no $out/suspend.html" >&2; exit 1; }
echo "== $out/suspend.html"

if command -v chromium >/dev/null; then
	# --no-sandbox: chromium refuses to run as root without it
	chromium --headless --no-sandbox --disable-gpu --hide-scrollbars \
		--window-size=1600,260 --screenshot="$out/suspend.png" \
		"file://$out/suspend.html" 2>/dev/null
	echo "== $out/suspend.png"
else
	echo "== no chromium: no PNG (apt-get install chromium)"
fi
exit "$rc"
