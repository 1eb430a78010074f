#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# test.sh: make test-lab, and the "lab" suite of make test. LAVA jobs
# scheduled by a real LAVA server: this machine's lab (lava/lab/up.sh,
# brought up here if it is not up, and down again after), or a remote one
# (LAVA_SERVER). Three short vexpress-a9 jobs (lava/make-jobs.sh, every boot
# under -icount, each with the KernelCI-style sleep test), the plans of the
# lava suite (lava/quick.sh): fixture-fail on the TWL92230; sleeptrace-board
# and suspend-arm-in-prepare on the TWL92230; axp209-board on the AXP209;
# and a Cubieboard job (QEMU's A10 with its own AXP209, on the AXP209
# devices' QEMU 10): cubieboard-board and cubieboard-s2idle-arm, the
# oracle's verdicts judged on the board among their results, and no sleep
# test (no suspend to RAM there, boot/board.sh).
#
# POSIX sh, curl and jq on LAVA's REST API v0.2, nothing else: each job is
# submitted (POST /api/v0.2/jobs/) with the tag of its PMIC profile (the
# devices of lava/lab/ carry it; LAB_TAGS=no: none; LAB_TAGS=TAG: that one;
# LAB_DEVICE_TYPE: a device type other than qemu); the script waits for all
# to finish (LAB_WAIT seconds, default 1800; then they are canceled), reads
# each job (/jobs/ID/: health, device; /devices/NAME/: its worker), its
# test cases (/jobs/ID/suites/, /jobs/ID/tests/) and its log
# (/jobs/ID/logs/), and prints an indented KTAP subtest, then "# counts:
# PASSED FAILED SKIPPED" (tests/run-suite.sh's form):
#  - per job, that it reached Complete and on which worker (else LAVA's
#    reason: the job's failure comment and its lava.job error);
#  - per LAVA test case, named SUITE.CASE as LAVA names it (the suite
#    without its "N_"), that it passed or was skipped, but for
#    fixture-fail.fixture.b, which must be a LAVA "fail";
#  - per job but the cubieboard's, the sleep test's rtcwake runs: all 10
#    passed;
#  - per job on this machine's lab, lab.LABEL.device-config: the device
#    configuration the server rendered for it is lava/qemu-device.sh's
#    (lava/run-job.sh's, which runs no Jinja2);
#  - a plan of LAB_PLANS that a LAVA job cannot run (make-jobs.sh leaves
#    out plans with a host-side script, two boots, no PMIC) is a skip
#    naming why, lab.LABEL.PLAN;
#  - per job, lab.LABEL.lava-equals-ktap: the (case, result) pairs LAVA
#    stored for each plan's test suite (a KernelCI job's: its test set)
#    are those of the guest's own KTAP
#    in the job's log (lava/lab/log-ktap.awk), but for the three cases
#    rootfs/lava-plan.sh adds (plan-complete, kernel-reports, debug-locks);
#    the differences as diagnostics; a line of the log that cannot be read
#    (lava/log-messages.sh) fails it, named;
#  - on this machine's lab, that each worker ran at least one job, and, when
#    this script brought the lab up, that make lab-stop left nothing.
# LAB_PLANS="PLAN..." (make test-lab) runs those plans instead, one job
# per board and PMIC profile of boot/board.sh that go together
# (board_pairs) with the plans pinned to that board, or unpinned for the
# default board (boot/board.sh's board_default), that run on that profile;
# a plan no pair takes fails, saying why. Judged the same way.
# LAB_KERNELCI=1 adds the jobs of lava/kernelci/pipeline.yaml
# (lava/kernelci/pipeline.sh reads them, after checking them against
# boot/board.sh and the plans' headers: lab.kernelci.pipeline), each made
# from the KernelCI template of its board and profile (lava/make-jobs.sh
# --kernelci) as KernelCI would fill it in: this build's kernel, the
# board's DTB and the initramfs, the test definition
# lava/kernelci/suspend-order.yaml fetched by git from a bare clone of
# this repository's HEAD that the lab's file server publishes, and the
# job's plans (its "plans:" param), each in a LAVA test set of its name.
# LAB_KERNELCI_BOARDS="BOARD...": only the jobs of those boards;
# LAB_KERNELCI_PLANS="PLAN...": those of them that run on a job's board
# and profile instead of the job's own (one the template cannot run there
# a skip saying why, one no job's board and profile takes a skip saying
# why for each job, a job that gets none a skip, a name that is no plan a
# failure, none run at all a failure). A list of only blanks is a failure
# before anything starts (unset or empty: the default). A KernelCI job's cases are named
# lab.LABEL.SUITE.SET.CASE (KernelCI's suite, set, case) and judged as the
# plan of their set.
# LAB_KERNELCI_RENDERED=DIR: submit DIR/BOARD-PROFILE-kernelci.yaml
# instead, the template as KernelCI's own runtime rendered it (docs/lava.md,
# "KernelCI", says how), judged by the plans its test definition's PLANS
# names (one with none is a failure, not submitted: its test would end in
# lava-test-raise).
# LAB_FAULTS=1 (make lab-check) adds a fault: a worker killed in the middle
# of a job (lava-worker and its job's lava-run and QEMU, as a worker host
# that crashes), then started again as its host would start it: the job
# must end Incomplete, be reported as a failure with LAVA's reason, and
# make lab-stop must still leave nothing behind.
#
# The API token is read from its file (mode 0600) into a header file of a
# private directory that curl reads (-H @FILE): never in a process's
# arguments or environment, never printed (an answer that contains it shows
# "<token>").
#
# A remote lab: LAVA_SERVER=http://lava.example.org (the server's base URL),
# LAVA_TOKEN_FILE=file (a token of a user who may submit), LAVA_URL=URL
# where that lab's workers download this build directory (images/, lava/)
# from. A skip, naming the package and suite, where this machine cannot
# have a lab (up.sh exit 4).
set -u
# (what it writes into the build directory, the jobs, their DTBs and the
# KernelCI jobs' bare clone, is for the lab's file server, which runs as
# nobody: readable by others whatever the caller's umask)
umask 022

top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/scripts/build-dir.sh"
. "$top/lava/lab/lab.sh"
. "$top/boot/board.sh"
. "$top/tests/plan-path.sh"
. "$top/tests/ktap-result.sh"
. "$top/lava/kernelci/pipeline.sh"
work=$build/lava/lab
n=0 pass=0 fail=0 skip=0
started=no
tab=$(printf '\t')
wait_s=${LAB_WAIT:-1800}

