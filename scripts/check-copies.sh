#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# check-copies.sh [DIR]: each per-kernel copy of a patch of the series
# (arch-patches/KVER/NAME, arch-patches/series says what one is) changes
# the same lines as its base (arch-patches/NAME): the lines a patch adds
# and removes, in order, file by file, compared to the letter. Context,
# hunk positions, index lines and the commit message may differ; a
# changed line may only where KVER's list of differences,
# arch-patches/KVER/differences, names it: one line a difference,
#
#   NAME<TAB>base|copy<TAB>REASON<TAB>THE LINE, +/- AS IN THE PATCH
#
# "base": the line is in the base's changes and not the copy's; "copy":
# the other way round. A copy whose change is the base's is a copy of
# context only. Such lists are the one place where a change meant for
# every kernel can be lost in one of them, as a fix made to a base after
# its copy was taken.
#
# Prints KTAP v1, as scripts/check.sh's gates do: one result per list
# ("differences KVER", "fuzz list KVER") and per copy ("copy KVER/NAME"),
# after "#" lines with each unlisted difference (and a listed one that is
# not there, so the list stays true); a list line that is not of that
# form, or names no copy, fails the list. Exit status 1 if any failed, 2
# on bad usage.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
dir=${1:-$top/arch-patches}
[ -f "$dir/series" ] || { echo "check-copies.sh: no $dir/series" >&2; exit 2; }
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

# changes PATCH: its changed lines, "FILE<TAB>LINE", in order. Only the
# lines a hunk's header counts are the hunk's (so "--- x" inside a hunk is
# a removed line, and git's "-- " signature after the last hunk is none).
changes() {
	awk '/^diff --git / { f = $NF; sub(/^b\//, "", f); old = new = 0; next }
	     old > 0 || new > 0 {
		c = substr($0, 1, 1)
		if (c == "-" || c == " ") old--
		if (c == "+" || c == " ") new--
		if (c == "-" || c == "+") print f "\t" $0
		next
	     }
	     /^@@ -[0-9]/ {
		# "@@ -A[,B] +C[,D] @@": B and D default to 1
		h = $0; sub(/^@@ -/, "", h); sub(/ @@.*/, "", h)
		split(h, r, " ")
		old = split(r[1], o, ",") > 1 ? o[2] : 1
		sub(/^\+/, "", r[2])
		new = split(r[2], w, ",") > 1 ? w[2] : 1
	     }' "$1"
}

# The list's lines, checked once: NAME<TAB>SIDE<TAB>REASON<TAB>LINE, each
# NAME a copy that exists
list_check() {
	awk -F '\t' -v l="$1" -v dir="$2" '
		/^#/ || !NF { next }
		NF < 4 || ($2 != "base" && $2 != "copy") || $3 !~ /[^ ]/ {
			printf "check-copies.sh: %s:%d: not NAME<TAB>base|copy<TAB>REASON<TAB>LINE\n", l, FNR
			bad = 1; next
		}
		{ if ((getline x < (dir "/" $1)) < 0) {
			printf "check-copies.sh: %s:%d: no copy %s beside it\n", l, FNR, $1
			bad = 1
		  } else close(dir "/" $1) }
		END { exit bad }' "$1"
}

