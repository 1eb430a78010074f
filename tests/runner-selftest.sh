#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The runner's own tests: run-plan.sh must fail a plan whose guest reports a
# failure, hangs, or leaves an empty, truncated or oopsing console, or whose
# dt-edit does not apply, and pass a good one. The fixture plans run in the real guest; the console-shape
# cases use tests/fake-launch.sh, which replays canned console logs.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
pass=0 fail=0 n=0

# expect NAME WANT_STATUS [env...]: run-plan.sh NAME must exit 0 (pass) or
# non-zero (fail) as WANT_STATUS says.
expect() {
	name=$1 want=$2
	shift 2
	n=$((n + 1))
	out=$(env "$@" sh "$top/tests/run-plan.sh" "$name" 2>&1)
	got=$?
	if { [ "$want" = pass ] && [ $got = 0 ]; } || { [ "$want" = fail ] && [ $got != 0 ]; }; then
		echo "    ok $n runner.$name.$want${1:+.fake}"
		pass=$((pass + 1))
	else
		echo "    not ok $n runner.$name.$want${1:+.fake}"
		echo "$out" | sed 's/^/    # /'
		fail=$((fail + 1))
	fi
}

fake="LAUNCH=$top/tests/fake-launch.sh"
expect fixture-pass pass "$fake"
expect fixture-fail fail "$fake"
expect fixture-empty fail "$fake"
expect fixture-truncated fail "$fake"
expect fixture-oops fail "$fake"
expect fixture-hang fail "$fake"
expect fixture-dt-edit fail "$fake"
# The same failures with the real launcher and guest.
expect fixture-fail fail
expect fixture-hang fail
echo "# counts: $pass $fail 0"