# Bring down a lab this script brought up (a result: nothing may be left).
down() {
	trap - EXIT INT TERM HUP
	[ $started = yes ] && [ "${LAB_KEEP:-no}" != yes ] || return 0
	rc=0
	sh "$top/lava/lab/down.sh" > "$work/lab-down.out" 2>&1 || rc=$?
	sed 's/^/    # /' "$work/lab-down.out"
	if [ $rc = 0 ]; then
		result ok "lab.lab-stop: no process, mount, namespace or socket left"
	else
		result fail "lab.lab-stop: $(tail -n 1 "$work/lab-down.out")"
	fi
	started=no
}
end() {
	down
	rm -rf "$tmp"
	echo "# counts: $pass $fail $skip"
	[ $fail = 0 ]
	exit
}

if [ -n "${LAVA_SERVER:-}" ]; then
	server=${LAVA_SERVER%/}
	token=${LAVA_TOKEN_FILE:-}
	files=${LAVA_URL:-}
	workers=
	case "$files" in
	http://* | https://*) ;;
	*) result fail "lab.lava-url: LAVA_SERVER needs LAVA_URL=http(s)://... where its workers download $build"
	   tmp=; end ;;
	esac
else
	server=http://$lab_addr:$lab_port
	token=$lab_token
	files=http://$lab_addr:$lab_files_port
	workers=$lab_workers
fi
for c in curl jq; do
	command -v $c > /dev/null ||
		{ tmp=; result fail "lab.needs-$c: needs $c (package $c: make deps)"; end; }
done
tmp=$(mktemp -d) || exit 1
chmod 700 "$tmp"
mkdir -p "$build/lava"
rm -rf "$work" && mkdir -p "$work"

# A list given but naming nothing (only blanks: unset or empty is the
# default) would run no job of it: an error, before a lab is brought up.
for v in LAB_PLANS LAB_KERNELCI_PLANS LAB_KERNELCI_BOARDS; do
	val=''
	eval "val=\${$v:-}"
	case $val in
	'' | *[![:space:]]*) ;;
	*) result fail "lab.$v: $v='$val' names nothing (unset it, or leave it empty, for the default)"; end ;;
	esac
done

# This machine's lab: up if it is not. A lab a make test that was killed
# left up (its owner file names a test.sh that no longer runs) is brought
# down first, and one whose processes are gone is cleaned up by up.sh.
if [ -z "${LAVA_SERVER:-}" ]; then
	if lab_alive && [ -f "$lab_run/owner" ]; then
		o=$(cat "$lab_run/owner")
		if grep -qs 'test\.sh' "/proc/$o/cmdline"; then
			result fail "lab.in-use: the lab is in use by another test run (lava/lab/test.sh, pid $o)"
			end
		fi
		echo "    # a lab left up by a test run that ended (pid $o): make lab-stop, then up again"
		sh "$top/lava/lab/down.sh" 2>&1 | sed 's/^/    # /'
	fi
	if ! lab_alive; then
		rc=0
		# The lab's services must not outlive this run when make test ends it.
		trap 'started=yes; down > /dev/null; rm -rf "$tmp"; exit 130' INT
		trap 'started=yes; down > /dev/null; rm -rf "$tmp"; exit 143' TERM HUP
		sh "$top/lava/lab/up.sh" > "$work/lab-up.out" 2>&1 || rc=$?
		sed 's/^/    # /' "$work/lab-up.out"
		if [ $rc = 4 ]; then
			result skip lab "$(grep 'SKIP' "$work/lab-up.out" | tail -n 1 | sed 's/^lab: SKIP: //')"
			end
		elif [ $rc != 0 ]; then
			result fail "lab.make-lab: exit $rc: $(grep '^lab: ' "$work/lab-up.out" | head -n 1)"
			end
		fi
		started=yes
		echo $$ > "$lab_run/owner"
		result ok "lab.make-lab: up in $(sed -n 's/.*LAB     up in \([0-9]*\) s.*/\1/p' "$work/lab-up.out") s"
	fi
fi

# The token, into a header file only this user reads.
hdr=$tmp/auth
if [ ! -r "$token" ] || [ -d "$token" ]; then
	result fail "lab.api-token: cannot read ${token:-(no LAVA_TOKEN_FILE)}"
	end
fi
(umask 077; { printf 'Authorization: Token '; tr -d ' \t\r\n' < "$token"; echo; } > "$hdr")
[ "$(wc -c < "$hdr")" -gt 22 ] || { result fail "lab.api-token: $token is empty"; end; }

# api PATH|URL [JSON-FILE]: one request (a POST of JSON-FILE if given).
# st= the HTTP status (000: no answer, $tmp/err says why); the answer in
# $tmp/body, the token in it replaced by "<token>".
api() {
	case $1 in
	http://* | https://*) u=$1 ;;
	*) u=$server/api/v0.2$1 ;;
	esac
	if [ $# -gt 1 ]; then
		st=$(curl -sS --max-time 60 -o "$tmp/raw" -w '%{http_code}' -H @"$hdr" \
			-H 'Content-Type: application/json' --data-binary @"$2" "$u" 2> "$tmp/err")
	else
		st=$(curl -sS --max-time 60 -o "$tmp/raw" -w '%{http_code}' -H @"$hdr" "$u" 2> "$tmp/err")
	fi
	[ -n "$st" ] || st=000
	[ -f "$tmp/raw" ] || : > "$tmp/raw"
	awk 'NR == FNR { t = substr($0, 22); next }
	     { while (t != "" && (i = index($0, t)) > 0) $0 = substr($0, 1, i - 1) "<token>" substr($0, i + length(t)); print }' \
		"$hdr" "$tmp/raw" > "$tmp/body"
	rm -f "$tmp/raw"
}
# why: the answer's message (LAVA's "message"/"detail", else its first
# line; curl's error when there was no answer).
why() {
	if [ "$st" = 000 ]; then
		sed -n '1s/^curl: ([0-9]*) //p' "$tmp/err"
	else
		jq -r 'if type == "object" then (.message // .detail // tostring) else tostring end' "$tmp/body" 2> /dev/null |
			head -n 1 | grep . || sed -n '/[^[:space:]]/{s/<[^>]*>//g;p;q;}' "$tmp/body"
	fi
}

