#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# judge-job-selftest.sh: lava/judge-job.sh (and lava/log-json.awk) on a
# recorded job log, no boot and no lava-run: jq and awk alone. The lava
# suite runs it (lava/quick.sh), and tests/awk-selftest.sh under mawk and
# under gawk.
#
# lava/fixtures/lava-run-2023.01.log holds lines as Debian 12's LAVA
# 2023.01 writes them: made by its own lava_common.log.dump() (lava-run's
# logger), with what a jq-only reader lost before: tags (! "452",
# !!python/tuple, !!binary, a tagged key), YAML escapes (\e \xE9 \N \_ \L
# \P \a \0 \v \U0001F600) in results and error lines, a "- " line as
# LAVA 2026.10's list formatter writes. Every results line must be read.
# Its variants here: a job that failed with an escaped error_msg; a
# results line cut short (a killed lava-run), one with a YAML alias (which
# LAVA's Dumper writes for an object met twice), one with a complex key
# and a Python traceback after them, which must fail lava.log-readable and
# be shown with why, not dropped; a bad \x escape, kept for jq to refuse
# without its closing quote; and the lab's reader of the console's lines
# (lava/log-messages.sh target).
# A console line it cannot read is named, not dropped.
# Prints an indented KTAP subtest, then "# counts: PASSED FAILED SKIPPED".
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
fx=$top/lava/fixtures/lava-run-2023.01.log
pass=0 fail=0 skip=0 n=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

. "$top/tests/ktap-result.sh"
if ! command -v jq > /dev/null; then
	result skip lava.judge-job-fixtures "needs jq (package jq, 'make deps' installs it)"
	echo "# counts: $pass $fail $skip"
	exit 0
fi
# judge LOG SLEEP-RUNS [PLAN.CASE...]: judge-job.sh's output in $tmp/out, its status in rc
judge() {
	_l=$1
	shift
	rm -rf "$tmp/j"
	rc=0
	sh "$top/lava/judge-job.sh" "$_l" "$tmp/j" "$@" > "$tmp/out" 2>&1 || rc=$?
}

# The fixture as LAVA wrote it: every one of its 10 results lines read
# (R), its error line too, the job passes with fixture-fail.fixture.b the
# failure it must be and both rtcwake runs.
judge "$fx" 2 fixture-fail.fixture.b
r=fail
[ $rc = 0 ] && [ "$(grep -c '^R	' "$tmp/j/results.tsv")" = 10 ] &&
	[ "$(grep -c '^E	' "$tmp/j/results.tsv")" = 1 ] &&
	grep -q '^ok [0-9]* lava\.log-readable$' "$tmp/out" &&
	grep -q '^ok [0-9]* sleep\.rtcwake-runs$' "$tmp/out" &&
	grep -q '^ok [0-9]* fixture-fail\.reference$' "$tmp/out" &&
	grep -q '^# lava error: lava-test-shell: ?\[31mplan said: "a, ! " ' "$tmp/out" &&
	tail -n 1 "$tmp/out" | grep -q '^11 passed, 0 failed$' && r=ok
result $r lava.judge-job.reads-every-results-line "$tmp/out"

# results.yaml: the escapes decoded (ESC, é, the emoji's surrogate pair)
r=fail
grep -q '"message":"\[    1\.25\] WARNING: CPU: 0 PID: 1 at x\.c:10 \\u001b\[1mf' "$tmp/j/results.yaml" &&
	grep -q '"reference":"https://example\.org/\\ud83d\\ude00"\|"reference":"https://example\.org/😀"' "$tmp/j/results.yaml" &&
	r=ok
cp "$tmp/j/results.yaml" "$tmp/out"
result $r lava.judge-job.decodes-yaml-escapes "$tmp/out"

# A job that failed: LAVA's error_msg, escapes and all, on the diagnostic
sed '$d' "$fx" > "$tmp/failed.log"
cat >> "$tmp/failed.log" <<'EOF'
{"dt": "2026-12-07T03:01:00.000002", "lvl": "results", "msg": {"case": "job", "definition": "lava", "error_msg": "lava-test-shell timed out after 60 seconds: \e[1mtail\e[0m \xE9", "error_type": "Test", "result": "fail"}}
EOF
judge "$tmp/failed.log" 2 fixture-fail.fixture.b
r=fail
[ $rc = 1 ] && grep -q '^not ok 1 lava\.job-result$' "$tmp/out" &&
	grep -q '^# lava\.job-result: fail: lava-test-shell timed out after 60 seconds: ?\[1mtail?\[0m é$' "$tmp/out" &&
	r=ok
result $r lava.judge-job.failed-job-says-why "$tmp/out"

