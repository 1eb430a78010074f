#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The runner's own tests: run-plan.sh must fail a plan whose guest reports a
# failure, hangs, or leaves an empty, truncated or oopsing console, or whose
# dt-edit does not apply, or whose host-side script fails, or whose second
# boot ("# boots: 2") does not resume, and pass a good one (with a host-side
# script that must see the console; booted twice), with BUILD
# absolute or relative. The fixture plans run in the real guest; the console-shape
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
expect fixture-host-pass pass "$fake"
expect fixture-host-fail fail "$fake"
expect fixture-two-boots pass "$fake"
expect fixture-two-boots-noresume fail "$fake"

# BUILD absolute, and BUILD relative to the repository (run-plan.sh run
# from elsewhere, so a path taken from the working directory would miss):
# the plan must find its DTB to edit and the host's oracle under BUILD, and
# leave its log there. The oracle is a stand-in that names its BUILD.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
build_case() {	# build_case LABEL DIR BUILD-VALUE
	mkdir -p "$2/images" "$2/host"
	printf '/dts-v1/;\n/ { };\n' | dtc -q -I dts -O dtb -o "$2/images/vexpress-pm-ca9.dtb" -
	printf '#!/bin/sh\necho "ok $3 oracle: stand-in of %s"\n' "$2" > "$2/host/sleeptrace"
	chmod +x "$2/host/sleeptrace"
	n=$((n + 1))
	out=$(cd "$tmp" && env "$fake" BUILD="$3" sh "$top/tests/run-plan.sh" fixture-build 2>&1)
	if [ $? = 0 ] && [ -s "$2/results/fixture-build.log" ] &&
		echo "$out" | grep -qF "stand-in of $2"; then
		echo "    ok $n runner.build-dir.$1"
		pass=$((pass + 1))
	else
		echo "    not ok $n runner.build-dir.$1"
		echo "$out" | sed 's/^/    # /'
		fail=$((fail + 1))
	fi
}
build_case absolute "$tmp/abs" "$tmp/abs"
build_case relative "$tmp/rel" "$(realpath --relative-to="$top" "$tmp/rel")"

# The oracle's verdicts relayed: a capture that breaks exactly the rules
# the plan's "# trace-check:" names passes, each shown violated as expected.
n=$((n + 1))
out=$(env "$fake" sh "$top/tests/run-plan.sh" fixture-trace 2>&1)
if [ $? = 0 ] && [ "$(echo "$out" | grep -c '^    ok [0-9]* oracle: .*(violated, as expected)$')" = 2 ]; then
	echo "    ok $n runner.oracle-relayed"
	pass=$((pass + 1))
else
	echo "    not ok $n runner.oracle-relayed"
	echo "$out" | sed 's/^/    # /'
	fail=$((fail + 1))
fi

# The same failures with the real launcher and guest.
expect fixture-fail fail
expect fixture-hang fail
echo "# counts: $pass $fail 0"
