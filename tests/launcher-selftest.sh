#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The launcher's own tests: boot/qemu.sh --check, given stand-in QEMU
# binaries that answer --version and -device help as the real releases do,
# must pick the profile each release can run and refuse, exit 3, with a
# message naming the profile, the QEMU version it needs and the one it got,
# a profile the binary cannot run. The stand-ins cover the releases that
# matter: 7.2 (twl92230 only), 8.0 (an axp209_pmu that keeps only DCDC2
# writes), 8.2 (both), 10.0 and 11.1 (axp209_pmu only), an 11.1 and a 7.2
# built without their model, and a binary that names no version; and a
# run's kept answers (QEMU_PROBES) decide as the QEMU's own did. On the
# cubieboard (its own AXP209, no -device) the profile is the board's:
# QEMU 10 runs it, 7.2 is refused naming 8.1, and the TWL92230 is refused.
# A plan that needs a QEMU patch ("# qemu-patch: 0001") runs only on a
# QEMU whose --version names it (scripts/build-qemu-patched.sh's), and
# skips on any other with a reason that starts "needs" and names the build
# (tests/plan-runnable.sh).
# A path with a comma reaches QEMU's option values (--serial-in, --qmp,
# --sd) with the comma doubled, as QEMU reads a literal one.
# Prints an indented KTAP subtest, then "# counts: PASSED FAILED SKIPPED".
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
pass=0 fail=0 skip=0 n=0
. "$top/tests/ktap-result.sh"
# verdict NAME FOUND OUT: ok if the caller found nothing wrong ($bad
# empty), FOUND said; else not ok, $bad said and OUT (what ran printed)
# shown
verdict() {
	if [ -z "$bad" ]; then
		result ok "launcher.$1: $2"
	else
		printf '%s\n' "$3" > "$tmp/out"
		result fail "launcher.$1: $bad" "$tmp/out"
	fi
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Every check asks its stand-in itself, not a run's answers (run.sh)
unset QEMU_PROBES

# qemu.sh --check wants the images there; empty files do.
mkdir -p "$tmp/build/images"
for f in uImage zImage rootfs.cpio vexpress-pm-ca9.dtb vexpress-pm-ca9-axp209.dtb \
	 sun4i-a10-cubieboard-pm.dtb; do
	: > "$tmp/build/images/$f"
done

# fake NAME VERSION-LINE MODEL...: a stand-in qemu-system-arm (a boot
# runs $fake_boot, if set; else it fails)
fake() {
	name=$1 ver=$2
	shift 2
	{
		echo '#!/bin/sh'
		echo 'case " $* " in'
		echo "*\" --version \"*) echo '$ver'; echo 'Copyright (c) 2003-2026 Fabrice Bellard and the QEMU Project developers' ;;"
		echo '*" -device help "*)'
		echo '	echo "I2C devices:"'
		for m in "$@" tmp105 pca9552; do
			echo "	echo 'name \"$m\", bus i2c-bus'"
		done
		echo '	;;'
		printf '%s\n' "*) ${fake_boot:-exit 1} ;;"
		echo 'esac'
	} > "$tmp/$name"
	chmod +x "$tmp/$name"
}
fake q72 "QEMU emulator version 7.2.22 (Debian 1:7.2+dfsg-7+deb12u18)" twl92230
fake q80 "QEMU emulator version 8.0.5" twl92230 axp209_pmu
fake q82 "QEMU emulator version 8.2.2 (Debian 1:8.2.2+ds-0ubuntu1)" twl92230 axp209_pmu
fake q100 "QEMU emulator version 10.0.13 (Debian 1:10.0.13+ds-0+deb13u1)" axp209_pmu axp221_pmu
fake q111 "QEMU emulator version 11.1.3 (Debian 1:11.1.3+ds-2~bpo13+1)" axp209_pmu axp221_pmu
fake q111bare "QEMU emulator version 11.1.3" isl69260
fake q72bare "QEMU emulator version 7.2.22" isl69260
fake qnover "qemu-system-arm: not a QEMU"
fake q100p1 "QEMU emulator version 10.0.13 (Debian 1:10.0.13+ds-0+deb13u1; qemu-patches 0001)" axp209_pmu
fake q100p2 "QEMU emulator version 10.0.13 (Debian 1:10.0.13+ds-0+deb13u1; qemu-patches 0002)" axp209_pmu

# check NAME QEMU PMIC WANT-STATUS WANT-TEXT...: qemu.sh --check with this
# QEMU and PMIC (empty: let it pick) exits WANT-STATUS and prints every
# WANT-TEXT (stdout and stderr together), on board $board (default a9).
board=a9
check() {
	name=$1 q=$2 prof=$3 want=$4
	shift 4
	out=$(BOARD=$board BUILD=$tmp/build QEMU=$tmp/$q PMIC=$prof sh "$top/boot/qemu.sh" --check 2>&1)
	got=$?
	bad=
	[ "$got" = "$want" ] || bad="exit $got, not $want"
	for t in "$@"; do
		case "$out" in *"$t"*) ;; *) bad="${bad:+$bad; }no '$t'" ;; esac
	done
	verdict "$name" "$(echo "$out" | head -n 1)" "$out"
}

