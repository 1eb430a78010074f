#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# plan-runnable.sh PLAN-FILE [BOARD]: whether this machine can run the plan
# on the PMIC profile asked for (PMIC; unset: the one the QEMU offers), so
# that tests/run-plan.sh skips, saying why, what it cannot run. Prints
# nothing and exits 0 when it can; prints the reason and exits 3 when the
# QEMU has no model of the profile's PMIC (boot/qemu.sh --check exits 3 and
# names the QEMU version that has one) or the plan does not run on that
# profile (its "# pmic:" header, tests/plan-profiles.sh); exits 2, with the
# launcher's message, on anything else (missing images: a failure, not a
# skip).
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/boot/board.sh"
plan=$(basename "$1" .sh)
profs=$(sh "$top/tests/plan-profiles.sh" "$1") || exit 2
# "QEMU 7.2.22, PMIC twl92230" when this QEMU runs the profile
ok=$(sh "$top/boot/qemu.sh" --check --board "${2:-${BOARD:-$board_default}}" 2>"${TMPDIR:-/tmp}/runnable.$$")
rc=$?
why=$(cat "${TMPDIR:-/tmp}/runnable.$$"); rm -f "${TMPDIR:-/tmp}/runnable.$$"
[ $rc = 0 ] || { echo "$why"; [ $rc = 3 ] && exit 3; exit 2; }
prof=${ok##*PMIC }
case " $profs " in
*" $prof "*) ;;
*) echo "$plan runs on PMIC $profs only (its # pmic: header), not $prof (${ok%%,*})"
   exit 3 ;;
esac
want=$(sh "$top/tests/plan-meta.sh" "$1" qemu-patch) || exit 2
[ -n "$want" ] || exit 0
qemu=${QEMU:-qemu-system-arm}
qver=$("$qemu" --version 2>&1 | head -1)
have=$(echo "$qver" | sed -n 's/.*qemu-patches\(\( [0-9][0-9]*\)*\).*/\1/p')
lack=
for p in $want; do
	case " $have " in
	*" $p "*) ;;
	*) lack="$lack${lack:+ }$p" ;;
	esac
done
[ -n "$lack" ] || exit 0
echo "needs a QEMU with boot/qemu-patches/$(echo "$lack" | sed 's| |, |g') (QEMU_PATCHED_CACHE=DIR: 'make qemu-patched' builds it, QEMU=boot/qemu-patched.sh runs it); $qemu is ${qver#QEMU emulator version }"
exit 3
