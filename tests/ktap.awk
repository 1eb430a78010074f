# SPDX-License-Identifier: GPL-2.0
# ktap.awk: the test suite's one reader of KTAP (awk -f tests/ktap.awk
# -v mode=MODE). Two modes:
#
# mode=suite [-v name=SUITE] [-v num=N] [-v rc=STATUS]: make one suite's
# output (run-plan.sh, a self-test, the gates) a KTAP v1 subtest: "KTAP
# version 1", "# Subtest: SUITE", "1..N", its results (lines "ok"/"not ok"
# at the left or indented four spaces) numbered 1..N in order, every other
# line a "#" diagnostic, all indented four spaces (a child's KTAP nested
# deeper under one of the results is kept as it is); then, with num, the
# suite's own result line "ok|not ok N SUITE", or "ok N SUITE # SKIP
# REASON" when every result is a skip (the first one's reason). What the
# output alone does not show becomes a failed result, so the verdict can
# never disagree with the result lines: no result at all, an exit STATUS
# other than 0 without a failed result, or fewer failed results than the
# suite's own "# counts: PASSED FAILED SKIPPED" line counted. Running it
# on its own output changes nothing.
#
# mode=totals [-v junit=FILE] [-v json=FILE]: read a whole KTAP stream
# (tests/run.sh's)
# and print "PASSED FAILED SKIPPED" as the kernel's parser counts them
# (tools/testing/kunit/kunit.py parse: results without subtests, at any
# level), then one "# ktap: LINE: ..." line per structure error (a result
# numbered out of order, a plan count not met, a subtest without its
# result line, a test not ok whose subtests all passed or skipped); with junit, write JUnit XML there from the same parse:
# one <testsuite> per top-level test, one <testcase> per result without
# subtests, failures and skips marked, a failure's "#" lines as its text,
# a testcase's time= its own "# time: S s" line before it (a guest plan's
# results have one: the board's clock) or, for a leaf nested in a result
# (an oracle verdict, a KUnit case: no clock of their own), the time of
# the nearest result it is nested in that has one: leaves of one result
# share that interval, so their times overlap and do not add up (the
# host suites' own results have none), each testsuite's time= its
# "# time: SUITE:" line's wall seconds and its whole
# KTAP text as <system-out>; with json, the same results as JSON in the
# shape of kunit.py's --json (KernelCI's test groups: tools/testing/kunit/
# kunit_json.py): one group, "vexpress-pm", with a sub-group per
# top-level test and its results as test_cases, status PASS, FAIL or SKIP.

