#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The main job ('make run'): boot the board, run one RTC-woken suspend/
# resume cycle with power:* and i2c:* tracing on, and explain the trace
# phase by phase (tools/sleeptrace); MODE=disk: one hibernation and restore.
# BOARD=cubieboard: one suspend-to-idle cycle stopped by pm_test=platform
# after the platform's prepare_late (rootfs/main-job.sh says why).
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/scripts/build-dir.sh"
. "$top/boot/board.sh"
board=${BOARD:-$board_default}
out=$build/results
mkdir -p "$out"
log=$out/main-job.log

# The board's PMIC model needs a QEMU that has it. QEMU unset: the
# system's, else, where that one has not the model (boot/qemu.sh --check,
# status 3: Debian 12's 7.2 has no axp209_pmu, which the Cubieboard and
# PMIC=axp209 need), the QEMU 10 that scripts/fetch-qemu10.sh unpacked,
# as tests/run.sh picks it.
if [ -z "${QEMU:-}" ]; then
	r=0
	sh "$top/boot/qemu.sh" --check > /dev/null 2>&1 || r=$?
	if [ $r = 3 ] &&
		QEMU=$top/boot/qemu-backport.sh sh "$top/boot/qemu.sh" --check > /dev/null 2>&1; then
		QEMU=$top/boot/qemu-backport.sh
		export QEMU
		echo "== QEMU: boot/qemu-backport.sh (qemu-system-arm has no model of the board's PMIC)"
	fi
fi

# MODE=disk: hibernation instead, as the hibernate test plan does it (two
# boots with one SD card image, tests/run-plan.sh), its results and its
# trace (both boots' consoles) explained.
if [ "${MODE:-mem}" = disk ]; then
	[ "$board" != cubieboard ] ||
		{ echo "main-job: MODE=disk: no hibernation on the Cubieboard (docs/cubieboard.md)" >&2; exit 2; }
	echo "== hibernating to the SD card, then resuming on a second boot; consoles in $out/hibernate*.log"
	rc=0
	sh "$top/tests/run-plan.sh" hibernate > "$out/main-job-disk.ktap" || rc=$?
	grep -E '^    (not )?ok [0-9]+ (hib\.|hibernate: )|^    # hib' "$out/main-job-disk.ktap"
	# tests/run-plan.sh's log names: PLAN[@BOARD][@axp209].log
	trace=$out/hibernate
	[ "$board" = "$board_default" ] || trace=$trace@$board
	[ "${PMIC:-}" != axp209 ] || trace=$trace@axp209
	trace=$trace.log.trace
	[ -s "$trace" ] || { echo "main-job: no trace captured" >&2; exit 1; }
	echo "== the hibernation and the restore, phase by phase (trace: $trace)"
	"$build/host/sleeptrace" explain "$trace"
	exit "$rc"
fi
case "${MODE:-mem}" in
mem) ;;
*) echo "main-job: MODE must be mem (suspend-to-RAM) or disk (hibernation), not '$MODE'" >&2; exit 2 ;;
esac

echo "== booting the board; console in $log"
rm -f "$log"
rc=0
sh "$top/boot/qemu.sh" --plan main-job --timeout 120 --log "$log" >/dev/null || rc=$?
# No console log: the launcher refused to boot (and said why).
[ -f "$log" ] || exit "$rc"
grep '^vexpress-pm:' "$log" | grep -v 'trace begin\|trace data\|trace end'
sh "$top/tests/console-trace.sh" "$log" > "$out/main-job.trace"
[ -s "$out/main-job.trace" ] || { echo "main-job: no trace captured (guest status $rc)" >&2; exit 1; }
if [ "$board" = cubieboard ]; then
	echo "== the suspend-to-idle cycle to pm_test=platform, phase by phase (trace: $out/main-job.trace)"
else
	echo "== the suspend/resume cycle, phase by phase (trace: $out/main-job.trace)"
fi
# (the PMIC: the one the capture names, as the guest found it in its DT)
"$build/host/sleeptrace" explain "$out/main-job.trace"
if [ "$board" = cubieboard ]; then
	echo "== $(grep -c ' machine_suspend\[[0-9]*\] begin' "$out/main-job.trace") idle(s): pm_test=platform unwound the cycle after prepare_late"
	exit "$rc"
fi
# One round unless monitored: a stray interrupt is cleared inside enter
echo "== $(grep -c ' machine_suspend\[[0-9]*\] begin' "$out/main-job.trace") machine_suspend round(s), $(grep -c ' platform_stray_wake\[[0-9]*\] begin' "$out/main-job.trace") stray wake(s) filtered in enter"
exit "$rc"
