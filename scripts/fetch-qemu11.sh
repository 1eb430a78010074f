#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# fetch-qemu11.sh: trixie-backports' QEMU 11 unpacked beside the system's,
# on Debian 12 or 13, for the AXP209 profile on today's QEMU
# (boot/qemu11-backport.sh runs it). Run by scripts/deps.sh; only when
# QEMU11_CACHE names a directory (default: none, nothing fetched).
#
# Debian 13's own QEMU is 10.0, Debian 12's 7.2; trixie-backports has
# 11.1. Its qemu-system-arm, -common and -data packages are downloaded with
# a private sources list, lists and cache under $QEMU11_CACHE
# (scripts/apt-private.sh: the machine's apt configuration and installed
# QEMU stay as they are) and
# unpacked with dpkg -x into $QEMU11_CACHE/root, as scripts/fetch-qemu10.sh
# does for QEMU 10 on Debian 12.
#
# On Debian 12 that binary cannot run on the system's libraries: it needs
# glibc 2.38 (__isoc23_strtol and friends; Debian 12 has 2.36), and
# libcapstone.so.5, libfuse3.so.4 and libaio.so.1t64, which Debian 12 does
# not have, and newer nettle, glib and others than it has. So there the
# libraries it depends on, recursively, come from trixie too (libc6 with
# its dynamic loader among them) and are unpacked into the same root, and
# boot/qemu-backport.sh starts QEMU through that loader with only that
# root's library directory on its path (.ld-path in the root says so).
#
# QEMU11_CACHE: where; QEMU11_MIRROR: the Debian mirror (default: the one
# the machine's apt sources use for its own release).
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
cache=${QEMU11_CACHE:-}
[ -n "$cache" ] || exit 0
root=$cache/root
[ -f "$root/.unpacked" ] && exit 0

codename=$(sed -n 's/^VERSION_CODENAME=//p' /etc/os-release 2>/dev/null | tr -d '"')
case $codename in
bookworm) suites="trixie trixie-backports" ;;
trixie) suites="trixie-backports" ;;
*) echo "deps: QEMU11_CACHE is for Debian 12 and 13 (this is '$codename'): install QEMU 11 and set QEMU=" >&2
   exit 1 ;;
esac
if ! mkdir -p "$cache" 2> /dev/null || [ ! -w "$cache" ]; then
	echo "deps: cannot write QEMU11_CACHE=$cache" >&2
	exit 1
fi

echo "  APT     QEMU 11 from trixie-backports into $cache"
. "$top/scripts/apt-private.sh"
# Nothing counts as installed: the library closure is computed from nothing.
apt_private "$cache/apt" "$suites" QEMU11_MIRROR /dev/null
want="qemu-system-arm/trixie-backports qemu-system-common/trixie-backports qemu-system-data/trixie-backports"
if [ "$codename" = bookworm ]; then
	# The shared libraries QEMU needs, recursively, from trixie: the
	# packages named lib* and zlib1g in its dependency closure.
	# shellcheck disable=SC2086 # want is a word list
	libs=$(papt apt-cache depends --recurse --no-recommends --no-suggests --no-conflicts \
		--no-breaks --no-replaces --no-enhances $want 2> "$apt/depends.log" |
		grep -E '^(lib[^ <]*|zlib1g)$' | sort -u) || :
	echo "$libs" | grep -qx libc6 || {
		echo "deps: no libc6 in QEMU 11's dependency closure:" >&2
		sed 's/^/    /' "$apt/depends.log" >&2
		exit 1
	}
	want="$want $libs"
fi
# shellcheck disable=SC2086 # want is a word list
apt_private_download "$apt/debs" $want

# Unpack beside, then move into place: an interrupted run leaves no
# half-unpacked tree that looks complete.
rm -rf "$root.tmp" "$root"
mkdir -p "$root.tmp"
for d in "$apt"/debs/*.deb; do
	dpkg -x "$d" "$root.tmp"
done
bin=$root.tmp/usr/bin/qemu-system-arm
if [ "$codename" = bookworm ]; then
	arch=$(dpkg-architecture -qDEB_HOST_MULTIARCH 2>/dev/null || echo x86_64-linux-gnu)
	ld=
	for f in "$root.tmp/usr/lib/$arch"/ld-linux*.so.*; do
		[ -f "$f" ] && ld=$f && break
	done
	[ -n "$ld" ] || { echo "deps: trixie's libc6 brought no dynamic loader" >&2; exit 1; }
	dirs=usr/lib/$arch
	[ ! -d "$root.tmp/lib/$arch" ] || dirs="$dirs lib/$arch"
	# "LOADER LIBRARY-PATH", with the paths they will have once moved into place
	echo "$root/usr/lib/$arch/${ld##*/} $(for d in $dirs; do printf '%s:' "$root/$d"; done | sed 's/:$//')" \
		> "$root.tmp/.ld-path"
	missing=$("$ld" --library-path "$(for d in $dirs; do printf '%s:' "$root.tmp/$d"; done | sed 's/:$//')" \
		--list "$bin" | sed -n 's/^[[:space:]]*\([^ ]*\) => not found.*/\1/p')
else
	missing=$(ldd "$bin" | sed -n 's/^[[:space:]]*\([^ ]*\) => not found.*/\1/p')
fi
[ -z "$missing" ] || {
	echo "deps: trixie-backports' QEMU 11 lacks libraries: $(echo "$missing" | tr '\n' ' ')" >&2
	exit 1
}
dpkg-deb -f "$apt"/debs/qemu-system-arm_*.deb Version > "$root.tmp/.unpacked"
mv "$root.tmp" "$root"
rm -rf "$apt/debs"	# nothing reads them again
# It must run and offer the model it is here for.
QEMU11_CACHE=$cache sh "$top/boot/qemu11-backport.sh" -M vexpress-a9 -device help 2>&1 |
	grep -q '"axp209_pmu"' || {
	echo "deps: the unpacked QEMU 11 ($(QEMU11_CACHE=$cache sh "$top/boot/qemu11-backport.sh" --version 2>&1 | head -1)) does not offer axp209_pmu" >&2
	rm -rf "$root"
	exit 1
}
echo "  QEMU    $(cat "$root/.unpacked") in $root ($(du -sh "$root" | cut -f1))"
