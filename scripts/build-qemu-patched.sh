#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# build-qemu-patched.sh: QEMU 10.0 built from Debian's source package with
# the project's QEMU patches (boot/qemu-patches/*.patch) applied, into
# $QEMU_PATCHED_CACHE/root, for the plans that need a fixed model (the A10
# interrupt controller's ENABLE registers: docs/cubieboard.md).
# boot/qemu-patched.sh runs it. Opt-in: nothing happens unless
# QEMU_PATCHED_CACHE names a directory ('make qemu-patched
# QEMU_PATCHED_CACHE=DIR' or 'make deps QEMU_PATCHED_CACHE=DIR'); the
# default 'make test' never builds it (some 13 min of CPU, 20-some
# minutes of wall time on a shared 2-core host: docs/cubieboard.md).
#
# The source is 'apt-get source qemu' of Debian 13's QEMU 10.0, on
# Debian 12 too (bookworm-backports' 10.0.2 has no .dsc on the mirror),
# through a private sources list, lists and cache with deb-src lines
# (scripts/apt-private.sh), unpacked with Debian's own patches (its +ds
# tarball has no Python wheels and no firmware; Debian's patches make it
# build without them), then ours, each tried first: one that does not
# apply stops the build, named. Configured for arm-softmmu only, no
# default features and no default devices: the Cubieboard and the
# Versatile Express (and what QEMU 10.0's Kconfig forgets, below).
# build-qemu-patched.sh --deps prints the Debian packages it needs to
# build, one a line, for this distribution (scripts/deps.sh installs them
# when QEMU_PATCHED_CACHE is set), with or without QEMU_PATCHED_CACHE.
# --version names the patches, for tests/plan-runnable.sh. Only the
# binary is installed, into $QEMU_PATCHED_CACHE/root/usr/bin. A second
# run with the same patches and devices does nothing, without network; a
# changed patch starts afresh, a changed device list goes on from the
# build there.
#
# QEMU_PATCHED_CACHE: where; QEMU_PATCHED_MIRROR: the Debian mirror
# (default: the one the machine's apt sources use for its own release);
# QEMU_PATCHED_JOBS: ninja's -j (default: ninja's own).
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
die() { echo "qemu-patched: $*" >&2; exit 1; }
case $# in
0) ;;
1) [ "$1" = --deps ] || die "usage: build-qemu-patched.sh [--deps]" ;;
*) die "usage: build-qemu-patched.sh [--deps]" ;;
esac

codename=$(sed -n 's/^VERSION_CODENAME=//p' /etc/os-release 2>/dev/null | tr -d '"')
# The build's dependencies, each KIND:NAME:PACKAGE: a command on the PATH
# (cmd), a pkg-config module (pc), a C header (h: Debian 12's libfdt-dev
# has no pkg-config file, QEMU looks for the library), a Python module
# (py). Checked before anything is fetched; --deps prints the packages.
deps="cmd:cc:gcc cmd:ninja:ninja-build cmd:pkg-config:pkg-config cmd:dpkg-source:dpkg-dev
	cmd:patch:patch cmd:bzip2:bzip2 cmd:flex:flex cmd:bison:bison
	pc:glib-2.0:libglib2.0-dev pc:pixman-1:libpixman-1-dev pc:zlib:zlib1g-dev
	h:libfdt.h:libfdt-dev py:venv:python3-venv"
