#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# check.sh: the LAVA job, proven with a real dispatcher (make lava-check).
#
# 1. Bad input is refused with a message: a job generated with no kernel,
#    a job whose image is missing, and a job whose QEMU device model the
#    dispatcher's QEMU lacks (the AXP209 profile on Debian 12's QEMU 7.2).
#    A guest that hangs is ended by the job's test timeout, and the job
#    fails.
# 2. The vexpress-a9 TWL92230 job, plus the runner fixture fixture-fail,
#    runs end to end with Debian's lava-run (lava/run-job.sh): the job
#    passes, every test case passes or skips, the sleep test's rtcwake runs
#    all pass, and fixture-fail's failing result comes out as a LAVA
#    failure.
# 3. The vexpress-a9 AXP209 job (the plans whose "# pmic:" header names
#    the AXP209) the same way, on QEMU 10 (QEMU_AXP209, default
#    boot/qemu-backport.sh; a skip, saying why, without it).
# lava/quick.sh, a suite of make test, is the short form.
# KTAP out, each result's name the same on every run (what was found on a
# "# " line before it); the last line "N passed, N failed, N skipped".
set -u

top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/scripts/build-dir.sh"
mkdir -p "$build"
work=$build/lava/check
rm -rf "$work" && mkdir -p "$work"
pass=0 fail=0 skip=0 n=0
# (a result's name is the same on every run, what was found after its
# ": ": lava/lab/test.sh's and judge-job.sh's rule; a top-level stream)
ktap_indent=
. "$top/tests/ktap-result.sh"

echo "KTAP version 1"
echo "# lava: bad input"
# No kernel: an empty image directory.
mkdir -p "$work/empty/images"
BUILD=$work/empty sh "$top/lava/make-jobs.sh" --out "$work/empty/lava" > "$work/nokernel.out" 2>&1
rc=$?
r=fail
[ $rc = 2 ] && grep -q "missing image(s):.*zImage" "$work/nokernel.out" && r=ok
result $r "make-jobs.no-kernel: exit $rc (2 wanted, naming the zImage): $(head -1 "$work/nokernel.out")"

# A dispatcher whose QEMU lacks the job's PMIC model.
if qemu-system-arm -M vexpress-a9 -device help 2>/dev/null | grep -q '"axp209_pmu"'; then
	result skip run-job.qemu-without-pmic-model "this QEMU has axp209_pmu"
else
	sh "$top/lava/make-jobs.sh" --profile axp209 --out "$work/axp" --no-sleep \
		--plans pmic-i2cdev > "$work/axp.gen" 2>&1
	QEMU=qemu-system-arm sh "$top/lava/run-job.sh" "$work/axp/vexpress-pm-a9-axp209.yaml" "$work/axp/run" \
		> "$work/axp.out" 2>&1
	rc=$?
	r=fail
	[ $rc = 2 ] && grep -q "has no 'axp209_pmu' device model" "$work/axp.out" && r=ok
	result $r "run-job.qemu-without-pmic-model: exit $rc (2 wanted, naming axp209_pmu): $(tail -1 "$work/axp.out")"
fi

# A job whose images are gone (a DT-edited DTB the job names).
sh "$top/lava/make-jobs.sh" --out "$work/gone" --no-sleep --plans pmic-consumer > "$work/gone.gen" 2>&1
rm -f "$work"/gone/dtb/*.dtb
sh "$top/lava/run-job.sh" "$work/gone/vexpress-pm-a9-twl92230.yaml" "$work/gone/run" > "$work/gone.out" 2>&1
rc=$?
r=fail
[ $rc = 2 ] && grep -q "images are missing:.*pmic-consumer-a9-twl92230.dtb" "$work/gone.out" && r=ok
result $r "run-job.missing-image: exit $rc (2 wanted, naming the DTB): $(tail -1 "$work/gone.out")"

# A guest that hangs: fixture-hang never finishes; the test action's own
# timeout (its "# timeout: 12" + 30 s, one minute) must end the job.
sh "$top/lava/make-jobs.sh" --out "$work/hang" --no-sleep --plans fixture-hang > "$work/hang.gen" 2>&1
sh "$top/lava/run-job.sh" "$work/hang/vexpress-pm-a9-twl92230.yaml" "$work/hang/run" --sleep-runs 0 \
	> "$work/hang.out" 2>&1
rc=$?
r=fail
[ $rc = 1 ] && grep -q "^# lava.job-result: fail: .*[Tt]imed out" "$work/hang.out" &&
	grep -q "^not ok 1 lava.job-result$" "$work/hang.out" && r=ok
result $r "run-job.hanging-guest-fails-on-timeout: exit $rc (1 wanted)$(sed -n 's/^# lava-run: /; lava-run /p' "$work/hang.out")$(grep -m1 '^# lava.job-result: ' "$work/hang.out" | sed 's/^# /; /')"

echo "# lava: the a9 TWL92230 job with lava-run"
sh "$top/lava/make-jobs.sh" --out "$work/job" --plans "$(
	cd "$top/tests/plans" && ls ./*.sh | sed 's|^\./||; s|\.sh$||' |
		grep -v -e '^pmic-absent$' -e '^a15-board$' | tr '\n' ' ')fixture-fail"
sh "$top/lava/run-job.sh" "$work/job/vexpress-pm-a9-twl92230.yaml" "$work/job/run" \
	--expect-fail fixture-fail.fixture.b > "$work/job.out" 2>&1
rc=$?
sed -n 's/^# \(lava-run\|test cases\)/# \1/p' "$work/job.out"
grep -E '^not ok|^# lava error' "$work/job.out" | sed 's/^/# /'
# (the job passed, all test cases passed, 10 sleep runs passed,
# fixture-fail.fixture.b failed)
r=fail
[ $rc != 0 ] || r=ok
result $r "lava-run.a9-twl92230: judged: $(tail -1 "$work/job.out"); log $work/job/run/job.log"

echo "# lava: the a9 AXP209 job with lava-run"
qaxp=${QEMU_AXP209:-$top/boot/qemu-backport.sh}
sh "$top/lava/make-jobs.sh" --profile axp209 --out "$work/axp209" > "$work/axp209.gen" 2>&1
rc=0
QEMU=$qaxp sh "$top/lava/run-job.sh" "$work/axp209/vexpress-pm-a9-axp209.yaml" "$work/axp209/run" \
	> "$work/axp209.out" 2>&1 || rc=$?
if [ $rc = 2 ] && grep -q "device model" "$work/axp209.out"; then
	result skip lava-run.a9-axp209 "$(tail -n 1 "$work/axp209.out")"
else
	sed -n 's/^# \(lava-run\|test cases\)/# \1/p' "$work/axp209.out"
	grep -E '^not ok|^# lava error' "$work/axp209.out" | sed 's/^/# /'
	# (the job passed, all test cases passed, 10 sleep runs passed)
	r=fail
	[ $rc != 0 ] || r=ok
	result $r "lava-run.a9-axp209: judged: $(tail -1 "$work/axp209.out"); log $work/axp209/run/job.log"
fi

echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" = 0 ]
