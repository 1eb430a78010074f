#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# console-trace.sh LOG: print the ftrace capture a guest printed on its
# console between "vexpress-pm: trace begin" and "vexpress-pm: trace end"
# (trace_dump in tests/plans/lib/board.sh), without the markers.
sed -n '/^vexpress-pm: trace begin/,/^vexpress-pm: trace end/p' "$1" |
	sed '1d;$d' | tr -d '\r'
