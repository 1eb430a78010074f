#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The host's awk programs under each awk Debian makes /usr/bin/awk: mawk
# (Debian 13's, and Debian 12's until gawk is installed) and gawk (which
# takes /usr/bin/awk once installed, and so would hide what mawk reads
# differently). Each awk is called by name: a directory whose "awk" runs
# it goes first on PATH, so every "awk" the scripts below call is that
# one, and each result names it.
#
# Under each awk: the self-tests that drive the host's awk programs
# (tests/ktap.awk and tests/plan-meta.sh in ktap-selftest; the oracle's
# fixture edits; the PMIC parity list; lava/log-json.awk and
# lava/judge-job.sh's judge on a recorded LAVA log, judge-job-selftest), tests/run-plan.sh and
# tests/console-trace.sh on replayed consoles (tests/fake-launch.sh), a
# whole tests/run.sh with CI=true on them (its suite list, ci-skips, its
# count line and JUnit), tests/run-suite.sh on a host suite (its checks'
# results, its CPU time), and on inputs of their own here: the awk
# programs of scripts/apt-private.sh, scripts/check-format.sh,
# scripts/check-copies.sh, scripts/check-format-ours.awk (scripts/check.sh's
# clang-format gate), scripts/jobs/bench-i2c.awk (make bench's I2C table),
# lava/lab/log-ktap.awk (the lab's guest KTAP, from a LAVA job log),
# tools/sleeptrace/figure.awk (the tutorial's figure of the sequence, and
# scripts/jobs/figure.sh's title and caption for it) and
# tests/tutorial-check.sh. Every awk program the host runs is one of these.
# Prints an indented KTAP subtest, then "# counts: PASSED FAILED SKIPPED".
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/scripts/kver.sh"
pass=0 fail=0 skip=0 n=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

. "$top/tests/ktap-result.sh"
# selftest NAME SCRIPT: a self-test that prints "# counts: P F S" passes if
# it exits 0 with no failure counted (a failure shows its output but its
# passes, which would push what failed out of the lines shown)
selftest() {
	sh "$2" > "$tmp/out" 2>&1
	rc=$?
	c=$(sed -n 's/^# counts: [0-9]* \([0-9]*\) [0-9]*$/\1/p' "$tmp/out")
	if [ $rc = 0 ] && [ "$c" = 0 ]; then r=ok; else r=fail; fi
	grep -v '^ *ok ' "$tmp/out" > "$tmp/out.why"
	result $r "$1" "$tmp/out.why"
}
fake=$top/tests/fake-launch.sh

mkdir -p "$tmp/apt/sources.list.d"
printf 'deb http://one.example/debian trixie main\ndeb http://one.example/debian bookworm main\n' \
	> "$tmp/apt/sources.list"
printf 'Types: deb\nURIs: http://off.example/debian\nSuites: trixie\nEnabled: no\n\nTypes: deb-src deb\nURIs: https://two.example/debian\nSuites: trixie-backports trixie\nSigned-By: /usr/share/keyrings/k.gpg\n' \
	> "$tmp/apt/sources.list.d/d.sources"

# A stand-in QEMU with both PMIC models, for run.sh's choice of a QEMU per
# profile (the guests are replayed: tests/fake-launch.sh), so that a
# machine whose QEMU lacks one (Debian 13's) does not skip the suites
printf '%s\n' '#!/bin/sh' 'case " $* " in' \
	'*" --version "*) echo "QEMU emulator version 8.2.2" ;;' \
	'*" -device help "*) echo "I2C devices:"' \
	'	echo "name \"twl92230\", bus i2c-bus"; echo "name \"axp209_pmu\", bus i2c-bus" ;;' \
	'*) exit 1 ;;' 'esac' > "$tmp/qemu"
chmod +x "$tmp/qemu"
mkdir "$tmp/fmt"
printf 'BasedOnStyle: LLVM\n' > "$tmp/fmt/.clang-format"
printf 'int f(int a,\n      int b);\nint x;\nint g(int a,\n      int b);\n' > "$tmp/fmt/x.c"
printf 'x.c\tint f(int a,\n' > "$tmp/fmt/allow"

