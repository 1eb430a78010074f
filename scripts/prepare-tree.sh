#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Bring a kernel tree to pristine + our patch series + EXTRA_PATCHES.
#
#   prepare-tree.sh TREE
#   prepare-tree.sh --extra REPO BASE
#
# TREE is created from $KERNEL_SRC (a user's tree, copied) or from Debian's
# linux-source-$KVER tarball (scripts/kver.sh; through the git import of
# it that TREE_CACHE keeps, if set), and kept as a git repository whose
# tag "pristine" is the untouched source. Each run builds the series of
# arch-patches/series as commits on "pristine" (branch "vexpress-pm":
# what 'make patches' exports), then one commit per EXTRA_PATCHES entry,
# and checks that result out. The commits are made in a scratch index with
# fixed dates, so unchanged input gives the same commits, and the checkout
# rewrites only files whose content changes: kbuild stays incremental.
#
# --extra does only the EXTRA_PATCHES step, in any git repository REPO:
# it commits them onto BASE and prints the commit it ends on, touching
# neither REPO's index nor its files (tests/extra-patches-selftest.sh runs
# it on a small repository instead of a kernel tree).
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
mode=tree
fresh=	# the tree is created by this run
cache=	# its tarball's git import in TREE_CACHE, if it was cloned from it
sparse=	# it is the sparse checkout of a clone of that import
[ "$1" = --extra ] && { mode=extra; shift; }
tree=$(realpath -m "$1")
. "$top/scripts/kver.sh"
tarball=${TARBALL:-$(kver_tarball)}
git="git -C $tree"

die() { echo "prepare-tree: $*" >&2; exit 1; }

# Commits are made in a scratch index on $head, with fixed dates so that
# unchanged input gives the same commits.
. "$top/scripts/build-date.sh"
scratch=$tree/.git/vexpress-pm
scratch_start() {	# scratch_start BASE
	rm -rf "$scratch"
	mkdir -p "$scratch"
	export GIT_INDEX_FILE="$scratch/index"
	export GIT_AUTHOR_DATE="$BUILD_DATE" GIT_COMMITTER_DATE="$BUILD_DATE"
	$git read-tree "$1"
	head=$($git rev-parse "$1^{commit}")
	head_tree=$($git rev-parse "$1^{tree}")
}

