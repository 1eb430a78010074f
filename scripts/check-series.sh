#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# check-series.sh TREE OBJ: build every commit of the series (pristine..
# vexpress-pm of TREE, as scripts/prepare-tree.sh made it) one after the
# other, so that each patch stands alone: a bisect that lands on any of
# them builds. KTAP v1, one result per commit, named by its place and
# subject (git's %f: the same on every kernel; format-patch shortens the
# file names of 'make patches' where this does not).
#
# Each commit is built with the configuration OBJ was built with (symbols
# that a later patch adds are dropped by olddefconfig and come back when
# that patch is built), targets vmlinux and dtbs, in a shared clone of
# TREE at $SERIES_DIR/linux whose objects are kbuild's $SERIES_DIR/linux/obj:
# the same relative paths as the main build, so ccache serves every file
# the series does not touch, and each step after the first rebuilds what
# that commit changed. A commit fails on a build error or on a compiler or
# dtc warning that names a file the series touched up to it. Not part of
# 'make test' (docs/kernels.md: "Each commit builds": its cost).
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
die() { echo "check-series: $*" >&2; exit 2; }
[ $# = 2 ] || die "usage: check-series.sh TREE OBJ (make check-series runs it)"
tree=$(cd "$1" 2> /dev/null && pwd) || die "$1: no such kernel tree (make tree)"
obj=$(cd "$2" 2> /dev/null && pwd) || die "$2: no such build directory (make kernel)"
dir=${SERIES_DIR:-$(dirname "$tree")/series}
# absolute: kbuild takes O= after make's -C
mkdir -p "$dir" && dir=$(cd "$dir" && pwd) || die "$dir: cannot make the directory"
jobs=${JOBS:-$(nproc)}
# kbuild's variables, the Makefile's: make check-series passes them, run
# by hand the script asks the Makefile ('make kbuild-vars').
if [ -z "${KBUILD_VARS:-}" ]; then
	KBUILD_VARS=$(make -s --no-print-directory -C "$top" kbuild-vars) ||
		die "cannot read kbuild's variables from $top/Makefile (make kbuild-vars)"
fi

[ -f "$obj/.config" ] || die "$obj/.config: none (build the kernel first: make kernel)"
commits=$(git -C "$tree" rev-list --reverse pristine..vexpress-pm) ||
	die "$tree: no pristine..vexpress-pm series (make tree)"
[ -n "$commits" ] || die "$tree: the series is empty"
pristine=$(git -C "$tree" rev-parse 'pristine^{commit}')

# A shared clone (the objects stay in TREE), checked out as sparsely as
# TREE is: what kbuild needs for ARM. Made again when it cannot read the
# series' base (TREE made anew elsewhere since).
src=$dir/linux
if ! git -C "$src" cat-file -e "$pristine" 2> /dev/null; then
	rm -rf "$dir"
	mkdir -p "$dir"
	git clone -q --shared --no-checkout "$tree" "$src" || die "cannot clone $tree"
	if [ "$(git -C "$tree" config core.sparseCheckout)" = true ]; then
		git -C "$tree" sparse-checkout list |
			git -C "$src" sparse-checkout set --no-cone --stdin ||
			die "cannot set the sparse checkout"
	fi
fi
# TREE's commits, also when the clone was made from another tree (the
# clone shares TREE's objects only when TREE made it)
git -C "$src" fetch -q "$tree" vexpress-pm || die "cannot fetch the series from $tree"
# An interrupted checkout leaves the index locked: only this script
# works in the clone.
rm -f "$src/.git/index.lock"
mkdir -p "$src/obj"
# (KBUILD_VARS is shell words as the Makefile quotes them: eval)
kmake() {
	eval "make -C \"\$src\" O=\"\$src/obj\" $KBUILD_VARS \"\$@\""
}
CCACHE_BASEDIR=$(dirname "$tree")
export CCACHE_BASEDIR CCACHE_NOHASHDIR=1

# Interrupted (a terminal's Ctrl-C reaches kbuild too): the clone and its
# objects are kept, and the next run goes on from them.
trap 'exit 130' INT
trap 'exit 143' TERM

n=0 bad=0 passed=0 failed=0
echo "KTAP version 1"
echo "1..$(echo "$commits" | wc -l)"
for c in $commits; do
	n=$((n + 1))
	name=$(printf '%04d-%s' "$n" "$(git -C "$tree" log -1 --format=%f "$c")")
	log=$dir/$name.log
	start=$(date +%s)
	if ! git -C "$src" checkout -q -f --detach "$c" 2> "$log"; then
		sed 's/^/# /' "$log"
		echo "not ok $n $name"
		bad=1 failed=$((failed + 1))
		continue
	fi
	cp "$obj/.config" "$src/obj/.config"
	kmake -s olddefconfig > "$log" 2>&1 &&
		kmake -j"$jobs" vmlinux dtbs >> "$log" 2>&1
	rc=$?
	# Warnings in the files the series touched up to this commit: kbuild
	# names a source ../PATH from its obj directory, dtc a DTB it writes
	# by its obj path (checked as its .dts). modpost's warnings name no
	# file and the pristine kernel may have its own: not judged.
	touched=$(git -C "$src" diff --name-only "$pristine" HEAD)
	warn=$(grep -E '([Ww]arning|error)[: ]' "$log" | while IFS= read -r l; do
		f=${l%%:*}
		f=${f#../}
		case $f in *.dtb) f=${f%.dtb}.dts ;; esac
		case "
$touched
" in *"
$f
"*) echo "$l" ;; esac
	done)
	echo "# $name: $(git -C "$src" diff --name-only HEAD~ HEAD | wc -l) files, $(($(date +%s) - start)) s"
	if [ "$rc" -ne 0 ]; then
		{ grep -E ': (fatal )?error:|Error [0-9]|\*\*\*' "$log" || tail -n 5 "$log"; } | head -20 | sed 's/^/#   /'
		echo "not ok $n $name"
		bad=1 failed=$((failed + 1))
	elif [ -n "$warn" ]; then
		echo "$warn" | sed 's/^/#   /'
		echo "not ok $n $name"
		bad=1 failed=$((failed + 1))
	else
		echo "ok $n $name"
		passed=$((passed + 1))
	fi
done
echo "$passed passed, $failed failed, 0 skipped"
exit $bad
