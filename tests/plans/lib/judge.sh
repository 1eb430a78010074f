# SPDX-License-Identifier: GPL-2.0
# The one judge of a console, sourced by the host's runner
# (tests/run-plan.sh, on the guest's console log) and by the LAVA test
# shell in the guest (/lava-plan.sh, on dmesg and the plan's output):
# both fail a plan on the same kernel reports, the same lockdep state and
# the same KTAP counts. POSIX sh and busybox's tools.

# What a kernel prints when something went wrong: oops, BUG, WARNING,
# lockdep, KASAN, UBSAN, kmemleak and hung-task reports.
JUDGE_REPORTS='Internal error:|Unable to handle kernel|Kernel panic|BUG:|WARNING:|possible recursive locking|possible circular locking|inconsistent lock state|KASAN|UBSAN:|suspected memory leak|blocked for more than'

# judge_reports [ALLOW-ERE] < CONSOLE: the report lines, but those ALLOW
# matches (the plan's "# allow:" lines). Lines of base64 (encoded trace
# events) are left out: base64 can spell KASAN.
judge_reports() {
	tr -d '\r' | grep -vE '^[A-Za-z0-9+/=]+$' | grep -E "$JUDGE_REPORTS" |
		{ if [ -n "${1:-}" ]; then grep -vE "$1"; else cat; fi; }
}

# judge_debug_locks < CONSOLE: status 1 when lockdep switched itself off
# (rootfs/init prints "vexpress-pm: debug_locks: N" as a plan ends): a
# lockdep kernel stops checking after its first report, so whatever
# followed went unchecked.
judge_debug_locks() {
	! tr -d '\r' | grep -q '^vexpress-pm: debug_locks: *0'
}

# judge_ktap < PLAN-OUTPUT: "PLANNED GOT FAILED" of the plan's top-level
# KTAP results: its first "1..N" ("-" if none), how many result lines,
# how many of them failed.
judge_ktap() {
	tr -d '\r' | awk '/^1\.\.[0-9]+/ && p == "" { p = substr($0, 4) + 0 }
		/^(not )?ok [0-9]+/ { g++ } /^not ok [0-9]+/ { f++ }
		END { print (p == "" ? "-" : p), g + 0, f + 0 }'
}
