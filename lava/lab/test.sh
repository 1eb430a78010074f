#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# test.sh: make test-lab. The LAVA jobs of lava/quick.sh, scheduled by a
# real LAVA server: this machine's lab (lava/lab/up.sh, brought up here if
# it is not up, and down again after), or a remote one (LAVA_SERVER).
# Three short vexpress-a9 jobs (lava/make-jobs.sh, every boot under
# -icount, each with the KernelCI-style sleep test): fixture-fail and
# sleeptrace-board on the TWL92230, axp209-board on the AXP209. Each is
# submitted through LAVA's REST API v0.2 (POST /api/v0.2/jobs/) with the
# tag of its PMIC profile (the devices of lava/lab/ carry it; LAB_TAGS=no:
# none; LAB_TAGS=TAG: that one; LAB_DEVICE_TYPE: a device type other than
# qemu), the script waits for all to finish (LAB_WAIT seconds, default
# 1800), reads each job's state, health and device (/jobs/ID/, and the
# device's worker) and its test cases (/jobs/ID/tests/, /jobs/ID/suites/),
# and prints an indented KTAP subtest, then "# counts: PASSED FAILED
# SKIPPED" (tests/run-suite.sh's form): per job, that it reached
# Complete and on which worker; per LAVA test case, named SUITE.CASE as
# LAVA names it (the suite without its "N_"), that it passed or was
# skipped, but for fixture-fail.fixture.b, which must be a LAVA "fail"; on
# this machine's lab, that each worker ran at least one job.
#
# A remote lab: LAVA_SERVER=http://lava.example.org (the server's base URL),
# LAVA_TOKEN_FILE=file (a token of a user who may submit), LAVA_URL=URL
# where that lab's workers download this build directory (images/, lava/)
# from. The token is read from its file and sent in a header, never printed.
# A skip, saying why, where this machine cannot have a lab (up.sh exit 4).
set -u

top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/scripts/build-dir.sh"
. "$top/lava/lab/lab.sh"
work=$build/lava/lab
n=0 pass=0 fail=0
started=no
if [ -n "${LAVA_SERVER:-}" ]; then
	server=${LAVA_SERVER%/}
	token=${LAVA_TOKEN_FILE:-}
	files=${LAVA_URL:-}
	case "$files" in
	http://* | https://*) ;;
	*) echo "    not ok 1 lab: LAVA_SERVER needs LAVA_URL=http(s)://... where its workers download $build"
	   echo "# counts: 0 1 0"; exit 1 ;;
	esac
	workers=
else
	server=http://$lab_addr:$lab_port
	token=$lab_token
	files=http://$lab_addr:$lab_files_port
	workers=$lab_workers
	if ! ls "$lab_run"/*.pid > /dev/null 2>&1; then
		mkdir -p "$build/lava"
		rc=0
		sh "$top/lava/lab/up.sh" > "$build/lava/lab-up.out" 2>&1 || rc=$?
		sed 's/^/    # /' "$build/lava/lab-up.out"
		if [ $rc = 4 ]; then
			echo "    ok 1 lab # SKIP $(grep 'SKIP' "$build/lava/lab-up.out" | tail -n 1 | sed 's/^lab: SKIP: //')"
			echo "# counts: 0 0 1"
			exit 0
		elif [ $rc != 0 ]; then
			echo "    not ok 1 lab: make lab (exit $rc)"
			echo "# counts: 0 1 0"
			exit 1
		fi
		started=yes
		n=1 pass=1
		echo "    ok 1 lab: make lab: $(sed -n 's/.*LAB     up in \([0-9]*\) s.*/\1/p' "$build/lava/lab-up.out") s"
	fi
fi
[ $started = no ] || [ "${LAB_KEEP:-no}" = yes ] ||
	trap 'sh "$top/lava/lab/down.sh" 2>&1 | sed "s/^/    # /"' EXIT

