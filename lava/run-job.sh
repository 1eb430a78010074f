#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# run-job.sh JOB.yaml [OUTDIR] [--expect-fail PLAN.CASE]... [--sleep-runs N]
#
# Run one LAVA job (lava/make-jobs.sh) end to end on this machine with
# Debian's own dispatcher, lava-run (lava-dispatcher, lava-common), against
# a local "qemu" device: its configuration is LAVA 2023.01's device-type
# template, qemu.jinja2, rendered with the job's context as a LAVA server
# renders it (lava/qemu-device.sh, POSIX sh and awk; the lab checks it
# against its server's own rendering).
# Then judge LAVA's result output (the "results" entries of lava-run's log):
# the job itself passed, and so did LAVA's actions and each test run as a
# whole; every test case passed or was skipped, except the PLAN.CASE named
# by --expect-fail, which must have failed (so the wiring cannot report
# green on a failure); the sleep test has N passed rtcwake runs (default
# 10). Prints one KTAP line per judgement and
# "N passed, N failed"; exit status 0 only if all hold.
#
# The device's QEMU is QEMU if set (e.g. boot/qemu-backport.sh, Debian 12's
# QEMU 10 for the AXP209 profile), else qemu-system-arm: the device
# configuration's boot command names it, as a lab's device dictionary
# would for a worker whose qemu-system-arm lacks the board's PMIC.
#
# POSIX sh, awk, sed and jq (a C program): no Python of our own.
# Installs lava-dispatcher, lava-common and jq when they are missing (root,
# Debian 12); exit status 2 when the dispatcher cannot run the job at all:
# not root, no lava-run, the job's images missing, or a QEMU without the
# job's PMIC device model.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/scripts/build-dir.sh"
mkdir -p "$build"
job= out= expect= sleep_runs=10
while [ $# -gt 0 ]; do
	case "$1" in
	--expect-fail) expect="$expect $2"; shift ;;
	--sleep-runs) sleep_runs=$2; shift ;;
	-*) echo "run-job.sh: unknown argument '$1'" >&2; exit 2 ;;
	*) if [ -z "$job" ]; then job=$1; else out=$1; fi ;;
	esac
	shift
done
{ [ -n "$job" ] && [ -f "$job" ]; } || { echo "run-job.sh: no job file '${job}' (run 'make lava')" >&2; exit 2; }
job=$(cd "$(dirname "$job")" && pwd)/${job##*/}
out=${out:-$build/lava/run/$(basename "$job" .yaml)}
die() { echo "run-job.sh: $*" >&2; exit 2; }

[ "$(id -u)" = 0 ] || die "lava-run must run as root"

# The dispatcher: Debian 12 ships 2023.01. (jq reads its log.)
if ! command -v lava-run >/dev/null || ! command -v jq >/dev/null; then
	command -v apt-get >/dev/null || die "no lava-run or jq, and no apt-get to install lava-dispatcher and jq"
	echo "  APT     install lava-dispatcher lava-common jq"
	apt-get update -qq >/dev/null
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
		lava-dispatcher lava-common jq >/dev/null ||
		die "apt-get install lava-dispatcher lava-common jq failed"
fi

qemu=${QEMU:-qemu-system-arm}
case "$qemu" in
*/*) [ -x "$qemu" ] || die "QEMU=$qemu is not an executable"
	qemu=$(cd "$(dirname "$qemu")" && pwd)/${qemu##*/} ;;
*) command -v "$qemu" >/dev/null || die "the dispatcher has no $qemu (package qemu-system-arm)" ;;
esac

mkdir -p "$out"
rm -rf "$out/tmp" "$out/job.log" "$out/results.yaml" "$out/results.tsv"

# The device configuration: LAVA's qemu.jinja2 rendered with the job's
# context, as a LAVA server renders it (lava/qemu-device.sh); its boot
# command the QEMU (the template names the binary by arch only, so a lab's
# device dictionary names another one).
sh "$top/lava/qemu-device.sh" --command "$qemu" "$job" > "$out/device.yaml" ||
	die "cannot render the device configuration for $job (lava/qemu-device.sh)"

# The job's board (its context: machine, the -device models) and images
# (the deploy actions' url lines), as lava/make-jobs.sh writes them.
machine=$(sed -n 's/^  machine: *//p' "$job" | head -n 1)
for d in $(sed -n "s/^  - '-device \([^,' ]*\).*/\1/p" "$job"); do
	"$qemu" -M "$machine" -device help 2>/dev/null | grep -q "\"$d\"" ||
		die "the dispatcher's QEMU ($qemu: $("$qemu" --version 2>&1 | head -1)) has no '$d' device model, which the job's board needs"
done
# The QEMU version the board and profile need, which a -device model alone
# does not show (a board's own PMIC, as the cubieboard's AXP209, which
# keeps every write from QEMU 8.1 on): the launcher's check, which the
# suites use (boot/qemu.sh --check: status 3 names the version needed;
# its other errors, this build's images, are not the job's, whose own
# images are checked below). The job's metadata names both.
jboard=$(sed -n '/^metadata:/,/^[^ ]/s/^  board: *//p' "$job" | head -n 1)
jprof=$(sed -n '/^metadata:/,/^[^ ]/s/^  pmic: *//p' "$job" | head -n 1)
if [ -n "$jboard" ] && [ -n "$jprof" ]; then
	crc=0
	err=$(QEMU=$qemu sh "$top/boot/qemu.sh" --check --board "$jboard" --pmic "$jprof" 2>&1 >/dev/null) || crc=$?
	[ $crc != 3 ] ||
		die "the dispatcher's QEMU cannot run the job's board (QEMU $machine, PMIC $jprof): $(echo "$err" | head -n 1 | sed 's/^qemu\.sh: //')"
else
	echo "run-job.sh: the job's metadata names no board and PMIC: its QEMU's version is not checked" >&2
fi

missing=
for u in $(sed -n 's/^ *url: *//p' "$job" | sort -u); do
	case "$u" in
	file://*) [ -f "${u#file://}" ] || missing="$missing ${u#file://}" ;;
	esac
done
[ -z "$missing" ] || die "the job's images are missing:$missing (run 'make images lava')"

echo "  LAVA    lava-run $job (log: $out/job.log)"
t0=$(date +%s)
lrc=0
lava-run --job-id "$(basename "$job" .yaml)-$$" --output-dir "$out/tmp" \
	--device "$out/device.yaml" "$job" > "$out/job.log" 2>&1 || lrc=$?
t1=$(date +%s)
echo "# lava-run: $((t1 - t0)) s, exit $lrc"

# Judge LAVA's own results (lava/judge-job.sh).
# shellcheck disable=SC2086 # a word list by design
sh "$top/lava/judge-job.sh" "$out/job.log" "$out" "$sleep_runs" $expect
