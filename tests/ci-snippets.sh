#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# ci-snippets.sh [DOC]: the CI snippets of docs/ci.md (or DOC) as a CI reads
# them. The GitLab job ("## A GitLab job", yaml) parsed as YAML: its JUnit
# report and artifacts are the files tests/run.sh writes, its cache paths
# the directories the build keeps under XDG_CACHE_HOME. The shell job and
# the Jenkins pipeline ("## A shell job, and Jenkins", sh and groovy): the
# shell job parsed by dash and bash, the pipeline's sh steps, JUnit report
# and artifacts. Every command of the three runs in its dry form (make -q,
# apt-get -s; apt-get update left out), in this clone, and must succeed.
# Prints an indented KTAP subtest, then "# counts: PASSED FAILED SKIPPED".
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
doc=${1:-$top/docs/ci.md}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0 skip=0 n=0
. "$top/tests/ktap-result.sh"

# snippet HEADING LANG: the LANG code block under "## HEADING"
snippet() {
	sed -n "/^## $1\$/,/^## /p" "$doc" |
		sed -n "/^\`\`\`$2\$/,/^\`\`\`\$/p" | sed '1d;$d'
}
snippet 'A GitLab job' yaml > "$tmp/gitlab.yml"
snippet 'A shell job, and Jenkins' sh > "$tmp/job.sh"
snippet 'A shell job, and Jenkins' groovy > "$tmp/Jenkinsfile"

# What the snippets must name: the run's results directory (tests/run.sh's
# default), the kernels' own results, and the build's cache directory.
res=$(sed -n 's|^runres=\${TEST_RESULTS:-\$top/\(.*\)}$|\1|p' "$top/tests/run.sh")
kres='build/*/results'
cachedir=$(sed -n 's|.*\${XDG_CACHE_HOME:-\$HOME/\.cache}/\([a-z-]*\).*|\1|p' \
	"$top/scripts/kver.sh" | head -n 1)
[ -n "$res" ] && [ -n "$cachedir" ] ||
	{ echo "ci-snippets: cannot read the results or cache directory from tests/run.sh, scripts/kver.sh" >&2; exit 1; }

# The dry forms: make -q, apt-get -s, apt-get update not run at all.
mkdir "$tmp/bin"
real_make=$(command -v make) real_apt=$(command -v apt-get)
# (make -q, not -n: -n goes on into the recursive makes, whose inputs a
# fresh clone has not made yet. -q exits 2 on an error, such as a target
# with no rule, and 1 when there is work to do; it still runs recipe lines
# that call $(MAKE), but make test's first prerequisite, the phony deps,
# is always out of date, so -q stops before any.)
cat > "$tmp/bin/make" <<EOF
#!/bin/sh
"$real_make" -q "\$@"
rc=\$?
echo "(dry) make -q \$*: exit \$rc"
[ \$rc -le 1 ]
EOF
cat > "$tmp/bin/apt-get" <<EOF
#!/bin/sh
[ "\$1" != update ] || { echo "(dry) apt-get update"; exit 0; }
[ -n "$real_apt" ] || { echo "(dry) apt-get: none on this machine (Debian's apt)"; exit 1; }
exec "$real_apt" -s "\$@"
EOF
chmod +x "$tmp/bin/make" "$tmp/bin/apt-get"
# dry NAME FILE: run FILE's commands, one a line, in their dry form
dry() {
	if [ ! -s "$2" ]; then
		echo "no command" > "$tmp/$1.out"
		result fail "$1" "$tmp/$1.out"
	elif (cd "$top" && PATH=$tmp/bin:$PATH sh -e "$2") > "$tmp/$1.out" 2>&1; then
		result ok "$1"
	else
		result fail "$1" "$tmp/$1.out"
	fi
}
# has LIST WORD: WORD is one of LIST's lines
has() { printf '%s\n' "$1" | grep -qxF "$2"; }
# The README's test command, as .ci/run runs it: each job runs it as it
# is, a command of its own, not one that hides its exit status (make -k,
# || true).
testcmd=$(sed -n 's/^exec //p' "$top/.ci/run")
[ -n "$testcmd" ] || { echo "ci-snippets: no 'exec COMMAND' line in .ci/run" >&2; exit 1; }
# runs NAME COMMANDS: COMMANDS (one a line, comments and blanks stripped)
# has the test command as one of them
runs() {
	c=$(printf '%s\n' "$2" | sed 's/#.*//; s/^ *//; s/ *$//')
	if has "$c" "$testcmd"; then
		result ok "$1"
	else
		result fail "$1: no command '$testcmd' among: $(echo $c)"
	fi
}

# The GitLab job, through YAML as GitLab reads it (python3-yaml, which
# yamllint needs too), then jq.
if ! python3 -c 'import yaml' 2> /dev/null; then
	for t in parses junit-report artifacts cache dry-run test-command; do
		result skip "gitlab.$t" "needs python3-yaml (Debian's python3-yaml)"
	done
