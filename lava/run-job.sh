#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# run-job.sh JOB.yaml [OUTDIR] [--expect-fail PLAN.CASE]... [--sleep-runs N]
#
# Run one LAVA job (lava/make-jobs.sh) end to end on this machine with
# Debian's own dispatcher, lava-run (lava-dispatcher, lava-common), against
# a local "qemu" device: its configuration is rendered from LAVA's own
# device-type template, qemu.jinja2 (read from the lava-server package
# without installing it), with the job's context, as a LAVA server would.
# Then judge LAVA's result output (the "results" entries of lava-run's log):
# the job itself passed, and so did LAVA's actions and each test run as a
# whole; every test case passed or was skipped, except the PLAN.CASE named
# by --expect-fail, which must have failed (so the wiring cannot report
# green on a failure); the sleep test has N passed rtcwake runs (default
# 10). Prints one KTAP line per judgement and
# "N passed, N failed"; exit status 0 only if all hold.
#
# The device's QEMU is QEMU if set (e.g. boot/qemu-backport.sh, Debian 12's
# QEMU 10 for the AXP209 profile), else qemu-system-arm: the device
# configuration's boot command names it, as a lab's device dictionary
# would for a worker whose qemu-system-arm lacks the board's PMIC.
#
# Installs lava-dispatcher and lava-common when they are missing (root,
# Debian 12); exit status 2 when the dispatcher cannot run the job at all:
# not root, no lava-run, the job's images missing, or a QEMU without the
# job's PMIC device model.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/scripts/build-dir.sh"
mkdir -p "$build"
job= out= expect= sleep_runs=10
while [ $# -gt 0 ]; do
	case "$1" in
	--expect-fail) expect="$expect $2"; shift ;;
	--sleep-runs) sleep_runs=$2; shift ;;
	-*) echo "run-job.sh: unknown argument '$1'" >&2; exit 2 ;;
	*) if [ -z "$job" ]; then job=$1; else out=$1; fi ;;
	esac
	shift
done
{ [ -n "$job" ] && [ -f "$job" ]; } || { echo "run-job.sh: no job file '${job}' (run 'make lava')" >&2; exit 2; }
job=$(cd "$(dirname "$job")" && pwd)/${job##*/}
out=${out:-$build/lava/run/$(basename "$job" .yaml)}
die() { echo "run-job.sh: $*" >&2; exit 2; }

[ "$(id -u)" = 0 ] || die "lava-run must run as root"

# The dispatcher: Debian 12 ships 2023.01.
if ! command -v lava-run >/dev/null || ! python3 -c 'import jinja2, yaml' 2>/dev/null; then
	command -v apt-get >/dev/null || die "no lava-run and no apt-get to install lava-dispatcher"
	echo "  APT     install lava-dispatcher lava-common"
	apt-get update -qq >/dev/null
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
		lava-dispatcher lava-common python3-jinja2 python3-yaml >/dev/null ||
		die "apt-get install lava-dispatcher lava-common failed"
fi

# LAVA's device-type templates ship in lava-server; unpack, don't install.
# Kept across clones and builds, as 'make deps' keeps QEMU 10.
cache=${LAVA_SERVER_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/vexpress-pm/lava-server}
types=$cache/root/usr/share/lava-server/device-types
if [ ! -f "$types/qemu.jinja2" ]; then
	rm -rf "$cache" && mkdir -p "$cache/dl"
	(cd "$cache/dl" && apt-get download lava-server >/dev/null 2>&1) ||
		die "cannot download the lava-server package (its device-type templates)"
	dpkg -x "$cache"/dl/lava-server_*.deb "$cache/root"
	[ -f "$types/qemu.jinja2" ] || die "lava-server has no device-types/qemu.jinja2"
fi

qemu=${QEMU:-qemu-system-arm}
case "$qemu" in
*/*) [ -x "$qemu" ] || die "QEMU=$qemu is not an executable"
	qemu=$(cd "$(dirname "$qemu")" && pwd)/${qemu##*/} ;;
*) command -v "$qemu" >/dev/null || die "the dispatcher has no $qemu (package qemu-system-arm)" ;;
esac

mkdir -p "$out"
rm -rf "$out/tmp" "$out/job.log" "$out/results.yaml"

# The job's context, its images, and the device configuration.
python3 - "$job" "$types" "$out/device.yaml" "$qemu" > "$out/job.facts" <<'EOF'
import sys, yaml, jinja2
job, types, device, qemu = sys.argv[1:]
j = yaml.safe_load(open(job))
ctx = j.get("context", {})
# A local QEMU device as a lab's device dictionary would describe it.
dd = "{% extends 'qemu.jinja2' %}\n{% set netdevice = 'user' %}\n"
loader = jinja2.FileSystemLoader([types])
try:
    # The environment LAVA's server renders device dictionaries in, with
    # the filters its templates use (2026.10's qemu.jinja2 needs
    # qemu_guest_fs_interface): LAVA's own code, as installed.
    from lava_common.jinja import create_device_templates_env
    env = create_device_templates_env(loader=loader)
except ImportError:
    # LAVA without lava_common.jinja (Debian 12's 2023.01): its templates
    # use no filters of LAVA's.
    env = jinja2.Environment(loader=loader, trim_blocks=True, autoescape=False)