# The repository's kernel files, and where each goes in the kernel tree.
ksrc='drivers include Documentation dts'
kpath() {
	case "$1" in
	drivers/* | include/* | Documentation/*) echo "$1" ;;
	dts/bindings/*) echo "Documentation/devicetree/bindings/${1#dts/bindings/}" ;;
	# (a vendor's directory: dts/VENDOR/X into arch/arm/boot/dts/VENDOR/X;
	# a case pattern's * matches a slash, so this one comes first)
	dts/*/*.dts | dts/*/*.dtsi) echo "arch/arm/boot/dts/${1#dts/}" ;;
	dts/*.dts | dts/*.dtsi) echo "arch/arm/boot/dts/arm/${1#dts/}" ;;
	*) die "arch-patches/series: no kernel path for $1" ;;
	esac
}

# commit PATCH [FILE...]: one commit on $head from PATCH's message and diff
# and the repository FILEs it adds.
commit() {
	p=$1
	shift
	[ -f "$p" ] || die "patch not found: $p"
	git mailinfo "$scratch/msg" "$scratch/diff" < "$p" > "$scratch/info" ||
		die "cannot read $p"
	subject=$(sed -n 's/^Subject: //p' "$scratch/info")
	author=$(sed -n 's/^Author: //p' "$scratch/info")
	email=$(sed -n 's/^Email: //p' "$scratch/info")
	echo "  PATCH   ${p#"$top"/}"
	# mailinfo splits off the diff whatever its form: a mail's, git
	# diff's or a plain "diff -u" (---/+++ lines, no "diff --git"); git
	# apply takes them all, as patch -p1 does. A series patch that only
	# adds files has no diff: a lone "---" line at most.
	if grep -qvE '^(---)?[[:space:]]*$' "$scratch/diff" &&
	   ! $git apply --cached --whitespace=nowarn "$scratch/diff" 2> "$scratch/apply.err"; then
		# A base patch whose change is the same on this kernel but
		# whose context moved: arch-patches/KVER/fuzz names it (no
		# copy of it is kept), and it applies with less context, as
		# patch's fuzz does. Any other patch that does not apply stops.
		grep -q "^${p##*/}	" "$top/arch-patches/$KVER/fuzz" 2> /dev/null || {
			sed 's/^/    /' "$scratch/apply.err" >&2
			die "KVER=$KVER: patch does not apply to $KVER's tree: ${p#"$top"/}"
		}
		c=2
		until $git apply --cached --whitespace=nowarn -C$c "$scratch/diff" 2> /dev/null; do
			c=$((c - 1))
			[ $c -ge 1 ] || {
				sed 's/^/    /' "$scratch/apply.err" >&2
				die "KVER=$KVER: patch does not apply to $KVER's tree, even with one line of context (arch-patches/$KVER/fuzz): ${p#"$top"/}"
			}
		done
		# Less context can land a hunk elsewhere: the files must come
		# out as the list records them
		for pb in $(grep "^${p##*/}	" "$top/arch-patches/$KVER/fuzz" | cut -f3); do
			have=$($git rev-parse --short=12 ":${pb%:*}" 2> /dev/null)
			[ "$have" = "${pb##*:}" ] ||
				die "KVER=$KVER: ${p#"$top"/} applied with less context, but ${pb%:*} is blob ${have:-none}, not ${pb##*:} as arch-patches/$KVER/fuzz records"
		done
		echo "  FUZZ    ${p#"$top"/}: applied with $c of 3 lines of context on $KVER (arch-patches/$KVER/fuzz)"
	fi
	# One hash-object and one update-index for all the files: every git
	# command that writes the index rewrites its 86,000 entries.
	if [ $# -gt 0 ]; then
		: > "$scratch/paths"
		for f in "$@"; do
			[ -f "$top/$f" ] || die "arch-patches/series names a missing file: $f"
			kpath "$f" >> "$scratch/paths"
		done
		for f in "$@"; do echo "$top/$f"; done |
			$git hash-object -w --stdin-paths > "$scratch/blobs" &&
			paste "$scratch/blobs" "$scratch/paths" | sed 's/^/100644 /' |
			$git update-index --index-info || die "cannot add the files of $p"
	fi
	# A commit that changes nothing means the patch was not understood
	# (or is already in the tree): the suite would test an unchanged
	# kernel and pass.
	t=$($git write-tree)
	[ "$t" != "$head_tree" ] || die "patch changes nothing: $p"
	{ echo "${subject:-$(basename "$p" .patch)}"; echo; cat "$scratch/msg"; } > "$scratch/message"
	head=$(GIT_AUTHOR_NAME=${author:-vexpress-pm} GIT_AUTHOR_EMAIL=${email:-vexpress-pm@localhost} \
		$git commit-tree "$t" -p "$head" -F "$scratch/message")
	head_tree=$t
}