# The token: whoami names its user; a wrong one is refused.
api /system/whoami/
user=
[ "$st" != 200 ] || user=$(jq -r '.user // empty' "$tmp/body" 2> /dev/null)
if [ -z "$user" ]; then
	result fail "lab.api-token: $token refused by $server/api/v0.2 ($([ "$st" = 000 ] && echo "no answer" || echo "$st"): $(why))"
	end
fi
api /system/version/
lava_version=$(jq -r '.version // "?"' "$tmp/body" 2> /dev/null)
echo "    # LAVA $lava_version at $server/api/v0.2, user $user"

# plans_for BOARD PROFILE PLAN...: the PLANs (comma-separated) a job of
# BOARD and PROFILE runs: those pinned to BOARD ("# board: B"), or
# unpinned and BOARD boot/board.sh's board_default, that run on PROFILE
# (tests/plan-profiles.sh): lava/kernelci/pipeline.sh's plan_fits.
plans_for() {
	_b=$1 _prof=$2 _p=
	shift 2
	for _x in "$@"; do
		! plan_fits "$_b" "$_prof" "$_x" > /dev/null || _p="$_p,$_x"
	done
	echo "${_p#,}"
}

# The job set: LABEL BOARD PROFILE PLAN[,PLAN...] [EXPECTED-FAIL...]
: > "$work/jobs"
while read -r label board prof plans expect; do
	[ -n "$label" ] || continue
	if [ "$label" = none ]; then
		result fail "lab.$prof.plan: LAB_PLANS: no such plan ($(sh "$top/tests/plan-profiles.sh" "$top/$(plan_path "$prof")" 2>&1 | head -n 1))"
		continue
	elif [ "$label" = unrun ]; then
		result fail "lab.$prof.plan: LAB_PLANS: no LAVA job can run it: $plans${expect:+ $expect}"
		continue
	fi
	sh "$top/lava/make-jobs.sh" --board "$board" --profile "$prof" --plans "$(echo "$plans" | tr , ' ')" --url "$files" \
		--out "$work/$label" --sleep-icount --left-out "$work/$label.left" > "$work/$label.gen" 2>&1 ||
		{ result fail "lab.$label.make-jobs: make-jobs.sh failed"; sed 's/^/    # /' "$work/$label.gen"; continue; }
	# A plan the job cannot express (a host-side script, two boots, no
	# PMIC: make-jobs.sh says why) is a skip naming why, and out of the
	# job's plans; a job none of whose plans is left is not submitted.
	while IFS="$tab" read -r p w; do
		result skip "lab.$label.$p" "cannot run as a LAVA job: $w"
		plans=$(echo ",$plans," | sed "s/,$p,/,/; s/^,//; s/,$//")
	done < "$work/$label.left"
	if [ -z "$plans" ]; then
		echo "    # lab.$label: no plan of it runs as a LAVA job: not submitted"
		continue
	fi
	# This machine's lab: a profile without a device online (up.sh: no
	# QEMU with its PMIC model) is a skip, not a job that waits LAB_WAIT.
	if [ -z "${LAVA_SERVER:-}" ] && [ -f "$lab_run/profiles" ] &&
		! grep -qw "$prof" "$lab_run/profiles"; then
		result skip "lab.$label" "no $prof device online in this lab (make lab: no QEMU 10 with its model, $lab_dir/qemu10 or QEMU10_CACHE)"
		continue
	fi
	printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$label" "$work/$label/vexpress-pm-$board-$prof.yaml" "$prof" "$board" "$plans" "$expect" >> "$work/jobs"
done <<EOT
$(if [ -n "${LAB_PLANS:-}" ]; then
	# (a job per board and profile of boot/board.sh that go together, with
	# the plans that run there: pinned to that board, "# board: B", or
	# unpinned and B the default board, board_default; on one
	# of the plan's profiles, plan-profiles.sh. A plan that is none's:
	# "none - PLAN", said above; one no pair takes: "unrun - PLAN WHY".)
	for x in $LAB_PLANS; do
		sh "$top/tests/plan-profiles.sh" "$top/$(plan_path "$x")" > /dev/null 2>&1 || echo "none - $x"
	done
	pairs=$(me=test.sh; board_pairs) || echo "none - boot/board.sh"
	: > "$work/placed"
	for bp in $pairs; do
		# shellcheck disable=SC2086 # a word list
		p=$(plans_for "${bp%/*}" "${bp#*/}" $LAB_PLANS)
		[ -z "$p" ] || { echo "${bp%/*}-${bp#*/}-plans ${bp%/*} ${bp#*/} $p"; echo "$p" | tr , '\n' >> "$work/placed"; }
	done
	for x in $LAB_PLANS; do
		f=$top/$(plan_path "$x")
		[ -f "$f" ] && ! grep -qxF "$x" "$work/placed" || continue
		pb=$(sh "$top/tests/plan-meta.sh" "$f" board 2>/dev/null)
		echo "unrun - $x the ${pb:-$board_default} board$([ -n "$pb" ] && echo " (header 'board: $pb')" || echo " (the default)") with profile(s) $(sh "$top/tests/plan-profiles.sh" "$f" 2>/dev/null | tr '\n' ' ' | sed 's/ $//'): no board/profile pair of boot/board.sh ($pairs)"
	done
else
	echo "a9-twl92230-fixture-fail a9 twl92230 fixture-fail fixture-fail.fixture.b"
	echo "a9-twl92230-board a9 twl92230 sleeptrace-board,suspend-arm-in-prepare"
	echo "a9-axp209-board a9 axp209 axp209-board"
	echo "cubieboard-axp209-board cubieboard axp209 cubieboard-board,cubieboard-s2idle-arm"
fi)
EOT