check 7.2-default q72 "" 0 "QEMU 7.2.22, PMIC twl92230"
check 7.2-axp209-refused q72 axp209 3 "PMIC axp209 needs QEMU 8.1 or later" "is QEMU 7.2.22"
check 8.0-axp209-refused q80 axp209 3 "PMIC axp209 needs QEMU 8.1 or later" "is QEMU 8.0.5" \
	"keeps writes to the DCDC2 voltage only"
check 8.0-default q80 "" 0 "QEMU 8.0.5, PMIC twl92230"
check 8.2-default q82 "" 0 "QEMU 8.2.2, PMIC twl92230"
check 8.2-axp209 q82 axp209 0 "QEMU 8.2.2, PMIC axp209"
check 10.0-default q100 "" 0 "QEMU 10.0.13, PMIC axp209"
check 10.0-twl92230-refused q100 twl92230 3 "PMIC twl92230 needs QEMU 9.1 or older" \
	"is QEMU 10.0.13, which runs PMIC=axp209"
check 11.1-default q111 "" 0 "QEMU 11.1.3, PMIC axp209"
check 11.1-axp209 q111 axp209 0 "QEMU 11.1.3, PMIC axp209"
check 11.1-twl92230-refused q111 twl92230 3 "PMIC twl92230 needs QEMU 9.1 or older" \
	"is QEMU 11.1.3, which runs PMIC=axp209"
check 11.1-no-model-refused q111bare "" 3 "QEMU 11.1.3) has no PMIC model the board supports" \
	"twl92230 (QEMU 9.1 and older" "axp209_pmu (QEMU 8.1 and later)"
check 11.1-no-model-axp209-refused q111bare axp209 3 \
	"PMIC axp209 needs a QEMU built with the axp209_pmu model (8.1 and later have it)" "is QEMU 11.1.3"
check 7.2-no-model-twl92230-refused q72bare twl92230 3 \
	"PMIC twl92230 needs a QEMU built with the twl92230 model (9.1 and older have it)" "is QEMU 7.2.22"
