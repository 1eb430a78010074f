#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Snapshots of kbuild's output directory, kept in TREE_CACHE next to the
# tree's git import (empty TREE_CACHE: none). A fresh clone restores the
# objects an earlier clone built instead of configuring and building them
# again: with every object a ccache hit, that build still spends 80-odd s
# spawning compilers and fixdep (docs/measurements.md).
#
#   obj-snapshot.sh restore TREE OBJ FRAGMENT...
#	(make's $(obj)/.config rule) OBJ becomes the snapshot for this
#	build's key, every file of it with one mtime, newer than the tree's
#	sources: kbuild finds it all up to date. Exits 1 when it restored
#	nothing (no snapshot, any doubt, a bad snapshot): configure as usual.
#   obj-snapshot.sh current TREE OBJ FRAGMENT...
#	(the kernel step) exits 0 when OBJ is still the snapshot restored
#	or saved for this build's key: nothing built in it since, its
#	.config not changed. kbuild would only find it all up to date
#	(about 10 s of a fresh clone's build step, a kernel). Otherwise
#	exits 1, and OBJ is no longer taken for a snapshot: kbuild is about
#	to build in it, and after an edit and its undo the key would match
#	again.
#   obj-snapshot.sh save TREE OBJ FRAGMENT...
#	(after a successful kernel build) stores OBJ if it was configured
#	from scratch for the key it still has. Not after the builds of an
#	edit loop: each would write 190 MB and push the snapshot of the
#	main line out of the cache.
#
# OBJ must be TREE/obj (or a link to it): kbuild then names every source
# as ../path (srctree := ..), so OBJ's .cmd files and dependency lists are
# the same in every clone. The key is all that makes OBJ: the tree's
# content (a clean work tree), the config fragments' content, the tools'
# versions, kbuild's variables (KBUILD_VARS from the Makefile, and the
# environment's), the host's machine type, and this file (the format).
set -u

mode=$1 tree=$2 obj=$3
shift 3
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/scripts/kbuild-env.sh"
if [ "$mode" = current ]; then
	d=$(realpath -m "$obj")
	m=$d/.vexpress-pm-snapshot
	was=$(cat "$m" 2> /dev/null)
	case $was in restored\ * | saved\ *) ;; *) exit 1 ;; esac
	# Anything written in OBJ since the marker (kbuild run by hand, say;
	# but check/, the gates' own) and it is not the snapshot any more.
	newer=$(find "$d" -path "$d/check" -prune -o -newer "$m" -print | head -n 1)
	echo built > "$m" || exit 1
	[ -z "$newer" ] || exit 1
fi
# Nothing to do: restore restored nothing, save always succeeds.
none() { [ "$mode" = save ] && exit 0; exit 1; }
cache=${TREE_CACHE:-}
[ -n "$cache" ] || none
tree=$(realpath "$tree") && dir=$(realpath -m "$obj") || none
[ "$dir" = "$tree/obj" ] || none
marker=$dir/.vexpress-pm-snapshot	# "new KEY", "restored KEY" or "saved KEY"

# The key's input, or failure when in doubt (not a git tree, local changes).
key() {
	git -C "$tree" rev-parse -q --verify 'HEAD^{tree}' 2> /dev/null || return 1
	changed=$(git -C "$tree" status --porcelain 2> /dev/null) && [ -z "$changed" ] || return 1
	cat "$0" "$top/scripts/kbuild-env.sh" "$@" || return 1
	for t in "${CROSS-}gcc" "${CROSS-}ld" gcc ld flex bison gzip; do
		echo "$t: $("$t" --version 2> /dev/null | head -n 1)"
	done
	echo "${KBUILD_VARS-}"
	uname -m	# kbuild's host programs
	kbuild_env
}
# An edit loop's builds cost nothing here: only a "new" OBJ is saved.
[ "$mode" = save ] && { grep -q '^new ' "$marker" 2> /dev/null || exit 0; }
in=$(key "$@") || none
k=$(printf '%s\n' "$in" | sha256sum | cut -c1-16)
snap=$cache/obj-$k.tar.gz

