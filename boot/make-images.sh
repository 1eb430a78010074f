#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# make-images.sh OBJ ROOTFS OUT: collect the boot artifacts in OUT:
#   zImage, uImage (legacy U-Boot image; QEMU's -kernel loads it),
#   vexpress-pm-ca9.dtb, rootfs.cpio.gz, vexpress-pm.itb (FIT for real boards).
set -eu
obj=$1 rootfs=$2 out=$3
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
cp "$obj/arch/arm/boot/zImage" "$out/zImage"
cp "$obj/arch/arm/boot/dts/arm/vexpress-pm-ca9.dtb" "$out/"
cp "$rootfs" "$out/rootfs.cpio.gz"
# vexpress-a9 RAM starts at 0x60000000; the zImage runs where it is loaded.
mkimage -A arm -O linux -T kernel -C none -a 0x60008000 -e 0x60008000 \
	-n "vexpress-pm" -d "$out/zImage" "$out/uImage" >/dev/null
cp "$here/vexpress-pm.its" "$out/"
(cd "$out" && mkimage -f vexpress-pm.its vexpress-pm.itb >/dev/null)
mkimage -l "$out/vexpress-pm.itb" | grep -q 'Configuration 0 (vexpress-pm-ca9)' ||
	{ echo "make-images: $out/vexpress-pm.itb does not list its configuration" >&2; exit 1; }
echo "  IMAGES  $out: zImage uImage vexpress-pm-ca9.dtb rootfs.cpio.gz vexpress-pm.itb"
