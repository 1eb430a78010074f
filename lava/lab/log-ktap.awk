# SPDX-License-Identifier: GPL-2.0
# log-ktap.awk: the guest's own KTAP results in a LAVA job's console, as
# LAVA test cases would name them. Input: the job log's "target" lines, one
# a line (lava/lab/test.sh takes them out of /api/v0.2/jobs/ID/logs/).
# Output: SUITE<TAB>CASE<TAB>RESULT for each "ok"/"not ok" line, at any depth,
# a test run printed between its STARTRUN signal and its first TESTCASE
# signal (rootfs/lava-plan.sh cats the plan's KTAP before it reports test
# cases), SUITE without LAVA's "N_", or in a test set (lava-test-set start
# NAME, lava/kernelci/suspend-order.yaml: a set a plan) the set's NAME,
# as lava/lab/test.sh takes a case's plan. CASE and RESULT are what
# rootfs/lava-plan.sh promises: the description without "- " and "#
# directive", every byte but [A-Za-z0-9._-] made "_", at most 90 bytes,
# "result-N" if empty; "not ok" fail, "# SKIP" skip, else pass. Run it with
# LC_ALL=C (bytes, as tr and cut count them). Portable: mawk and gawk.
/<LAVA_SIGNAL_STARTRUN / {
	s = $0
	sub(/.*<LAVA_SIGNAL_STARTRUN /, "", s)
	sub(/[ >].*/, "", s)
	sub(/^[0-9]+_/, "", s)
	suite = s; set = ""; total = 0; cases = 0
	next
}
/<LAVA_SIGNAL_TESTCASE / { cases = 1; next }
# a test set (lava-test-set start, lava/kernelci/suspend-order.yaml): the
# next plan's KTAP, then its cases
/<LAVA_SIGNAL_TESTSET START / {
	set = $0
	sub(/.*<LAVA_SIGNAL_TESTSET START /, "", set)
	sub(/[ >].*/, "", set)
	cases = 0; total = 0
	next
}
/<LAVA_SIGNAL_TESTSET STOP/ { set = ""; next }
/<LAVA_SIGNAL_ENDRUN / { suite = ""; next }
suite != "" && !cases && /^ *(not )?ok [0-9]/ {
	total++
	line = $0
	sub(/^ */, "", line)
	name = line
	sub(/^(not )?ok [0-9]+ */, "", name)
	sub(/^- */, "", name)
	sub(/ *#.*$/, "", name)
	gsub(/[^A-Za-z0-9._-]/, "_", name)
	name = substr(name, 1, 90)
	if (name == "")
		name = "result-" total
	if (line ~ /^not ok /)
		result = "fail"
	else if (line ~ /# (SKIP|skip)/)
		result = "skip"
	else
		result = "pass"
	print (set != "" ? set : suite) "\t" name "\t" result
}
