#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Boot the vexpress-pm board in QEMU.
#
#   qemu.sh [--board a9|a15|cubieboard] [--pmic twl92230|axp209] [--interactive]
#           [--plan NAME] [--append ARGS] [--no-pmic] [--device SPEC]... [--drive SPEC]...
#           [--dtb FILE] [--timeout SECONDS] [--log FILE] [--icount[=OPTS]]
#           [--smp N] [--qmp PATH] [--serial-in PATH] [--net-in PATH] [--sd FILE]
#           [--initrd NAME]
#
# --board (default $BOARD, else boot/board.sh's board_default) picks the
# QEMU machine and its DTB:
#   a9   -M vexpress-a9,  vexpress-pm-ca9.dtb  (legacy map, RAM at 0x60000000)
#   a15  -M vexpress-a15, vexpress-pm-ca15.dtb (RS1 map, RAM at 0x80000000)
#   cubieboard  -M cubieboard, sun4i-a10-cubieboard-pm.dtb (mainline's
#        Cubieboard DT and the AXP209's sleep configuration, dts/allwinner/;
#        Allwinner A10, one Cortex-A8, 512 MiB; console
#        ttyS0): QEMU's board puts its AXP209 on the SoC's TWI0 itself, so
#        its profile is axp209, with no -device (docs/cubieboard.md)
# All run the same kernel. The uImage (uncompressed) is linked for the
# A9's RAM, so the A15 and the cubieboard boot the zImage, which QEMU
# places in their RAM and which relocates itself.
# --pmic (default $PMIC) picks the PMIC profile: the model on the SBCon bus
# and the DTB that describes it. No single QEMU has both models:
#   twl92230  -device twl92230,address=0x4a, vexpress-pm-ca9.dtb (-ca15);
#             QEMU 9.1 and older (9.2 removed the model)
#   axp209    -device axp209_pmu,address=0x34, vexpress-pm-ca9-axp209.dtb
#             (-ca15-axp209); QEMU 8.1 and later (8.0's model keeps only
#             writes to the DCDC2 voltage)
# Without one, the profile is the one the QEMU binary offers (-device help),
# twl92230 where it has both (8.1-9.1), as on Debian 12's 7.2. QEMU names
# the binary (default qemu-system-arm); on Debian 12, QEMU=boot/qemu-backport.sh
# runs the QEMU 10 that 'make deps' unpacked. A profile the binary cannot
# run is refused, naming the QEMU version it needs, or, where the release
# has the model but this build has not, a build with it (the version is
# compared as MAJOR.MINOR numbers, 11.1 after 9.2; tests/launcher-selftest.sh).
# --initrd NAME boots the initramfs NAME of the build's images instead of
# the board's rootfs.cpio (the runner's fixtures: rootfs-fixtures.cpio).
# --dtb boots FILE instead of the board DTB (tests/run-plan.sh passes an
# edited copy for "# dt-edit:" plans); --device adds "-device SPEC", e.g. a
# second TWL92230 at another address on the SBCon bus; --drive adds
# "-drive SPEC", e.g. "if=sd,id=sd0": the MMC slot, empty, for a host
# script to insert a card into.
# --serial-in PATH: the console also takes input from the UNIX socket PATH
# (a QEMU chardev socket server; the host writes into it, e.g. with
# build/host/qmp --send), for a plan's host-side script.
# --net-in PATH: the board's NIC (the cubieboard's A10 EMAC) on a QEMU
# dgram netdev bound to the UNIX datagram socket PATH: a datagram the host
# sends there (build/host/qmp --frame) is an Ethernet frame off the wire;
# the frames the guest sends go to PATH.out, which nothing binds, and are
# dropped. QEMU 7.2 and later (the dgram netdev).
# --qmp PATH opens a QMP server on the UNIX socket PATH, for a host-side
# script that changes the board while the guest runs (a test plan's
# "# host:" script: the TMP105's temperature, with qom-set).
# --sd FILE puts the raw image FILE in the board's SD card slot (QEMU wants a
# power-of-2 size: boot/sd-image.sh makes one): on vexpress the MMCI's, a
# member of the PMIC-switched VMMC domain, so hibernation writes its image
# through it; on the cubieboard the A10's own SD host's (QEMU's
# allwinner-sdhost-sun4i, Linux's sunxi-mmc), the same -drive if=sd.
#
# --icount runs QEMU with "-icount OPTS" (default shift=1,sleep=off: one
# instruction every 2 ns of virtual time, idle time skipped), which makes
# the guest's clocks deterministic (make bench, most test plans), and
# "-rtc clock=vm", so the PL031 wake-up alarm that ends a suspend cycle is
# virtual time too: the idle guest jumps to it instead of waiting seconds
# of wall time. --smp N: CPUs (default 2, or the one a cubieboard has);
# under -icount QEMU runs all CPUs round-robin on one thread, and with two
# the guest took minutes to reach /init (seen with QEMU 7.2): use 1 there.
# Without --interactive the serial console goes to stdout (and --log), the
# guest runs test plan NAME and ends (rootfs/init), and the exit status is the
# guest's verdict: the plan's exit status, 124 on a wall-clock timeout (the
# last console lines are shown), 125 if the guest stopped without a verdict.
# QEMU runs under timeout(1) with a kill fallback: it never outlives us.
# --check only checks that this QEMU runs the profile and the images are
# there (tests/run.sh asks it which QEMU runs each profile). Exit status 3
# when this QEMU has no model of the profile's PMIC (the message names the
# QEMU version that has), 2 on any other error (a missing image or DTB).
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/scripts/build-dir.sh"
mkdir -p "$build/images"
images=$build/images
serial_in= net_in= interactive=no plan= append= pmic=yes tmo=120 log= icount= extra= dtb= smp= check=no qmp= sd= sdfile=
initrd=rootfs.cpio
me=qemu.sh
. "$top/boot/board.sh"
# A path put into a QEMU option's value ("path=", "file=", "unix:"): QEMU
# reads a comma there as the option's end unless it is doubled.
optpath() { printf '%s\n' "$1" | sed 's/,/,,/g'; }
board=${BOARD:-$board_default} profile=${PMIC:-}