mkdir -p "$tmp/cp/7.3"
: > "$tmp/cp/series"
printf 'Subject: x\n\n-- a line of the message\n---\ndiff --git a/x.c b/x.c\n--- a/x.c\n+++ b/x.c\n@@ -1,3 +1,4 @@\n int a;\n+case 1:\n+case 2:\n-int b;\n--- b\n' > "$tmp/cp/0001-x.patch"
printf 'Subject: x\n\n---\ndiff --git a/x.c b/x.c\n--- a/x.c\n+++ b/x.c\n@@ -7,2 +7,2 @@\n int c;\n+case 1:\n-int b;\n-- \n2.39.5\n' > "$tmp/cp/7.3/0001-x.patch"
printf '0001-x.patch\tcopy\tnot one\t+int z;\n' > "$tmp/cp/7.3/differences"

# check-format-ours.awk: in an upstream file (b.c) only the hunk that
# starts on a line the series adds; every hunk of our own file (a.c)
mkdir "$tmp/ours"
printf 'a.c:10: differs from clang-format:\n-x\n+y\nb.c:3: differs from clang-format:\n-p\nb.c:7: differs from clang-format:\n-q\n' \
	> "$tmp/ours/report"
printf 'b.c:7\n' > "$tmp/ours/added"
printf 'b.c\n' > "$tmp/ours/upstream"
printf 'a.c:10: differs from clang-format:\n-x\n+y\nb.c:7: differs from clang-format:\n-q\n' > "$tmp/ours/want"

# bench-i2c.awk: two drivers' lines as rootfs/bench.sh prints them, and
# the table worked out by hand (390 us is 39 bits at 10 us; 50 of 800 us
# of CPU is 6.2%; at 100 kHz the second driver's 100 us would be 50)
cat > "$tmp/bench.log" <<'EOF'
bench: driver i2c-sbcon-timer i2c-0 period_ns 10000
bench: read n=4 min=400.0 median=429.0 mean=430.0 max=500.0 cpu=50.0
bench: write n=4 min=300.0 median=348.0 mean=320.0 max=400.0 cpu=40.0
bench: driver versatile-i2c i2c-0 period_ns 20000
bench: read n=4 min=800.0 median=800.0 mean=810.0 max=900.0 cpu=800.0
bench: write n=4 min=600.0 median=600.0 mean=610.0 max=700.0 cpu=100.0
EOF
cat > "$tmp/bench.want" <<'EOF'
| driver | SCL | transfer | bits | bus minimum (us) | min (us) | median (us) | mean (us) | max (us) | median / minimum | CPU per transfer (us) | CPU / mean latency |
| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
| i2c-sbcon-timer | 100.0 kHz | read | 39 | 390 | 400.0 | 429.0 | 430.0 | 500.0 | 1.10x | 50.0 | 12% |
| i2c-sbcon-timer | 100.0 kHz | write | 29 | 290 | 300.0 | 348.0 | 320.0 | 400.0 | 1.20x | 40.0 | 12% |
| versatile-i2c | 50.0 kHz | read | 39 | 780 | 800.0 | 800.0 | 810.0 | 900.0 | 1.03x | 800.0 | 99% |
| versatile-i2c | 50.0 kHz | write | 29 | 580 | 600.0 | 600.0 | 610.0 | 700.0 | 1.03x | 100.0 | 16% |

Targets (issue 4), i2c-sbcon-timer against versatile-i2c (i2c-algo-bit):
- read latency: median 1.10x the bus minimum (target <= 1.2x): met
- read CPU per transfer: 6.2% of versatile-i2c (target <= 25%): met
  (at the same SCL, versatile-i2c scaled to 100.0 kHz: 400 us, ours 12.5% of it: met)
- write latency: median 1.20x the bus minimum (target <= 1.2x): met
- write CPU per transfer: 40.0% of versatile-i2c (target <= 25%): NOT met
  (at the same SCL, versatile-i2c scaled to 100.0 kHz: 50 us, ours 80.0% of it: NOT met)
