#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# qemu11-backport.sh ARGS...: trixie-backports' QEMU 11, unpacked by
# 'make deps QEMU11_CACHE=DIR' (scripts/fetch-qemu11.sh), run as if it were
# qemu-system-arm (boot/qemu-backport.sh), on Debian 12 or 13. For example
#   QEMU=boot/qemu11-backport.sh PMIC=axp209 sh tests/run-plan.sh suspend-mem
set -eu
[ -n "${QEMU11_CACHE:-}" ] || {
	echo "qemu11-backport.sh: QEMU11_CACHE is not set (make deps QEMU11_CACHE=DIR unpacks QEMU 11 there)" >&2
	exit 2
}
QEMU_BACKPORT_CACHE=$QEMU11_CACHE \
QEMU_BACKPORT_WHAT="QEMU 11 unpacked in $QEMU11_CACHE (run 'make deps QEMU11_CACHE=$QEMU11_CACHE' as root)" \
	exec sh "$(dirname "$0")/qemu-backport.sh" "$@"
