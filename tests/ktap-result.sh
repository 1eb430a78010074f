# SPDX-License-Identifier: GPL-2.0
# ktap-result.sh: sourced by the host scripts that print KTAP results of
# their own (the self-tests, lava/check.sh, lava/lab/test.sh,
# scripts/check-copies.sh), so that each numbers, counts and explains a
# result the same way. The caller sets n=0 pass=0 fail=0 skip=0 first.
# (tools/sleeptrace/selftest.sh keeps its own: the tool's directory builds
# and checks alone, make -C tools/sleeptrace check.)
#
# result ok|fail|skip NAME[: FOUND] [DETAILS-FILE | SKIP-REASON]
#   "ok N NAME", "not ok N NAME" or "ok N NAME # SKIP REASON", counted in
#   pass, fail or skip (any verdict but ok and skip fails). NAME is the
#   same on every run, so that a CI keeping history by name sees one test:
#   a count, path or job ID goes after ": ", and that whole text is a
#   diagnostic "# NAME: FOUND" before the result, whatever the verdict. A
#   failure's DETAILS-FILE is shown too, its last 25 lines as "#" lines.
#   Diagnostics come before the result they explain: KTAP's order, and
#   tests/ktap.awk makes them the JUnit failure's text.
# ktap_indent: put before every line; four blanks unless the caller sets
# it: a subtest that tests/run-suite.sh passes on as it is (empty: a
# stream its reader indents, or a top-level one).
result() {
	n=$((n + 1))
	_name=${2%%: *}
	[ "$_name" = "$2" ] || echo "${ktap_indent-    }# $2"
	case $1 in
	ok)	pass=$((pass + 1))
		echo "${ktap_indent-    }ok $n $_name" ;;
	skip)	skip=$((skip + 1))
		echo "${ktap_indent-    }ok $n $_name # SKIP ${3:-}" ;;
	*)	fail=$((fail + 1))
		[ -z "${3:-}" ] || tail -n 25 "$3" | sed "s/^/${ktap_indent-    }# /"
		echo "${ktap_indent-    }not ok $n $_name" ;;
	esac
}
