#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# check.sh TREE OBJ: the kernel-quality gates on our code, as KTAP v1: one
# result per gate, named as below on every run and kernel; what it checked
# this time and every finding (with its file and line) as "#" lines before
# its result; a gate whose tools are missing is a skip saying which.
# Exits 1 if there was any finding.
#   - the series ('make patches') applies with git am to the pristine tree
#     and gives the tree that was built
#   - checkpatch.pl --strict on every file in drivers/ and every patch
#   - our objects rebuilt with W=1 and sparse (C=1): no warnings
#   - kernel-doc -none on our sources
#   - clang-format with the tree's style, deviations only where listed
#   - our bindings and the board DTB validated with dt-schema (see below
#     for why not through dt_binding_check/dtbs_check)
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
tree=$(cd "$1" && pwd) obj=$(cd "$2" && pwd)
out=$obj/check
mkdir -p "$out"
# kbuild's variables, the Makefile's: make check passes them; from
# tests/run-suite.sh or by hand the script asks the Makefile ('make
# kbuild-vars'). Shell words as the Makefile quotes them: eval.
if [ -z "${KBUILD_VARS:-}" ]; then
	KBUILD_VARS=$(make -s --no-print-directory -C "$top" kbuild-vars) ||
		{ echo "check.sh: cannot read kbuild's variables from $top/Makefile (make kbuild-vars)" >&2; exit 2; }
fi
kmake() {
	eval "make -s -C \"\$tree\" O=\"\$obj\" $KBUILD_VARS \"\$@\""
}
cd "$top" || exit 2
bad=0 gn=0
echo "KTAP version 1"
echo "1..8"	# series checkpatch build-w1 sparse kernel-doc clang-format bindings dtbs
# gate NAME WHAT FILE: FILE holds the findings of gate NAME. NAME is the
# same on every run and kernel (a CI keeps history by it); WHAT, what it
# checked this time (counts of files, patches), is said on a line of its own.
gate() {
	gn=$((gn + 1))
	echo "# $1: $2"
	if [ -s "$3" ]; then
		sed 's/^/#     /' "$3"
		echo "not ok $gn $1"
		bad=1
	else
		echo "ok $gn $1"
	fi
}
skip() {	# skip NAME REASON: gate NAME cannot run here
	gn=$((gn + 1))
	echo "ok $gn $1 # SKIP $2"
}
# A gate that was clean before on the same inputs is clean again: TREE_CACHE
# keeps the verdicts of clean runs, as ccache keeps objects (empty
# TREE_CACHE: nothing kept), under the gate's name and a hash of the gates'
# inputs (base, below). Findings are never kept: they name the files of the
# clone that found them, so a gate with findings runs every time.
# (A fresh clone's 'make test' spent about 30 s of CPU a kernel on
# verdicts that had not changed: checkpatch, git am, sparse.)
vcache=${TREE_CACHE:+$TREE_CACHE/check}
was_clean() {	# was_clean NAME [VERDICT...]: says so when it was (default: clean)
	n=$1
	shift
	[ $# -gt 0 ] || set -- clean
	[ -n "$vcache" ] && note=$(cat "$vcache/$n-$base" 2> /dev/null) || return 1
	case " $* " in *" $note "*) ;; *) return 1 ;; esac
	echo "# $n: clean before on the same inputs ($vcache/$n-$base), not run again"
}
keep_if_clean() {	# keep_if_clean NAME FINDINGS-FILE [VERDICT (default: clean)]
	[ -n "$vcache" ] && [ ! -s "$2" ] || return 0
	# whole or not at all, as cached() below
	mkdir -p "$vcache" 2> /dev/null &&
		echo "${3:-clean}" 2> /dev/null > "$vcache/$1-$base.$$" &&
		mv "$vcache/$1-$base.$$" "$vcache/$1-$base" 2> /dev/null
	rm -f "$vcache/$1-$base.$$"
}

