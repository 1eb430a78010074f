#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Install the Debian packages vexpress-pm needs; costs one dpkg-query when
# everything is already there (no apt-get update unless something is missing).
# Then, on Debian 12, the second QEMU for the AXP209 profile
# (scripts/fetch-qemu10.sh; nothing to do once it is there).
set -eu

pkgs="linux-source-6.12 gcc-arm-linux-gnueabihf qemu-system-arm
	device-tree-compiler u-boot-tools bc bison flex libssl-dev libelf-dev
	cpio xz-utils ccache sparse dt-schema yamllint make gcc git python3"

missing=""
for p in $pkgs; do
	dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q "ok installed" ||
		missing="$missing $p"
done
# The guest's userland is Debian's static ARM busybox: needs armhf enabled.
armhf=yes
dpkg --print-foreign-architectures | grep -qx armhf || armhf=no

if [ -n "$missing" ] || [ $armhf = no ]; then
	if [ "$(id -u)" != 0 ]; then
		echo "deps: missing packages:$missing${missing:+ }(and armhf: $armhf); run 'make deps' as root" >&2
		exit 1
	fi
	[ $armhf = yes ] || dpkg --add-architecture armhf
	echo "  APT     update; install$missing"
	apt-get update -qq >/dev/null
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null ||
		{ echo "deps: apt-get install failed for:$missing" >&2; exit 1; }
fi

sh "$(dirname "$0")/fetch-qemu10.sh"
