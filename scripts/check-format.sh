#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# check-format.sh TREE FILE...: our kernel C files against clang-format
# with the tree's .clang-format. Differences in whitespace within a line
# are not counted (diff -w): the kernel aligns columns with tabs and writes
# sentinels as "{ }", where clang-format 14 disagrees. Every other hunk
# (a line broken or joined differently) must be listed in
# scripts/clang-format.allow (file name, a tab, the hunk's first line with
# blanks squeezed), which says why the subsystem's style wins there; an
# unlisted hunk is printed as FILE:LINE with the two versions.
# CHECK_FORMAT_ALLOW names another list (tests/awk-selftest.sh's).
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
tree=$1
shift
allow=${CHECK_FORMAT_ALLOW:-$top/scripts/clang-format.allow}
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
for f in "$@"; do
	clang-format --style=file:"$tree/.clang-format" "$tree/$f" > "$tmp" || {
		echo "$f: clang-format failed"; continue; }
	diff -w "$tree/$f" "$tmp" | awk -v f="$f" -v allowf="$allow" '
		BEGIN {
			base = f; sub(/.*\//, "", base)
			while ((getline l < allowf) > 0) {
				if (l ~ /^#/ || l !~ /\t/) continue
				split(l, a, "\t"); ok[a[1] "\t" a[2]] = 1
			}
		}
		function flush() {
			if (hdr == "") return
			key = base "\t" first
			if (!(key in ok)) { print f ":" line ": differs from clang-format:"; print body }
			hdr = ""
		}
		/^[0-9]/ { flush(); hdr = $0; line = $0; sub(/[^0-9].*/, "", line); first = ""; body = ""; next }
		{ body = body "    " $0 "\n"
		  if (first == "" && /^< /) { first = substr($0, 3); gsub(/^[ \t]+|[ \t]+$/, "", first); gsub(/[ \t]+/, " ", first) } }
		END { flush() }'
done