# QEMU 10.0 needs meson 1.5 or later: Debian 13's will do, on Debian 12
# (1.0) trixie's is fetched below.
[ "$codename" = bookworm ] || deps="$deps cmd:meson:meson"
if [ $# = 1 ]; then
	for d in $deps; do echo "${d##*:}"; done
	exit 0
fi

cache=${QEMU_PATCHED_CACHE:-}
[ -n "$cache" ] || exit 0
root=$cache/root

# What the built QEMU carries: the patches' contents and the source's
# version (the latter known only after the lists are fetched).
# (the glob, not a word list: the repository's path may hold blanks)
pdir=$top/boot/qemu-patches
set -- "$pdir"/*.patch
[ -f "$1" ] || die "no patches in $pdir"
npatches=$#
psum=$(cat "$@" | cksum | cut -d' ' -f1)
# The devices: the two boards' machines and what they bring. QEMU 10.0's
# Kconfig misses two of the Cubieboard's: its SD host and RTC models are
# built only with ALLWINNER_H3 (hw/sd, hw/rtc meson.build) and its EHCI
# (USB_EHCI_SYSBUS) is not selected by ALLWINNER_A10; without them QEMU
# stops at "unknown type 'platform-ehci-usb'". ALLWINNER_H3 brings both.
# TMP105: the Versatile Express plans plug one in (boot/qemu.sh), and with
# QEMU=boot/qemu-patched.sh every plan runs on this QEMU.
devices="CONFIG_CUBIEBOARD=y CONFIG_VEXPRESS=y CONFIG_ALLWINNER_H3=y CONFIG_TMP105=y"
if [ -f "$root/.unpacked" ] && [ "$(sed -n 2p "$root/.unpacked")" = "patches $psum" ] &&
	[ "$(sed -n 3p "$root/.unpacked")" = "devices $devices" ]; then
	exit 0
fi

case $codename in
bookworm | trixie) suite=trixie ;;
*) die "QEMU_PATCHED_CACHE is for Debian 12 and 13 (this is '$codename'): build QEMU 10.0 with boot/qemu-patches/*.patch and set QEMU=" ;;
esac

# (a module or header is not judged without pkg-config or cc: those are
# named missing themselves)
missing=
for d in $deps; do
	kind=${d%%:*} name=${d#*:} name=${name%:*}
	case $kind in
	cmd) command -v "$name" > /dev/null ;;
	pc) ! command -v pkg-config > /dev/null || pkg-config --exists "$name" ;;
	h) ! command -v cc > /dev/null ||
		echo "#include <$name>" | cc -E - > /dev/null 2>&1 ;;
	py) /usr/bin/python3 -c "import $name" 2> /dev/null ;;
	esac || missing="$missing ${d##*:}"
done
[ -z "$missing" ] || die "missing build dependencies:$missing (apt-get install$missing)"

if ! mkdir -p "$cache" 2> /dev/null || [ ! -w "$cache" ]; then
	die "cannot write QEMU_PATCHED_CACHE=$cache"
fi
# (absolute: the build runs in its subdirectories) QEMU's configure
# refuses a source or build directory whose path has a blank or a colon
# ("main directory cannot contain spaces nor colons"): refused here,
# before the download, rather than there.
cache=$(cd "$cache" && pwd) || die "cannot enter QEMU_PATCHED_CACHE=$cache"
root=$cache/root
case $cache in
*[[:space:]:]*) die "QEMU_PATCHED_CACHE=$cache: QEMU's configure refuses a build directory whose path has a blank or a colon: name another" ;;
esac

# meson 1.5 or later: on Debian 12 (1.0) trixie's (a pure-Python
# package) is unpacked into $cache/meson and run from PYTHONPATH.
meson_ok() {
	v=$("$@" --version 2> /dev/null) || return 1
	# shellcheck disable=SC2046 # MAJOR MINOR
	set -- $(echo "$v" | sed -n '1s/^\([0-9]*\)\.\([0-9]*\).*/\1 \2/p') 0 0
	[ "$1" -gt 1 ] || { [ "$1" = 1 ] && [ "$2" -ge 5 ]; }
}

echo "  APT     QEMU's source from $suite into $cache"
. "$top/scripts/apt-private.sh"
# shellcheck disable=SC2034 # read by apt_private
apt_types="deb deb-src" apt_caller=qemu-patched
apt_private "$cache/apt" "$suite" QEMU_PATCHED_MIRROR
ver=$(papt apt-cache showsrc qemu 2> /dev/null |
	awk '/^Version:/ { print $2 }' | sort -V | grep '^1:10\.0\.' | tail -1) || :
[ -n "$ver" ] || die "no QEMU 10.0 source package in $suite (apt-cache showsrc qemu)"

src=$cache/src
if [ ! -f "$src/.unpacked" ] || [ "$(cat "$src/.unpacked")" != "$ver" ]; then
	rm -rf "$cache/dl" "$src" "$src.tmp"
	mkdir -p "$cache/dl"
	(cd "$cache/dl" && papt apt-get source --download-only "qemu=$ver") > "$apt/source.log" 2>&1 || {
		echo "qemu-patched: apt-get source qemu=$ver failed:" >&2
		sed 's/^/    /' "$apt/source.log" >&2
		exit 1
	}
	# Debian's patches are applied here (format 3.0 (quilt)).
	dpkg-source --no-check -x "$cache"/dl/qemu_*.dsc "$src.tmp" > "$apt/unpack.log" 2>&1 || {
		echo "qemu-patched: dpkg-source -x failed:" >&2
		sed 's/^/    /' "$apt/unpack.log" >&2
		exit 1
	}
	echo "$ver" > "$src.tmp/.unpacked"
	mv "$src.tmp" "$src"
	rm -rf "$cache/dl"
fi

# A build configured from this source and these patches is taken up
# where it stopped (an interrupted run, another device list); anything
# else starts afresh.
stamp="$ver patches $psum"
rm -rf "$root.tmp"
if [ -f "$cache/build/.configured" ] && [ "$(cat "$cache/build/.configured")" = "$stamp" ] &&
	[ -d "$cache/tree" ]; then
	echo "  NINJA   resuming the build in $cache/build"
	resume=yes
else
	resume=no
	rm -rf "$cache/tree" "$cache/build"
	# Ours, on a copy of the source: each must apply as it is.
	cp -a "$src" "$cache/tree"
