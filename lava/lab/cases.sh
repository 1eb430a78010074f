#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# cases.sh SUITES.json SETS.json TESTS.json...: a LAVA job's test cases,
# one a line, SUITE<TAB>CASE<TAB>RESULT<TAB>SET<TAB>ERROR, from the REST
# API v0.2's answers: SUITES.json /jobs/ID/suites/ (SUITE: the case's
# suite's name without LAVA's "N_"), TESTS.json the pages of
# /jobs/ID/tests/, SETS.json an object {"TEST-SET-ID": "NAME"} (may be
# {}). SET is the case's LAVA test set (lava-test-set start NAME: in a
# KernelCI job, lava/kernelci/suspend-order.yaml, the case's plan), "-"
# for a case in none. LAVA keeps the set twice: in the case's metadata,
# "set: NAME" (the dispatcher's result dictionary, stored as YAML), and as
# the case's test_set, the id of a TestSet row; LAVA 2023.01's REST API
# gives the id only, never the name. The metadata's first; for a case
# whose metadata has no "set:" (LAVA strips a case's metadata longer than
# 4096 bytes to its case, definition and result, or stores none at all,
# lava_results_app/dbutils.py; another LAVA may record less) but a
# test_set id, the name SETS.json gives that id (lava/lab/test.sh asks
# /jobs/ID/tests/?test_set__name=PLAN for each plan of the job), else
# "?ID": a set whose name is not known, which the caller must not take for
# a plan. ERROR: the metadata's error_msg lines. jq only.
set -u
[ $# -ge 3 ] || { echo "usage: cases.sh SUITES.json SETS.json TESTS.json..." >&2; exit 2; }
suites=$1 sets=$2
shift 2
for t in "$@"; do
	jq -r --slurpfile s "$suites" --slurpfile ts "$sets" '
		(($s[0].results // []) | map({key: (.id | tostring), value: (.name | sub("^[0-9]+_"; ""))}) | from_entries) as $m
		| .results[]
		| ((.metadata // "") | split("\n")) as $md
		| ($md | map(select(startswith("set: ")) | sub("^set: "; "") | gsub("^[\"\u0027]|[\"\u0027]$"; ""))
		   | .[0] // "") as $mset
		| (if $mset != "" then $mset
		   elif .test_set == null then "-"
		   else ($ts[0][.test_set | tostring] // ("?" + (.test_set | tostring))) end) as $set
		| [($m[.suite | tostring] // "?"), .name, .result, $set,
		   ($md | map(select(startswith("error_msg:"))) | join(" "))]
		| @tsv' "$t" || exit 1
done