# Lines that cannot be read: a results line with an alias, one with a
# complex key, one cut short, one cut before its level, then lava-run's
# traceback: a failure naming each line and why, the traceback's last
# lines shown; the readable results still judged.
cp "$fx" "$tmp/bad.log"
cat >> "$tmp/bad.log" <<'EOF'
{"dt": "2026-12-07T03:01:00.000001", "lvl": "results", "msg": {"case": "rtcwake-mem-3", "definition": "1_sleep", "extra": {"a": &id001 {"k": "v"}, "b": *id001}, "result": "pass"}}
{"dt": "2026-12-07T03:01:00.000002", "lvl": "results", "msg": {"case": "x", "definition": "1_sleep", "extra": {? "k": "v"}, "result": "pass"}}
{"dt": "2026-12-07T03:01:00.000003", "lvl": "results", "msg": {"case": "rtcwake-mem-4", "defin
{"dt": "2026-12-07T03:01
Traceback (most recent call last):
  File "/usr/bin/lava-run", line 291, in main
    logger.results(result_dict)
BrokenPipeError: [Errno 32] Broken pipe
EOF
judge "$tmp/bad.log" 2 fixture-fail.fixture.b
r=fail
[ $rc = 1 ] && grep -q '^not ok [0-9]* lava\.log-readable$' "$tmp/out" &&
	grep -q '^# unreadable: line 17: a YAML anchor or alias .*: {"dt": "2026-12-07T03:01:00.000001", "lvl": "results", .*&id001' "$tmp/out" &&
	grep -q '^# unreadable: line 18: a YAML complex key "? " .*: {"dt": .*{? "k"' "$tmp/out" &&
	grep -q '^# unreadable: line 19: not JSON even rewritten (cut short?): {"dt": .*"defin$' "$tmp/out" &&
	grep -q '^# unreadable: line 20: not JSON even rewritten (cut short?): {"dt": "2026-12-07T03:01$' "$tmp/out" &&
	grep -q '^# lava-run wrote 4 line(s) that are no LAVA log line, the last ones:$' "$tmp/out" &&
	grep -q '^#   line 24: BrokenPipeError: \[Errno 32\] Broken pipe$' "$tmp/out" &&
	grep -q '^ok [0-9]* sleep\.rtcwake-runs$' "$tmp/out" &&
	tail -n 1 "$tmp/out" | grep -q '^10 passed, 1 failed$' && r=ok
result $r lava.judge-job.unreadable-line-fails "$tmp/out"

# A bad escape (\x with one hex digit: no emitter writes it) is kept as
# it is, for jq to refuse, and does not take the closing quote with it:
# the next string and its escape are read as they are
printf '%s\n' '{"lvl": "results", "msg": {"a": "\x4", "b": "\x41"}}' > "$tmp/esc.log"
awk -f "$top/lava/log-json.awk" "$tmp/esc.log" > "$tmp/out"
r=fail
grep -q '^L	1	{"lvl": "results", "msg": {"a": "\\x4", "b": "\\u0041"}}$' "$tmp/out" && r=ok
result $r lava.log-json.bad-escape-keeps-its-quote "$tmp/out"

# The lab's reader of the guest's console (lava/lab/test.sh): with
# levels=target, the console lines, the one with colour codes and é too,
# and the "- " lines the server's /jobs/ID/logs/ gives
sed 's/^{/- {/' "$fx" > "$tmp/api.log"
rc=0
sh "$top/lava/log-messages.sh" target "$tmp/api.log" > "$tmp/out" 2>&1 || rc=$?
r=fail
[ $rc = 0 ] && [ "$(wc -l < "$tmp/out")" = 2 ] && grep -q '\[  OK  \].* vexpress-pm: boot été ' "$tmp/out" &&
	grep -q '^<LAVA_SIGNAL_STARTRUN 0_fixture-fail 1_1\.1>$' "$tmp/out" && r=ok
result $r lava.log-json.console-lines "$tmp/out"

# ... and a console line it cannot read (cut short) is named, with the
# status 1, not dropped: the lines around it still read
{ head -n 3 "$tmp/api.log"
  echo '- {"dt": "2026-12-07T03:00:02.000000", "lvl": "target", "msg": "ok 1 fixture.a'
  tail -n +4 "$tmp/api.log"; } > "$tmp/cut.log"
rc=0
sh "$top/lava/log-messages.sh" target "$tmp/cut.log" > "$tmp/out" 2> "$tmp/err" || rc=$?
cat "$tmp/err" >> "$tmp/out"
r=fail
[ $rc = 1 ] && [ "$(grep -c 'vexpress-pm: boot été \|^<LAVA_SIGNAL_STARTRUN ' "$tmp/out")" = 2 ] &&
	[ "$(wc -l < "$tmp/err")" = 1 ] &&
	grep -q '^unreadable: line 4: not JSON even rewritten (cut short?): {"dt": .*"ok 1 fixture\.a$' "$tmp/err" && r=ok
result $r lava.log-messages.unreadable-console-line-named "$tmp/out"

# Bad usage: a log that is not there
judge "$tmp/nosuch.log" 2
r=fail
[ $rc = 2 ] && grep -q '^usage: judge-job\.sh ' "$tmp/out" && r=ok
result $r lava.judge-job.no-log "$tmp/out"

echo "# counts: $pass $fail $skip"
[ $fail = 0 ]
