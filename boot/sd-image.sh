#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# sd-image.sh FILE [MIB]: a blank raw SD card image of MIB MiB (default 64)
# for boot/qemu.sh --sd. QEMU's SD card model takes only power-of-2 sizes;
# the file is sparse, and the guest formats it (busybox mkswap), so the
# host needs nothing beyond dd.
set -eu
file=${1:?usage: sd-image.sh FILE [MIB]}
mib=${2:-64}
case $mib in
'' | *[!0-9]*) echo "sd-image.sh: size '$mib' is not a number of MiB" >&2; exit 2 ;;
esac
[ "$mib" -gt 0 ] && [ $((mib & (mib - 1))) = 0 ] ||
	{ echo "sd-image.sh: $mib MiB is not a power of 2 (QEMU's SD card needs one)" >&2; exit 2; }
rm -f "$file"
dd if=/dev/zero of="$file" bs=1048576 count=0 seek="$mib" 2>/dev/null
