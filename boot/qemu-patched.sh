#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# qemu-patched.sh ARGS...: QEMU 10.0 with boot/qemu-patches/*.patch, built
# by 'make qemu-patched QEMU_PATCHED_CACHE=DIR' (scripts/build-qemu-patched.sh),
# run as if it were qemu-system-arm (boot/qemu-backport.sh). For example
#   QEMU=boot/qemu-patched.sh BOARD=cubieboard sh tests/run-plan.sh cubieboard-s2idle-wake
set -eu
[ -n "${QEMU_PATCHED_CACHE:-}" ] || {
	echo "qemu-patched.sh: QEMU_PATCHED_CACHE is not set (make qemu-patched QEMU_PATCHED_CACHE=DIR builds QEMU with boot/qemu-patches there)" >&2
	exit 2
}
QEMU_BACKPORT_CACHE=$QEMU_PATCHED_CACHE \
QEMU_BACKPORT_WHAT="QEMU with boot/qemu-patches built in $QEMU_PATCHED_CACHE (run 'make qemu-patched QEMU_PATCHED_CACHE=$QEMU_PATCHED_CACHE')" \
	exec sh "$(dirname "$0")/qemu-backport.sh" "$@"
