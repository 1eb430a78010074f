#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# 'make bench': boot the board under QEMU's -icount (boot/qemu.sh --icount:
# virtual time advances per instruction and jumps over idle, so guest-side
# times are reproducible and independent of host load) with one CPU (with
# two, -icount made the guest crawl: qemu.sh), run rootfs/bench.sh
# and print two tables: the suspend/resume phases of one cycle
# (sleeptrace phases) and our I2C driver against upstream's i2c-versatile
# (i2c-algo-bit) on the same SBCon bus. BENCH_N transfers of each kind
# (default 2000). Exit 1 if the guest did not finish the benchmark.
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/scripts/build-dir.sh"
out=$build/bench
mkdir -p "$out"
log=$out/bench.log
n=${BENCH_N:-2000}
# One instruction every 2^1 ns of virtual time (a 500 MIPS CPU); sleep=off
# jumps over idle time instead of waiting for the host's clock, which is
# what makes the guest's times deterministic (QEMU's -icount docs).
icount=${ICOUNT:-shift=1,sleep=off}

echo "== booting the board with -icount $icount -smp 1; console in $log"
t0=$(date +%s)
rm -f "$log"
rc=0
# Unknown kernel parameters reach /init's environment: BENCH_N for bench.sh
sh "$top/boot/qemu.sh" --plan bench --icount="$icount" --smp 1 --timeout 900 --log "$log" \
	--append "BENCH_N=$n" >/dev/null || rc=$?
# No console log: the launcher refused to boot (and said why).
[ -f "$log" ] || exit "$rc"
echo "== guest status $rc after $(($(date +%s) - t0)) s of wall time"
sh "$top/tests/console-trace.sh" "$log" > "$out/suspend.trace"
grep -q '^bench: restored' "$log" || {
	echo "bench: the guest did not finish; last lines of $log:" >&2
	tr -d '\r' < "$log" | tail -n 15 >&2
	exit 1
}

echo
echo "### Suspend/resume phases (one deep cycle, virtual time)"
echo
"$build/host/sleeptrace" phases "$out/suspend.trace"

echo
echo "### I2C: one PMIC register read (1 byte) and write (2 bytes), $n of each"
echo
tr -d '\r' < "$log" | awk -f "$top/scripts/jobs/bench-i2c.awk"
echo
grep -E '^bench: (restored|.* has )' "$log" | tr -d '\r'
exit "$rc"