while [ $# -gt 0 ]; do
	case "$1" in
	--board) board=$2; shift ;;
	--pmic) profile=$2; shift ;;
	--interactive) interactive=yes ;;
	--check) check=yes ;;
	--plan) plan=$2; shift ;;
	--append) append="$append $2"; shift ;;
	--no-pmic) pmic=no ;;
	--device) extra="$extra -device $2"; shift ;;
	--drive) extra="$extra -drive $2"; shift ;;
	--dtb) dtb=$2; shift ;;
	--initrd) initrd=$2; shift ;;
	--timeout) tmo=$2; shift ;;
	--log) log=$2; shift ;;
	--icount) icount="-icount shift=1,sleep=off -rtc clock=vm" ;;
	--icount=*) icount="-icount ${1#--icount=} -rtc clock=vm" ;;
	--smp) smp=$2; shift ;;
	--qmp) qmp="-qmp unix:$(optpath "$2"),server,nowait"; shift ;;
	--serial-in) serial_in=$2; shift ;;
	--net-in) net_in=$2; shift ;;
	--sd) sdfile=$2; sd="-drive if=sd,format=raw,file=$(optpath "$2")"; shift ;;
	*) echo "qemu.sh: unknown argument '$1'" >&2; exit 2 ;;
	esac
	shift
done

board_of "$board" || exit 2
# (the profile may be left to this QEMU's models: checked here, set below;
# a board with its own PMIC has that one)
profile=${profile:-$own_pmic}
[ -z "$profile" ] || profile_of "$profile" || exit 2
# (default: two CPUs where the machine has them)
[ -n "$smp" ] || { smp=2; [ "$cpus" -ge 2 ] || smp=$cpus; }
[ "$smp" -le "$cpus" ] || { echo "qemu.sh: --smp $smp: QEMU $machine has $cpus CPU(s)" >&2; exit 2; }
[ $pmic = yes ] || [ -z "$own_pmic" ] ||
	{ echo "qemu.sh: --no-pmic: QEMU $machine puts its $own_pmic on the bus itself" >&2; exit 2; }

