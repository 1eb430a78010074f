# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh disable=SC2154 # $top: the caller's
# Sourced, with $top set, by lava/lab/test.sh and lava/quick.sh: the one
# reader of lava/kernelci/pipeline.yaml's jobs, whose "plans:" params are
# the only list of the plans a KernelCI job runs. KernelCI renders them
# into the template (make-jobs.sh --kernelci: PLANS='{{ plans }}'), which
# passes them to the test definition (suspend-order.yaml, which has no
# list of its own); the lab's KernelCI jobs (make test-lab LAB_KERNELCI=1)
# read them here. Needs boot/board.sh and tests/plan-path.sh sourced.
#
# kci_jobs: a line per job of pipeline.yaml's "jobs:", in order:
#   JOB BOARD PROFILE DTB PLAN...
# BOARD and PROFILE from its template's name (vexpress-pm-BOARD-PROFILE
# .jinja2, as make-jobs.sh --kernelci names it), DTB the file name of its
# dtb_url. A job without a template of that form or without plans is a line
# "? JOB WHY". An awk reader of the file's own layout (two-blank indents,
# one "key: value" a line, as it is written), not of YAML at large: a
# layout it does not know gives no job, or a "?" line, never a wrong one.
kci_pipeline=$top/lava/kernelci/pipeline.yaml
kci_jobs() {
	awk '
	function flush() {
		if (job == "")
			return
		b = tpl
		if (b !~ /^vexpress-pm-.+-[a-z0-9]+\.jinja2$/)
			print "? " job " its template \"" tpl "\" is not vexpress-pm-BOARD-PROFILE.jinja2"
		else if (plans == "")
			print "? " job " has no params: plans:"
		else {
			sub(/^vexpress-pm-/, "", b); sub(/\.jinja2$/, "", b)
			p = b; sub(/-[^-]*$/, "", b); sub(/^.*-/, "", p)
			d = dtb; sub(/^.*\//, "", d)
			print job " " b " " p " " (d == "" ? "-" : d) " " plans
		}
		job = tpl = plans = dtb = ""
	}
	function value(s) {
		sub(/^[^:]*: */, "", s); sub(/ +#.*$/, "", s)
		gsub(/^["\047]|["\047]$/, "", s)
		return s
	}
	/^[^ #][^:]*:/ { flush(); injobs = ($0 ~ /^jobs: *$/); next }
	!injobs { next }
	/^  [^ #][^:]*: *$/ { flush(); job = $0; sub(/^ */, "", job); sub(/:.*$/, "", job); next }
	/^    template: / { tpl = value($0); next }
	/^      plans: / { plans = value($0); gsub(/  +/, " ", plans); next }
	/^      dtb_url: / { dtb = value($0); next }
	END { flush() }' "$kci_pipeline"
}

# plan_fits BOARD PROFILE PLAN: whether a job of BOARD and PROFILE runs
# PLAN: pinned to BOARD ("# board: B"), or unpinned and BOARD
# boot/board.sh's board_default, and PROFILE one of its profiles
# (tests/plan-profiles.sh). If not, prints why and returns 1.
plan_fits() {
	_pf=$top/$(plan_path "$3")
	[ -f "$_pf" ] || { echo "no such plan ($_pf)"; return 1; }
	_pb=$(sh "$top/tests/plan-meta.sh" "$_pf" board 2> /dev/null)
	if [ "${_pb:-$board_default}" != "$1" ]; then
		echo "runs on the ${_pb:-$board_default} board$([ -n "$_pb" ] && echo " (header 'board: $_pb')" || echo " (no board header: the default)"), not the $1"
		return 1
	fi
	_pp=$(sh "$top/tests/plan-profiles.sh" "$_pf" 2> /dev/null | tr '\n' ' ')
	case " $_pp " in
	*" $2 "*) return 0 ;;
	esac
	echo "runs on profile(s) ${_pp% } only, not $2"
	return 1
}

# kci_plan_fits BOARD PROFILE PLAN: plan_fits, and PLAN runs as the
# KernelCI template runs it: /lava-plan.sh PLAN in the one boot under
# -icount on one CPU, from the images' initramfs, with the board's own
# DTB and kernel command line and no allow pattern (make-jobs.sh
# --kernelci), so no header that asks for more. Nor one that needs a
# patched QEMU ("# qemu-patch:"): KernelCI's and the lab's devices run
# stock QEMU, where such a plan never resumes. If not, prints why and
# returns 1.
kci_plan_fits() {
	plan_fits "$@" || return 1
	_kf=$top/$(plan_path "$3")
	[ "$(plan_initramfs "$3")" = rootfs ] ||
		{ echo "boots $(plan_initramfs "$3").cpio, the KernelCI job the images' rootfs.cpio.gz (rootfs_url)"; return 1; }
	_v=$(sh "$top/tests/plan-meta.sh" "$_kf" qemu-patch 2> /dev/null | tr '\n' ' ')
	_v=${_v% }
	[ -z "$_v" ] ||
		{ echo "has '# qemu-patch: $_v': it needs QEMU with boot/qemu-patches/$_v, the KernelCI job's device runs stock QEMU"; return 1; }
	for _k in smp boots qemu-args dt-edit host allow; do
		_v=$(sh "$top/tests/plan-meta.sh" "$_kf" "$_k" 2> /dev/null | tr '\n' ' ')
		_v=${_v% }
		case $_k=$_v in
		smp=1 | boots=1 | qemu-args= | dt-edit= | host= | allow=) ;;
		*) echo "has '# $_k: $_v', which the KernelCI job's one boot (make-jobs.sh --kernelci) does not do"; return 1 ;;
		esac
	done
}

# kci_check: pipeline.yaml's jobs against the project: each one's
# template is one make lava writes (a board and profile of boot/board.sh
# that go together), its DTB the board's for that profile, each of its
# plans one that runs there as the template runs it; and the test
# definition's PLANS empty (no second list). A line per problem, "WHAT:
# WHY"; returns 1 if there is any, or no job at all.
kci_check() {
	_bad=0 _n=0
	grep -qx "  PLANS: ''" "$top/lava/kernelci/suspend-order.yaml" || {
		echo "lava/kernelci/suspend-order.yaml: its params PLANS is not '': the plans are pipeline.yaml's (params: plans)"
		_bad=1
	}
	_jobs=$(kci_jobs)
	while read -r _j _b _p _d _plans; do
		[ -n "$_j" ] || continue
		_n=$((_n + 1))
		if [ "$_j" = "?" ]; then
			echo "$_b: $_p $_d $_plans"; _bad=1; continue
		fi
		# shellcheck disable=SC2034,SC2154 # (board.sh's: me read, board_dtb set)
		_bd=$(me=pipeline.yaml; board_of "$_b" > /dev/null 2>&1 && profile_of "$_p" 2>&1 && echo "$board_dtb")
		# shellcheck disable=SC2034 # (read by board_pairs)
		case $(me=pipeline.yaml; board_pairs "$_b" "$_p" 2>&1) in
		"$_b/$_p") ;;
		*) echo "$_j: template vexpress-pm-$_b-$_p.jinja2: no such board/profile pair in boot/board.sh"; _bad=1; continue ;;
		esac
		[ "$_d" = "$_bd" ] ||
			{ echo "$_j: dtb_url names $_d, the $_b board's DTB with $_p is $_bd (boot/board.sh)"; _bad=1; }
		for _x in $_plans; do
			_w=$(kci_plan_fits "$_b" "$_p" "$_x") ||
				{ echo "$_j: plan $_x $_w"; _bad=1; }
		done
	done <<EOF
$_jobs
EOF
	[ "$_n" -gt 0 ] || { echo "$kci_pipeline: no job under jobs:"; _bad=1; }
	return $_bad
}