# One path stays absolute: the vDSO's -include of lib/vdso/gettimeofday.c
# (lib/vdso/Makefile takes its own directory with $(abspath)). Its .cmd
# file gets this tree's path, or kbuild would see a changed command and
# rebuild the vDSO and relink the kernel.
relocate() {
	old=$(cat "$dir/.vexpress-pm-tree") || return 1
	[ "$old" != "$tree" ] || return 0
	case $old$tree in *[\|\&\\]*) return 1 ;; esac	# sed s|||: none of these
	grep -rlF --include='.*.cmd' "$old/" "$dir" | while read -r f; do
		sed "s|$old/|$tree/|g" "$f" > "$f.new" && mv "$f.new" "$f" || exit 1
	done
}

case $mode in
restore)
	if [ ! -f "$snap" ]; then
		# Only a build from an empty OBJ is worth a snapshot.
		if [ -z "$(ls -A "$dir" 2> /dev/null)" ]; then
			mkdir -p "$dir" && echo "new $k" > "$marker"
		fi
		exit 1
	fi
	echo "  RESTORE $snap -> $dir"
	rm -rf "$dir"
	mkdir -p "$dir"
	# gzip's CRC and tar's end of archive catch a damaged or cut file.
	if tar -C "$dir" -xzf "$snap" && [ -f "$dir/.config" ] &&
		[ -f "$dir/include/config/auto.conf" ] && relocate; then
		echo "restored $k" > "$marker"
		# Not the links: "source" points into the tree.
		find "$dir" ! -type l -exec touch -r "$marker" {} +
		touch "$snap" 2> /dev/null	# the newest are kept
		exit 0
	fi
	# Only a snapshot that fails gzip's own test is removed: a full disk
	# or an unusual path here says nothing about the snapshot.
	if gzip -t "$snap" 2> /dev/null; then
		echo "  RESTORE $snap: cannot restore it here; configuring from scratch" >&2
	else
		echo "  RESTORE $snap: damaged, removed; configuring from scratch" >&2
		rm -f "$snap"
	fi
	rm -rf "$dir"
	mkdir -p "$dir" && echo "new $k" > "$marker"
	exit 1 ;;
current)
	case $was in "restored $k" | "saved $k") ;; *) exit 1 ;; esac
	[ "$(sha256sum < "$dir/.config")" = "$(cat "$dir/.vexpress-pm-config" 2> /dev/null)" ] ||
		exit 1
	echo "$was" > "$marker"
	exit 0 ;;
save)
	[ "$(cat "$marker" 2> /dev/null)" = "new $k" ] || exit 0
	# nor a .config changed by hand (menuconfig) since it was configured
	[ "$(sha256sum < "$dir/.config")" = "$(cat "$dir/.vexpress-pm-config" 2> /dev/null)" ] || exit 0
	# Whole or not at all, as the tree cache; a cache that cannot be
	# written costs only time.
	tmp=$snap.tmp.$$
	echo "$tree" > "$dir/.vexpress-pm-tree"	# for relocate
	if mkdir -p "$cache" 2> /dev/null &&
		tar -C "$dir" --exclude=./.vexpress-pm-snapshot --exclude=./check \
		--use-compress-program="gzip -1" -cf "$tmp" . 2> /dev/null && mv "$tmp" "$snap"; then
		echo "  SNAPSHOT $snap"
		echo "saved $k" > "$marker"
		# 190 MB of objects (gzip -1: 70 MB; 3 s) each: keep the 3 newest.
		ls -t "$cache"/obj-*.tar.gz | tail -n +4 | while read -r f; do rm -f "$f"; done
		# and no leftovers of interrupted saves
		find "$cache" -maxdepth 1 -name 'obj-*.tar.gz.tmp.*' -mmin +60 -exec rm -f {} +
	else
		echo "  SNAPSHOT $snap: cannot write it, going on without" >&2
	fi
	rm -f "$tmp"
	exit 0 ;;
*)
	echo "obj-snapshot: unknown mode $mode" >&2
	exit 2 ;;
esac
