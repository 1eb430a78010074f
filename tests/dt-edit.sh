#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# dt-edit.sh DTB: apply a plan's "# dt-edit:" lines, one per line on stdin,
# to DTB in order. Each line is "[OPTIONS] NODE [PROPERTY [VALUE...]]" and
# becomes "fdtput OPTIONS DTB NODE ...": fdtput wants its options before
# the file, the plan lists them first. Words split on blanks: no quoting,
# no values with spaces. Stops at the first edit that fails, naming it.
#
# A component of NODE may be PROPERTY=VALUE (a node name never has "="):
# the one child of the path so far whose string PROPERTY is VALUE. So a
# plan names a rail by what both PMIC profiles' DTs call it, not by the
# chip's node name: i2c0/pmic/regulators/regulator-name=vcore is
# .../regulators/vcore on the TWL92230 and .../regulators/dcdc2 on the
# AXP209 (fdtput's "pmic" already matches pmic@4a and pmic@34). No such
# child, or more than one, fails the edit.
set -u
dtb=$1

# resolve NODE: NODE with each PROPERTY=VALUE component replaced by the
# name of the child it selects
resolve() {
	case $1 in
	/*) path="" rest=${1#/} ;;
	*) path=${1%%/*} rest=${1#*/} ;;
	esac
	[ "$rest" != "$1" ] || rest=
	while [ -n "$rest" ]; do
		c=${rest%%/*}
		case $rest in */*) rest=${rest#*/} ;; *) rest= ;; esac
		case $c in
		*=*)
			kids=$(fdtget -l "$dtb" "${path:-/}") || return 1
			hits=
			for k in $kids; do
				v=$(fdtget -t s "$dtb" "$path/$k" "${c%%=*}" 2>/dev/null) &&
					[ "$v" = "${c#*=}" ] && hits="$hits $k"
			done
			# shellcheck disable=SC2086 # a word list by design
			set -- $hits
			[ $# = 1 ] || {
				echo "dt-edit: ${path:-/} has $# children with $c${hits:+:$hits}" >&2
				return 1
			}
			c=$1 ;;
		esac
		path=$path/$c
	done
	echo "$path"
}

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
	case ${1:-} in
	*=*)
		node=$(resolve "$1") || { echo "dt-edit failed: $e" >&2; exit 1; }
		shift
		set -- "$node" "$@" ;;
	esac
	# shellcheck disable=SC2086 # a word list by design
	fdtput $opts "$dtb" "$@" || { echo "dt-edit failed: $e" >&2; exit 1; }
done
