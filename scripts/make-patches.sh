#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# make-patches.sh TREE OUT: export the series that scripts/prepare-tree.sh
# built (branch "vexpress-pm" of TREE, on tag "pristine") as numbered
# git format-patch files with a cover letter from arch-patches/cover-letter
# (first line: subject; then the body). Blob ids are abbreviated to 12
# digits, not to what the tree's object count asks: two clones export the
# same bytes (scripts/check.sh keys its gates' verdicts on them).
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
tree=$1 out=$2
rm -rf "$out"
mkdir -p "$out"
git -C "$tree" -c core.abbrev=12 -c branch.vexpress-pm.description="$(cat "$top/arch-patches/cover-letter")" \
	format-patch -q --cover-letter --cover-from-description=subject \
	--no-signature -o "$(realpath "$out")" pristine..vexpress-pm
# The base patches that arch-patches/KVER/fuzz lets this kernel's tree
# take with less context (their context moved; scripts/prepare-tree.sh):
# exported here as the tree has them, with this kernel's context
. "$top/scripts/kver.sh"
[ ! -f "$top/arch-patches/$KVER/fuzz" ] ||
	sed -n "s/^\([^#][^	]*\)	\(.*\)/  FUZZ    \1: on $KVER, context rebased: \2/p" \
		"$top/arch-patches/$KVER/fuzz"
ls "$out"/*.patch
