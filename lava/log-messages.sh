#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# log-messages.sh LEVELS LOG: the message of each line of a LAVA job log
# (lava-run's, or the server's /jobs/ID/logs/) whose level is one of LEVELS
# (lava/log-json.awk's levels: "target" is the guest's console, "any"
# every level), one a line, its own line breaks made blanks; a message
# that is no string (a results line's mapping) is left out. A line it
# cannot read is not dropped in silence, as a plain jq 'fromjson?' would:
# each is named on stderr, "unreadable: line N: WHY: TEXT", and the exit
# status is 1 (2 if a reader fails), as lava/judge-job.sh's lava.log-readable fails for the
# results it judges (lava/log-entries.sh reads the log for both).
# lava/lab/test.sh reads the guest's console so; judge-job-selftest.sh
# tests it.
set -u
[ $# = 2 ] && [ -f "$2" ] || { echo "usage: log-messages.sh LEVELS LOG" >&2; exit 2; }
top=$(cd "$(dirname "$0")/.." && pwd)
# (each step's status counts: a reader that failed is an error, exit 2,
# not a log without messages)
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
sh "$top/lava/log-entries.sh" "$2" "$1" > "$tmp/entries" || exit 2
# (one stream, each line marked: "m" a message, "u" a line not read)
jq -r 'if .lvl == "unreadable" then "uline \(.line): \(.msg[:300])"
	elif .lvl == "other" then "uline \(.line): no LAVA log line: \(.msg[:300])"
	else .msg | strings | "m" + gsub("[\r\n]"; " ") end' < "$tmp/entries" > "$tmp/marked" ||
	{ echo "log-messages.sh: jq failed on $2" >&2; exit 2; }
awk '/^u/ { print "unreadable: " substr($0, 2) > "/dev/stderr"; bad = 1; next }
     { print substr($0, 2) }
     END { exit bad }' "$tmp/marked"
