# SPDX-License-Identifier: GPL-2.0
# The one table of the board as QEMU emulates it, sourced by the launcher
# (boot/qemu.sh) and the LAVA jobs (lava/make-jobs.sh), so both boot the
# same machine with the same devices and kernel command line.
#
# board_of BOARD: machine (QEMU -M), cpu (LAVA's context), tile (the DTB's
# CoreTile part), kernel (the image the launcher boots: U-Boot's uImage
# on the a9, whose legacy map the zImage also boots; LAVA boots zImage),
# ram (MiB), cpus (the most the machine has), console (the kernel's),
# audio (QEMU options that keep the host's audio out; vexpress's PL041),
# sensor (QEMU -device of the TMP105, empty where the board has no bus for
# it) and own_pmic: the PMIC profile of a board whose QEMU machine puts
# the PMIC on its I2C bus itself (empty: the profile picks one, -device).
# For the LAVA jobs (lava/make-jobs.sh): nic, the NIC model of the
# machine (LAVA's qemu.jinja2 always adds "-net nic,model=NIC"; QEMU
# creates no NIC of another model on these machines, it warns "requested
# NIC ... was not created"), and rtcwake: yes where "rtcwake -d rtc0 -m
# mem" can run (the jobs' KernelCI-style sleep test: the board suspends to
# RAM and its RTC's alarm wakes it), else no.
# profile_of PROFILE: pmic_dev (QEMU -device of the PMIC, empty for a
# board's own) and board_dtb (the board DTB's file name), after board_of.
# Each returns 2, saying why (as $me, the caller's name), on a name it
# does not know or a profile the board cannot have.
# board_names and profile_names: every board and profile of this table;
# board_pairs: those of them that go together. board_default: the board
# when none is named (BOARD unset, a plan without "# board:"): the
# Makefile's BOARD, the launcher, the runner, plan-runnable.sh, the main
# job, lava/make-jobs.sh and the lab's jobs all read it here.
#
# The cubieboard is QEMU's Allwinner A10 board (QEMU 7.2 and later; its
# AXP209 at 0x34 on the SoC's TWI0 since 8.0, every write kept since 8.1),
# booted with the project's sun4i-a10-cubieboard-pm.dtb: mainline's DT,
# included unchanged, and the AXP209's sleep configuration
# (dts/allwinner/, docs/cubieboard.md). QEMU takes 512 MiB or 1 GiB of
# RAM there, nothing else. Its NIC is the A10's EMAC (allwinner-emac, the
# only model "-M cubieboard -net nic,model=help" lists, QEMU 10); it
# offers s2idle only and its RTC has no wake alarm: no rtcwake.
board_names="a9 a15 cubieboard"
board_default=a9
profile_names="twl92230 axp209"
board_of() {
	case $1 in
	a9) machine=vexpress-a9 cpu=cortex-a9 tile=ca9 kernel=uImage ;;
	a15) machine=vexpress-a15 cpu=cortex-a15 tile=ca15 kernel=zImage ;;
	cubieboard)
		# (with BOARD_RAM, make test-debug's kernel: QEMU's other size
		# for the board, 1 GiB; at 512 MiB its hibernation image was
		# 1910 pages short)
		ram=512
		[ -z "${BOARD_RAM:-}" ] || ram=1024
		machine=cubieboard cpu=cortex-a8 tile='' kernel=zImage cpus=1
		console=ttyS0,115200 sensor='' own_pmic=axp209 audio=''
		nic=allwinner-emac rtcwake=no
		return 0 ;;
	*) echo "$me: unknown board '$1' ($board_names)" >&2; return 2 ;;
	esac
	# (BOARD_RAM: more for make test-debug's kernel, whose KASAN shadow
	# takes an eighth: at 256 MiB its hibernation image found no memory)
	ram=${BOARD_RAM:-256} cpus=4 console=ttyAMA0 sensor=$BOARD_SENSOR own_pmic=
	audio=$BOARD_AUDIO nic=lan9118 rtcwake=yes
}
profile_of() {
	if [ -n "$own_pmic" ]; then
		[ "$1" = "$own_pmic" ] ||
			{ echo "$me: the $machine board has its own PMIC, $own_pmic, not '$1'" >&2; return 2; }
		pmic_dev='' board_dtb=sun4i-a10-cubieboard-pm.dtb
		return 0
	fi
	case $1 in
	twl92230) pmic_dev=twl92230,address=0x4a board_dtb=vexpress-pm-$tile.dtb ;;
	axp209) pmic_dev=axp209_pmu,address=0x34 board_dtb=vexpress-pm-$tile-axp209.dtb ;;
	*) echo "$me: unknown PMIC profile '$1' ($profile_names)" >&2; return 2 ;;
	esac
}
# board_pairs [BOARDS] [PROFILES]: "BOARD/PROFILE" for each board and
# profile of this table (or of the names given, which must be in it) that
# go together: profile_of refuses the rest (the cubieboard has its own
# AXP209, no TWL92230). Returns 2, saying why, on a name it does not know
# or when no pair is left. (In a subshell: board_of sets the board's
# variables.)
board_pairs() (
	set -f	# (names from users: no globbing)
	for _b in ${1:-$board_names}; do board_of "$_b" > /dev/null || return 2; done
	for _p in ${2:-$profile_names}; do
		case " $profile_names " in
		*" $_p "*) ;;
		*) echo "$me: unknown PMIC profile '$_p' ($profile_names)" >&2; return 2 ;;
		esac
	done
	_pairs=
	for _b in ${1:-$board_names}; do
		board_of "$_b"
		for _p in ${2:-$profile_names}; do
			! profile_of "$_p" 2> /dev/null || _pairs="$_pairs $_b/$_p"
		done
	done
	[ -n "$_pairs" ] ||
		{ echo "$me: no board and profile of '${1:-$board_names}' and '${2:-$profile_names}' go together (boot/board.sh)" >&2; return 2; }
	echo $_pairs
)

# The TMP105 beside the PMIC on the SBCon bus (QEMU -device), every profile
BOARD_SENSOR=tmp105,address=0x48

# No host audio for vexpress's AACI (PL041): QEMU's default backend opens
# ALSA, whose "cannot find card" lines start most consoles of a machine
# without a sound card. (7.2's "-audio none" wants a model too; this form
# serves 7.2 to 11.)
BOARD_AUDIO="-audiodev none,id=noaudio -global pl041.audiodev=noaudio"

# The kernel command line, before maxcpus= and a plan's own arguments
# (vexpress's console; the launcher puts the board's console first). A
# few DT devices QEMU's board cannot satisfy stay deferred; by default the
# kernel re-probes them 10 s after boot, which lands inside a test's
# suspend cycle (seen: it coincided with a cycle that overran its RTC
# alarm, "Wakeup pending"), so they stay deferred for the whole boot.
BOARD_CMDLINE="console=ttyAMA0 panic=-1 oops=panic deferred_probe_timeout=3600"
# board_cmdline: BOARD_CMDLINE with the board's console (after board_of)
board_cmdline() { echo "console=$console ${BOARD_CMDLINE#console=ttyAMA0 }"; }