# The KernelCI jobs: lava/kernelci/pipeline.yaml's (lava/kernelci/
# pipeline.sh reads them: board and profile, DTB and plans), checked
# against boot/board.sh and the plans' headers first (if any job does not
# fit, none is submitted: the file is wrong as a whole). Each one's template filled in as KernelCI's
# scheduler would (its placeholders, which make-jobs.sh writes and nothing
# else: one left over fails the job here rather than in LAVA).
: > "$work/kernelci.jobs"
if [ "${LAB_KERNELCI:-0}" = 1 ]; then
	if kci_check > "$work/kernelci.check" 2>&1; then
		kci_jobs > "$work/kernelci.jobs"
		result ok "lab.kernelci.pipeline: the $(wc -l < "$work/kernelci.jobs" | tr -d ' ') jobs of lava/kernelci/pipeline.yaml fit boot/board.sh and their plans"
	else
		sed 's/^/    # /' "$work/kernelci.check"
		result fail "lab.kernelci.pipeline: lava/kernelci/pipeline.yaml does not fit the project: its jobs not submitted"
	fi
	# (one result for all unknown boards: a KTAP name once a run)
	unknown=
	for b in ${LAB_KERNELCI_BOARDS:-}; do
		[ -s "$work/kernelci.jobs" ] || break
		awk -v b="$b" '$2 == b { f = 1 } END { exit !f }' "$work/kernelci.jobs" || unknown="$unknown '$b'"
	done
	[ -z "$unknown" ] ||
		result fail "lab.kernelci.boards: LAB_KERNELCI_BOARDS: no job of pipeline.yaml is for the board(s)$unknown (theirs: $(kci_jobs | awk '{ printf "%s%s", s, $2; s = " " }'))"
	rm -rf "${build:?}/lava/lab/repo.git"
	if [ -s "$work/kernelci.jobs" ] && ! { git clone -q --bare "$top" "$build/lava/lab/repo.git" &&
		git -C "$build/lava/lab/repo.git" update-server-info; } > "$work/kernelci.git" 2>&1; then
		result fail "lab.kernelci.bare-clone: a bare clone of $top to serve: $(tail -n 1 "$work/kernelci.git")"
		: > "$work/kernelci.jobs"
	fi
fi
# LAB_KERNELCI_PLANS: each must be a plan (else a failure); which jobs
# take it is decided per job below; one that no job takes is a skip
# naming why each job does not (lab.kernelci.PLAN), a job that takes none
# of them a skip (lab.LABEL), and no job at all a failure.
: > "$work/kernelci.placed"
: > "$work/kernelci.notfit"
kci_any=no
if [ -n "${LAB_KERNELCI_PLANS:-}" ] && [ -z "${LAB_KERNELCI_RENDERED:-}" ] && [ -s "$work/kernelci.jobs" ]; then
	for x in $LAB_KERNELCI_PLANS; do
		[ -f "$top/$(plan_path "$x")" ] ||
			result fail "lab.kernelci.$x.plan: LAB_KERNELCI_PLANS: no such plan ($top/$(plan_path "$x"))"
	done