# Our sources, and the objects the series makes. The series is exported
# as 'make patches' exports it, and those patches are what checkpatch reads.
srcs=$(find drivers include -name '*.[ch]' | sort)
sh scripts/make-patches.sh "$tree" "$out/patches" > /dev/null
patches=$(ls "$out"/patches/*.patch | grep -v '/0000-cover-letter.patch$')
patched=$(git -C "$tree" diff --name-only pristine vexpress-pm -- '*.[ch]' | sort)
# A .c that another one includes (a KUnit test built into its driver) is
# built as part of that one.
objs=$(for f in $patched; do case "$f" in *.c)
	grep -qs "^#include \"${f##*/}\"" "$tree/${f%/*}"/*.c || echo "${f%.c}.o" ;; esac; done)
# The gates' inputs: the trees (pristine, the series, what was built, and
# which of those the series gate compares), our kernel sources in this
# repository (names and bytes: checkpatch and the bindings gate read them
# here), the patches, the kernel configuration, kbuild's environment,
# these scripts, and the tools' versions (as they report them; Debian's
# package versions for dt-schema's Python libraries). A work tree with
# changes or untracked files is none of those: then nothing is kept or
# reused.
built=HEAD
[ -n "${EXTRA_PATCHES:-}" ] && built=vexpress-pm
# (one status of the 69,000-file tree, for the series gate too)
status=$(git -C "$tree" status --porcelain)
[ -z "$status" ] || vcache=
# dt-schema's version (its Python starts in about a second): here and in
# the dt-schema outputs' keys below
dtver=$(dt-validate --version 2>&1)
. "$top/scripts/kbuild-env.sh"
# shellcheck disable=SC2046,SC2086 # word lists by design
base=$({ git -C "$tree" rev-parse 'pristine^{tree}' 'vexpress-pm^{tree}' 'HEAD^{tree}'
	echo "compared with: $built"
	sha256sum $(find drivers include Documentation dts -type f | sort)
	# (by name in their directory, not the clone's path; not the cover
	# letter, which carries the date of the export)
	for p in $patches; do sha256sum < "$p" | sed "s|-\$|${p##*/}|"; done
	cat "$obj/.config" scripts/check.sh scripts/check-format.sh scripts/clang-format.allow \
		scripts/kbuild-env.sh
	kbuild_env
	cat .checkpatch.conf .scripts/.checkpatch.conf "$HOME"/.checkpatch.conf 2> /dev/null
	echo "$dtver"
	for t in git perl make sparse clang-format arm-linux-gnueabihf-gcc python3 cpp dtc \
		yamllint; do
		$t --version 2>&1 | sed -n '/./{p;q;}'	# (perl's begins with a blank line)
	done
	dpkg-query -W python3-jsonschema python3-ruamel.yaml python3-yaml 2>&1; } |
	sha256sum | cut -c1-16)

# The series applies with git am to the pristine tree and gives exactly the
# tree the kernel was built from (same git tree hash: same content): HEAD,
# with nothing changed in the work tree; with EXTRA_PATCHES on top of the
# series the built tree differs by design, so the series branch is compared.
am=$out/am
: > "$out/series"
[ -z "$status" ] || echo "$status" | grep -v '^??' |
	sed 's/^/changed in the built tree: /' >> "$out/series"
# shellcheck disable=SC2086 # word lists by design
series_am() {
	git -C "$tree" worktree remove --force "$am" 2> /dev/null || rm -rf "$am"
	git -C "$tree" worktree prune
	git -C "$tree" worktree add -q --no-checkout --detach "$am" pristine
	# Only the files the patches touch are checked out: am needs no others.
	git -C "$am" sparse-checkout set --no-cone \
		$(sed -n 's|^+++ b/||p; s|^--- a/||p' $patches /dev/null | grep -v '^/dev/null' | sort -u)
	git -C "$am" checkout -q --detach pristine
	if [ -z "$patches" ]; then
		echo "make-patches.sh exported no patches" >> "$out/series"
	elif ! git -C "$am" am -q $patches > "$out/am.log" 2>&1 < /dev/null; then
		echo "git am of the series onto pristine failed:" >> "$out/series"
		cat "$out/am.log" >> "$out/series"
	elif [ "$(git -C "$am" rev-parse 'HEAD^{tree}')" != "$(git -C "$tree" rev-parse "$built^{tree}")" ]; then
		echo "the series applied with git am differs from the built tree ($built):" >> "$out/series"
		git -C "$am" diff --stat HEAD "$built" >> "$out/series"
	fi
	git -C "$tree" worktree remove --force "$am"
}
was_clean series || { series_am; keep_if_clean series "$out/series"; }
gate series "$(echo $patches | wc -w) patches apply with git am to pristine, same tree as built" "$out/series"

