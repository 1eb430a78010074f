#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# EXTRA_PATCHES' own tests, on a throw-away git repository instead of a
# kernel tree (scripts/prepare-tree.sh --extra: the same step, no build):
# every format git apply and patch -p1 take (git format-patch mail, git
# diff, plain diff -u) must change the file it names, given by an absolute
# or a relative path or in a directory; a patch that changes nothing or
# does not apply, or a directory without patches, must stop the step with
# a message naming it.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0 skip=0 n=0
export GIT_AUTHOR_NAME=selftest GIT_AUTHOR_EMAIL=selftest@localhost
export GIT_COMMITTER_NAME=selftest GIT_COMMITTER_EMAIL=selftest@localhost

. "$top/tests/ktap-result.sh"

# A one-file "kernel" at tag base, and the change every patch makes.
f=kernel/power/suspend.c
repo=$tmp/repo
mkdir -p "$repo/${f%/*}" "$tmp/a/${f%/*}" "$tmp/b/${f%/*}" "$tmp/dir"
printf 'int a;\nint b;\nint c;\n' > "$repo/$f"
git -C "$repo" init -q
git -C "$repo" add -A
git -C "$repo" commit -q -m base
git -C "$repo" tag base
cp "$repo/$f" "$tmp/a/$f"
printf 'int a;\nint b2;\nint c;\n' > "$tmp/b/$f"
cp "$tmp/b/$f" "$tmp/want"

# The same change in each format.
(cd "$tmp" && diff -u "a/$f" "b/$f") > "$tmp/plain.patch"
cp "$tmp/b/$f" "$repo/$f"
git -C "$repo" diff > "$tmp/git-diff.patch"
git -C "$repo" commit -q -a -m 'power: the change, as a mail'
git -C "$repo" format-patch -q -1 --stdout > "$tmp/mail.patch"
git -C "$repo" reset -q --hard base
cp "$tmp/mail.patch" "$tmp/dir/0001-mail.patch"
# One that changes nothing: a message and no diff. One that cannot apply:
# its context is not in the file.
printf 'Subject: [PATCH] nothing\n\nNo diff here.\n' > "$tmp/empty.patch"
sed 's/^ int c;$/ int d;/' "$tmp/plain.patch" > "$tmp/stale.patch"

# extra NAME PATCHES: run the step; its output in $tmp/NAME.out, the commit
# it ended on in $tmp/NAME.head
extra() {
	EXTRA_PATCHES=$2 sh "$top/scripts/prepare-tree.sh" --extra "$repo" base \
		> "$tmp/$1.head" 2> "$tmp/$1.out"
}

# applies NAME PATCHES: one commit per patch, and the file as wanted.
applies() {
	extra "$@"
	rc=$?
	head=$(tail -n 1 "$tmp/$1.head")
	r=fail
	[ $rc = 0 ] && git -C "$repo" show "$head:$f" > "$tmp/$1.got" 2>> "$tmp/$1.out" &&
		cmp -s "$tmp/want" "$tmp/$1.got" &&
		[ "$(git -C "$repo" rev-list --count "base..$head")" = 1 ] && r=ok
	result $r "extra-patches.$1.applies" "$tmp/$1.out"
}

# stops NAME PATCH WHY: the step fails, naming the patch and why.
stops() {
	extra "$1" "$2"
	rc=$?
	r=fail
	[ $rc != 0 ] && grep -qF "$3: $2" "$tmp/$1.out" && r=ok
	result $r "extra-patches.$1.stops" "$tmp/$1.out"
}

applies mail "$tmp/mail.patch"
applies git-diff "$tmp/git-diff.patch"
applies plain-diff "$tmp/plain.patch"
applies relative-path "$(realpath --relative-to="$top" "$tmp/plain.patch")"
applies directory "$tmp/dir"
stops no-change "$tmp/empty.patch" "patch changes nothing"
# (the message names the kernel: scripts/kver.sh's default unless KVER)
. "$top/scripts/kver.sh"
stops stale "$tmp/stale.patch" "patch does not apply to $KVER's tree"
mkdir "$tmp/empty-dir"
stops empty-directory "$tmp/empty-dir" "no *.patch in directory"
echo "# counts: $pass $fail $skip"