fi
# (fd 3: make-jobs.sh and the rest read no line of the list)
while read -r kj kb kp kdtb kplans <&3; do
	case " ${LAB_KERNELCI_BOARDS:-$kb} " in
	*" $kb "*) ;;
	*) continue ;;
	esac
	label=$kb-$kp-kernelci
	# (LAB_KERNELCI_PLANS: those of them that run there instead, checked
	# as kci_check checks pipeline.yaml's, each one that cannot run as
	# the template runs it a skip saying why; a rendered job has the
	# plans KernelCI rendered into it, read from the file below)
	if [ -n "${LAB_KERNELCI_PLANS:-}" ] && [ -z "${LAB_KERNELCI_RENDERED:-}" ]; then
		kplans=
		# shellcheck disable=SC2086 # a word list
		for x in $LAB_KERNELCI_PLANS; do
			[ -f "$top/$(plan_path "$x")" ] || continue
			if ! kwhy=$(plan_fits "$kb" "$kp" "$x"); then
				printf '%s\tthe %s job (%s with %s): %s\n' "$x" "$kj" "$kb" "$kp" "$kwhy" >> "$work/kernelci.notfit"
				continue
			fi
			echo "$x" >> "$work/kernelci.placed"
			if kwhy=$(kci_plan_fits "$kb" "$kp" "$x"); then
				kplans="$kplans $x"
			else
				result skip "lab.$label.$x" "cannot run in the KernelCI job: $kwhy"
			fi
		done
		kplans=${kplans# }
		[ -z "$kplans" ] || kci_any=yes
		if [ -z "$kplans" ]; then
			result skip "lab.$label" "no plan of LAB_KERNELCI_PLANS runs in it ($kb with $kp, pipeline.yaml's job $kj)"
			continue
		fi
	fi
	rm -rf "${work:?}/$label"
	if [ -z "$kplans" ]; then
		result fail "lab.$label.plans: pipeline.yaml's job $kj has no plans"
	elif [ -z "${LAVA_SERVER:-}" ] && [ -f "$lab_run/profiles" ] && ! grep -qw "$kp" "$lab_run/profiles"; then
		result skip "lab.$label" "no $kp device online in this lab (make lab: no QEMU 10 with its model, $lab_dir/qemu10 or QEMU10_CACHE)"
	elif ! sh "$top/lava/make-jobs.sh" --board "$kb" --profile "$kp" --kernelci --out "$work/$label" > "$work/$label.gen" 2>&1; then
		result fail "lab.$label.make-jobs: make-jobs.sh --kernelci failed"; sed 's/^/    # /' "$work/$label.gen"
	elif [ -n "${LAB_KERNELCI_RENDERED:-}" ]; then
		# (the job as KernelCI's own runtime rendered it from this
		# template, outside this script: docs/lava.md, "KernelCI")
		# Its plans are what it runs: its test definition's PLANS (the
		# plans KernelCI rendered in); none would end the job's test with
		# lava-test-raise (suspend-order.yaml): an error here instead.
		rp=$LAB_KERNELCI_RENDERED/$label.yaml
		if [ -f "$rp" ]; then
			rplans=$(awk '/^ *PLANS: / { v = $0; sub(/^ *PLANS: */, "", v); sub(/ *[}]? *$/, "", v)
				gsub(/^["\047]|["\047]$/, "", v); print v; f = 1; exit } END { if (!f) print "?" }' "$rp")
			rplans=$(echo "$rplans" | tr -s ' \t' '  ' | sed 's/^ //; s/ $//')
			if [ "$rplans" = "?" ]; then
				result fail "lab.$label.rendered: $rp has no PLANS parameter (not a job of the template lava/make-jobs.sh --kernelci writes?)"
			elif [ -z "$rplans" ]; then
				result fail "lab.$label.rendered: $rp runs no plan (its PLANS is empty; pipeline.yaml's job $kj: $kplans)"
			else
				[ "$rplans" = "$kplans" ] ||
					echo "    # lab.$label: the rendered job's plans ($rplans) are not pipeline.yaml's ($kplans): judged as the job's"
				cp "$rp" "$work/$label.yaml"
				printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$label" "$work/$label.yaml" "$kp" "$kb" \
					"$(echo "$rplans" | tr ' ' ,)" "" >> "$work/jobs"
			fi
		else
			result fail "lab.$label.rendered: no $LAB_KERNELCI_RENDERED/$label.yaml (LAB_KERNELCI_RENDERED)"
		fi
	else
		# (sed's delimiter is "#": the placeholders have "|" in them)
		# (no notify: a lab without KernelCI's callback; the node and
		# configuration names are this lab's)
		if ! sed -e '/^{#/,/#}$/d' -e '/^{% if notify %}$/,/^{% endif %}$/d' \
			-e "s#{{ device_type }}#qemu#" \
			-e "s#{{ node.id }}#lab-node#g" \
			-e "s#{{ api_config.name }}#lab#" \
			-e "s#{{ storage_config.name }}#lab#" \
			-e "s#{{ node.data.kernel_revision.describe }}#$(git -C "$top" describe --always)#" \
			-e "s#{{ priority | default(50) }}#50#" \
			-e "s#{{ node.artifacts.kernel }}#$files/images/zImage#" \
			-e "s#{{ dtb_url }}#$files/images/$kdtb#" \
			-e "s#{{ rootfs_url }}#$files/images/rootfs.cpio.gz#" \
			-e "s#{{ test_definition_repo }}#$files/lava/lab/repo.git#" \
			-e "s#{{ plans }}#$kplans#" \
			"$work/$label/kernelci/vexpress-pm-$kb-$kp.jinja2" > "$work/$label.yaml" 2> "$work/$label.sed" ||
			[ ! -s "$work/$label.yaml" ]; then
			result fail "lab.$label.template: filling the template: $(head -n 1 "$work/$label.sed")"
		elif grep -n '{[{%#]' "$work/$label.yaml" > "$work/$label.left"; then
			result fail "lab.$label.template: the template has a placeholder this script does not fill: $(head -n 1 "$work/$label.left")"
		else
			printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$label" "$work/$label.yaml" "$kp" "$kb" \
				"$(echo "$kplans" | tr ' ' ,)" "" >> "$work/jobs"
		fi
	fi
done 3< "$work/kernelci.jobs"
if [ -n "${LAB_KERNELCI_PLANS:-}" ] && [ -z "${LAB_KERNELCI_RENDERED:-}" ] && [ -s "$work/kernelci.jobs" ]; then
	for x in $LAB_KERNELCI_PLANS; do
		if [ ! -f "$top/$(plan_path "$x")" ] || grep -qxF "$x" "$work/kernelci.placed"; then continue; fi
		result skip "lab.kernelci.$x" "no KernelCI job of pipeline.yaml${LAB_KERNELCI_BOARDS:+ for LAB_KERNELCI_BOARDS} runs it: $(awk -F "$tab" -v x="$x" '$1 == x { printf "%s%s", s, $2; s = "; " }' "$work/kernelci.notfit")"
	done
	[ $kci_any = yes ] ||
		result fail "lab.kernelci.plans: no KernelCI job runs any plan of LAB_KERNELCI_PLANS ($LAB_KERNELCI_PLANS)"
fi

# submit LABEL JOB.yaml PROFILE: id= the job's id, or empty (a result said why).
submit() {
	case ${LAB_TAGS:-yes} in
	no) tag= ;;
	yes) tag=$3 ;;
	*) tag=$LAB_TAGS ;;
	esac
	awk -v tag="$tag" -v dtype="${LAB_DEVICE_TYPE:-qemu}" '
		!done && $0 == "device_type: qemu" {
			print "device_type: " dtype
			if (tag != "") { print "tags:"; print "- " tag }
			done = 1; next
		}
		{ print }' "$2" > "$tmp/def"
	jq -n --rawfile d "$tmp/def" '{definition: $d}' > "$tmp/req"
	api /jobs/ "$tmp/req"
	id=
	[ "$st" != 201 ] || id=$(jq -r '.job_ids[0] // empty' "$tmp/body" 2> /dev/null)
	if [ -n "$id" ]; then
		echo "    # $1: job $id submitted"
	elif [ "$st" = 500 ] && [ -n "$tag" ]; then
		# LAVA 2023.01 fails so on a device tag it does not know.
		result fail "lab.$1.submitted: server error 500: does the lab know the device tag '$tag'? LAB_TAGS=no submits without tags)"
	else
		result fail "lab.$1.submitted: ($([ "$st" = 000 ] && echo "no answer" || echo "$st"): $(why))"
	fi
}

# await IDS...: wait until every job is Finished, or LAB_WAIT seconds from
# t0 have passed (the rest are canceled); each one's JSON in
# $work/job-ID.json. LAVA's REST API has no event to wait on (its
# publisher streams job events over a websocket and ZMQ, which a remote lab
# need not open to us and sh cannot read): this polls, every 5 s.
await() {
	pending=$*
	while [ -n "$pending" ] && [ $(($(date +%s) - t0)) -lt "$wait_s" ]; do
		left=
		for i in $pending; do
			api "/jobs/$i/"
			if [ "$st" = 200 ] && [ "$(jq -r .state "$tmp/body")" = Finished ]; then
				cp "$tmp/body" "$work/job-$i.json"
			else
				left="$left $i"
			fi
		done
		pending=$left
		[ -z "$pending" ] || sleep 5
	done
	for i in $pending; do api "/jobs/$i/cancel/"; done
}