# checkpatch: FILE_PATH_CHANGES asks each patch that adds a file to update
# MAINTAINERS, which the series does once, in its last patch.
# UNKNOWN_COMMIT_ID: the tree is the tarball's import, without upstream
# history, so the commits the fixes' Fixes: tags name cannot be looked up.
# ALLOC_WITH_SIZEOF: 7.3's checkpatch asks for kzalloc_obj(), which 6.12
# does not have, and our sources are one for both kernels.
cp_args="--strict --no-tree --quiet --show-types --ignore FILE_PATH_CHANGES,SPDX_LICENSE_TAG,UNKNOWN_COMMIT_ID,ALLOC_WITH_SIZEOF"
# One checkpatch for all the files, one for all the patches: it reports
# each file as a run of its own would (a run costs about 0.4 s of CPU
# before it reads a line).
: > "$out/checkpatch"
# shellcheck disable=SC2086 # word lists by design
checkpatch_run() {
	[ -z "$srcs" ] ||
		"$tree/scripts/checkpatch.pl" $cp_args -f $srcs >> "$out/checkpatch" 2>&1
	# On the patches, checkpatch 6.12 misreads the blank context line before a
	# new Kconfig entry as an added line with trailing whitespace (depending on
	# the diffstat's column widths); ignore that type there and check added
	# lines for trailing whitespace ourselves.
	[ -z "$patches" ] ||
		"$tree/scripts/checkpatch.pl" $cp_args --ignore TRAILING_WHITESPACE \
			$patches >> "$out/checkpatch" 2>&1
	for p in $patches; do
		grep -n '^+.*[[:space:]]$' "$p" |
			sed "s|^|$p:|; s|\$|: trailing whitespace|" >> "$out/checkpatch"
	done
	sed -i '/^$/d' "$out/checkpatch"
}
was_clean checkpatch || { checkpatch_run; keep_if_clean checkpatch "$out/checkpatch"; }
gate checkpatch "checkpatch --strict on $(echo $srcs | wc -w) files and $(echo $patches | wc -w) patches" "$out/checkpatch"

