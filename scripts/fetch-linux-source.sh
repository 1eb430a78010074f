#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# fetch-linux-source.sh: the source tarball of kernel $KVER (run by
# scripts/deps.sh when a kernel other than the distribution's is asked for).
#
# Debian ships linux-source-7.3 in trixie-backports (Arch: all; it depends
# only on binutils and xz-utils). Where the package is installed, its
# /usr/src tarball is used. Otherwise it is downloaded with a private
# sources list (scripts/apt-private.sh: on Debian 12 the machine's apt
# configuration stays as it is; on Debian 13 the suite is the
# distribution's own backports) and its tarball kept in
# $LINUX_SOURCE_CACHE (scripts/kver.sh), outside the clone, shared by every
# clone. Once there, a second run does nothing, without network.
#
# LINUX_SOURCE_MIRROR: the Debian mirror (default: the one the machine's apt
# sources use for its own suite).
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/scripts/kver.sh"
tarball=$(kver_tarball)
[ -f "$tarball" ] && exit 0
[ -n "$LINUX_SOURCE_CACHE" ] || {
	echo "deps: $tarball missing (package linux-source-$KVER) and LINUX_SOURCE_CACHE is empty: install the package or set LINUX_SOURCE_CACHE" >&2
	exit 1
}
cache=$LINUX_SOURCE_CACHE
if ! mkdir -p "$cache" 2> /dev/null || [ ! -w "$cache" ]; then
	echo "deps: cannot write LINUX_SOURCE_CACHE=$cache: set it to a writable directory" >&2
	exit 1
fi

suite=trixie-backports
pkg=linux-source-$KVER
echo "  APT     $pkg from $suite into $cache"
. "$top/scripts/apt-private.sh"
apt_private "$cache/apt" $suite LINUX_SOURCE_MIRROR
apt_private_download "$apt/debs" "$pkg/$suite"

# Unpacked beside, checked, then moved into place: an interrupted or bad
# download leaves no tarball that looks good.
tmp=$cache/$pkg.tmp
rm -rf "$tmp"
mkdir -p "$tmp"
dpkg -x "$apt"/debs/"${pkg}"_*.deb "$tmp"
t=$tmp/usr/src/$pkg.tar.xz
[ -f "$t" ] || { echo "deps: $pkg from $suite has no usr/src/$pkg.tar.xz" >&2; exit 1; }
# Reading it whole checks xz's checksums too.
tar -xOJf "$t" "$pkg/Makefile" > "$tmp/Makefile" ||
	{ echo "deps: $pkg from $suite: $t is not a whole tar.xz" >&2; exit 1; }
v=$(sed -n '1,5{s/^VERSION = //p; s/^PATCHLEVEL = //p}' "$tmp/Makefile" | paste -sd.)
[ "$v" = "$KVER" ] || {
	echo "deps: $pkg from $suite: its Makefile says version ${v:-none}, not $KVER" >&2
	exit 1
}
mv "$t" "$tarball"
dpkg-deb -f "$apt"/debs/"${pkg}"_*.deb Version > "$tarball.version"
rm -rf "$tmp" "$apt/debs"	# the .deb: 167 MB nothing reads again
echo "  SOURCE  $pkg $(cat "$tarball.version") in $tarball"
