#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# pack.sh ARCH TREE OUT: the suspend_order kselftest as a tarball a lab
# copies onto a board of ARCH (arm: 32-bit ARM, hard float; x86_64) and
# runs there with the kernel's own runner, as an installed kselftest is:
#
#   tar xzf OUT && ./kselftest/run_kselftest.sh
#
# TREE is a kernel tree, whose tools/testing/selftests gives the runner
# (run_kselftest.sh, kselftest/runner.sh, prefix.pl) and ktap_helpers.sh;
# sleeptrace is built static for ARCH from tools/sleeptrace.
set -eu
[ $# = 3 ] || { echo "usage: pack.sh arm|x86_64 KERNEL-TREE OUT.tar.gz" >&2; exit 2; }
arch=$1 tree=$2 out=$3
here=$(cd "$(dirname "$0")" && pwd)
case $arch in
arm) cross=arm-linux-gnueabihf- ;;
x86_64) cross=; [ "$(uname -m)" = x86_64 ] || cross=x86_64-linux-gnu- ;;
*) echo "pack.sh: ARCH is arm or x86_64, not '$arch'" >&2; exit 2 ;;
esac
ks=$tree/tools/testing/selftests
for f in run_kselftest.sh kselftest/runner.sh kselftest/ktap_helpers.sh kselftest/prefix.pl; do
	[ -f "$ks/$f" ] || { echo "pack.sh: no $ks/$f (a kernel tree: make tree)" >&2; exit 1; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
d=$tmp/kselftest
mkdir -p "$d/kselftest" "$d/suspend_order"
cp "$ks/run_kselftest.sh" "$d/"
cp "$ks/kselftest/runner.sh" "$ks/kselftest/ktap_helpers.sh" "$ks/kselftest/prefix.pl" "$d/kselftest/"
cp "$here/suspend_order/suspend_order.sh" "$here/suspend_order/settings" "$d/suspend_order/"
make -s -C "$here/../sleeptrace" O="$d/suspend_order" CROSS="$cross" STATIC=1
echo "suspend_order:suspend_order.sh" > "$d/kselftest-list.txt"
mkdir -p "$(dirname "$out")"
tar -C "$tmp" -czf "$out" kselftest
echo "pack.sh: $out ($(du -k "$out" | cut -f1) KiB)"
