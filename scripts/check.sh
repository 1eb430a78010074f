#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# check.sh TREE OBJ: the kernel-quality gates on our code. Every finding is
# printed with its file and line; exits 1 if there was any.
#   - checkpatch.pl --strict on every file in drivers/ and every patch of
#     arch-patches/series
#   - our objects rebuilt with W=1 and sparse (C=1): no warnings
#   - kernel-doc -none on our sources
#   - dt_binding_check on our bindings; dtbs_check on the board DTB, where
#     a finding counts as ours unless upstream's vexpress-v2p-ca9.dtb has
#     it too (those are listed, not counted)
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
tree=$1 obj=$2
out=$obj/check
mkdir -p "$out"
kmake() {
	make -s -C "$tree" O="$obj" ARCH=arm CROSS_COMPILE="ccache arm-linux-gnueabihf-" "$@"
}
cd "$top" || exit 2
bad=0
gate() {	# gate NAME FILE: FILE holds the findings of gate NAME
	if [ -s "$2" ]; then
		echo "check: $1: FAILED"
		sed 's/^/    /' "$2"
		bad=1
	else
		echo "check: $1: clean"
	fi
}

# Our sources as they sit in the tree, and the objects they make.
srcs=$(find drivers -name '*.[ch]' | sort)
patched=$(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' arch-patches/series |
	while read -r p _; do
		sed -n 's|^+++ b/\(.*\.[ch]\)$|\1|p' "arch-patches/$p"
	done | sort -u)
objs=$(for f in $srcs $patched; do case "$f" in *.c) echo "${f%.c}.o" ;; esac; done)

# checkpatch
cp_args="--strict --no-tree --quiet --show-types --ignore FILE_PATH_CHANGES,SPDX_LICENSE_TAG"
: > "$out/checkpatch"
for f in $srcs; do
	"$tree/scripts/checkpatch.pl" $cp_args -f "$f" >> "$out/checkpatch" 2>&1
done
for p in $(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' arch-patches/series | cut -d' ' -f1); do
	"$tree/scripts/checkpatch.pl" $cp_args "arch-patches/$p" >> "$out/checkpatch" 2>&1
done
sed -i '/^$/d' "$out/checkpatch"
gate "checkpatch --strict" "$out/checkpatch"

# W=1 and sparse: remove our objects so they are compiled again.
# (With no objects, make would rebuild the whole kernel with W=1.)
: > "$out/w1"
if [ -n "$objs" ]; then
	for o in $objs; do rm -f "$obj/$o"; done
	kmake W=1 C=1 $objs > "$out/build" 2>&1 || echo "build failed" >> "$out/build"
	grep -E 'warning:|error:|sparse:|build failed' "$out/build" > "$out/w1" || true
fi
gate "W=1 C=1 (sparse) build of $(echo $objs | wc -w) objects" "$out/w1"

# kernel-doc
"$tree/scripts/kernel-doc" -none $(for f in $srcs $patched; do echo "$tree/$f"; done) \
	> "$out/kdoc" 2>&1
gate "kernel-doc" "$out/kdoc"

# DT bindings
bindings=$(find dts/bindings -name '*.yaml' 2>/dev/null | sed 's|^dts/bindings/|Documentation/devicetree/bindings/|' | tr '\n' ':')
: > "$out/bindings"
if [ -n "$bindings" ]; then
	kmake dt_binding_check DT_SCHEMA_FILES="${bindings%:}" > "$out/bindings.log" 2>&1 ||
		echo "dt_binding_check failed" >> "$out/bindings"
	grep -E 'warning|error|Error' "$out/bindings.log" >> "$out/bindings" || true
fi
gate "dt_binding_check ($(echo "$bindings" | tr ':' '\n' | grep -c .) bindings)" "$out/bindings"

# dtbs_check: ours versus upstream's
kmake CHECK_DTBS=y arm/vexpress-pm-ca9.dtb arm/vexpress-v2p-ca9.dtb > "$out/dtbs.log" 2>&1
sed -n 's|.*/vexpress-pm-ca9.dtb: ||p' "$out/dtbs.log" | sort -u > "$out/dtbs.ours"
sed -n 's|.*/vexpress-v2p-ca9.dtb: ||p' "$out/dtbs.log" | sort -u > "$out/dtbs.upstream"
comm -23 "$out/dtbs.ours" "$out/dtbs.upstream" > "$out/dtbs"
echo "check: dtbs_check: $(wc -l < "$out/dtbs.upstream") upstream finding(s) in nodes we did not touch (see $out/dtbs.upstream)"
gate "dtbs_check (findings only in our DTB)" "$out/dtbs"

exit $bad