# EXTRA_PATCHES (files or directories of *.patch; relative to the
# repository, as make sees them), a commit each on $head.
extra_patches() {
	cd "$top"
	for p in ${EXTRA_PATCHES:-}; do
		if [ -d "$p" ]; then
			# An empty directory would test the unchanged kernel.
			ls "$p"/*.patch > /dev/null 2>&1 || die "no *.patch in directory: $p"
			for q in $(ls "$p"/*.patch | sort); do commit "$(realpath "$q")"; done
		else
			[ -f "$p" ] || die "patch not found: $p"
			commit "$(realpath "$p")"
		fi
	done
}

if [ $mode = extra ]; then
	[ -d "$tree/.git" ] || die "--extra: $tree is not a git repository"
	scratch_start "$2"
	extra_patches >&2
	rm -rf "$scratch"
	echo "$head"
	exit 0
fi

# The files in $tree become a git repository whose tag "pristine" is them.
commit_pristine() {
	$git init -q
	$git add -A -f
	$git -c user.name=vexpress-pm -c user.email=vexpress-pm@localhost \
		commit -q --no-verify -m pristine
	$git tag pristine
}

if [ ! -d "$tree/.git" ]; then
	rm -rf "$tree"
	mkdir -p "$tree"
	fresh=1
	if [ -n "${KERNEL_SRC:-}" ]; then
		[ -f "$KERNEL_SRC/Makefile" ] || die "KERNEL_SRC=$KERNEL_SRC is not a kernel tree"
		echo "  COPY    $KERNEL_SRC -> $tree"
		tar -C "$KERNEL_SRC" --exclude=.git -cf - . | tar -C "$tree" -xf -
		commit_pristine
	else
		[ -f "$tarball" ] || die "KVER=$KVER: missing $tarball (package linux-source-$KVER; run 'make deps KVER=$KVER')"
		# The tarball's git import is kept once per machine, as ccache
		# keeps objects: git add of its 86,000 files took 23-27 s in
		# every fresh clone. A clone of it hard-links the objects; the
		# files are written by the checkout of the series below.
		cache=${TREE_CACHE:+$TREE_CACHE/linux-$(sha256sum "$tarball" | cut -c1-16).git}
		if [ -n "$cache" ] &&
			git -C "$cache" rev-parse -q --verify 'pristine^{commit}' > /dev/null 2>&1; then
			echo "  CLONE   $cache -> $tree"
			git clone -q --local --no-checkout "$cache" "$tree"
			$git remote remove origin
			# Not checked out: the other architectures and the
			# prose of Documentation (the bindings, arch/arm and
			# what the build reads elsewhere stay: every Kconfig
			# file, as drivers/ras/Kconfig sources arch/x86's;
			# fs/hostfs's Makefile includes arch/um/scripts/;
			# scripts/checksyscalls.sh reads x86's syscall
			# table; fs/lockd's rules name Documentation/sunrpc/
			# as prerequisites), 17,000 of the 86,000 files
			# that nothing of this board's build, gates or tests
			# reads: about 16 s of CPU of every fresh clone's
			# tree. The git trees (hence the series, the gates'
			# and the snapshots' keys) are the whole tree's.
			$git sparse-checkout set --no-cone '/*' '!/arch/*/' '/arch/arm/' \
				'!/Documentation/*/' '/Documentation/devicetree/' '/Documentation/arch/' \
				'/arch/**/Kconfig*' '/Documentation/**/Kconfig*' '/arch/um/scripts/' \
				'/arch/x86/entry/syscalls/' '/Documentation/sunrpc/'
			sparse=1
		else
			echo "  UNPACK  $tarball -> $tree"
			# No .git yet: a tree left half unpacked is unpacked again.
			tar -C "$tree" --strip-components=1 -xf "$tarball" || {
				rm -rf "$tree"
				die "KVER=$KVER: cannot unpack $tarball (damaged? delete it and run 'make deps KVER=$KVER')"
			}
			grep -q "^PATCHLEVEL = ${KVER#*.}\$" "$tree/Makefile" &&
				grep -q "^VERSION = ${KVER%%.*}\$" "$tree/Makefile" || {
				rm -rf "$tree"
				die "KVER=$KVER: $tarball is not Linux $KVER (its Makefile says otherwise)"
			}
			commit_pristine
			if [ -n "$cache" ]; then
				# Whole or not at all: an interrupted clone is never used.
				# A cache that cannot be written costs only time.
				rm -rf "$cache" "$cache.$$"
				mkdir -p "$TREE_CACHE" 2> /dev/null &&
					git clone -q --bare --local "$tree" "$cache.$$" 2> /dev/null &&
					mv -T "$cache.$$" "$cache" 2> /dev/null &&
					echo "  CACHE   $cache" ||
					echo "  CACHE   $cache: cannot write it, going on without" >&2
				rm -rf "$cache.$$"
			fi
		fi
	fi
	$git config user.name vexpress-pm
	$git config user.email vexpress-pm@localhost
	$git config gc.auto 0
fi

# TREE/obj is kbuild's output (the Makefile's): no part of the tree's
# content, kept by the clean below.
grep -qx /obj/ "$tree/.git/info/exclude" 2> /dev/null ||
	{ mkdir -p "$tree/.git/info" && echo /obj/ >> "$tree/.git/info/exclude"; }

series_key=$(cd "$top" && { echo "$KVER"; sha256sum scripts/prepare-tree.sh arch-patches/series \
	$(find arch-patches -name '*.patch' -o -name fuzz | sort) $(find $ksrc -type f | sort); } |
	sha256sum | cut -d' ' -f1)
inputs=$(cd "$top" && { echo "$series_key"; echo "${EXTRA_PATCHES:-}";
	for p in ${EXTRA_PATCHES:-}; do
		if [ -d "$p" ]; then cat "$p"/*.patch; else cat "$p"; fi 2>/dev/null || :
	done; } | sha256sum | cut -d' ' -f1)
stamp=$tree/.git/vexpress-pm-stamp
# A tree linked to TREE_CACHE's checkout (below; $linked names it) is
# checked first: a file whose content no
# longer matches the index while it is still the inode the index recorded
# was written in place (git and editors that replace a file make a new
# one), through a link for all this tree knows: the cache's copy and
# other linked trees' may have changed with it (root writes read-only
# files). It is named and the reset below puts it back; the cache's
# checkout is dropped if it still holds that inode (the next fresh tree
# checks out and keeps one again). Other linked trees find the same file
# written in place. A file an editor replaced is a local edit, kept as in
# any tree until the tree is reset.
linked=$tree/.git/vexpress-pm-linked
if [ -f "$linked" ]; then
	# (the refresh drops files whose times alone changed; each one left
	# is compared by content, the refresh may not have been written)
	$git update-index -q --refresh > /dev/null 2>&1 || :
	l=$(cat "$linked" 2> /dev/null) || :
	through=
	for f in $($git -c core.quotePath=false diff-files --name-only); do
		[ -f "$tree/$f" ] && [ ! -L "$tree/$f" ] || continue
		ino=$($git ls-files --debug -- "$f" | sed -n 's/.*ino: *\([0-9]*\).*/\1/p')
		[ "$ino" = $(($(stat -c %i "$tree/$f") % 4294967296)) ] || continue
		[ "$($git hash-object -- "$tree/$f")" != "$($git ls-files -s -- "$f" | cut -d' ' -f2)" ] ||
			continue
		through="$through $f"
		case $l in */linux-*.git.checkout-*)
			[ ! "$l/tree/$f" -ef "$tree/$f" ] || rm -rf "$l" 2> /dev/null || : ;;
		esac
	done
	if [ -n "$through" ]; then
		echo "prepare-tree: written in place in a tree linked to TREE_CACHE's checkout (put back with the tree's other changes; a change to the kernel goes in as EXTRA_PATCHES):$through" >&2
		rm -f "$stamp"
	fi
fi
# Nothing to do if the inputs and the checked-out commit are as last time.
[ "$(cat "$stamp" 2>/dev/null)" = "$inputs $($git rev-parse HEAD)" ] && exit 0
# Not a good tree until this run ends (an interrupted reset leaves files
# of two commits under the old HEAD).
rm -f "$stamp"

scratch_start pristine

# The series' commits are kept in the tarball's git import too, under the
# hash of all that makes them (names and contents): a fresh clone of it
# fetches them from there instead of committing 25 patches again, 9 s of
# its build (2026-12-04). Nothing is kept for a KERNEL_SRC tree.
series_ref=refs/vexpress-pm/series/$series_key
apply=commit
if [ -n "${cache:-}" ] && $git fetch -q "$cache" "$series_ref" 2> /dev/null; then
	echo "  SERIES  $cache $series_ref"
	scratch_start FETCH_HEAD	# EXTRA_PATCHES go on top of it
	apply=:
fi

# The series: a patch line (its name, then the kernels it is for if not
# all), then its files on indented lines; arch-patches/$KVER/NAME, if
# there, is NAME rebased on $KVER's tree (arch-patches/series says more).
entry=
skip=
names=
claimed=
sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$top/arch-patches/series" > "$scratch/series"
while IFS= read -r line; do
	case "$line" in
	[[:space:]]*)
		[ -n "$entry$skip" ] || die "arch-patches/series: file before any patch: $line"
		[ -z "$skip" ] || continue
		f=$(echo "$line" | tr -d '[:space:]')
		entry="$entry $f"
		claimed="$claimed $f" ;;
	*)
		# shellcheck disable=SC2086 # entry is "patch file..." by design
		[ -z "$entry" ] || $apply $entry
		# shellcheck disable=SC2086 # line is "NAME [KVER...]"
		set -- $line
		name=$1; shift
		names="$names $name"
		for k in "$@"; do
			case " $KVERS " in
			*" $k "*) ;;
			*) die "arch-patches/series: $name is for kernel $k, which is not in KVERS ($KVERS)" ;;
			esac
		done
		entry= skip=
		case " ${*:-$KVER} " in
		*" $KVER "*) entry="$top/arch-patches/$name"
			[ ! -f "$top/arch-patches/$KVER/$name" ] ||
				entry="$top/arch-patches/$KVER/$name" ;;
		*) skip=1 ;;
		esac ;;
	esac