qemu=${QEMU:-qemu-system-arm}
command -v "$qemu" >/dev/null || { echo "qemu.sh: $qemu not found (package qemu-system-arm)" >&2; exit 2; }

# The profile: what this QEMU offers, checked against what was asked for,
# rather than boot a board whose PMIC QEMU cannot model.
# Asking QEMU (--version, -device help) takes two QEMU starts, about 0.4 s
# of CPU, and a test run asks three times for every suite (run-suite.sh,
# plan-runnable.sh, the boot): tests/run.sh names a directory,
# QEMU_PROBES, where the answers are kept for that run, one file per QEMU
# and machine.
memo=
[ -z "${QEMU_PROBES:-}" ] ||
	memo=$QEMU_PROBES/$(printf '%s %s' "$qemu" "$machine" | cksum | cut -d' ' -f1)
if [ -n "$memo" ] && [ -f "$memo" ]; then
	{ IFS= read -r qver; IFS= read -r models; } < "$memo"
else
	qver=$("$qemu" --version 2>&1) || :
	case "$qver" in
	"QEMU emulator version "[0-9]*) qver=$(echo "$qver" | sed -n '1s/^QEMU emulator version \([0-9.]*\).*/\1/p') ;;
	*) echo "qemu.sh: $qemu --version does not name a QEMU version: $(echo "$qver" | head -1)" >&2; exit 2 ;;
	esac
	# (its status counts: a QEMU that failed to answer is an error, not a
	# QEMU without the models, and its answer is not kept for the run)
	help=$("$qemu" -M $machine -device help 2>&1) ||
		{ echo "qemu.sh: $qemu -M $machine -device help failed: $(echo "$help" | tail -1)" >&2; exit 2; }
	models=$(echo "$help" | grep -oE '"(twl92230|axp209_pmu)"' | tr -d '"' | tr '\n' ' ')
	# (whole or not at all: parallel suites read it)
	[ -z "$memo" ] || { printf '%s\n%s\n' "$qver" "$models" > "$memo.$$" && mv "$memo.$$" "$memo"; }
fi
# MAJOR MINOR, compared as numbers: 10.0 and 11.1 come after 9.2.
# shellcheck disable=SC2046 # two words
set -- $(echo "$qver" | sed -n 's/^\([0-9]*\)\.\([0-9]*\).*/\1 \2/p') 0 0
qnum=$(($1 * 100 + $2))
has_twl=no has_axp=no old_axp=
case " $models" in *" twl92230 "*) has_twl=yes ;; esac
# 8.0 has axp209_pmu too, but it keeps only writes to the DCDC2 voltage.
case " $models" in *" axp209_pmu "*)
	if [ $qnum -lt 801 ]; then
		old_axp="; its axp209_pmu keeps writes to the DCDC2 voltage only"
	else
		has_axp=yes
	fi ;;
esac
# With --no-pmic the profile only picks the DTB (a board whose PMIC is absent).
if [ -z "$profile" ]; then
	if [ $has_twl = yes ]; then profile=twl92230
	elif [ $has_axp = yes ]; then profile=axp209
	elif [ $pmic = no ]; then profile=twl92230
	else
		echo "qemu.sh: $qemu (QEMU $qver) has no PMIC model the board supports: looked for twl92230 (QEMU 9.1 and older; 9.2 removed it) and axp209_pmu (QEMU 8.1 and later)$old_axp" >&2
		exit 3
	fi
fi
# What the profile needs, where this QEMU has not got it: a release that
# has the model, or, where the release should have had it, a build of it
# that includes the model (a distribution may configure devices out).
need=
case $profile in
twl92230) if [ $has_twl = no ]; then
		if [ $qnum -ge 902 ]; then
			need="QEMU 9.1 or older (9.2 removed the twl92230 model)"
		else
			need="a QEMU built with the twl92230 model (9.1 and older have it)"
		fi
	fi ;;
