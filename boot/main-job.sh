#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The main job ('make run'): boot the board, run one RTC-woken suspend/
# resume cycle with power:* and i2c:* tracing on, and explain the trace
# phase by phase (tests/sleeptrace).
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/scripts/build-dir.sh"
out=$build/results
mkdir -p "$out"
log=$out/main-job.log

echo "== booting the board; console in $log"
rm -f "$log"
rc=0
sh "$top/boot/qemu.sh" --plan main-job --timeout 120 --log "$log" >/dev/null || rc=$?
# No console log: the launcher refused to boot (and said why).
[ -f "$log" ] || exit "$rc"
grep '^vexpress-pm:' "$log" | grep -v 'trace begin\|trace end'
sh "$top/tests/console-trace.sh" "$log" > "$out/main-job.trace"
[ -s "$out/main-job.trace" ] || { echo "main-job: no trace captured (guest status $rc)" >&2; exit 1; }
echo "== the suspend/resume cycle, phase by phase (trace: $out/main-job.trace)"
# The PMIC's address, as the guest found it in its DT (trace_dump)
addr=$(sed -n 's/^# vexpress-pm pmic: //p' "$out/main-job.trace" | head -n 1)
"$build/host/sleeptrace" explain ${addr:+-a "$addr"} "$out/main-job.trace"
exit "$rc"