EOF

# log-ktap.awk: a job's console as LAVA logs it, two test runs: the KTAP
# lines before the first TESTCASE signal, named and judged as
# rootfs/lava-plan.sh does (a bad byte "_", "- " and a directive cut, an
# empty name result-N, N its place among them, a SKIP), a nested result
# (a plan's subtest) as well, later lines not read; and a run of LAVA
# test sets, one a plan (a KernelCI job's, lava/kernelci/suspend-order.yaml):
# each set's KTAP named by the set, result-N counted per set
cat > "$tmp/lavalog" <<'EOF'
+ /lava-plan.sh x
ok 0 before any run
<LAVA_SIGNAL_STARTRUN 0_one 1_1.1>
KTAP version 1
1..4
    ok 1 nested
ok 1 - a b/c # note
not ok 2 d
ok 3 e # SKIP why
ok 4
<LAVA_SIGNAL_TESTCASE TEST_CASE_ID=a_b_c RESULT=pass>
ok 9 reported after
<LAVA_SIGNAL_ENDRUN 0_one 1_1.1>
<LAVA_SIGNAL_STARTRUN 12_two-2 1_1.2>
not ok 1 f # SKIP odd
<LAVA_SIGNAL_ENDRUN 12_two-2 1_1.2>
<LAVA_SIGNAL_STARTRUN 0_suite 1_1.3>
<LAVA_SIGNAL_TESTSET START p1>
ok 1 g
<LAVA_SIGNAL_TESTCASE TEST_CASE_ID=g RESULT=pass>
ok 7 reported after
<LAVA_SIGNAL_TESTSET STOP>
<LAVA_SIGNAL_TESTSET START p2>
ok 1
not ok 2 g
<LAVA_SIGNAL_TESTCASE TEST_CASE_ID=result-1 RESULT=pass>
<LAVA_SIGNAL_TESTSET STOP>
<LAVA_SIGNAL_ENDRUN 0_suite 1_1.3>
EOF
printf 'one\tnested\tpass\none\ta_b_c\tpass\none\td\tfail\none\te\tskip\none\tresult-5\tpass\ntwo-2\tf\tfail\np1\tg\tpass\np2\tresult-1\tpass\np2\tg\tfail\n' > "$tmp/lavalog.want"

# figure.awk: sleeptrace explain's lines (a device phase with a transfer
# of another chip, the domain's power-off, the arming with a failed write,
# the sleep, a phase without an end, a transfer in no phase) and the
# figure it must draw from them (read line by line against them once):
# lanes, arrows, the sleep's rule
cat > "$tmp/explain" <<'EOF'
    t (ms) took (ms)  phase: what happens
     0.000     4.869  suspend_enter: the whole suspend/resume cycle
     1.078     3.782    freeze_processes: processes into the freezer
     6.783   464.950  dpm_suspend: per-device suspend(), children before parents [106 device callbacks]
     7.785                I2C i2c-0 0x48, 2 message(s), by 0-0048 driver[suspend]
   478.124     2.938  dpm_suspend_noirq: device IRQs disabled (not IRQF_NO_SUSPEND ones), per-device suspend_noirq() [5 device callbacks]
   478.333                I2C PMIC write LDO_CTRL7(0x10) = 0x00, by 4e000000.ethernet noirq power domain[suspend]
   481.067     6.835  platform_prepare_late: system wide prepare_late(): after every noirq callback
   481.080                I2C PMIC read GPIO_CTRL(0x1d) -> 0x07, by platform_prepare_late
   483.986                I2C PMIC write GPIO_CTRL(0x1d) = 0x47: FAILED -110, by platform_prepare_late
   524.771     0.000  machine_suspend: system wide enter(): the machine sleeps until a wakeup (sched_clock stops: no time passes in the trace)
   548.980     1.845  platform_wake: system wide wake(): before any resume_noirq
  1316.786  (no end)  platform_end: system wide end()
  1336.820              I2C PMIC read GPIO_CTRL(0x1d) -> 0x07, by i2cget-127
