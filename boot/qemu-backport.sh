#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# qemu-backport.sh ARGS...: run the QEMU 10 that 'make deps' unpacked into
# $QEMU10_CACHE (scripts/fetch-qemu10.sh), or the QEMU 11 in $QEMU11_CACHE
# (scripts/fetch-qemu11.sh, through boot/qemu11-backport.sh), as if it were qemu-system-arm:
# same arguments, same stdin/stdout, same exit status. For example
#   QEMU=boot/qemu-backport.sh sh boot/qemu.sh --pmic axp209 ...
#
# That binary looks for its modules in the compiled-in
# /usr/lib/<multiarch>/qemu, where the system's QEMU 7.2 keeps its own, and
# aborts on the first one ("Only modules from the same build can be
# loaded"): it loads the audio and OpenGL modules even for -device help.
# QEMU_MODULE_DIR does not help: modules missing from it are still taken
# from the system's directory. So QEMU runs in a private mount namespace
# (unshare -m) where the unpacked module and data directories are bound
# over the system's; nobody else sees them and they go when QEMU exits.
set -eu

# QEMU_BACKPORT_CACHE: another unpacked QEMU (boot/qemu11-backport.sh).
cache=${QEMU_BACKPORT_CACHE:-${QEMU10_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/vexpress-pm/qemu10}}
what=${QEMU_BACKPORT_WHAT:-"QEMU 10 unpacked in $cache (run 'make deps' as root on Debian 12)"}
root=$cache/root
bin=$root/usr/bin/qemu-system-arm
if [ ! -x "$bin" ] || [ ! -f "$root/.unpacked" ]; then
	echo "qemu-backport.sh: no $what" >&2
	exit 2
fi

# Bind only over directories that exist: with no system QEMU there is
# nothing to hide, and a mount point cannot be made in /usr from here.
# A QEMU built for a later Debian brought its own C library and libraries
# (scripts/fetch-qemu11.sh on Debian 12): it starts through that loader,
# which takes libraries from that root's directories first.
if [ -f "$root/.ld-path" ]; then
	read -r ld libpath < "$root/.ld-path"
	set -- -- "$ld" --library-path "$libpath" "$bin" "$@"
else
	set -- -- "$bin" "$@"
fi
for d in "$root"/usr/share/qemu "$root"/usr/lib/*/qemu; do
	if [ -d "$d" ] && [ -d "${d#"$root"}" ]; then
		set -- "$d" "${d#"$root"}" "$@"
	fi
done

# unshare -m makes every mount of the new namespace private, starting at
# /, which fails where / is not a mount point: in a plain chroot.
if command -v mountpoint > /dev/null && ! mountpoint -q /; then
	echo "qemu-backport.sh: / is not a mount point (a chroot?), so unshare -m cannot make the namespace's mounts private; bind the chroot's directory onto itself before entering it (mount --bind DIR DIR)" >&2
	exit 2
fi
# Root may make a mount namespace directly; anyone else gets one inside a
# user namespace (-r: mapped to root there, which bind mounts need).
userns=
[ "$(id -u)" = 0 ] || userns=-Ur
# The arguments: pairs of (unpacked, system) directories, --, the command.
# shellcheck disable=SC2016,SC2086 # the script is for the inner sh; userns: a word or none
exec unshare $userns -m sh -c '
	while [ "$1" != -- ]; do
		mount --bind "$1" "$2" || { echo "qemu-backport.sh: cannot bind $1 over $2" >&2; exit 2; }
		shift 2
	done
	shift
	exec "$@"' qemu-backport.sh "$@"
