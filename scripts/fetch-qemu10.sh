#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# fetch-qemu10.sh: the second QEMU, for the board's AXP209 profile, on
# Debian 12 (run by scripts/deps.sh).
#
# Debian 12's QEMU 7.2 has no axp209_pmu model (QEMU 8.1 and later have it
# with every register write kept), and QEMU 9.2 and later have no twl92230:
# no single QEMU runs both profiles. Debian's bookworm-backports suite has
# QEMU 10.0 built for Debian 12. Its qemu-system-arm, -common and -data
# packages are downloaded with a private sources list, lists and cache
# (scripts/apt-private.sh: the machine's apt configuration and installed
# QEMU stay as they are) and
# unpacked with dpkg -x into $QEMU10_CACHE/root, outside the clone so that
# every clone shares it (as the kernel tree cache). boot/qemu-backport.sh
# runs it. Nothing here runs at test time: once unpacked, a second run
# does nothing, without network.
#
# QEMU10_CACHE: where (default ~/.cache/vexpress-pm/qemu10; empty: no
# second QEMU). QEMU10_MIRROR: the Debian mirror (default: the one the
# machine's apt sources use for bookworm).
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
cache=${QEMU10_CACHE-${XDG_CACHE_HOME:-$HOME/.cache}/vexpress-pm/qemu10}
[ -n "$cache" ] || exit 0
root=$cache/root
[ -f "$root/.unpacked" ] && exit 0

# Only Debian 12 needs it: elsewhere the distribution's own QEMU decides
# which profile runs (boot/qemu.sh says what is missing).
codename=$(sed -n 's/^VERSION_CODENAME=//p' /etc/os-release 2>/dev/null | tr -d '"')
[ "$codename" = bookworm ] || exit 0
# ... unless its QEMU already is a newer one (installed from backports).
v=$(qemu-system-arm --version 2>/dev/null | sed -n '1s/.*version \([0-9]*\)\.\([0-9]*\).*/\1 \2/p')
# shellcheck disable=SC2086 # v is "MAJOR MINOR" or nothing
set -- $v 0 0
if [ "$1" -gt 8 ] || { [ "$1" = 8 ] && [ "$2" -ge 1 ]; }; then
	exit 0
fi

if ! mkdir -p "$cache" 2> /dev/null || [ ! -w "$cache" ]; then
	echo "deps: cannot write QEMU10_CACHE=$cache: set it to a writable directory (empty: no second QEMU, so no AXP209 profile on Debian 12)" >&2
	exit 1
fi

echo "  APT     QEMU 10 from bookworm-backports into $cache"
. "$top/scripts/apt-private.sh"
apt_private "$cache/apt" bookworm-backports QEMU10_MIRROR
pkgs="qemu-system-arm qemu-system-common qemu-system-data"
# shellcheck disable=SC2046 # a word list
apt_private_download "$apt/debs" $(for p in $pkgs; do echo "$p/bookworm-backports"; done)

# Unpack beside, then move into place: an interrupted run leaves no
# half-unpacked tree that looks complete.
rm -rf "$root.tmp" "$root"
mkdir -p "$root.tmp"
for d in "$apt"/debs/*.deb; do
	dpkg -x "$d" "$root.tmp"
done
# Built for Debian 12: its libraries are Debian 12's, installed with the
# system's QEMU 7.2. Say which are missing rather than fail at boot time.
libs=$(ldd "$root.tmp/usr/bin/qemu-system-arm" | sed -n 's/^[[:space:]]*\([^ ]*\) => not found.*/\1/p')
[ -z "$libs" ] || {
	echo "deps: bookworm-backports' QEMU needs libraries this machine lacks: $(echo "$libs" | tr '\n' ' ')" >&2
	exit 1
}
dpkg-deb -f "$apt"/debs/qemu-system-arm_*.deb Version > "$root.tmp/.unpacked"
mv "$root.tmp" "$root"
rm -rf "$apt/debs"	# 13 MB nothing reads again
# It must run and offer the model it is here for.
QEMU10_CACHE=$cache sh "$top/boot/qemu-backport.sh" -M vexpress-a9 -device help 2>&1 |
	grep -q '"axp209_pmu"' || {
	echo "deps: the unpacked QEMU ($(QEMU10_CACHE=$cache sh "$top/boot/qemu-backport.sh" --version 2>&1 | head -1)) does not offer axp209_pmu" >&2
	rm -rf "$root"
	exit 1
}
echo "  QEMU    $(cat "$root/.unpacked") in $root"
