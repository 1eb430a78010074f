#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# 'make figure': docs/tutorial.md's picture of the sequence,
# docs/figures/suspend-cycle.svg, drawn by tools/sleeptrace/figure.awk
# (-v svg=1) from the trace of the sleeptrace-board plan's deep cycle (one
# CPU under -icount: virtual time, whose numbers repeat). Run the plan
# first (sh tests/run-plan.sh sleeptrace-board, or make test
# PLANS=sleeptrace-board). The picture says when the trace was taken
# (the capture's date, UTC), on which QEMU and gcc (its console), and the
# commands that draw it again. tests/tutorial-check.sh draws it again from
# each test run's trace and compares the order of its rows.
#
#   figure.sh [OUT]    (default docs/figures/suspend-cycle.svg)
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/scripts/build-dir.sh"
. "$top/scripts/kernel-banner.sh"
out=${1:-$top/docs/figures/suspend-cycle.svg}
plan='sleeptrace-board'
trace=$build/results/$plan.log.trace
log=$build/results/$plan.log
sleeptrace=$build/host/sleeptrace

[ -s "$trace" ] || {
	echo "figure: no $trace: run the plan first (sh tests/run-plan.sh $plan)" >&2
	exit 2
}
[ -x "$sleeptrace" ] || { echo "figure: no $sleeptrace (make host)" >&2; exit 2; }
[ -f "$log" ] || { echo "figure: no $log, the plan's console: run the plan again (sh tests/run-plan.sh $plan)" >&2; exit 2; }
# What the numbers depend on: the QEMU and the kernel's gcc, from the
# plan's console (the launcher's first line, the kernel's banner). Each
# read on its own: a console without one of the lines says "?" for what
# that line gives, and only that (not the other line's words shifted into
# its place), and the missing line is named on stderr.
# The launcher names the PMIC profile, or says it gave the board none
# ("no PMIC device (P profile)"); the banner names gcc or clang
# (kernel_banner, scripts/kernel-banner.sh).
qemu_line=$(tr -d '\r' < "$log" | sed -n -e 's/^qemu\.sh: QEMU \([0-9.]*\), PMIC \([^ ,]*\)[ ,].*/\1 \2/p' \
	-e 's/^qemu\.sh: QEMU \([0-9.]*\), no PMIC device .*/\1 no/p' | head -n 1)
linux_line=$(kernel_banner "$log")
qemu=${qemu_line%% *} pmic=${qemu_line#* }
kver=${linux_line%% *} cc=${linux_line#* }
[ -n "$qemu_line" ] || { qemu='?' pmic='?'
	echo "figure: no QEMU line (\"qemu.sh: QEMU V, PMIC P, ...\") in $log: QEMU and PMIC shown as ?" >&2; }
[ -n "$linux_line" ] || { kver='?' cc='compiler ?'
	echo "figure: no kernel banner (\"Linux version V ... gcc|clang ... V\") in $log: kernel and compiler shown as ?" >&2; }
date=$(date -u -r "$trace" +%Y-%m-%d)
pmic=$(echo "$pmic" | tr '[:lower:]' '[:upper:]')
title="One deep suspend-to-RAM cycle of the vexpress-pm board: Linux $kver with the $pmic PMIC, one CPU, virtual time (-icount)"
[ "$pmic" != NO ] ||
	title="One deep suspend-to-RAM cycle of the vexpress-pm board: Linux $kver without a PMIC, one CPU, virtual time (-icount)"
caption="The $plan plan's trace of $date (QEMU $qemu, $cc), drawn by: sh tests/run-plan.sh $plan && make figure"
"$sleeptrace" explain "$trace" > "$out.explain"
awk -v svg=1 -v title="$title" -v caption="$caption" \
	-f "$top/tools/sleeptrace/figure.awk" "$out.explain" > "$out.tmp"
rm -f "$out.explain"
mv "$out.tmp" "$out"
echo "  FIGURE  $out"