pass=0 fail=0 skip=0 n=0
# (the plan line comes first: the results wait in a file until counted)
exec 3>&1 > "$tmp/ktap"
finish() {
	exec >&3
	echo "KTAP version 1"
	echo "1..$n"
	cat "$tmp/ktap"
	[ $fail = 0 ] || exit 1
	exit 0
}
# (each result after the "#" lines that say why; run-suite.sh indents it)
ktap_indent=
. "$top/tests/ktap-result.sh"
for list in "$dir"/*/differences; do
	[ -f "$list" ] || continue
	if list_check "$list" "$(dirname "$list")" > "$tmp/list" 2>&1; then
		result ok "differences $(basename "$(dirname "$list")")"
	else
		sed 's/^/#   /' "$tmp/list"
		result fail "differences $(basename "$(dirname "$list")")"
	fi
done
# A fuzz list (scripts/prepare-tree.sh) names base patches of the series,
# one a line, NAME<TAB>WHAT MOVED<TAB>PATH:BLOB..., and none that has a
# copy: a copy is applied instead of its base, so the line would hide it.
for list in "$dir"/*/fuzz; do
	[ -f "$list" ] || continue
	kv=$(basename "$(dirname "$list")")
	awk -F '\t' -v l="$list" -v dir="$dir" -v kv="$kv" '
		/^#/ || !NF { next }
		# (no {12}: the mawk of Debian 12 has no interval expressions)
		function blobs(s,   n, i, a) {
			n = split(s, a, " ")
			for (i = 1; i <= n; i++)
				if (a[i] !~ /^[^:]+:[0-9a-f]+$/ || length(a[i]) - index(a[i], ":") != 12)
					return 0
			return n
		}
		NF != 3 || $2 !~ /[^ ]/ || !blobs($3) {
			printf "  %s:%d: not NAME<TAB>WHAT MOVED<TAB>PATH:BLOB...\n", l, FNR; bad = 1; next }
		(getline x < (dir "/" $1)) < 0 { printf "  %s:%d: no base patch %s\n", l, FNR, $1; bad = 1; next }
		{ close(dir "/" $1) }
		(getline x < (dir "/" kv "/" $1)) >= 0 {
			printf "  %s:%d: %s has a copy for %s: the copy applies, not the base\n", l, FNR, $1, kv
			close(dir "/" kv "/" $1); bad = 1 }
		END { exit bad }' "$list" > "$tmp/fuzz" && { result ok "fuzz list $kv"; continue; }
	sed 's/^/#/' "$tmp/fuzz"
	result fail "fuzz list $kv"
done
[ $fail = 0 ] || finish
for copy in "$dir"/*/*.patch; do
	[ -f "$copy" ] || continue
	kv=$(basename "$(dirname "$copy")") name=$(basename "$copy")
	base=$dir/$name
	if [ ! -f "$base" ]; then
		echo "#   no base $name in $dir"
		result fail "copy $kv/$name"
		continue
	fi
	changes "$base" > "$tmp/base"
	changes "$copy" > "$tmp/copy"
	if [ ! -s "$tmp/copy" ]; then
		echo "#   it changes no line (not a patch?)"
		result fail "copy $kv/$name"
		continue
	fi
	# What differs: "base<TAB>LINE" or "copy<TAB>LINE" (LINE without its
	# file: a list names a patch, whose lines are few)
	diff "$tmp/base" "$tmp/copy" |
		sed -n 's/^< [^	]*	/base	/p; s/^> [^	]*	/copy	/p' > "$tmp/found"
	list=$dir/$kv/differences
	# NAME<TAB>SIDE<TAB>REASON<TAB>LINE -> SIDE<TAB>LINE
	: > "$tmp/listed"
	[ ! -f "$list" ] || awk -F '\t' -v n="$name" '
		$1 == n { s = $0; for (i = 1; i <= 3; i++) sub(/^[^\t]*\t/, "", s); print $2 "\t" s }' \
		"$list" > "$tmp/listed"
	# Each listed difference accounts for one found: both sorted, then
	# the lines of one that the other lacks (a multiset difference)
	LC_ALL=C sort "$tmp/found" > "$tmp/f"
	LC_ALL=C sort "$tmp/listed" > "$tmp/l"
	unlisted=$(LC_ALL=C comm -23 "$tmp/f" "$tmp/l")
	stale=$(LC_ALL=C comm -13 "$tmp/f" "$tmp/l")
	if [ -z "$unlisted" ] && [ -z "$stale" ]; then
		result ok "copy $kv/$name"
		continue
	fi
	[ -z "$unlisted" ] || echo "$unlisted" | sed 's/^base	/#   only in the base, not in this copy: /; s/^copy	/#   only in this copy, not in the base: /'
	[ -z "$stale" ] || echo "$stale" | sed 's/^base	/#   listed in differences, but the base has no such line of its own: /; s/^copy	/#   listed in differences, but this copy has no such line of its own: /'
	result fail "copy $kv/$name"
done
finish