check no-version qnover "" 2 "does not name a QEMU version: qemu-system-arm: not a QEMU"
check unknown-profile q111 twl4030 2 "unknown PMIC profile 'twl4030' (twl92230 axp209)"
board=cubieboard
check cubieboard-10.0-default q100 "" 0 "QEMU 10.0.13, PMIC axp209"
check cubieboard-10.0-axp209 q100 axp209 0 "QEMU 10.0.13, PMIC axp209"
check cubieboard-7.2-refused q72 "" 3 "PMIC axp209 needs QEMU 8.1 or later" "is QEMU 7.2.22"
check cubieboard-twl92230-refused q100 twl92230 2 "the cubieboard board has its own PMIC, axp209, not 'twl92230'"
# runnable NAME QEMU WANT-STATUS [WANT-TEXT]: tests/plan-runnable.sh on a
# cubieboard plan with "# qemu-patch: 0001" exits WANT-STATUS and prints
# WANT-TEXT (nothing if none is given)
printf '%s\n' '#!/bin/sh' '# board: cubieboard' '# pmic: axp209' '# qemu-patch: 0001' > "$tmp/p.sh"
runnable() {
	name=$1 q=$2 want=$3 text=${4:-}
	out=$(BUILD=$tmp/build QEMU=$tmp/$q sh "$top/tests/plan-runnable.sh" "$tmp/p.sh" cubieboard 2>&1)
	got=$?
	bad=
	[ "$got" = "$want" ] || bad="exit $got, not $want"
	if [ -n "$text" ]; then
		case "$out" in "$text"*) ;; *) bad="${bad:+$bad; }not '$text...'" ;; esac
	else
		[ -z "$out" ] || bad="${bad:+$bad; }printed something"
	fi
	verdict "$name" "${out:-runnable}" "$out"
}
runnable qemu-patch-runs q100p1 0
runnable qemu-patch-unpatched-skips q100 3 "needs a QEMU with boot/qemu-patches/0001 (QEMU_PATCHED_CACHE=DIR"
runnable qemu-patch-other-patch-skips q100p2 3 "needs a QEMU with boot/qemu-patches/0001"
board=a9
# A run's answers (QEMU_PROBES, tests/run.sh): the second check of a QEMU
# reads the first one's back, both of its models included, and decides as
# the first did, though the stand-in no longer answers.
fake qmemo "QEMU emulator version 8.2.2" twl92230 axp209_pmu
mkdir "$tmp/probes"
export QEMU_PROBES="$tmp/probes"
check memo-first qmemo axp209 0 "QEMU 8.2.2, PMIC axp209"
fake qmemo "qemu-system-arm: not a QEMU"
check memo-axp209 qmemo axp209 0 "QEMU 8.2.2, PMIC axp209"
check memo-twl92230 qmemo twl92230 0 "QEMU 8.2.2, PMIC twl92230"
unset QEMU_PROBES
# A boot with a stand-in that prints its arguments, one a line, and a
# plan's verdict: paths with a comma in the option values.
fake_boot='printf "%s\n" "$@"; echo "vexpress-pm: plan x exit 0"'
fake qargs "QEMU emulator version 10.0.13" axp209_pmu
unset fake_boot
d="$tmp/a,b"
mkdir "$d" && : > "$d/sd.img"
out=$(BOARD=a9 BUILD=$tmp/build QEMU=$tmp/qargs sh "$top/boot/qemu.sh" --plan x --timeout 10 \
	--log "$d/x.log" --serial-in "$d/in" --qmp "$d/qmp" --sd "$d/sd.img" --net-in "$d/net" 2>&1)
got=$?
bad=
[ "$got" = 0 ] || bad="exit $got, not 0"
for t in "socket,id=con-in,path=$tmp/a,,b/in,server=on,wait=off" "unix:$tmp/a,,b/qmp,server,nowait" \
	"if=sd,format=raw,file=$tmp/a,,b/sd.img" \
	"dgram,id=net-in,local.type=unix,local.path=$tmp/a,,b/net,remote.type=unix,remote.path=$tmp/a,,b/net.out"; do
	echo "$out" | grep -qxF -e "$t" || bad="${bad:+$bad; }no argument '$t'"
done
verdict comma-in-paths "doubled in -chardev, -qmp, -drive and -netdev" "$out"
echo "# counts: $pass $fail 0"
[ "$fail" = 0 ]
