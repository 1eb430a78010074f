#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# console-trace.sh LOG [N]: print the ftrace capture a guest printed on its
# console between "vexpress-pm: trace begin" and "vexpress-pm: trace end"
# (trace_dump in tests/plans/lib/board.sh), without the markers: all of
# them, or only the Nth (from 1) when a plan printed several.
awk -v want="${2:-0}" '
	/^vexpress-pm: trace begin/ { n++; on = !want || n == want; next }
	/^vexpress-pm: trace end/ { on = 0; next }
	on' "$1" | tr -d '\r'