# job_info ID [PLANS]: health= device= worker= secs= reason= of a finished
# job, its test cases in $work/cases-ID.tsv (SUITE CASE RESULT SET ERROR,
# tab-separated: lava/lab/cases.sh; SET the case's LAVA test set, "-" for
# none: the plan of a KernelCI job's case, lava/kernelci/suspend-order.yaml,
# whose suite is the test definition's). LAVA keeps a case's set in its
# metadata ("set:"); for a LAVA that left it out of a case's metadata but
# put the case in a set (test_set, an id the API does not name), each of
# the job's PLANS (comma-separated) is looked up as a set name
# (/jobs/ID/tests/?test_set__name=PLAN) for the id that has it.
job_info() {
	j=$work/job-$1.json
	health=$(jq -r '.health // "?"' "$j")
	device=$(jq -r '.actual_device // ""' "$j")
	worker="?"
	if [ -n "$device" ]; then
		api "/devices/$device/"
		[ "$st" != 200 ] || worker=$(jq -r '.worker_host // "?"' "$tmp/body")
	fi
	secs=$(jq -r 'def t: sub("\\.[0-9]*Z$"; "Z") | strptime("%Y-%m-%dT%H:%M:%SZ") | mktime;
		((.end_time | t) - (.start_time | t)) | tostring + " s"' "$j" 2> /dev/null)
	api "/jobs/$1/suites/?limit=1000"
	cp "$tmp/body" "$work/suites-$1.json"
	pages='' k=0
	url="/jobs/$1/tests/?limit=1000"
	while [ -n "$url" ]; do
		api "$url"
		[ "$st" = 200 ] || break
		k=$((k + 1))
		cp "$tmp/body" "$work/tests-$1-$k.json"
		pages="$pages $work/tests-$1-$k.json"
		url=$(jq -r '.next // empty' "$tmp/body")
	done
	echo '{}' > "$work/sets-$1.json"
	# shellcheck disable=SC2086 # a list of paths without blanks
	if [ -n "$pages" ] && [ -n "$(jq -r '.results[] | select(.test_set != null and
		((.metadata // "") | test("(^|\n)set: ") | not)) | .test_set' $pages | head -n 1)" ]; then
		for p in $(echo "${2:-}" | tr , ' '); do
			api "/jobs/$1/tests/?test_set__name=$p&limit=1000"
			[ "$st" = 200 ] || continue
			# (only an answer whose cases all have one set: a LAVA that
			# ignored the filter gives all the job's)
			sid=$(jq -r '[.results[].test_set] | unique | if length == 1 and .[0] != null then .[0] else empty end' "$tmp/body")
			if [ -n "$sid" ]; then
				jq --arg k "$sid" --arg v "$p" '. + {($k): $v}' "$work/sets-$1.json" > "$tmp/sets"
				mv "$tmp/sets" "$work/sets-$1.json"
			fi
		done
	fi
	: > "$work/cases-$1.tsv"
	# shellcheck disable=SC2086 # a list of paths without blanks
	[ -z "$pages" ] || sh "$top/lava/lab/cases.sh" "$work/suites-$1.json" "$work/sets-$1.json" $pages > "$work/cases-$1.tsv"
	reason=$(jq -r '.failure_comment // ""' "$j" | tr '\n' ' ')
	e=$(awk -F "$tab" '$1 == "lava" && $2 == "job" && $3 == "fail" { print $5 }' "$work/cases-$1.tsv" | tr '\n' ' ')
	reason=$(echo "$reason $e" | sed 's/^ *//; s/ *$//')
	# A job whose lava-run was killed has neither (its worker reports it
	# finished with no result and no errors): say so, and where its log ends.
	if [ "$health" != Complete ] && [ -z "$reason" ]; then
		api "/jobs/$1/logs/"
		e=$(sh "$top/lava/log-messages.sh" any "$tmp/body" 2> "$tmp/unread" | tail -n 1 | cut -c1-100)
		reason="LAVA recorded no failure comment and no lava.job error"
		[ -z "$e" ] || reason="$reason; the log ends with: $e"
		[ ! -s "$tmp/unread" ] ||
			reason="$reason; $(wc -l < "$tmp/unread" | tr -d ' ') log line(s) unreadable, the last: $(tail -n 1 "$tmp/unread" | cut -c1-200)"
	fi
}
# job_line LABEL ID: the job's own result (reached Complete, and where).
job_line() {
	r=fail
	[ "$health" != Complete ] || r=ok
	# (the name the same on every run: the job's ID, worker and time vary)
	echo "    # lab.$1: job $2 $health on $worker ($device)${secs:+, $secs}${reason:+: $reason}"
	result $r "lab.$1.job-complete"
}

# equals_ktap LABEL ID PLANS: LAVA's test cases of each plan (its suite, or
# in a KernelCI job its test set) against the guest's own KTAP in the
# job's log (log-ktap.awk: the plan's test set there too), so a case in
# another plan's set is a difference.
equals_ktap() {
	api "/jobs/$2/logs/"
	if [ "$st" != 200 ]; then
		result fail "lab.$1.lava-equals-ktap: the job's log ($st: $(why))"
		return
	fi
	# (the console's lines as LAVA logs them: YAML, its escapes and tags
	# made JSON, so a line with a colour code or a non-ASCII byte is read,
	# and one that cannot be is named, not dropped)
	sh "$top/lava/log-messages.sh" target "$tmp/body" 2> "$tmp/unread" |
		LC_ALL=C awk -f "$top/lava/lab/log-ktap.awk" > "$work/guest-$2.tsv"
	: > "$tmp/guest" && : > "$tmp/lava" && : > "$tmp/none"
	for p in $(echo "$3" | tr , ' '); do
		awk -F "$tab" -v p="$p" '$1 == p { print $1 "." $2 " " $3 }' "$work/guest-$2.tsv" > "$tmp/g1"
		[ -s "$tmp/g1" ] || echo "$p" >> "$tmp/none"
		cat "$tmp/g1" >> "$tmp/guest"
		awk -F "$tab" -v p="$p" '{ k = ($4 != "-" ? $4 : $1) }
			k == p && $2 != "plan-complete" && $2 != "kernel-reports" && $2 != "debug-locks" {
			print k "." $2 " " $3 }' "$work/cases-$2.tsv" >> "$tmp/lava"
	done
	LC_ALL=C sort "$tmp/guest" > "$work/guest-$2.set"
	LC_ALL=C sort "$tmp/lava" > "$work/lava-$2.set"
	LC_ALL=C comm -3 "$work/guest-$2.set" "$work/lava-$2.set" > "$tmp/diff"
	c=$(wc -l < "$work/guest-$2.set" | tr -d ' ')
	# The differences, before the result they explain (KTAP's order,
	# tests/ktap-result.sh: JUnit makes them the failure's text). comm -3:
	# the guest's alone in column 1, LAVA's in column 2.
	awk -F "$tab" '$1 != "" { print "    # guest KTAP only: " $1 } $1 == "" { print "    # LAVA only: " $2 }' "$tmp/diff"
	if [ -s "$tmp/unread" ]; then
		head -n 5 "$tmp/unread" | sed 's/^/    # /'
		result fail "lab.$1.lava-equals-ktap: $(wc -l < "$tmp/unread" | tr -d ' ') line(s) of job $2's log cannot be read, so its KTAP is not known whole"
	elif [ -s "$tmp/none" ]; then
		result fail "lab.$1.lava-equals-ktap: no KTAP result of $(tr '\n' ' ' < "$tmp/none" | sed 's/ $//') in job $2's log"
	elif [ -s "$tmp/diff" ]; then
		result fail "lab.$1.lava-equals-ktap: LAVA's results of job $2 differ from the guest's KTAP"
	else
		result ok "lab.$1.lava-equals-ktap: job $2: LAVA's $c results of $(echo "$3" | tr , ' ') are the guest's KTAP"
	fi
}

# device_config LABEL ID JOB.yaml: on this machine's lab, the device
# configuration LAVA's server rendered for the job and sent its worker (the
# worker keeps it as tmp/ID/device.yaml) is what lava/qemu-device.sh
# renders for lava/run-job.sh from the same job, with the boot command the
# device dictionary gives (comments and blank lines aside: a dictionary
# that overrides the qemu_method block drops the template's comment).
device_config() {
	[ -z "${LAVA_SERVER:-}" ] || return 0
	d=$lab_root/var/lib/lava/$worker/tmp/$2/device.yaml
	if [ ! -f "$d" ]; then
		result skip "lab.$1.device-config" "the worker kept no $d"
		return
	fi
	cmd=$(awk '/^      qemu:/ { q = 1 } q && /^          command:/ { getline; sub(/^ */, ""); print; exit }' "$d")
	if ! sh "$top/lava/qemu-device.sh" --lava "$lava_version" --command "$cmd" "$3" > "$tmp/dev" 2> "$tmp/dev.err"; then
		result fail "lab.$1.device-config: lava/qemu-device.sh: $(head -n 1 "$tmp/dev.err")"
		return
	fi
	grep -v -e '^ *#' -e '^ *$' "$d" > "$tmp/dev.lava"
	grep -v -e '^ *#' -e '^ *$' "$tmp/dev" > "$tmp/dev.ours"
	if diff "$tmp/dev.lava" "$tmp/dev.ours" > "$tmp/dev.diff"; then
		result ok "lab.$1.device-config: LAVA's rendering for job $2 is lava/qemu-device.sh's"
	else
		result fail "lab.$1.device-config: LAVA's rendering for job $2 ($d) differs from lava/qemu-device.sh's"
		head -n 20 "$tmp/dev.diff" | sed 's/^/    # /'
	fi
}

# may_skip PLAN CASE: (PLAN the case's LAVA suite, or in a KernelCI job
# its test set) the case is an oracle's verdict (oracle.RULE-ID,
# oracle.CASE.RULE-ID, board-oracle.RULE-ID) on a rule the plan's
# "# oracle-skip:" names, which the guest's KTAP reports as "# SKIP
# may-skip: ..." (sleeptrace --may-skip) and LAVA as a bare skip; rule=
# the rule. (So make test's CI=true ci-skips takes it for what it is.)
may_skip() {
	rule=${2##*.}
	case $2 in
	oracle.* | board-oracle.*) ;;
	*) return 1 ;;
	esac
	[ -f "$top/$(plan_path "$1")" ] || return 1
	case " $(sh "$top/tests/plan-meta.sh" "$top/$(plan_path "$1")" oracle-skip | tr '\n' ' ') " in
	*" $rule "*) return 0 ;;
	esac
	return 1
}

# Submit the set, then wait for it.
t0=$(date +%s)
ids=
: > "$work/submitted"
while IFS="$tab" read -r label yaml prof board plans expect; do
	submit "$label" "$yaml" "$prof"
	[ -z "$id" ] || { ids="$ids $id"; printf '%s\t%s\t%s\t%s\t%s\n' "$label" "$id" "$board" "$plans" "$expect" >> "$work/submitted"; }
done < "$work/jobs"
# shellcheck disable=SC2086 # a word list
await $ids
wall=$(($(date +%s) - t0))

: > "$work/ran"
while IFS="$tab" read -r label id board plans expect; do
	if [ ! -f "$work/job-$id.json" ]; then
		result fail "lab.$label.finished: job $id not finished (within LAB_WAIT=$wait_s s: canceled)"
		continue
	fi
	job_info "$id" "$plans"
	echo "$worker $id" >> "$work/ran"
	job_line "$label" "$id"
	device_config "$label" "$id" "$(awk -F "$tab" -v l="$label" '$1 == l { print $2 }' "$work/jobs")"
	: > "$tmp/seen"
	while IFS="$tab" read -r suite name res tset err; do
		# (a case of a KernelCI job: its plan is its test set, and its
		# name SUITE.SET.CASE, as KernelCI's callback names it; the
		# same CASE, plan-complete say, is in each plan's set)
		plan=$suite cname=$name
		[ "$tset" = - ] || plan=$tset cname=$tset.$name
		case $tset in "?"*) cname=$name ;; esac
		what="lab.$label.$suite.$cname"
		echo "$suite.$cname" >> "$tmp/seen"
		# (a set LAVA did not name, lava/lab/cases.sh, or a KernelCI
		# job's case in no set: its plan is not known, so not judged)
		case $label/$tset/$suite in
		*/"?"*)
			result fail "$what: $res, in LAVA test set ${tset#?}, whose name LAVA did not record and no plan of the job ($plans) has"
			continue ;;
		*-kernelci/-/lava) ;;
		*-kernelci/-/*)
			result fail "$what: $res, in no LAVA test set (neither its metadata's set: nor test_set): its plan is not known"
			continue ;;
		esac
		case " $expect " in
		*" $suite.$cname "*)
			r=fail
			[ "$res" != fail ] || r=ok
			result $r "$what: $res (expected fail)" ;;
		*)
			if [ "$res" = skip ] && may_skip "$plan" "$name"; then
				result skip "$what" "may-skip: $rule (the plan's oracle-skip; LAVA: skip)"
			elif [ "$res" = skip ]; then
				result skip "$what" "LAVA: skip"
			elif [ "$res" = pass ]; then
				result ok "$what"
			else
				result fail "$what: $res${err:+ ($err)}"
			fi ;;
		esac
	done < "$work/cases-$id.tsv"
	for e in $expect; do
		grep -qx "$e" "$tmp/seen" || result fail "lab.$label.$e: not reported (expected fail)"
	done
	# The sleep test: as many passed rtcwake runs as make-jobs.sh asked
	# (10; the KernelCI template has none, nor a board without rtcwake,
	# boot/board.sh: the cubieboard).
	case $label in
	*-kernelci) equals_ktap "$label" "$id" "$plans"; continue ;;
	esac
	if [ "$(me=test.sh; board_of "$board" > /dev/null && echo "$rtcwake")" = no ]; then
		echo "    # lab.$label: no sleep test (the $board has no rtcwake -m mem, boot/board.sh)"
		equals_ktap "$label" "$id" "$plans"; continue
	fi
	s=$(awk -F "$tab" '$1 == "sleep" && $2 ~ /^rtcwake-mem-/ && $3 == "pass"' "$work/cases-$id.tsv" | wc -l | tr -d ' ')
	r=fail
	[ "$s" != 10 ] || r=ok
	result $r "lab.$label.sleep: $s of 10 rtcwake cycles passed"
	equals_ktap "$label" "$id" "$plans"
done < "$work/submitted"
echo "    # $(wc -l < "$work/submitted" | tr -d ' ') jobs in $wall s (submit to the last one finished)"
# (fewer jobs than workers, as a LAB_PLANS of one profile's plans makes:
# a worker without a job says nothing about it)
njobs=$(wc -l < "$work/ran" | tr -d ' ')
for w in $workers; do
	j=$(awk -v w="$w" '$1 == w { printf " %s", $2 }' "$work/ran")
	r=fail
	[ -z "$j" ] || r=ok
	if [ $r = fail ] && [ "$njobs" -lt "$(echo "$workers" | wc -w)" ]; then
		result skip "lab.$w.ran-a-job" "needs as many jobs as workers (this set has $njobs)"
	elif [ $r = fail ] && [ -n "${LAB_PLANS:-}" ]; then
		# (each worker has a device of each profile: a LAB_PLANS set of a
		# job per profile may all go to one; the default set has two
		# TWL92230 jobs at once, which need both workers' devices)
		result skip "lab.$w.ran-a-job" "the scheduler gave this LAB_PLANS set's $njobs jobs to other workers (the default set is the one made to use both)"
	else
		echo "    # lab: worker $w ran $([ -n "$j" ] && echo "jobs$j" || echo "no job")"
		result $r "lab.$w.ran-a-job: worker $w ran a job"
	fi
done

# A worker killed in the middle of a job (LAB_FAULTS=1, this machine's lab).
if [ "${LAB_FAULTS:-0}" = 1 ]; then
	label=a9-twl92230-board
	yaml=$(awk -F "$tab" -v l=$label '$1 == l { print $2 }' "$work/jobs")
	if [ -n "${LAVA_SERVER:-}" ]; then
		result skip "lab.fault.worker-killed" "needs this machine's lab (not LAVA_SERVER)"
	elif [ -z "$yaml" ]; then
		result fail "lab.fault.worker-killed: no job $label"
	else
		t0=$(date +%s)
		submit "fault-$label" "$yaml" twl92230
		fid=$id
		# The guest's test has started: its STARTRUN signal is in the log.
		# Polled (the API has no event), every second.
		w=
		while [ -n "$fid" ] && [ $(($(date +%s) - t0)) -lt "$wait_s" ]; do
			api "/jobs/$fid/"
			s=$(jq -r .state "$tmp/body")
			[ "$s" != Finished ] || break
			if [ "$s" = Running ]; then
				api "/jobs/$fid/logs/"
				if grep -q 'Received signal: <STARTRUN>' "$tmp/body"; then
					api "/jobs/$fid/"
					device=$(jq -r '.actual_device // ""' "$tmp/body")
					api "/devices/$device/"
					w=$(jq -r '.worker_host // ""' "$tmp/body")
					break
				fi
			fi
			sleep 1
		done
		if [ -z "$w" ] || [ ! -f "$lab_run/$w.pid" ]; then
			result fail "lab.fault.worker-killed: job ${fid:-?} did not start its test (${s:-not submitted})"
		else
			wp=$(cat "$lab_run/$w.pid")
			pids=$(lab_tree "$wp" | tr '\n' ' ')
			what=$(for p in $pids; do [ "$p" = "$wp" ] || tr '\0' ' ' < "/proc/$p/cmdline" 2> /dev/null | cut -c1-24; done |
				tr '\n' ',' | sed 's/ *,/, /g; s/, $//')
			# shellcheck disable=SC2086 # a pid list
			kill -STOP $pids 2> /dev/null
			# shellcheck disable=SC2086
			kill -KILL $pids 2> /dev/null
			echo "    # job $fid: killed worker $w in the middle of its test: lava-worker $wp and its job's processes: $what"
			i=0
			while kill -0 "$wp" 2> /dev/null && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
			# Its host starts it again (a crashed worker host reboots).
			lab_start_worker "$w"
			echo "    # worker $w started again"
			await "$fid"
			if [ ! -f "$work/job-$fid.json" ]; then
				result fail "lab.fault.worker-killed: job $fid not finished within LAB_WAIT=$wait_s s after its worker was killed (canceled)"
			else
				job_info "$fid"
				job_line "fault-$label" "$fid" > "$tmp/line"
				# (not a result of its own: counted by the one below)
				n=$((n - 1))
				if grep -q '^    not ok' "$tmp/line"; then fail=$((fail - 1)); else pass=$((pass - 1)); fi
				sed 's/^ */    # reported as: /' "$tmp/line"
				r=fail
				[ "$health" != Incomplete ] || [ -z "$reason" ] || ! grep -q '^    not ok' "$tmp/line" || r=ok
				result $r "lab.fault.worker-killed: job $fid $health (worker $w killed mid-job, started again): LAVA: ${reason:-no reason}"
			fi
		fi
	fi
fi
end
