#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# judge-job.sh JOB.log OUTDIR SLEEP-RUNS [PLAN.CASE...]: judge a LAVA job
# from lava-run's log (lava/run-job.sh runs it, then this): the job passed,
# no LAVA action or test run failed, every test case passed or was skipped
# but the PLAN.CASEs named, which must have failed, and the sleep test had
# SLEEP-RUNS passed rtcwake runs (0: no sleep test judged), and every
# results or error line of the log was read (lava.log-readable). One KTAP
# line per judgement, what was found a "# " line before it, then "N
# passed, N failed"; exit status 0 only if all hold, 1 if one failed, 2 on
# bad usage or a log jq cannot read. lava/judge-job-selftest.sh tests it.
# POSIX sh, awk and jq (C): no Python.
set -eu
[ $# -ge 3 ] && [ -f "$1" ] || { echo "usage: judge-job.sh JOB.log OUTDIR SLEEP-RUNS [PLAN.CASE...]" >&2; exit 2; }
log=$1 out=$2 sleep_runs=$3
shift 3
expect=$*
die() { echo "judge-job.sh: $*" >&2; exit 2; }
top=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$out"

# Judge LAVA's own results: the "results", "error" and "exception" lines
# of the job log, read by lava/log-entries.sh (LAVA's tags and escapes:
# lava/log-json.awk). A results or error line it cannot read fails the
# judgement lava.log-readable, shown with why; a line that is no LAVA log
# line at all (lava-run's own stderr, a Python traceback) is shown as a
# diagnostic. Kept as results.yaml (a YAML list of the results, as LAVA's
# own output.yaml) and results.tsv (R DEFINITION CASE RESULT ERROR-MSG; E
# MSG for the log's errors; U LINE TEXT; X LINE TEXT).
sh "$top/lava/log-entries.sh" "$log" > "$out/entries.json" ||
	die "lava/log-entries.sh cannot read $log"
jq -r 'select(.lvl == "results") | "- " + (.msg | tojson)' "$out/entries.json" > "$out/results.yaml"
# (control characters made "?" in what the judge may print)
jq -r 'def p: tostring | gsub("[\u0000-\u001f\u007f]"; "?");
	if .lvl == "results" then
		["R", (.msg.definition // "" | p), (.msg.case // "" | p),
		 (.msg.result // "" | p), (.msg.error_msg // "" | p)]
	elif .lvl == "unreadable" or .lvl == "other" then
		[(if .lvl == "other" then "X" else "U" end), (.line | tostring), (.msg | .[:300] | p)]
	else ["E", (.msg | if type == "string" then . else tojson end | p)] end | @tsv' \
	"$out/entries.json" > "$out/results.tsv"
rm -f "$out/entries.json"
awk -F '\t' -v sleep_runs="$sleep_runs" -v expect="$expect" '
# judge OK NAME [DETAIL]: one result, NAME the same on every run, what
# was found a diagnostic before it
function judge(ok, what, detail) {
	n++
	if (detail != "") print "# " what ": " detail
	print (ok ? "ok " : "not ok ") n " " what
	if (ok) passed++; else failed++
}
# LAVA names a test definition N_NAME: its suite is NAME.
function suite(d,   s) {
	s = d
	if (s ~ /^[0-9]+_/) sub(/^[0-9]+_/, "", s)
	return s
}
$1 == "E" { nerr++; err[nerr] = $2; next }
# (the first five a judgement shows)
$1 == "U" { nu++; if (nu <= 5) unread[nu] = "line " $2 ": " $3; next }
# (the last three: where lava-run stopped, a traceback'"'"'s last lines)
$1 == "X" { nx++; other[nx % 3] = "line " $2 ": " $3; next }
$1 != "R" { next }
$2 == "lava" && $3 == "job" { job = 1; jres = $4; jerr = $5; next }
# LAVA'"'"'s own actions, and each test run as a whole ("Marking unfinished
# test run as failed" when a run step hangs or dies): none may fail, even
# when the job as such ends "pass". (LAVA'"'"'s scan of the boot log for
# kernel warnings, login-action, lists them but passes; lava-plan.sh'"'"'s
# kernel-reports case judges them against the plan'"'"'s "# allow:" lines.)
$2 == "lava" { if ($4 == "fail") bad = bad " (" $3 ": fail)"; next }
{
	nc++; cname[nc] = suite($2) "." $3; cres[nc] = $4; csuite[nc] = suite($2); ccase[nc] = $3
	if (!($4 in count)) { nk++; key[nk] = $4 }
	count[$4]++
}
END {
	ne = split(expect, ex, " ")
	for (i = 1; i <= ne; i++) want[ex[i]] = 1
	print "KTAP version 1"
	judge(job && jres == "pass", "lava.job-result", !job ? "no job result" : jres (jerr != "" ? ": " jerr : ""))
	for (i = 1; i <= nerr && i <= 5; i++) print "# lava error: " err[i]
	judge(bad == "", "lava.actions-and-runs", bad == "" ? "" : "failed:" bad)
	# A results or error line LAVA wrote that cannot be read is no result
	# lost in silence: which lines, then a failure.
	if (nx) print "# lava-run wrote " nx " line(s) that are no LAVA log line, the last ones:"
	for (i = (nx > 3 ? nx - 2 : 1); i <= nx; i++) print "#   " other[i % 3]
	for (i = 1; i <= nu && i <= 5; i++) print "# unreadable: " unread[i]
	judge(nu == 0, "lava.log-readable", nu ? nu " results or error line(s) not read (YAML that lava/log-json.awk cannot make JSON)" : "")
	# (the counts of each result, sorted by result)
	for (i = 2; i <= nk; i++)
		for (j = i; j > 1 && key[j - 1] > key[j]; j--) { t = key[j]; key[j] = key[j - 1]; key[j - 1] = t }
	s = ""
	for (i = 1; i <= nk; i++) s = s (i > 1 ? ", " : "") key[i] " " count[key[i]]
	print "# test cases: " nc + 0 " (" s ")"
	judge(nc > 0, "lava.test-cases-reported", nc + 0 " test cases")
	for (i = 1; i <= nc; i++) {
		seen[cname[i]] = 1
		if (cname[i] in want)
			judge(cres[i] == "fail", cname[i], cres[i] " (expected fail)")
		else
			judge(cres[i] == "pass" || cres[i] == "skip", cname[i], cres[i] == "pass" ? "" : cres[i])
	}
	for (i = 1; i <= ne; i++)
		if (!(ex[i] in seen)) judge(0, ex[i], "not reported (expected fail)")
	if (sleep_runs + 0 > 0) {
		runs = good = 0
		for (i = 1; i <= nc; i++)
			if (csuite[i] == "sleep" && ccase[i] ~ /^rtcwake-mem-/) { runs++; if (cres[i] == "pass") good++ }
		judge(runs == sleep_runs + 0 && good == sleep_runs + 0, "sleep.rtcwake-runs", good " of " sleep_runs " rtcwake runs passed")
	}
	print passed + 0 " passed, " failed + 0 " failed"
	exit (failed ? 1 : 0)
}' "$out/results.tsv"