# The job set: LABEL PROFILE PLAN [EXPECTED-FAIL...]
rm -rf "$work" && mkdir -p "$work"
: > "$work/jobs"
while read -r label prof plan expect; do
	sh "$top/lava/make-jobs.sh" --profile "$prof" --plans "$plan" --url "$files" \
		--out "$work/$label" --sleep-icount > "$work/$label.gen" 2>&1 ||
		{ n=$((n + 1)) fail=$((fail + 1)); echo "    not ok $n lab.$label: make-jobs.sh"; sed 's/^/    # /' "$work/$label.gen"; continue; }
	printf '%s\t%s\t%s\t%s\n' "$label" "$work/$label/vexpress-pm-a9-$prof.yaml" "$prof" "$expect" >> "$work/jobs"
done <<EOT
a9-twl92230-fixture-fail twl92230 fixture-fail fixture-fail.fixture.b
a9-twl92230-sleeptrace-board twl92230 sleeptrace-board
a9-axp209-board axp209 axp209-board
EOT

# shellcheck disable=SC2086 # workers: a word list
/usr/bin/python3 - "$server/api/v0.2" "$token" "${LAB_WAIT:-1800}" "$work/jobs" "$n $pass $fail" \
	"${LAB_TAGS:-yes}" "${LAB_DEVICE_TYPE:-qemu}" $workers <<'PY'
import json, sys, time, urllib.error, urllib.request

api, token_file, wait_s, jobs_file, n, tags, dtype = sys.argv[1:8]
want_workers = sys.argv[8:]
wait_s = int(wait_s)
n, passed, failed = map(int, n.split())
skipped = 0

def result(ok, what, skip=None):
    global n, passed, failed, skipped
    n += 1
    if skip is not None:
        skipped += 1
        print("    ok %d %s # SKIP %s" % (n, what, skip))
    elif ok:
        passed += 1
        print("    ok %d %s" % (n, what))
    else:
        failed += 1
        print("    not ok %d %s" % (n, what))
    sys.stdout.flush()

def end():
    print("# counts: %d %d %d" % (passed, failed, skipped))
    sys.exit(1 if failed else 0)

try:
    token = open(token_file).read().strip()
except OSError as e:
    result(False, "lab: API token: cannot read %s (%s)" % (token_file, e.strerror))
    end()
if not token:
    result(False, "lab: API token: %s is empty" % token_file)
    end()