axp209) if [ $has_axp = no ]; then
		if [ $qnum -lt 801 ]; then
			need="QEMU 8.1 or later (axp209_pmu, every register write kept; on Debian 12 'make deps' fetches QEMU 10: QEMU=boot/qemu-backport.sh)"
		else
			need="a QEMU built with the axp209_pmu model (8.1 and later have it)"
		fi
	fi ;;
esac
if [ $pmic = yes ] && [ -n "$need" ]; then
	hint=
	[ $has_axp = no ] || hint=", which runs PMIC=axp209"
	echo "qemu.sh: PMIC $profile needs $need; $qemu is QEMU $qver$hint$old_axp" >&2
	exit 3
fi
# (after the QEMU's models: --check tells a QEMU without the model, 3,
# from a build without its images, 2)
for f in $kernel $initrd; do
	[ -f "$images/$f" ] || { echo "qemu.sh: missing $images/$f (run 'make images')" >&2; exit 2; }
done
profile_of "$profile"
if [ -z "$dtb" ]; then
	dtb=$images/$board_dtb
	[ -f "$dtb" ] || { echo "qemu.sh: missing $dtb (run 'make images')" >&2; exit 2; }
fi
[ -f "$dtb" ] || { echo "qemu.sh: no such DTB $dtb" >&2; exit 2; }
[ -z "$sdfile" ] || [ -f "$sdfile" ] || { echo "qemu.sh: no such SD card image $sdfile" >&2; exit 2; }
devices=
[ -z "$sensor" ] || devices="-device $sensor"
[ $pmic = no ] || [ -z "$pmic_dev" ] || devices="-device $pmic_dev $devices"
devices="$devices$extra"
[ -z "$net_in" ] || devices="$devices -netdev dgram,id=net-in,local.type=unix,local.path=$(optpath "$net_in"),remote.type=unix,remote.path=$(optpath "$net_in.out") -net nic,netdev=net-in"
# --check: everything above holds (this QEMU runs this profile, the images
# are there); boot nothing.
[ $check = no ] || { echo "QEMU $qver, PMIC $profile"; exit 0; }

# The CA9 tile's DT has four CPUs; QEMU runs -smp of them. maxcpus stops the
# kernel waiting for the others to come up (about 1.7 s of every boot).
cmdline="$(board_cmdline) maxcpus=$smp${plan:+ plan=$plan}$append"
set -- -M $machine -smp "$smp" -m "$ram" -no-reboot $audio $icount $qmp $sd \
	-kernel "$images/$kernel" -dtb "$dtb" \
	-initrd "$images/$initrd" $devices -append "$cmdline"

if [ $interactive = yes ]; then
	echo "qemu.sh: console on this terminal; 'poweroff -f' or Ctrl-a x quits"
	exec "$qemu" -nographic "$@"
fi

[ -n "$log" ] || log=$(mktemp)
mkdir -p "$(dirname "$log")"
{
	what="PMIC $profile"
	[ -n "$pmic_dev" ] || what="$what (the board's own)"
	[ $pmic = yes ] || what="no PMIC device ($profile profile)"
	echo "qemu.sh: QEMU $qver, $what, $(basename "$dtb")"
	qrc=0
	serial="-serial stdio"
	# (with --serial-in the console's input is a UNIX socket, its output
	# stdout, through a chardev hub, QEMU 10.0 and later; stdout as a file
	# chardev, since the hub writes to no backend it counts closed, and a
	# stdio one is, at the end of its </dev/null; the hub is serial0, as
	# -serial stdio's chardev is, for QMP)
	[ -z "$serial_in" ] || serial="-chardev file,id=con-out,path=/dev/stdout -chardev socket,id=con-in,path=$(optpath "$serial_in"),server=on,wait=off -chardev hub,id=serial0,chardevs.0=con-out,chardevs.1=con-in -serial chardev:serial0"
	# shellcheck disable=SC2086 # serial is a word list
	timeout -k 5 "$tmo" "$qemu" -display none -monitor none $serial "$@" \
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