done < "$scratch/series"
# shellcheck disable=SC2086
[ -z "$entry" ] || $apply $entry
# A variant of no entry would be a fix that silently is not applied.
for v in "$top"/arch-patches/*/*.patch; do
	[ -f "$v" ] || continue
	case " $names " in
	*" ${v##*/} "*) ;;
	*) die "${v#"$top"/} replaces no patch of arch-patches/series" ;;
	esac
done

# What we test is what we ship: every kernel file of this repository must
# be in a commit of the series.
cd "$top"
for f in $(find $ksrc -type f | sort); do
	case " $claimed " in
	*" $f "*) ;;
	*) die "$f is in no patch of arch-patches/series" ;;
	esac
done
$git update-ref refs/heads/vexpress-pm "$head"
# A cache that cannot be written costs only time. No gc there: a repack
# of the 574 MB import would race with the clones of it.
[ -z "${cache:-}" ] || [ $apply = : ] ||
	{ git -C "$cache" config gc.auto 0 && git -C "$cache" config receive.autogc false &&
	  $git push -q "$cache" "$head:$series_ref"; } > /dev/null 2>&1 || :

extra_patches

unset GIT_INDEX_FILE
# A fresh tree's files: hard links to the checkout TREE_CACHE keeps of
# the same tarball and sparse patterns, and its index, so that the reset
# below writes only the files of commits it does not have. A checkout of
# all 69,000 files took 20 s, two kernels' side by side 40 s; the links
# about 3 s (2-core host, 2026-12-05). git replaces the files it changes
# rather than writing through them; the kept files are read-only against
# other writers (not against root: the check of linked trees above).
# Making a link changes a file's ctime, hence core.trustctime off: the
# index's stat data are the kept checkout's.
# A tree whose files are the kept checkout's (linked to it, or the one
# that kept it) is checked against its index by every run (above).
mark_linked() {
	echo "$co" > "$linked"
	$git config core.trustctime false
}
co= co_head= tried=
if [ -n "$fresh" ] && [ -n "$sparse" ] && [ -n "$cache" ] &&
	[ "$(stat -c %d "$cache")" = "$(stat -c %d "$tree")" ]; then
	co=$cache.checkout-$(sha256sum < "$tree/.git/info/sparse-checkout" | cut -c1-16)
	co_head=$(cat "$co/head" 2> /dev/null) || :
	[ -z "$co_head" ] || tried=1
	if [ -n "$co_head" ] && cp -al "$co/tree/." "$tree/" 2> /dev/null &&
		cp "$co/index" "$tree/.git/index" 2> /dev/null; then
		echo "  LINK    $co -> $tree"
	else
		co_head=
	fi
	# (links made half way are links too)
	[ -z "$tried" ] || mark_linked
