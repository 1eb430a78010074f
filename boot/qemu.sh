#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Boot the vexpress-pm board in QEMU.
#
#   qemu.sh [--board a9|a15] [--interactive] [--plan NAME] [--append ARGS]
#           [--no-pmic] [--device SPEC]... [--dtb FILE] [--timeout SECONDS]
#           [--log FILE] [--icount[=OPTS]] [--smp N]
#
# --board (default $BOARD, else a9) picks the QEMU machine and its DTB:
#   a9   -M vexpress-a9,  vexpress-pm-ca9.dtb  (legacy map, RAM at 0x60000000)
#   a15  -M vexpress-a15, vexpress-pm-ca15.dtb (RS1 map, RAM at 0x80000000)
# Both run the same kernel. The uImage is linked for the A9's RAM, so the
# A15 boots the zImage, which QEMU places in its RAM and which relocates
# itself.
# --dtb boots FILE instead of the board DTB (tests/run-plan.sh passes an
# edited copy for "# dt-edit:" plans); --device adds "-device SPEC", e.g. a
# second TWL92230 at another address on the SBCon bus.
#
# --icount runs QEMU with "-icount OPTS" (default shift=1,sleep=off: one
# instruction every 2 ns of virtual time, idle time skipped), which makes
# the guest's clocks deterministic (make bench, most test plans), and
# "-rtc clock=vm", so the PL031 wake-up alarm that ends a suspend cycle is
# virtual time too: the idle guest jumps to it instead of waiting seconds
# of wall time. --smp N: CPUs (default 2);
# under -icount QEMU runs all CPUs round-robin on one thread, and with two
# the guest took minutes to reach /init (seen with QEMU 7.2): use 1 there.
# Without --interactive the serial console goes to stdout (and --log), the
# guest runs test plan NAME and powers off, and the exit status is the
# guest's verdict: the plan's exit status, 124 on a wall-clock timeout (the
# last console lines are shown), 125 if the guest stopped without a verdict.
# QEMU runs under timeout(1) with a kill fallback: it never outlives us.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
images=$(cd "$top" && mkdir -p "${BUILD:-build}/images" && cd "${BUILD:-build}/images" && pwd)
interactive=no plan= append= pmic=yes tmo=120 log= icount= extra= dtb= smp=2
board=${BOARD:-a9}

while [ $# -gt 0 ]; do
	case "$1" in
	--board) board=$2; shift ;;
	--interactive) interactive=yes ;;
	--plan) plan=$2; shift ;;
	--append) append="$append $2"; shift ;;
	--no-pmic) pmic=no ;;
	--device) extra="$extra -device $2"; shift ;;
	--dtb) dtb=$2; shift ;;
	--timeout) tmo=$2; shift ;;
	--log) log=$2; shift ;;
	--icount) icount="-icount shift=1,sleep=off -rtc clock=vm" ;;
	--icount=*) icount="-icount ${1#--icount=} -rtc clock=vm" ;;
	--smp) smp=$2; shift ;;
	*) echo "qemu.sh: unknown argument '$1'" >&2; exit 2 ;;
	esac
	shift
done

case "$board" in
a9) machine=vexpress-a9 kernel=uImage board_dtb=vexpress-pm-ca9.dtb ;;
a15) machine=vexpress-a15 kernel=zImage board_dtb=vexpress-pm-ca15.dtb ;;
*) echo "qemu.sh: unknown board '$board' (a9 or a15)" >&2; exit 2 ;;
esac

for f in $kernel $board_dtb rootfs.cpio.gz; do
	[ -f "$images/$f" ] || { echo "qemu.sh: missing $images/$f (run 'make images')" >&2; exit 2; }
done
dtb=${dtb:-$images/$board_dtb}
[ -f "$dtb" ] || { echo "qemu.sh: no such DTB $dtb" >&2; exit 2; }
qemu=${QEMU:-qemu-system-arm}
command -v "$qemu" >/dev/null || { echo "qemu.sh: $qemu not found (package qemu-system-arm)" >&2; exit 2; }
# QEMU 9.2 removed the TWL92230 model: say so rather than boot a board
# without its PMIC.
devices="-device tmp105,address=0x48"
if [ $pmic = yes ]; then
	"$qemu" -M $machine -device help 2>/dev/null | grep -q '"twl92230"' || {
		echo "qemu.sh: $qemu ($("$qemu" --version | head -1)) has no twl92230 device model (removed in QEMU 9.2); use Debian 12's QEMU 7.2" >&2
		exit 2
	}
	devices="-device twl92230,address=0x4a $devices"
fi
devices="$devices$extra"

# The CA9 tile's DT has four CPUs; QEMU runs -smp of them. maxcpus stops the
# kernel waiting for the others to come up (about 1.7 s of every boot).
# A few DT devices QEMU's board cannot satisfy stay deferred; by default
# the kernel re-probes them 10 s after boot, which lands inside a test's
# suspend cycle (seen: it coincided with a cycle that overran its RTC
# alarm, "Wakeup pending"). Keep them deferred for the whole boot.
cmdline="console=ttyAMA0 panic=-1 oops=panic maxcpus=$smp deferred_probe_timeout=3600${plan:+ plan=$plan}$append"
set -- -M $machine -smp "$smp" -m 256 -no-reboot $icount \
	-kernel "$images/$kernel" -dtb "$dtb" \
	-initrd "$images/rootfs.cpio.gz" $devices -append "$cmdline"

if [ $interactive = yes ]; then
	echo "qemu.sh: console on this terminal; 'poweroff -f' or Ctrl-a x quits"
	exec "$qemu" -nographic "$@"
fi

[ -n "$log" ] || log=$(mktemp)
mkdir -p "$(dirname "$log")"
{
	qrc=0
	timeout -k 5 "$tmo" "$qemu" -display none -monitor none -serial stdio "$@" \
		</dev/null 2>&1 || qrc=$?
	echo $qrc > "$log.rc"
} | tee "$log"
qrc=$(cat "$log.rc")
rm -f "$log.rc"
verdict=$(sed -n 's/^vexpress-pm: plan .* exit \([0-9]*\).*/\1/p' "$log" | tail -1)

last_lines() {
	echo "qemu.sh: $1; last console lines:" >&2
	tail -n 15 "$log" | sed 's/^/    /' >&2
}
if [ "$qrc" = 124 ] || [ "$qrc" = 137 ]; then
	last_lines "TIMEOUT after ${tmo}s"
	exit 124
elif [ -n "$verdict" ]; then
	exit "$verdict"
else
	last_lines "guest stopped without a verdict (QEMU exit $qrc)"
	exit 125
fi
