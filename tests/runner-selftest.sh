#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The runner's own tests: run-plan.sh must fail a plan whose guest reports a
# failure, hangs, or leaves an empty, truncated or oopsing console, or whose
# dt-edit does not apply, or whose host-side script fails, or whose second
# boot ("# boots: 2") does not resume, and pass a good one (with a host-side
# script that must see the console, or get the console's and the NIC's
# input paths the launcher got; booted twice), with BUILD
# absolute or relative; and a whole run (tests/run.sh) interrupted must
# end its QEMUs and remove its files. The fixture plans run in the real guest; the console-shape
# cases use tests/fake-launch.sh, which replays canned console logs.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/scripts/kver.sh"
pass=0 fail=0 skip=0 n=0

. "$top/tests/ktap-result.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# expect NAME WANT_STATUS [env...]: run-plan.sh NAME must exit 0 (pass) or
# non-zero (fail) as WANT_STATUS says.
expect() {
	name=$1 want=$2
	shift 2
	env "$@" sh "$top/tests/run-plan.sh" "$name" > "$tmp/out" 2>&1
	got=$?
	r=fail
	{ [ "$want" = pass ] && [ $got = 0 ]; } || { [ "$want" = fail ] && [ $got != 0 ]; } && r=ok
	result $r "runner.$name.$want${1:+.fake}" "$tmp/out"
	cp "$tmp/out" "$tmp/$name.out"
}
# named NAME RESULT: the run of fixture NAME (expect, above) printed
# RESULT ("ok", "not ok" and a name) as a result line, the runner's check
# named the same on every run, its reason a "#" line before it
named() {
	r=fail
	grep -qE "^    $2\$" "$tmp/$1.out" && r=ok
	result $r "runner.$1.named" "$tmp/$1.out"
}

fake="LAUNCH=$top/tests/fake-launch.sh"
expect fixture-pass pass "$fake"
expect fixture-fail fail "$fake"
expect fixture-empty fail "$fake"
expect fixture-truncated fail "$fake"
expect fixture-oops fail "$fake"
expect fixture-hang fail "$fake"
# The two results fixture-hang announced and never printed fail, each by
# its place
env "$fake" sh "$top/tests/run-plan.sh" fixture-hang > "$tmp/out" 2>&1
r=fail
[ "$(grep -E '^    (not )?ok ' "$tmp/out" | sed 's/^    //')" = "ok 1 fixture.first
not ok 2 fixture-hang.result-2
not ok 3 fixture-hang.result-3" ] && r=ok
result $r runner.fixture-hang.unprinted-results-fail "$tmp/out"
expect fixture-dt-edit fail "$fake"
expect fixture-host-pass pass "$fake"
expect fixture-host-fail fail "$fake"
named fixture-host-pass "ok [0-9]+ fixture-host-pass\\.host"
named fixture-host-fail "not ok [0-9]+ fixture-host-fail\\.host"
named fixture-oops "not ok [0-9]+ fixture-oops\\.kernel-reports"
expect fixture-host-inputs pass "$fake"
expect fixture-two-boots pass "$fake"
expect fixture-two-boots-noresume fail "$fake"

# BUILD absolute, and BUILD relative to the repository (run-plan.sh run
# from elsewhere, so a path taken from the working directory would miss):
# the plan must find its DTB to edit and the host's oracle under BUILD, and
# leave its log there. The oracle is a stand-in that names its BUILD.
build_case() {	# build_case LABEL DIR BUILD-VALUE
	mkdir -p "$2/images" "$2/host"
	printf '/dts-v1/;\n/ { };\n' | dtc -q -I dts -O dtb -o "$2/images/vexpress-pm-ca9.dtb" -
	printf '#!/bin/sh\necho "ok $3 oracle: stand-in of %s"\n' "$2" > "$2/host/sleeptrace"
	chmod +x "$2/host/sleeptrace"
	r=fail
	(cd "$tmp" && env "$fake" BUILD="$3" sh "$top/tests/run-plan.sh" fixture-build) > "$tmp/out" 2>&1 &&
		[ -s "$2/results/fixture-build.log" ] && grep -qF "stand-in of $2" "$tmp/out" && r=ok
	result $r "runner.build-dir.$1" "$tmp/out"
}
build_case absolute "$tmp/abs" "$tmp/abs"
build_case relative "$tmp/rel" "$(realpath --relative-to="$top" "$tmp/rel")"

# The oracle's verdicts relayed: a capture that breaks exactly the rules
# the plan's "# trace-check:" names passes, each shown violated as expected.
r=fail
env "$fake" sh "$top/tests/run-plan.sh" fixture-trace > "$tmp/out" 2>&1 &&
	[ "$(grep -c '^    # oracle\.[^:]*: .*(violated, as expected)$' "$tmp/out")" = 2 ] && r=ok
result $r runner.oracle-relayed "$tmp/out"

# A rule the capture cannot show fails, unless the plan's "# oracle-skip:"
# names it: the runner asks the oracle for that (sleeptrace --judge-all
# --may-skip, whose own self-test judges it), and relays its verdicts as
# they are (a stand-in oracle that answers as sleeptrace would for the
# options it was given; the plan allows rule-a).
mkdir -p "$tmp/os/host"
cat > "$tmp/os/host/sleeptrace" <<'EOF2'
#!/bin/sh
case " $* " in
*" --judge-all -s rule-a "*)
	echo "ok 2 oracle.rule-a # SKIP may-skip: not in this capture"
	echo "# oracle.rule-b: (could not judge: not in this capture; --may-skip does not name it)"
	echo "not ok 3 oracle.rule-b"; exit 1 ;;