fi
# Rewrites only files that differ from $head (local edits included). In a
# fresh tree without links that is all of them, mostly system time: two
# workers took 22-26 s where one took 30-37 s for all 86,000 (2-core
# host, 2026-12-04).
$git -c checkout.workers=0 reset -q --hard "$head"
# The series' checkout kept for the next fresh tree (not one with
# EXTRA_PATCHES: their commits come and go): the last such tree's, whole
# or not at all (made aside, then renamed into place), one a tarball;
# a cache that cannot be written costs only time. What an interrupted
# run left aside, and the checkouts of other sparse patterns, go.
keep_checkout() {
	mkdir -p "$new/tree" || return 1
	for e in $(ls -A "$tree"); do
		case $e in .git | obj) ;; *) cp -al "$tree/$e" "$new/tree/" || return 1 ;; esac
	done
	cp "$tree/.git/index" "$new/index" &&
		find "$new/tree" -type f -perm /222 -exec chmod a-w {} + &&
		echo "$head" > "$new/head" &&
		{ [ ! -e "$co" ] || mv -T "$co" "$old"; } && mv -T "$new" "$co"
}
if [ -n "$co" ] && [ -z "${EXTRA_PATCHES:-}" ] && [ "$co_head" != "$head" ]; then
	new=$co.$$ old=$co.old.$$
	find "$TREE_CACHE" -maxdepth 1 -name "${cache##*/}.checkout-*" ! -name "${co##*/}" \
		\( -mmin +60 -o ! -name "${co##*/}.*" \) -exec rm -rf {} + 2> /dev/null || :
	rm -rf "$new" "$old"
	if keep_checkout 2> /dev/null; then
		echo "  CACHE   $co"
		mark_linked
	else
		echo "  CACHE   $co: cannot write it, going on without" >&2
	fi
	rm -rf "$new" "$old"
fi
# A tree created by this run has nothing else to remove, unless links
# were made (from a checkout another run may have replaced meanwhile).
[ -n "$fresh" ] && [ -z "$tried" ] || $git clean -fdqx -e /obj/
rm -rf "$scratch"
echo "$inputs $head" > "$stamp"
exit 0
