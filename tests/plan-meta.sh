#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# plan-meta.sh: the one reader of the test plans' header lines, for the
# runner (tests/run.sh, run-plan.sh), the profiles and the LAVA jobs
# (lava/make-jobs.sh).
#
#   plan-meta.sh PLAN-FILE KEY   the values of KEY, one line each, in order
#                                (the default below if the plan has none)
#   plan-meta.sh --has PLAN-FILE KEY   exit 0 if the plan has a KEY line
#   plan-meta.sh --check PLAN-FILE...  only validate; also that a
#                                "--serial-in" or "--net-in" in qemu-args
#                                comes with a "# host:" script, and that each
#                                "# qemu-patch:" value has its
#                                boot/qemu-patches/NNNN-*.patch
#   plan-meta.sh --each KEY PLAN-FILE...
#                                for every plan a line "PLAN-FILE VALUES":
#                                its values of KEY on one line, blank-
#                                separated, so only for keys whose values
#                                are words (the runner lists a whole run's
#                                suites with a call a key, not a call a plan)
#
# A header line is "# KEY: VALUE" (or "# KEY:" with no value) in the plan's
# leading comment block: the lines from the first that begin with "#", up
# to the first that does not. KEY is lowercase letters, digits and "-";
# one that is not in the list below is an error, named with the file and
# line, so a misspelt key cannot be silently ignored (prose in that block
# must not start a line with "word:"). Lines further down are the plan's
# own comments, never headers. Exit status 2 on a bad plan or usage.
#
# Keys (docs/tests.md, "Plan headers", says what each does), with their
# default when the plan has none:
#   allow  board  boots (1)  dt-edit  host  kernels (default)  oracle-skip
#   pmic (twl92230)  pmic-per-kernel (all)  qemu-args  qemu-patch  smp (1)
#   timeout (120)  trace-check
set -u
keys="allow board boots dt-edit host kernels oracle-skip pmic pmic-per-kernel qemu-args qemu-patch smp timeout trace-check"
mode=get
case "${1:-}" in
--has) mode=has; shift ;;
--check) mode=check; shift ;;
--each) mode=each; shift ;;
esac
if [ $mode = each ]; then
	[ $# -ge 2 ] || { echo "usage: plan-meta.sh --each KEY PLAN-FILE..." >&2; exit 2; }
	key=$1
	shift
	files=$*
elif [ $mode = check ]; then
	[ $# -gt 0 ] || { echo "usage: plan-meta.sh --check PLAN-FILE..." >&2; exit 2; }
	files=$* key=
else
	[ $# = 2 ] || { echo "usage: plan-meta.sh [--has] PLAN-FILE KEY" >&2; exit 2; }
	files=$1 key=$2
fi
if [ $mode != check ]; then
	case " $keys " in
	*" $key "*) ;;
	*) echo "plan-meta.sh: no plan header key '$key' (keys: $keys)" >&2; exit 2 ;;
	esac
fi
for f in $files; do
	[ -f "$f" ] || { echo "plan-meta.sh: no such plan: $f" >&2; exit 2; }
done
# --check: the numbers of boot/qemu-patches/NNNN-*.patch, which a
# "# qemu-patch:" value must name (a misspelt one would only ever skip)
patches=
if [ $mode = check ]; then
	for p in "$(dirname "$0")"/../boot/qemu-patches/[0-9]*-*.patch; do
		[ -f "$p" ] || continue
		p=${p##*/}
		patches="$patches ${p%%-*}"
	done
fi
# shellcheck disable=SC2086 # files is a word list by design
awk -v keys="$keys" -v want="$key" -v mode=$mode -v patches="$patches" '
BEGIN {
	n = split(keys, k, " "); for (i = 1; i <= n; i++) known[k[i]] = 1
	d["boots"] = 1; d["kernels"] = "default"; d["pmic"] = "twl92230"; d["pmic-per-kernel"] = "all"
	d["smp"] = 1; d["timeout"] = 120
	n = split(patches, k, " "); for (i = 1; i <= n; i++) patch[k[i]] = 1
}
# --check, at the end of each plan: "--serial-in HOST" is the console
# input of a "# host:" script, "--net-in HOST" the NIC input of one
# (tests/run-plan.sh): without one, nothing would make the socket it names.
function plan_done() {
	if (mode == "check" && serialin && !hashost) {
		printf "%s:%d: \"# qemu-args:\" has --serial-in but the plan has no \"# host:\" header (only a host script writes to the console'"'"'s input)\n", pfile, serialin > "/dev/stderr"
		bad = 1
	}
	if (mode == "check" && netin && !hashost) {
		printf "%s:%d: \"# qemu-args:\" has --net-in but the plan has no \"# host:\" header (only a host script sends frames to the NIC)\n", pfile, netin > "/dev/stderr"
		bad = 1
	}
	serialin = netin = hashost = 0
}
FNR == 1 { if (NR > 1) plan_done(); pfile = FILENAME; head = 1 }
head && !/^#/ { head = 0 }
!head { next }
/^# [a-z][a-z0-9-]*:( |$)/ {
	key = $0; sub(/^# /, "", key); sub(/:.*/, "", key)
	if (!(key in known)) {
		printf "%s:%d: unknown plan header key \"%s\" (keys: %s)\n", FILENAME, FNR, key, keys > "/dev/stderr"
		bad = 1
		next
	}
	val = $0; sub(/^# [a-z0-9-]*: ?/, "", val)
	if (key == "pmic" && val !~ /[^ ]/) {
		printf "%s:%d: empty \"# pmic:\" header (it names the profiles the plan runs on)\n", FILENAME, FNR > "/dev/stderr"
		bad = 1
	}
	if (key == "host" && val ~ /[^ ]/) hashost = 1
	if (key == "qemu-args" && (" " val " ") ~ / --serial-in /) serialin = FNR
	if (key == "qemu-args" && (" " val " ") ~ / --net-in /) netin = FNR
	if (mode == "check" && key == "qemu-patch") {
		m = split(val, w, " ")
		for (i = 1; i <= m; i++)
			if (!(w[i] in patch)) {
				printf "%s:%d: \"# qemu-patch: %s\": no boot/qemu-patches/%s-*.patch\n", FILENAME, FNR, w[i], w[i] > "/dev/stderr"
				bad = 1
			}
	}
	if (key != want) next
	found = 1
	if (mode == "get") print val
	if (mode == "each") {
		# Test membership before the assignment: mawk creates the
		# element of an assignment'"'"'s left side before it evaluates the
		# right side, so "v[k] = (k in v) ? ..." is always true there.
		if (FILENAME in vals)
			val = vals[FILENAME] " " val
		vals[FILENAME] = val
	}
}
END {
	if (NR > 0) plan_done()
	if (mode == "each")
		for (i = 1; i < ARGC; i++)
			print ARGV[i], (ARGV[i] in vals) ? vals[ARGV[i]] : d[want]
	if (bad) exit 2
	if (mode == "has") exit found ? 0 : 1
	if (mode == "get" && !found && (want in d)) print d[want]
}' $files
