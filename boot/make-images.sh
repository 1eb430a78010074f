#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# make-images.sh OBJ ROOTFS OUT: collect the boot artifacts in OUT:
#   zImage, uImage (legacy U-Boot image of the uncompressed kernel, for the
#   A9's RAM; QEMU's -kernel loads it), vexpress-pm-ca9.dtb,
#   vexpress-pm-ca15.dtb (and their AXP209 variants), mainline's
#   sun4i-a10-cubieboard.dtb and the board's sun4i-a10-cubieboard-pm.dtb
#   (QEMU's cubieboard; dts/allwinner/), rootfs.cpio.gz and
#   the same uncompressed, rootfs.cpio (QEMU's -initrd); the same two of
#   rootfs-fixtures.cpio.gz, beside ROOTFS (the board's initramfs with the
#   runner's fixtures, for its self-tests),
#   vexpress-pm.itb (FIT for real boards, one configuration per board).
# The test plans boot the uncompressed ones: under -icount, inflating the
# initramfs took 140 of the 700 ms of virtual time to /init, and the
# zImage's decompressor about a tenth of a boot's host CPU (2026-12-04).
set -eu
obj=$1 rootfs=$2 out=$3
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
cp "$obj/arch/arm/boot/zImage" "$out/zImage"
for b in ca9 ca15 ca9-axp209 ca15-axp209; do
	cp "$obj/arch/arm/boot/dts/arm/vexpress-pm-$b.dtb" "$out/"
done
for b in sun4i-a10-cubieboard sun4i-a10-cubieboard-pm; do
	cp "$obj/arch/arm/boot/dts/allwinner/$b.dtb" "$out/"
done
for r in "$rootfs" "$(dirname "$rootfs")/rootfs-fixtures.cpio.gz"; do
	n=$(basename "$r" .gz)
	cp "$r" "$out/$n.gz"
	gzip -dc "$r" > "$out/$n.tmp" && mv "$out/$n.tmp" "$out/$n"
done
# vexpress-a9 RAM starts at 0x60000000; the kernel runs 0x8000 above it.
# (vexpress-a15's starts at 0x80000000: qemu.sh boots the zImage there.)
mkimage -A arm -O linux -T kernel -C none -a 0x60008000 -e 0x60008000 \
	-n "vexpress-pm" -d "$obj/arch/arm/boot/Image" "$out/uImage" >/dev/null
cp "$here/vexpress-pm.its" "$out/"
(cd "$out" && mkimage -f vexpress-pm.its vexpress-pm.itb >/dev/null)
for c in 'Configuration 0 (vexpress-pm-ca9)' 'Configuration 1 (vexpress-pm-ca15)'; do
	mkimage -l "$out/vexpress-pm.itb" | grep -q "$c" ||
		{ echo "make-images: $out/vexpress-pm.itb does not list $c" >&2; exit 1; }
done
echo "  IMAGES  $out: zImage uImage $(cd "$out" && echo vexpress-pm-*.dtb sun4i-*.dtb) rootfs.cpio.gz rootfs.cpio rootfs-fixtures.cpio.gz rootfs-fixtures.cpio vexpress-pm.itb"
