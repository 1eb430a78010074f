#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# dt-edit.sh DTB: apply a plan's "# dt-edit:" lines, one per line on stdin,
# to DTB in order. Each line is "[OPTIONS] NODE [PROPERTY [VALUE...]]" and
# becomes "fdtput OPTIONS DTB NODE ...": fdtput wants its options before
# the file, the plan lists them first. Words split on blanks: no quoting,
# no values with spaces. Stops at the first edit that fails, naming it.
set -u
dtb=$1
while IFS= read -r e; do
	[ -n "$e" ] || continue
	# shellcheck disable=SC2086 # a word list by design
	set -- $e
	opts=
	while [ $# -gt 0 ]; do
		case $1 in
		-t) opts="$opts $1 $2"; shift ;;
		-*) opts="$opts $1" ;;
		*) break ;;
		esac
		shift
	done
	# shellcheck disable=SC2086 # a word list by design
	fdtput $opts "$dtb" "$@" || { echo "dt-edit failed: $e" >&2; exit 1; }
done
