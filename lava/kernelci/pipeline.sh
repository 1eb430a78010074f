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
			print "? " job " has no plans (its params: plans: is missing or empty; a job must name the plans it runs)"
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

# kci_platforms: a line per fact of each platform of pipeline.yaml's
# "platforms:", "PLATFORM KEY VALUE" (KEY context.NAME for its context's),
# and one "PLATFORM - -" per platform; kci_sched: a line per platform each
# entry of "scheduler:" names, "JOB PLATFORM" ("JOB -" for an entry that
# names none). Awk readers of the file's own layout, as kci_jobs.
kci_platforms() {
	awk '
	function value(s) {
		sub(/^[^:]*: */, "", s); sub(/ +#.*$/, "", s)
		gsub(/^["\047]|["\047]$/, "", s)
		return s
	}
	function key(s) { sub(/^ */, "", s); sub(/:.*$/, "", s); return s }
	/^[^ #][^:]*:/ { inp = ($0 ~ /^platforms: *$/); next }
	!inp { next }
	/^  [^ #][^:]*: *$/ { p = key($0); ctx = 0; print p " - -"; next }
	/^    context: *$/ { ctx = 1; next }
	/^    [^ #][^:]*:/ { ctx = 0; print p " " key($0) " " value($0); next }
	ctx && /^      [^ #][^:]*:/ { print p " context." key($0) " " value($0); next }' "$kci_pipeline"
}
kci_sched() {
	awk '
	function flush() { if (job != "" && !n) print job " -"; job = ""; n = 0 }
	/^[^ #][^:]*:/ { flush(); ins = ($0 ~ /^scheduler: *$/); next }
	!ins { next }
	/^  - job: / { flush(); job = $0; sub(/^  - job: */, "", job); sub(/ +#.*$/, "", job); inpl = 0; next }
	/^    [^ #-][^:]*:/ { inpl = ($0 ~ /^    platforms: *$/); next }
	inpl && /^    - / { x = $0; sub(/^    - */, "", x); sub(/ +#.*$/, "", x); print job " " x; n++; next }
	END { flush() }' "$kci_pipeline"
}

# kci_check_platforms JOBS (kci_jobs' lines): pipeline.yaml's
# "scheduler:" and "platforms:" against boot/board.sh, the one table of
# the boards: each job has a scheduler entry, each entry names a job of
# "jobs:" and platforms of "platforms:", each platform is named by an
# entry, and each platform a job runs on repeats the table's facts of the
# job's board and profile: its name qemu-MACHINE-PROFILE, arch and
# context.arch arm, base_name qemu (the LAVA device type, the template's
# device_type), boot_method and mach qemu, context.machine and context.cpu
# the board's (both required), and, where given, context.memory its RAM,
# context.model its NIC, dtb its DTB. Any other key is a problem too: not
# compared, it could say anything. A line per problem; returns 1 if any.
kci_check_platforms() {
	_pbad=0
	_pl=$(kci_platforms) _sc=$(kci_sched)
	while read -r _sj _sp; do
		[ -n "$_sj" ] || continue
		echo "$1" | awk -v j="$_sj" '$1 == j || ($1 == "?" && $2 == j) { f = 1 } END { exit !f }' ||
			{ echo "scheduler: the entry of job $_sj: no such job under jobs:"; _pbad=1; }
		[ "$_sp" != - ] || { echo "scheduler: the entry of job $_sj names no platform"; _pbad=1; continue; }
		echo "$_pl" | awk -v p="$_sp" '$1 == p { f = 1 } END { exit !f }' ||
			{ echo "scheduler: the entry of job $_sj: platform $_sp is not under platforms:"; _pbad=1; }
	done <<EOF
$_sc
EOF
	while read -r _j _b _p _rest; do
		if [ -z "$_j" ] || [ "$_j" = "?" ]; then continue; fi
		_ps=$(echo "$_sc" | awk -v j="$_j" '$1 == j && $2 != "-" { print $2 }')
		[ -n "$_ps" ] || { echo "$_j: no scheduler: entry runs it on a platform"; _pbad=1; continue; }
		for _x in $_ps; do
			echo "$_pl" | awk -v p="$_x" '$1 == p { f = 1 } END { exit !f }' || continue
			# (a board or profile the table has not: kci_check said so)
			# shellcheck disable=SC2034,SC2154 # (board.sh's: me read; machine cpu ram nic board_dtb set)
			_w=$(me=pipeline.yaml
				board_of "$_b" > /dev/null 2>&1 && profile_of "$_p" > /dev/null 2>&1 || exit 0
				[ "$_x" = "qemu-$machine-$_p" ] ||
					echo "$_j: platform $_x: not named qemu-$machine-$_p (the $_b board's machine, profile $_p: boot/board.sh)"
				echo "$_pl" | awk -v p="$_x" -v j="$_j" -v b="$_b" -v machine="$machine" -v cpu="$cpu" \
					-v ram="$ram" -v nic="$nic" -v dtb="$board_dtb" '
				BEGIN {
					want["arch"] = "arm"; want["context.arch"] = "arm"; want["base_name"] = "qemu"
					want["boot_method"] = "qemu"; want["mach"] = "qemu"
					want["context.machine"] = machine; want["context.cpu"] = cpu
					want["context.memory"] = ram; want["context.model"] = "model=" nic; want["dtb"] = dtb
					need["context.machine"] = need["context.cpu"] = 1
				}
				$1 != p || $2 == "-" { next }
				{ v = $0; sub(/^[^ ]* [^ ]* ?/, "", v); seen[$2] = 1 }
				!($2 in want) { print j ": platform " p ": key " $2 " (" v "): not one kci_check compares with boot/board.sh"; next }
				v != want[$2] { print j ": platform " p ": " $2 " is " (v == "" ? "empty" : v) ", the " b " board\047s is " want[$2] " (boot/board.sh)" }
				END { for (k in need) if (!(k in seen)) print j ": platform " p ": no " k " (the " b " board\047s: " want[k] ")" }')
			[ -z "$_w" ] || { echo "$_w"; _pbad=1; }
		done
	done <<EOF
$1
EOF
	for _x in $(echo "$_pl" | awk '$2 == "-" { print $1 }'); do
		echo "$_sc" | awk -v p="$_x" '$2 == p { f = 1 } END { exit !f }' ||
			{ echo "platforms: $_x: no scheduler: entry names it (so no job says which board it is)"; _pbad=1; }
	done
	return $_pbad
}

# kci_check: pipeline.yaml's jobs against the project: each one's
# template is one make lava writes (a board and profile of boot/board.sh
# that go together), its DTB the board's for that profile, each of its
# plans one that runs there as the template runs it; and the test
# definition's PLANS empty (no second list); and its "scheduler:" and
# "platforms:" entries, which repeat the boards' facts, the same as
# boot/board.sh's (kci_check_platforms). A line per problem, "WHAT: WHY";
# returns 1 if there is any, or no job at all.
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
	kci_check_platforms "$_jobs" || _bad=1
	return $_bad
}