fi
[ $resume = yes ] || for p in "$pdir"/*.patch; do
	patch -d "$cache/tree" -p1 -N --dry-run < "$p" > "$cache/patch.log" 2>&1 || {
		echo "qemu-patched: $(basename "$p") does not apply to QEMU $ver:" >&2
		sed 's/^/    /' "$cache/patch.log" >&2
		exit 1
	}
	patch -d "$cache/tree" -p1 -N -s < "$p"
	echo "  PATCH   $(basename "$p")"
done

if ! meson_ok meson; then
	[ "$codename" = bookworm ] || die "meson 1.5 or later is needed (apt-get install meson)"
	if ! meson_ok env PYTHONPATH="$cache/meson/usr/lib/python3/dist-packages" \
		/usr/bin/python3 -m mesonbuild.mesonmain; then
		echo "  APT     meson from $suite"
		apt_private_download "$apt/debs" "meson/$suite"
		rm -rf "$cache/meson"
		dpkg -x "$apt"/debs/meson_*.deb "$cache/meson"
		rm -rf "$apt/debs"
		meson_ok env PYTHONPATH="$cache/meson/usr/lib/python3/dist-packages" \
			/usr/bin/python3 -m mesonbuild.mesonmain ||
			die "$suite's meson in $cache/meson does not run"
	fi
	# (configure, ninja and the install all run meson)
	PYTHONPATH=$cache/meson/usr/lib/python3/dist-packages
	export PYTHONPATH
fi

# (written on a resumed build too: a changed list makes ninja configure
# again, and rebuild only what the change touches)
# shellcheck disable=SC2086 # a word list
printf '%s\n' $devices > "$cache/tree/configs/devices/arm-softmmu/vexpress-pm.mak"
# --version names the patches ("QEMU emulator version 10.0.13 (Debian
# 1:10.0.13+ds-0+deb13u1; qemu-patches 0001)"): tests/plan-runnable.sh
# reads it for the plans that need one ("# qemu-patch: 0001").
pkgversion="Debian $ver; qemu-patches$(for p in "$pdir"/*.patch; do
	b=$(basename "$p"); printf ' %s' "${b%%-*}"; done)"
[ $resume = yes ] || {
mkdir -p "$cache/build"
echo "  CONFIG  QEMU $ver, arm-softmmu (log: $cache/build/configure.log)"
(cd "$cache/build" && ../tree/configure --python=/usr/bin/python3 \
	--prefix=/usr --target-list=arm-softmmu \
	--without-default-features --without-default-devices \
	--with-devices-arm=vexpress-pm \
	--enable-fdt=system --enable-pixman --disable-docs -Dinstall_blobs=false \
	--with-pkgversion="$pkgversion") \
	> "$cache/build/configure.log" 2>&1 || {
	echo "qemu-patched: configure failed (the end of $cache/build/configure.log):" >&2
	tail -20 "$cache/build/configure.log" | sed 's/^/    /' >&2
	exit 1
}
echo "$stamp" > "$cache/build/.configured"
}
echo "  NINJA   QEMU (log: $cache/build/ninja.log)"
# shellcheck disable=SC2086 # -j N or nothing
ninja -C "$cache/build" ${QEMU_PATCHED_JOBS:+-j "$QEMU_PATCHED_JOBS"} qemu-system-arm \
	> "$cache/build/ninja.log" 2>&1 || {
	echo "qemu-patched: the build failed (the end of $cache/build/ninja.log):" >&2
	tail -20 "$cache/build/ninja.log" | sed 's/^/    /' >&2
	exit 1
}
# The binary alone: 'ninja install' would build every other target first
# (the tools, the soft-float tests), and these boards boot with -kernel,
# no firmware, no keymaps. Built without modules.
mkdir -p "$root.tmp/usr/bin"
cp "$cache/build/qemu-system-arm" "$root.tmp/usr/bin/"
{
	echo "$ver"
	echo "patches $psum"
	echo "devices $devices"
	for p in "$pdir"/*.patch; do basename "$p"; done
} > "$root.tmp/.unpacked"
rm -rf "$root"
mv "$root.tmp" "$root"
# It must run and offer the board (run as the plans run it: directly, no
# namespace that a container could refuse).
QEMU_PATCHED_CACHE=$cache sh "$top/boot/qemu-patched.sh" -M help 2>&1 | grep -q '^cubieboard ' || {
	echo "qemu-patched: the built QEMU does not run or has no cubieboard machine:" >&2
	QEMU_PATCHED_CACHE=$cache sh "$top/boot/qemu-patched.sh" -M help 2>&1 | head -5 | sed 's/^/    /' >&2
	rm -rf "$root"
	exit 1
}
# (tree and build stay: a changed device list or patch rebuilds from them)
echo "  QEMU    $ver with $npatches patch(es) in $root"