function indent(s) { match(s, /^ */); return RLENGTH }
function result_re(s) { return s ~ /^(not )?ok [0-9]+( |$)/ }
function desc(s) { sub(/^(not )?ok [0-9]+ *(- )?/, "", s); return s }
function is_skip(s) { return s ~ / # SKIP( |$)/ }
function skip_reason(s) { sub(/^.* # SKIP */, "", s); return s }
function json_str(s) {
	# (eight backslashes: gawk and mawk read fewer in a replacement apart)
	gsub(/\\/, "\\\\\\\\", s); gsub(/"/, "\\\"", s); gsub(/\t/, "\\t", s)
	gsub(/[\001-\010\012-\037]/, "?", s)
	return "\"" s "\""
}
function xml(s) {
	gsub(/&/, "\\&amp;", s); gsub(/</, "\\&lt;", s); gsub(/>/, "\\&gt;", s)
	gsub(/"/, "\\&quot;", s); gsub(/[\001-\010\013\014\016-\037]/, "?", s)
	return s
}

# --- mode=suite ---
function suite_line(s,   t) {
	t = s; sub(/^ */, "", t)
	# A child's own KTAP, nested under one of this suite's results (a
	# plan's sleeptrace or KUnit subtest): from its deeper "KTAP version"
	# line to that result, kept as it is, not read: the child's results
	# are its own, and the reader at the end counts them.
	if (indent(s) >= 8 && t ~ /^KTAP version [0-9]+$/) nested = 1
	if (nested && indent(s) >= 8) { n++; kind[n] = "v"; text[n] = s; return }
	nested = 0
	if (indent(s) == 4 && result_re(t)) {
		n++
		body[n] = (t ~ /^not /) ? "not ok" : "ok"
		text[n] = clean(desc(t))
		if (body[n] == "not ok") failed++
		else if (is_skip(t)) { skipped++; if (reason == "") reason = skip_reason(t) }
		else passed++
		kind[n] = "r"
		return
	}
	# our own framing, made again below
	if (t ~ /^KTAP version [0-9]+$/ || t ~ /^TAP version [0-9]+$/ || t ~ /^1\.\.[0-9]+/ ||
	    t ~ /^# Subtest: /)
		return
	if (t ~ /^# counts: [0-9]+ [0-9]+ [0-9]+$/) { split(t, c, " "); counted = c[4]; return }
	# a plan's own tally (ktap_helpers.sh's ktap_finished): the suite's
	# results are counted here, and more may follow it (the host's oracle)
	if (t ~ /^# Totals: /) return
	if (t == "") return
	# a diagnostic; "# Subtest:" deeper down would open a test in the parser
	if (t !~ /^#/) t = "# " t
	sub(/^# *Subtest: /, "# subtest: ", t)
	n++; kind[n] = "d"; text[n] = (indent(s) > 4) ? "#" substr(s, 5) : t
	sub(/^# *Subtest: /, "# subtest: ", text[n])
}
# A result's name as the kernel's parser reads it: no "#" but the one that
# starts a directive (" # SKIP ..."), and not the suite's own name (which
# would end the suite there).
function clean(d,   nm, dir, i) {
	i = index(d, " # ")
	nm = i ? substr(d, 1, i - 1) : d
	dir = i ? substr(d, i) : ""
	gsub(/#/, "_", nm)
	if (nm == name) nm = nm ".result"
	return nm dir
}
function add_failure(why) { n++; kind[n] = "r"; body[n] = "not ok"; text[n] = why; failed++ }

mode == "suite" { suite_line($0) }

# --- mode=totals ---
function close_level(d,   want) {
	want = plan[d]
	if (want != "" && got[d] != want)
		err(sprintf("level %d: planned %d results, got %d", d, want, got[d]))
	plan[d] = ""; got[d] = 0; open[d] = 0
}
function err(s) { errors[++nerr] = sprintf("# ktap: %d: %s", NR, s) }
function total_line(s,   d, t, k, r, st, name) {
	d = int(indent(s) / 4)
	if (d > 0) suite_log = suite_log s "\n"
	t = s; sub(/^ */, "", t)
	if (t ~ /^KTAP version [0-9]+$/) {
		if (t != "KTAP version 1") err("not KTAP version 1: " t)
		if (open[d]) close_level(d)
		open[d] = 1; got[d] = 0; plan[d] = ""; hdr[d] = 1; fstart[d] = F
		# (where this level's testcases start: its enclosing result
		# gives their time=, below)
		cstart[d] = length(cases) + 1
		return
	}
	if (t ~ /^TAP version/) { err("TAP, not KTAP: " t); return }
	if (t ~ /^1\.\.[0-9]+/) { r = t; sub(/^1\.\./, "", r); plan[d] = r + 0; return }
	if (t ~ /^# Subtest: /) { sub(/^# Subtest: /, "", t); sname[d - 1] = t; return }
	# a suite's own wall time (tests/run-suite.sh), for its JUnit testsuite
	if (d == 1 && t ~ /^# time: [^ ]+: [0-9]+ s wall/) {
		r = t; sub(/^# time: [^ ]+: /, "", r); suite_time = r + 0
	}
	# a result's own time (tests/plans/lib/board.sh), for its testcase
	if (t ~ /^# time: [0-9]+\.[0-9]+ s$/) { r = t; sub(/^# time: /, "", r); case_time = r + 0; return }
	if (t ~ /^#/) { diag = diag "\n" t; return }
	if (!result_re(t)) return
	got[d]++
	r = t; sub(/^(not )?ok /, "", r); r = r + 0
	if (r != got[d]) err(sprintf("expected result %d, found %d", got[d], r))
	name = desc(t); sub(/ # .*$/, "", name); sub(/ +$/, "", name)
	st = (t ~ /^not /) ? "fail" : is_skip(t) ? "skip" : "pass"
	if (open[d + 1]) {		# the result of a test with subtests
		if (sname[d] != "" && sname[d] != name)
			err(sprintf("subtest \"%s\" ended by the result of \"%s\"", sname[d], name))
		# (the counts are the leaves': a failure the parent alone says,
		# from a child's exit status, would count nowhere)
		if (st == "fail" && F == fstart[d + 1])
			err(sprintf("\"%s\" is not ok, but none of its subtests failed", name))
		close_level(d + 1)
		# its subtests' leaves that have no time of their own share its
		# time (the nearest enclosing result with one: the board ran or
		# judged them together); without one, its own parent's
		if (junit != "" && case_time != "" && d > 0) {
			r = substr(cases, cstart[d + 1])
			gsub(/\001/, " time=\"" case_time "\"", r)
			cases = substr(cases, 1, cstart[d + 1] - 1) r
		}
		if (d == 0) flush_suite(name)
		sname[d] = ""
	} else {			# a result of its own
		k = (st == "pass") ? P++ : (st == "fail") ? F++ : S++
		if (json != "")
			jcases = jcases (jcases == "" ? "" : ",\n") "        { \"name\": " \
				json_str(name) ", \"status\": \"" toupper(st) "\" }"
		if (junit != "") {
			suite_n++
			if (st == "fail") suite_f++
			if (st == "skip") suite_s++
			# concatenation, not sprintf: mawk (Debian 13's awk) limits
			# sprintf's result to 8 KiB, and a suite or a failure's
			# diagnostics grow beyond it
			# (\001: a nested leaf's place for its enclosing result's time)
			cases = cases "    <testcase classname=\"" xml(d ? sname[0] : name) "\" name=\"" xml(name) "\"" \
				(case_time != "" ? " time=\"" case_time "\"" : d > 1 ? "\001" : "")
			if (st == "pass") cases = cases "/>\n"
			else if (st == "skip")
				cases = cases "><skipped message=\"" xml(skip_reason(t)) "\"/></testcase>\n"
			else
				cases = cases "><failure message=\"" xml(name) "\">" \
					xml(substr(diag, 2)) "</failure></testcase>\n"
		}
		if (d == 0) flush_suite(name)
	}
	diag = ""; case_time = ""
}
function flush_suite(name) {
	if (json != "")
		jgroups = jgroups (jgroups == "" ? "" : ",\n") "    { \"name\": " json_str(name) \
			", \"sub_groups\": [], \"test_cases\": [\n" jcases "\n    ] }"
	jcases = ""
	# (a nested leaf no enclosing result gave a time has none)
	gsub(/\001/, "", cases)
	if (junit != "")
		# (+ 0: a counter never incremented is an empty string)
		xsuites = xsuites "  <testsuite name=\"" xml(name) "\" tests=\"" suite_n + 0 \
			"\" failures=\"" suite_f + 0 "\" skipped=\"" suite_s + 0 "\"" \
			(suite_time != "" ? " time=\"" suite_time "\"" : "") ">\n" cases \
			"    <system-out>" xml(suite_log) "</system-out>\n  </testsuite>\n"
	suite_n = suite_f = suite_s = 0; cases = ""; suite_time = ""; suite_log = ""
}

mode == "totals" { total_line($0) }

END {
	if (mode == "suite") {
		if (counted != "" && counted > failed)
			add_failure(sprintf("%s: the suite counted %d failures, its results show %d", name, counted, failed))
		if (rc != "" && rc != 0 && failed == 0)
			add_failure(sprintf("%s: exited %d without a failed result", name, rc))
		if (passed + failed + skipped == 0)
			add_failure(name ": no results")
		print "    KTAP version 1"
		if (name != "") print "    # Subtest: " name
		print "    1.." (passed + failed + skipped)
		k = 0
		for (i = 1; i <= n; i++)
			if (kind[i] == "r") print "    " body[i] " " ++k (text[i] == "" ? "" : " " text[i])
			else if (kind[i] == "v") print text[i]
			else print "    " text[i]
		if (num == "") exit
		if (failed) print "not ok " num " " name
		else if (passed) print "ok " num " " name
		else print "ok " num " " name " # SKIP " reason
		exit
	}
	if (open[0]) close_level(0)
	print P + 0, F + 0, S + 0
	for (i = 1; i <= nerr; i++) print errors[i]
	if (junit != "") {
		printf "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" > junit
		printf "<testsuites name=\"vexpress-pm\" tests=\"%d\" failures=\"%d\" skipped=\"%d\">\n%s</testsuites>\n",
		       P + F + S, F, S, xsuites > junit
	}
	if (json != "") {
		# (kunit_json.py's common fields: what this stream does not say is null)
		printf "{\n  \"name\": \"vexpress-pm\",\n  \"arch\": \"arm\",\n" > json
		printf "  \"defconfig\": null,\n  \"build_environment\": null,\n" > json
		printf "  \"lab_name\": null,\n  \"kernel\": null,\n  \"job\": null,\n" > json
		printf "  \"git_branch\": null,\n  \"test_cases\": [],\n" > json
		printf "  \"sub_groups\": [\n%s\n  ]\n}\n", jgroups > json
	}
}
