#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# log-messages.sh LEVELS LOG: the message of each line of a LAVA job log
# (lava-run's, or the server's /jobs/ID/logs/) whose level is one of LEVELS
# (lava/log-json.awk's levels: "target" is the guest's console, "any"
# every level), one a line, its own line breaks made blanks; a message
# that is no string (a results line's mapping) is left out. A line it
# cannot read is not dropped in silence, as a plain jq 'fromjson?' would:
# each is named on stderr, "unreadable: line N: WHY: TEXT", and the exit
# status is 1 (lava/judge-job.sh's lava.log-readable does the same for the
# results it judges). lava/lab/test.sh reads the guest's console so;
# lava/judge-job-selftest.sh tests it.
set -u
[ $# = 2 ] && [ -f "$2" ] || { echo "usage: log-messages.sh LEVELS LOG" >&2; exit 2; }
top=$(cd "$(dirname "$0")/.." && pwd)
# (one stream, each line marked: "m" a message, "u" an unreadable line)
awk -v levels="$1" -f "$top/lava/log-json.awk" "$2" |
	jq -R -r 'index("\t") as $a | .[$a + 1:] as $r | ($r | index("\t")) as $b |
		.[:$a] as $k | $r[:$b] as $n | $r[$b + 1:] as $t |
		(if $k == "L" then (try ($t | fromjson) catch null) else null end) as $j |
		if ($j | type) == "object" and ($j.lvl | type) == "string" then
			$j.msg | strings | "m" + gsub("[\r\n]"; " ")
		elif $k == "L" then "uline \($n): not JSON even rewritten (cut short?): \($t[:300])"
		elif $k == "U" then "uline \($n): \($t[:300])"
		else "uline \($n): no LAVA log line: \($t[:300])" end' |
	awk '/^u/ { print "unreadable: " substr($0, 2) > "/dev/stderr"; bad = 1; next }
	     { print substr($0, 2) }
	     END { exit bad }'
