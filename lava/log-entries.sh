#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# log-entries.sh LOG [LEVELS]: a LAVA job log (lava-run's, or the server's
# /jobs/ID/logs/) as JSON, one entry a line, for jq: each log line whose
# level is one of LEVELS (lava/log-json.awk's levels; default results,
# error and exception) as LAVA wrote it, {"dt", "lvl", "msg"}; a line of
# those levels that is still no JSON (lava/log-json.awk says why, or jq
# cannot read it) as {"lvl": "unreadable", "line": N, "msg": "WHY: TEXT"},
# never dropped; a line that is no LAVA log line at all (lava-run's own
# stderr, a Python traceback) as {"lvl": "other", "line": N, "msg": TEXT}.
# The one reader of LAVA's log: lava/judge-job.sh judges its results,
# lava/log-messages.sh gives its console. Exit status 2 if awk or jq
# fails.
set -u
[ $# -ge 1 ] && [ -f "$1" ] || { echo "usage: log-entries.sh LOG [LEVELS]" >&2; exit 2; }
top=$(cd "$(dirname "$0")/.." && pwd)
# (each step's status counts: a failed awk or jq is an error, exit 2, not
# a log with fewer lines)
tmp=$(mktemp) || exit 2
trap 'rm -f "$tmp"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
awk -v levels="${2:-}" -f "$top/lava/log-json.awk" "$1" > "$tmp" ||
	{ echo "log-entries.sh: lava/log-json.awk failed on $1" >&2; exit 2; }
jq -c -R 'index("\t") as $a | .[$a + 1:] as $r | ($r | index("\t")) as $b |
		.[:$a] as $k | ($r[:$b] | tonumber) as $n | $r[$b + 1:] as $t |
		if $k == "L" then
			(($t | fromjson?) | select(type == "object" and (.lvl | type) == "string"
				and (.lvl != "results" or (.msg | type) == "object"))) //
			{lvl: "unreadable", line: $n, msg: ("not JSON even rewritten (cut short?): " + $t)}
		elif $k == "U" then {lvl: "unreadable", line: $n, msg: $t}
		else {lvl: "other", line: $n, msg: $t} end' < "$tmp" || exit 2