text = env.from_string(dd).render(**ctx)
dev = yaml.safe_load(text)
# The template names the binary by arch only (qemu-system-arm).
if qemu != "qemu-system-arm":
    dev["actions"]["boot"]["methods"]["qemu"]["parameters"]["command"] = qemu
    text = "# qemu.jinja2, boot command: %s\n" % qemu + yaml.safe_dump(dev)
open(device, "w").write(text)
print("machine", ctx.get("machine", ""))
for o in ctx.get("extra_options", []):
    if o.startswith("-device "):
        print("device", o.split()[1].split(",")[0])
for a in j["actions"]:
    for img in a.get("deploy", {}).get("images", {}).values():
        print("url", img["url"])
EOF

machine=$(sed -n 's/^machine //p' "$out/job.facts")
for d in $(sed -n 's/^device //p' "$out/job.facts"); do
	"$qemu" -M "$machine" -device help 2>/dev/null | grep -q "\"$d\"" ||
		die "the dispatcher's QEMU ($qemu: $("$qemu" --version 2>&1 | head -1)) has no '$d' device model, which the job's board needs"
done

missing=
for u in $(sed -n 's/^url //p' "$out/job.facts" | sort -u); do
	case "$u" in
	file://*) [ -f "${u#file://}" ] || missing="$missing ${u#file://}" ;;
	esac
done
[ -z "$missing" ] || die "the job's images are missing:$missing (run 'make images lava')"

echo "  LAVA    lava-run $job (log: $out/job.log)"
t0=$(date +%s)
lrc=0
lava-run --job-id "$(basename "$job" .yaml)-$$" --output-dir "$out/tmp" \
	--device "$out/device.yaml" "$job" > "$out/job.log" 2>&1 || lrc=$?
t1=$(date +%s)
echo "# lava-run: $((t1 - t0)) s, exit $lrc"

# Judge LAVA's own results: the "results" entries of the job log.
# shellcheck disable=SC2086 # a word list by design
python3 - "$out/job.log" "$out/results.yaml" "$sleep_runs" $expect <<'EOF'
import json, sys, yaml
log, res_out, sleep_runs, expect = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4:]
results, errors = [], []
for line in open(log, errors="replace"):
    if not line.startswith("{"):
        continue
    # JSON but for the odd YAML tag (! "1301"); json is 50 times faster.
    try:
        entry = json.loads(line)
    except ValueError:
        try:
            entry = yaml.safe_load(line)
        except yaml.YAMLError:
            continue
    if entry.get("lvl") == "results":
        results.append(entry["msg"])
    elif entry.get("lvl") == "error":
        errors.append(str(entry.get("msg")))
yaml.safe_dump(results, open(res_out, "w"))
n = 0
passed = failed = 0
def judge(ok, what):
    global n, passed, failed
    n += 1
    print(("ok %d %s" if ok else "not ok %d %s") % (n, what))
    if ok:
        passed += 1
    else:
        failed += 1

print("KTAP version 1")
job = [r for r in results if r.get("definition") == "lava" and r.get("case") == "job"]
judge(job and job[-1].get("result") == "pass",
      "lava: job result pass" + ("" if not job else " (%s%s)" % (job[-1].get("result"),
      ": " + str(job[-1].get("error_msg")) if job[-1].get("error_msg") else "")))
for e in errors[:5]:
    print("# lava error: " + e)
# LAVA's own actions, and each test run as a whole ("Marking unfinished
# test run as failed" when a run step hangs or dies): none may fail, even
# when the job as such ends "pass". (LAVA's scan of the boot log for kernel
# warnings, login-action, lists them but passes; lava-plan.sh's
# kernel-reports case judges them against the plan's "# allow:" lines.)
bad = [r for r in results if r.get("definition") == "lava" and r.get("case") != "job"
       and r.get("result") == "fail"]
judge(not bad, "lava: no LAVA action or test run failed" +
      "".join(" (%s: fail)" % r.get("case") for r in bad))
# Test cases of our test definitions: LAVA names the suite N_NAME.
cases = [r for r in results if r.get("definition") != "lava"]
def suite(r):
    d = r["definition"]
    return d.split("_", 1)[1] if "_" in d and d.split("_", 1)[0].isdigit() else d
counts = {}
for r in cases:
    counts[r["result"]] = counts.get(r["result"], 0) + 1
print("# test cases: %d (%s)" % (len(cases), ", ".join("%s %d" % kv for kv in sorted(counts.items()))))
judge(len(cases) > 0, "lava: test cases reported (%d)" % len(cases))
for r in cases:
    name = "%s.%s" % (suite(r), r["case"])
    if name in expect:
        judge(r["result"] == "fail", "%s: %s (expected fail)" % (name, r["result"]))
    else:
        judge(r["result"] in ("pass", "skip"), "%s: %s" % (name, r["result"]))
seen = {"%s.%s" % (suite(r), r["case"]) for r in cases}
for e in expect:
    if e not in seen:
        judge(False, "%s: not reported (expected fail)" % e)
if sleep_runs:
    runs = [r for r in cases if suite(r) == "sleep" and r["case"].startswith("rtcwake-mem-")]
    good = [r for r in runs if r["result"] == "pass"]
    judge(len(runs) == sleep_runs and len(good) == sleep_runs,
          "sleep: %d of %d rtcwake runs passed" % (len(good), sleep_runs))
print("%d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
EOF