EOF
cat > "$tmp/figure.want" <<'EOF'
   t (ms)  PM core           devices [callbacks]  platform       I2C: PMIC REG = write, -> read
           -------           -------------------  --------       ------------------------------
    0.000  suspend_enter
    1.078  freeze_processes
    6.783                    suspend [106]
    7.785                    `---------------------------------> 0x48: 2 msg (0-0048)
  478.124                    suspend_noirq [5]
  478.333                    `---------------------------------> LDO_CTRL7 = 0x00 (genpd)
  481.067                                         prepare_late
  481.080                                         `------------> GPIO_CTRL -> 0x07
  483.986                                         `------------> GPIO_CTRL = 0x47: FAILED -110
  524.771  machine_suspend ===== asleep: enter(); the trace clock stops =========================
  548.980                                         wake
 1316.786                                         end
 1336.820  `---------------------------------------------------> GPIO_CTRL -> 0x07 (i2cget-127), in no phase
EOF

# The same lines drawn as a picture (-v svg=1): well-formed XML whose rows,
# in order, are the figure's
cat > "$tmp/figure-rows.want" <<'EOF'
suspend_enter
freeze_processes
suspend [106]
0x48: 2 msg (0-0048)
suspend_noirq [5]
LDO_CTRL7 = 0x00 (genpd)
prepare_late
GPIO_CTRL -&gt; 0x07
GPIO_CTRL = 0x47: FAILED -110
machine_suspend
wake
end
GPIO_CTRL -&gt; 0x07 (i2cget-127), in no phase
EOF

# scripts/jobs/figure.sh (make figure): its title and caption from the
# plan's console, a build of its own with a stand-in sleeptrace that
# prints the explain lines above. Consoles: both version lines (the
# PMIC's "(the board's own)" not taken into it); no QEMU line; no kernel
# banner; a clang banner; a QEMU line without a PMIC. A missing line is
# "?" where its own words go, named on stderr.
mkdir -p "$tmp/fig/results" "$tmp/fig/host"
printf '#!/bin/sh\ncat "%s"\n' "$tmp/explain" > "$tmp/fig/host/sleeptrace"
chmod +x "$tmp/fig/host/sleeptrace"
printf '# vexpress-pm pmic: 0-004a\n' > "$tmp/fig/results/sleeptrace-board.log.trace"
printf 'qemu.sh: QEMU 7.2.22, PMIC twl92230 (the board'"'"'s own), vexpress-pm-ca9.dtb\r\n' > "$tmp/fig/qemu.line"
printf '[    0.000000] Linux version 6.12.57 (root@host) (arm-linux-gnueabihf-gcc (Debian 12.2.0-14) 12.2.0, GNU ld (GNU Binutils for Debian) 2.40) #1 SMP\r\n' > "$tmp/fig/linux.line"
printf '[    0.000000] Linux version 6.12.57 (root@host) (Debian clang version 19.1.7 (3), Debian LLD 19.1.7) #1 SMP\r\n' > "$tmp/fig/clang.line"
printf '[    0.000000] Linux version 6.12.57 (root@host) (arm-none-linux-gnueabihf-gcc (Arm GNU Toolchain 13.2.rel1 (Build arm-13.7)) 13.2.1 20231009, GNU ld (Arm GNU Toolchain 13.2.rel1 (Build arm-13.7)) 2.41.0.20231009) #1 SMP\n' > "$tmp/fig/armgcc.line"
printf 'qemu.sh: QEMU 7.2.22, no PMIC device (twl92230 profile), vexpress-pm-ca9.dtb\r\n' > "$tmp/fig/nopmic.line"
# figure_case NAME CONSOLE-LINES WANT-TITLE-PART WANT-CAPTION-PART [WANT-STDERR]
figure_case() {
	cat $2 > "$tmp/fig/results/sleeptrace-board.log"
	r=fail
	BUILD=$tmp/fig sh "$top/scripts/jobs/figure.sh" "$tmp/fig/out.svg" > "$tmp/out" 2> "$tmp/fig/err" &&
		grep -q "<title>.*$3" "$tmp/fig/out.svg" && grep -q "<desc>.*$4" "$tmp/fig/out.svg" &&
		if [ -n "${5:-}" ]; then grep -q "$5" "$tmp/fig/err"; else [ ! -s "$tmp/fig/err" ]; fi && r=ok
	cat "$tmp/fig/err" >> "$tmp/out"
	grep '<title>\|<desc>' "$tmp/fig/out.svg" >> "$tmp/out" 2>/dev/null
	result $r "$1" "$tmp/out"
}

# tutorial-check.sh on a page of its own: an excerpt that matches a
# console (numbers masked, "..." for lines between) and one that does not;
# with "exact", the same numbers match and another one does not
mkdir "$tmp/tut"
printf 'vexpress-pm: boot\r\nvexpress-pm: cycle 1 took 12.5 ms\nnoise\nvexpress-pm:   done 0x34\n' \
	> "$tmp/tut/fake.log"
printf '# Page\n\n<!-- tutorial-check: log fake -->\n```\nvexpress-pm: cycle 7 took 3.1 ms\n...\nvexpress-pm: done 0x34\n```\n\n<!-- tutorial-check: log fake -->\n```\nvexpress-pm: done 0x35\n```\n' \
	> "$tmp/tut/page.md"
printf '\n<!-- tutorial-check: log fake exact -->\n```\nvexpress-pm:  cycle 1 took 12.5 ms\n```\n\n<!-- tutorial-check: log fake exact -->\n```\nvexpress-pm: cycle 1 took 13.5 ms\n```\n' \
	>> "$tmp/tut/page.md"
# ... and "exact" numbers where the kernel's compiler is the marker's
# (scripts/kernel-banner.sh, figure.sh's reader too): the same excerpt on
# a console whose kernel clang built is masked, the note naming clang and
# its version; on gcc 12.2.0's, compared (and 13.5 is not 12.5)
mkdir "$tmp/tutcc"
printf '#!/bin/sh\necho "QEMU emulator version 7.2.22 (Debian 1:7.2+dfsg-7+deb12u18)"\n' > "$tmp/tutcc/qemu"
chmod +x "$tmp/tutcc/qemu"
{ cat "$tmp/fig/clang.line"; printf 'vexpress-pm: cycle 1 took 12.5 ms\n'; } > "$tmp/tutcc/clang.log"
{ cat "$tmp/fig/linux.line"; printf 'vexpress-pm: cycle 1 took 12.5 ms\n'; } > "$tmp/tutcc/gcc.log"
for c in clang gcc; do
	printf '<!-- tutorial-check: log %s exact qemu=7.2.22 gcc=12.2.0 -->\n```\nvexpress-pm: cycle 1 took 13.5 ms\n```\n\n' "$c"
done > "$tmp/tutcc/page.md"

# same_output NAME WANT COMMAND...: one result, COMMAND's output (and
# errors) the file WANT byte for byte; if not, the difference shown
same_output() {
	_n=$1 _w=$2
	shift 2
	r=fail
	"$@" > "$tmp/out" 2>&1 && cmp -s "$tmp/out" "$_w" && r=ok
	[ $r = ok ] || { diff "$_w" "$tmp/out" > "$tmp/out.diff"; cat "$tmp/out.diff" >> "$tmp/out"; }
	result $r "$_n" "$tmp/out"
}

for a in mawk gawk; do
	p=$(command -v $a) || {
		n=$((n + 1)) skip=$((skip + 1))
		echo "    ok $n awk.$a # SKIP needs $a (package $a, 'make deps' installs it)"
		continue
	}
	mkdir "$tmp/$a" "$tmp/$a.results"
	# (the plans' logs here, not in the build's results, which
	# runner-selftest writes at the same time)
	RESULTS=$tmp/$a.results; export RESULTS
	printf '#!/bin/sh\nexec %s "$@"\n' "$p" > "$tmp/$a/awk"
	chmod +x "$tmp/$a/awk"
	PATH=$tmp/$a:$PATH
	# (gawk alone has PROCINFO["version"])
	is=$(awk 'BEGIN { print ("version" in PROCINFO) ? "gawk" : "mawk" }')
	echo "# awk on PATH is $is" > "$tmp/out"
	r=fail
	[ "$is" = $a ] && r=ok
	result $r "awk.$a.is-the-awk-called" "$tmp/out"
	if [ $r = fail ]; then
		PATH=${PATH#"$tmp/$a:"}
		continue
	fi
	selftest "awk.$a.ktap-selftest" "$top/tests/ktap-selftest.sh"
	selftest "awk.$a.oracle-selftest" "$top/tools/sleeptrace/selftest.sh"
	selftest "awk.$a.parity-selftest" "$top/tests/parity-selftest.sh"
	selftest "awk.$a.lava-judge-job" "$top/lava/judge-job-selftest.sh"

	# run-plan.sh (and console-trace.sh, for fixture-trace's capture, whose
	# two broken rules are the ones its header expects) on replayed consoles
	for c in fixture-pass:0 fixture-trace:0 fixture-truncated:1 fixture-two-boots:0; do
		LAUNCH=$fake sh "$top/tests/run-plan.sh" "${c%:*}" > "$tmp/out" 2>&1
		rc=$?
		if [ $rc = 0 ]; then got=0; else got=1; fi
		r=fail
		[ $got = "${c#*:}" ] && r=ok
		[ ${c%:*} != fixture-trace ] ||
			[ "$(grep -c '^    # oracle\.[^:]*: .*(violated, as expected)$' "$tmp/out")" = 2 ] || r=fail
		result $r "awk.$a.run-plan.${c%:*}" "$tmp/out"
	done

	# A whole run: two suites, one named twice, then CI's ci-skips
	mkdir "$tmp/$a.run"
	CI=true QEMU=$tmp/qemu LAUNCH=$fake TEST_RESULTS=$tmp/$a.run GATES=0 KVERS_TEST=${KVERS%% *} TEST_PROGRESS=0 \
		sh "$top/tests/run.sh" fixture-pass fixture-trace fixture-pass > "$tmp/out" 2>/dev/null
	rc=$?
	# (the count line and the JUnit XML, both tests/ktap.awk's, agree)
	r=fail
	p=$(tail -n 1 "$tmp/out" | sed -n 's/^\([1-9][0-9]*\) passed, 0 failed, 0 skipped$/\1/p')
	[ $rc = 0 ] && [ -n "$p" ] &&
		[ "$(grep -c '^    # Subtest: ' "$tmp/out")" = 3 ] &&
		grep -q '^ok 3 ci-skips$' "$tmp/out" &&
		grep -q "<testsuites .* tests=\"$p\" failures=\"0\"" "$tmp/$a.run/junit.xml" && r=ok
	result $r "awk.$a.run.two-suites-and-ci-skips" "$tmp/out"
	rm -rf "$tmp/$a.run"

	# apt-private.sh: a suite's mirror and keyring, from one-line and
	# deb822 sources; a disabled stanza and other suites are not it
	r=fail
	got=$(. "$top/scripts/apt-private.sh" && debian_mirror trixie "$tmp/apt")
	[ "$got" = "$(printf '%s\n' 'http://one.example/debian ' \
		'https://two.example/debian /usr/share/keyrings/k.gpg')" ] && r=ok
	echo "$got" > "$tmp/out"
	result $r "awk.$a.apt-private.debian-mirror" "$tmp/out"

	# check-format.sh's reader of diff's output: of two hunks, the one
	# the allow list names is not reported, the other is, with its line
	if command -v clang-format > /dev/null; then
		r=fail
		got=$(CHECK_FORMAT_ALLOW=$tmp/fmt/allow sh "$top/scripts/check-format.sh" "$tmp/fmt" x.c 2>&1)
		[ "$(echo "$got" | head -n 1)" = "x.c:4: differs from clang-format:" ] &&
			[ "$(echo "$got" | grep -c differs)" = 1 ] && r=ok
		echo "$got" > "$tmp/out"
		result $r "awk.$a.check-format.allow-list" "$tmp/out"
	else
		n=$((n + 1)) skip=$((skip + 1))
		echo "    ok $n awk.$a.check-format.allow-list # SKIP needs clang-format (package clang-format)"
	fi

	# check-copies.sh: the series' copies are clean; a copy that lost a
	# line of its base fails naming it (a "--- " line inside a hunk is a
	# change too), and so does a difference listed that is not one
	sh "$top/scripts/check-copies.sh" > "$tmp/out" 2>&1
	rc1=$?
	rm -f "$tmp/out2"
	sh "$top/scripts/check-copies.sh" "$tmp/cp" > "$tmp/out2" 2>&1
	rc2=$?
	r=fail
	[ $rc1 = 0 ] && [ $rc2 = 1 ] && grep -q '^not ok [0-9]* copy 7.3/0001-x.patch$' "$tmp/out2" &&
		grep -q '^#   only in the base, not in this copy: +case 2:$' "$tmp/out2" &&
		grep -q '^#   only in the base, not in this copy: --- b$' "$tmp/out2" &&
		grep -q '^#   listed in differences, but this copy has no such line of its own: +int z;$' "$tmp/out2" &&
		[ "$(grep -c '^#   ' "$tmp/out2")" = 3 ] && r=ok
	cat "$tmp/out2" >> "$tmp/out"
	result $r "awk.$a.check-copies" "$tmp/out"

	# run-suite.sh: a host suite's KTAP nested as a subtest, and its time
	# (not inside run.sh's timeline: no "from +N s")
	RUN_START='' sh "$top/tests/run-suite.sh" patch-copies > "$tmp/out" 2>&1
	rc=$?
	r=fail
	[ $rc = 0 ] && grep -q '^    ok [0-9]* copy 7\.3/[^ :]*\.patch$' "$tmp/out" &&
		! grep -q '^ *not ok' "$tmp/out" &&
		grep -q '^    # time: patch-copies: [0-9]* s wall, [0-9]*\.[0-9] s CPU$' "$tmp/out" && r=ok
	result $r "awk.$a.run-suite.patch-copies" "$tmp/out"

	r=fail
	awk -v addedf="$tmp/ours/added" -v upstreamf="$tmp/ours/upstream" \
		-f "$top/scripts/check-format-ours.awk" "$tmp/ours/report" > "$tmp/out" 2>&1 &&
		cmp -s "$tmp/out" "$tmp/ours/want" && r=ok
	result $r "awk.$a.check-format-ours" "$tmp/out"

	same_output "awk.$a.bench-i2c" "$tmp/bench.want" \
		awk -f "$top/scripts/jobs/bench-i2c.awk" "$tmp/bench.log"
	same_output "awk.$a.lava-log-ktap" "$tmp/lavalog.want" \
		env LC_ALL=C awk -f "$top/lava/lab/log-ktap.awk" "$tmp/lavalog"
	same_output "awk.$a.sleeptrace-figure" "$tmp/figure.want" \
		awk -f "$top/tools/sleeptrace/figure.awk" "$tmp/explain"

	r=fail
	awk -v svg=1 -v title=T -v caption=C -f "$top/tools/sleeptrace/figure.awk" \
		"$tmp/explain" > "$tmp/$a.svg" 2> "$tmp/out" &&
		{ ! command -v xmllint > /dev/null || xmllint --noout "$tmp/$a.svg" >> "$tmp/out" 2>&1; } &&
		sed -n 's/.*<text [^>]*class="row[ "][^>]*>\(.*\)<\/text>.*/\1/p' "$tmp/$a.svg" > "$tmp/rows" &&
		cmp -s "$tmp/rows" "$tmp/figure-rows.want" && r=ok
	[ $r = ok ] || { diff "$tmp/figure-rows.want" "$tmp/rows" >> "$tmp/out"; }
	result $r "awk.$a.sleeptrace-figure-svg" "$tmp/out"

	figure_case "awk.$a.figure-caption.both-versions" "$tmp/fig/qemu.line $tmp/fig/linux.line" \
		'Linux 6\.12\.57 with the TWL92230 PMIC,' '(QEMU 7\.2\.22, gcc 12\.2\.0)'
	figure_case "awk.$a.figure-caption.no-qemu-line" "$tmp/fig/linux.line" \
		'Linux 6\.12\.57 with the ? PMIC,' '(QEMU ?, gcc 12\.2\.0)' '^figure: no QEMU line '
	figure_case "awk.$a.figure-caption.no-kernel-banner" "$tmp/fig/qemu.line" \
		'Linux ? with the TWL92230 PMIC,' '(QEMU 7\.2\.22, compiler ?)' '^figure: no kernel banner '
	figure_case "awk.$a.figure-caption.clang-banner" "$tmp/fig/qemu.line $tmp/fig/clang.line" \
		'Linux 6\.12\.57 with the TWL92230 PMIC,' '(QEMU 7\.2\.22, clang 19\.1\.7)'
	figure_case "awk.$a.figure-caption.no-pmic" "$tmp/fig/nopmic.line $tmp/fig/linux.line" \
		'Linux 6\.12\.57 without a PMIC,' '(QEMU 7\.2\.22, gcc 12\.2\.0)'
	figure_case "awk.$a.figure-caption.vendor-gcc-banner" "$tmp/fig/qemu.line $tmp/fig/armgcc.line" \
		'Linux 6\.12\.57 with the TWL92230 PMIC,' '(QEMU 7\.2\.22, gcc 13\.2\.1)'

	TUTORIAL=$tmp/tut/page.md sh "$top/tests/tutorial-check.sh" "$tmp/tut" > "$tmp/out" 2>&1
	rc=$?
	r=fail
	[ $rc = 1 ] && [ "$(grep -c '^\(not \)*ok ' "$tmp/out")" = 4 ] &&
		grep -q '^ok 1 .*page\.md:3 log fake$' "$tmp/out" &&
		grep -q '^not ok 2 .*page\.md:10 log fake$' "$tmp/out" &&
		grep -q '^# excerpt line "vexpress-pm: done 0x35" not found$' "$tmp/out" &&
		grep -q '^ok 3 .*page\.md:15 log fake exact$' "$tmp/out" &&
		grep -q '^not ok 4 .*page\.md:20 log fake exact$' "$tmp/out" &&
		grep -q '^# excerpt line "vexpress-pm: cycle 1 took 13.5 ms" not found$' "$tmp/out" && r=ok
	result $r "awk.$a.tutorial-check" "$tmp/out"
	TUTORIAL=$tmp/tutcc/page.md QEMU_twl92230=$tmp/tutcc/qemu sh "$top/tests/tutorial-check.sh" "$tmp/tutcc" \
		> "$tmp/out" 2>&1
	rc=$?
	r=fail
	[ $rc = 1 ] && grep -q '^ok 1 .*page\.md:1 log clang exact$' "$tmp/out" &&
		grep -q "^# numbers masked: the excerpt's are from QEMU 7\.2\.22 and gcc 12\.2\.0, this run's QEMU 7\.2\.22 and clang 19\.1\.7$" "$tmp/out" &&
		grep -q '^not ok 2 .*page\.md:6 log gcc exact$' "$tmp/out" && r=ok
	result $r "awk.$a.tutorial-check.compiler" "$tmp/out"

	PATH=${PATH#"$tmp/$a:"}
done
# ... and the picture's bytes the same under both
if [ -f "$tmp/mawk.svg" ] && [ -f "$tmp/gawk.svg" ]; then
	r=fail
	cmp "$tmp/mawk.svg" "$tmp/gawk.svg" > "$tmp/out" 2>&1 && r=ok
	result $r "awk.sleeptrace-figure-svg-alike" "$tmp/out"
fi
echo "# counts: $pass $fail $skip"
[ $fail = 0 ]
