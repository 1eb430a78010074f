#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# qemu-patched.sh ARGS...: QEMU 10.0 with boot/qemu-patches/*.patch, built
# by 'make qemu-patched QEMU_PATCHED_CACHE=DIR' (scripts/build-qemu-patched.sh),
# run as if it were qemu-system-arm. For example
#   QEMU=boot/qemu-patched.sh BOARD=cubieboard sh tests/run-plan.sh cubieboard-s2idle-wake
#
# Run directly, not through boot/qemu-backport.sh's mount namespace: that
# one hides the system QEMU's modules and data from an unpacked Debian
# binary, but this one is built on this host against its own libraries,
# without modules, and installs no data directory (its boards boot with
# -kernel: no firmware, no keymaps), so there is nothing to hide or bind.
set -eu
[ -n "${QEMU_PATCHED_CACHE:-}" ] || {
	echo "qemu-patched.sh: QEMU_PATCHED_CACHE is not set (make qemu-patched QEMU_PATCHED_CACHE=DIR builds QEMU with boot/qemu-patches there)" >&2
	exit 2
}
root=$QEMU_PATCHED_CACHE/root
# (.unpacked: written by the build once the binary is in place)
if [ ! -x "$root/usr/bin/qemu-system-arm" ] || [ ! -f "$root/.unpacked" ]; then
	echo "qemu-patched.sh: no QEMU with boot/qemu-patches built in $QEMU_PATCHED_CACHE (run 'make qemu-patched QEMU_PATCHED_CACHE=$QEMU_PATCHED_CACHE')" >&2
	exit 2
fi
exec "$root/usr/bin/qemu-system-arm" "$@"
