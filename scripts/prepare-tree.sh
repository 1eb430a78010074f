#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Lay our kernel code onto a pristine 6.12 tree.
#
#   prepare-tree.sh TREE
#
# TREE is created from $KERNEL_SRC (a user's tree, copied) or from Debian's
# linux-source-6.12 tarball, and kept as a git repository whose tag
# "pristine" is the untouched source. Each run then brings it to
#   pristine + arch-patches/series + $EXTRA_PATCHES + drivers/ + dts/
# touching only files whose content changes, so kbuild stays incremental.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
tree=$1
tarball=${TARBALL:-/usr/src/linux-source-6.12.tar.xz}
git="git -C $tree"

die() { echo "prepare-tree: $*" >&2; exit 1; }

if [ ! -d "$tree/.git" ]; then
	rm -rf "$tree"
	mkdir -p "$tree"
	if [ -n "${KERNEL_SRC:-}" ]; then
		[ -f "$KERNEL_SRC/Makefile" ] || die "KERNEL_SRC=$KERNEL_SRC is not a kernel tree"
		echo "  COPY    $KERNEL_SRC -> $tree"
		tar -C "$KERNEL_SRC" --exclude=.git -cf - . | tar -C "$tree" -xf -
	else
		[ -f "$tarball" ] || die "missing $tarball (package linux-source-6.12; run 'make deps')"
		echo "  UNPACK  $tarball -> $tree"
		tar -C "$tree" --strip-components=1 -xf "$tarball"
	fi
	$git init -q
	$git config user.name vexpress-pm
	$git config user.email vexpress-pm@localhost
	$git config gc.auto 0
	$git add -A -f
	$git commit -q --no-verify -m pristine
	$git tag pristine
fi

# The patches to apply, in order: the series, then EXTRA_PATCHES (files or
# directories of *.patch).
patches=$(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' \
	-e "s|^[[:space:]]*|$top/arch-patches/|" "$top/arch-patches/series")
for p in ${EXTRA_PATCHES:-}; do
	if [ -d "$p" ]; then
		patches="$patches $(ls "$p"/*.patch 2>/dev/null | sort)"
	else
		patches="$patches $p"
	fi
done

# Re-apply only when the set of patches or their content changed.
want=$( (echo "$patches"; for p in $patches; do
	[ -f "$p" ] || die "patch not found: $p"
	cat "$p"; done) | sha256sum | cut -d' ' -f1)
stamp=$tree/.git/vexpress-pm-patches
if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
	rm -f "$stamp"
	$git reset -q --hard pristine
	$git clean -fdqx
	for p in $patches; do
		echo "  PATCH   ${p#"$top"/}"
		$git apply --whitespace=nowarn "$p" ||
			die "patch does not apply: $p"
	done
	echo "$want" > "$stamp"
fi

# Copy SRC to DST only if the content differs (keeps mtimes for kbuild).
lay() {
	mkdir -p "$(dirname "$2")"
	cmp -s "$1" "$2" || cp "$1" "$2"
}

cd "$top"
find drivers -type f | while read -r f; do lay "$f" "$tree/$f"; done
for f in dts/*.dts dts/*.dtsi; do
	[ -f "$f" ] && lay "$f" "$tree/arch/arm/boot/dts/arm/${f#dts/}"
done
find dts/bindings -type f 2>/dev/null | while read -r f; do
	lay "$f" "$tree/Documentation/devicetree/bindings/${f#dts/bindings/}"
done
exit 0