*)	echo "# sleeptrace: called without the plan's options: $*"; exit 2 ;;
esac
EOF2
chmod +x "$tmp/os/host/sleeptrace"
r=fail
! env "$fake" BUILD="$tmp/os" sh "$top/tests/run-plan.sh" fixture-oracle-skip > "$tmp/out" 2>&1 &&
	grep -q '^    ok 2 oracle\.rule-a # SKIP may-skip: not in this capture$' "$tmp/out" &&
	grep -q '^    not ok 3 oracle\.rule-b$' "$tmp/out" && r=ok
result $r runner.oracle-skip-only-where-allowed "$tmp/out"

# A dt-edit node path's PROPERTY=VALUE component selects the one child
# with that string property: applied there; no such child, or two, fail.
sel=$tmp/select.dtb
printf '/dts-v1/;\n/ { r { a { n = "x"; }; b { n = "y"; }; c { n = "y"; }; }; };\n' |
	dtc -q -I dts -O dtb -o "$sel" -
dte() { echo "$1" | sh "$top/tests/dt-edit.sh" "$sel" 2>&1; }
o1=$(dte "-t s /r/n=x s ok"); r1=$?
o2=$(dte "-t s /r/n=y s no"); r2=$?
o3=$(dte "-t s /r/n=z s no"); r3=$?
r=fail
[ $r1 = 0 ] && [ "$(fdtget -t s "$sel" /r/a s 2>/dev/null)" = ok ] &&
	[ $r2 != 0 ] && echo "$o2" | grep -q '^dt-edit: /r has 2 children with n=y: b c$' &&
	[ $r3 != 0 ] && echo "$o3" | grep -q '^dt-edit: /r has 0 children with n=z$' && r=ok
printf '%s\n' "$o1" "$o2" "$o3" > "$tmp/out"
result $r runner.dt-edit.select-by-property "$tmp/out"

# The same failures with the real launcher and guest. They test the
# runner, not a PMIC: their headers name both profiles, and the launcher
# picks the one this QEMU has (the AXP209 on QEMU 9.2 and later, so on
# every QEMU of Debian 13).
expect fixture-fail fail
expect fixture-hang fail