elif ! python3 -c '
import json, sys, yaml
try:
    d = yaml.safe_load(sys.stdin)
except yaml.YAMLError as e:
    sys.exit("not YAML: %s" % e)
if not isinstance(d, dict) or len(d) != 1:
    sys.exit("not one job: %r" % (d,))
json.dump(list(d.values())[0], sys.stdout)' \
		< "$tmp/gitlab.yml" > "$tmp/gitlab.json" 2> "$tmp/gitlab.err"; then
	result fail gitlab.parses "$tmp/gitlab.err"
	for t in junit-report artifacts cache dry-run test-command; do
		result fail "gitlab.$t: the job does not parse"
	done
else
	result ok gitlab.parses
	q() { jq -r "$1" "$tmp/gitlab.json"; }
	j=$(q '.artifacts.reports.junit // empty')
	[ "$j" = "$res/junit.xml" ] && result ok gitlab.junit-report ||
		result fail "gitlab.junit-report: '$j', not $res/junit.xml"
	a=$(q '.artifacts.paths[]? | sub("/$"; "")')
	w=$(q '.artifacts.when // empty')
	has "$a" "$res" && has "$a" "$kres" && [ "$w" = always ] &&
		result ok gitlab.artifacts ||
		result fail "gitlab.artifacts: paths '$(echo $a)', when '$w' (want $res/ and $kres/, when: always)"
	x=$(q '.variables.XDG_CACHE_HOME // empty')
	c=$(q '.cache.paths[]? | sub("/$"; "")')
	ok=no
	if [ "$x" = '$CI_PROJECT_DIR/.cache' ] && has "$c" ".cache/$cachedir" && has "$c" .cache/ccache; then
		ok=yes
	fi
	[ $ok = yes ] && result ok gitlab.cache ||
		result fail "gitlab.cache: XDG_CACHE_HOME '$x', paths '$(echo $c)' (want \$CI_PROJECT_DIR/.cache, .cache/$cachedir and .cache/ccache)"
	{
		q '.variables // {} | to_entries[] | "export \(.key)=\"\(.value)\""' |
			sed 's|\$CI_PROJECT_DIR|$PWD|'
		q '.script[]'
	} > "$tmp/gitlab.sh"
	dry gitlab.dry-run "$tmp/gitlab.sh"
	runs gitlab.test-command "$(q '.script[]')"
fi

# The shell job
ok=yes
for s in dash bash; do
	command -v $s > /dev/null || continue
	$s -n "$tmp/job.sh" > "$tmp/shell.out" 2>&1 || ok=no
done
[ -s "$tmp/job.sh" ] || { echo "no sh block" > "$tmp/shell.out"; ok=no; }
[ $ok = yes ] && result ok shell.parses || result fail shell.parses "$tmp/shell.out"
dry shell.dry-run "$tmp/job.sh"
runs shell.test-command "$(cat "$tmp/job.sh")"

# The Jenkins pipeline: its braces balance; its sh steps, JUnit report and
# artifacts as the JUnit and archive steps read them.
o=$(tr -cd '{' < "$tmp/Jenkinsfile" | wc -c) c=$(tr -cd '}' < "$tmp/Jenkinsfile" | wc -c)
sed -n "s/.*[^a-zA-Z]sh '\([^']*\)'.*/\1/p" "$tmp/Jenkinsfile" > "$tmp/jenkins.sh"
[ "$o" -gt 0 ] && [ "$o" = "$c" ] && grep -q '^pipeline {' "$tmp/Jenkinsfile" &&
	[ -s "$tmp/jenkins.sh" ] && result ok jenkins.steps ||
	result fail "jenkins.steps: $o '{', $c '}', $(wc -l < "$tmp/jenkins.sh") sh step(s) in a pipeline block"
j=$(sed -n "s/.*[^a-zA-Z]junit '\([^']*\)'.*/\1/p" "$tmp/Jenkinsfile")
[ "$j" = "$res/junit.xml" ] && result ok jenkins.junit-report ||
	result fail "jenkins.junit-report: '$j', not $res/junit.xml"
a=$(sed -n "s/.*archiveArtifacts artifacts: '\([^']*\)'.*/\1/p" "$tmp/Jenkinsfile" |
	tr ',' '\n' | sed 's/^ *//; s| *$||; s|/\*\*$||')
has "$a" "$res" && has "$a" "$kres" && result ok jenkins.artifacts ||
	result fail "jenkins.artifacts: '$(echo $a)' (want $res/** and $kres/**)"
{ echo 'export CI=true'; cat "$tmp/jenkins.sh"; } > "$tmp/jenkins-dry.sh"
dry jenkins.dry-run "$tmp/jenkins-dry.sh"
runs jenkins.test-command "$(cat "$tmp/jenkins.sh")"

echo "# counts: $pass $fail $skip"
[ $fail = 0 ]