# Upstream files the series patches (kernel/power/suspend.c) carry sparse
# warnings of their own: there, only findings on lines the series adds
# count, and not sparse's "restricted suspend_state_t degrades to
# integer", the file's own idiom for indexing its state tables
# (mem_sleep_states[PM_SUSPEND_MEM]), which lines added beside it repeat.
# The files the series changes that pristine has (upstream files), as
# paths in the tree:
upstream_files() {
	for f in $patched; do
		git -C "$tree" cat-file -e "pristine:$f" 2>/dev/null && echo "$f"
	done
}
# "FILE:LINE" for every line the series adds to a pristine file:
added_lines() {
	for f in $(upstream_files); do
		git -C "$tree" diff -U0 pristine vexpress-pm -- "$f" |
			sed -n 's/^@@ -[0-9,]* +\([0-9]*\),*\([0-9]*\) @@.*/\1 \2/p' |
			while read -r start n; do
				i=0
				while [ "$i" -lt "${n:-1}" ]; do
					echo "$tree/$f:$((start + i))"
					i=$((i + 1))
				done
			done
	done
}
upstream_filter() {
	added=$(added_lines)
	while IFS= read -r l; do
		# kbuild names sources relative to $obj, which is $tree/obj
		case "$l" in ../*) l=$tree/${l#../} ;; esac
		f=${l%%:*}
		case "$f" in "$tree"/*) ;; *) echo "$l"; continue ;; esac
		git -C "$tree" cat-file -e "pristine:${f#"$tree"/}" 2>/dev/null ||
			{ echo "$l"; continue; }
		case "$l" in *"restricted suspend_state_t degrades to integer") continue ;; esac
		loc=$(echo "$l" | cut -d: -f1,2)
		case " $(echo $added) " in *" $loc "*) echo "$l" ;; esac
	done
}

# W=1 and sparse: move our objects aside so they are compiled again.
# (With no objects, make would rebuild the whole kernel with W=1.) Then
# they and their .cmd files go back, mtimes kept: the W=1 objects, made
# with other flags, would otherwise make the next build compile them
# again and relink vmlinux (about 45 s of every later 'make test').
# An interrupted run's objects are put back by the trap, or else by the
# next run, before it moves any.
restore_stash() {
	(cd "$out/stash" 2> /dev/null && find . -type f) | while read -r f; do
		mv "$out/stash/$f" "$obj/$f"
	done
	rm -rf "$out/stash"
}
: > "$out/w1"
w1_run() {
	[ -n "$objs" ] || return 0
	restore_stash
	trap 'restore_stash' EXIT
	trap 'exit 130' INT TERM
	for o in $objs; do
		for f in "$o" "$(dirname "$o")/.$(basename "$o").cmd"; do
			[ -f "$obj/$f" ] || continue
			mkdir -p "$out/stash/$(dirname "$f")"
			mv "$obj/$f" "$out/stash/$f"
		done
	done
	KBUILD_NOCMDDEP=1 kmake W=1 C=1 $objs > "$out/build" 2>&1 || echo "build failed" >> "$out/build"
	restore_stash
	trap - EXIT INT TERM
	grep -E 'warning:|error:|sparse:|build failed' "$out/build" |
		upstream_filter > "$out/w1" || true
}
# kbuild drops C=1, with only a make warning, when the tree's
# scripts/checker-valid.sh refuses the sparse it finds in PATH: 7.3's asks
# for __typeof_unqual__, which sparse 0.6.4 (the last release, Debian
# 12's) does not know. Dan Carpenter's "sparse: add support for
# typeof_unqual" (2024-12-04, in the sparse that smatch's git carries)
# teaches it. Then only W=1 ran: say so, and how to give it one.
# (an interrupted run's objects go back first, whether the gate runs or not)
restore_stash
if was_clean w1 sparse-ran sparse-refused; then
	sparse=$note
else
	rm -f "$out/build"
	w1_run
	sparse=sparse-ran
	grep -qs 'C=1 specified, but' "$out/build" && sparse=sparse-refused
	keep_if_clean w1 "$out/w1" $sparse
fi
# (sparse runs in the same build, C=1: its findings are the build's, and
# its own result says whether it ran)
if [ $sparse = sparse-refused ]; then
	gate build-w1 "W=1 build of $(echo $objs | wc -w) objects (upstream files: lines we add)" "$out/w1"
	skip sparse "needs sparse with __typeof_unqual__ (sparse git after 0.6.4, e.g. first in PATH; the tree's scripts/checker-valid.sh refuses $(sparse --version 2>&1 | head -1))"
else
	gate build-w1 "W=1 C=1 (sparse) build of $(echo $objs | wc -w) objects (upstream files: lines we add)" "$out/w1"
	# (not its findings again: they are build-w1's)
	: > "$out/sparse-ran"
	gate sparse "sparse ran in build-w1's build (C=1): its findings are that gate's" "$out/sparse-ran"
fi

# kernel-doc
# (in upstream files, only on the lines we add, as for W=1; 7.3's
# kernel-doc, in Python, says "Warning: FILE:LINE ...", 6.12's
# "FILE:LINE: warning: ...": one form for the filter)
: > "$out/kdoc"
was_clean kernel-doc || {
	"$tree/scripts/kernel-doc" -none $(for f in $patched; do echo "$tree/$f"; done) 2>&1 |
		sed -E 's/^Warning: ([^ :]+):([0-9]+) /\1:\2: warning: /' | upstream_filter > "$out/kdoc"
	keep_if_clean kernel-doc "$out/kdoc"
}
gate kernel-doc "kernel-doc -none on the files we add or change" "$out/kdoc"

# clang-format: differences only where scripts/clang-format.allow says
# (in upstream files only the hunks that start on a line the series adds)
: > "$out/format"
was_clean clang-format || {
	added_lines | sed "s|^$tree/||" > "$out/added"
	upstream_files > "$out/upstream"
	sh scripts/check-format.sh "$tree" $patched 2>&1 |
		awk -v addedf="$out/added" -v upstreamf="$out/upstream" -f scripts/check-format-ours.awk \
		> "$out/format"
	keep_if_clean clang-format "$out/format"
}
gate clang-format "$(echo $patched | wc -w) files; allowed deviations: $(grep -c '	' scripts/clang-format.allow)" "$out/format"

# DT bindings. The kernel's dt_binding_check/dtbs_check targets refuse
# Debian 12's dt-schema (2022.08; 6.12 asks for 2023.9), so run the same
# dt-schema tools directly: meta-schema check and yamllint of each binding,
# then its examples compiled and validated against the processed schema.
# Some distributions do not package dt-schema (Debian 13 has it in
# trixie-backports only, where 'make deps' takes it from): without its
# tools these two gates are skipped, with the reason, not failed.
bdir=$tree/Documentation/devicetree/bindings
absent=
for t in dt-mk-schema dt-doc-validate dt-extract-example dt-validate yamllint; do
	command -v $t > /dev/null || absent="$absent $t"
done
if [ -n "$absent" ]; then
	why="needs$absent (packages dt-schema, yamllint: not installed)"
	skip bindings "$why"
	skip dtbs "$why"
	exit $bad
fi
: > "$out/bindings"
# dt-schema's outputs depend only on its inputs, and make most of this
# gate's time (dt-mk-schema about 25 s, dt-validate about 9 s a DTB): as
# ccache keeps objects, TREE_CACHE keeps them by a hash of every input
# and of the tool's version (empty TREE_CACHE: nothing kept).
dtcache=${TREE_CACHE:+$TREE_CACHE/dt-schema}
cached() {	# cached KEY OUT CMD...: CMD's stdout in OUT, stderr in OUT.err
	key=$1 file=$2
	shift 2
	if [ -n "$dtcache" ] && [ -f "$dtcache/$key" ] && [ -f "$dtcache/$key.err" ]; then
		cp "$dtcache/$key" "$file" && cp "$dtcache/$key.err" "$file.err"
	else
		"$@" > "$file" 2> "$file.err" || return 1
		# kept only when the tool succeeded; renamed into place whole
		[ -z "$dtcache" ] || { mkdir -p "$dtcache" &&
			cp "$file.err" "$dtcache/$key.err.$$" &&
			mv "$dtcache/$key.err.$$" "$dtcache/$key.err" &&
			cp "$file" "$dtcache/$key.$$" && mv "$dtcache/$key.$$" "$dtcache/$key"; }
	fi
}
# The processed schema: every binding of the tree but these, which no
# DTB or binding of ours uses. 6.12's crypto/fsl,sec-v4.0.yaml types
# fsl,liodn uint32 where soc/fsl/fsl,{bman,qman,qman-portal}.yaml type it
# uint32-array (7.3's makes it uint32-array too); dt-schema 2025.08 (Debian
# 13, trixie-backports) dies reporting that conflict, with "KeyError:
# 'http://devicetree.org/schemas/crypto/fsl,sec-v4.0.yaml#'" (its report
# indexes the schemas by an unstripped $id: dt-schema pull request 192,
# "validator: Fix missing '#' stripping from schema ID", fixes it). 7.3's
# interrupt-controller/ti,irq-crossbar.yaml (new since 6.12) types
# ti,irqs-reserved uint32-array where ti,pruss-intc.yaml types it uint8:
# the same crash, "KeyError: '.../ti,irq-crossbar.yaml#'".
dt_exclude="crypto/fsl,sec-v4.0.yaml interrupt-controller/ti,irq-crossbar.yaml"
find "$bdir" -name '*.yaml' | sort |
	grep -vxF "$(for b in $dt_exclude; do echo "$bdir/$b"; done)" > "$out/schema.files"
rm -f "$out/schema.json"
key=schema-$( (echo "$dtver"; xargs cat < "$out/schema.files") | sha256sum | cut -c1-16)
# shellcheck disable=SC2046 # one argument per file (no binding path has a blank)
if ! cached "$key" "$out/schema.json" dt-mk-schema -j $(cat "$out/schema.files"); then
	echo "dt-mk-schema failed: $(tail -1 "$out/schema.json.err")" >> "$out/bindings"
	rm -f "$out/schema.json"
fi
# Each tool runs once over all our bindings (each names the file in what
# it reports): a dt-validate run spends about 1.4 s of CPU loading the
# processed schema, whatever it validates.
ys=$(find dts/bindings -name '*.yaml' | sort)
nb=$(echo $ys | wc -w)
fs=$(for y in $ys; do echo "$bdir/${y#dts/bindings/}"; done)
bindings_run() {
	exs=
	if [ -n "$fs" ]; then
		# shellcheck disable=SC2086 # one argument per file (no binding path has a blank)
		dt-doc-validate -u "$bdir" $fs >> "$out/bindings" 2>&1
		# shellcheck disable=SC2086 # as above
		yamllint -f parsable -c "$bdir/.yamllint" $fs >> "$out/bindings" 2>&1
	fi
	for y in $ys; do
		f=$bdir/${y#dts/bindings/}
		ex=$out/$(basename "$y" .yaml).example
		rm -f "$ex.dtb"
		dt-extract-example "$f" > "$ex.dts" 2>> "$out/bindings"
		if cpp -nostdinc -I "$tree/include" -I "$tree/scripts/dtc/include-prefixes" \
			-undef -D__DTS__ -x assembler-with-cpp "$ex.dts" 2>> "$out/bindings" |
			dtc -q -I dts -O dtb -o "$ex.dtb" - >> "$out/bindings" 2>&1; then
			exs="$exs $ex.dtb"
		else
			echo "$y: example does not compile" >> "$out/bindings"
		fi
	done
	# (dt-validate names each example's DTB: BINDING.example.dtb)
	# shellcheck disable=SC2086 # as above
	[ -s "$out/schema.json" ] && [ -n "$exs" ] &&
		dt-validate -s "$out/schema.json" $exs >> "$out/bindings" 2>&1
}
was_clean bindings || { bindings_run; keep_if_clean bindings "$out/bindings"; }
gate bindings "dt-doc-validate, yamllint, examples validated: $nb bindings" "$out/bindings"

# Board DTBs against all schemas; a finding counts as ours unless the
# upstream DTB the board file includes has it too (those are listed, not
# counted). A finding is compared without what our additions change in
# its text but not in what it says: the values of a node that a schema
# rejects whole ("False schema does not allow {...}": its property names
# stay; phandle numbers shift with every labelled node we add), and the
# names that a pattern-only schema of the parent bus rejects in a child
# (7.3's gpio-mxs.yaml and fsl,qe.yaml, with Debian 12's dt-schema 2022.08,
# are applied to the vexpress simple-bus nodes): the child's own binding
# still validates those properties; its path and the patterns stay.
: > "$out/dtbs"
rm -f "$out"/dtbs.*.done "$out"/dtbs.*.said
# (OURS:UPSTREAM, each a DTB of arch/arm/boot/dts/arm/, or VENDOR/NAME
# one of arch/arm/boot/dts/VENDOR/)
for pair in vexpress-pm-ca9:vexpress-v2p-ca9 vexpress-pm-ca15:vexpress-v2p-ca15-tc1 \
	vexpress-pm-ca9-axp209:vexpress-v2p-ca9 vexpress-pm-ca15-axp209:vexpress-v2p-ca15-tc1 \
	allwinner/sun4i-a10-cubieboard-pm:allwinner/sun4i-a10-cubieboard; do
	ours=${pair%:*} upstream=${pair#*:}
	case $ours in */*) ;; *) ours=arm/$ours upstream=arm/$upstream ;; esac
	dtbdir=${ours%/*} ours=${ours##*/} upstream=${upstream##*/}
	for d in $ours $upstream; do
		# each upstream DTB once, though two of ours compare with it
		[ "$d" = "$upstream" ] && [ -s "$out/dtbs.$d.done" ] && continue
		echo "$d" > "$out/dtbs.$d.done"
		dtb=$obj/arch/arm/boot/dts/$dtbdir/$d.dtb
		[ -f "$dtb" ] || echo "missing $dtb" >> "$out/dtbs"
		# without the processed schema dt-validate checks nothing: a
		# finding of its own, not an empty (clean) list
		[ -s "$out/schema.json" ] || {
			echo "$d: not validated: no processed schema (dt-mk-schema failed: see the bindings gate)" >> "$out/dtbs"
			: > "$out/dtbs.$d"
			continue
		}
		key=dtb-$(cat "$out/schema.json" "$dtb" | sha256sum | cut -c1-16)
		cached "$key" "$out/dtbs.$d.raw" dt-validate -s "$out/schema.json" "$dtb"
		cat "$out/dtbs.$d.raw" "$out/dtbs.$d.raw.err" |
			sed -E -e "s|^.*/$d.dtb: ||; s/: \{.*\} (should|is)/: {...} \1/" \
				-e ':a' -e 's/(does not allow \{.*)\[[^][]*\]/\1_/' -e 'ta' \
				-e "s/^(.*: )'.*' (do|does) not match any of the regexes: /\1... \2 not match any of the regexes: /" |
			sort -u > "$out/dtbs.$d"
	done
	comm -23 "$out/dtbs.$ours" "$out/dtbs.$upstream" | sed "s|^|$ours: |" >> "$out/dtbs"
	# (said once per upstream DTB: both profiles' DTBs include it)
	[ -e "$out/dtbs.$upstream.said" ] && continue
	: > "$out/dtbs.$upstream.said"
	echo "# dtbs: $(wc -l < "$out/dtbs.$upstream") upstream finding(s) in nodes we did not touch ($out/dtbs.$upstream)"
done
rm -f "$out"/dtbs.*.said
rm -f "$out"/dtbs.*.done
gate dtbs "dt-validate of the board DTBs (findings only in ours)" "$out/dtbs"

exit $bad