def call(path, data=None):
    """(HTTP status or None, decoded JSON or text) of one API request."""
    url = path if path.startswith("http") else api + path
    body = None if data is None else json.dumps(data).encode()
    r = urllib.request.Request(url, data=body, headers={
        "Authorization": "Token " + token, "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(r, timeout=60) as f:
            text = f.read().decode(errors="replace")
            status = f.status
    except urllib.error.HTTPError as e:
        text, status = e.read().decode(errors="replace"), e.code
    except (urllib.error.URLError, OSError) as e:
        return None, str(getattr(e, "reason", e))
    text = text.replace(token, "<token>")
    try:
        return status, json.loads(text)
    except ValueError:
        return status, text

def message(v):
    if isinstance(v, dict):
        return v.get("message") or v.get("detail") or json.dumps(v)
    return str(v).strip().splitlines()[0] if str(v).strip() else ""

# The token: whoami names its user; a wrong one is refused (401).
st, who = call("/system/whoami/")
if st != 200 or not isinstance(who, dict) or not who.get("user"):
    result(False, "lab: API token of %s refused by %s (%s: %s)" % (
        token_file, api, st if st else "no answer", message(who)))
    end()
st, ver = call("/system/version/")
print("    # LAVA %s at %s, user %s" % (ver.get("version") if isinstance(ver, dict) else "?", api, who["user"]))

jobs = []
t0 = time.time()
for line in open(jobs_file):
    label, path, prof, expect = (line.rstrip("\n").split("\t") + [""])[:4]
    text = open(path).read()
    if tags != "no":
        text = text.replace("\ndevice_type: qemu\n", "\ndevice_type: qemu\ntags:\n- %s\n" % (
            prof if tags == "yes" else tags), 1)
    if dtype != "qemu":
        text = text.replace("\ndevice_type: qemu\n", "\ndevice_type: %s\n" % dtype, 1)
    st, r = call("/jobs/", {"definition": text})
    if st == 201 and isinstance(r, dict) and r.get("job_ids"):
        jobs.append(dict(label=label, id=r["job_ids"][0], expect=expect.split()))
        print("    # %s: job %d submitted" % (label, r["job_ids"][0]))
    elif st == 500 and tags != "no":
        # LAVA 2023.01 fails so on a device tag it does not know.
        result(False, "lab.%s: submitted (server error 500: does the lab know the device tag '%s'? LAB_TAGS=no submits without tags)" % (
            label, prof if tags == "yes" else tags))
    else:
        result(False, "lab.%s: submitted (%s: %s)" % (label, st or "no answer", message(r)))

# Wait for every job to finish.
pending = {j["id"] for j in jobs}
info = {}
while pending and time.time() - t0 < wait_s:
    for i in sorted(pending):
        st, r = call("/jobs/%d/" % i)
        if st == 200 and r.get("state") == "Finished":
            info[i] = r
            pending.discard(i)
    if pending:
        time.sleep(5)
wall = time.time() - t0
for i in sorted(pending):
    call("/jobs/%d/cancel/" % i)

ran = {}
for j in jobs:
    label, i = j["label"], j["id"]
    r = info.get(i)
    if r is None:
        result(False, "lab.%s: job %d finished (not within LAB_WAIT=%d s: canceled)" % (label, i, wait_s))
        continue
    dev = r.get("actual_device") or ""
    st, d = call("/devices/%s/" % dev) if dev else (None, {})
    worker = d.get("worker_host", "?") if isinstance(d, dict) else "?"
    ran.setdefault(worker, []).append(i)
    secs = ""
    try:
        from datetime import datetime
        f = "%Y-%m-%dT%H:%M:%S.%fZ"
        secs = ", %d s" % (datetime.strptime(r["end_time"], f) - datetime.strptime(r["start_time"], f)).total_seconds()
    except (KeyError, TypeError, ValueError):
        pass
    # The test cases, as LAVA stored them.
    st, s = call("/jobs/%d/suites/?limit=1000" % i)
    suites = {x["id"]: x["name"] for x in s.get("results", [])} if st == 200 else {}
    cases, url = [], "/jobs/%d/tests/?limit=1000" % i
    while url:
        st, t = call(url)
        if st != 200:
            break
        cases += t["results"]
        url = t.get("next")
    why = r.get("failure_comment") or ""
    for c in cases:
        if suites.get(c["suite"]) == "lava" and c["name"] == "job" and c["result"] == "fail":
            for l in c.get("metadata", "").splitlines():
                if l.startswith("error_msg:"):
                    why = (why + " " + l).strip()
    result(r.get("health") == "Complete",
           "lab.%s: job %d %s on %s (%s)%s%s" % (label, i, r.get("health"), worker, dev, secs,
                                                 ": " + why if why else ""))
    seen = set()
    for c in cases:
        suite = suites.get(c["suite"], "?")
        if "_" in suite and suite.split("_", 1)[0].isdigit():
            suite = suite.split("_", 1)[1]
        name = "%s.%s" % (suite, c["name"])
        seen.add(name)
        res = c["result"]
        what = "lab.%s: %s" % (label, name)
        if name in j["expect"]:
            result(res == "fail", what + ": %s (expected fail)" % res)
        elif res == "skip":
            result(True, what, skip="LAVA: skip")
        else:
            result(res == "pass", what + ("" if res == "pass" else ": " + res))
    for e in j["expect"]:
        if e not in seen:
            result(False, "lab.%s: %s: not reported (expected fail)" % (label, e))
print("    # %d jobs in %d s (submit to the last one finished)" % (len(jobs), wall))
for w in want_workers:
    result(w in ran, "lab: worker %s ran %s" % (w, "jobs " + " ".join(map(str, ran[w])) if w in ran else "no job"))
end()
PY