# Ctrl-C on a run (SIGINT to its process group, as a terminal sends it)
# while guests run: within 2 s every process of the run is gone, QEMU
# included (timeout(1) put it in a process group of its own, out of the
# signal's reach), and so are its temporary files. The hung guest's
# timeout is stretched to minutes, so only the interrupt can end it early.
it=$tmp/interrupt
mkdir -p "$it/tmp"
# run_pids: the processes of the run's suites (run.sh marks them with
# VEXPRESS_PM_RUN, its temporary directory: under $it/tmp)
run_pids() { grep -lsz "^VEXPRESS_PM_RUN=$it/tmp/" /proc/[0-9]*/environ | sed 's|^/proc/||; s|/environ$||'; }
# is_qemu PID: QEMU, or the dynamic loader running it (boot/qemu-backport.sh
# runs QEMU 11 through trixie's own loader: its name is the loader's)
is_qemu() {
	case $(cat /proc/$1/comm 2>/dev/null) in
	qemu-system-arm) ;;
	ld-linux*) tr '\0' '\n' < /proc/$1/cmdline 2>/dev/null | grep -q '/qemu-system-arm$' ;;
	*) return 1 ;;
	esac
}
# (in a process group of its own, as a terminal's foreground job; with
# SIGINT not ignored, as it is for a command sh puts in the background)
# With the default number of jobs, as users run it: fixture-hang names
# both profiles, so on a machine with both QEMUs two guests run, each on
# its own QEMU, and both are interrupted.
TMPDIR=$it/tmp TEST_RESULTS=$it GATES=0 KVERS_TEST=${KVERS%% *} TIMEOUT_SCALE=30 \
	env --default-signal=INT setsid sh "$top/tests/run.sh" fixture-hang > "$it/out" 2>&1 &
run=$!
qemu=
i=0	# await the guests: as many QEMUs as slots and profiles allow (60 s)
want=$(nproc)
[ "$want" -le 2 ] || want=2
while [ $i -lt 600 ] && kill -0 $run 2>/dev/null; do
	qemu=
	for p in $(run_pids); do
		is_qemu $p && qemu="$qemu $p"
	done
	[ "$(echo $qemu | wc -w)" -ge "$want" ] && break
	# (one QEMU for 5 s: the other profile's is not on this machine)
	[ -n "$qemu" ] && [ $i -ge 50 ] && break
	sleep 0.1
	i=$((i + 1))
done
pids=$(run_pids)
# (milliseconds from /proc/uptime, 10 ms steps: date's %N is GNU only)
uptime_ms() { awk '{ printf "%.0f\n", $1 * 1000 }' /proc/uptime; }
t0=$(uptime_ms)
kill -INT -$run
( sleep 20; kill -KILL -$run 2>/dev/null ) &
dog=$!
wait $run
took=$(($(uptime_ms) - t0))
kill $dog 2>/dev/null
left=
# (the run's processes seen before, and anything left in its process
# group: a helper of run.sh's own, say; a zombie not yet reaped has ended)
for p in $pids $(ps -eo pid=,pgid= | awk -v g=$run '$2 == g { print $1 }'); do
	st=$(sed -n 's/^State:[[:space:]]*\([A-Z]\).*/\1/p' /proc/$p/status 2>/dev/null)
	[ -z "$st" ] || [ "$st" = Z ] || left="$left $p($(cat /proc/$p/comm 2>/dev/null))"
done
r=fail
[ -n "$qemu" ] && [ $took -le 2000 ] && [ -z "$left" ] && [ -z "$(ls -A "$it/tmp")" ] && r=ok
{ echo "QEMU pids:${qemu:- none seen}; run ended ${took} ms after SIGINT; left:${left:- none}; tmp: $(ls -A "$it/tmp" | tr '\n' ' ')"
  tail -n 5 "$it/out"; } > "$tmp/out"
result $r runner.interrupt.ends-qemu-and-cleans-up "$tmp/out"
echo "# counts: $pass $fail $skip"
